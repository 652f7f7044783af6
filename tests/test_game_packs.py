"""Game packs (issue 14, part 1): a card file names its game in its header; the default game reads files without
the line; another game's file is read by that game's pack; the core imports no pack."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from cardscript.cli import main
from cardscript.compiler.pipeline import compile_source
from cardscript.core import diagnostics as dg
from cardscript.core.games import DEFAULT_GAME, GAMES, game_named, load_pack
from cardscript.core.source import SourceFile
from cardscript.games.sky_world.seals import read_seal, split_lead
from cardscript.grammar.card_file import declared_game, read_card_file

PACKAGE = Path(__file__).resolve().parents[1] / "cardscript"

BS = """Personagem: Raio Negro V1
Jogo: Battle Scenes
Energia inicial: 2
Escudo: 1
Texto permanente:
  Este personagem ganha {AG}.
"""

SKY = """Personagem: Morteus
Jogo: Sky World
Requisito: 4
Consumo: 1
Poder: 6
Fé: 2
Estágio: I
Texto permanente:
  AO ENTRAR: Fortalecer 1.
  INÍCIO DO TURNO · ESPAÇO LIVRE: Você ganha 1 de Fé.
"""


def codes(card_text: str, path: str = "c.card") -> list[str]:
    return [d.code for d in compile_source(SourceFile(path, card_text)).diagnostics]


def messages(card_text: str) -> list[str]:
    return [f"{d.code} {d.message} | {d.hint}" for d in compile_source(SourceFile("c.card", card_text)).diagnostics]


def test_games_are_named_without_case_accents_or_dashes() -> None:
    assert game_named("sky world") is game_named("Sky-World") is game_named("SKY WORLD TCG") is GAMES[1]
    assert game_named("battle-scenes") is DEFAULT_GAME
    assert game_named("Magic") is None


def test_each_game_has_a_pack_for_its_title() -> None:
    for game in GAMES:
        assert load_pack(game).game is game


def test_a_battle_scenes_card_may_say_its_game_and_compiles_as_without_it() -> None:
    with_line = compile_source(SourceFile("a.card", BS))
    without = compile_source(SourceFile("b.card", BS.replace("Jogo: Battle Scenes\n", "")))
    assert with_line.ok and without.ok and with_line.game == without.game == "battle-scenes"
    assert with_line.raw is not None and with_line.raw.header.game == "Battle Scenes"
    assert without.raw is not None and without.raw.header.game is None


def test_fmt_keeps_the_game_line_after_the_title(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "raio.card"
    path.write_text(BS.replace("Jogo: Battle Scenes\n", "").replace("Escudo: 1\n", "Escudo: 1\njogo:  battle scenes\n"),
                    encoding="utf-8")
    assert main(["fmt", str(path)]) == 0
    assert path.read_text(encoding="utf-8").splitlines()[:2] == ["Personagem: Raio Negro V1", "Jogo: Battle Scenes"]


def test_an_unknown_game_is_a_bad_header_value_with_a_suggestion() -> None:
    (line,) = [m for m in messages(BS.replace("Battle Scenes", "Battle Scens")) if m.startswith(dg.E_FIELD_VALUE)]
    assert "unknown game `Battle Scens`" in line and "did you mean `Battle Scenes`?" in line


def test_the_default_reader_reports_another_games_card_once() -> None:
    raw, diags = read_card_file(SourceFile("m.card", SKY))
    assert raw is None and [d.code for d in diags] == [dg.E_FIELD_VALUE]
    assert "a Sky World card" in diags[0].message


def test_declared_game_reads_the_line_wherever_it_is() -> None:
    assert declared_game(SourceFile("m.card", SKY)) is game_named("sky world")
    assert declared_game(SourceFile("r.card", BS)) is DEFAULT_GAME
    assert declared_game(SourceFile("r.card", BS.replace("Jogo: Battle Scenes\n", ""))) is None


def test_a_sky_world_card_is_read_by_its_pack() -> None:
    card = compile_source(SourceFile("m.card", SKY))
    assert card.game == "sky-world" and card.unparsed == 0
    # no Battle Scenes diagnostic (Energia inicial, Escudo, the V1 in the name); both paragraphs lower
    assert card.diagnostics == []
    # the body is read by the core compiler: the keyword expanded from this game's prelude, bound
    (use,) = card.keywords
    assert use.definition.name == "Fortalecer" and use.block is not None
    assert use.text == ("Um aliado recebe +1 de Poder permanente.",)
    paragraph = SKY.replace("INÍCIO DO TURNO · ESPAÇO LIVRE: Você ganha 1 de Fé.", "AO ENTRAR: Você ganha 1 de Fé "
                            "neste turno.")
    (warning,) = compile_source(SourceFile("m.card", paragraph)).diagnostics
    assert warning.code == dg.W_NOT_EXECUTABLE and warning.message == (
        "AO ENTRAR: not executable: Fé gained or lost for a time")


def test_sky_world_header_problems_are_all_reported() -> None:
    text = SKY.replace("Requisito: 4\n", "").replace("Estágio: I", "Estágio: IV").replace("Fé: 2", "Fé: dois")
    text = text.replace("Consumo: 1", "Consumu: 1")
    found = messages(text)
    assert any(m.startswith(dg.E_FIELD_MISSING) and "`Requisito`" in m for m in found)
    assert any(m.startswith(dg.E_FIELD_VALUE) and "`Estágio` is I, II or III, not `IV`" in m for m in found)
    assert any(m.startswith(dg.E_FIELD_VALUE) and "`Fé` must be a whole number" in m for m in found)
    assert any(m.startswith(dg.E_UNKNOWN_FIELD) and "did you mean `Consumo`?" in m for m in found)


def test_a_sky_world_card_has_no_action_block() -> None:
    found = messages(SKY + "Ação: Golpe\n  Custo: 1\n")
    assert any(m.startswith(dg.E_STRUCTURE) and "no `Ação:`" in m for m in found)


def test_an_unknown_seal_gets_the_closest_one() -> None:
    found = messages(SKY.replace("AO ENTRAR:", "AO ENTRA:"))
    assert any(m.startswith(dg.E_SYNTAX) and "did you mean `AO ENTRAR: ...`?" in m for m in found)


@pytest.mark.parametrize(("lead", "words", "qualifier", "name"), [
    ("AO ENTRAR", "AO ENTRAR", "", ""),
    ("ao sobreviver atacando", "AO SOBREVIVER ATACANDO", "", ""),
    ("INÍCIO DO TURNO · MAIS ESSÊNCIAS", "INÍCIO DO TURNO", "MAIS ESSÊNCIAS", ""),
    ("AO ENTRAR · MENOS FE", "AO ENTRAR", "MENOS FÉ", ""),
    ("AO ENTRAR UM DUDURIMA", "AO ENTRAR UM", "", "Dudurima"),
])
def test_seals_compose_a_base_a_qualifier_and_a_name(lead: str, words: str, qualifier: str, name: str) -> None:
    seal = read_seal(lead)
    assert seal is not None and (seal.seal.words, seal.qualifier, seal.name) == (words, qualifier, name)


def test_a_seal_is_the_capitalised_lead_only() -> None:
    assert split_lead("AO MORRER: Você ganha 1 de Fé.") == ("AO MORRER", 11)
    assert split_lead("Escolha um aliado: ele recebe +1 de Poder.") is None


def test_check_reports_a_sky_world_card(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "morteus.card"
    path.write_text(SKY.replace("Estágio: I", "Estágio: 4"), encoding="utf-8")
    assert main(["check", str(path), "--no-cache"]) == 1
    out = capsys.readouterr().out
    assert "morteus.card:7:10" in out and "CS012" in out and "Traceback" not in out


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


# The commands whose Battle Scenes work is still written in cardscript/tools/ (and the Python API, the editor server)
# rather than in the pack's own commands, as Sky World's are (games/sky_world/commands.py): the modules of the pack
# each one reaches. The list can only shrink: a command moved into its pack is taken off it.
APPLICATION_USES = {
    "api.py": {"runtime.library", "runtime.match", "runtime.stepping"},
    "tools/common.py": {"runtime.library"},
    "tools/deck.py": {"runtime.deck", "runtime.library", "runtime.rules"},
    "tools/explain.py": {"runtime.library", "runtime.log_explain"},
    "tools/play.py": {"runtime.deck", "runtime.library", "runtime.log_check", "runtime.looking", "runtime.match",
                      "runtime.mcts", "runtime.random_decks", "runtime.stepping", "runtime.trace"},
    "tools/scenario.py": {"scenario.cards", "scenario.check", "scenario.parser", "scenario.report", "scenario.run"},
    "tools/simulate.py": {"runtime", "runtime.library", "runtime.match", "runtime.parallel"},
}
LANGUAGE_CORE = ("core", "grammar", "compiler", "engine")


def _pack_imports() -> tuple[list[str], dict[str, set[str]]]:
    """Every import of a pack from outside it (``module -> pack module``), and what each application reaches of the
    default game's pack."""
    packs = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists())
    assert packs == ["battle_scenes", "sky_world"]
    breaches, uses = [], {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).parts
        own = rel[1] if rel[0] == "games" and len(rel) > 2 else None
        for imported in _imports(path):
            for pack in packs:
                if not imported.startswith(f"cardscript.games.{pack}") or pack == own:
                    continue
                name = "/".join(rel)
                if rel[0] in ("games", *LANGUAGE_CORE) or pack != "battle_scenes":
                    breaches.append(f"{name} -> {imported}")
                else:
                    uses.setdefault(name, set()).add(imported.removeprefix(f"cardscript.games.{pack}."))
    return breaches, uses


def test_the_core_imports_no_game_pack() -> None:
    """Issue 14: nothing of one game is imported by the language core (core, grammar, compiler and the engine's shared
    part), nor by another game; the registry (``cardscript.core.games``) names the packs' modules and imports them by
    name, on demand. The applications reach the default game's pack only where :data:`APPLICATION_USES` says."""
    breaches, uses = _pack_imports()
    assert not breaches, breaches
    grown = {m: sorted(more) for m, u in uses.items() if (more := u - APPLICATION_USES.get(m, set()))}
    assert not grown, f"an application reaches more of the Battle Scenes pack (move that work into the pack): {grown}"


def test_the_applications_pack_uses_are_still_there() -> None:
    """When a command moves into its pack, take it off :data:`APPLICATION_USES` so that it cannot come back."""
    _, uses = _pack_imports()
    assert uses == APPLICATION_USES


def test_a_sky_world_header_problem_does_not_hide_the_texts() -> None:
    found = codes(SKY.replace("Estágio: I", "Estágio: V").replace("AO ENTRAR:", "AO ENTRA:"))
    assert dg.E_FIELD_VALUE in found and dg.E_SYNTAX in found


def test_a_sky_world_text_is_read_with_its_own_words_and_keywords() -> None:
    found = messages(SKY.replace("Fortalecer 1.", "Fortalecr 1.").replace("ganha 1 de Fé.", "ganha 1 de fée."))
    assert found == ["CS104 unknown keyword 'Fortalecr' | did you mean 'Fortalecer'?",
                     "CS100 unknown word 'fée' | did you mean 'fé'?"]


def test_the_sky_world_words_are_not_battle_scenes_words() -> None:
    """A game's lexicon is used for its cards only: the default game's reading of the same words is unchanged."""
    from cardscript.games.sky_world.parsing import profile
    from cardscript.grammar.lexicon import active, lookup
    from cardscript.grammar.names import NameRegistry
    from cardscript.grammar.parser import ParseFailure, parse_paragraph

    sentence = "Um aliado recebe +1 de Poder neste turno."
    assert not isinstance(parse_paragraph(sentence, NameRegistry(), profile=profile()), ParseFailure)
    assert isinstance(parse_paragraph(sentence, NameRegistry()), ParseFailure)
    assert lookup("aliado") == [] and active().key == "core"
    bs = codes(BS.replace("Este personagem ganha {AG}.", "Um aliado ganha {AG}."))
    assert dg.E_SYNTAX in bs


def test_the_sky_world_prelude_reads_clean() -> None:
    from cardscript.games.sky_world.parsing import prelude

    kept = prelude()
    assert not kept.diagnostics and not kept.missing
    assert {"Fortalecer", "Inspirar", "Intimidar", "Drenar Fé", "Salvaguarda", "Vasculhar"} <= set(kept.names())


SKY_LIBRARY = PACKAGE / "games" / "sky_world" / "cards"


def test_the_sky_world_library_reads_every_card_of_the_manual(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14 part 3: every card the manual names or describes, as a card file; each reads without an error
    (a paragraph the construction rules do not read yet is a CS260 saying why)."""
    titles = set()
    for path in sorted(SKY_LIBRARY.glob("*.card")):
        card = compile_source(SourceFile(str(path), path.read_text(encoding="utf-8")))
        assert card.game == "sky-world" and card.ok, [d.message for d in card.diagnostics]
        assert {d.code for d in card.diagnostics} <= {dg.W_NOT_EXECUTABLE}
        first = path.read_text(encoding="utf-8").splitlines()
        titles.add(next(line for line in first if not line.startswith("#")).split(":", 1)[1].strip())
    named = ["Morteus", "Elyra", "Nina", "Flor I", "Flor II", "Aurora", "Arthur", "Lotus", "Sião, Deus do Sinal",
             "Charles, Passagem pelo Vazio", "Gili, Fúria do Vazio", "Dudurima", "Anastacia, Estandarte Crescente",
             "Anastacia, Estandarte da Ascensão", "Morteus da Reserva", "Leon, Voz do Legado", "Leon, Voz da Formação"]
    assert sorted(titles) == sorted(named)
    manual = (Path(__file__).resolve().parents[2] / "shared" / "rules" / "sky-world-manual-pt.txt")
    if manual.exists():
        text = manual.read_text(encoding="utf-8")
        assert all(title.split(",")[0] in text for title in named)


@pytest.mark.parametrize("command", ["fmt", "render"])
def test_a_command_of_the_default_game_says_it_does_not_do_another_games_card(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = SKY_LIBRARY / "nina.card"
    before = path.read_text(encoding="utf-8")
    assert main([command, str(path)]) == 1
    captured = capsys.readouterr()
    assert f"{path}: a Sky World card: `cardscript {command}` does Battle Scenes cards only so far" in \
        captured.out + captured.err
    assert path.read_text(encoding="utf-8") == before


def test_a_heros_power_has_its_cost_and_tier() -> None:
    from cardscript.games.sky_world.header import read_sky_card

    text = "Herói: H\nJogo: Sky World\nCusto: 4\nPatamar: Evolução ×2\n"
    read, diags = read_sky_card(SourceFile("h.card", text))
    assert read is not None and not diags and (read.header.power_cost, read.header.tier) == (4, 2)
    assert any("`Patamar` is `Evolução ×N`" in m for m in messages(text.replace("×2", "duas")))
    assert any(m.startswith(dg.E_FIELD_NOT_ALLOWED) for m in messages(SKY.replace("Fé: 2", "Fé: 2\nCusto: 1")))


def test_check_counts_a_sky_world_card_that_lowers_whole_as_executable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SKY_LIBRARY / "lotus.card"), "--no-cache"]) == 0
    assert "1 executable" in capsys.readouterr().out


def test_play_game_sky_world_plays_the_demo_decks_with_a_trace(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14 part 3: `cardscript play --game sky-world` -- the library's card files, lowered, played."""
    assert main(["play", "--game", "sky-world", "--seed", "1"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Match (seed 1): P0 plays aurora, P1 plays flor")
    assert "=== Turn 1: P0 === Fé 0 x 0" in printed and "\nresult: " in printed


def test_simulate_game_sky_world_checks_every_invariant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "sky-world", "--games", "20", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 20 and report["invariant_violations"] == 0
    assert sum(report["wins"].values()) + report["unfinished"] == 20


@pytest.mark.parametrize(("command", "option"), [("play", "--interactive"), ("simulate", "--workers=2"),
                                                 ("play", "--agents=mcts")])
def test_an_option_another_games_matches_do_not_take_is_a_usage_error(
        command: str, option: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command, "--game", "sky-world", option]) == 2
    err = capsys.readouterr().err
    assert f"{command}: --game sky-world does not take --{option[2:].split('=')[0]} yet" in err
    assert "Traceback" not in err


def test_a_sky_world_deck_file_problem_is_located(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "d.deck"
    deck.write_text("Herói: Morteus da Reserva\n50 Ninna\n", encoding="utf-8")
    assert main(["play", "--game", "sky-world", "--deck-a", str(deck)]) == 2
    err = capsys.readouterr().err
    assert f"{deck}:2:4: error[CS401] no Sky World card `Ninna` in the library" in err and "did you mean `Nina`?" in err


def test_an_effect_with_a_procedure_the_engine_has_no_handler_for_does_not_run() -> None:
    """"Revele as 2 cartas do topo de seu deck" reads as the core's reveal, which this engine does not run: the card
    is not counted as executable, and check says why (the engine would log it unsupported)."""
    card = compile_source(SourceFile("v.card", SKY.replace("Fortalecer 1.", "Revele as 2 cartas do topo de seu "
                                                           "deck.")))
    assert not card.runs
    (warning,) = card.diagnostics
    assert warning.code == dg.W_NOT_EXECUTABLE and "the Sky World engine has no procedure for reveal" in warning.message
    assert compile_source(SourceFile("v.card", SKY)).runs


def test_the_sky_world_ir_imports_only_the_compilers_ir() -> None:
    """The pack's IR (what the compiler lowers Sky World text to) imports nothing of the runtime, so that the
    compiler may import it."""
    imported = {i for i in _imports(PACKAGE / "games" / "sky_world" / "ir.py") if i.startswith("cardscript")}
    assert imported and all(i.startswith("cardscript.compiler.ir") for i in imported)
