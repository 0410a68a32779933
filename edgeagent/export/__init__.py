"""The minimal-context export layer: the only door to the cloud."""
