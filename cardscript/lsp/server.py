"""``cardscript lsp``: the language server over standard input and output (pygls), each feature a thin call of
:mod:`cardscript.lsp.analysis`: diagnostics as you type (open, change, save), hover, completion, go-to-definition,
formatting."""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from cardscript import __version__
from cardscript.lsp import analysis

SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
            "note": types.DiagnosticSeverity.Information}
KINDS = {"keyword": types.CompletionItemKind.Keyword, "power": types.CompletionItemKind.Constant,
         "icon": types.CompletionItemKind.Constant, "affiliation": types.CompletionItemKind.EnumMember,
         "card": types.CompletionItemKind.Class, "action": types.CompletionItemKind.Function,
         "field": types.CompletionItemKind.Property}

server = LanguageServer("cardscript", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full)


def _range(text: str, start: int, end: int) -> types.Range:
    where = analysis.location_of("", text, start, end)
    return types.Range(types.Position(where.line, where.column), types.Position(where.end_line, where.end_column))


def _publish(ls: LanguageServer, uri: str) -> None:
    document = ls.workspace.get_text_document(uri)
    text = document.source
    found = []
    for d in analysis.diagnostics(document.path or uri, text):
        message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
        found.append(types.Diagnostic(range=_range(text, d.span.start, max(d.span.end, d.span.start)),
                                      message=message, severity=SEVERITY[d.severity.value], code=d.code,
                                      source="cardscript"))
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=found,
                                                                        version=document.version))


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    _publish(ls, params.text_document.uri)


def _doc(ls: LanguageServer, uri: str) -> tuple[str, str]:
    document = ls.workspace.get_text_document(uri)
    return document.path or uri, document.source


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover | None:
    path, text = _doc(ls, params.text_document.uri)
    found = analysis.hover(path, text, params.position.line, params.position.character)
    if found is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=found))


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["{"]))
def completion(ls: LanguageServer, params: types.CompletionParams) -> types.CompletionList:
    path, text = _doc(ls, params.text_document.uri)
    items = [types.CompletionItem(label=c.label, kind=KINDS.get(c.kind), detail=c.detail)
             for c in analysis.completions(path, text, params.position.line, params.position.character)]
    return types.CompletionList(is_incomplete=False, items=items)


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def definition(ls: LanguageServer, params: types.DefinitionParams) -> types.Location | None:
    path, text = _doc(ls, params.text_document.uri)
    found = analysis.definition(path, text, params.position.line, params.position.character)
    if found is None:
        return None
    from pathlib import Path

    return types.Location(uri=Path(found.path).resolve().as_uri(),
                          range=types.Range(types.Position(found.line, found.column),
                                            types.Position(found.end_line, found.end_column)))


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: LanguageServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
    path, text = _doc(ls, params.text_document.uri)
    new = analysis.formatted(path, text)
    if new is None or new == text:
        return [] if new == text else None
    return [types.TextEdit(range=_range(text, 0, len(text)), new_text=new)]


def main(*_args: Any) -> int:
    """Serve over standard input and output until the client exits."""
    server.start_io()
    return 0
