"""Which host names are private: an offline public-suffix check, then a short list of public services.

A host of a public service (github.com, docs.python.org) names no one; a tenant of one (acme.slack.com,
acme.atlassian.net) names the organisation, so only the services' own generic subdomains count as public.
"""

from __future__ import annotations

import functools

# Offline public-suffix data (bundled snapshot) plus private-network suffixes, so internal addresses count as email,
# and the reserved names of RFC 2606/6761 (.example, .test ...), which fill test data and staging configs.
PRIVATE_SUFFIXES = ("local", "internal", "corp", "lan", "intranet", "home.arpa", "example", "test", "invalid",
                    "localhost")
# Reserved for documentation (RFC 2606): they name no one, so a bare host under them is left as it is.
RESERVED = frozenset({"example.com", "example.net", "example.org", "example", "test", "invalid", "localhost"})

# Registered domains of public services and documentation sites. "any": every subdomain is the service's own
# (docs.python.org, en.wikipedia.org, requests.readthedocs.io); "own": only GENERIC subdomains are, others are tenants.
PUBLIC_SERVICES: dict[str, str] = {
    **dict.fromkeys((
        "python.org", "wikipedia.org", "mozilla.org", "readthedocs.io", "readthedocs.org", "rust-lang.org",
        "docs.rs", "go.dev", "golang.org", "stackoverflow.com", "stackexchange.com", "pypi.org", "npmjs.com",
        "nodejs.org", "java.com", "oracle.com", "w3.org", "ietf.org", "rfc-editor.org", "kernel.org",
        "debian.org", "ubuntu.com", "archlinux.org", "fedoraproject.org", "apache.org", "gnu.org", "sqlite.org",
        "postgresql.org", "mysql.com", "docker.com", "kubernetes.io", "huggingface.co", "pytorch.org",
        "tensorflow.org", "numpy.org", "pydata.org", "scipy.org", "anthropic.com", "openai.com",
        "nvidia.com", "apple.com", "microsoft.com", "google.com", "googleapis.com", "gstatic.com", "amazon.com",
        "amazonaws.com", "cloudflare.com", "githubusercontent.com", "youtube.com", "gmail.com", "outlook.com",
        "hotmail.com", "yahoo.com", "icloud.com", "proton.me", "protonmail.com", "twitter.com", "x.com",
        "facebook.com", "instagram.com", "linkedin.com", "reddit.com", "medium.com", "wordpress.org", "asp.net",
    ), "any"),
    **dict.fromkeys((
        "github.com", "github.io", "gitlab.com", "bitbucket.org", "slack.com", "atlassian.net", "atlassian.com",
        "zendesk.com", "salesforce.com", "sharepoint.com", "notion.so", "zoom.us", "dropbox.com", "box.com",
        "herokuapp.com", "vercel.app", "netlify.app", "azurewebsites.net", "myshopify.com", "okta.com",
        "auth0.com", "service-now.com", "freshdesk.com", "hubspot.com", "zoho.com",
    ), "own"),
}
GENERIC = frozenset({
    "www", "api", "docs", "doc", "developer", "developers", "help", "support", "status", "blog", "mail", "app",
    "apps", "login", "auth", "accounts", "account", "cdn", "static", "assets", "raw", "gist", "pages", "about",
    "news", "community", "forum", "learn", "console", "portal", "m", "mobile", "web", "download", "downloads",
})
# Documentation hosts: URLs to them are references, not private data (unless they carry a query or credentials).
DOC_LABELS = frozenset({"docs", "doc", "documentation", "developer", "developers", "learn", "devdocs", "help",
                        "support", "manual", "wiki", "peps", "man", "reference"})
DOC_SITES = frozenset({"readthedocs.io", "readthedocs.org", "docs.rs", "wikipedia.org", "stackoverflow.com",
                       "stackexchange.com", "rfc-editor.org", "ietf.org", "w3.org", "go.dev", "pypi.org"})


@functools.cache
def tld_extractor():
    """tldextract over its bundled public-suffix snapshot plus PRIVATE_SUFFIXES: it never fetches a list."""
    import tldextract

    return tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, extra_suffixes=PRIVATE_SUFFIXES)


@functools.lru_cache(maxsize=8192)
def split_host(host: str) -> tuple[str, str, str]:
    """(subdomain, registered domain, suffix) of a lower-cased host; registered is "" where the suffix is unknown."""
    parts = tld_extractor()(host.lower().rstrip("."))
    registered = f"{parts.domain}.{parts.suffix}" if parts.domain and parts.suffix else ""
    return parts.subdomain, registered, parts.suffix


def is_public_host(host: str) -> bool:
    """A public service's own host, or a reserved documentation name; False for tenants and everything else."""
    subdomain, registered, suffix = split_host(host)
    if registered in RESERVED or suffix in RESERVED:
        return True
    scope = PUBLIC_SERVICES.get(registered)
    if scope is None:
        return False
    return scope == "any" or not subdomain or subdomain.split(".")[0] in GENERIC


# First path segments of documentation on a public service's own host: postgresql.org/docs/15/, kubernetes.io/docs/.
DOC_PATHS = frozenset({"docs", "doc", "documentation", "manual", "manuals", "reference", "guide", "guides", "learn",
                       "wiki", "tutorial", "tutorials", "handbook"})


def is_doc_url(host: str, path: str) -> bool:
    """A page of public documentation: on a documentation host, or under a DOC_PATHS folder of a public service."""
    if is_doc_host(host):
        return True
    first = path.lstrip("/").split("/", 1)[0].lower()
    return first in DOC_PATHS and split_host(host)[1] in PUBLIC_SERVICES and is_public_host(host)


def is_doc_host(host: str) -> bool:
    """A public documentation site: docs.python.org, developer.mozilla.org, requests.readthedocs.io."""
    if not is_public_host(host):
        return False
    subdomain, registered, _ = split_host(host)
    return registered in DOC_SITES or bool(subdomain) and subdomain.split(".")[0] in DOC_LABELS
