"""edgeagent: an on-device agent runtime whose cloud model is an advisor, never the default."""

__version__ = "0.1.0"
