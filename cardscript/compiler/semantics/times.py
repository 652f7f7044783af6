"""Time: what the adjuncts of a clause and the windows of a paragraph denote -- durations ("até o final do
turno", "neste turno", "nesta partida"; 5.7 A.2.1), phases and steps ("sua Fase de Preparação", "a Etapa de
Ataque do turno de um oponente"; rules 6), whose turn, and "desde o início do turno"."""

from __future__ import annotations

from dataclasses import dataclass

from cardscript.compiler.ast import Lexeme
from cardscript.compiler.ir import Duration, Filter, Ref, Selector
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Rel
from cardscript.compiler.semantics.vocabulary import PHASE_OF_NOUN


@dataclass(frozen=True)
class When:
    """A phase or step (or the whole turn: ``phase`` ""), whose turn it is, and the start or the end of it."""

    phase: str = ""
    whose: Ref | None = None
    edge: str = ""                       # "start" / "end" ("no início de", "no final de")
    this_turn: bool = False              # "neste turno", "deste turno"
    next_turn: bool = False              # "do próximo turno"
    each_player: bool = False            # "de cada jogador"
    whose_of: Selector | None = None     # whose is CONTROLLER: of what ("do turno do controlador do personagem
    #                                      escolhido")
    whose_filters: tuple[Filter, ...] = ()   # "a Fase ... do jogador que controlar menos personagens": a player
    #                                          of that description's (checked when it begins, as a trigger's)
    possessive: bool = False             # whose was said by a possessive on the phase itself ("sua Fase",
    #                                      "a própria Fase"), not by "do turno de ..." / "daquele jogador"


def when_of(np: NP, r: Reading) -> When:
    """"sua Fase de Preparação", "a Fase de Preparação do turno de outro jogador", "o início do turno", "o final
    desta etapa ou fase do turno", "a Etapa de Ataque de seu turno", "cada turno", "este turno"."""
    lemma = np.lemma
    r.use(np.head)
    if lemma in ("início", "inicio", "final"):
        r.use(*np.dets)
        edge = "start" if lemma != "final" else "end"
        inner = _of(np)
        if inner is None:
            raise NotUnderstood(f"the {edge} of what?", np.node)
        r.use(*inner.preps)
        w = when_of(inner.obj, r)                                    # type: ignore[arg-type]
        for conj, other in inner.obj.heads if inner.obj is not None else []:
            r.use(conj, other.head)                                  # "desta etapa ou fase"
        return When(w.phase, w.whose, edge, w.this_turn, w.next_turn, w.each_player, w.whose_of, w.whose_filters)
    if lemma in ("fase", "etapa"):
        phase = _phase_name(np, r)
        described = _described_player(np, r)
        possessive = np.det("seu") or any(a.lemma in ("próprio", "respectivo") for a in np.pre)
        each = any(isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.cls == "player"
                   and m.obj.det("cada") for m in np.mods)          # "a Fase de Preparação de cada jogador"
        whose = _whose(np, r)
        r.use(*(d for d in np.dets if d.lemma in ("o", "este")))
        rest = [m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                and m.obj.lemma == "turno"]
        this_turn = np.det("este") and phase != "current"
        for conj, other in np.heads:                                # "desta etapa ou fase"
            if other.lemma in ("fase", "etapa") and phase == "current":
                r.use(conj, other.head)
        next_turn = False
        for m in rest:
            r.use(*m.preps)
            inner_when = when_of(m.obj, r)                          # type: ignore[arg-type]
            whose = inner_when.whose or whose
            possessive = possessive and inner_when.whose is None
            this_turn = this_turn or (inner_when.this_turn and phase != "current")
            next_turn = next_turn or inner_when.next_turn           # "a Fase de Preparação do próximo turno"
            if phase == "current" and m.obj is not None and m.obj.det("o"):
                r.use(*m.obj.dets)                                  # "... do turno"
        return When(phase, whose, "", this_turn, next_turn, each, whose_filters=described,
                    possessive=bool(possessive and whose is not None))
    if lemma == "turno":
        whose, of = _controller_of_turn(np, r)
        whose = whose or _whose(np, r)
        this_turn = np.det("este")
        next_turn = np.adj("próximo")
        each = np.det("cada")
        whose_of: Selector | None = of
        r.use(*np.dets, *(a for a in np.pre if a.lemma == "próximo"))
        for mod in np.mods:
            if isinstance(mod, PP) and mod.prep == "de" and mod.obj is not None and mod.obj.cls == "player":
                r.use(*mod.preps)
                whose, whose_of = _player_of(mod.obj, r)
                if mod.obj.det("cada"):
                    each = True
        return When("", whose, "", this_turn, next_turn, each, whose_of)
    if lemma == "partida":
        r.use(*np.dets)
        return When("match")
    raise NotUnderstood(f"'{lemma}' is not a time", np.node)


def _of(np: NP) -> PP | None:
    return next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)


def _phase_name(np: NP, r: Reading) -> str:
    """"Fase de Preparação", "Etapa de Ataque", "Fase de Contagem Regressiva"."""
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.lemma in PHASE_OF_NOUN:
            r.use(*m.preps, m.obj.head, *m.obj.dets)
            r.use(*(a for a in m.obj.post if isinstance(a, Lexeme) and a.lemma == "regressiva"))
            np.mods.remove(m)
            np.mods.extend(x for x in m.obj.mods if isinstance(x, PP) and x.prep == "de" and x.obj is not None
                           and (x.obj.lemma == "turno" or x.obj.cls == "player"))   # "Etapa de [Ataque de seu
            # turno]", "Fase de [Preparação de outro jogador]"
            return PHASE_OF_NOUN[m.obj.lemma]
    if np.det("este") and np.lemma in ("fase", "etapa"):
        return "current"                   # "desta etapa ou fase (do turno)": the step or phase now under way
    raise NotUnderstood("which phase?", np.node)


def _described_player(np: NP, r: Reading) -> tuple[Filter, ...]:
    """"a Fase de Contagem Regressiva *do jogador que controlar menos personagens em cena*": a player known only by
    what the relative says of him -- the filters (the phrase leaves the noun); () when the phrase names no such
    player."""
    from cardscript.compiler.semantics.nouns import players

    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.cls == "player" \
                and m.obj.lemma == "jogador" and m.obj.det("o") and any(isinstance(x, Rel) for x in m.obj.mods):
            sel = players(m.obj, r)
            if sel.ref is not None or not sel.filters or sel.every:
                raise NotUnderstood("the phase of which player?", m.obj.node)
            r.use(*m.preps)
            np.mods.remove(m)
            return sel.filters
    return ()


def _whose(np: NP, r: Reading) -> Ref | None:
    own = [a for a in np.pre if a.lemma in ("próprio", "respectivo")]
    if own:
        r.use(*own, *np.dets)
        return Ref.OWNER                                # "a própria Fase de Compra": the subject's own
    if np.det("seu"):
        r.use(*(d for d in np.dets if d.lemma == "seu"))
        return Ref.YOU
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.cls == "player":
            r.use(*m.preps)
            np.mods.remove(m)
            return _player_ref(m.obj, r)
    return None


def _controller_of_turn(np: NP, r: Reading) -> tuple[Ref | None, Selector | None]:
    """"o turno do controlador de <x>": CONTROLLER and the ``x`` (read now: the PP leaves the phrase)."""
    for m in np.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None and m.obj.cls == "player" \
                and m.obj.lemma == "controlador" and not np.det("seu"):
            whose, of = _player_of(m.obj, r)
            if of is not None:
                r.use(*m.preps)
                np.mods.remove(m)
                return whose, of
    return None, None


def _player_of(np: NP, r: Reading) -> tuple[Ref | None, Selector | None]:
    """:func:`_player_ref`, and for "o controlador de <x>" the ``x`` whose controller it is."""
    from cardscript.compiler.semantics.nouns import players

    sel = players(np, r)
    if sel.ref is Ref.CONTROLLER and sel.of is not None:
        return Ref.CONTROLLER, sel.of
    if sel.ref in (Ref.YOU, Ref.OPPONENT):
        return sel.ref, None
    if sel.ref is Ref.EVERY_PLAYER or sel.every or sel.ref is None:
        return None, None
    return sel.ref, None


def _player_ref(np: NP, r: Reading) -> Ref | None:
    from cardscript.compiler.semantics.nouns import players

    sel = players(np, r)
    if sel.ref in (Ref.YOU, Ref.OPPONENT):
        return sel.ref
    if sel.ref is Ref.EVERY_PLAYER or sel.every:
        return None
    if sel.ref is None and sel.filters:
        raise NotUnderstood("the turn of which player?", np.node)     # a description, not any player
    if sel.ref is None:
        return None                                     # "de um jogador": any player's
    return sel.ref


class Adjuncts:
    """What a clause's time adjuncts say. Their words count as used only when a builder reads the meaning (each
    property marks its own words): an adjunct a builder ignores stays unread, and is reported."""

    _FIELDS = ("duration", "during", "since_turn_start", "per_turn", "at", "entered_turn", "entered_turn_of")

    def __init__(self, r: Reading) -> None:
        self._r = r
        self._values: dict[str, object] = {}
        self._words: dict[str, set[int]] = {}

    def _set(self, name: str, value: object, words: set[int]) -> None:
        self._values[name] = value
        self._words.setdefault(name, set()).update(words)

    def _get(self, name: str) -> object:
        if name in self._values:
            self._r.used.update(self._words.get(name, set()))
        return self._values.get(name)

    def lead_duration(self, d: Duration) -> None:
        """The sentence's leading duration ("Neste turno, o alvo não pode ..."), unless the clause says its own (its
        words were read with the lead)."""
        if "duration" not in self._values:
            self._set("duration", d, set())

    @property
    def duration(self) -> Duration | None:
        return self._get("duration")  # type: ignore[return-value]

    @property
    def during(self) -> When | None:
        return self._get("during")  # type: ignore[return-value]

    @property
    def since_turn_start(self) -> bool:
        return bool(self._get("since_turn_start"))

    @property
    def per_turn(self) -> bool:
        return bool(self._get("per_turn"))

    @property
    def at(self) -> When | None:
        return self._get("at")  # type: ignore[return-value]

    @property
    def entered_turn(self) -> bool:
        return bool(self._get("entered_turn"))

    @property
    def entered_turn_of(self) -> Selector | None:
        """"no mesmo turno em que este personagem entrou em cena": the thing whose entering marks the turn."""
        return self._get("entered_turn_of")  # type: ignore[return-value]


def adjuncts(roles_filled: dict[str, list[object]], r: Reading) -> Adjuncts:
    """Read the time roles of a clause (``clauses.Roles.filled``)."""
    out = Adjuncts(r)

    def read(c: object) -> tuple[PP, set[int]]:
        if not isinstance(c, PP) or c.obj is None:
            raise NotUnderstood("a time", None)
        return c, set(r.used)

    def words(before: set[int]) -> set[int]:
        new = r.used - before
        r.used -= new
        return new

    for c in roles_filled.get("until", []):
        pp, before = read(c)
        r.use(*pp.preps)
        assert pp.obj is not None
        w = when_of(pp.obj, r)
        if w.edge == "end" and w.phase == "" and not w.next_turn:
            out._set("duration", Duration.END_OF_TURN, words(before))
        elif w.edge == "start" and w.phase == "" and w.next_turn and w.whose in (Ref.YOU, Ref.OWNER):
            out._set("duration", Duration.UNTIL_NEXT_TURN, words(before))   # "até o início de seu próximo turno"
        elif w.phase == "match":
            out._set("duration", Duration.MATCH, words(before))
        else:
            raise NotUnderstood("until when?", pp.obj.node)
    for c in roles_filled.get("when", []):
        pp, before = read(c)
        r.use(*pp.preps)
        obj = pp.obj
        assert obj is not None
        if obj.lemma == "turno" and any(isinstance(m, Rel) for m in obj.mods):
            rel = next(m for m in obj.mods if isinstance(m, Rel))
            from cardscript.compiler.semantics.verbs import analyse

            v = analyse(rel.clause)
            if v.lemma == "entrar" and not obj.adj("mesmo"):            # "no turno em que ele entrou em cena"
                r.use(obj.head, *obj.dets, *rel.markers, *v.words, rel.clause)
                from cardscript.compiler.semantics.syntax import constituent_leaves

                for a in rel.args:                                         # "em cena"
                    if not (isinstance(a, PP) and a.obj is not None and a.obj.lemma == "cena"):
                        raise NotUnderstood("entered where?", rel.clause)
                    r.use_all(constituent_leaves(a))
                out._set("entered_turn", True, words(before))
                continue
            if v.lemma == "entrar" and obj.adj("mesmo") and v.past and rel.subject:
                out._set("entered_turn_of", _entered_turn_of(obj, rel, v.words, r), words(before))
                continue
            raise NotUnderstood("in the turn when what?", rel.clause)
        w = when_of(obj, r)
        if w.phase == "match":
            out._set("duration", Duration.MATCH, words(before))
        elif w.this_turn and not w.edge:
            out._set("duration", out._values.get("duration") or Duration.END_OF_TURN, words(before))
        elif obj.det("cada", "um") and obj.lemma == "turno" and not obj.mods:
            r.use(*obj.dets)                                       # "em cada turno", "em um turno"
            out._set("per_turn", True, words(before))
        else:
            out._set("at", w, words(before))
    for c in roles_filled.get("during", []):
        pp, before = read(c)
        r.use(*pp.preps)
        assert pp.obj is not None
        w = when_of(pp.obj, r)
        if w.this_turn and not w.phase:
            out._set("duration", out._values.get("duration") or Duration.END_OF_TURN, words(before))
        else:
            out._set("during", w, words(before))
    for c in roles_filled.get("since", []):
        pp, before = read(c)
        r.use(*pp.preps)
        assert pp.obj is not None
        w = when_of(pp.obj, r)
        if w.edge != "start":
            raise NotUnderstood("since when?", pp.obj.node)
        out._set("since_turn_start", True, words(before))
    for c in roles_filled.get("per_turn", []):
        pp, before = read(c)
        assert pp.obj is not None
        r.use(*pp.preps, pp.obj.head, *pp.obj.dets)
        out._set("per_turn", True, words(before))
    for c in roles_filled.get("besides", []):
        assert isinstance(c, PP)
        from cardscript.compiler.semantics.syntax import constituent_leaves

        if c.obj is not None and (c.obj.det("outro") or c.obj.adj("outro")):
            r.use_all(constituent_leaves(c))                     # "além de seus outros efeitos / alinhamentos"
        # any other "além de X" ("nenhuma ação além da escolhida") is an exception its builder must read
    return out


def _entered_turn_of(obj: NP, rel: Rel, verb: list[Lexeme], r: Reading) -> Selector:
    """"no mesmo turno em que *este personagem* entrou em cena" (the relative with a subject of its own): the turn
    the record of the scene's entries (4.4.1) shows that thing entering -- this turn, as a condition on the event."""
    from cardscript.compiler.semantics.nouns import things
    from cardscript.compiler.semantics.syntax import constituent_leaves

    subject = rel.subject or []
    if len(subject) != 1 or not isinstance(subject[0], NP):
        raise NotUnderstood("in the turn when what entered?", rel.clause)
    for a in rel.args:                                         # "em cena"
        if not (isinstance(a, PP) and a.obj is not None and a.obj.lemma == "cena" and not a.obj.mods):
            raise NotUnderstood("entered where?", rel.clause)
        r.use_all(constituent_leaves(a))
    sel = things(subject[0], r)
    if sel.ref is None:
        raise NotUnderstood("in the turn when which one entered?", rel.clause)
    r.use(obj.head, *obj.dets, *obj.pre, *obj.post, *rel.markers, *verb)
    return sel
