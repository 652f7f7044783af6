"""The compiled-card cache (issue 12), like mypy's and ruff's: every card compiled, checked and lowered once per
content (its text, the names in scope, the prelude, the compiler's version), kept in the user cache folder
(``cardscript.core.cache_dir``), pruned to a size bound. :func:`compile_cards` is the front door the library and
the commands compile through; ``--no-cache`` is :func:`set_enabled` ``(False)``."""

from cardscript.compiler.cache.cards import CardBuild, build_of, compile_cards, names_in, prelude_diagnostics
from cardscript.compiler.cache.store import set_enabled

__all__ = ["CardBuild", "build_of", "compile_cards", "names_in", "prelude_diagnostics", "set_enabled"]
