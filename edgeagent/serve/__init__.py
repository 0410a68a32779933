"""`edgeagent serve`'s server: any local backend over the Anthropic Messages API."""
