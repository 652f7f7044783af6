"""The bundled card library: one ``.card`` file per card, by collection, and demo decks.

Shipped inside the installed package so the command-line defaults can use it; see docs/library.md.
"""
