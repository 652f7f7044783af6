"""English noun phrases and clauses of the IR's vocabulary (``ir/core.py``): selectors, quantities, filters,
conditions, event patterns, durations -- the pieces the procedure templates (``templates/en/``) are built from.

Anything this module has no English for raises :class:`Untranslated`: the procedure or effect holding it is then
rendered as its Portuguese text in brackets (never a guessed meaning)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from cardscript.compiler.english import terms
from cardscript.compiler.ir.base import Procedure
from cardscript.compiler.ir.core import Condition, Count, Duration, EventPattern, Filter, Kind, Quantity, Ref, Selector


class Untranslated(Exception):
    """A part of the IR with no English rendering (the message says which)."""


@dataclass
class Context:
    """What a phrase needs to know beyond its object: the card (its action's name), the slots introduced so far
    (what "that card" is: the revealed card, the chosen character...)."""

    action_name: str = ""
    card_noun: str = "card"
    event_subject: str = ""      # the firing event's subject when the trigger names it ("this scenario")
    plural_targets: dict[int, str] = field(default_factory=dict)   # the action's targets that are several: their
    #                                                                 words ("up to four targets")
    slots: dict[str, str] = field(default_factory=dict)    # slot -> participle ("chosen", "revealed")

    def introduce(self, proc: Procedure, participle: str) -> None:
        if proc.introduces:
            self.slots[proc.introduces] = participle


def number(n: int) -> str:
    return terms.NUMBERS[n] if 0 <= n < len(terms.NUMBERS) else str(n)


def power(code: str) -> str:
    """A power in running text: its icon, as the printed cards write it (language-neutral)."""
    return "{" + code + "}"


def power_name(code: str) -> str:
    return terms.POWERS.get(code, code)


def keyword(name: str) -> str:
    return terms.KEYWORDS.get(name, name)


def phase(name: str) -> str:
    if name not in terms.PHASES:
        raise Untranslated(f"phase {name!r}")
    return terms.PHASES[name]


def quantity(q: Quantity | int, noun: tuple[str, str] | None = None, digits: bool = False) -> str:
    """``two cards``, ``up to three characters``, ``X``; with ``noun`` (singular, plural) the noun agrees."""
    if isinstance(q, int):
        q = Quantity.of(q)
    if q.any_number:
        text, plural = "any number of", True
    elif q.x_times:
        text = "X" if q.x_times == 1 else f"{q.x_times}X"
        if q.x_times == -1:
            text = f"{q.fixed}-X"
        elif q.fixed:
            text += f"{q.fixed:+d}"
        plural = True
    else:
        text, plural = (str(q.fixed) if digits else number(q.fixed)), q.fixed != 1
        if q.or_more:
            text += " or more"
            plural = True
    if q.up_to:
        text = "up to " + text
    if noun is not None:
        text = f"{text} {noun[1] if plural else noun[0]}"
    return text


def x_definition(q: Quantity | None, ctx: Context) -> str:
    """", where X is <count>" when ``q`` counts an X (else "")."""
    if q is None or not q.x_times or q.x is None:
        return ""
    return f", where X is {count(q.x, ctx)}"


def count(c: Count, ctx: Context) -> str:
    if c.when is not None and c.otherwise is not None:
        from dataclasses import replace

        return (f"{count(replace(c, when=None, otherwise=None), ctx)} if {condition(c.when, ctx)}, "
                f"otherwise {count(c.otherwise, ctx)}")
    if c.when is not None or c.offset or c.subtracted or c.divisor != 1:
        raise Untranslated("a conditional or computed count")
    if c.fixed is not None:
        return str(c.fixed)
    if c.event == "amount":
        return "that same number"
    if c.event or c.what is None:
        raise Untranslated(f"count of {c.event or '?'}")
    what = selector(c.what, ctx, plural=True)
    attributes = {"": "the number of ", "energy": "the energy of ", "initial_energy": "the Initial Energy of ",
                  "shield": "the Shield of ", "powers": "the number of powers of ",
                  "stage": "the Capacitation Stage of "}
    if c.attribute not in attributes:
        raise Untranslated(f"count attribute {c.attribute!r}")
    mult = f"{number(c.multiplier)} times " if c.multiplier != 1 else ""
    return f"{mult}{attributes[c.attribute]}{what}"


def per(c: Count, ctx: Context) -> str:
    """"for each <thing>" of a damage multiplied by a count."""
    from dataclasses import replace

    if c.what is None or c.attribute or c.when is not None or c.event or c.fixed is not None:
        raise Untranslated("a computed multiplier")
    if c.what.ref is not None or c.what.union:
        return "for each of " + selector(c.what, ctx, plural=True)
    return "for " + selector(replace(c.what, every=True), ctx)


_KEYWORD_WORDS = {"ação": "action", "ações": "actions", "afiliação": "affiliation", "afiliações": "affiliations",
                  "poder": "power", "personagem": "character", "personagens": "characters"}
# the phrases a keyword's argument is written with (Prontidão - ações de {AE}, Atrasar {1} - personagem sem a
# afiliação X, ... controlado por um oponente); names inside them stay as written
_KEYWORD_PHRASES = [
    (re.compile(r"^de (\{[A-Z]{2}\})$"), r"of \1"),
    (re.compile(r"^(personagens?|ações|ação) de (\{[A-Z]{2}\})$"), r"\1 of \2"),
    (re.compile(r"\bsem a afiliação (.+)$"), r"without the \1 affiliation"),
    (re.compile(r"\bcom a afiliação (.+)$"), r"with the \1 affiliation"),
    (re.compile(r"\bcontrolad[oa]s? por um oponente$"), "an opponent controls"),
    (re.compile(r"\bque você controla$"), "you control"),
    (re.compile(r"^afiliação (.+)$"), r"affiliation \1"),
    (re.compile(r"^personagens\b"), "characters"),
    (re.compile(r"^personagem\b"), "character"),
    (re.compile(r"^ações\b"), "actions"),
    (re.compile(r"^ação\b"), "action"),
]


def keyword_line(name: str, args: tuple[str, ...]) -> str:
    """A keyword with its arguments: ``Lead {1} - affiliation Tropa Alfa``, ``Readiness - actions X and Y``."""
    head = keyword(name)
    rest = list(args)
    icons: list[str] = []
    while rest and (re.fullmatch(r"\{\w+\}( ou \{\w+\})*", rest[0]) or rest[0] == "ou" and icons):
        icons.extend(w for w in rest.pop(0).split() if w != "ou")
    if icons:
        head = f"{head} {' or '.join(icons)}"
    if not rest:
        return head
    if len(rest) > 2 and rest[0].lower() in ("ações", "ação"):      # "ações", "A", "B": actions A and B
        return f"{head} - {_KEYWORD_WORDS[rest[0].lower()]} {' and '.join(rest[1:])}"
    text = " ".join(_KEYWORD_WORDS.get(a.lower(), a) if len(rest) == 1 else a for a in rest)
    for pattern, replacement in _KEYWORD_PHRASES:
        text = pattern.sub(replacement, text)
    return f"{head} - {text}"


def _kind_noun(s: Selector) -> tuple[str, str]:
    nouns = [terms.KINDS[k.value] for k in (s.kind, *s.also)]
    for f in s.filters:
        if f.field == "card_type" and f.op == "eq" and isinstance(f.value, str):
            base = terms.TYPE_CARDS.get(f.value)
            if base is None:
                raise Untranslated(f"card type {f.value!r}")
            return f"{base} card", f"{base} cards"
        if f.field == "kind" and f.op == "eq" and isinstance(f.value, str) and f.value in terms.KINDS:
            nouns = [terms.KINDS[f.value]]
    if len(nouns) == 1:
        return nouns[0]
    return " or ".join(n[0] for n in nouns), " or ".join(n[1] for n in nouns)


def _names(value: str) -> str:
    return " or ".join(value.split("/"))


def _filter(f: Filter, ctx: Context, plural: bool) -> tuple[str, str]:
    """One filter: (``pre``: an adjective before the noun, or ``post``: a phrase after it); one of them is ""."""
    v = f.value
    sel = selector(v, ctx, True if v.every and v.ref is None else None) if isinstance(v, Selector) else ""
    s = "" if plural else "s"
    be = "are" if plural else "is"
    match (f.field, f.op):
        case ("card_type", "eq") | ("kind", "eq"):
            return "", ""
        case ("card_type", "ne") if isinstance(v, str):
            return "non-" + terms.TYPE_CARDS.get(v, v), ""
        case ("controller", "eq") if v == "you":
            return "", "you control"
        case ("controller", "eq") if v == "opponent":
            return "", "an opponent controls"
        case ("controller", "ne") if v == "you":
            return "", "you do not control"
        case ("controller", "eq") if sel:
            return "", f"controlled by {sel}"
        case ("alignment", "has") if isinstance(v, str) and v in terms.ALIGNMENTS:
            return terms.ALIGNMENTS[v], ""
        case ("alignment", "lacks") if isinstance(v, str) and v in terms.ALIGNMENTS:
            return "non-" + terms.ALIGNMENTS[v], ""
        case ("affiliation", "has") | ("affiliation", "has_any") if isinstance(v, str):
            return "", f"with the {_names(v)} affiliation"
        case ("affiliation", "lacks") if isinstance(v, str):
            return "", f"without the {v} affiliation"
        case ("affiliation", "shares"):
            return "", f"that share{s} an affiliation with {sel}"
        case ("affiliation", "chosen"):
            return "", "with the chosen affiliation"
        case ("power", "has") if isinstance(v, str):
            return "", f"with {power(v)}"
        case ("power", "lacks") if isinstance(v, str):
            return "", f"without {power(v)}"
        case ("power", "chosen"):
            return "", "of the chosen power"
        case ("alter_ego", "eq") if isinstance(v, str):
            return "", f"with the alter ego {v}"
        case ("alter_ego", "shares"):
            return "", f"with the same alter ego as {sel}"
        case ("name", "eq") | ("name", "has_any") if isinstance(v, str):
            return "", f"named {_names(v)}"
        case ("name", "ne") if isinstance(v, str):
            return "", f"not named {v}"
        case ("name", "shares"):
            return "", f"with the same name as {sel}"
        case ("name_or_alter_ego", "shares"):
            return "", f"with the same name or alter ego as {sel}"
        case ("identity", "shares"):
            other = sel if not sel.startswith(("a ", "an ")) else "another " + sel.split(" ", 1)[1]
            return "", f"with the same identity (alter ego, or name if it has none) as {other}"
        case ("name", "chosen"):
            return "", "with the chosen name"
        case ("card_type", "chosen"):
            return "", "of the chosen card type"
        case ("keyword", "has") if isinstance(v, str):
            return "", f"with {keyword(v)}"
        case ("carrying", "has"):
            return "", f"carrying {sel}"
        case ("user", "eq") if isinstance(v, Selector) and v.kind in (Kind.CARD, Kind.ABILITY, Kind.SUPPORT):
            return "", f"of {sel}"
        case ("user", "eq"):
            return "", f"used by {sel}"
        case ("holder", "eq"):                           # the actions written on that card (4.6.2 C.3)
            return "", f"of {sel}"
        case ("damaging", "eq"):
            return "", "that cause damage" if plural else "that causes damage"
        case ("since_turn_start", "eq"):
            return "", "you have controlled since the start of the turn"
        case ("entered_this_turn", "eq"):
            return "", "that entered the scene this turn"
        case ("damaged_this_turn", "eq"):
            return "", "that received damage this turn"
        case ("targeted", "eq"):
            return "", "with targets"
        case ("zone", "in") if isinstance(v, str) and v in terms.ZONES:
            where = {"scene": "the scene", "prizes": "a player's prizes"}.get(v, f"its owner's {terms.ZONES[v]}")
            return "", f"in {where}"
        case ("action_type", "has") if isinstance(v, str) and v in terms.ACTION_TYPES:
            return terms.ACTION_TYPES[v], ""
        case ("printed_action_type", "ne") if isinstance(v, str) and v in terms.ACTION_TYPES:
            return "", f"not printed as {terms.ACTION_TYPES[v]} action{'s' if plural else ''}"
        case ("cost", "in") if isinstance(v, str):
            return "", "with cost " + " or ".join("{" + c + "}" for c in v.split("/"))
        case ("initial_energy", "ge") if isinstance(v, str):
            return "", f"with Initial Energy {v} or greater"
        case ("initial_energy", "le") if isinstance(v, str):
            return "", f"with Initial Energy {v} or less"
        case ("stage", "eq") if isinstance(v, str):
            return "", f"at Stage {{{v}}}"
        case ("energy", "eq") if isinstance(v, str):
            return "", f"with energy {v}"
        case ("targets", "lacks"):
            return "", f"that do{'' if plural else 'es'} not target {sel}"
        case ("used_this_turn", "has"):
            return "", f"that {be} an action {sel} used this turn"
    raise Untranslated(f"filter {f.field} {f.op}")


def filters(fs: tuple[Filter, ...], ctx: Context, plural: bool = False) -> tuple[str, str]:
    pre: list[str] = []
    post: list[str] = []
    for f in sorted(fs, key=lambda f: f.field != "controller"):
        a, b = _filter(f, ctx, plural)
        if a:
            pre.append(a)
        if b:
            post.append(b)
    return " ".join(pre), " ".join(post)


def action_filters(fs: tuple[Filter, ...], ctx: Context, plural: bool = True) -> str:
    """``actions of {AG} used by this character``: the actions a filter list describes."""
    pre, post = filters(fs, ctx, plural)
    noun = "actions" if plural else "action"
    return " ".join(x for x in (pre, noun, post) if x)


def _owner(ref: Ref | None, s: Selector | None, ctx: Context) -> str:
    if ref is Ref.YOU:
        return "your"
    if ref is Ref.OPPONENT:
        return "your opponent's"
    if ref is Ref.EVERY_PLAYER:
        return "each player's"
    if ref is Ref.OWNER:
        return "its owner's"
    if ref is Ref.CONTROLLER:
        return "its controller's"
    if ref is None and s is not None:
        return possessive(s, ctx)
    raise Untranslated(f"zone owner {ref}")


def possessive(s: Selector, ctx: Context) -> str:
    """``your``, ``your opponent's``, ``its owner's``, ``<np>'s``."""
    if s.ref is Ref.YOU:
        return "your"
    if s.ref is Ref.OPPONENT:
        return "your opponent's"
    if s.ref is Ref.OWNER:
        return "its owner's" if s.of is None or s.of.ref is Ref.THIS_CARD else f"the owner of {selector(s.of, ctx)}'s"
    if s.ref is Ref.CONTROLLER:
        return "its controller's" if s.of is None else f"{selector(s, ctx)}'s"
    return f"{selector(s, ctx)}'s"


def _ref(s: Selector, ctx: Context, plural: bool) -> str:
    match s.ref:
        case Ref.THIS_CARD:
            return f"this {ctx.card_noun}"
        case Ref.THIS_CHARACTER:
            return "this character"
        case Ref.THIS_ACTION:
            return ctx.action_name or "this action"
        case Ref.TARGET:
            if s.index < 0:
                return "each target"
            if s.index in ctx.plural_targets:
                words = ctx.plural_targets[s.index]
                return words if words.startswith("up to") else "the " + words
            return "the target" if s.index == 0 else f"target #{s.index + 1}"
        case Ref.YOU:
            return "you"
        case Ref.OPPONENT:
            return "your opponent"
        case Ref.EVERY_PLAYER:
            return "each player"
        case Ref.ACTION_USER:
            return "the character that used this action"
        case Ref.OWNER:
            return "its owner" if s.of is None else f"the owner of {selector(s.of, ctx)}"
        case Ref.CONTROLLER:
            return "its controller" if s.of is None else f"the controller of {selector(s.of, ctx)}"
        case Ref.SLOT:
            return _slot(s, ctx, plural)
    raise Untranslated(f"reference {s.ref}")


def _slot(s: Selector, ctx: Context, plural: bool) -> str:
    noun = _kind_noun(s)
    slot = s.slot
    if slot.startswith("event:"):
        role = slot.split(":", 1)[1]
        if role == "subject" and ctx.event_subject:
            return ctx.event_subject
        if role == "action":
            return "that action"
        if role == "player":
            return "that player"
        return f"th{'ose' if plural else 'at'} {noun[1] if plural else noun[0]}"
    base = slot.split(":rest")[0]
    participle = ctx.slots.get(base, "")
    if slot.endswith(":rest"):
        return f"the other {noun[1]}"
    if participle:
        return f"the {participle} {noun[1] if plural else noun[0]}"
    return f"th{'ose' if plural else 'at'} {noun[1] if plural else noun[0]}"


def selector(s: Selector, ctx: Context, plural: bool | None = None) -> str:
    """The noun phrase of a selector: ``this character``, ``the target``, ``a character you control``,
    ``each Villain character``, ``up to two ability cards from your resources``."""
    if s.random or s.different or s.same or s.next_only or s.chooser is not None:
        raise Untranslated("a selector with a random, distinct or delegated choice")
    if s.ref is not None:
        out = _ref(s, ctx, bool(plural))
        if s.filters:
            pre, post = filters(s.filters, ctx)
            out = " ".join(x for x in (out, pre, post) if x)
        return out
    if s.union:
        if not s.every and all(u.every and u.ref is None for u in s.union):    # "um dos personagens que ..."
            inner = " or ".join(selector(u, ctx, True) for u in s.union)
            return f"{quantity(s.count)} of the {inner}"
        inner = " or ".join(selector(u, ctx, plural) for u in s.union)
        if s.filters:                    # the things of the union that match ("... do tipo escolhido")
            pre, post = filters(s.filters, ctx, bool(plural))
            inner = " ".join(x for x in (pre, inner, post) if x)
        return inner
    noun = _kind_noun(s)
    many = plural if plural is not None else (s.every or s.count.fixed != 1 or s.count.up_to
                                              or bool(s.count.x_times) or s.count.any_number)
    pre, post = filters(s.filters, ctx, bool(many) and not (s.every and plural is None))
    if s.targeted:
        pre = ("target " + pre).strip()
    if s.excluding is not None:
        ex = s.excluding
        if ex.ref in (Ref.THIS_CHARACTER, Ref.THIS_CARD) or ex.ref is Ref.SLOT:
            pre = ("other " + pre).strip() if (s.every or many) else ("another " + pre).strip()
        else:
            post = (post + f" other than {selector(ex, ctx)}").strip()
    zone = _zone(s, ctx)
    if s.every and s.zone in ("deck_top", "deck_bottom"):
        head = f"the {quantity(s.count)}"
        body = " ".join(x for x in (pre, noun[1] if s.count.fixed != 1 else noun[0]) if x)
        return " ".join(x for x in (head, body, zone, post) if x).replace("the one card", "the card")
    if s.zone in ("deck_top", "deck_bottom"):
        head = quantity(s.count)
        body = " ".join(x for x in (pre, noun[1] if many else noun[0]) if x)
        return " ".join(x for x in (head, body, zone, post) if x)
    if plural:
        body = " ".join(x for x in (pre.replace("another", "other"), noun[1]) if x)
        return " ".join(x for x in (body, post, zone) if x)
    if s.every:
        word_noun = noun[0]
        head = "each"
        if pre.startswith("other"):
            head, pre = "each other", pre[len("other"):].strip()
        body = " ".join(x for x in (pre, word_noun) if x)
        return " ".join(x for x in (head, body, post, zone) if x)
    body = " ".join(x for x in (pre, noun[1] if many else noun[0]) if x)
    if many:
        head = quantity(s.count)
        if pre.startswith("another"):
            head, body = quantity(s.count), body.replace("another", "other", 1)
    else:
        head = "" if pre.startswith("another") else ("an" if body[:1].lower() in "aeiou" else "a")
    if s.distinct:
        body = "different " + body
    return " ".join(x for x in (head, body, post, zone) if x)


def _zone(s: Selector, ctx: Context) -> str:
    if not s.zone or s.zone == "scene":
        return "in the scene" if s.zone == "scene" and s.kind is Kind.CARD else ""
    if s.zone == "carried":
        if s.of is None:
            raise Untranslated("carried cards of no one")
        return f"{selector(s.of, ctx)} is carrying"
    if s.zone == "carried_before":
        raise Untranslated("the cards carried before")
    owner = _owner(s.zone_owner, s.of, ctx) if (s.zone_owner is not None or s.of is not None) else "your"
    if s.zone == "deck_top":
        return f"from the top of {owner} deck"
    if s.zone == "deck_bottom":
        return f"from the bottom of {owner} deck"
    if s.zone not in terms.ZONES:
        raise Untranslated(f"zone {s.zone!r}")
    return f"from {owner} {terms.ZONES[s.zone]}" if s.zone != "set_aside" else "set aside"


def area(to: str, owner: Selector | None, ctx: Context) -> str:
    """Where a moved card goes: ``into your hand``, ``on top of its owner's deck``, ``into your opponent's prizes``."""
    whose = possessive(owner, ctx) if owner is not None else "its owner's"
    match to:
        case "hand" | "resources" | "prizes":
            return f"into {whose} {to}"
        case "deck_top":
            return f"on top of {whose} deck"
        case "deck_bottom":
            return f"at the bottom of {whose} deck"
        case "set_aside":
            return "aside"
    raise Untranslated(f"area {to!r}")


def duration(d: Duration, ctx: Context) -> str:
    """The words a duration adds at the end of a clause (5.7 A)."""
    return {Duration.INSTANT: "", Duration.WHILE_IN_PLACE: "", Duration.WHILE_SOURCE: "",
            Duration.END_OF_TURN: " until the end of the turn", Duration.MATCH: " for the rest of the match",
            Duration.UNTIL_NEXT_TURN: " until the start of your next turn",
            Duration.NEXT_TURN: " during the next turn"}[d]


def _is(s: Selector, fs: tuple[Filter, ...], ctx: Context, negated: bool) -> str:
    """``this card is in a player's prizes``, ``the target has {AG}``, ``that character is a Villain``."""
    subject = selector(replace(s, filters=()), ctx)
    parts: list[str] = []
    for f in fs:
        if f.field in ("kind", "card_type") and f.op == "eq":
            if f.field == "card_type" or not any(g.field == "card_type" for g in fs):
                noun = _kind_noun(replace(s, filters=(f,)))[0]
                parts.append(("is not " if negated else "is ") + ("an " if noun[:1] in "aeiou" else "a ") + noun)
            continue
        if f.field == "used_this_turn" and isinstance(f.value, Selector):
            parts.append(f"{'has not used' if negated else 'has used'} {selector(f.value, ctx)} this turn")
            continue
        pre, post = _filter(f, ctx, False)
        if pre:
            parts.append(("not " if negated else "") + ("an " if pre[:1].lower() in "aeiou" else "a ") + pre
                         + " " + _kind_noun(s)[0])
        elif post.startswith(("with ", "without ")):
            word = "with" if post.startswith("with ") else "without"
            rest = post[len(word) + 1:]
            verb = ("does not have" if negated else "has") if word == "with" else ("has" if negated else "lacks")
            parts.append(f"{verb} {rest}")
        elif post in _CONTROL:
            parts.append(_CONTROL[post][negated])
        elif post.startswith("in "):
            parts.append(("is not " if negated else "is ") + post)
        elif post.startswith(("that ", "carrying ", "you ", "an opponent", "controlled ", "named ", "at ")):
            phrase = post[5:] if post.startswith("that ") else post
            parts.append(f"{'is not' if negated else 'is'} {phrase}" if not post.startswith("that ")
                         else ("does not " if negated else "") + phrase)
        else:
            raise Untranslated("condition on " + post)
    if not parts:
        raise Untranslated("empty condition")
    fixed = []
    for p in parts:
        if p.startswith(("a ", "an ", "not a")):
            p = ("is " + p) if not p.startswith("not") else "is " + p
        fixed.append(p)
    text = " and ".join(fixed)
    text = text.replace(" is you control", " is controlled by you").replace(" is an opponent controls",
                                                                            " is controlled by an opponent")
    return f"{subject} {text}"


_COMPARE = {"eq": "equal to", "ge": "at least", "le": "at most", "gt": "greater than", "lt": "less than"}
_CONTROL = {
    "you control": ("is controlled by you", "is not controlled by you"),
    "an opponent controls": ("is controlled by an opponent", "is not controlled by an opponent"),
    "you do not control": ("is not controlled by you", "is controlled by you"),
    "you have controlled since the start of the turn": ("has been controlled by you since the start of the turn",
                                                         "has not been controlled by you since the start of the turn"),
}


def condition(c: Condition, ctx: Context) -> str:
    """A condition as a clause after "if" / "while": ``you control a character with {AG}``."""
    if c.all_of:
        return " and ".join(condition(x, ctx) for x in c.all_of)
    if c.any_of:
        return " or ".join(condition(x, ctx) for x in c.any_of)
    neg = c.negated
    match c.kind:
        case "is" if c.subject is not None:
            return _is(c.subject, c.subject.filters, ctx, neg) if c.subject.ref is not None else \
                f"{selector(c.subject, ctx)} is in the scene"
        case "exists" if c.subject is not None and c.subject.ref is not None:
            return _is(c.subject, c.subject.filters, ctx, neg)
        case "exists" if c.subject is not None:
            n = int(c.value or "1")
            what = selector(_with_count(c.subject, n), ctx)
            if neg:
                return f"there is no {selector(_with_count(c.subject, 1), ctx)[2:].lstrip('n ').strip()}" \
                    if n == 1 else f"there are fewer than {number(n)} such"
            return f"there {'is' if n == 1 else 'are'} {'at least ' if n > 1 else ''}{what}"
        case "controls" if c.subject is not None:
            n = int(c.value or "1")
            what = selector(_with_count(c.subject, n), ctx)
            return f"you {'do not control' if neg else 'control'} {'at least ' if n > 1 else ''}{what}"
        case "has_power" if c.subject is not None:
            return f"{selector(c.subject, ctx)} {'does not have' if neg else 'has'} {power(c.value)}"
        case "now" if c.value or c.whose:
            when = phase(c.value) if c.value else "turn"
            whose = {"you": "your", "opponent": "an opponent's", "": "the"}.get(c.whose, "the")
            return f"it is {'not ' if neg else ''}{whose} {when}"
        case "searched" if c.value in terms.ZONES:
            return f"you {'did not search' if neg else 'searched'} your {terms.ZONES[c.value]}"
        case "compare" if c.left is not None and c.right is not None and c.value in _COMPARE:
            return f"{quantity(c.left, digits=True)} is {_COMPARE[c.value]} {quantity(c.right, digits=True)}"
        case "damaged_this_turn" if c.subject is not None:
            return f"{selector(c.subject, ctx)} {'did not receive' if neg else 'received'} damage this turn"
    raise Untranslated(f"condition {c.kind}")


def _with_count(s: Selector, n: int) -> Selector:
    from dataclasses import replace

    return replace(s, count=Quantity.of(n), every=False)


_WHOSE = {Ref.YOU: "your", Ref.OPPONENT: "an opponent's", Ref.OWNER: "its own", Ref.EVERY_PLAYER: "each"}


def event(e: EventPattern, ctx: Context) -> tuple[str, str]:
    """A trigger (5.2): (``When`` or ``Whenever``, the event clause)."""
    subj = selector(e.subject, ctx) if e.subject is not None else ""
    once = e.subject is not None and e.subject.ref in (Ref.THIS_CARD, Ref.THIS_CHARACTER)
    if e.subject is not None:
        ctx.event_subject = subj if once else ""
    during = ""
    if e.phase and e.phase != "current":
        whose = _WHOSE.get(e.turn_of or e.whose or Ref.YOU, "")
        during = f" during {whose} {phase(e.phase)}".replace("  ", " ")
    if e.cost or e.replaced or e.first_in_turn or e.destination or e.by not in (None, Ref.YOU, Ref.OPPONENT):
        raise Untranslated("a trigger with a cost or a replacement")
    if e.by is not None:
        during += f" by an effect {'you control' if e.by is Ref.YOU else 'an opponent controls'}"
    match e.event:
        case "enter_scene":
            return ("When" if once else "Whenever"), f"{subj} enters the scene{during}"
        case "leave_scene":
            return ("When" if once else "Whenever"), f"{subj} leaves the scene{during}"
        case "destroyed":
            return ("When" if once else "Whenever"), f"{subj} is knocked out or destroyed{during}"
        case "use_action":
            what = action_filters(e.action_filters, ctx, plural=False) if e.action_filters else "an action"
            if what.startswith("actions"):
                what = "an " + what[:-1] if what == "actions" else what
            if not what.startswith(("a ", "an ")):
                what = ("an " if what[:1].lower() in "aeiou" else "a ") + what
            target = f" targeting {selector(e.target, ctx)}" if e.target is not None else ""
            if e.target_slot:
                ctx.slots.setdefault(e.target_slot, "")
            return "Whenever", f"{subj or 'a character'} uses {what}{target}{during}"
        case "damage":
            source = f" from {selector(e.source, ctx)}" if e.source is not None else ""
            return "Whenever", f"{subj} receives damage{source}{during}"
        case "load":
            origin = f" from {_owner(Ref.YOU, None, ctx)} {terms.ZONES[e.origin]}" if e.origin in terms.ZONES else ""
            onto = f" onto {selector(e.target, ctx)}" if e.target is not None else ""
            return ("When" if once else "Whenever"), f"{subj} is loaded{origin}{onto}{during}"
        case "unload":
            return ("When" if once else "Whenever"), f"{subj} is unloaded{during}"
        case "phase_start" if not e.phase:
            return "At", f"the start of {'each turn' if e.whose is None else _WHOSE.get(e.whose, '?') + ' turn'}"
        case "phase_end" if e.phase == "current":
            return "At", "the end of the current step or phase of the turn"
        case "phase_start":
            return "At", f"the start of {_WHOSE.get(e.whose or Ref.YOU, 'each')} {phase(e.phase)}"
        case "phase_end":
            return "At", f"the end of {_WHOSE.get(e.whose or Ref.YOU, 'each')} {phase(e.phase)}"
        case "incapacitate":
            return "Whenever", f"{subj} is incapacitated{during}"
        case "capacitate":
            return "Whenever", f"{subj} is capacitated{during}"
        case "draw":
            who = subj or "you"
            return "Whenever", f"{who} draw{'' if who == 'you' else 's'} one or more cards{during}"
        case "search":
            return "Whenever", f"{subj or 'you'} search{'' if (subj or 'you') == 'you' else 'es'} a deck{during}"
        case "action_resolved":
            what = action_filters(e.action_filters, ctx, plural=False) if e.action_filters else "this action"
            what = "the " + what if what.startswith("action") else what
            return "After", f"{what} is resolved{during}"
    raise Untranslated(f"event {e.event}")
