"""One effect anatomy (issue 14, part 5): every effect in Apoteose's terms -- Ativação, Temporização, Limite, Escopo,
Tarefa, Requerimentos -- read from the core IR, the game's words in registrable tables (docs/anatomy.md)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardscript.games.battle_scenes.anatomy_words  # noqa: F401 - Battle Scenes' rows
from cardscript.cli import main
from cardscript.compiler import anatomy as model
from cardscript.compiler.anatomy import Activation, Anatomy, AnatomyTables, anatomy, card_anatomies
from cardscript.compiler.ir import (
    CardDef,
    Duration,
    Effect,
    EffectKind,
    EventPattern,
    Kind,
    Procedure,
    Quantity,
    Ref,
    Selector,
)
from cardscript.games.battle_scenes.runtime.library import library_cards

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = ROOT / "cardscript" / "games" / "battle_scenes" / "cards"


def _card(path: str) -> CardDef:
    found = [c.definition for c in library_cards() if Path(c.path).resolve() == (LIBRARY / path).resolve()]
    assert found and found[0] is not None, path
    return found[0]


def _anatomies(path: str) -> dict[str, Anatomy]:
    card = _card(path)
    return dict(card_anatomies(card.effects, card.action))


def _pt(entries: tuple[model.Entry, ...]) -> list[str]:
    return [e.words.pt for e in entries]


# -- every bundled card ----------------------------------------------------------------------------------------------

def test_every_bundled_effect_has_an_anatomy_with_a_known_activation_and_a_task() -> None:
    """Each effect and action mode of the bundled library: one activation of the three, a Tarefa of at least one
    step, every name found in the tables (no IR name shown bare, no "?"); an effect the compiler could not read
    says so (activation unknown, its reason) instead of a guess."""
    read = unread = 0
    for entry in library_cards():
        card = entry.definition
        assert card is not None, entry.path
        for label, found in card_anatomies(card.effects, card.action):
            where = f"{entry.path}: {label}"
            assert found.task, where
            if found.kind is EffectKind.UNSUPPORTED:
                unread += 1
                assert found.activation is Activation.UNKNOWN and found.why, where
                assert [s.executable for s in found.task] == [False], where
                continue
            read += 1
            assert found.activation in (Activation.ATIVAR, Activation.AUTO, Activation.PERMANENTE), where
            assert found.known, where
            assert found.timing and found.limit and found.scope, where
            for step in found.task:
                assert step.words.pt and "?" not in step.words.pt and step.words.pt != step.family, where
    assert read >= 280 and unread < read / 10         # 322 anatomies in the library, 18 of texts not read (today)


def test_the_activation_follows_the_rules_5_kind() -> None:
    """5.1 activated and actions: Ativar; 5.2 triggered and 5.3 damage modification: Auto; 5.4 static, 5.5
    replacement and 5.6 keywords: Permanente."""
    seen: dict[EffectKind, set[Activation]] = {}
    for entry in library_cards():
        assert entry.definition is not None
        for _, found in card_anatomies(entry.definition.effects, entry.definition.action):
            seen.setdefault(found.kind, set()).add(found.activation)
    assert seen == {
        EffectKind.ACTION: {Activation.ATIVAR}, EffectKind.ACTIVATED: {Activation.ATIVAR},
        EffectKind.TRIGGERED: {Activation.AUTO}, EffectKind.DAMAGE_MODIFIER: {Activation.AUTO},
        EffectKind.STATIC: {Activation.PERMANENTE}, EffectKind.REPLACEMENT: {Activation.PERMANENTE},
        EffectKind.KEYWORD: {Activation.PERMANENTE}, EffectKind.UNSUPPORTED: {Activation.UNKNOWN},
    }


# -- Battle Scenes cards, field by field ------------------------------------------------------------------------------

def test_4_6_2_an_action_with_its_cost_power_type_and_target() -> None:
    """Rasgar V1: "Custo: {1}, Poder: Lâminas, Ação de Antecipar: Rasgar causa 1 ponto de dano penetrante no alvo"."""
    found = _anatomies("bsum/rasgar-v1.card")["ação Rasgar"]
    assert found.activation is Activation.ATIVAR and found.kind is EffectKind.ACTION
    assert _pt(found.timing) == ["na Etapa de Ataque de seu turno (4.6.2 C.5)",
                                 "Ação de Antecipar: também na Etapa de Antecipação do turno de um oponente "
                                 "(4.6.2 C.5.1)"]
    assert _pt(found.limit) == ["uma ação por personagem por turno, salvo um efeito que permita mais (4.6.2 C.4, H)",
                                "instantâneo: acontece uma vez"]
    assert _pt(found.scope) == ["funciona em cena", "afeta o alvo: um personagem ou suporte"]
    assert [(s.family, s.words.pt, s.text) for s in found.task] == [
        ("damage", "causar dano (4.8)", "Rasgar causa 1 ponto de dano penetrante no alvo")]
    assert found.task[0].detail == "damage(source=this card, amount=1, targets=target #0, piercing)"
    assert _pt(found.requirements) == ["custo de incapacitação {1} (4.6.1, 4.6.2 E.1)",
                                       "o personagem tem o poder {LA} (4.6.2 C.2)",
                                       "um alvo que exista: um personagem ou suporte (4.6.2 F)"]


def test_4_6_2_H_an_action_with_acao_unica_has_both_limits() -> None:
    """Capitão América V3's action "Ação Única - ... Este personagem pode usar mais uma ação neste turno": one action a
    turn (4.6.2 C.4, H), never twice by name (Ação Única, 7), and a step lasting to the end of the turn."""
    found = _anatomies("bsos/capitao-america-v3.card")["ação Avante, Vingadores"]
    assert _pt(found.limit) == [
        "uma ação por personagem por turno, salvo um efeito que permita mais (4.6.2 C.4, H)",
        "Ação Única: não mais de uma vez por turno, nem se outra ação for permitida (7)",
        "instantâneo: acontece uma vez",
        "usar mais uma ação (4.6.2 C.4): até o final do turno"]
    assert _pt(found.requirements) == ["custo de incapacitação {0} (4.6.1, 4.6.2 E.1)"]


def test_4_6_2_E_2_an_action_keyword_cost_is_a_requirement_and_its_procedures_are_the_task() -> None:
    """Energia Cósmica's "coloque N cards de seus recursos na base de seu deck" is an extra cost (4.6.2 E.2), paid
    before the effect: a requirement, not a step of the Tarefa."""
    for entry in library_cards():
        card = entry.definition
        if card is None or card.action is None or not card.action.costs:
            continue
        for label, found in card_anatomies(card.effects, card.action):
            if found.kind is not EffectKind.ACTION:
                continue
            extra = [e for e in found.requirements if e.words.pt.startswith("custo adicional: ")]
            assert len(extra) == len(card.action.costs), f"{entry.path}: {label}"
            assert {e.text for e in extra} == {p.text for p in card.action.costs}
            return
    pytest.fail("no action with an extra cost in the library")


def test_5_1_an_activated_effect_once_per_turn() -> None:
    """Homem-Aranha V3: "Durante sua Fase de Preparação, uma vez por turno, se você controlar outro personagem com uma
    afiliação em comum com este personagem, você pode capacitar este personagem em {1}"."""
    found = _anatomies("bsca/homem-aranha-v3.card")["efeito 1"]
    assert found.activation is Activation.ATIVAR
    assert _pt(found.timing) == ["durante sua Fase de Preparação",
                                 "quando o jogador quiser, com a Árvore de Efeitos vazia (5.1)"]
    assert _pt(found.limit) == ["uma vez por turno", "instantâneo: acontece uma vez"]
    assert _pt(found.scope) == ["funciona em cena", "afeta este personagem"]
    assert [(s.words.pt, s.text) for s in found.task] == [
        ("capacitar ou incapacitar (4.5)", "você pode capacitar este personagem em {1}")]
    assert _pt(found.requirements) == ["se você controlar outro personagem com uma afiliação em comum com este "
                                       "personagem"]


def test_5_2_a_triggered_effect_when_it_enters_the_scene() -> None:
    """Cidade Fantasma V1: "Quando este cenário entrar em cena, compre um card"."""
    found = _anatomies("bsiv/cidade-fantasma-v1.card")["efeito 1"]
    assert found.activation is Activation.AUTO
    assert [(e.words.pt, e.text) for e in found.timing] == [
        ("quando entra em cena", "este cenário entrar em cena"),
        ("fica pendente na Árvore de Efeitos quando o gatilho acontece (5.2, 9)", "")]
    assert found.timing[0].detail == "enter_scene subject=this card"
    assert _pt(found.limit) == ["instantâneo: acontece uma vez"]
    assert _pt(found.scope) == ["funciona em cena", "afeta você"]
    assert [(s.words.pt, s.text, s.detail) for s in found.task] == [
        ("comprar cards", "compre um card", "draw(who=you, amount=1)")]
    assert found.requirements == ()


def test_5_2_a_triggered_effect_every_time_an_action_is_used_and_its_optional_steps() -> None:
    """Nave dos Guardiões V1: "Toda vez que um personagem com a afiliação Guardiões da Galáxia que você controla usar
    uma ação, este suporte pode causar 1 ponto de dano ..." and "Quando este suporte entrar em cena, você pode
    procurar ... Se o fizer, revele aquele card, coloque-o em sua mão e embaralhe seu deck"."""
    found = _anatomies("bsic/nave-dos-guardioes-v1.card")
    used = found["efeito 3"]
    assert used.activation is Activation.AUTO
    assert (used.timing[0].words.pt, used.timing[0].text) == (
        "quando uma ação é usada (4.6.2)",
        "um personagem com a afiliação Guardiões da Galáxia que você controla usar uma ação")
    assert [(s.family, [f.pt for f in s.flags]) for s in used.task] == [("damage", ["você pode"])]
    entered = found["efeito 1"]
    assert [(s.family, [f.pt for f in s.flags]) for s in entered.task] == [
        ("search", ["você pode"]), ("reveal", ["se o fizer"]), ("move", ["se o fizer"]), ("shuffle", ["se o fizer"])]
    assert _pt(entered.scope) == ["funciona em cena", "afeta você",          # "aquele card", "-o": the one found
                                  "afeta um card de personagem com a afiliação Guardiões da Galáxia"]


def test_5_5_a_replacement_instead_of_the_search() -> None:
    """Cidade Fantasma V1: "Se um jogador fosse procurar um ou mais cards no próprio deck, ele deverá comprar aquele
    mesmo número de cards ao invés disso" (5.4's own example): it works while in place, never activated."""
    found = _anatomies("bsiv/cidade-fantasma-v1.card")["efeito 2"]
    assert found.kind is EffectKind.REPLACEMENT and found.activation is Activation.PERMANENTE
    assert _pt(found.timing) == ["em vez de: quando um jogador procura cards no deck",
                                 "no lugar do procedimento substituído, que não acontece (5.5)"]
    assert _pt(found.limit) == ["enquanto o card estiver onde funciona"]
    assert [s.family for s in found.task] == ["replace"]
    assert found.task[0].detail.startswith("replace(event=search")


def test_5_4_a_static_effect() -> None:
    """Pigmeu V1: "Este personagem não pode ser alvo da primeira ação com alvo que for usada por um oponente em cada
    turno"."""
    found = _anatomies("bsic/pigmeu-v1.card")["efeito 1"]
    assert found.kind is EffectKind.STATIC and found.activation is Activation.PERMANENTE
    assert _pt(found.timing) == ["sempre, enquanto funciona: sem ativação nem gatilho (5.4)"]
    assert _pt(found.limit) == ["enquanto o card estiver onde funciona"]
    assert _pt(found.scope) == ["funciona em cena", "afeta este personagem"]
    assert [(s.family, s.words.pt) for s in found.task] == [("restrict", "proibir (8 B)")]
    assert found.requirements == ()


def test_5_6_a_keyword_and_its_meaning() -> None:
    """Guardião V1: "Liderar {1} - afiliação Tropa Alfa": the characteristic (Permanente) and its meaning, an
    activated effect of the Preparation Phase, once per turn (7: Liderar)."""
    found = _anatomies("bsiv/guardiao-v1.card")
    keyword, meaning = found["efeito 1"], found["efeito 2"]
    assert keyword.kind is EffectKind.KEYWORD and keyword.activation is Activation.PERMANENTE
    assert [s.words.pt for s in keyword.task] == ["característica de palavra-chave (5.6): Liderar {1} afiliação "
                                                  "Tropa Alfa"]
    assert _pt(keyword.timing) == ["sempre: define uma característica do card (5.6)"]
    assert meaning.keyword == "Liderar" and meaning.activation is Activation.ATIVAR
    assert _pt(meaning.limit)[0] == "uma vez por turno"
    assert _pt(meaning.timing)[0] == "durante sua Fase de Preparação"


def test_5_3_a_damage_modification_and_5_7_B_a_generated_effect() -> None:
    """Rei das Sombras V1: "Quando este personagem entrar em cena, escolha um personagem controlado por outro
    jogador. Aquele personagem não pode usar ações que causem dano." (a static generated, 5.7 B) and "Toda vez que
    este personagem receber dano de uma fonte, aquela fonte causa apenas 1 ponto de dano neste personagem" (5.3)."""
    found = _anatomies("bsic/rei-das-sombras-v1.card")
    first, modifier = found["efeito 1"], found["efeito 2"]
    assert [s.family for s in first.task] == ["choose", "generate"]
    assert len(first.generated) == 1
    generated = first.generated[0]
    assert generated.kind is EffectKind.STATIC and generated.activation is Activation.PERMANENTE
    assert _pt(generated.timing)[0].startswith("criado quando o efeito que o gera resolve")
    assert _pt(generated.limit) == ["enquanto o card que o criou estiver onde funciona"]
    assert _pt(generated.scope) == ["funciona em cena", "afeta aquele personagem"]
    assert modifier.kind is EffectKind.DAMAGE_MODIFIER and modifier.activation is Activation.AUTO
    assert _pt(modifier.timing) == ["ao calcular um dano, nos passos B–D (4.8.3, 5.3)"]


def test_an_unread_effect_says_why() -> None:
    """A paragraph the compiler could not read (an UNSUPPORTED effect): no activation is guessed."""
    found = _anatomies("bsic/gamora-v1.card")
    unread = [a for a in found.values() if a.kind is EffectKind.UNSUPPORTED]
    assert unread and all(a.activation is Activation.UNKNOWN for a in unread)
    assert unread[0].why == "swap between two characters"
    assert unread[0].task[0].words.pt == "não executável"


# -- the tables: a second game's rows --------------------------------------------------------------------------------

YOU = Selector(kind=Kind.PLAYER, ref=Ref.YOU)


@dataclass(frozen=True, kw_only=True)
class SummonDragon(Procedure):
    """A made-up family of a made-up game."""

    family: ClassVar[str] = "summon_dragon"
    dragons: Selector
    owner: Selector = YOU


@dataclass(frozen=True, kw_only=True)
class PayGold(Procedure):
    """A made-up cost: a boolean role ``cost`` marks it paid before the rest (as Sky World's Consumir)."""

    family: ClassVar[str] = "pay_gold"
    amount: int
    cost: bool = False


DRAGON = Selector(kind=Kind.CHARACTER, text="um dragão")
MOON = Effect(EffectKind.TRIGGERED, (PayGold(amount=2, cost=True, text="pague 2 de ouro"),
                                     SummonDragon(dragons=DRAGON, text="invoque um dragão")),
              trigger=EventPattern("moon_rise", text="a lua nascer"), limit_per_turn=1, zone="sky")


def test_a_game_pack_registers_its_events_families_and_zones() -> None:
    tables = AnatomyTables()
    before = anatomy(MOON, tables=tables)
    assert not before.known
    assert [(s.words.pt, s.known) for s in before.task] == [("summon_dragon", False)]
    assert (before.timing[0].words.pt, before.timing[0].known) == ("moon_rise", False)
    tables.register_timing("moon_rise", "quando a lua nasce", "when the moon rises")
    tables.register_task("summon_dragon", "invocar dragões", "summon dragons", scope_roles=("dragons",))
    tables.register_task("pay_gold", "pagar ouro", "pay gold")
    tables.register_zone("sky", "no céu", "in the sky")
    tables.register_note("kind:triggered", "acontece sozinho", "happens by itself")
    after = anatomy(MOON, tables=tables)
    assert after.known and after.activation is Activation.AUTO
    assert [(e.words.pt, e.text) for e in after.timing] == [("quando a lua nasce", "a lua nascer"),
                                                           ("acontece sozinho", "")]
    assert [s.words.english() for s in after.task] == ["summon dragons"]
    assert _pt(after.scope) == ["funciona no céu", "afeta um dragão"]
    assert [(e.words.pt, e.text) for e in after.requirements] == [("custo: pagar ouro", "pague 2 de ouro")]
    assert _pt(after.limit) == ["uma vez por turno", "instantâneo: acontece uma vez"]


def test_registering_other_words_for_a_name_is_refused_unless_replaced() -> None:
    tables = AnatomyTables()
    tables.register_task("summon_dragon", "invocar dragões")
    tables.register_task("summon_dragon", "invocar dragões")          # the same words: nothing changes
    with pytest.raises(ValueError, match="summon_dragon.*replace=True"):
        tables.register_task("summon_dragon", "chamar dragões")
    tables.register_task("summon_dragon", "chamar dragões", replace=True)
    assert tables.tasks["summon_dragon"].pt == "chamar dragões"


def test_each_game_registers_into_its_own_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pack registers with ``game=``: its rows go to that game's tables, the default game's (Battle Scenes') keep
    theirs, and two games may give one IR name (an event, a kind's note) their own words."""
    default = model.TABLES.copy()                                                # Battle Scenes' rows, a copy
    monkeypatch.setattr(model, "_GAME_TABLES", {model.DEFAULT_GAME: default})
    monkeypatch.setattr(model, "TABLES", default)
    model.register_timing("moon_rise", "quando a lua nasce", game="moon-game")
    model.register_task("summon_dragon", "invocar dragões", game="moon-game")
    model.register_task("pay_gold", "pagar ouro", game="moon-game")
    model.register_phase("Fase da Lua", "Fase da Lua", "Moon Phase", game="moon-game")
    model.register_zone("sky", "no céu", game="moon-game")
    model.register_timing("enter_scene", "quando chega ao céu", game="moon-game")
    model.register_note("kind:triggered", "acontece sozinho", game="moon-game")
    moon = model.tables_of("moon-game")
    assert anatomy(MOON, tables=moon).known
    assert moon.phases["Fase da Lua"].english() == "Moon Phase"
    assert moon.timing["enter_scene"].pt == "quando chega ao céu"
    assert model.TABLES.timing["enter_scene"].pt == "quando entra em cena"       # Battle Scenes' own, untouched
    assert "moon_rise" not in model.TABLES.timing and not anatomy(MOON).known
    model.register_timing("moon_rise", "ao nascer da lua")                       # no game: the default game's
    assert model.tables_of(model.DEFAULT_GAME) is default and default.timing["moon_rise"].pt == "ao nascer da lua"
    assert anatomy(MOON).timing[0].words.pt == "ao nascer da lua"


def test_every_family_of_the_ir_has_battle_scenes_words() -> None:
    import cardscript.compiler.ir as ir

    families = {cls.family for name in ir.__all__ if isinstance(cls := getattr(ir, name), type)
                and issubclass(cls, Procedure) and cls not in (Procedure, ir.Unsupported)}
    assert families and families <= set(model.TABLES.tasks), families - set(model.TABLES.tasks)


def test_the_model_imports_no_game() -> None:
    """compiler/anatomy.py reads the core IR and describe only: no game pack, no engine, no Battle Scenes words (a
    game's rows come from its pack, loaded by name through the core's registry, ``core.games``)."""
    tree = ast.parse((ROOT / "cardscript" / "compiler" / "anatomy.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    allowed = {"__future__", "dataclasses", "enum", "cardscript.compiler.ir.base", "cardscript.compiler.ir.core",
               "cardscript.compiler.ir.effects", "cardscript.compiler.ir.describe", "cardscript.core.games"}
    assert imported <= allowed, imported - allowed


# -- properties -------------------------------------------------------------------------------------------------------

KINDS = [k for k in EffectKind if k is not EffectKind.UNSUPPORTED]


@given(kind=st.sampled_from(KINDS), limit=st.integers(0, 3), duration=st.sampled_from(list(Duration)),
       amount=st.integers(1, 5))
def test_the_limit_says_the_turn_limit_and_the_duration(kind: EffectKind, limit: int, duration: Duration,
                                                        amount: int) -> None:
    from cardscript.compiler.ir import Draw

    effect = Effect(kind, (Draw(who=YOU, amount=Quantity.of(amount)),), limit_per_turn=limit, duration=duration)
    found = anatomy(effect)
    words = _pt(found.limit)
    per_turn = [w for w in words if "por turno" in w]
    assert per_turn == ([] if not limit else ["uma vez por turno"] if limit == 1 else [f"{limit} vezes por turno"])
    assert sum(w in {d.pt for d in model.DURATIONS.values()} for w in words) == 1
    assert found.activation is model.anatomy(Effect(kind)).activation


# -- cardscript explain -----------------------------------------------------------------------------------------------

def test_explain_shows_the_anatomy_of_each_effect_and_the_action(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(LIBRARY / "bsum" / "rasgar-v1.card")]) == 0
    out = capsys.readouterr().out
    block = out[out.index("  anatomia"):].splitlines()
    assert block[:5] == [
        "  anatomia (Apoteose's effect anatomy, docs/anatomy.md):",
        "    ação Rasgar (action):",
        "      Ativação (activation): Ativar (Activate)",
        "      Temporização (timing):",
        "        na Etapa de Ataque de seu turno (4.6.2 C.5)",
    ]
    assert ('      Tarefa (task): 1. causar dano (4.8): "Rasgar causa 1 ponto de dano penetrante no alvo" -- '
            'damage(source=this card, amount=1, targets=target #0, piercing)') in block
    assert "        custo de incapacitação {1} (4.6.1, 4.6.2 E.1)" in block
    assert "effects (as the engine runs them)" in out[:out.index("  anatomia")]     # the existing parts stay first


def test_explain_says_what_it_could_not_read(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(LIBRARY / "bsic" / "gamora-v1.card")]) == 0      # a warning (CS260), no error
    block = capsys.readouterr().out.split("  anatomia", 1)[1].splitlines()
    assert block[1:6] == [
        "    efeito 1 (unsupported):",
        "      Ativação (activation): desconhecida (unknown) -- not executable: swap between two characters",
        "      Temporização (timing): não lido (not read)",
        "      Limite (limit): não lido (not read)",
        "      Escopo (scope): não lido (not read)",
    ]


def test_explain_shows_a_generated_effect_inside_the_one_creating_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "Rei das Sombras V1"]) == 0
    block = capsys.readouterr().out.split("  anatomia", 1)[1].splitlines()
    assert "      gera (5.7 B) um efeito static:" in block
    assert "        Ativação (activation): Permanente (Permanent)" in block
    assert "    efeito 2 (damage_modifier):" in block
