"""Device profiles (memory, bandwidth, power modes, budgets), per-call energy and memory windows, and profiling."""
