"""``cardscript render --lang en`` (issue 13, part 4): every bundled card renders in Portuguese and English; the
English comes from the compiled meaning (the lowered IR), with the rulebook's terms, and what has no English is
kept as ``[not translated: <pt text>]`` -- never dropped, never a Portuguese game word outside those brackets."""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.cli import main
from cardscript.compiler.english import MARK, phrases, render_card, render_definition
from cardscript.compiler.english.phrases import Context, Untranslated
from cardscript.compiler.files import library_path
from cardscript.compiler.formatting import rendered_file
from cardscript.compiler.ir import CardDef, Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.lower import lower_card
from cardscript.compiler.pipeline import CompiledCard, compile_paths

LIBRARY = library_path()
# Portuguese words that have no business in English text (function words and game words).
PORTUGUESE = ("de", "da", "o", "um", "uma", "em", "que", "e", "você", "personagem", "personagens", "cena", "dano",
              "ação", "ações", "seu", "sua", "carregue", "escudo", "afiliação", "não", "pode", "cada", "alvo", "ou",
              "com", "sem", "turno", "fase", "etapa", "para", "na", "compre", "descarregue", "recursos", "prêmios")
BRACKETS = re.compile(r"\[" + MARK + r": [^\]]*\]")


@cache
def _cards() -> tuple[CompiledCard, ...]:
    return tuple(compile_paths(sorted(LIBRARY.rglob("*.card"))))


@cache
def _english() -> dict[str, str]:
    return {Path(c.source.path).stem: render_card(c) for c in _cards()}


def _proper_names(card: CardDef) -> set[str]:
    """The names a card's English keeps as printed: card, action, alter ego and affiliation names, the names its
    filters compare with, the keywords the rulebook gives no English name."""
    names = {card.name, card.title, card.alter_ego or "", *card.affiliations, *card.keywords}
    if card.action is not None:
        names.add(card.action.name)

    def walk(o: object) -> None:
        if isinstance(o, Filter) and isinstance(o.value, str) and o.field in ("name", "alter_ego", "affiliation",
                                                                             "keyword"):
            names.update(o.value.split("/"))
        for attribute in ("affiliations", "alter_egos", "excluding"):
            value = getattr(o, attribute, ())
            if isinstance(value, tuple):
                names.update(v for v in value if isinstance(v, str))
        if dataclasses.is_dataclass(o) and not isinstance(o, type):
            for f in dataclasses.fields(o):
                walk(getattr(o, f.name))
        elif isinstance(o, tuple):
            for x in o:
                walk(x)

    walk(card)
    names.discard("")
    return names


def _portuguese_left(text: str, names: set[str]) -> list[str]:
    text = BRACKETS.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    words = re.findall(r"[\wÀ-ÿ]+", text.lower())
    return sorted({w for w in words if w in PORTUGUESE})


def test_every_bundled_card_renders_in_english_with_no_portuguese_outside_the_brackets() -> None:
    cards = _cards()
    assert len(cards) == len(list(LIBRARY.rglob("*.card"))) > 150
    english = _english()
    left = {}
    for card in cards:
        text = english[Path(card.source.path).stem]
        assert text.strip(), card.source.path
        found = _portuguese_left(text, _proper_names(lower_card(card)))
        if found:
            left[card.source.path] = found
    assert left == {}


def test_every_bundled_card_renders_whole_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    """``render`` (pt) prints the canonical card file: header, blocks, costs, text (every card; the command on
    a sample of them)."""
    for card in _cards():
        text = rendered_file(card)
        assert text is not None, card.source.path
        title = next(line for line in text.splitlines() if not line.startswith("#"))
        assert title.split(":")[0] in ("Personagem", "Personagem-EV", "Suporte", "Cenário", "Habilidade")
        assert card.action is None or "\nAção: " in text
    for card in _cards()[::9]:
        assert main(["render", card.source.path]) == 0
        assert capsys.readouterr().out == rendered_file(card)


def test_a_part_the_engine_does_not_run_is_kept_in_portuguese_in_brackets() -> None:
    """Cards that are not executable show their unsupported text in brackets; executable ones never lose a part
    (a bracket there is an IR shape with no English, still the card's own words)."""
    english = _english()
    for card in _cards():
        definition = lower_card(card)
        text = english[Path(card.source.path).stem]
        for effect in definition.effects:
            if effect.kind.value == "unsupported" and not effect.from_keyword:
                assert f"[{MARK}: {' '.join(effect.text.split())}]" in text
    marked = [stem for stem, text in english.items() if f"[{MARK}:" in text]
    # the count docs/english.md gives (update both together)
    assert len(marked) == 18


def test_the_header_uses_the_rulebooks_terms() -> None:
    text = _english()["garra-sonica-v1"]
    assert text.splitlines()[:9] == [
        "Character: Garra Sônica V1", "Code: (2015) BSIV 24/100", "Alter ego: Ulysses Klaw", "Alignment: Villain",
        "Affiliations: Mestres do Terror", "Powers: Genius, Regeneration", "Initial Energy: 4", "Shield: 2",
        "Rarity: Super Rare"]
    assert "Action: Emissão Sônica\n  Cost: {1}\n  Type: Anticipation Action\n" in text
    assert _english()["rasgar-v1"].startswith("Ability: Rasgar V1\n")
    assert "Scenario: Momento de Hesitação V1" in _english()["momento-de-hesitacao-v1"]
    assert "Support: Zeus V1" in _english()["zeus-v1"]
    assert "  Lead {1} - affiliation Thunderbolts\n" in _english()["zeus-v1"]
    assert "  Clairvoyance 4\n" in _english()["rompante-mistico-v1"]
    assert "  Readiness - actions Flechas Especiais and Voleio de Flechas\n" in _english()["gaviao-arqueiro-v2"]
    assert "  Delay {1} - character without the Thunderbolts affiliation\n" in _english()["zeus-v1"]


@pytest.mark.parametrize(("keyword", "args", "line"), [
    ("Liderar", ("{1} ou {2}", "afiliação Inumanos"), "Lead {1} or {2} - affiliation Inumanos"),
    ("Prontidão", ("ações", "de {AE}"), "Readiness - actions of {AE}"),
    ("Atrasar", ("{1}", "personagem", "controlado por um oponente"), "Delay {1} - character an opponent controls"),
    ("Prontidão", ("ação", "Voleio de Flechas"), "Readiness - action Voleio de Flechas"),
    ("Predador", (), "Predador"),
])
def test_a_keyword_line_in_english(keyword: str, args: tuple[str, ...], line: str) -> None:
    """The rulebook's name, its numbers, its argument's words in English and the names in it as written."""
    assert phrases.keyword_line(keyword, args) == line


# (card, a sentence of its English): damage, draw, load / unload, capacitate / incapacitate, triggers, conditions,
# durations, choices, search, statics, replacements.
WORKED = [
    ("rasgar-v1", "This ability causes 1 point of piercing damage to the target."),
    ("viuva-negra-v2", "Ponto Cego causes 2 points of damage to the target. Capacitate this character by {1}. "
                       "This character may use one more action called Ataque-Surpresa this turn."),
    ("momento-de-hesitacao-v1", "When this scenario enters the scene, draw one card."),
    ("groxo-v1", "The target gains Shield -1 until the end of the turn."),
    ("cristal-v1", "Whenever a character without the X-Men affiliation uses an action targeting a character you "
                   "control with the X-Men affiliation, you may incapacitate that character by {1} or {2}."),
    ("adaga-psiquica-v1", "When this ability is loaded from your resources onto a character you control with {TE}, "
                          "you may choose another character. If you do, this ability causes 1 point of damage to "
                          "the chosen character."),
    ("adaga-psiquica-v1", "Incapacitate the target by {1}. If the target received damage this turn, this ability "
                          "causes 2 points of piercing damage to the target."),
    ("nave-dos-guardioes-v1", "Each character you control with the Guardiões da Galáxia affiliation gains {VO}."),
    ("mansao-dos-vingadores-v1", "Each character you control with the Vingadores affiliation gains {GE} and "
                                 "Shield +1."),
    ("apocalipse-v1", "If this character would receive damage, instead you may redirect that damage to another "
                      "character you control with the Cavaleiros do Apocalipse affiliation."),
    ("lider-v1", "Search your deck and your resources for a support card."),
    ("polaris-v1", "Whenever a character an opponent controls uses an action with {AE}, unload one card from that "
                   "character."),
    ("capuz-v2", "Load an ability card from your resources onto a Villain character you control."),
    ("hulk-v1", "While this character has energy 1, the Shield of this character becomes 0."),
    ("homem-aranha-v3", "Choose one: Incapacitate the target by {1}. Or: The target gains Shield -3 until the end "
                        "of the turn."),
    ("garra-sonica-v1", "During your Preparation Phase, if this card is in a player's prizes, reveal a character "
                        "card with Initial Energy 4 or greater from your hand."),
    ("magneto-v2", "This character cannot be the target of actions with {TE}."),
    ("thor-v2", "The damage caused by actions with {AE} to this character becomes 0."),
    ("raio-negro-v1", "Grito Hipersônico causes X points of piercing damage to the target, where X is the number of "
                      "cards the target is carrying."),
    ("sucessao-de-eventos-v1", "Each player may draw one extra card during the Draw Phase."),
    ("garota-aranha-v1", "This character cannot be the target of the first action with targets your opponent uses "
                         "each turn."),
    ("calmaria-v1", "When this scenario leaves the scene, draw one card."),
    ("mulher-hulk-v1", "Sequência de Socos causes 2 points of damage to each of the two different targets."),
    ("reparos-provisorios-v1", "During your Preparation Phase, if this ability is in its owner's resources, "
                               "incapacitate one of the characters you control by {1}. If you do, load this ability "
                               "onto a support you control."),
    ("cidade-fantasma-v1", "If a player would search their deck, instead that player draws X cards, where X is "
                           "that same number."),
    ("rompante-mistico-v1", "This ability causes 2 points of damage for each of the revealed cards of the chosen "
                            "card type to the target."),
]


@pytest.mark.parametrize(("stem", "sentence"), WORKED)
def test_worked_examples(stem: str, sentence: str) -> None:
    assert sentence in _english()[stem]


def test_render_lang_en_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    rasgar = LIBRARY / "bsum" / "rasgar-v1.card"
    assert main(["render", "--lang", "en", str(rasgar)]) == 0
    out = capsys.readouterr().out
    assert out == ("Ability: Rasgar V1\nCode: BSUM 80/100\nPower: Blades\nRarity: Rare\n\nAction: Rasgar\n"
                   "  Cost: {1}\n  Power: Blades\n  Type: Anticipation Action\n"
                   "  This ability causes 1 point of piercing damage to the target.\n")
    assert main(["render", "--lang", "xx", str(rasgar)]) == 2
    assert "no templates for --lang xx (available: pt, en)" in capsys.readouterr().err


def test_render_lang_en_of_a_card_that_does_not_bind_prints_its_diagnostics(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card = tmp_path / "x-v1.card"
    card.write_text("Habilidade: X V1\nPoder: Lâminas\n\nAção: X\n  Custo: {1}\n  X xyzzy causa dano.\n",
                    encoding="utf-8")
    assert main(["render", "--lang", "en", str(card)]) == 1
    captured = capsys.readouterr()
    assert "error[" in captured.out and "Traceback" not in captured.out + captured.err


def test_a_card_that_does_not_lower_is_a_plain_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import cardscript.compiler.english as english

    def broken(card: CompiledCard) -> str:
        raise ValueError("no such frame")

    monkeypatch.setattr(english, "render_card", broken)
    assert main(["render", "--lang", "en", str(LIBRARY / "bsum" / "rasgar-v1.card")]) == 1
    captured = capsys.readouterr()
    assert "cannot render in English: ValueError: no such frame" in captured.err and captured.out == ""


def test_the_english_is_the_ir_s_not_the_text_s() -> None:
    """Rendered from a definition alone, with no text anywhere: the meaning gives the words."""
    definition = lower_card(next(c for c in _cards() if Path(c.source.path).stem == "groxo-v1"))
    bare = dataclasses.replace(definition, code="")
    text = render_definition(bare)
    assert "Língua do Sapo causes 1 point of damage to the target." in text
    action = definition.action
    assert action is not None
    damage = action.modes[0].procedures[0]
    louder = dataclasses.replace(definition, action=dataclasses.replace(action, modes=(dataclasses.replace(
        action.modes[0], procedures=(dataclasses.replace(damage, amount=Quantity.of(5), piercing=True,
                                                         text="zzz"),)),)))
    assert "Língua do Sapo causes 5 points of piercing damage to the target." in render_definition(louder)


# -- noun phrases: whatever the selector, English or Untranslated, never a crash, never Portuguese -----------------
_FILTERS = st.sampled_from([
    Filter("controller", "eq", "you"), Filter("controller", "eq", "opponent"), Filter("alignment", "has", "Vilão"),
    Filter("alignment", "has", "Herói"), Filter("affiliation", "has", "X-Men"), Filter("power", "has", "AG"),
    Filter("card_type", "eq", "Habilidade"), Filter("name", "eq", "Thor"), Filter("keyword", "has", "Pelotão"),
    Filter("initial_energy", "ge", "4"), Filter("stage", "eq", "2"), Filter("zone", "in", "hand"),
    Filter("weird_field", "eq", "x"),
])
_SELECTORS = st.builds(
    Selector, kind=st.sampled_from(list(Kind)), ref=st.none() | st.sampled_from([Ref.THIS_CARD, Ref.THIS_CHARACTER,
                                                                                 Ref.TARGET, Ref.YOU, Ref.SLOT]),
    filters=st.lists(_FILTERS, max_size=3).map(tuple),
    count=st.builds(Quantity, fixed=st.integers(0, 12), up_to=st.booleans()), every=st.booleans(),
    zone=st.sampled_from(["", "hand", "resources", "deck_top", "scene", "prizes"]),
    slot=st.sampled_from(["", "intro:0", "event:subject"]))


@settings(max_examples=300, deadline=None)
@given(_SELECTORS, st.none() | st.booleans())
def test_a_selector_is_english_or_untranslated(selector: Selector, plural: bool | None) -> None:
    try:
        text = phrases.selector(selector, Context(), plural)
    except Untranslated:
        return
    assert text.strip()
    assert _portuguese_left(text, {"X-Men", "Thor", "Pelotão"}) == []
