"""A compiled Sky World card -> the engine's :class:`~cardscript.games.sky_world.ir.SkyCard` (issue 14).

The header gives the numbers (``header.py``); each paragraph's seal its effect's kind, event, condition and zone
(``seals.py``); the body its procedures, read by the core's construction rules with this game's vocabulary and
frames (``meaning.py``). A keyword line ("Fortalecer 1.") is its prelude meaning, lowered the same way. Whatever no
rule reads is a located problem, and the paragraph's effect keeps the kind, zone and event its seal gives with one
``Unsupported`` procedure saying why (not executable; its anatomy still says how it would be used): never a
guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from cardscript.compiler.ast import Binding, EffectParagraph, KeywordLine, Paragraph, TextBlock
from cardscript.compiler.expand import KeywordUse
from cardscript.compiler.ir import (
    Condition,
    Effect,
    EffectKind,
    EventPattern,
    Filter,
    Kind,
    Procedure,
    Ref,
    Selector,
    Unsupported,
)
from cardscript.compiler.semantics.effects import permanent_paragraph, unread_words
from cardscript.compiler.semantics.reading import CardInfo, NotUnderstood, Reading
from cardscript.compiler.semantics.sentences import Problem, SentenceReader, read_sequence
from cardscript.games.sky_world.header import SkyHeader
from cardscript.games.sky_world.ir import CONDITION_KEYWORDS, KEYWORDS, Block, Consume, Fix, HeroPower, SkyCard
from cardscript.games.sky_world.meaning import reading
from cardscript.games.sky_world.seals import ReadSeal

_THIS = Selector(kind=Kind.CHARACTER, ref=Ref.THIS_CHARACTER, text="este personagem")
_KIND = {"ativar": EffectKind.ACTIVATED, "auto": EffectKind.TRIGGERED, "permanente": EffectKind.STATIC}


@dataclass
class LoweredSky:
    """A Sky World card's effect objects and what kept a part of it from being any."""

    card: SkyCard
    problems: list[Problem] = field(default_factory=list)
    paragraphs: list[Effect] = field(default_factory=list)    # each paragraph's effect, in the file's order


def lower_sky(header: SkyHeader, paragraphs: list[tuple[ReadSeal, Paragraph | None, str]], block: TextBlock | None,
              keywords: list[KeywordUse]) -> LoweredSky:
    """The card: each ``(seal, paragraph, text)`` (paragraph None: the body did not parse; text: the paragraph as
    written) lowered to one effect."""
    bindings = {b.span.start: b for b in block.bindings} if block is not None else {}
    info = CardInfo(header.name, kind=header.card_type)
    effects: list[Effect] = []
    problems: list[Problem] = []
    with reading():
        for seal, para, text in paragraphs:
            effect, found = _effect(seal, para, text, info, bindings, keywords)
            effects.append(effect)
            problems.extend(found)
    hero = header.card_type == "Herói"
    if hero:                     # a Herói's CONTÍNUA works from the Herói, outside the five slots (its passive)
        effects = [replace(e, zone="hero") if e.kind is EffectKind.STATIC else e for e in effects]
    power = next((e for e in effects if hero and e.kind is EffectKind.ACTIVATED and e.zone == "hero"), None)
    card = SkyCard(title=header.name, name=header.name, card_type="Herói" if hero else "Personagem",
                   requirement=header.requirement or 0, consumption=header.consumption, power=header.power or 0,
                   faith=header.faith or 0, stage=header.stage or 1, insignia=header.insignia or "",
                   effects=tuple(e for e in effects if e is not power and e.kind is not EffectKind.KEYWORD),
                   keywords=tuple(e.keyword for e in effects if e.kind is EffectKind.KEYWORD),
                   hero_power=HeroPower(power, cost=header.power_cost, evolutions=header.tier)
                   if power is not None else None)
    return LoweredSky(card, problems, effects)


def _effect(seal: ReadSeal, para: Paragraph | None, text: str, info: CardInfo, bindings: dict[int, Binding],
            keywords: list[KeywordUse]) -> tuple[Effect, list[Problem]]:
    zone = seal.seal.zone
    kind = _KIND[seal.seal.activation]
    trigger = _trigger(seal) if kind is EffectKind.TRIGGERED else None
    condition = Condition(seal.qualifier_condition, text=seal.qualifier) if seal.qualifier else None
    if para is None:
        return Effect(kind, (Unsupported(why=NOT_READ, text=text),), trigger=trigger, condition=condition, zone=zone,
                      text=text, why=NOT_READ), []
    prefix = _condition_keyword(para, keywords)
    if prefix is not None:
        condition = prefix if condition is None else Condition("all", all_of=(condition, prefix))
    characteristic = _characteristic(para, keywords)
    if characteristic and kind is EffectKind.STATIC:   # "CONTÍNUA: Salvaguarda.": a rule the engine applies (5.6)
        return Effect(EffectKind.KEYWORD, keyword=characteristic, zone=zone, text=text), []
    procedures, problems = (_meaning(para, info, bindings, keywords, static=kind is EffectKind.STATIC))
    if problems:
        why = "; ".join(p.message for p in problems)
        return Effect(kind, (Unsupported(why=why, text=text),), trigger=trigger, condition=condition, zone=zone,
                      text=text, why=why), problems
    return Effect(kind, tuple(procedures), trigger=trigger, condition=condition, zone=zone, text=text), []


NOT_READ = "the text does not read"


def _on_host(proc: Procedure, onto: Selector) -> Procedure:
    """A Fixe grant's procedure with the character fixed on (``onto``: "o sucessor", the event's slot) as the
    grant's THIS_CHARACTER -- its host when the grant applies (``queries.statics``)."""
    if onto.ref is not Ref.SLOT:
        return proc
    changed: dict[str, object] = {f.name: _THIS for f in fields(proc) if isinstance(getattr(proc, f.name), Selector)
               and getattr(proc, f.name).ref is Ref.SLOT and getattr(proc, f.name).slot == onto.slot}
    return replace(proc, **changed) if changed else proc    # type: ignore[arg-type]


def _characteristic(para: Paragraph, keywords: list[KeywordUse]) -> str:
    """The keyword of a keyword line that is a characteristic the engine applies (``ir.KEYWORDS``: Salvaguarda,
    Interceptar), or ""; its prelude meaning says the rule in words, the engine keeps it."""
    if not isinstance(para, KeywordLine):
        return ""
    use = next((u for u in keywords if para.span.start <= u.span.start < para.span.end), None)
    return use.definition.name if use is not None and use.definition.name in KEYWORDS else ""


def _condition_keyword(para: Paragraph, keywords: list[KeywordUse]) -> Condition | None:
    """The condition a condition keyword before the effect gives it ("Reserva 4 - ...": ``reserve`` 4; Apogeu,
    Formação: ``ir.CONDITION_KEYWORDS``), or None."""
    prefix = para.keyword_prefix if isinstance(para, EffectParagraph) else None
    if prefix is None:
        return None
    use = next((u for u in keywords if prefix.span.start <= u.span.start < prefix.span.end), None)
    if use is None or use.name not in CONDITION_KEYWORDS:
        return None
    return Condition(CONDITION_KEYWORDS[use.name], value=use.value or "", text=use.written)


def _trigger(seal: ReadSeal) -> EventPattern:
    """The seal's event: this character's (it enters, attacks, dies...) or, for the turn's and the others', any;
    ``AO ENTRAR UM <nome>``: another allied card of that name."""
    if seal.name:
        ally = Selector(kind=Kind.CHARACTER, excluding=_THIS, text=f"um {seal.name}",
                        filters=(Filter("controller", "eq", "you"), Filter("name", "eq", seal.name)))
        return EventPattern(seal.seal.event, subject=ally, text=f"{seal.seal.words} {seal.name.upper()}")
    return EventPattern(seal.seal.event, subject=_THIS if seal.seal.of_this else None, text=seal.seal.words)


def _meaning(para: Paragraph, info: CardInfo, bindings: dict[int, Binding], keywords: list[KeywordUse],
             static: bool) -> tuple[list[Procedure], list[Problem]]:
    if isinstance(para, KeywordLine):
        use = next((u for u in keywords if para.span.start <= u.span.start < para.span.end), None)
        if use is None or use.block is None:
            return [], [Problem(f"{para.keyword}: the keyword's meaning did not compile", para)]
        inner = {b.span.start: b for b in use.block.bindings}
        out: list[Procedure] = []
        found: list[Problem] = []
        for meaning in use.block.paragraphs:
            procs, inner_problems = _meaning(meaning, CardInfo(info.name, kind=info.kind, keyword=use.name), inner,
                                             keywords, static)
            out.extend(procs)
            found.extend(Problem(f"{use.name}: {p.message}", p.node, p.roles, span=use.span) for p in inner_problems)
        return out, found
    r = Reading(info, bindings)
    if isinstance(para, EffectParagraph) and para.keyword_prefix is not None \
            and _condition_keyword(para, keywords) is not None:
        r.use(para.keyword_prefix)             # read as the effect's condition (_condition_keyword)
    if static:
        lowered = permanent_paragraph(para, r)
        if lowered.problems:
            return [], lowered.problems
        return [p for e in lowered.effects for p in e.procedures], []
    reader = SentenceReader(r, static_context=False)
    procedures: list[Procedure] = []
    problems: list[Problem] = []
    grants: list[Procedure] = []
    try:
        for k, sentence in enumerate(para.sentences):
            if procedures and isinstance(procedures[-1], Fix) and sentence.cost is None:
                # after "Fixe ...": what the bound card grants its character while bound (Legado + Fixe: "fixe-a no
                # sucessor e conceda o efeito escrito"), read as a CONTÍNUA's text
                seq = read_sequence(SentenceReader(r, static_context=True), sentence.body, first_sentence=False,
                                    allow_modes=False)
                problems.extend(seq.problems)
                grants.extend(p for mode in seq.modes for p in mode)
                continue
            if sentence.cost is not None:          # "Consuma 1 Essência: ..." -- paid before the rest
                if k:
                    problems.append(Problem("a cost after the effect's first sentence", sentence))
                costs = read_sequence(reader, sentence.cost, first_sentence=True, allow_modes=False, options=False)
                problems.extend(costs.problems)
                for p in (p for mode in costs.modes for p in mode):
                    if isinstance(p, Consume | Block):
                        procedures.append(replace(p, cost=True))
                    else:
                        problems.append(Problem("a cost other than Consumir or Bloquear", sentence))
            seq = read_sequence(reader, sentence.body, first_sentence=k == 0 and sentence.cost is None,
                                allow_modes=False)
            problems.extend(seq.problems)
            procedures.extend(p for mode in seq.modes for p in mode)
    except NotUnderstood as exc:
        problems.append(Problem(str(exc), exc.node, exc.roles))
    if grants and procedures and isinstance(procedures[-1], Fix):
        fix = procedures[-1]
        granted = tuple(replace(_on_host(p, fix.onto), optional=False) for p in grants)   # "pode atacar": a permission
        procedures[-1] = replace(fix, grants=(Effect(EffectKind.STATIC, granted,
                                                     zone="fixed", text=" ".join(p.text for p in grants)),))
    if reader.leads.trigger is not None and not problems:
        problems.append(Problem("a trigger after the seal (the seal is the trigger)", para))
    unread_words(para, r, problems)
    if any(isinstance(p, Unsupported) for p in procedures) and not problems:
        problems.append(Problem("; ".join(p.why for p in procedures if isinstance(p, Unsupported)), para))
    return procedures, problems
