"""Clauses: a verb frame with its roles filled (``docs/semantics.md`` section 2).

:func:`roles_of` places each constituent of a clause in the role of its verb's frame that its position names
(subject, object -- a bare noun phrase or a clitic --, or a preposition with the class of its noun phrase);
the time adjuncts every frame has ("até o final do turno", "neste turno", "durante ...") are roles too. A
constituent that fits no role is kept in :attr:`Roles.extra`; the meaning of the clause then fails with a
diagnostic naming it and listing the frame's roles (``NotUnderstood.roles``).

The family builders (``procedures``, ``events``, ``conditions``) read the filled roles.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardscript.compiler.ast import Clause, Lexeme, Node, Phrase
from cardscript.compiler.semantics import frames as fr
from cardscript.compiler.semantics.reading import NotUnderstood
from cardscript.compiler.semantics.syntax import (
    NP,
    PP,
    Constituent,
    Other,
    Rel,
    Stray,
    attach_complements,
    attach_parts,
    attach_subject,
    np_of,
)
from cardscript.compiler.semantics.verbs import Verb, analyse


@dataclass
class Roles:
    """A clause's frame with its roles filled."""

    clause: Clause
    verb: Verb
    frame: fr.Frame | None
    subject: list[Constituent] = field(default_factory=list)
    filled: dict[str, list[Constituent]] = field(default_factory=dict)
    extra: list[Constituent] = field(default_factory=list)
    fronted: list[Constituent] = field(default_factory=list)
    gapped: list[Roles] = field(default_factory=list)    # "coloque A em X e B em Y": the same verb again

    def get(self, name: str) -> list[Constituent]:
        return self.filled.get(name, [])

    def one(self, name: str) -> Constituent | None:
        got = self.filled.get(name, [])
        return got[0] if got else None

    def np(self, name: str) -> NP | None:
        """The noun phrase of a role (for a PP role: the PP's object)."""
        c = self.one(name)
        if isinstance(c, NP):
            return c
        if isinstance(c, PP):
            return c.obj
        return None

    def pp(self, name: str) -> PP | None:
        c = self.one(name)
        return c if isinstance(c, PP) else None

    @property
    def subject_np(self) -> NP | None:
        return next((c for c in self.subject if isinstance(c, NP)), None)

    def describe(self) -> str:
        """The frame's roles, for a hint ("causar: source (subject), amount (object), targets (em | a) ...")."""
        if self.frame is None:
            return f"no frame for the verb '{self.verb.lemma}'"
        seen: dict[str, list[str]] = {}
        for role in self.frame.roles:
            if role in fr.ADJUNCTS:
                continue
            seen.setdefault(role.name, []).append(role.position)
        parts = [f"{name} ({' | '.join(pos)})" for name, pos in seen.items()]
        return f"{self.frame.lemma}: " + ", ".join(parts)


def roles_of(clause: Clause, args: list[Constituent] | None = None) -> Roles:
    """Fill the roles of ``clause``'s frame with its subject, clitics and complements (``args``: the complements
    an embedded clause took from the list it stands in, ``syntax.Rel.args``)."""
    verb = analyse(clause)
    frame = fr.FRAMES.get(verb.lemma)
    out = Roles(clause, verb, frame)
    if clause.subject is not None:
        out.subject = attach_subject(clause.subject)
        adverbial = [c for c in out.subject if isinstance(c, PP)]
        out.fronted.extend(adverbial)                 # "Até o final do turno o personagem escolhido pode ..."
        out.subject = [c for c in out.subject if not isinstance(c, PP)]
        _only_after_subject(out)
    if clause.fronted:
        out.fronted.extend(attach_parts([n for n in clause.fronted if isinstance(n, Phrase)]))
    comps = attach_complements(clause) + list(args or [])
    clitics = [w for w in verb.clitics if w.lemma not in ("-se", "se")]
    if clitics:
        role = frame.role("object") if frame is not None else None
        out.filled.setdefault(object_role_name(frame), []).append(
            NP(clitics[0], head=clitics[0], fills=role.accepts if role is not None else frozenset()))
    items = [*out.fronted, *comps]
    gap = _gap_at(items, frame)
    for c in items[:gap]:
        _place(out, c)
    if gap < len(items):                 # the verb understood again: "... e os demais no topo de seu deck"
        again = Roles(clause, verb, frame, out.subject)
        again.extra = []
        out.filled.setdefault("_coord", []).append(items[gap])
        for c in items[gap + 1:]:
            _place(again, c)
        out.gapped.append(again)
    out.fronted = []
    return out


def _gap_at(items: list[Constituent], frame: fr.Frame | None) -> int:
    """Where a coordinated repetition of the verb's complements starts ("em um alvo *e 1 ponto de dano em outro
    alvo*", "em seus recursos *e os demais no topo*"): a coordinator after the object and a PP role, followed by an
    object and a PP -- or len(items)."""
    if frame is None or frame.role("object") is None:
        return len(items)
    seen_object = seen_pp = False
    for i, c in enumerate(items):
        if isinstance(c, NP):
            seen_object = True
        elif isinstance(c, PP):
            seen_pp = seen_pp or seen_object
        elif isinstance(c, Other) and c.kind == "coord" and seen_object and seen_pp:
            rest = items[i + 1:]
            if len(rest) >= 2 and isinstance(rest[0], NP) and any(isinstance(x, PP) for x in rest[1:]):
                return i
    return len(items)


def _place(out: Roles, c: Constituent) -> None:
    frame = out.frame
    if isinstance(c, NP):
        role = frame.role("object") if frame is not None else None
        if role is not None and not _has(out, role.name):
            out.filled.setdefault(role.name, []).append(c)
            return
        out.extra.append(c)
        return
    if isinstance(c, PP) and len(c.preps) == 1 and c.preps[0].lemma == "até" and c.obj is not None \
            and c.obj.cls not in ("time",) and frame is not None:
        role = frame.role("object")                  # "descarregue até dois cards": the object, up to N
        if role is not None and not _has(out, role.name):
            c.obj.up_to = list(c.preps)
            out.filled.setdefault(role.name, []).append(c.obj)
            return
    if isinstance(c, PP):
        from cardscript.compiler.semantics.syntax import pp_class

        cls = pp_class(c)
        if frame is not None:
            for role in frame.roles_at(c.prep) or frame.roles_at(c.prep.split()[0]):
                if role.name == "agent" and not out.verb.passive:
                    continue
                if (not role.accepts or cls in role.accepts) and (not _has(out, role.name) or role in fr.ADJUNCTS):
                    out.filled.setdefault(role.name, []).append(c)
                    return
        else:
            for role in fr.ADJUNCTS:
                if role.position == c.prep and (not role.accepts or cls in role.accepts):
                    out.filled.setdefault(role.name, []).append(c)
                    return
        out.extra.append(c)
        return
    if isinstance(c, Other) and c.kind == "keyword" and frame is not None and c.nodes:
        role = frame.role("object")                 # "ganham Ação Única", "ganha Prontidão": a keyword as object
        if role is not None and not _has(out, role.name) and not role.accepts:
            head = c.nodes[0]
            out.filled.setdefault(role.name, []).append(NP(head, head=head))     # type: ignore[arg-type]
            return
    if isinstance(c, Other) and c.kind == "coord" and out.extra == [] and out.filled:
        out.filled.setdefault("_coord", []).append(c)
        return
    out.extra.append(c)


def _has(out: Roles, name: str) -> bool:
    return bool(out.filled.get(name))


def object_role_name(frame: fr.Frame | None) -> str:
    role = frame.role("object") if frame is not None else None
    return role.name if role is not None else "object"


def require_no_extra(roles: Roles) -> None:
    """A constituent that fits no role: the clause cannot be read (the diagnostic names it and the roles)."""
    for c in roles.extra:
        if isinstance(c, Other) and c.kind in ("coord",):
            continue
        node = _node_of(c)
        raise NotUnderstood("a complement fits no role of the verb", node, roles.describe())


def _node_of(c: Constituent) -> Node | None:
    if isinstance(c, NP):
        return c.node
    if isinstance(c, PP):
        return c.preps[0] if c.preps else (c.obj.node if c.obj is not None else None)
    if isinstance(c, Rel):
        return c.clause
    if isinstance(c, Other | Stray):
        return c.nodes[0] if c.nodes else None
    return None


ONLY = ("apenas", "somente", "só")


def _only_after_subject(out: Roles) -> None:
    """"Máquina Diabólica *só* pode ser colocada em cena se ...", "Este cenário só pode ...": the adverb of exclusion
    between the subject and the verb is the verb's (``Verb.only``), not a word of the subject's phrase."""
    if len(out.subject) != 2:
        return
    np, adv = out.subject
    if isinstance(np, NP) and isinstance(adv, Other) and adv.kind == "adv" \
            and len(adv.nodes) == 1 and isinstance(adv.nodes[0], Lexeme) and adv.nodes[0].lemma in ONLY:
        out.subject = [np]
        out.verb.only = True
        out.verb.words.append(adv.nodes[0])


def take_only(roles: Roles) -> Lexeme | None:
    """"causa *apenas* 1 ponto de dano", "controlar *somente* personagens ...": an adverb of exclusion after the
    verb (before it, ``Verb.only``), taken out of the complements that fit no role for the builder that reads it."""
    for c in roles.extra:
        if isinstance(c, Other) and c.kind == "adv" and len(c.nodes) == 1 and isinstance(c.nodes[0], Lexeme) \
                and c.nodes[0].lemma in ONLY:
            roles.extra.remove(c)
            return c.nodes[0]
    return None


def first_lexeme(c: Constituent) -> Lexeme | None:
    node = _node_of(c)
    return node if isinstance(node, Lexeme) else None


__all__ = ["ONLY", "Roles", "np_of", "object_role_name", "require_no_extra", "roles_of", "take_only"]
