"""Issue 4, item 7: every damage calculation records its stages and both ``cardscript explain LOG`` and
``cardscript play`` print them in the rulebook's lettering (4.8.3 / 4.8.3.1: A, B, C, D, E, F.B, F.C, F.D,
F.E) with each modifier named.

A seeded match is played once with ``--log``; ``cardscript explain`` replays that log and prints each
resolution step by step; the expected lines are built from the log's own ``damage_calculation`` events, so the
numbers printed are the numbers the engine recorded. The rulebook's Kraven / Mulher-Hulk walk-through (4.8.3.1)
is calculated on the pure pipeline and its printed lines checked one by one."""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardscript.cli import main
from cardscript.compiler.ir import CardDef
from cardscript.engine.events import Event, EventLog
from cardscript.games.battle_scenes.runtime.damage import (
    Circumstances,
    DamageProcedure,
    DamageSource,
    Modifier,
    Party,
    Redirect,
    Scope,
    ScriptedDecider,
    Step,
    calculate,
    format_trace,
)
from cardscript.games.battle_scenes.runtime.dealing import deal_damage
from cardscript.games.battle_scenes.runtime.library import load_library
from cardscript.games.battle_scenes.runtime.resolutions import explain_resolutions, resolutions
from cardscript.games.battle_scenes.runtime.selectors import EffectContext
from cardscript.games.battle_scenes.runtime.trace import TraceWriter, calculation_lines, namer_from_log, stage_records
from tests.engine_helpers import in_scene, small_game

SEED = 1
A, B = 0, 1


@dataclass
class Played:
    log: Path
    out: str                  # what `cardscript play` printed
    events: list[Event]


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    log = tmp_path_factory.mktemp("explain") / "match.jsonl"
    status, out, _ = _run(["play", "--seed", str(SEED), "--log", str(log)])
    assert status == 0
    return Played(log, out, EventLog.load(log).events)


@pytest.fixture(scope="module")
def explained(played: Played) -> str:
    status, out, err = _run(["explain", str(played.log)])
    assert status == 0, err
    return out


def _turn_of(events: list[Event], index: int) -> int:
    turn = 0
    for e in events[: index + 1]:
        if e.kind == "status":
            turn = int(e.data["turn"])
    return turn


def _calculations(events: list[Event]) -> list[tuple[int, dict[str, Any]]]:
    return [(_turn_of(events, i), e.data) for i, e in enumerate(events) if e.kind == "damage_calculation"]


def _modified(data: dict[str, Any]) -> bool:
    """Some modifier, fixed value or redirection acted (a stage after A that is not "no ...")."""
    return any(s[0] not in ("A", "=") and not str(s[1]).startswith("no ") for s in data["stages"])


def _expected_block(data: dict[str, Any]) -> list[str]:
    """The lettered lines of one calculation, from the event alone (not from the code under test)."""
    lines = []
    for stage, text, value, *named in data["stages"]:       # [stage, text, value, modifier, destination]
        if stage == "=":
            lines.append(f"=    {text}")
            continue
        if stage == "F.B" and (not lines or not lines[-1].startswith("F.B")):
            where = f"{named[1]}: " if len(named) > 1 and named[1] else ""
            lines.append(f"F    {where}steps B-D again for the new destination, only modifiers not yet applied")
        lines.append(f"{stage:<4} {text}  [{value}]")
    return lines


def _blocks(out: str) -> list[list[str]]:
    """Each "damage calculation (4.8.3): ..." block of an explanation: its stage lines, stripped."""
    lines = [line.strip() for line in out.splitlines()]
    found = []
    for i, line in enumerate(lines):
        if line.startswith("damage calculation (4.8.3):"):
            block = []
            for nxt in lines[i + 1:]:
                if not nxt or nxt.split()[0] not in ("A", "B", "C", "D", "E", "F", "F.B", "F.C", "F.D", "F.E", "="):
                    break
                block.append(nxt)
            found.append(block)
    return found


# ---------------------------------------------------------------------------------------------
# cardscript explain LOG


def test_explain_log_prints_every_calculation_in_full_lettering_with_the_logged_numbers(
        played: Played, explained: str) -> None:
    calcs = [data for turn, data in _calculations(played.events) if turn > 0]
    assert calcs, "the seeded match caused no damage"
    assert any(_modified(d) for d in calcs), "the seeded match has no modified calculation to explain"
    blocks = _blocks(explained)
    assert len(blocks) == len(calcs)
    for data, block in zip(calcs, blocks, strict=True):
        assert block == _expected_block(data)
        assert block[0].startswith("A    initial damage of ") and block[0].endswith(f"[{data['initial']}]")
        assert block[-1].startswith(f"=    {data['amount']} ")
        stages = [line.split()[0] for line in block]
        assert stages[:4] == ["A", "B", "C", "D"]          # every stage, even where nothing acted
    modified = next(d for d in calcs if _modified(d))
    named = [s for s in modified["stages"] if s[0] not in ("A", "=") and not str(s[1]).startswith("no ")]
    for stage, text, value, *_ in named:                   # each modifier named, with the running value
        assert f"{stage:<4} {text}  [{value}]" in explained
    assert explained.rstrip().endswith("matches the log")


def test_explain_log_prints_the_play_the_tree_and_the_damage_applied(played: Played, explained: str) -> None:
    assert explained.startswith(f"Match log {played.log} (seed {SEED})")
    assert "Resolution 1.1 (" in explained and "-- P0 plays: " in explained
    assert "[tree level 0] resolves: " in explained and "[tree level 0] ends: " in explained
    damage = [e.data for e in played.events if e.kind == "damage"]
    for d in damage:
        if d["amount"] and not d["piercing"]:
            assert f"causes {d['amount']} damage to " in explained
    assert any(f"shield absorbs {d['absorbed']}; {d['unloaded']} card(s) unloaded" in explained
               for d in damage if d["amount"] and not d["piercing"])


def test_explain_log_one_turn(played: Played) -> None:
    turn = next(t for t, d in _calculations(played.events) if t > 0 and _modified(d))
    status, out, err = _run(["explain", str(played.log), "--turn", str(turn)])
    assert status == 0, err
    assert f"=== Turn {turn}: " in out and "=== Turn " not in out.replace(f"=== Turn {turn}: ", "")
    titles = [line for line in out.splitlines() if line.startswith("Resolution ")]
    assert titles and all(t.startswith(f"Resolution {turn}.") for t in titles)
    assert titles[0].startswith(f"Resolution {turn}.1 (")
    expected = [_expected_block(d) for t, d in _calculations(played.events) if t == turn]
    assert _blocks(out) == expected


def test_resolutions_one_per_play(played: Played) -> None:
    """Each action used in a turn is inside one resolution, opened by the play that used it; ending a phase
    is not a resolution; the resolutions of a turn are numbered from 1."""
    found = resolutions(played.events)
    of_event = {i: r for r in found for i in r.events}
    for i, e in enumerate(played.events):
        if e.kind == "action":
            r = of_event[i]
            assert r.player == e.data["player"] and e.data["action"] in r.play
    assert not any(r.play.startswith("end ") for r in found)
    for turn in {r.turn for r in found}:
        assert [r.number for r in found if r.turn == turn] == list(range(1, 1 + sum(r.turn == turn for r in found)))


def test_explain_a_log_whose_replay_differs_still_explains_and_exits_1(played: Played, tmp_path: Path) -> None:
    text = played.log.read_text(encoding="utf-8")
    start = text.index('"state_hash": "') + len('"state_hash": "')
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text(text[:start] + "0000" + text[start + 4:], encoding="utf-8")
    status, out, _ = _run(["explain", str(tampered), "--turn", "1"])
    assert status == 1
    assert "Resolution 1.1" in out and "differs from the log" in out


# ---------------------------------------------------------------------------------------------
# cardscript play


def test_play_prints_the_lettered_calculation_whenever_a_modifier_acted(played: Played) -> None:
    calcs = [d for _, d in _calculations(played.events)]
    assert played.out.count("damage calculation (4.8.3):") == sum(_modified(d) for d in calcs)
    lines = [line.strip() for line in played.out.splitlines()]
    for d in filter(_modified, calcs):
        shown = [f"{s[0]:<4} {s[1]}  [{s[2]}]" for s in d["stages"]
                 if s[0] != "=" and (s[0] == "A" or not str(s[1]).startswith("no "))]
        start = lines.index(shown[0])
        assert lines[start:start + len(shown)] == shown


def test_play_and_explain_print_a_redirection_e_and_f() -> None:
    """4.8.3.1 in the engine: Apocalipse V1 redirects damage caused to it to a Cavaleiro do Apocalipse (its
    controller chooses); the play trace shows E, the explanation also F and the new destination's steps."""
    library = load_library()
    morte = CardDef(title="Morte V1", name="Morte", version=1, card_type="Personagem",
                    affiliations=("Cavaleiros do Apocalipse",), initial_energy=4, shield=0)
    game = small_game({100: library["Apocalipse V1"], 110: morte})
    in_scene(game, 100, [101, 102, 103])
    in_scene(game, 110, [111, 112, 113])
    deal_damage(game, EffectContext(controller=0), None, 100, 2, True)
    play = "\n".join(line for e in game.log.events for line in TraceWriter().feed(e))
    detail_writer = TraceWriter(detail=True)
    detail = "\n".join(line for e in game.log.events for line in detail_writer.feed(e))
    (calc,) = [e.data for e in game.log.events if e.kind == "damage_calculation"]
    e_stage = next(s for s in calc["stages"] if s[0] == "E")
    assert "redirected from Apocalipse V1 to Morte V1 by Apocalipse V1" in e_stage[1]
    assert f"E    {e_stage[1]}  [{e_stage[2]}]" in play
    assert f"E    {e_stage[1]}  [{e_stage[2]}]" in detail
    assert "F    Morte V1: steps B-D again for the new destination, only modifiers not yet applied" in detail
    assert calc["stages"][-2][3:] == ["", "Morte V1"]        # the event names the destination of each stage
    assert "F.B  no addition or subtraction  [2]" in detail and "=    2 piercing damage to Morte V1" in detail


# ---------------------------------------------------------------------------------------------
# formatting a hand-built calculation: the rulebook's Kraven / Mulher-Hulk walk-through (4.8.3.1)


def _kraven_on_mh2() -> Any:
    """Kraven V1 uses Impossível de se Ver (1) on MH2 in player B's Preparation Phase. B: Barreira
    Telecinética -1, Impossível de se Ver +2, Kraven +4, Cubo Cósmico +1, Soprano +1: 8. C: Rir do Perigo on
    MH2 halves it: 4. E: Mulher-Hulk V2 on MH2 must redirect it to MH1 (player A). F.B: Manchete do Clarim +2
    (MH1 chosen): 6. F.C: Rir do Perigo on MH1: 3. F.E: the Active Player (B) chooses Mulher-Hulk V2 on MH1,
    back to MH2; nothing acts any more (each modifier and each redirecting effect once per procedure): 3."""
    qf = frozenset({"Quarteto Fantástico"})
    mh1 = Party(1, "MH1", A, affiliations=qf, alignments=frozenset({"Herói"}))
    mh2 = Party(2, "MH2", A, affiliations=qf, alignments=frozenset({"Herói"}))
    veiculo = Party(3, "Veículo de Combate S.H.I.E.L.D. V3", A, kind="support")
    kraven = Party(4, "Kraven V1", B, alignments=frozenset({"Vilão", "Herói"}),
                   affiliations=frozenset({"Thunderbolts"}))
    mods = [
        Modifier("Barreira Telecinética", Step.B, card=11, add=-1, when=lambda s: s.destination.controller == A),
        Modifier("Impossível de se Ver", Step.B, card=12, add=2,
                 when=lambda s: s.source.name == "Impossível de se Ver"),
        Modifier("Kraven V1", Step.B, card=4, add=4, scope=Scope.CHOSEN_DESTINATION, sources=frozenset({4}),
                 destinations=frozenset({2})),
        Modifier("Cubo Cósmico (Kraven)", Step.B, card=13, add=1, scope=Scope.FIRST_CALCULATION,
                 sources=frozenset({4})),
        Modifier("Soprano V1", Step.B, card=5, add=1,
                 when=lambda s: s.source.user is not None and "Thunderbolts" in s.source.user.affiliations
                 and "Quarteto Fantástico" in s.destination.affiliations),
        Modifier("Rir do Perigo (MH2)", Step.C, card=14, divide=2, destinations=frozenset({2})),
        Modifier("Manchete do Clarim", Step.B, card=15, add=2, scope=Scope.CHOSEN_DESTINATION,
                 destinations=frozenset({1}),
                 when=lambda s: s.source.user is not None and "Herói" in s.source.user.alignments),
        Modifier("Rir do Perigo (MH1)", Step.C, card=16, divide=2, destinations=frozenset({1})),
    ]
    redirects = [
        Redirect("Mulher-Hulk V2 (MH2)", A, frozenset({2}), (mh1,), card=21, optional=False),
        Redirect("Mulher-Hulk V2 (MH1)", A, frozenset({1}), (mh2,), card=22, optional=False),
        Redirect("Veículo de Combate S.H.I.E.L.D. V3", A, frozenset({1}), (veiculo,), card=3),
    ]
    source = DamageSource.action("Impossível de se Ver", kraven, card=12, types=["antecipar", "imprevista"])
    return calculate(DamageProcedure(source, mh2, 1), mods, redirects, ScriptedDecider({"redirect": [0]}),
                     Circumstances("preparation", turn_player=B, active_player=B))


KRAVEN_LINES = [
    "A    initial damage of Impossível de se Ver to MH2  [1]",
    "B    Barreira Telecinética -1  [0]",
    "B    Impossível de se Ver +2  [2]",
    "B    Kraven V1 +4  [6]",
    "B    Cubo Cósmico (Kraven) +1  [7]",
    "B    Soprano V1 +1  [8]",
    "C    Rir do Perigo (MH2) /2, rounded down  [4]",
    "D    no fixed value  [4]",
    "E    4 redirected from MH2 to MH1 by Mulher-Hulk V2 (MH2) (player 0)  [4]",
    "F    MH1: steps B-D again for the new destination, only modifiers not yet applied",
    "F.B  Manchete do Clarim +2  [6]",
    "F.C  Rir do Perigo (MH1) /2, rounded down  [3]",
    "F.D  no fixed value  [3]",
    "F.E  3 redirected from MH1 to MH2 by Mulher-Hulk V2 (MH1) (the Active Player's choice, player 1)  [3]",
    "F    MH2: steps B-D again for the new destination, only modifiers not yet applied",
    "F.B  no addition or subtraction  [3]",
    "F.C  no multiplication or division  [3]",
    "F.D  no fixed value  [3]",
    "F.E  no redirection  [3]",
    "=    3 damage to MH2",
]


def test_4_8_3_1_kraven_walk_through_in_the_rulebooks_lettering() -> None:
    result = _kraven_on_mh2()
    assert result.amount == 3 and result.destination.name == "MH2"
    assert calculation_lines(stage_records(result)) == KRAVEN_LINES


def test_4_8_3_1_kraven_walk_through_as_play_prints_it() -> None:
    """Only the stages where something acted: each modifier and each redirection, in order."""
    assert calculation_lines(stage_records(_kraven_on_mh2()), full=False) == [
        line for line in KRAVEN_LINES if line[:4].strip() not in ("F", "=") and not line[5:].startswith("no ")]


def test_4_8_3_1_kraven_walk_through_from_the_damage_calculation_event() -> None:
    """The event carries [stage, text, value] (no destination): the same lines, F without the name; the
    detailed writer heads the block with the source and the original destination."""
    result = _kraven_on_mh2()
    event = Event("damage_calculation", {
        "source": 12, "card": result.destination.card, "initial": 1, "amount": result.amount, "piercing": False,
        "causes_damage": True, "lines": format_trace(result).splitlines(),
        "stages": [[line.stage, line.text, line.value] for line in result.trace]})
    out = [line.strip() for line in TraceWriter(detail=True).feed(event)]
    assert out[0] == "damage calculation (4.8.3): action Impossível de se Ver of Kraven V1 -> MH2: 1 damage"
    assert out[1:] == [line.replace("F    MH1: ", "F    ").replace("F    MH2: ", "F    ") for line in KRAVEN_LINES]


def test_explain_resolutions_of_hand_made_events() -> None:
    """A play, then an effect triggered at level 1 that pauses nothing: the resolution, the tree's lines."""
    events = [
        Event("match", {"seed": 0, "decks": ["a", "b"], "cards": [["X V1"], ["Y V1"]]}),
        Event("status", {"turn": 1, "player": 0, "players": []}),
        Event("phase_start", {"phase": "combat", "step": "", "turn": 1}),
        Event("phase_start", {"phase": "combat", "step": "attack", "turn": 1}),
        Event("choice", {"player": 0, "decision": "play", "picked": ["X V1#1 uses Soco [normal, cost 0]"],
                         "answer": [1]}),
        Event("action", {"player": 0, "card": 1, "action": "Soco"}),
        Event("tree_pending", {"effect": "Soco (X V1#1)", "level": 0}),
        Event("tree_start", {"effect": "Soco (X V1#1)", "level": 0}),
        Event("damage_calculation", {"source": 1, "card": 2, "initial": 1, "amount": 1, "piercing": False,
                                     "stages": [["A", "initial damage of Soco to Y V1", 1],
                                                ["B", "no addition or subtraction", 1],
                                                ["C", "no multiplication or division", 1],
                                                ["D", "no fixed value", 1], ["E", "no redirection", 1],
                                                ["=", "1 damage to Y V1", 1]]}),
        Event("damage", {"card": 2, "source": 1, "amount": 1, "initial": 1, "piercing": False, "absorbed": 0,
                         "unloaded": 1, "player": 0}),
        Event("tree_end", {"effect": "Soco (X V1#1)", "level": 0}),
        Event("phase_end", {"phase": "combat", "step": "attack", "turn": 1}),
    ]
    out = explain_resolutions(events, namer_from_log(events))
    assert out[out.index("Resolution 1.1 (Fase de Combate, Etapa de Ataque) -- P0 plays: "
                         "X V1#1 uses Soco [normal, cost 0]"):] == [
        "Resolution 1.1 (Fase de Combate, Etapa de Ataque) -- P0 plays: X V1#1 uses Soco [normal, cost 0]",
        "  P0: X V1#1 uses Soco",
        "  [tree level 0] resolves: Soco (X V1#1)",
        "    damage calculation (4.8.3): X V1#1 -> Y V1#2: 1 damage",
        "      A    initial damage of Soco to Y V1  [1]",
        "      B    no addition or subtraction  [1]",
        "      C    no multiplication or division  [1]",
        "      D    no fixed value  [1]",
        "      E    no redirection  [1]",
        "      =    1 damage to Y V1",
        "    X V1#1 causes 1 damage to Y V1#2: 1; shield absorbs 0; 1 card(s) unloaded",
        "  [tree level 0] ends: Soco (X V1#1)",
    ]


# ---------------------------------------------------------------------------------------------
# errors: a message and exit code 2, never a traceback


def test_explain_missing_log(tmp_path: Path) -> None:
    status, out, err = _run(["explain", str(tmp_path / "missing.jsonl")])
    assert status == 2 and "no such file" in err and "Traceback" not in err + out


@pytest.mark.parametrize("content", ["not json at all\n", '{"a": 1}\n', '{"kind": "move", "data": {}}\n', "",
                                     '{"kind": "match", "data": {}}\n{"kind": "status", "data": {"turn": 1}}\n'
                                     '{"kind": "action", "data": {}}\n'])
def test_explain_a_file_that_is_not_a_match_log(tmp_path: Path, content: str) -> None:
    f = tmp_path / "log.jsonl"
    f.write_text(content, encoding="utf-8")
    status, out, err = _run(["explain", str(f)])
    assert status == 2 and "is not a" in err and "match log" in err and "Traceback" not in err + out


@pytest.mark.parametrize("turn", ["0", "999", "-1"])
def test_explain_a_turn_the_match_did_not_have(played: Played, turn: str) -> None:
    status, out, err = _run(["explain", str(played.log), "--turn", turn])
    assert status == 2 and f"turn {turn} is not in" in err and out == ""


def test_explain_turn_is_not_a_number(played: Played) -> None:
    status, _, err = _run(["explain", str(played.log), "--turn", "three"])
    assert status == 2 and "invalid int value" in err


def test_explain_turn_with_a_card_file_and_a_card_file_as_before(tmp_path: Path) -> None:
    f = tmp_path / "ok.card"
    f.write_text("Cenário: Teste V1\n\nTexto permanente:\n  Quando este cenário entrar em cena, compre um card.\n",
                 encoding="utf-8")
    status, _, err = _run(["explain", str(f), "--turn", "2"])
    assert status == 2 and "--turn explains a match log" in err
    status, out, _ = _run(["explain", str(f)])
    assert status == 0 and "procedure 1: comprar (draw)" in out and "Resolution" not in out
