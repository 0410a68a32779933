"""Every tool the runtime has, by name: the file tools plus the workspace-app tools (mail, calendar,
contacts, query, documents, git). An ordinary run gets BUILTIN_TOOLS; a task names the ones it needs."""

from __future__ import annotations

from edgeagent.tools import ASK_CLOUD, BUILTIN_TOOLS, Tool
from edgeagent.tools_calendar import CALENDAR_TOOLS
from edgeagent.tools_contacts import CONTACT_TOOLS
from edgeagent.tools_docs import DOCS_TOOLS
from edgeagent.tools_git import GIT_TOOLS
from edgeagent.tools_mail import MAIL_TOOLS
from edgeagent.tools_query import QUERY_TOOLS

APP_TOOLS: dict[str, Tool] = {t.name: t for t in
                              [*MAIL_TOOLS, *CALENDAR_TOOLS, *CONTACT_TOOLS, *QUERY_TOOLS, *DOCS_TOOLS, *GIT_TOOLS]}
ALL_TOOLS: dict[str, Tool] = {**BUILTIN_TOOLS, **APP_TOOLS, ASK_CLOUD.name: ASK_CLOUD}
