"""Checking a scenario (docs/scenarios.md): every card resolves, every player, phase and card named on the board is
known; each branch becomes a :class:`~cardscript.games.battle_scenes.scenario.plan.Plan`. Every problem is a located
diagnostic
(file:line:col, caret, hint), like a card file's; a branch with a problem is not run, the others are.

Cards (CS502, CS503): a printed code ("BSUM 65/100"), a title when one printed card has it, or a path to a card
file (relative to the scenario). Board references (CS506, CS503): a move or expectation names a physical card of
the board -- by title, code or path, narrowed by ``de A`` (its owner) and ``(n)`` (its n-th copy, in setup order).
Phases (CS504): rules 6.2's phases and steps. Structure (CS505): repeated or misplaced statements.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from cardscript.compiler.card_refs import code_key
from cardscript.compiler.ir import CardDef
from cardscript.compiler.vocabulary import fold_key
from cardscript.core import diagnostics as dg
from cardscript.core.diagnostics import Diagnostic, did_you_mean
from cardscript.core.normalize import fold_text
from cardscript.core.source import SourceFile, Span
from cardscript.games.battle_scenes.scenario import ast
from cardscript.games.battle_scenes.scenario.cards import FILLER, CardIndex
from cardscript.games.battle_scenes.scenario.parser import parse_refs
from cardscript.games.battle_scenes.scenario.plan import (
    CardId,
    Physical,
    Plan,
    PlannedAnswer,
    PlannedExpectation,
    PlannedMove,
)

DEFAULT_DECK = 30               # fillers in the middle of a deck the file does not describe
DEFAULT_TURN = 2                # the turn number: characters of the setup entered on an earlier turn (4.6.2 C.1)

# rules 6.2: the phase and step words (folded, without "fase", "etapa", "de", "combate") -> (phase, step)
PHASES: dict[str, tuple[str, str]] = {
    "inicio turno": ("turn", ""), "contagem regressiva": ("countdown", ""), "compra": ("draw", ""),
    "preparacao": ("preparation", ""), "ajuste": ("adjustment", ""), "antecipacao": ("combat", "anticipation"),
    "ataque": ("combat", "attack"), "final turno": ("end", ""),
}
PHASE_NAMES = ("início do turno", "contagem regressiva", "compra", "preparação", "ajuste",
               "combate, etapa de antecipação", "combate, etapa de ataque", "final do turno")
_NOISE = {"fase", "etapa", "de", "da", "do", "dos", "combate", "o", "a"}


def phase_of(text: str) -> tuple[str, str] | None:
    words = [w for w in re.sub(r"[,.;:/\-–—]", " ", fold_text(text)).split() if w not in _NOISE]
    return PHASES.get(" ".join(words))


@dataclass
class Checked:
    """A checked scenario: its diagnostics and a plan per branch that has none of its own (the main line first)."""

    source: SourceFile
    diagnostics: list[Diagnostic] = field(default_factory=list)
    plans: list[Plan] = field(default_factory=list)
    broken: list[tuple[str, list[Diagnostic]]] = field(default_factory=list)   # branches not run, and why
    title: str = ""


class _Checker:
    def __init__(self, source: SourceFile, index: CardIndex) -> None:
        self.source = source
        self.index = index
        self.diags: list[Diagnostic] = []
        self.base = Path(source.path).parent
        self.unresolved = set()              # names the setup could not resolve: no second message for them

    unresolved: set[str]

    def error(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diags.append(Diagnostic(code, message, span, self.source, hint=hint))

    # -- cards ---------------------------------------------------------------------------------------------
    def definition(self, ref: ast.CardRef) -> CardDef | None:
        found = self._definition(ref)
        if found is None:
            self.unresolved.add(fold_key(ref.text))
        return found

    def _definition(self, ref: ast.CardRef) -> CardDef | None:
        if ref.kind == "path":
            found = self.index.from_path(self.base / ref.text)
            if isinstance(found, str):
                self.error(dg.E_SCN_CARD, f"the card file {ref.text!r} cannot be used: {found}", ref.span,
                           hint="a path is relative to the scenario file")
                return None
            return found
        if ref.kind == "code":
            card = self.index.by_code.get(code_key(ref.text))
            if card is None:
                guess = did_you_mean(ref.text, self.index.codes())
                self.error(dg.E_SCN_CARD, f"unknown card code {ref.text!r}", ref.span,
                           hint=f"did you mean '{guess}'?" if guess else "not in the library (bundled, or --library "
                           "DIR), or its card file does not compile")
            return card
        titled = self.index.by_title.get(fold_key(ref.text), [])
        if len(titled) > 1:
            self.error(dg.E_SCN_AMBIGUOUS, f"{ref.text!r} names {len(titled)} printed cards", ref.span,
                       hint="name it by its printed code (or its file): " + " or ".join(
                           f"`{self.index.name_of(d)}`" for d in titled))
            return None
        if not titled:
            guess = did_you_mean(ref.text, self.index.titles())
            self.error(dg.E_SCN_CARD, f"unknown card {ref.text!r}", ref.span,
                       hint=f"did you mean '{guess}'?" if guess else "not in the library (bundled, or --library "
                       "DIR), or its card file does not compile; a card of your own: its path in quotes")
            return None
        return titled[0]

    # -- the board -----------------------------------------------------------------------------------------
    def board(self, setups: list[ast.PlayerSetup]) -> tuple[list[Physical], dict[str, list[CardId]]]:
        cards: list[Physical] = []
        order: dict[str, list[CardId]] = {}

        def new(owner: int, d: CardDef, zone: str, filler: bool = False, **kw: object) -> Physical:
            p = Physical(len(cards) + 1, owner, d, zone, filler=filler, **kw)   # type: ignore[arg-type]
            cards.append(p)
            order.setdefault(f"{owner}:{zone}", []).append(p.id)
            return p

        def things(owner: int, items: list[ast.Thing], zone: str, carrier: CardId | None = None) -> None:
            for t in items:
                if isinstance(t, ast.Fillers):
                    for _ in range(t.count):
                        new(owner, FILLER, zone, filler=True, carrier=carrier)
                else:
                    d = self.definition(t)
                    if d is not None:
                        new(owner, d, zone, carrier=carrier)

        for player in (0, 1):
            mine = [s for s in setups if s.player == player]
            scene: list[ast.SceneCard] = []
            gone: list[ast.CardRef] = []
            for k, s in enumerate(mine):
                for sc in s.scene:                          # a branch's line for a card of the main line replaces it
                    same = _same_line(scene, sc.ref) if k else None
                    if same is not None:
                        scene[same] = sc
                    else:
                        scene.append(sc)
                gone += s.without
            last = next((s for s in reversed(mine) if s.scenario is not None), None)
            scenario = last.scenario if last is not None else None
            for ref in gone:                                # a branch's "sem: X": the main setup's X is not there
                at = _same_line(scene, ref)
                if at is not None:
                    del scene[at]
                elif scenario is not None and fold_key(scenario.shown()) == fold_key(ref.shown()):
                    scenario = None
                else:
                    self.error(dg.E_SCN_NOT_ON_BOARD, f"`sem: {ref.shown()}`: no line of this player's scene or "
                               "scenario names it", ref.span, hint="write the card as its `em cena:` or `cenário:` "
                               "line does (the cards of the hand, resources... are replaced by the branch's own list)")
            piles: dict[str, list[ast.Thing]] = {}
            for s in mine:
                for pile in s.piles:
                    piles[pile.zone] = pile.things          # a branch's pile replaces the main line's
            for sc in scene:
                for span in sc.stray:
                    self.error(dg.E_SCN_SYNTAX, "a card listed here must follow `carregando`", span,
                               hint="write the cards it carries after `carregando:`, before the other properties")
                d = self.definition(sc.ref)
                if d is None:
                    continue
                if d.card_type not in ("Personagem", "Personagem-EV", "Suporte"):
                    self.error(dg.E_SCN_STRUCTURE, f"{d.title} is a {d.card_type}: only characters and supports "
                               "are in the scene", sc.ref.span,
                               hint="a scenario card goes on `cenário:`; an ability card is carried (`carregando`)")
                    continue
                if sc.stage is not None and not 0 <= sc.stage <= 2 and sc.stage_span is not None:
                    self.error(dg.E_SCN_STRUCTURE, f"stage {sc.stage}: a stage is 0, 1 or 2 (rules 4.5)",
                               sc.stage_span)
                owner = sc.owner if sc.owner is not None else player      # "pertence a B": B's card, in A's control
                base = new(owner, d, "scene", stage=sc.stage, entered=sc.entered, acted=sc.acted, damaged=sc.damaged,
                           traits=dict(sc.traits), controller=player, shield=list(sc.shield))
                things(player, sc.carried, "carried", base.id)
                if not sc.carried:
                    self.error(dg.E_SCN_STRUCTURE, f"{d.title} carries nothing: a character in the scene carries at "
                               "least one card (4.7)", sc.ref.span, hint="add `, carregando 3 cards`")
                self._chose[base.id] = sc.chose
            if scenario is not None:
                d = self.definition(scenario)
                if d is not None:
                    if d.card_type != "Cenário":
                        self.error(dg.E_SCN_STRUCTURE, f"{d.title} is a {d.card_type}, not a Cenário", scenario.span)
                    else:
                        placed = new(player, d, "scenario", traits=dict(last.scenario_traits) if last else {})
                        if last is not None and last.scenario_chose:
                            self._chose[placed.id] = last.scenario_chose
            for zone in ("hand", "resources"):
                things(player, piles.get(zone, []), zone)
            # "prêmios" of a player are the cards that player scored (4.9.1: a knocked-out character goes to the
            # prizes of its controller's opponents): the opponent's cards, which the engine keeps in their
            # owner's prize pile
            things(1 - player, piles.get("prizes", []), "prizes")
            things(player, piles.get("deck_top", []), "deck")
            if "deck" in piles:
                things(player, piles["deck"], "deck")
            else:
                things(player, [ast.Fillers(DEFAULT_DECK, Span(0, 0))], "deck")
            things(player, piles.get("deck_bottom", []), "deck")
        return cards, order

    def on_board(self, ref: ast.CardRef, cards: list[Physical], prefer: tuple[str, ...] = ()) -> CardId | None:
        """The physical card a move or an expectation names; of several, the one in the zones the statement
        needs (``prefer``: "Hulk V1 usa ..." names the Hulk V1 in the scene, not the one in the hand)."""
        if ref.kind == "path":
            d = self.index.from_path(self.base / ref.text)
            found = [c for c in cards if not isinstance(d, str) and c.definition is d]
        elif ref.kind == "code":
            key = code_key(ref.text)
            found = [c for c in cards if c.definition.code and code_key(c.definition.code) == key]
        else:
            found = [c for c in cards if fold_key(c.definition.title) == fold_key(ref.text) and not c.filler]
        if ref.owner is not None:
            found = [c for c in found if c.owner == ref.owner]
        if ref.copy is not None:
            if not 1 <= ref.copy <= len(found):
                self.error(dg.E_SCN_NOT_ON_BOARD, f"there is no copy {ref.copy} of {ref.text} on the board "
                           f"({len(found)} cop{'y' if len(found) == 1 else 'ies'})", ref.span)
                return None
            return found[ref.copy - 1].id
        if len(found) == 1:
            return found[0].id
        preferred = [c for c in found if c.zone in prefer]
        if len(found) > 1 and len(preferred) == 1:
            return preferred[0].id
        if not found and fold_key(ref.text) in self.unresolved:
            return None                      # its setup line already has the diagnostic
        if not found:
            on = sorted({c.definition.title for c in cards if not c.filler})
            guess = did_you_mean(ref.text, on)
            self.error(dg.E_SCN_NOT_ON_BOARD, f"{ref.shown()} is not on the board", ref.span,
                       hint=(f"did you mean '{guess}'? " if guess else "")
                       + ("the setup puts: " + ", ".join(on[:12]) if on else "the setup puts no card with text"))
            return None
        owners = {c.owner for c in found}
        hint = ("name its owner: " + " or ".join(f"`{ref.text} de {ast.PLAYERS[o]}`" for o in sorted(owners))
                if len(owners) > 1 else "name its copy: " + " or ".join(f"`{ref.text} ({k + 1})`"
                                                                         for k in range(len(found))))
        self.error(dg.E_SCN_AMBIGUOUS, f"{ref.shown()} names {len(found)} cards of the board", ref.span, hint=hint)
        return None

    # -- a branch ------------------------------------------------------------------------------------------
    def plan(self, main: ast.Body, branch: ast.Body | None) -> Plan | None:
        start = len(self.diags)
        self._chose: dict[CardId, list[ast.CardRef]] = {}
        body = branch or main
        setups = [*main.players, *(branch.players if branch else [])]
        turn = body.turn if body.turn is not None else main.turn if main.turn is not None else 0
        number = body.turn_number or main.turn_number or DEFAULT_TURN
        phase_text = body.phase or main.phase
        phase_span = body.phase_span or main.phase_span
        phase, step = "combat", "attack"
        if phase_text:
            found = phase_of(phase_text)
            if found is None:
                guess = did_you_mean(phase_text, PHASE_NAMES)
                self.error(dg.E_SCN_TERM, f"unknown phase or step {phase_text!r}", phase_span or body.span,
                           hint=(f"did you mean '{guess}'? " if guess else "") + "one of: " + "; ".join(PHASE_NAMES))
            else:
                phase, step = found
        scenarios = [(s.player, s.scenario) for s in setups if s.scenario is not None]
        if len({who for who, _ in scenarios}) > 1:
            self.error(dg.E_SCN_STRUCTURE, "both players have a `cenário:`: the scene holds one scenario (4.4.1)",
                       scenarios[-1][1].span, hint="keep the one in the scene; the other is in its owner's resources")
        cards, order = self.board(setups)
        for base_id, refs in self._chose.items():
            base = next(c for c in cards if c.id == base_id)
            base.chose = [i for i in (self.on_board(r, cards, ("scene",)) for r in refs) if i is not None]
        moves_of = branch if branch is not None and branch.has_moves else main
        expect_of = branch if branch is not None and branch.has_expectations else main
        moves = [self.move(m, cards) for m in moves_of.moves]
        expectations = [self.expectation(e, cards) for e in expect_of.expectations]
        if not expectations:
            self.error(dg.E_SCN_STRUCTURE, "nothing is expected", body.span if branch else Span(0, 0),
                       hint="add an `esperado:` block: what the engine must show after the moves")
        if len(self.diags) > start:
            return None
        known = body.known_failure            # a branch's own: it does not inherit the main line's
        return Plan(body.label or "principal", body.span, turn, number, phase, step, cards, order, moves,
                    expectations, known)

    def move(self, m: ast.Move, cards: list[Physical]) -> PlannedMove:
        planned = PlannedMove(m)
        zones = {"use": ("scene",), "capacitate": ("scene",), "render": ("scene",), "place": ("hand", "resources"),
                 "discard": ("hand",), "activate": ("scene", "scenario")}.get(m.kind, ())
        if m.ref is not None:
            planned.card = self.on_board(m.ref, cards, zones)
        if m.kind == "use" and planned.card is not None:
            self.action_with_em(m, planned.card, cards)
        for t in m.targets:                        # in order: a card by its id, a player by its index
            if isinstance(t, ast.PlayerRef):
                planned.target_values.append(("player", t.player))
            elif (i := self.on_board(t, cards, ("scene",))) is not None:
                planned.targets.append(i)
                planned.target_values.append(("card", i))
        refused = [a for a in m.answers if a.kind == "refused"]
        if refused and len(m.answers) > 1:
            self.error(dg.E_SCN_STRUCTURE, "a move the engine must refuse takes no other answer", refused[0].span,
                       hint="`recusada` says the engine does not let the move be made: no decision is asked")
        for a in m.answers:
            pa = PlannedAnswer(a)
            for v in a.values:
                if isinstance(v, ast.CardRef):
                    card = self.on_board(v, cards)
                    pa.values.append(("card", card))
                elif isinstance(v, ast.PlayerRef):
                    pa.values.append(("player", v.player))
                elif isinstance(v, ast.Fillers):
                    pa.values.append(("fillers", v.count))
                else:
                    pa.values.append(v)
            pa.shares = [(n, i) for n, r in a.shares if (i := self.on_board(r, cards)) is not None]
            planned.answers.append(pa)
        return planned

    @staticmethod
    def action_with_em(m: ast.Move, user: CardId, cards: list[Physical]) -> None:
        """An action whose name holds the word `em` ("Treinamento em Equipe"): the grammar reads "usa Treinamento em
        Equipe em Hulk V1" as the action "Treinamento" on "Equipe em Hulk V1"; the user's actions (its card's and
        its carried cards') say where the name really ends, and the first target is what follows it."""
        holders = [c for c in cards if c.id == user or c.carrier == user]
        names = [c.definition.action.name for c in holders if c.definition.action is not None]
        if not m.targets or any(fold_key(m.action) == fold_key(n) for n in names):
            return
        first = m.targets[0]
        if isinstance(first, ast.PlayerRef):
            return
        words = [*m.action.split(), "em", *first.text.split()]
        for name in sorted(names, key=len, reverse=True):
            k = len(name.split())
            if fold_key(" ".join(words[:k])) == fold_key(name) and k < len(words) - 1 and words[k] == "em":
                rest = " ".join(words[k + 1:])
                m.action = name
                m.targets[0] = ast.CardRef(rest, first.kind, Span(first.span.end - len(rest), first.span.end),
                                           first.copy, first.owner)
                return

    def action_targets(self, e: ast.Expectation, user: CardId, cards: list[Physical]) -> None:
        """"X pode usar Hulk Esmaga em Blob V1": the user's actions (its card's and its carried cards') say where the
        action's name ends; the cards after its `em` are the targets the expectation asks about (parse_refs)."""
        holders = [c for c in cards if c.id == user or c.carrier == user]
        names = [n for c in holders for n in (c.definition.action.name if c.definition.action else None,
                                              c.definition.title) if n]
        if e.action_span is None or any(fold_key(e.action) == fold_key(n) for n in names):
            return
        words = e.action.split()
        for name in sorted(names, key=len, reverse=True):
            k = len(name.split())
            if k < len(words) - 1 and fold_key(" ".join(words[:k])) == fold_key(name) and fold_key(words[k]) == "em":
                text = self.source.text[e.action_span.start:e.action_span.end]
                head = r"[ \t]+".join(re.escape(w) for w in text.split()[:k + 1]) + r"[ \t]+"
                at = re.match(head, text)
                if at is None:
                    return
                start = e.action_span.start + at.end()
                found = parse_refs(self.source, Span(start, e.action_span.end))
                if isinstance(found, Diagnostic):
                    self.diags.append(found)
                    return
                e.action, e.targets = name, found
                return

    def expectation(self, e: ast.Expectation, cards: list[Physical]) -> PlannedExpectation:
        planned = PlannedExpectation(e)
        in_scene = ("stage_of", "energy_of", "shield_of", "carries", "can_use", "cannot_use", "damage", "calculation")
        zones = ("scene",) if e.kind in in_scene else ("hand", "resources") if e.kind.endswith("place") else ()
        if e.ref is not None:
            planned.card = self.on_board(e.ref, cards, zones)
        if e.kind in ("can_use", "cannot_use") and planned.card is not None:
            self.action_targets(e, planned.card, cards)
            planned.targets = [i for i in (self.on_board(t, cards, ("scene",)) for t in e.targets) if i is not None]
        if e.location is not None and e.location.carrier is not None:
            planned.carrier = self.on_board(e.location.carrier, cards)
        for ev in e.events:
            planned.events.append(self.on_board(ev.ref, cards) if ev.ref is not None else None)
        for t in e.things or []:
            if isinstance(t, ast.Fillers):
                planned.things.append(("fillers", t.count))
            else:
                planned.things.append(("card", self.on_board(t, cards)))
        return planned


def _same_line(scene: list[ast.SceneCard], ref: ast.CardRef) -> int | None:
    """The main setup's scene line a branch's line names: the one written the same way; "X (n)" is the n-th line of
    the card X when the main setup has that many (two lines `Mulher-Hulk V1`: the branch's `Mulher-Hulk V1 (2)`
    changes the second), else a new copy."""
    same = [i for i, o in enumerate(scene) if fold_key(o.ref.shown()) == fold_key(ref.shown())]
    if same:
        return same[0]
    if ref.copy is not None:
        plain = replace(ref, copy=None)
        copies = [i for i, o in enumerate(scene) if fold_key(o.ref.shown()) == fold_key(plain.shown())]
        if ref.copy <= len(copies):
            return copies[ref.copy - 1]
    return None


def structure(checker: _Checker, main: ast.Body) -> None:
    """CS505: a title in a branch, a branch in a branch."""
    for branch in main.branches:
        if branch.title:
            checker.error(dg.E_SCN_STRUCTURE, "a branch has no title of its own", branch.span,
                          hint="its label is the text after `e se em vez disso:`")
        for inner in branch.branches:
            checker.error(dg.E_SCN_STRUCTURE, "a branch inside a branch", inner.span,
                          hint="every branch starts from the main setup: write it at the top level")
    labels: dict[str, Span] = {}
    for branch in main.branches:
        if branch.label in labels:
            checker.error(dg.E_SCN_STRUCTURE, f"two branches are called {branch.label!r}", branch.span,
                          hint="give each branch its own label")
        labels[branch.label] = branch.span


def check_scenario(scenario: ast.ScenarioFile, index: CardIndex) -> Checked:
    """Every branch planned, or its diagnostics; the main line's problems count for every branch."""
    checker = _Checker(scenario.source, index)
    result = Checked(scenario.source, title=scenario.main.title)
    structure(checker, scenario.main)
    fixed = list(checker.diags)
    main_plan = checker.plan(scenario.main, None)
    main_diags = checker.diags[len(fixed):]
    result.diagnostics.extend(checker.diags)
    if main_plan is not None:
        result.plans.append(main_plan)
    else:
        result.broken.append(("principal", main_diags))
    for branch in scenario.main.branches:
        checker.diags = []
        plan = checker.plan(scenario.main, branch)
        new = [d for d in checker.diags if d not in result.diagnostics]
        result.diagnostics.extend(new)
        if plan is not None:
            result.plans.append(plan)
        else:
            result.broken.append((branch.label, checker.diags or main_diags))
    result.diagnostics.sort(key=lambda d: (d.span.start, d.code))
    return result
