"""The language server (issue 13, part 1): ``cardscript lsp`` driven over its protocol by a client, as an editor
would -- open a card, change it, hover, complete, go to a definition, format -- and the analysis it serves
(:mod:`cardscript.lsp.analysis`) directly."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the lsp extra (pygls) is not installed")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from cardscript.compiler.files import library_path  # noqa: E402
from cardscript.lsp import analysis  # noqa: E402

ADAGA = library_path() / "bsiv" / "adaga-psiquica-v1.card"
CLARIVIDENCIA = ("Personagem: Vidente V1\nAlinhamento: Herói\nAfiliações: Vingadores\nPoderes: Telepatia\n"
                 "Energia inicial: 2\nEscudo: 0\n\nAção: Visão\n  Custo: {1}\n  Poder: Telepatia\n"
                 "  Clarividência 2 - Visão causa 1 ponto de dano no personagem alvo.\n")


def _at(text: str, needle: str, shift: int = 1) -> tuple[int, int]:
    """The 0-based line and column ``shift`` characters into the first ``needle``."""
    offset = text.index(needle) + shift
    before = text[:offset]
    return before.count("\n"), offset - (before.rfind("\n") + 1)


# -- the analysis ------------------------------------------------------------------------------------------------

def test_diagnostics_are_those_of_check(tmp_path: Path) -> None:
    from cardscript.cli import main

    text = ADAGA.read_text(encoding="utf-8").replace("Incapacite o personagem alvo", "Incapacite o xyzzy alvo")
    found = analysis.diagnostics("adaga.card", text)
    assert [d.code for d in found] and found[0].code == "CS100"
    (tmp_path / "adaga.card").write_text(text, encoding="utf-8")
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        main(["check", str(tmp_path / "adaga.card")])
    for d in found:
        line, col = d.location()
        assert f"adaga.card:{line}:{col}: {d.severity.value}[{d.code}]" in buffer.getvalue()


def test_hover_tells_how_the_compiler_reads_it() -> None:
    text = ADAGA.read_text(encoding="utf-8")
    on_reference = analysis.hover("a.card", text, *_at(text, "aquele personagem"))
    assert on_reference is not None and "**reference** `aquele personagem` is bound to" in on_reference
    assert "**condition**: se aquele personagem tiver sofrido dano neste turno" in on_reference
    in_damage = analysis.hover("a.card", text, *_at(text, "naquele personagem", 3))
    assert in_damage is not None and "procedure *damage*" in in_damage and "is bound to" in in_damage
    on_icon = analysis.hover("a.card", text, *_at(text, "{TE}"))
    assert on_icon is not None and "the power Telepatia" in on_icon and "trigger" in on_icon
    on_keyword = analysis.hover("v.card", CLARIVIDENCIA, *_at(CLARIVIDENCIA, "Clarividência"))
    assert on_keyword is not None and "**keyword Clarividência**" in on_keyword
    assert analysis.hover("a.card", text, 0, 0) is None or "keyword" not in analysis.hover("a.card", text, 0, 0)


def test_completion_offers_fields_keywords_powers_and_names() -> None:
    text = ADAGA.read_text(encoding="utf-8")
    at_start = {c.label for c in analysis.completions("a.card", text, *_at(text, "Raridade", 0))}
    assert "Escudo: " in at_start and "Texto permanente: " in at_start
    inside = analysis.completions("a.card", text, *_at(text, "você pode escolher"))
    labels = {(c.kind, c.label) for c in inside}
    assert ("keyword", "Clarividência") in labels and ("power", "Super Força") in labels
    assert ("icon", "{SF}") in labels and ("affiliation", "Vingadores") in labels and ("card", "Hulk") in labels
    assert ("action", "Adaga Psíquica") in labels


def test_definition_goes_to_the_keyword_and_to_the_card() -> None:
    to_keyword = analysis.definition("v.card", CLARIVIDENCIA, *_at(CLARIVIDENCIA, "Clarividência"))
    assert to_keyword is not None and to_keyword.path.endswith("clarividencia.kw")
    assert "Palavra-chave:" in Path(to_keyword.path).read_text(encoding="utf-8").splitlines()[to_keyword.line]
    text = ADAGA.read_text(encoding="utf-8")
    to_card = analysis.definition("a.card", text, *_at(text, "Adaga Psíquica causa", 2))
    assert to_card is not None and to_card.path.endswith("adaga-psiquica-v1.card") and to_card.line == 0


SKY = ("Personagem: Vidente\nJogo: Sky World\nRequisito: 2\nPoder: 3\nFé: 1\nEstágio: I\nTexto permanente:\n"
       "  AO ENTRAR: Fortalecer 1.\n  ATIVAÇÃO: Nina ganha +1 de Poder neste turno.\n")


def test_a_sky_world_card_is_completed_with_its_own_game_s_terms() -> None:
    """Issue 14: the editor reads a card in the game its ``Jogo:`` line names -- that game's fields, card types,
    seals, keywords and library, none of the other game's."""
    at_start = {c.label for c in analysis.completions("v.card", SKY, *_at(SKY, "Requisito", 0))}
    assert {"Requisito: ", "Consumo: ", "Estágio: ", "Herói: ", "Texto permanente: "} <= at_start
    assert "Escudo: " not in at_start and "Energia inicial: " not in at_start
    at_paragraph = {(c.kind, c.label) for c in analysis.completions("v.card", SKY, *_at(SKY, "AO ENTRAR", 0))}
    assert ("seal", "AO ENTRAR: ") in at_paragraph and ("seal", "INÍCIO DO TURNO · ESPAÇO LIVRE: ") in at_paragraph
    inside = {(c.kind, c.label) for c in analysis.completions("v.card", SKY, *_at(SKY, "Fortalecer 1", 3))}
    assert ("keyword", "Fortalecer") in inside and ("card", "Morteus") in inside
    assert not {k for k, _ in inside} & {"power", "icon", "seal"}
    assert ("keyword", "Clarividência") not in inside and ("card", "Hulk") not in inside
    bs = {(c.kind, c.label) for c in analysis.completions("a.card", CLARIVIDENCIA, *_at(CLARIVIDENCIA, "Visão causa"))}
    assert ("keyword", "Fortalecer") not in bs and not {k for k, _ in bs} & {"seal"}


def test_a_sky_world_keyword_and_card_name_are_hovered_and_found_in_its_pack() -> None:
    on_keyword = analysis.hover("v.card", SKY, *_at(SKY, "Fortalecer"))
    assert on_keyword is not None and "**keyword Fortalecer**" in on_keyword and "+1 de Poder" in on_keyword
    to_keyword = analysis.definition("v.card", SKY, *_at(SKY, "Fortalecer"))
    assert to_keyword is not None and to_keyword.path.endswith("sky_world/prelude/fortalecer.kw")
    to_card = analysis.definition("v.card", SKY, *_at(SKY, "Nina ganha"))
    assert to_card is not None and to_card.path.endswith("sky_world/cards/nina.card")
    title = Path(to_card.path).read_text(encoding="utf-8").splitlines()[to_card.line]
    assert title == "Personagem: Nina"         # the title line, below the file's comments
    assert [d.code for d in analysis.diagnostics("v.card", SKY.replace("Fortalecer", "Fortalecr"))][:1] == ["CS104"]


def test_formatting_is_fmt() -> None:
    canonical = ADAGA.read_text(encoding="utf-8")
    assert analysis.formatted("a.card", canonical) == canonical
    assert analysis.formatted("a.card", canonical.replace("Custo: {1}", "Custo:   {1}")) == canonical
    assert analysis.formatted("a.card", "Habilidade: X V1\n\nAção: X\n  Compre um xyzzy.\n") is None


# -- over the protocol ----------------------------------------------------------------------------------------------

async def _session(tmp_path: Path) -> dict[str, object]:
    """An editor's session: initialize, open, hover, complete, go to definition, format, change (a mistake in),
    shutdown -- returning what came back."""
    client = LanguageClient("test-editor", "1")
    published: list[types.PublishDiagnosticsParams] = []
    arrived = asyncio.Event()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
        published.append(params)
        arrived.set()

    async def next_diagnostics() -> types.PublishDiagnosticsParams:
        await asyncio.wait_for(arrived.wait(), 120)
        arrived.clear()
        return published[-1]

    await client.start_io(sys.executable, "-m", "cardscript", "lsp")
    out: dict[str, object] = {}
    try:
        init = await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities(),
                                                                    root_uri=tmp_path.as_uri()))
        out["capabilities"] = init.capabilities
        client.initialized(types.InitializedParams())
        path = tmp_path / "adaga-psiquica-v1.card"
        text = ADAGA.read_text(encoding="utf-8").replace("Custo: {1}", "Custo:   {1}")
        path.write_text(text, encoding="utf-8")
        uri = path.as_uri()
        doc = types.TextDocumentIdentifier(uri=uri)
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="cardscript", version=1, text=text)))
        out["opened"] = await next_diagnostics()
        line, col = _at(text, "aquele personagem")
        out["hover"] = await client.text_document_hover_async(
            types.HoverParams(text_document=doc, position=types.Position(line, col)))
        line, col = _at(text, "você pode escolher")
        out["completion"] = await client.text_document_completion_async(
            types.CompletionParams(text_document=doc, position=types.Position(line, col)))
        line, col = _at(text, "Adaga Psíquica causa", 2)
        out["definition"] = await client.text_document_definition_async(
            types.DefinitionParams(text_document=doc, position=types.Position(line, col)))
        out["formatting"] = await client.text_document_formatting_async(types.DocumentFormattingParams(
            text_document=doc, options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
        broken = text.replace("Incapacite o personagem alvo", "Incapacite o xyzzy alvo")
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=broken)]))
        out["changed"] = await next_diagnostics()
        out["broken"] = broken
        out["text"] = text
        await client.shutdown_async(None)
        client.exit(None)
    finally:
        await client.stop()
    return out


def test_an_editor_session_over_the_protocol(tmp_path: Path) -> None:
    got = asyncio.run(_session(tmp_path))
    caps = got["capabilities"]
    assert isinstance(caps, types.ServerCapabilities)
    assert caps.hover_provider and caps.definition_provider and caps.document_formatting_provider
    assert caps.completion_provider is not None
    opened = got["opened"]
    assert isinstance(opened, types.PublishDiagnosticsParams) and list(opened.diagnostics) == []
    hover = got["hover"]
    assert isinstance(hover, types.Hover) and "is bound to" in str(hover.contents)
    completion = got["completion"]
    assert isinstance(completion, types.CompletionList)
    assert {"Clarividência", "Super Força", "Vingadores"} <= {i.label for i in completion.items}
    definition = got["definition"]
    assert isinstance(definition, types.Location) and definition.uri.endswith("adaga-psiquica-v1.card")
    edits = got["formatting"]
    assert isinstance(edits, (list, tuple)) and len(edits) == 1
    assert edits[0].new_text == ADAGA.read_text(encoding="utf-8")
    changed = got["changed"]
    assert isinstance(changed, types.PublishDiagnosticsParams) and changed.version == 2
    (first, *_) = changed.diagnostics
    broken = str(got["broken"])
    line, col = _at(broken, "xyzzy", 0)
    assert first.code == "CS100" and first.severity == types.DiagnosticSeverity.Error
    assert first.range.start.line == line and first.range.start.character <= col
