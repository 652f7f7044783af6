"""Clauses as events (rules 5.2: what fires a triggered effect): the event-reading of the frame families. The
things the event names become the effect's ``event:*`` slots ("aquele personagem", "aquela ação", "o personagem
que usou aquela ação", "aquele jogador").

=================  ============================================================================================
family             event
=================  ============================================================================================
enter / move       ``enter_scene``: "X entrar em cena", "você colocar X em cena", "um jogador colocar um
                   cenário em cena"; other areas: ``move`` ("um card for colocado na base do deck ...")
leave              ``leave_scene``: "este cenário sair de cena"
use                ``use_action``: "X usar uma ação [de {AE}] [que tenha Y como alvo]"
be (alvo de)       ``targeted``: "X for alvo de uma ação [de Antecipar]"
receive            ``damage`` (to X): "X receber dano [de ações de {AE}]"
damage             ``damage`` (by X): "X causar dano"; an action of X damaging Y: ``action_damage``
knock_out          ``knocked_out`` by X's action: "este personagem nocautear um personagem ao usar a ação X"
passives           ``knocked_out`` / ``destroyed`` / ``load`` / ``unload`` / ``incapacitate``: "for nocauteado",
                   "for destruído", "for carregado de seus recursos em ...", "forem descarregados deste ..."
load / unload      ``load`` / ``unload``: "você descarregar um card de {AD} de um personagem que você controla"
                   (``by``: the player who did it)
stage              ``capacitate`` / ``incapacitate``: "este personagem for capacitado", "for incapacitado em {1} ou
                   {2} por um efeito controlado por um oponente" (``by``), "você capacitar um personagem"
draw               ``draw``: "algum jogador comprar cards", "um jogador comprar um ou mais cards de habilidade"
                   (``cards``: one drawn must match; they fill ``event:cards``)
search             ``search``: "um jogador procurar por cards no próprio deck" (``origin``: an area searched)
=================  ============================================================================================

Events joined by "ou" ("entrar ou sair de cena") are one triggered effect each (``sentences``). A "durante"
adjunct gives the pattern's ``phase`` and ``turn_of`` (whose turn: "de um oponente", "a própria": the event's
player's), checked for every event.
"""

from __future__ import annotations

from collections.abc import Callable

from cardscript.compiler.ast import Clause, Lexeme
from cardscript.compiler.fast_replace import replace
from cardscript.compiler.ir import Condition, Duration, EventPattern, Filter, Kind, Quantity, Ref, Selector
from cardscript.compiler.semantics.amounts import np_quantity
from cardscript.compiler.semantics.build import Build
from cardscript.compiler.semantics.clauses import Roles, require_no_extra, roles_of
from cardscript.compiler.semantics.nouns import YOU, players, things
from cardscript.compiler.semantics.places import Place, place
from cardscript.compiler.semantics.reading import NotUnderstood, Reading
from cardscript.compiler.semantics.syntax import NP, PP, Constituent, Other, Rel, constituent_leaves, leaves
from cardscript.compiler.semantics.text import render
from cardscript.compiler.vocabulary import fold_key
from cardscript.core.source import Span


def event(clause: Clause, r: Reading, args: list[Constituent] | None = None, once: bool = False) -> EventPattern:
    """The event a trigger's clause describes; its participants fill the ``event:*`` slots (``args``: the
    complements an embedded clause took, ``syntax.Rel.args``). ``once``: the trigger is introduced by "Quando" /
    "Se", not "Toda vez que" -- tied to a phase by a possessive ("durante a própria / sua Fase X") it fires once
    in that phase (``EventPattern.once_in_phase``, 5.2)."""
    roles = roles_of(clause, args)
    frame = roles.frame
    family = frame.family if frame is not None else ""
    v = roles.verb
    if v.passive and family in _PASSIVE:
        family = _PASSIVE[family]
    if family == "make":
        return _made(clause, roles, r)
    rule = _RULES.get(family)
    if rule is None:
        raise NotUnderstood(f"an event with '{v.lemma}'", clause)
    r.use(*v.words)
    b = Build(roles, r)
    pattern = rule(b)
    require_no_extra(roles)
    if b.adjuncts.duration is Duration.END_OF_TURN and any(
            isinstance(c, PP) and c.prep == "até" for c in roles.get("until")):
        if r.in_action:                                # a trigger an action creates may last until then
            raise NotUnderstood("'até o final do turno' after the event: what lasts until then?", clause)
        r.after_trigger_duration = Duration.END_OF_TURN   # a permanent text's trigger has no duration of its own:
        return replace(pattern, text=render(clause))       # "Quando X, até o final do turno, você pode ..." is the
        #                                                    effect's (5.7 A.2.1)
    entered_of = b.adjuncts.entered_turn_of
    if entered_of is not None:                             # "... no mesmo turno em que este personagem entrou em
        r.trigger_conditions.append(Condition("entered", subject=entered_of, value="1"))    # cena" (5.2)
    if b.adjuncts.duration is Duration.END_OF_TURN:         # "Toda vez que o alvo usar uma ação neste turno"
        r.trigger_this_turn = True
    during = b.adjuncts.during
    if during is not None:                                 # "durante a Fase de Combate de um oponente" (5.2)
        if during.edge or during.this_turn or during.next_turn or during.each_player or during.phase == "current" \
                or during.whose not in (None, Ref.YOU, Ref.OPPONENT, Ref.OWNER):
            raise NotUnderstood("during which part of which turn?", clause)
        pattern = replace(pattern, phase=during.phase or pattern.phase, turn_of=during.whose or pattern.turn_of,
                          once_in_phase=once and during.possessive and bool(during.phase))
    return replace(pattern, text=render(clause))


def _made(clause: Clause, roles: Roles, r: Reading) -> EventPattern:
    """"o efeito de uma ação de {GE} de um personagem que você controla fizer com que você compre um ou mais cards"
    (5.2): the embedded clause's event, done while that action's effect resolves (4.6.2 I: the event names the action
    whose effect caused it) -- its ``action_filters`` are what the phrase says of the action."""
    from cardscript.compiler.semantics.syntax import attach_complements

    subject = roles.subject_np
    comps = attach_complements(clause)
    rel = next((c for c in comps if isinstance(c, Rel)), None)
    if rel is None or subject is None or subject.lemma != "efeito" or subject.participle is not None:
        raise NotUnderstood("what makes what happen?", clause)
    of = [m for m in subject.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None]
    if len(of) != 1 or len(subject.mods) != 1 or of[0].obj is None:
        raise NotUnderstood("the effect of what?", subject.node)
    action = things(of[0].obj, r)
    if action.kind is not Kind.ACTION or action.ref is not None or not action.filters:
        raise NotUnderstood("the effect of which action?", of[0].obj.node)
    r.use(*roles.verb.words, *rel.markers, subject.head, *subject.dets, *of[0].preps)
    rest = comps[comps.index(rel) + 1:]               # "fizer com que você compre | um ou mais cards durante ..."
    pattern = event(rel.clause, r, list(rel.args) + rest)
    if pattern.action_filters or pattern.event in ("use_action", "action_resolved", "action_damage"):
        raise NotUnderstood("an action's effect making an action happen", clause)
    return replace(pattern, action_filters=action.filters)


def _slot(b: Build, np: NP | None, name: str, sel: Selector, head: str = "event") -> None:
    """The event's participant ``name`` is what ``np`` named: references to it read ``event:<name>`` (``head``
    "event_adjunct": named in an adjunct of the clause, "tendo como alvo ...", not inside another phrase)."""
    if np is None:
        return
    spans = [x.span for x in constituent_leaves(np)]
    if not spans:
        return
    b.r.introduce(f"event:{name}", sel.kind, Span(min(s.start for s in spans), max(s.end for s in spans)),
                  head, sel, node_span=getattr(np.node, "span", None))


def _subject(b: Build, name: str = "subject") -> Selector:
    np = b.roles.subject_np
    if np is None:
        return YOU
    sel = things(np, b.r) if np.cls != "player" else players(np, b.r)
    _slot(b, np, name, sel)
    return sel


def _enter(b: Build) -> EventPattern:
    subject = _subject(b)
    zone = b.roles.pp("zone") or _shared_scene(b)
    if zone is None or zone.obj is None or zone.obj.lemma != "cena":
        raise NotUnderstood("enters where?", b.roles.clause, b.roles.describe())
    b.r.use(*zone.preps, zone.obj.head)
    under = b.roles.pp("under")
    whose: Ref | None = None
    if under is not None and under.obj is not None and under.obj.lemma == "controle":   # "sob seu controle"
        b.r.use(*under.preps, under.obj.head, *under.obj.dets)
        whose = Ref.YOU
    for c in list(b.roles.extra):                          # "desta forma": as the effect above said
        if isinstance(c, PP) and c.obj is not None and c.obj.lemma == "forma" and c.obj.det("este"):
            b.r.use(*c.preps, *c.obj.own_leaves)
            b.roles.extra.remove(c)
    if b.adjuncts.at is not None:
        raise NotUnderstood("entering when?", b.roles.clause)
    return EventPattern("enter_scene", subject=subject, whose=whose)


def _shared_scene(b: Build) -> PP | None:
    """"entrar ou sair de cena": the complement the coordinated verbs share is printed with the last one's
    preposition ("de cena"); for "entrar" it is the scene all the same."""
    for c in list(b.roles.extra):
        if isinstance(c, PP) and c.prep == "de" and c.obj is not None and c.obj.lemma == "cena" and not c.obj.mods:
            b.roles.extra.remove(c)
            return c
    return None


def _put(b: Build) -> EventPattern:
    """"você colocar X em cena", "um jogador colocar um cenário em cena", "um card for colocado na base do deck"."""
    r = b.r
    if b.verb.passive:
        obj = b.roles.subject_np
        player: Selector | None = None
    else:
        np = b.roles.subject_np
        player = players(np, r) if np is not None else YOU
        if np is not None:
            _slot(b, np, "player", player)
        obj = b.roles.np("cards")
    if obj is None:
        raise NotUnderstood("puts what?", b.roles.clause)
    cards = things(obj, r)
    _slot(b, obj, "subject", cards)
    dest = b.optional_np("destination")
    if dest is None:
        raise NotUnderstood("puts where?", b.roles.clause)
    coming = _coming_from(b, dest)
    p = place(dest, r)
    _area_owner_is_cards_owner(b, dest, p)
    whose = player.ref if player is not None and player.ref in (Ref.YOU, Ref.OPPONENT) else None
    replacing = _replacing(b)
    if replacing is not None:                              # "colocar um cenário em cena substituindo este cenário"
        if p.zone != "scene" or obj.lemma != "cenário" or b.verb.passive:
            raise NotUnderstood("putting it in place of what?", b.roles.clause)
        return EventPattern("leave_scene", subject=replacing, whose=whose, replaced=True)
    origin = coming
    back = b.roles.pp("back")                              # "for colocado de seus recursos na base de seu deck"
    if back is not None and back.obj is not None and not coming:
        r.use(*back.preps)
        origin = place(back.obj, r).zone
    cost = _paying(b)
    if p.zone == "scene":
        if origin or cost:
            raise NotUnderstood("put in the scene from where, paying what?", b.roles.clause)
        return EventPattern("enter_scene", subject=cards, whose=whose)
    return EventPattern("move", subject=cards, whose=whose, destination=p.zone, origin=origin, cost=cost)


def _area_owner_is_cards_owner(b: Build, dest: NP, p: Place) -> None:
    """"um card for colocado na base do deck de um jogador, aquele jogador ...": a card always goes to its owner's
    area (golden rule D), so the player whose area it is -- any player, as the pattern says nothing of whose -- is the
    owner of the card moved: "aquele jogador" reads the owner of ``event:subject``."""
    if p.owner is None or p.owner.ref is not None or p.owner.kind is not Kind.PLAYER or p.zone == "scene":
        return
    owner_np = _area_owner_np(dest)
    if owner_np is None:
        return
    spans = [x.span for x in constituent_leaves(owner_np)]
    if spans:
        b.r.introduce("", Kind.PLAYER, Span(min(s.start for s in spans), max(s.end for s in spans)), "event",
                      Selector(kind=Kind.PLAYER, ref=Ref.OWNER, text=p.owner.text, of=Selector(
                          kind=Kind.CARD, ref=Ref.SLOT, slot="event:subject", text=p.owner.text)),
                      node_span=getattr(owner_np.node, "span", None))


def _area_owner_np(dest: NP) -> NP | None:
    """The "de <jogador>" of an area ("a base do deck de um jogador", "os recursos de um jogador")."""
    for m in dest.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
            if m.obj.cls == "player" or m.obj.lemma in ("jogador", "oponente"):
                return m.obj
            inner = _area_owner_np(m.obj)
            if inner is not None:
                return inner
    return None


_COMING = ("vindo", "vinda", "vindos", "vindas", "vir")


def _coming_from(b: Build, dest: NP) -> str:
    """"for colocada em seus recursos vinda de sua mão ou deck": the areas the card came from ("hand/deck"), or ''.
    The participle stands after the destination (an adjective of it, or a word of its own)."""
    r = b.r
    frm: PP | None = None
    extra = b.roles.extra
    at = next((i for i, c in enumerate(extra) if isinstance(c, Other) and any(
        isinstance(x, Lexeme) and x.lemma in _COMING for x in c.nodes)), None)
    if at is not None:
        word = extra[at]
        nxt = extra[at + 1] if at + 1 < len(extra) else None
        back = b.roles.pp("back")
        if (not isinstance(nxt, PP) or nxt.prep != "de" or nxt.obj is None) and back is not None \
                and back.obj is not None:
            nxt = back                     # "vindo de sua mão ou deck" read as the verb's "de": the same phrase
        elif not isinstance(nxt, PP) or nxt.prep != "de" or nxt.obj is None:
            raise NotUnderstood("coming from where?", b.roles.clause)
        assert isinstance(word, Other)
        r.use(*word.nodes)
        extra.remove(word)
        if nxt in extra:
            extra.remove(nxt)
        frm = nxt
    came = [a for a in dest.post if isinstance(a, Lexeme) and a.lemma in _COMING]
    if dest.participle is not None and dest.participle.lemma in _COMING:
        came.append(dest.participle)
        dest.participle = None
    if came:
        frm = next((m for m in dest.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
        if frm is None:
            raise NotUnderstood("coming from where?", b.roles.clause)
        r.use(*came)
        dest.post = [a for a in dest.post if a not in came]
        dest.mods.remove(frm)
    if frm is None or frm.obj is None:
        return ""
    r.use(*frm.preps)
    zones: list[str] = []
    for np in (frm.obj, *(other for _, other in frm.obj.heads)):
        here = place(np, r)
        if here.zone not in ("hand", "deck", "resources", "prizes") or (
                here.owner is not None and here.owner.ref is not Ref.YOU):
            raise NotUnderstood("coming from which area?", np.node)
        zones.append(here.zone)
    r.use(*(conj for conj, _ in frm.obj.heads))
    if _or_unloading(b):
        zones.append("carried")
    return "/".join(zones)


def _or_unloading(b: Build) -> bool:
    """"... vindo de sua mão ou deck, *ou descarregando-o de um personagem*": or unloaded from a character or a support
    (4.1: an unloaded card goes to its owner's resources) -- the area it came from is the carried cards."""
    extra = b.roles.extra
    words = [[x.lemma for x in c.nodes if isinstance(x, Lexeme)] if isinstance(c, Other) else None for c in extra]
    for i in range(len(extra) - 3):
        last = extra[i + 3]
        if words[i] == ["ou"] and words[i + 1] == ["descarregando"] and words[i + 2] == ["-o"] \
                and isinstance(last, PP) and last.prep == "de" and last.obj is not None \
                and last.obj.lemma in ("personagem", "suporte") and not last.obj.mods and last.obj.det("um"):
            parts = extra[i:i + 4]
            for c in parts[:3]:
                assert isinstance(c, Other)
                b.r.use(*c.nodes)
            b.r.use(*last.preps, last.obj.head, *last.obj.dets, *(h for conj, o in last.obj.heads
                                                                   for h in (conj, o.head)))
            for c in parts:
                extra.remove(c)
            return True
    return False


def _replacing(b: Build) -> Selector | None:
    """"... substituindo este cenário": the scenario a new one replaces (4.4.1 E); None when not said."""
    extra = b.roles.extra
    at = next((i for i, c in enumerate(extra) if isinstance(c, Other) and any(
        isinstance(x, Lexeme) and x.lemma in ("substituir", "substituindo") for x in c.nodes)), None)
    if at is None:
        return None
    gerund = extra[at]
    old = extra[at + 1] if at + 1 < len(extra) else None
    if not isinstance(old, NP) or old.lemma != "cenário":
        raise NotUnderstood("in place of what?", b.roles.clause)
    assert isinstance(gerund, Other)
    b.r.use(*gerund.nodes)
    sel = things(old, b.r)
    _slot(b, old, "subject", sel)
    extra.remove(gerund)
    extra.remove(old)
    return sel


def _replaced(b: Build) -> EventPattern:
    """"este cenário for substituído por um outro cenário" (4.4.1 E): it leaves the scene because another scenario
    entered; the player putting that one in the scene is the event's player."""
    if not b.verb.passive:
        raise NotUnderstood("replaces what?", b.roles.clause)
    subject = _subject(b)
    if subject.kind not in (Kind.SCENARIO, Kind.CARD) or (b.roles.subject_np is not None
                                                          and b.roles.subject_np.lemma != "cenário"):
        raise NotUnderstood("replaced: only a scenario is", b.roles.clause)
    agent = b.roles.pp("agent")
    if agent is not None and agent.obj is not None:
        if agent.obj.lemma != "cenário" or agent.obj.mods:
            raise NotUnderstood("replaced by what?", agent.obj.node)
        b.r.use(*agent.preps, *agent.obj.own_leaves)
    return EventPattern("leave_scene", subject=subject, replaced=True)


def _paying(b: Build) -> str:
    """"para pagar o custo de Energia Cósmica de uma ação": the move pays that keyword's extra cost of an action
    (4.6.2 E.2); its name, or ''."""
    extra = b.roles.extra
    at = next((i for i, c in enumerate(extra) if isinstance(c, PP) and c.prep == "para" and c.verb
               and isinstance(c.verb[-1], Lexeme) and c.verb[-1].lemma == "pagar"), None)
    if at is None:
        return ""
    pp = extra[at]
    assert isinstance(pp, PP)
    cost = next((a for a in pp.args if isinstance(a, NP)), None)
    rest = extra[at + 1:]
    keyword = rest[0] if rest and isinstance(rest[0], PP) and rest[0].prep == "de" and rest[0].keyword else None
    if cost is None or cost.lemma != "custo" or keyword is None or len(pp.args) != 1:
        raise NotUnderstood("paying what?", b.roles.clause)
    used: list[Constituent] = [pp, keyword]
    action = rest[1] if len(rest) > 1 and isinstance(rest[1], PP) and rest[1].prep == "de" else None
    if action is not None:
        if action.obj is None or action.obj.lemma != "ação" or action.obj.mods or not action.obj.det("um"):
            raise NotUnderstood("the cost of which action?", b.roles.clause)
        used.append(action)
    for c in used:
        b.r.use_all(constituent_leaves(c))
        extra.remove(c)
    assert keyword.keyword is not None
    return keyword.keyword.word


def _leave(b: Build) -> EventPattern:
    subject = _subject(b)
    zone = b.roles.pp("zone")
    if zone is None or zone.obj is None or zone.obj.lemma != "cena":
        raise NotUnderstood("leaves what?", b.roles.clause, b.roles.describe())
    b.r.use(*zone.preps, zone.obj.head)
    return EventPattern("leave_scene", subject=subject)


def _use(b: Build) -> EventPattern:
    """"X usar uma ação [de {AE}] [que tenha Y como alvo]", "X usar a ação N", "uma ação for usada"."""
    r = b.r
    subject = _subject(b, "user") if b.roles.subject_np is not None else None
    if subject is not None:
        _slot(b, b.roles.subject_np, "subject", subject)
    action_np = b.roles.np("action")
    filters: tuple[Filter, ...] = ()
    target: Selector | None = None
    target_slot = ""
    if action_np is not None:
        _described_in(b, action_np)
        action = things(action_np, r)
        _slot(b, action_np, "action", action)
        users = [f.value for f in action.filters if f.field == "user" and isinstance(f.value, Selector)]
        for m in action_np.mods:                             # "uma ação de Antecipar de um personagem": its user
            if users and isinstance(m, PP) and m.prep == "de" and m.obj is not None \
                    and m.obj.lemma in ("personagem", "suporte"):
                _slot(b, m.obj, "user", users[0])
        filters = tuple(f for f in action.filters if f.field != "targets")
        targeted = [f for f in action.filters if f.field == "targets" and isinstance(f.value, Selector)]
        if targeted:
            t = targeted[0].value
            assert isinstance(t, Selector)
            target = t
            target_slot = "event:target"
            _target_slot(b, action_np, t)
        if action.ref is Ref.THIS_ACTION:
            filters = (*filters, Filter("name", "eq", r.card.action_name))
        if target is None:                                   # "usar uma ação tendo como alvo um personagem ..."
            from cardscript.compiler.semantics.statics import having_as_target

            having = having_as_target(b)
            if having is not None:
                target, target_np = having
                target_slot = "event:target"
                _slot(b, target_np, "target", target, head="event_adjunct")
    if subject is not None and subject.ref is None and b.adjuncts.entered_turn:
        # "usar uma ação no turno em que ele entrou em cena" (4.6.2 C.1): a character that entered the scene this turn
        subject = replace(subject, filters=(*subject.filters, Filter("entered_this_turn", "eq", "true")))
    kind = "use_action"
    after = b.roles.pp("after")
    if after is not None and after.obj is not None:         # "após o efeito daquela ação": once it has resolved
        obj = after.obj
        if obj.lemma == "efeito":
            r.use(obj.head, *obj.dets)
            inner = next((m for m in obj.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
            if inner is None or inner.obj is None:
                raise NotUnderstood("after the effect of what?", obj.node)
            r.use(*inner.preps)
            obj = inner.obj
        if obj.lemma != "ação" or not obj.det("aquele", "este"):
            raise NotUnderstood("after what?", obj.node)
        r.use(*after.preps, obj.head, *obj.dets)
        kind = "action_resolved"
    return EventPattern(kind, subject=subject, action_filters=filters, target=target, target_slot=target_slot)


def _described_in(b: Build, action_np: NP) -> None:
    """"usar uma ação descrita em seu próprio card": the place is the participle's (where the action is written),
    not the verb's target ("usar ... em X") -- given back to the action's phrase."""
    p = action_np.participle
    pp = b.roles.pp("target")
    if p is None or p.lemma != "descrever" or pp is None or pp.prep != "em" or pp.obj is None \
            or pp.obj.lemma != "card":
        return
    b.roles.filled["target"] = [c for c in b.roles.get("target") if c is not pp]
    action_np.mods.append(pp)


def _target_slot(b: Build, action_np: NP, target: Selector) -> None:
    for m in action_np.mods:
        if isinstance(m, Rel):
            nps = [a for a in m.args if isinstance(a, NP)]
            if nps:
                _slot(b, nps[0], "target", target)


def _targeted(b: Build) -> EventPattern:
    """"X for alvo de uma ação [de Antecipar ou Imprevista]" (4.6.2 F): the action's user is "event:user"."""
    r = b.r
    pred = b.roles.np("predicate")
    if pred is None or pred.lemma != "alvo":
        raise NotUnderstood("an event with 'ser'", b.roles.clause, b.roles.describe())
    subject = _subject(b)
    r.use(pred.head, *pred.dets)
    filters: tuple[Filter, ...] = ()
    for m in pred.mods:
        if isinstance(m, PP) and m.prep == "de" and m.obj is not None:
            r.use(*m.preps)
            action = things(m.obj, r)
            _slot(b, m.obj, "action", action)
            filters = action.filters
    return EventPattern("targeted", subject=subject, action_filters=filters, first_in_turn=_first_time(b))


def _first_time(b: Build) -> bool:
    """"pela primeira vez em um turno" / "pela primeira vez em cada turno": the first such event of the turn (6.2:
    what is counted per turn starts again each turn) -- the adjective "primeira" read with the per-turn words."""
    first = next((c for c in b.roles.get("per_turn") if isinstance(c, PP) and c.obj is not None
                  and c.obj.lemma == "vez" and c.obj.adj("primeiro") and c.obj.det("o") and not c.obj.mods), None)
    turn = [c for c in b.roles.get("when") if isinstance(c, PP) and c.obj is not None and c.obj.lemma == "turno"
            and c.obj.det("um", "cada") and not c.obj.mods]
    if first is None or first.obj is None or len(turn) != 1 or not b.adjuncts.per_turn:
        return False
    b.r.use(*first.obj.pre)
    return True


def _receive(b: Build) -> EventPattern:
    """"X receber dano [penetrante] [de <fonte>]" (4.8: damage dealt to X)."""
    r = b.r
    subject = _subject(b)
    dano = b.roles.np("damage")
    if dano is None or dano.lemma != "dano":
        raise NotUnderstood("receives what?", b.roles.clause)
    r.use(dano.head, *dano.dets)
    source: Selector | None = None
    src_np = next((m.obj for m in dano.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if src_np is None:
        src_np = b.optional_np("source")
    else:
        r.use(*next(m for m in dano.mods if isinstance(m, PP) and m.obj is src_np).preps)
    if src_np is not None:
        if src_np.lemma == "fonte":
            r.use(src_np.head, *src_np.dets)
            source = Selector(kind=Kind.CARD, text="uma fonte")
            _slot(b, src_np, "source", source)
        else:
            source = things(src_np, r)
            _slot(b, src_np, "source", source)
    filters: tuple[Filter, ...] = ()
    if dano.adj("penetrante"):
        r.use(*dano.post)
        filters = (Filter("piercing", "eq", "true"),)
    elif _not_piercing(dano):                                   # "receber dano não penetrante" (4.8.3, 4.8.6)
        r.use(*dano.negated)
        filters = (Filter("piercing", "eq", "false"),)
    return EventPattern("damage", subject=subject, source=source, action_filters=filters)


def _not_piercing(dano: NP) -> bool:
    """"dano *não penetrante*": the negated adjective is all that is negated."""
    words = [x for n in dano.negated for x in leaves(n)]
    return len(words) == 2 and all(isinstance(w, Lexeme) for w in words) \
        and [getattr(w, "lemma", "") for w in words] in (["nao", "penetrante"], ["não", "penetrante"])


def _deal(b: Build) -> EventPattern:
    """"X causar dano [em Y]": damage dealt by X (the event's source; "em Y": its destination)."""
    r = b.r
    np = b.roles.subject_np
    if np is None:
        raise NotUnderstood("who causes damage?", b.roles.clause)
    source = things(np, r)
    _slot(b, np, "source", source)
    dano = b.roles.np("amount")
    if dano is None or dano.lemma != "dano":
        raise NotUnderstood("causes what?", b.roles.clause)
    r.use(dano.head, *dano.dets)
    target: Selector | None = None
    t = b.optional_np("targets")
    if t is not None:
        target = things(t, r)
        _slot(b, t, "subject", target)
    return EventPattern("damage", subject=target, source=source)


_PASSIVE = {"knock_out": "knocked_out", "load": "loaded", "unload": "unloaded", "move": "moved",
            "stage": "staged"}


def _knocked_out(b: Build) -> EventPattern:
    """"este personagem for nocauteado [por uma ação que cause dano]" (4.7; the agent: the action whose damage
    unloaded its last card)."""
    subject = _subject(b)
    kind = "destroyed" if b.verb.lemma == "destruir" else "knocked_out"
    agent = b.roles.pp("agent")
    if agent is None or agent.obj is None or kind != "knocked_out":
        return EventPattern(kind, subject=subject)
    by = things(agent.obj, b.r)
    if by.kind is not Kind.ACTION or by.ref is not None or by.union or not by.filters:
        raise NotUnderstood("knocked out by what?", agent.obj.node)
    b.r.use(*agent.preps)
    return EventPattern(kind, subject=subject, action_filters=by.filters)


def _knock_out(b: Build) -> EventPattern:
    """"este personagem nocautear um personagem ao usar a ação X" (4.7: a character is knocked out when it carries no
    card): the effect of an action the subject used knocked it out -- by its damage, or by unloading or knocking it
    out itself (the ``knocked_out`` event's ``user`` and action; "destruir": a support, ``destroyed``). The subject
    fills ``event:user``, the one knocked out ``event:subject``; with no "ao usar ..." what knocked it out is not
    said (a permanent text's damage?) and the clause is reported."""
    r = b.r
    np = b.roles.subject_np
    obj = b.roles.np("targets")
    if np is None or obj is None or np.cls == "player":
        raise NotUnderstood("who knocks out what? (a character, with its action)", b.roles.clause)
    user = things(np, r)
    _slot(b, np, "user", user)
    knocked = things(obj, r)
    _slot(b, obj, "subject", knocked)
    using = next((c for c in b.roles.extra if isinstance(c, PP) and c.prep == "a" and c.verb
                  and isinstance(c.verb[-1], Lexeme) and c.verb[-1].lemma == "usar"), None)
    action_np = next((a for a in using.args if isinstance(a, NP)), None) if using is not None else None
    if using is None or action_np is None or len(using.args) != 1 or using.subject is not None:
        raise NotUnderstood("knocks out how? ('ao usar a ação ...')", b.roles.clause)
    action = things(action_np, r)                          # "ao usar a ação X": while that action resolves
    if action.kind is not Kind.ACTION:
        raise NotUnderstood("knocks out using what?", action_np.node)
    _slot(b, action_np, "action", action)
    r.use(*using.preps, *using.verb)
    filters = tuple(f for f in action.filters if f.field != "user")
    if action.ref is Ref.THIS_ACTION and not any(f.field == "name" for f in filters):
        filters = (*filters, Filter("name", "eq", r.card.action_name))
    b.roles.extra.remove(using)
    kind = "destroyed" if b.verb.lemma == "destruir" else "knocked_out"
    return EventPattern(kind, subject=knocked, source=user, action_filters=filters or (
        Filter("kind", "eq", Kind.ACTION.value),))


def _loaded(b: Build) -> EventPattern:
    """"este card for carregado de seus recursos em um personagem com {TE} que você controla"."""
    r = b.r
    subject = _subject(b)
    origin = ""
    onto: Selector | None = None
    pp = b.roles.pp("origin")
    if pp is not None and pp.obj is not None:
        r.use(*pp.preps)
        origin = place(pp.obj, r).zone
    on = b.roles.pp("onto")
    if on is not None and on.obj is not None:
        r.use(*on.preps)
        onto = things(on.obj, r)
        _slot(b, on.obj, "onto", onto)
    return EventPattern("load", subject=subject, target=onto, origin=origin)


def _subject_player(b: Build) -> Selector:
    """The player the event's subject names ("um jogador", "algum jogador", "você"; none said: you), its slot
    ``event:player`` filled for "aquele jogador"."""
    who = b.roles.subject_np
    player = players(who, b.r) if who is not None else YOU
    if who is not None:
        _slot(b, who, "player", player)
    return player


def _draw(b: Build) -> EventPattern:
    """"um jogador comprar um ou mais cards de habilidade", "algum jogador comprar cards" (4.2): a player draws; the
    cards drawn (one must match what the phrase says of them) fill ``event:cards`` ("um daqueles cards")."""
    r = b.r
    player = _subject_player(b)
    obj = b.roles.np("amount")
    cards: Selector | None = None
    if obj is not None:
        if obj.lemma != "card":
            raise NotUnderstood("draws what?", obj.node)
        q = np_quantity(obj, r)                            # "cards", "um card", "um ou mais cards": any draw
        if q is not None and (q.fixed > 1 or q.x_times or q.up_to):
            raise NotUnderstood("draws how many?", obj.node)
        drawn = things(obj, r)
        _slot(b, obj, "cards", drawn)
        if drawn.filters:
            cards = replace(drawn, count=Quantity.of(1))
    if b.roles.pp("origin") is not None:
        raise NotUnderstood("draws from where?", b.roles.clause)
    return EventPattern("draw", subject=player, cards=cards)


def _search(b: Build) -> EventPattern:
    """"um jogador procurar por cards no próprio deck" (8 B): a player searches (the engine's ``search`` event) --
    in the areas named (``origin``: one of those searched), for the cards named (one found must match; the cards
    found fill ``event:cards``)."""
    r = b.r
    player = _subject_player(b)
    areas: list[str] = []
    for c in b.roles.get("zones"):
        if not isinstance(c, PP) or c.obj is None:
            raise NotUnderstood("searches where?", b.roles.clause)
        r.use(*c.preps)
        for np in (c.obj, *(other for _, other in c.obj.heads)):
            here = place(np, r, player)
            if here.zone not in ("deck", "hand", "resources", "prizes") or (
                    here.owner is not None and here.owner.ref not in (None, player.ref) and here.owner != player):
                raise NotUnderstood("searches whose area?", np.node)
            areas.append(here.zone)
        r.use(*(conj for conj, _ in c.obj.heads))
    what = b.roles.np("what")
    cards: Selector | None = None
    if what is not None:
        r.use(*next(c for c in b.roles.get("what") if isinstance(c, PP)).preps)
        if what.lemma != "card":
            raise NotUnderstood("searches for what?", what.node)
        found = things(what, r)
        _slot(b, what, "cards", found)
        if found.filters:
            cards = replace(found, count=Quantity.of(1), zone="")
    if b.roles.get("there") or b.roles.get("among"):
        raise NotUnderstood("searches where?", b.roles.clause)
    return EventPattern("search", subject=player, cards=cards, origin="/".join(areas))


def _reveal(b: Build) -> EventPattern:
    """"você revelar um ou mais cards de cenário com a Clarividência de uma ação deste personagem" (rules 7,
    Clarividência): the player reveals cards (one must match what the phrase says; the cards revealed fill
    ``event:cards``) by the Clarividência of such an action -- a reveal while an action with that keyword, of that
    user, resolves (the only reveals those actions make)."""
    r = b.r
    player = _subject_player(b)
    obj = b.roles.np("cards")
    if obj is None or obj.lemma != "card" or b.roles.get("in"):
        raise NotUnderstood("reveals what?", b.roles.clause)
    q = np_quantity(obj, r)                                # "um ou mais cards", "um card": any reveal with one
    if q is not None and (q.fixed > 1 or q.x_times or q.up_to):
        raise NotUnderstood("reveals how many?", obj.node)
    spans = [x.span for x in constituent_leaves(obj)]      # the phrase as written: what "aqueles cards" point at
    action_np = _by_clairvoyance_of(obj, r) if not b.roles.get("with") else None
    if action_np is None:
        raise NotUnderstood("reveals how?", b.roles.clause)
    action = things(action_np, r)
    shown = things(obj, r)
    r.introduce("event:cards", shown.kind, Span(min(x.start for x in spans), max(x.end for x in spans)), "event",
                shown, node_span=getattr(obj.node, "span", None))
    cards = replace(shown, count=Quantity.of(1), zone="") if shown.filters else None
    if action.kind is not Kind.ACTION or action.ref is not None:
        raise NotUnderstood("the Clarividência of which action?", action_np.node)
    return EventPattern("reveal", subject=player, cards=cards,
                        action_filters=(Filter("keyword", "has", "Clarividência"), *action.filters))


def _by_clairvoyance_of(obj: NP, r: Reading) -> NP | None:
    """"... com a Clarividência de <uma ação>" after what is revealed (attached to its last noun): the action's NP,
    the words taken off that noun and read; None if absent."""
    for np in (obj, *(m.obj for m in obj.mods if isinstance(m, PP) and m.obj is not None)):
        mods = np.mods
        for i, m in enumerate(mods[:-1]):
            nxt = mods[i + 1]
            if isinstance(m, PP) and m.prep == "com" and m.keyword is not None \
                    and fold_key(m.keyword.lemma) == "clarividencia" and isinstance(nxt, PP) and nxt.prep == "de" \
                    and nxt.obj is not None and nxt.obj.lemma == "ação":
                r.use(*m.own_leaves, *nxt.preps)
                del mods[i:i + 2]
                return nxt.obj
    return None


def _unload(b: Build) -> EventPattern:
    """"você descarregar um card de {AD} de um personagem que você controla" (4.1): a player unloads a card -- by
    an effect they control or adjusting energy (6.4), not damage (4.8)."""
    r = b.r
    player = _acting_player(b, "unloaded by whom?")
    obj = b.roles.np("cards")
    if obj is None:
        raise NotUnderstood("unloads what?", b.roles.clause)
    cards = things(obj, r)
    frm = cards.of
    pp = b.roles.pp("origin")
    if pp is not None and pp.obj is not None:
        r.use(*pp.preps)
        frm = things(pp.obj, r)
    _slot(b, obj, "subject", cards)
    return EventPattern("unload", subject=replace(cards, zone="", of=None), target=frm, by=player.ref)


def _acting_player(b: Build, unclear: str, any_player: bool = False) -> Selector:
    """The player whose deed the event is (its subject; "você" when none), written to ``event:player``: you, an
    opponent, every player -- or, with ``any_player``, any one ("um jogador")."""
    who = b.roles.subject_np
    player = players(who, b.r) if who is not None else YOU
    if player.ref not in (Ref.YOU, Ref.OPPONENT, Ref.EVERY_PLAYER) and not (any_player and player.ref is None):
        raise NotUnderstood(unclear, b.roles.clause)
    if who is not None:
        _slot(b, who, "player", player)
    return player


def _unloaded(b: Build) -> EventPattern:
    subject = _subject(b)
    pp = b.roles.pp("origin")
    frm: Selector | None = None
    if pp is not None and pp.obj is not None:
        b.r.use(*pp.preps)
        frm = things(pp.obj, b.r)
    return EventPattern("unload", subject=subject, target=frm)


def _moved(b: Build) -> EventPattern:
    return _put(b)


def _staged(b: Build) -> EventPattern:
    """"este personagem for capacitado", "um personagem que você controla for incapacitado em {1} ou {2} por um
    efeito controlado por um oponente" (4.5: its stage changed; "em {1} ou {2}": by any number of stages)."""
    subject = _subject(b)
    _any_stages(b)
    kind = "capacitate" if b.verb.lemma == "capacitar" else "incapacitate"
    action = _by_action(b)
    if action is not None:
        return EventPattern(kind, subject=subject, source=action)
    return EventPattern(kind, subject=subject, by=_by_effect(b))


def _by_action(b: Build) -> Selector | None:
    """"for incapacitado por uma ação de um personagem controlado por um oponente": the effect of such an action
    changed the stage (the event's action, ``source``: 4.6.2 I, the action's effect resolving); None when the agent
    is not an action."""
    pp = b.roles.pp("agent")
    if pp is None or pp.obj is None or pp.obj.lemma != "ação":
        return None
    b.r.use(*pp.preps)
    action = things(pp.obj, b.r)
    if action.kind is not Kind.ACTION or action.ref is not None:
        raise NotUnderstood("by which action?", pp.obj.node)
    _slot(b, pp.obj, "action", action)
    return action


def _stage(b: Build) -> EventPattern:
    """"você capacitar um personagem": an effect you control changes its stage (4.5)."""
    player = _acting_player(b, "(in)capacitated by whose effect?", any_player=True)
    obj = b.roles.np("targets")
    if obj is None:
        raise NotUnderstood("(in)capacitates what?", b.roles.clause)
    subject = things(obj, b.r)
    _slot(b, obj, "subject", subject)
    _any_stages(b)
    kind = "capacitate" if b.verb.lemma == "capacitar" else "incapacitate"
    return EventPattern(kind, subject=subject, by=player.ref or Ref.EVERY_PLAYER)


def _any_stages(b: Build) -> None:
    """"em {1} ou {2}": every change a stage can have (stages go from {0} to {2}); one number alone is not read."""
    pp = b.roles.pp("stages")
    if pp is None or pp.obj is None:
        return
    from cardscript.compiler.ast import Icon

    codes = {x.code for x in constituent_leaves(pp) if isinstance(x, Icon)}
    if not {"1", "2"} <= codes:
        raise NotUnderstood("(in)capacitated by exactly that many stages", pp.obj.node)
    b.r.use_all(constituent_leaves(pp))


def _by_effect(b: Build) -> Ref | None:
    """"por um efeito controlado por um oponente / por você": whose effect did it (``EventPattern.by``)."""
    pp = b.roles.pp("agent")
    if pp is None or pp.obj is None:
        return None
    eff = pp.obj
    if eff.lemma != "efeito":
        raise NotUnderstood("by what?", eff.node)
    b.r.use(*pp.preps, eff.head, *eff.dets)
    agent = next((m for m in eff.mods if isinstance(m, PP) and m.prep == "por" and m.obj is not None), None)
    if eff.participle is None or eff.participle.lemma != "controlar" or agent is None or agent.obj is None:
        if eff.mods or eff.participle is not None:
            raise NotUnderstood("an effect of what?", eff.node)
        return Ref.EVERY_PLAYER
    who = players(agent.obj, b.r)
    if who.ref not in (Ref.YOU, Ref.OPPONENT):
        raise NotUnderstood("an effect controlled by whom?", agent.obj.node)
    b.r.use(eff.participle, *agent.preps)
    return who.ref


_RULES: dict[str, Callable[[Build], EventPattern]] = {
    "enter": _enter, "move": _put, "leave": _leave, "use": _use, "be": _targeted, "receive": _receive,
    "knocked_out": _knocked_out, "loaded": _loaded, "unloaded": _unloaded, "moved": _moved, "damage": _deal,
    "staged": _staged, "stage": _stage, "knock_out": _knock_out, "unload": _unload, "draw": _draw,
    "replace_scenario": _replaced,
    "search": _search, "reveal": _reveal,
}

__all__ = ["event", "Roles"]
