"""Game packs: one package per game played with the cardscript language (Sky World TCG...)."""
