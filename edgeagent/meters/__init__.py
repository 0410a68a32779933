"""Energy meters: read how many joules a piece of work cost on this device.

``base`` holds the shared types (``EnergyReading``, ``EnergyMeter``,
``MeterUnavailable``); ``sampling`` the trapezoid integration, background sampler and
tool-subprocess reader the meters share. One module per source: ``nvml`` (NVIDIA GPU
counters), ``jetson`` (INA3221 rails in sysfs, nvpmodel, NvMap), ``tegrastats``,
``rapl`` (Intel/AMD powercap), ``apple`` (macmon, powermetrics), ``estimate`` (CPU time x
profile watts, labelled not measured); ``memory`` measures peak memory and ``select``
picks the first meter that works. Import the submodules directly; this package re-exports
nothing so that importing it never pulls in an optional driver binding.
"""
