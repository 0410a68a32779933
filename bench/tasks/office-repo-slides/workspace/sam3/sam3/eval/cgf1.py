"""cgF1: classification-gated F1 for promptable concept segmentation."""
