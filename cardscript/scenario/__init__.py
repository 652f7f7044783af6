"""Scenario files (docs/scenarios.md): a board, moves with every decision answered, expectations and branches,
run on the engine (``cardscript scenario``). ``vocabulary`` (the words), ``scenario.lark`` and ``parser`` (the
text -> ``ast``), ``check`` (names resolved, located diagnostics), ``board`` (the setup built on the engine),
``answers`` (the agent answering from the file), ``run`` (moves and expectations -> verdicts), ``report``."""
