"""The agent: its loop, the limits each step keeps, the strategies that decide who acts, prompting and call formats."""
