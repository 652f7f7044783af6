"""One effect anatomy for every game (issue 14, part 5): an effect in Apoteose's terms, read from the IR.

Apoteose (``shared/rules/apoteose-efeito-pt.md``) describes every card effect by the same parts: its **Ativação**
(Ativar: the player uses it; Auto: it happens by itself when its situation comes; Permanente: it works while the
card is where it works, never activated), its **Temporização** (when it may be used or when it fires), its
**Limite** (how often, how long), its **Escopo** (where it works from, whom and what it affects), its **Tarefa**
(what it does: here one step per procedure, the Effects Tree's pause points) and its **Requerimentos** (costs,
conditions, targets that must exist, all met before it resolves).

:func:`anatomy` reads them from the core IR only -- ``Effect`` (kind, trigger, window, limit, condition, duration,
zone), ``ActionDef`` (cost, power, types, targets, extra costs, its keywords' rules), ``Procedure`` (family, the
common flags, its selector roles, read as dataclass fields), ``Selector`` / ``Condition`` / ``EventPattern`` (their
``text``: the card's own words) and ``describe`` (the IR's notation) -- so the model is common to every game. What
is one game's -- the words of its event names, phases, zones and procedure families, the rule sections it cites --
is a row of that game's :class:`AnatomyTables` (:func:`tables_of`), which its pack fills by registration
(:func:`register_timing`, :func:`register_task`, ... with ``game=``); this module imports no game. A name no
table knows is shown as it is, marked unknown (:attr:`Entry.known`), never guessed.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum

from cardscript.compiler.ir.base import Procedure, Unsupported
from cardscript.compiler.ir.core import Condition, Duration, EventPattern, Kind, Ref, Selector
from cardscript.compiler.ir.describe import condition as describe_condition
from cardscript.compiler.ir.describe import describe, filter_text
from cardscript.compiler.ir.describe import event as describe_event
from cardscript.compiler.ir.describe import quantity as describe_quantity
from cardscript.compiler.ir.describe import selector as describe_selector
from cardscript.compiler.ir.effects import ActionDef, Effect, EffectKind


@dataclass(frozen=True)
class Words:
    """A term in Portuguese and in English."""

    pt: str
    en: str = ""

    def __post_init__(self) -> None:
        if not self.pt:
            raise ValueError("a term needs its Portuguese words")

    def english(self) -> str:
        return self.en or self.pt


class Activation(StrEnum):
    """Apoteose's Ativação: exactly one per effect."""

    ATIVAR = "Ativar"              # used by the player (an activated effect, an action)
    AUTO = "Auto"                  # happens by itself when its situation comes (a trigger)
    PERMANENTE = "Permanente"      # works while the card is where it works; never activated
    UNKNOWN = "desconhecida"       # the text was not read (an effect the engine does not run)


ACTIVATION_WORDS: dict[Activation, Words] = {
    Activation.ATIVAR: Words("Ativar", "Activate"),
    Activation.AUTO: Words("Auto", "Auto"),
    Activation.PERMANENTE: Words("Permanente", "Permanent"),
    Activation.UNKNOWN: Words("desconhecida", "unknown"),
}

# The field names of the model, as Apoteose writes them, with the English.
FIELD_WORDS: dict[str, Words] = {
    "activation": Words("Ativação", "activation"), "timing": Words("Temporização", "timing"),
    "limit": Words("Limite", "limit"), "scope": Words("Escopo", "scope"), "task": Words("Tarefa", "task"),
    "requirements": Words("Requerimentos", "requirements"),
}

_KIND_ACTIVATION: dict[EffectKind, Activation] = {
    EffectKind.ACTION: Activation.ATIVAR, EffectKind.ACTIVATED: Activation.ATIVAR,
    EffectKind.TRIGGERED: Activation.AUTO, EffectKind.DAMAGE_MODIFIER: Activation.AUTO,
    EffectKind.STATIC: Activation.PERMANENTE, EffectKind.REPLACEMENT: Activation.PERMANENTE,
    EffectKind.KEYWORD: Activation.PERMANENTE, EffectKind.UNSUPPORTED: Activation.UNKNOWN,
}

# The core's words: durations (core Duration), references (core Ref), kinds (core Kind), whose window.
DURATIONS: dict[Duration, Words] = {
    Duration.INSTANT: Words("instantâneo: acontece uma vez", "instant: happens once"),
    Duration.END_OF_TURN: Words("até o final do turno", "until the end of the turn"),
    Duration.MATCH: Words("até o fim da partida", "for the rest of the match"),
    Duration.UNTIL_NEXT_TURN: Words("até o início do próximo turno de seu controlador",
                                    "until the start of its controller's next turn"),
    Duration.NEXT_TURN: Words("durante o próximo turno", "during the next turn"),
    Duration.WHILE_IN_PLACE: Words("enquanto o card estiver onde funciona", "while the card is where it works"),
    Duration.WHILE_SOURCE: Words("enquanto o card que o criou estiver onde funciona",
                                 "while the card that created it is where it works"),
}
_LASTING = (Duration.END_OF_TURN, Duration.MATCH, Duration.UNTIL_NEXT_TURN, Duration.NEXT_TURN)

REFS: dict[Ref, Words] = {
    Ref.THIS_CARD: Words("este card", "this card"), Ref.THIS_CHARACTER: Words("este personagem", "this character"),
    Ref.THIS_ACTION: Words("esta ação", "this action"), Ref.TARGET: Words("o alvo", "the target"),
    Ref.SLOT: Words("aquilo que um passo ou o evento nomeou", "what a step or the event named"),
    Ref.YOU: Words("você", "you"), Ref.OPPONENT: Words("o oponente", "the opponent"),
    Ref.OWNER: Words("o dono", "the owner"), Ref.CONTROLLER: Words("o controlador", "the controller"),
    Ref.EVERY_PLAYER: Words("cada jogador", "each player"),
    Ref.ACTION_USER: Words("o personagem que usou esta ação", "the character that used this action"),
}

KINDS: dict[Kind, Words] = {
    Kind.CHARACTER: Words("personagem", "character"), Kind.SUPPORT: Words("suporte", "support"),
    Kind.SCENARIO: Words("cenário", "scenario"), Kind.ABILITY: Words("habilidade", "ability"),
    Kind.CARD: Words("card", "card"), Kind.PLAYER: Words("jogador", "player"), Kind.ACTION: Words("ação", "action"),
}

WHOSE: dict[str, Words] = {      # an activated effect's window, by ``Effect.whose_window``
    "": Words("durante sua {phase}", "during your {phase}"), "you": Words("durante sua {phase}", "during your {phase}"),
    "opponent": Words("durante a {phase} de um oponente", "during an opponent's {phase}"),
    "any": Words("durante a {phase} de qualquer jogador", "during any player's {phase}"),
    "each": Words("durante a {phase} de cada jogador", "during each player's {phase}"),
}

# The condition's word by the effect's kind (Apoteose's "Se" / "Enquanto", requisitos "Condição" / "Duração").
_CONDITION_WORD: dict[EffectKind, Words] = {
    EffectKind.ACTIVATED: Words("se", "if"), EffectKind.TRIGGERED: Words("se", "if"),
    EffectKind.ACTION: Words("se", "if"), EffectKind.STATIC: Words("enquanto", "while"),
    EffectKind.DAMAGE_MODIFIER: Words("enquanto", "while"), EffectKind.REPLACEMENT: Words("enquanto", "while"),
}

# Roles of a procedure that name what it affects (its scope), when no table row names them for its family.
DEFAULT_SCOPE_ROLES: tuple[str, ...] = ("targets", "target", "cards", "subject", "onto", "to", "what", "other",
                                        "player", "who")


@dataclass
class AnatomyTables:
    """The words of one or more games, by the IR's names. ``timing``: an event name (``EventPattern.event``) -> the
    moment it names; ``phases``: a phase or step (``Effect.window``, ``EventPattern.phase``); ``tasks``: a procedure
    family (``Procedure.family``) -> what it does; ``zones``: an area (``Effect.zone``) -> where the effect works;
    ``notes``: named sentences with a rule section (``kind:<EffectKind>``: how an effect of that kind happens;
    ``action:<term>``: the words of an action's requirements and limits, ``rule:<RULES key>``: an action's rule as
    a limit); ``scope_roles``: a family -> its roles that name what it affects (else :data:`DEFAULT_SCOPE_ROLES`).

    Registering a name again with other words is an error (two games would disagree on one IR name): pass
    ``replace=True`` to mean it."""

    timing: dict[str, Words] = field(default_factory=dict)
    phases: dict[str, Words] = field(default_factory=dict)
    tasks: dict[str, Words] = field(default_factory=dict)
    zones: dict[str, Words] = field(default_factory=dict)
    notes: dict[str, Words] = field(default_factory=dict)
    scope_roles: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def copy(self) -> AnatomyTables:
        return AnatomyTables(dict(self.timing), dict(self.phases), dict(self.tasks), dict(self.zones),
                             dict(self.notes), dict(self.scope_roles))

    @staticmethod
    def _put(table: dict[str, Words], what: str, key: str, words: Words, replace: bool) -> None:
        old = table.get(key)
        if old is not None and old != words and not replace:
            raise ValueError(f"the anatomy's {what} {key!r} is already {old.pt!r} ({old.english()!r}); "
                             f"registering {words.pt!r} needs replace=True")
        table[key] = words

    def register_rows(self, timing: dict[str, tuple[str, str]] | None = None,
                      phases: dict[str, tuple[str, str]] | None = None,
                      zones: dict[str, tuple[str, str]] | None = None,
                      tasks: dict[str, tuple[str, str, tuple[str, ...] | None]] | None = None,
                      notes: dict[str, tuple[str, str]] | None = None) -> None:
        """A game's rows at once, each ``name -> (Portuguese, English)`` (a task also its scope roles): what a pack
        registers (registering the same words again changes nothing)."""
        for event, (pt, en) in (timing or {}).items():
            self.register_timing(event, pt, en)
        for phase, (pt, en) in (phases or {}).items():
            self.register_phase(phase, pt, en)
        for zone, (pt, en) in (zones or {}).items():
            self.register_zone(zone, pt, en)
        for family, (pt, en, roles) in (tasks or {}).items():
            self.register_task(family, pt, en, scope_roles=roles)
        for key, (pt, en) in (notes or {}).items():
            self.register_note(key, pt, en)

    def register_timing(self, event: str, pt: str, en: str = "", replace: bool = False) -> None:
        """The moment the event ``event`` names ("ao entrar em cena")."""
        self._put(self.timing, "event", event, Words(pt, en), replace)

    def register_phase(self, phase: str, pt: str, en: str = "", replace: bool = False) -> None:
        self._put(self.phases, "phase", phase, Words(pt, en), replace)

    def register_task(self, family: str, pt: str, en: str = "", replace: bool = False,
                      scope_roles: tuple[str, ...] | None = None) -> None:
        """What a procedure of ``family`` does ("causar dano"); ``scope_roles``: its roles naming what it affects."""
        self._put(self.tasks, "procedure family", family, Words(pt, en), replace)
        if scope_roles is not None:
            self.scope_roles[family] = scope_roles

    def register_zone(self, zone: str, pt: str, en: str = "", replace: bool = False) -> None:
        self._put(self.zones, "zone", zone, Words(pt, en), replace)

    def register_note(self, key: str, pt: str, en: str = "", replace: bool = False) -> None:
        """A named sentence: a ``str.format`` template (``{cost}``, ``{power}``, ``{target}`` where the model fills
        them; ``{{`` for a brace)."""
        self._put(self.notes, "note", key, Words(pt, en), replace)


DEFAULT_GAME = "battle-scenes"          # the game of a card file that names none (cardscript.core.games, issue 14)
_GAME_TABLES: dict[str, AnatomyTables] = {DEFAULT_GAME: AnatomyTables()}
TABLES = _GAME_TABLES[DEFAULT_GAME]
"""The default game's tables (Battle Scenes' rows: ``games/battle_scenes/anatomy_words.py``, registered when its
pack is loaded -- :func:`game_tables`)."""
_LOADED: set[str] = set()


def tables_of(game: str) -> AnatomyTables:
    """The tables of ``game`` (a game's key, ``"sky-world"``), empty until its pack registers its rows: each game
    has its own, so two games may give the same IR name (an event, a zone, a kind's note) their own words."""
    return _GAME_TABLES.setdefault(game, AnatomyTables())


def game_tables(game: str = DEFAULT_GAME) -> AnatomyTables:
    """The tables of ``game`` with its pack's rows: the pack is loaded (``cardscript.core.games.load_pack``, which
    registers them) the first time they are asked for, so this module imports no game."""
    if game not in _LOADED:
        _LOADED.add(game)
        from cardscript.core.games import game_named, load_pack

        found = game_named(game)
        if found is not None:
            load_pack(found)
    return tables_of(game)


def register_timing(event: str, pt: str, en: str = "", replace: bool = False, game: str = DEFAULT_GAME) -> None:
    tables_of(game).register_timing(event, pt, en, replace)


def register_phase(phase: str, pt: str, en: str = "", replace: bool = False, game: str = DEFAULT_GAME) -> None:
    tables_of(game).register_phase(phase, pt, en, replace)


def register_task(family: str, pt: str, en: str = "", replace: bool = False,
                  scope_roles: tuple[str, ...] | None = None, game: str = DEFAULT_GAME) -> None:
    tables_of(game).register_task(family, pt, en, replace, scope_roles)


def register_zone(zone: str, pt: str, en: str = "", replace: bool = False, game: str = DEFAULT_GAME) -> None:
    tables_of(game).register_zone(zone, pt, en, replace)


def register_note(key: str, pt: str, en: str = "", replace: bool = False, game: str = DEFAULT_GAME) -> None:
    tables_of(game).register_note(key, pt, en, replace)


# -- the model ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One line of a part: ``words`` (the table's or the model's), ``text`` (the card's own words, from the IR's
    ``text``), ``detail`` (the IR's notation, ``describe``), ``known``: the words came from a table (not the IR
    name shown as it is)."""

    words: Words
    text: str = ""
    detail: str = ""
    known: bool = True


@dataclass(frozen=True)
class Step:
    """One entry of the Tarefa: one procedure (one pause point of the Effects Tree)."""

    family: str
    words: Words
    text: str = ""                       # the clause it was lowered from
    detail: str = ""                     # describe(): family(role=value, ...)
    flags: tuple[Words, ...] = ()        # você pode, se o fizer, se <condição>
    known: bool = True
    executable: bool = True


@dataclass(frozen=True)
class Anatomy:
    """An effect in Apoteose's terms. ``generated``: the anatomies of the effects its procedures create (5.7 B)."""

    kind: EffectKind
    activation: Activation
    timing: tuple[Entry, ...] = ()
    limit: tuple[Entry, ...] = ()
    scope: tuple[Entry, ...] = ()
    task: tuple[Step, ...] = ()
    requirements: tuple[Entry, ...] = ()
    generated: tuple[Anatomy, ...] = ()
    keyword: str = ""                    # the keyword whose meaning the effect is (or the keyword characteristic)
    why: str = ""                        # an effect the engine does not run: why

    @property
    def known(self) -> bool:
        """Every name in it found its words (activation, every entry, every step)."""
        parts = (*self.timing, *self.limit, *self.scope, *self.requirements)
        return (self.activation is not Activation.UNKNOWN and all(e.known for e in parts)
                and all(s.known for s in self.task) and all(g.known for g in self.generated))


def anatomy(effect: Effect, action: ActionDef | None = None, tables: AnatomyTables | None = None) -> Anatomy:
    """``effect`` in Apoteose's terms. With ``action`` (``effect`` one of its modes), the action's own parts too:
    its types (timing), its limits, its cost, power, extra costs and targets (requirements), its keywords' procedures
    (task). ``tables``: the games' words (default :data:`TABLES`)."""
    t = tables if tables is not None else game_tables()
    if effect.kind is EffectKind.UNSUPPORTED:
        return Anatomy(effect.kind, Activation.UNKNOWN, why=effect.why or effect.text,
                       task=(_unread_step(effect.text, effect.why),))
    procedures = action.effect_procedures(effect) if action is not None else effect.procedures
    costs = tuple(p for p in procedures if _is_cost(p))
    body = tuple(p for p in procedures if not _is_cost(p))
    kind = EffectKind.ACTION if action is not None else effect.kind
    return Anatomy(
        kind=kind,
        activation=_KIND_ACTIVATION[kind],
        timing=_timing(effect, action, t),
        limit=_limit(effect, action, body, t),
        scope=_scope(effect, action, body, t),
        task=_task(effect, body, t),
        requirements=_requirements(effect, action, costs, t),
        generated=tuple(_generated_anatomy(g, t) for p in body for g in _generated(p)),
        keyword=effect.keyword or effect.from_keyword,
    )


def _generated_anatomy(effect: Effect, t: AnatomyTables) -> Anatomy:
    """An effect a procedure creates (5.7 B): its own anatomy, its timing led by the moment it is created."""
    found = anatomy(effect, tables=t)
    note = _note(t, "generated")
    return dataclasses.replace(found, timing=(note, *found.timing)) if note is not None else found


def card_anatomies(effects: tuple[Effect, ...], action: ActionDef | None,
                   tables: AnatomyTables | None = None) -> list[tuple[str, Anatomy]]:
    """Each effect's anatomy and each mode's of the action, labelled (``efeito 1``, ``ação X``, ``ação X, modo 2``)."""
    out = [(f"efeito {i}", anatomy(e, tables=tables)) for i, e in enumerate(effects, 1)]
    if action is not None:
        for i, mode in enumerate(action.modes, 1):
            label = f"ação {action.name}" + (f", modo {i}" if len(action.modes) > 1 else "")
            out.append((label, anatomy(mode, action, tables)))
    return out


# -- the parts ---------------------------------------------------------------------------------------------------

def _note(t: AnatomyTables, key: str, **values: str) -> Entry | None:
    words = t.notes.get(key)
    if words is None:
        return None
    return Entry(Words(words.pt.format(**values), words.english().format(**values)))


def _phase(t: AnatomyTables, name: str) -> tuple[Words, bool]:
    words = t.phases.get(name)
    return (words, True) if words is not None else (Words(name, name), False)


def _timing(e: Effect, action: ActionDef | None, t: AnatomyTables) -> tuple[Entry, ...]:
    out: list[Entry] = []
    if action is not None:
        for key, on in (("action:timing", True), ("action:anticipate", action.anticipate),
                        ("action:unforeseen", action.unforeseen)):
            note = _note(t, key)
            if on and note is not None:
                out.append(note)
        if not out:
            out.append(Entry(Words("quando o jogador usa a ação", "when the player uses the action"), known=False))
        return tuple(out)
    if e.trigger is not None:
        out.append(_event_entry(e.trigger, t))
    if e.window:
        phase, known = _phase(t, e.window)
        whose = WHOSE.get(e.whose_window)
        words = (Words(whose.pt.format(phase=phase.pt), whose.english().format(phase=phase.english()))
                 if whose is not None else Words(f"durante {phase.pt} ({e.whose_window})"))
        out.append(Entry(words, detail=f"window={e.window} whose={e.whose_window or 'you'}",
                         known=known and whose is not None))
    for p in e.procedures:                        # a replacement: the event it replaces (a role ``event``: a name)
        replaced = _role(p, "event")
        if isinstance(replaced, str) and replaced in t.timing:
            words = t.timing[replaced]
            out.append(Entry(Words(f"em vez de: {words.pt}", f"instead of: {words.english()}"),
                             detail=f"replaces {replaced}"))
    note = _note(t, f"kind:{e.kind.value}")
    if note is not None:
        out.append(note)
    if not out:
        out.append(Entry(Words("sempre que as regras o pedem", "whenever the rules ask for it"), known=False))
    return tuple(out)


def _event_entry(trigger: EventPattern, t: AnatomyTables) -> Entry:
    words = t.timing.get(trigger.event)
    known = words is not None
    if words is None:
        words = Words(trigger.event, trigger.event)
    if trigger.phase and trigger.phase != "current":
        phase, phase_known = _phase(t, trigger.phase)
        words = Words(f"{words.pt} ({phase.pt})", f"{words.english()} ({phase.english()})")
        known = known and phase_known
    return Entry(words, trigger.text, describe_event(trigger), known)


def _limit(e: Effect, action: ActionDef | None, body: tuple[Procedure, ...], t: AnatomyTables) -> tuple[Entry, ...]:
    out: list[Entry] = []
    if e.limit_per_turn:
        n = e.limit_per_turn
        out.append(Entry(Words("uma vez por turno", "once per turn") if n == 1
                         else Words(f"{n} vezes por turno", f"{n} times per turn"), detail=f"limit={n}/turn"))
    if e.trigger is not None and e.trigger.first_in_turn:
        out.append(Entry(Words("só a primeira vez em cada turno", "only the first time in each turn")))
    if e.trigger is not None and e.trigger.once_in_phase:
        out.append(Entry(Words("uma vez em cada fase em que acontece", "once in each phase it happens in")))
    if action is not None:
        note = _note(t, "action:limit")
        if note is not None:
            out.append(note)
        for key in sorted(k for k in t.notes if k.startswith("rule:")):
            rule = _note(t, key)
            if rule is not None and action.rules(key.removeprefix("rule:")):
                out.append(rule)
    lasting = e.duration if e.kind is not EffectKind.ACTION else Duration.INSTANT
    if lasting is Duration.INSTANT and action is None and e.kind in (EffectKind.STATIC, EffectKind.KEYWORD):
        lasting = Duration.WHILE_IN_PLACE
    out.append(Entry(DURATIONS[lasting], detail=f"duration={lasting.value}"))
    for p in body:                                # a step lasting longer than the effect ("até o final do turno")
        d = _role(p, "duration")
        if isinstance(d, Duration) and d in _LASTING:
            words = DURATIONS[d]
            out.append(Entry(Words(f"{_task_words(p, t)[0].pt}: {words.pt}", f"{_task_words(p, t)[0].english()}: "
                                   f"{words.english()}"), p.text, f"{p.family} duration={d.value}"))
    return tuple(out)


def _scope(e: Effect, action: ActionDef | None, body: tuple[Procedure, ...], t: AnatomyTables) -> tuple[Entry, ...]:
    zone = t.zones.get(e.zone)
    out = [Entry(Words(f"funciona {zone.pt}", f"works {zone.english()}") if zone is not None
                 else Words(f"funciona em: {e.zone}", f"works in: {e.zone}"), detail=f"zone={e.zone}",
                 known=zone is not None)]
    seen: set[str] = set()

    def add(sel: Selector, prefix: Words | None = None) -> None:
        words = selector_words(sel)
        if prefix is not None:
            words = Words(f"{prefix.pt}: {words.pt}", f"{prefix.english()}: {words.english()}")
        if words.pt not in seen:
            seen.add(words.pt)
            out.append(Entry(Words(f"afeta {words.pt}", f"affects {words.english()}"), detail=describe_selector(sel)))

    if action is not None:
        for sel in action.targets:
            kinds = kinds_words(sel)
            words = Words(f"afeta o alvo: {kinds.pt}", f"affects the target: {kinds.english()}")
            seen.add(words.pt)
            out.append(Entry(words, detail=describe_selector(sel)))
    introduced: set[str] = set()          # things an earlier step introduced were named by that step already
    for p in body:
        roles = t.scope_roles.get(p.family, DEFAULT_SCOPE_ROLES)
        for role in roles:
            value = _role(p, role)
            for sel in value if isinstance(value, tuple) else (value,):
                if not isinstance(sel, Selector) or action is not None and sel.ref is Ref.TARGET:
                    continue
                if sel.ref is Ref.SLOT and sel.slot.split(":rest")[0] in introduced:
                    continue
                add(sel)
        if p.introduces:
            introduced.add(p.introduces)
    return tuple(out)


def _task(e: Effect, body: tuple[Procedure, ...], t: AnatomyTables) -> tuple[Step, ...]:
    if e.kind is EffectKind.KEYWORD:
        args = " ".join(e.keyword_args)
        words = t.tasks.get("keyword") or Words("característica de palavra-chave", "keyword characteristic")
        return (Step("keyword", Words(f"{words.pt}: {e.keyword} {args}".rstrip(),
                                      f"{words.english()}: {e.keyword} {args}".rstrip()),
                     detail=f"keyword {e.keyword}", known=bool(e.keyword)),)
    steps: list[Step] = []
    for p in body:
        if isinstance(p, Unsupported):
            steps.append(_unread_step(p.text, p.why))
            continue
        words, known = _task_words(p, t)
        steps.append(Step(p.family, words, p.text, describe(p), _flags(p), known))
    return tuple(steps)


def _requirements(e: Effect, action: ActionDef | None, costs: tuple[Procedure, ...],
                  t: AnatomyTables) -> tuple[Entry, ...]:
    out: list[Entry] = []
    if action is not None:
        if action.cost_is_x:
            note = _note(t, "action:cost_x")
        elif action.cost is not None:
            note = _note(t, "action:cost", cost=str(action.cost))
        else:
            note = _note(t, "action:no_cost")
        if note is not None:
            out.append(note)
        if action.power:
            note = _note(t, "action:power", power=action.power)
            if note is not None:
                out.append(note)
        for p in action.costs:
            out.append(_cost_entry(p, t, "action:extra_cost"))
        for sel in action.targets:
            kinds = kinds_words(sel)
            note = _note(t, "action:target", target=kinds.pt)
            out.append(Entry(note.words if note is not None else Words(f"um alvo: {kinds.pt}",
                                                                       f"a target: {kinds.english()}"),
                             detail=describe_selector(sel)))
    for p in costs:
        out.append(_cost_entry(p, t, "cost"))
    if e.condition is not None:
        word = _CONDITION_WORD.get(e.kind, Words("se", "if"))
        text = condition_words(e.condition)
        out.append(Entry(Words(f"{word.pt} {text.pt}", f"{word.english()} {text.english()}"), e.condition.text,
                         describe_condition(e.condition)))
    return tuple(out)


def _cost_entry(p: Procedure, t: AnatomyTables, key: str) -> Entry:
    words, known = _task_words(p, t)
    note = _note(t, key, cost=words.pt)
    shown = note.words if note is not None else Words(f"custo: {words.pt}", f"cost: {words.english()}")
    return Entry(shown, p.text, describe(p) if not isinstance(p, Unsupported) else "unsupported", known)


# -- pieces --------------------------------------------------------------------------------------------------------

def _role(p: Procedure, name: str) -> object:
    """The value of ``p``'s role ``name`` (a dataclass field of its family), or None."""
    return getattr(p, name) if name in {f.name for f in dataclasses.fields(p)} else None


def _is_cost(p: Procedure) -> bool:
    """A procedure its family marks as paid before the rest (a boolean role ``cost``: Sky World's Consumir)."""
    return _role(p, "cost") is True


def _generated(p: Procedure) -> tuple[Effect, ...]:
    """The effects a procedure creates (5.7 B): its roles holding an Effect."""
    found: list[Effect] = []
    for f in dataclasses.fields(p):
        value = getattr(p, f.name)
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, Effect):
                found.append(v)
    return tuple(found)


def _task_words(p: Procedure, t: AnatomyTables) -> tuple[Words, bool]:
    words = t.tasks.get(p.family)
    return (words, True) if words is not None else (Words(p.family, p.family), False)


def _flags(p: Procedure) -> tuple[Words, ...]:
    flags: list[Words] = []
    if p.optional:
        flags.append(Words("você pode", "you may") if p.decider is None
                     else Words(f"{selector_words(p.decider).pt} pode", f"{selector_words(p.decider).english()} may"))
    if p.if_done:
        flags.append(Words("se o fizer", "if you do"))
    if p.if_not_done:
        flags.append(Words("se não o fizer", "if you do not"))
    if p.condition is not None:
        text = condition_words(p.condition)
        flags.append(Words(f"se {text.pt}", f"if {text.english()}"))
    return tuple(flags)


def _unread_step(text: str, why: str) -> Step:
    return Step("unsupported", Words("não executável", "not executable"), text, why, executable=False)


def selector_words(s: Selector) -> Words:
    """Whom or what a selector stands for: the card's own words (``Selector.text``) or, without them, the core's
    words of its reference or kind; the English is the IR's notation (``describe``)."""
    if s.text:
        return Words(s.text, describe_selector(s))
    if s.ref is not None:
        words = REFS[s.ref]
        if s.of is not None and s.ref in (Ref.OWNER, Ref.CONTROLLER):
            of = selector_words(s.of)
            return Words(f"{words.pt} de {of.pt}", f"{words.english()} of {of.english()}")
        return Words(words.pt, describe_selector(s))
    kind = KINDS[s.kind]
    return Words(f"{'cada' if s.every else 'um'} {kind.pt}", describe_selector(s))


def kinds_words(s: Selector) -> Words:
    """What a selector may stand for by kind ("um personagem ou suporte"), its filters in the IR's notation: an
    action's target (4.6.2 F.1), whose own words are only "o alvo"."""
    if s.ref is not None:
        return selector_words(s)
    kinds = [KINDS[k] for k in (s.kind, *s.also)]
    count = describe_quantity(s.count)
    lead = {"1": "um", "up to 1": "até um"}.get(count, count)
    pt = f"{lead} " + " ou ".join(k.pt for k in kinds)
    filters = "; ".join(filter_text(f) for f in s.filters)
    return Words(pt + (f" [{filters}]" if filters else ""), describe_selector(s))


def condition_words(c: Condition) -> Words:
    """A condition: the card's own words (``Condition.text``), else the IR's notation."""
    notation = describe_condition(c)
    return Words(c.text or notation, notation)


__all__ = [
    "ACTIVATION_WORDS", "DEFAULT_GAME", "DURATIONS", "FIELD_WORDS", "TABLES", "Activation", "Anatomy",
    "AnatomyTables", "Entry", "Step", "Words", "anatomy", "card_anatomies", "condition_words", "kinds_words",
    "register_note", "register_phase", "register_task", "register_timing", "register_zone", "selector_words",
    "tables_of",
]
