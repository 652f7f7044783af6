"""What the tool says about itself: the addresses in its package metadata (its version is ``cardscript.__version__``).

The addresses are ``[project.urls]`` of pyproject.toml, read from the installed distribution, so that one place
holds them; a source tree that is not installed has none.
"""

from __future__ import annotations

import functools
from importlib import metadata

DISTRIBUTION = "cardscript"


@functools.cache
def project_urls() -> dict[str, str]:
    """``{label: url}`` from the installed distribution's ``Project-URL`` fields (empty when not installed)."""
    try:
        fields = metadata.metadata(DISTRIBUTION).get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return {}
    urls: dict[str, str] = {}
    for field in fields:
        label, _, url = field.partition(",")
        if url.strip():
            urls[label.strip()] = url.strip()
    return urls


def docs_page(page: str, anchor: str = "") -> str | None:
    """The address of a documentation page (``diagnostics.md``), with an anchor; None when no
    ``Documentation`` address is known."""
    base = project_urls().get("Documentation")
    if base is None:
        return None
    return f"{base.rstrip('/')}/{page}" + (f"#{anchor}" if anchor else "")
