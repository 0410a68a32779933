"""The local SQLite store: runs, steps, model calls, exports and effects; its migrations, file checks and run claims."""
