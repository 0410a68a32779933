"""Workspace tools (files, mail, calendar, contacts, documents, git, query) and the registry of them; they act
only through the workspace sandbox and never import the agent, the store or the export layer."""
