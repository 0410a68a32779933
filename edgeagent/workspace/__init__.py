"""The workspace sandbox: paths confined by descriptors, the content kept before a change, and undo."""
