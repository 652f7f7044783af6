"""The Sky World TCG pack (rules: ``sky-world-manual-pt.txt``): see :mod:`cardscript.games.sky_world.pack`."""
