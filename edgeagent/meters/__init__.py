"""Energy meters: read how many joules a piece of work cost on this device.

``base`` holds the shared types (``EnergyReading``, ``EnergyMeter``,
``MeterUnavailable``); ``nvml`` reads NVIDIA GPU energy counters. Import the
submodules directly; this package re-exports nothing so that importing it never
pulls in an optional driver binding.
"""
