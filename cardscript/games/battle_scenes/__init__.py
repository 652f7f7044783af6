"""The Battle Scenes pack (the default game): see :mod:`cardscript.games.battle_scenes.pack`."""
