"""cardscript: the Battle Scenes card language, its compiler and its rules engine."""

__version__ = "0.1.0"
