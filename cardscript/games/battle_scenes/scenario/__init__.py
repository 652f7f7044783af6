"""Scenario files (docs/scenarios.md): a board, moves with every decision answered, expectations and branches,
run on the engine (``cardscript scenario``).

``vocabulary`` (the words), ``scenario.lark`` and ``parser`` (the text -> ``ast``), ``cards`` (the library by
code and title), ``check`` (names resolved, located diagnostics; a ``plan`` per branch), ``board`` (the setup
built on the engine), ``answers`` (the agent answering from the file), ``moves`` and ``expect`` (played and
compared on the engine), ``why`` (why an action is not legal), ``run`` (a branch's verdict), ``report``."""
