"""Memory-based tracker inherited from SAM 2: memory bank, mask decoder."""
