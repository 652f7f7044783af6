"""Sky World TCG as a game pack: the IR contract with the compiler (``ir``) and the rules engine
(``state``, ``engine``, ``procedures``, ``match``), from the manual ``sky-world-manual-pt.txt``."""
