"""Programs and packages from outside Python that some tests need: npm packages (VS Code's tokenizer, the SARIF
schema) installed into the user cache on first use, tmux, a browser. Such a test is skipped when its tool cannot be
had, except under ``.ci/run``, which sets ``CARDSCRIPT_REQUIRE_TOOLS=1`` (it installs them): there it fails."""

from __future__ import annotations

import os
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import NoReturn

import pytest

REQUIRE = "CARDSCRIPT_REQUIRE_TOOLS"


def unavailable(reason: str) -> NoReturn:
    """Skip the test for want of a tool -- or fail it, where the tools are required (``.ci/run``)."""
    if os.environ.get(REQUIRE):
        pytest.fail(f"{reason} ({REQUIRE} is set: .ci/run installs what the tests need)")
    pytest.skip(reason)


@cache
def npm_modules(folder: str, packages: tuple[str, ...], given_env: str = "") -> Path | None:
    """``node_modules`` holding ``packages`` (``name@version``): ``$given_env`` when it is set, else installed by npm
    under the user cache's ``folder``; None when npm is missing or the install fails (the registry unreachable)."""
    given = os.environ.get(given_env) if given_env else None
    if given:
        return Path(given)
    if shutil.which("npm") is None:
        return None
    from platformdirs import user_cache_dir

    prefix = Path(user_cache_dir("cardscript")) / folder
    modules = prefix / "node_modules"
    if not all((modules / name_of(package)).is_dir() for package in packages):
        prefix.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", "--prefix", str(prefix),
                               *packages], capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            return None
    return modules


def name_of(package: str) -> str:
    """``@scope/name@1.0`` -> ``@scope/name``; ``name@1.0`` -> ``name``."""
    at = package.rfind("@")
    return package[:at] if at > 0 else package
