"""Builders for the SAM 3 image and video models."""


def build_sam3_image_model(checkpoint=None, device='cuda'):
    """The detector with the Perception Encoder backbone and the presence head."""
    raise NotImplementedError


def build_sam3_video_model(checkpoint=None, device='cuda'):
    """Detector plus the memory-based tracker, sharing one backbone."""
    raise NotImplementedError
