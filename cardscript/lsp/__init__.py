"""The language server of card files (``cardscript lsp``; the optional ``lsp`` extra: pygls, lsprotocol): what it
knows of a file is :mod:`cardscript.lsp.analysis`, the protocol :mod:`cardscript.lsp.server`."""
