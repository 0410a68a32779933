"""Perception Encoder (PE) vision backbone and text encoder."""
