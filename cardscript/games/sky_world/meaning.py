"""What Sky World's words mean to the core's composition of meaning (issue 14): the vocabulary this game adds to the
construction rules' tables, its verb frames, and the builders of its own procedure families (``ir.py``).

The core reads a Sky World sentence with its own rules -- determiners, references, relatives, choices ("Escolha um
aliado ... Ele ..."), the knock-out of "Destrua um personagem que o rival controla" -- once the words it does not
know are given a meaning here:

* **nouns**: *aliado* is a character you control, *inimigo* one the rival controls (``IMPLIED_FILTERS``, as
  *herói* implies an alignment); *rival* and *campo* are synonyms of the core's *oponente* and *cena*
  (``words.py``);
* **stats**: "+1 de Poder", "1 de Fé" are an amount of a number of the game -- a character's Poder, a player's Fé
  (:data:`STATS`); in this game *Poder* is that number, not a power icon;
* **frames**: *ganhar* / *receber* and *perder* an amount of a stat are this game's families (:data:`FRAMES`),
  built by :func:`_gain` / :func:`_lose` into ``GainFaith``, ``LoseFaith`` and ``ChangePower``; *destruir* and
  *comprar* keep the core's frames and reading, made into this game's ``Destroy`` and ``DrawCards``;
* **states**: *vulnerável*, *pronto* and *em Preparação* filter a selection (``ADJECTIVE_FILTERS``,
  ``STATE_FILTERS``); "fica pronto", "fica vulnerável", "sai de Preparação" change them (``MakeReady``, ``Expose``);
* **the Banco**: "Consuma N Essências" / "Bloqueie N" (costs before ":", or steps), "Envie N cartas de sua mão ao
  Banco" (``Deposit``), "libere suas Essências bloqueadas" (``ReleaseBlocks``);
* **permissions and registrations**: "pode atacar inimigos que não estejam vulneráveis / em Preparação"
  (``AllowAttack``, static), "a primeira canalização do rival em seu próximo turno não concede Fé"
  (``PreventChannelFaith``).

How long a change of Poder lasts is always said ("neste turno", "até o fim do turno", "permanente": the manual's
Inspirar / Intimidar / Fortalecer); a change that does not say is not read (never a guessed duration).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace

from cardscript.compiler.ast import Lexeme, Number, Symbol
from cardscript.compiler.ir import Draw, Duration, EffectKind, Filter, Kind, KnockOut, Procedure, Ref, Selector
from cardscript.compiler.semantics import frames as fr
from cardscript.compiler.semantics import vocabulary as voc
from cardscript.compiler.semantics.build import Build, Built
from cardscript.compiler.semantics.clauses import ONLY
from cardscript.compiler.semantics.nouns import things
from cardscript.compiler.semantics.procedures import PROCEDURE_BUILDERS
from cardscript.compiler.semantics.reading import NotUnderstood
from cardscript.compiler.semantics.statics import STATIC_BUILDERS
from cardscript.compiler.semantics.syntax import NP, PP, Other, Rel, constituent_leaves, leaves
from cardscript.compiler.semantics.verbs import analyse
from cardscript.games.sky_world.ir import (
    AllowAttack,
    Awaken,
    Block,
    ChangePower,
    Consume,
    ConsumptionAsBlock,
    CounterAwaken,
    Deposit,
    Destroy,
    DrawCards,
    Execute,
    Expose,
    Fix,
    GainFaith,
    HoldPreparation,
    LoseFaith,
    MakeReady,
    Permutar,
    PreventChannelFaith,
    ReleaseBlocks,
    Restrict,
    Vasculhar,
)

STATS: dict[str, tuple[str, Kind]] = {
    "poder": ("power", Kind.CHARACTER),      # a character's Poder ("Poder decide o combate")
    "fé": ("faith", Kind.PLAYER),            # a player's Fé, the score ("A Fé conquistada pertence ao jogador")
}

VOCABULARY: dict[str, dict[str, object]] = {
    # Preparação is a state of a character here, not a phase of the turn: "um aliado em Preparação"
    # an Essência is a card of the Banco ("Cada carta ... entra no Banco, acrescentando 1 Essência")
    "NOUN_CLASS": {"aliado": "thing", "inimigo": "thing", "fé": "attribute", "preparação": "attribute",
                   "essência": "thing", "banco": "zone", "sucessor": "thing"},
    "KIND_OF_NOUN": {"aliado": Kind.CHARACTER, "inimigo": Kind.CHARACTER, "essência": Kind.CARD,
                     "sucessor": Kind.CHARACTER},
    "ZONE_OF_NOUN": {"banco": "bank"},
    "IMPLIED_FILTERS": {"aliado": (Filter("controller", "eq", "you"),),
                        "inimigo": (Filter("controller", "eq", "opponent"),)},
    # the states of a character (the hourglass, the red outline, an action not spent)
    # "disponível": a Banco card not converted this turn ("Ela só fica disponível para consumo no início do próximo
    # turno do dono")
    "ADJECTIVE_FILTERS": {"vulnerável": Filter("vulnerable", "eq", "true"), "pronto": Filter("ready", "eq", "true"),
                          "disponível": Filter("amber", "eq", "false")},
    "STATE_FILTERS": {"preparação": Filter("preparation", "eq", "true")},
}

GAIN = "sky_world.gain"
LOSE = "sky_world.lose"
DESTROY = "sky_world.destroy"
DRAW = "sky_world.draw"
BECOME = "sky_world.become"
LEAVE = "sky_world.leave"
RELEASE = "sky_world.release"
CONSUME = "sky_world.consume"
BLOCK = "sky_world.block"
ATTACK = "sky_world.attack"
GRANT = "sky_world.grant"
DEPOSIT = "sky_world.deposit"
SEARCH = "sky_world.vasculhar"
EXECUTE = "sky_world.execute"
SWAP = "sky_world.permutar"
AWAKEN = "sky_world.awaken"
CHANNEL = "sky_world.channel"
FIX = "sky_world.fix"
REPLACE = "sky_world.replace"

FRAMES: dict[str, fr.Frame] = {
    **{lemma: fr.frame(lemma, family, fr.role("targets", "subject"),
                       fr.role("what", "object", "amount", "attribute", ""))
       for lemma, family in (("ganhar", GAIN), ("receber", GAIN), ("perder", LOSE))},
    # the core's frames of these verbs, read into this game's families ("destruído vai ao Banco do dono")
    "destruir": replace(fr.CORE_FRAMES["destruir"], family=DESTROY),
    # "Execute um inimigo" (Executar: destroyed without comparing Poder) -- read as "destruir" is
    "executar": replace(fr.CORE_FRAMES["destruir"], lemma="executar", family=EXECUTE),
    # "Desperte este card sem gastar despertar", "o rival só desperta personagens gastando um despertar normal"
    **{lemma: fr.frame(lemma, AWAKEN, fr.role("who", "subject"), fr.role("cards", "object", "thing"),
                       fr.role("without", "sem", ""))
       for lemma in ("despertar", "evoluir")},
    # "Troque uma Essência disponível de seu Banco por uma carta de sua mão" (Permutar)
    "trocar": fr.frame("trocar", SWAP, fr.role("who", "subject"), fr.role("take", "object", "thing"),
                       fr.role("send", "por", "thing")),
    "comprar": replace(fr.CORE_FRAMES["comprar"], family=DRAW),
    # the states of a character: "fica pronto" (its action back), "fica vulnerável", "sai de Preparação"
    "ficar": fr.frame("ficar", BECOME, fr.role("targets", "subject"), fr.role("purpose", "para", ""),
                      fr.role("state", "em", "attribute")),
    "sair": fr.frame("sair", LEAVE, fr.role("subject", "subject", "thing"),
                     fr.role("from", "de", "attribute", "phase", "zone")),
    # "Consuma 1 Essência", "Bloqueie 3" (manual, "Consumir retira a Essência", "Use uma habilidade da mão")
    **{lemma: fr.frame(lemma, family, fr.role("who", "subject"), fr.role("what", "object", "thing", "amount", ""))
       for lemma, family in (("consumir", CONSUME), ("bloquear", BLOCK))},
    # "pode atacar inimigos que não estejam vulneráveis" / "pode atacar em Preparação": an attack permission
    "atacar": fr.frame("atacar", ATTACK, fr.role("who", "subject"), fr.role("targets", "object", "thing"),
                       fr.role("state", "em", "attribute")),
    # "Fixe este card no sucessor", "fixar neste personagem um card de sua mão chamado ..." (Fixe)
    "fixar": fr.frame("fixar", FIX, fr.role("who", "subject"), fr.role("cards", "object", "thing"),
                      fr.role("onto", "em", "thing")),
    # "cada Essência que você consumiria em uma evolução é substituída por 2 bloqueios" (Anastacia's passive)
    "substituir": fr.frame("substituir", REPLACE, fr.role("replaced", "subject"), fr.role("by", "por", "")),
    # "não pode canalizar" (a restriction: channelling itself is the player's play, "Canalize para conquistar Fé")
    "canalizar": fr.frame("canalizar", CHANNEL, fr.role("who", "subject")),
    # "a primeira canalização do rival em seu próximo turno não concede Fé" (Dudurima)
    "conceder": fr.frame("conceder", GRANT, fr.role("what_grants", "subject"),
                         fr.role("what", "object", "attribute", "")),
    # "Vasculhe as 3 cartas do topo de seu deck" (Vasculhar: the engine's search, once a turn, seen by you alone)
    "vasculhar": fr.frame("vasculhar", SEARCH, fr.role("who", "subject"), fr.role("what", "object", "thing", "amount")),
    # "Envie 2 cartas de sua mão ao Banco" (Depositar)
    "enviar": fr.frame("enviar", DEPOSIT, fr.role("who", "subject"), fr.role("what", "object", "thing", "amount"),
                       fr.role("to", "a", "zone")),
    # "libere suas Essências bloqueadas" (Morteus da Reserva): the blocks end now, not at the next turn
    "liberar": fr.frame("liberar", RELEASE, fr.role("who", "subject"), fr.role("what", "object", "thing", "")),
}

# what "pronto para ..." may say: ready is ready to attack or to channel ("Canalize para conquistar Fé")
_READY_FOR = frozenset({"atacar", "canalizar"})


@contextmanager
def reading() -> Iterator[None]:
    """The construction rules read with this game's vocabulary and frames inside the block."""
    with ExitStack() as stack:
        stack.enter_context(voc.using(VOCABULARY))
        stack.enter_context(fr.using(FRAMES))
        yield


def _amount(b: Build, sign: int) -> tuple[str, int, NP]:
    """The stat and the signed amount of "ganha/recebe +N de <stat>", "perde N de <stat>"."""
    np = b.roles.np("what")
    if not isinstance(np, NP):
        raise NotUnderstood(f"'{b.verb.lemma}' what?", b.roles.clause)
    stat_pp = next((m for m in np.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None
                    and m.obj.lemma in STATS), None)
    if stat_pp is None or stat_pp.obj is None or not isinstance(np.head, Number):
        raise NotUnderstood("an amount of Poder or Fé ('+1 de Poder', '2 de Fé')", np.node)
    signs = [s for s in np.quantity if isinstance(s, Symbol) and s.text in "+-"]
    if len(signs) > 1 or len(np.quantity) != len(signs) or np.dets:
        raise NotUnderstood("one signed number before 'de'", np.node)
    b.r.use(np.head, *signs, *stat_pp.preps, stat_pp.obj.head)
    value = np.head.value * (-1 if signs and signs[0].text == "-" else 1) * sign
    return stat_pp.obj.lemma, value, stat_pp.obj


def _permanent(b: Build, stat: NP) -> bool | None:
    """"permanente" after the stat (True), a duration of this turn (False), or nothing said (None)."""
    word = next((a for a in stat.post if isinstance(a, Lexeme) and a.lemma == "permanente"), None)
    duration = b.adjuncts.duration
    if word is not None and duration is not None:
        raise NotUnderstood("'permanente' and a duration", b.roles.clause)
    if word is not None:
        b.r.use(word)
        return True
    if duration is Duration.END_OF_TURN:
        return False
    if duration is not None:
        raise NotUnderstood(f"a change of Poder for {duration.value}", b.roles.clause)
    return None


def _change(b: Build, sign: int) -> Built:
    stat, amount, stat_np = _amount(b, sign)
    field, kind = STATS[stat]
    subject = _subject(b)
    if subject.kind is not kind:
        raise NotUnderstood(f"'{stat}' is a {'player' if kind is Kind.PLAYER else 'character'}'s", b.roles.clause)
    procedure: Procedure
    if field == "faith":
        if b.adjuncts.duration is not None:
            raise NotUnderstood("Fé gained or lost for a time", b.roles.clause)
        procedure = (GainFaith(amount=amount, player=subject, text=b.text) if amount > 0
                     else LoseFaith(amount=-amount, player=subject, text=b.text))
    else:
        permanent = _permanent(b, stat_np)
        if permanent is None and b.static:          # a CONTÍNUA's: while it is in place ("Compare o Poder final")
            return Built([ChangePower(targets=subject, amount=amount, text=b.text)], EffectKind.STATIC)
        if permanent is None:
            raise NotUnderstood("for how long? ('neste turno' or 'permanente')", b.roles.clause)
        procedure = ChangePower(targets=subject, amount=amount, permanent=permanent, text=b.text)
    return Built([procedure])


def _gain(b: Build) -> Built:
    return _change(b, 1)


def _lose(b: Build) -> Built:
    return _change(b, -1)


def _destroying(family: type[Destroy] | type[Execute]) -> Callable[[Build], Built]:
    """"Destrua <alvos>" / "Execute <alvos>": the core's reading of the targets (choices, references) -- its
    knock-out's --, this game's destruction (to the owner's Banco) or execution (no Poder compared)."""
    def build(b: Build) -> Built:
        built = PROCEDURE_BUILDERS["knock_out"](b)
        procs: list[Procedure] = []
        for p in built.procedures:
            if not isinstance(p, KnockOut):
                raise NotUnderstood(f"{b.verb.lemma} what?", b.roles.clause)
            procs.append(family(targets=p.targets, optional=p.optional, decider=p.decider, if_done=p.if_done,
                                if_not_done=p.if_not_done, condition=p.condition, text=p.text,
                                introduces=p.introduces))
        return replace(built, procedures=procs)
    return build


def _permutar(b: Build) -> Built:
    """"Troque uma Essência disponível de seu Banco por uma carta de sua mão" (Permutar: "deve trazer uma Essência
    disponível do Banco para a mão e depois deve enviar outra carta da mão ao Banco"): what is taken and what is
    sent, each a noun phrase of the core's reading with its zone; how it is done -- both steps mandatory once begun,
    the card sent available at once -- is the engine's ``Permutar`` family."""
    take, send = b.roles.np("take"), b.roles.np("send")
    if take is None or send is None:
        raise NotUnderstood("swap what for what? ('uma Essência disponível de seu Banco por uma carta de sua mão')",
                            b.roles.clause)
    taken, sent = things(take, b.r), things(send, b.r)
    if take.lemma != "essência" or taken.zone != "bank" or sent.zone != "hand" or taken.ref or sent.ref:
        raise NotUnderstood("swap an Essência of your Banco for a card of your hand", b.roles.clause)
    pp = b.roles.pp("send")
    if pp is not None:
        b.r.use(*pp.preps)
    _you_pay(b)
    return Built([Permutar(take=replace(taken, kind=Kind.CARD), send=replace(sent, kind=Kind.CARD), text=b.text)])


def _draw(b: Build) -> Built:
    """"Compre N cartas": the core's reading, this game's draw (never above six in the hand)."""
    built = PROCEDURE_BUILDERS["draw"](b)
    procs: list[Procedure] = []
    for p in built.procedures:
        q = p.amount if isinstance(p, Draw) else None
        if not isinstance(p, Draw) or q is None or q.x_times or q.x is not None or q.up_to or q.any_number \
                or p.each_player:
            raise NotUnderstood("a draw of a fixed number of cards", b.roles.clause)
        procs.append(DrawCards(amount=q.fixed, player=p.who, optional=p.optional, decider=p.decider,
                               if_done=p.if_done, if_not_done=p.if_not_done, condition=p.condition, text=p.text))
    return replace(built, procedures=procs)


def _become(b: Build) -> Built:
    """"<personagem> fica pronto [novamente] [para atacar ou canalizar] [neste turno]" (Prontidão, Revigorar: its
    action back, "Ao ficar pronto novamente, o personagem recupera sua ação"); "fica vulnerável" (exposed)."""
    adjectives = [w for w in b.verb.words if isinstance(w, Lexeme) and w.cls == "ADJ"]
    if not adjectives and b.roles.np("state") is not None:
        return _held(b)
    if len(adjectives) != 1 or adjectives[0].lemma not in ("pronto", "vulnerável"):
        raise NotUnderstood("fica how? ('pronto' or 'vulnerável')", b.roles.clause)
    state = adjectives[0].lemma
    subject = b.subject()
    if subject.kind is not Kind.CHARACTER:
        raise NotUnderstood(f"only a character is {state}", b.roles.clause)
    for purpose in b.roles.get("purpose"):
        words = [x for x in constituent_leaves(purpose) if isinstance(x, Lexeme)]
        verbs = {w.lemma for w in words if w.cls in ("VINF", "VFIN")}
        if state != "pronto" or not verbs or not verbs <= _READY_FOR \
                or any(w.cls not in ("VINF", "VFIN", "PREP") and w.lemma not in ("ou", "e") for w in words):
            raise NotUnderstood("ready for what? (to attack or channel: what ready means)", b.roles.clause)
        b.r.use_all(constituent_leaves(purpose))
    again = [c for c in b.roles.extra if isinstance(c, Other) and c.kind == "adv"
             and all(isinstance(n, Lexeme) and n.lemma == "novamente" for n in c.nodes)]
    for c in again:
        b.r.use(*c.nodes)
    b.roles.extra = [c for c in b.roles.extra if c not in again]
    if b.adjuncts.duration not in (None, Duration.END_OF_TURN) or (state != "pronto" and b.adjuncts.duration):
        raise NotUnderstood(f"{state} for how long?", b.roles.clause)
    proc: Procedure = MakeReady(targets=subject, text=b.text) if state == "pronto" else \
        Expose(targets=subject, text=b.text)
    return Built([proc])


def _held(b: Build) -> Built:
    """"<personagem> fica em Preparação até o fim de seu próximo turno" (Sião, Deus do Sinal: "Algumas cartas
    mantêm a Preparação por mais tempo ... Siga a duração escrita na carta"): each part read, no other duration."""
    state = b.roles.np("state")
    until = b.roles.pp("until")
    end = until.obj if until is not None else None
    turn_pp = next((m for m in (end.mods if end is not None else []) if isinstance(m, PP) and m.prep == "de"
                    and m.obj is not None), None)
    turn = turn_pp.obj if turn_pp is not None else None
    nexts = [w for w in (*turn.pre, *turn.post) if isinstance(w, Lexeme) and w.lemma == "próximo"] if turn else []
    if state is None or state.lemma != "preparação" or state.dets or state.mods or until is None or end is None \
            or end.lemma != "final" or not end.det("o") or len(end.mods) != 1 or turn is None \
            or turn_pp is None or turn.lemma != "turno" or not turn.det("seu") or len(nexts) != 1 or turn.mods:
        raise NotUnderstood("in Preparação until when? (read: 'até o fim de seu próximo turno')", b.roles.clause)
    subject = b.subject()
    if subject.kind is not Kind.CHARACTER:
        raise NotUnderstood("only a character is in Preparação", b.roles.clause)
    state_pp = b.roles.pp("state")
    b.r.use(state.head, *(state_pp.preps if state_pp is not None else ()), *until.preps, end.head, *end.dets,
            *turn_pp.preps, turn.head, *turn.dets, *nexts)
    b.roles.filled.pop("until")             # read here: the hold's own duration, not the clause's
    return Built([HoldPreparation(targets=subject, text=b.text)])


def _leave(b: Build) -> Built:
    """"<personagem> sai de Preparação" (Prontidão): out of Preparação, ready to act this turn."""
    where = b.roles.np("from")
    if where is None or where.lemma != "preparação":
        raise NotUnderstood("leaves what? (only 'sai de Preparação' is read)", b.roles.clause)
    pp = b.roles.pp("from")
    b.r.use(where.head, *where.dets, *(pp.preps if pp is not None else ()))
    subject = b.subject()
    if subject.kind is not Kind.CHARACTER:
        raise NotUnderstood("only a character leaves Preparação", b.roles.clause)
    return Built([MakeReady(targets=subject, leave_preparation=True, text=b.text)])


def _release(b: Build) -> Built:
    """"Libere suas Essências bloqueadas": the Banco's blocked capacity released (Bloquear N reserves it without
    choosing cards, so what is released is the capacity, all of it)."""
    what = b.roles.np("what")
    blocked = what.participle if what is not None else None
    if what is None or what.lemma != "essência" or not what.det("seu") or blocked is None \
            or blocked.lemma != "bloquear" or what.mods or what.post:
        raise NotUnderstood("release what? ('suas Essências bloqueadas')", b.roles.clause)
    b.r.use(what.head, *what.dets, blocked)
    who = b.subject()
    if who.kind is not Kind.PLAYER or who.ref is not Ref.YOU:
        raise NotUnderstood("only your own blocks are released", b.roles.clause)
    return Built([ReleaseBlocks(player=who, text=b.text)])


def _essences(b: Build) -> int:
    """The number of Essências of "Consuma 2 Essências" / "Bloqueie 3" (a number alone: Essências, the only thing
    consumed or blocked)."""
    np = b.roles.np("what")
    if np is None:
        raise NotUnderstood(f"'{b.verb.lemma}' how many Essências?", b.roles.clause)
    if isinstance(np.head, Number) and not np.quantity and not np.dets and not np.mods:
        b.r.use(np.head)
        return np.head.value
    numbers = [n for n in np.quantity if isinstance(n, Number)]
    if np.lemma == "essência" and len(numbers) == 1 == len(np.quantity) and not np.dets and not np.mods:
        b.r.use(np.head, *numbers)
        return numbers[0].value
    raise NotUnderstood(f"'{b.verb.lemma}' a number of Essências ('2 Essências')", b.roles.clause)


def _you_pay(b: Build) -> None:
    who = b.subject()
    if who.kind is not Kind.PLAYER or who.ref is not Ref.YOU:
        raise NotUnderstood("only you pay with your Banco", b.roles.clause)


def _consume(b: Build) -> Built:
    """"Consuma N Essências": N available Essências leave the Banco and the match (a cost before ":")."""
    amount = _essences(b)
    _you_pay(b)
    return Built([Consume(amount=amount, text=b.text)])


def _block(b: Build) -> Built:
    """"Bloqueie N": N of the Banco's free capacity reserved until your next turn (a cost before ":")."""
    amount = _essences(b)
    _you_pay(b)
    return Built([Block(amount=amount, text=b.text)])


def _attack(b: Build) -> Built:
    """"<personagem> pode atacar <inimigos que não estejam vulneráveis>" (other targets than the vulnerable) or
    "... pode atacar em Preparação" (manual, "Escolha seu combate", "Desperte e prepare seu campo"): a CONTÍNUA's
    attack permission -- no extra action, no channelling."""
    if b.verb.modal == "pode" and b.verb.negated:
        return _restrict(b, "attack")
    if b.verb.modal != "pode":
        raise NotUnderstood("'atacar' is read as a permission ('pode atacar ...')", b.roles.clause)
    who = _subject(b)
    if who.kind is not Kind.CHARACTER:
        raise NotUnderstood("only a character attacks", b.roles.clause)
    in_preparation = any_target = False
    state = b.roles.np("state")
    if state is not None:
        if state.lemma != "preparação" or state.dets or state.mods:
            raise NotUnderstood("attack while what? ('em Preparação')", b.roles.clause)
        pp = b.roles.pp("state")
        b.r.use(state.head, *(pp.preps if pp is not None else ()))
        in_preparation = True
    target = b.roles.np("targets")
    if target is not None:
        chosen = things(target, b.r)
        if [(f.field, f.value) for f in chosen.filters] != [("controller", "opponent"), ("vulnerable", "false")] \
                or chosen.ref is not None:
            raise NotUnderstood("attack whom? (read: 'inimigos que não estejam vulneráveis')", b.roles.clause)
        any_target = True
    if not (in_preparation or any_target):
        raise NotUnderstood("a permission to attack what or when?", b.roles.clause)
    return Built([AllowAttack(targets=who, in_preparation=in_preparation, any_target=any_target, text=b.text)],
                 EffectKind.STATIC)


# nouns that name a card of the trigger's event (manual, "Legado + Fixe: ... fixe-a no sucessor"): the slot
SLOT_NOUNS: dict[str, str] = {"sucessor": "event:object"}


def _slot_noun(np: NP, b: Build) -> Selector | None:
    """"o sucessor": the event's card the noun names (``SLOT_NOUNS``), or None."""
    slot = SLOT_NOUNS.get(np.lemma)
    if slot is None or np.mods or np.post or np.pre or not np.det("o"):
        return None
    b.r.use(np.head, *np.dets)
    return Selector(kind=Kind.CHARACTER, ref=Ref.SLOT, slot=slot, text=f"o {np.lemma}")


def _subject(b: Build) -> Selector:
    """The clause's subject: a noun of the event's card ("O sucessor pode atacar ...") or the core's reading."""
    np = b.roles.subject_np
    found = _slot_noun(np, b) if np is not None else None
    return found if found is not None else b.subject()


def _fix(b: Build) -> Built:
    """"Fixe este card no sucessor" (Legado + Fixe), "Você pode fixar neste personagem um card de sua mão chamado
    ..." (manual, "Fixe, Legado e Rastro": "Fixe liga uma carta a um personagem. A fonte deixa sua zona anterior"):
    ``Fix`` of what the object selects onto the character the "em" phrase names; what the bound card grants its
    character is read by the lowering from the sentences after it (``lower``)."""
    what, onto_np = b.roles.np("cards"), b.roles.np("onto")
    if what is None or onto_np is None or b.verb.negated:
        raise NotUnderstood("fix what on whom? ('Fixe este card no sucessor')", b.roles.clause)
    cards = things(what, b.r)
    onto = _slot_noun(onto_np, b) or things(onto_np, b.r)
    if onto.kind is not Kind.CHARACTER or (cards.ref is not Ref.THIS_CARD and (cards.kind is not Kind.CARD
                                                                              or cards.zone not in ("hand", "bank"))):
        raise NotUnderstood("fix this card, or a card of your hand or Banco, on a character", b.roles.clause)
    pp = b.roles.pp("onto")
    if pp is not None:
        b.r.use(*pp.preps)
    _you_pay(b)
    return Built([Fix(cards=cards, onto=onto, text=b.text)])


def _consumption_as_block(b: Build) -> Built:
    """"Cada Essência que você consumiria em uma evolução é substituída por N bloqueios" (manual, "Seu Herói também
    participa": "substitua cada Essência que seria consumida nessa evolução por Bloquear 2. Consumo 2 vira Bloquear
    4"): ``ConsumptionAsBlock(per=N)``, static; each part read -- what is replaced (each Essência you would consume
    in an evolution), by how many blocks."""
    replaced, by = b.roles.subject_np, b.roles.pp("by")
    rel = next((m for m in (replaced.mods if replaced is not None else []) if isinstance(m, Rel)), None)
    # "em uma evolução": the relative's ("que você consumiria em uma evolução") or left after it
    where = next((m for m in (*(rel.args if rel is not None else []), *b.roles.extra) if isinstance(m, PP)
                  and m.prep == "em" and m.obj is not None and m.obj.lemma == "evolução" and m.obj.det("um")), None)
    blocks = by.obj if by is not None else None
    numbers = [n for n in (blocks.quantity if blocks is not None else []) if isinstance(n, Number)]
    if not b.verb.passive or replaced is None or replaced.lemma != "essência" or not replaced.det("cada") \
            or rel is None or where is None or where.obj is None or len(replaced.mods) != 1 or by is None \
            or blocks is None or blocks.lemma != "bloqueio" or len(numbers) != 1 != len(blocks.quantity) \
            or blocks.dets or blocks.mods:
        raise NotUnderstood("replaced by what? (read: 'cada Essência que você consumiria em uma evolução é "
                            "substituída por 2 bloqueios')", b.roles.clause)
    verb = analyse(rel.clause)
    who = rel.clause.subject
    if verb.lemma != "consumir" or verb.negated or who is None or [w.lemma for w in leaves(who)
                                                                   if isinstance(w, Lexeme)] != ["você"]:
        raise NotUnderstood("which Essência? (read: 'que você consumiria')", b.roles.clause)
    b.r.use(replaced.head, *replaced.dets, *rel.markers, rel.clause, *where.preps, where.obj.head, *where.obj.dets,
            *by.preps, *numbers, blocks.head)
    b.roles.extra = [c for c in b.roles.extra if c is not where]
    return Built([ConsumptionAsBlock(per=numbers[0].value, text=b.text)], EffectKind.STATIC)


def _channel(b: Build) -> Built:
    """"<personagem> não pode canalizar": only its restriction is read (channelling is the player's play)."""
    if b.verb.modal == "pode" and b.verb.negated:
        return _restrict(b, "channel")
    raise NotUnderstood("'canalizar' is read as a restriction ('não pode canalizar')", b.roles.clause)


def _restrict(b: Build, act: str) -> Built:
    """"<personagem> não pode atacar [nem canalizar] [neste turno]" (Leon, Voz da Formação): ``Restrict``; as a
    step of an effect that resolves it lasts this turn (said, or said by the coordination it closes: "não pode
    atacar nem canalizar neste turno"), in a CONTÍNUA while the source is in place."""
    who = _subject(b)
    if who.kind is not Kind.CHARACTER or b.roles.np("targets") is not None or b.roles.np("state") is not None:
        raise NotUnderstood(f"only a character is kept from {'attacking' if act == 'attack' else 'channelling'}",
                            b.roles.clause)
    duration = b.adjuncts.duration
    if b.static and duration is None:
        return Built([Restrict(targets=who, acts=(act,), text=b.text)], EffectKind.STATIC)
    if duration is not Duration.END_OF_TURN:
        raise NotUnderstood("kept from acting for how long? ('neste turno')", b.roles.clause)
    return Built([Restrict(targets=who, acts=(act,), text=b.text)])


def _no_faith(b: Build) -> Built:
    """"A primeira canalização do rival em seu próximo turno não concede Fé" (manual, "Ativação, fonte e duração":
    Dudurima's activation): registered for the rival's next turn, its first N channellings grant no Fé. Each part
    is read: the ordinal, the rival's channelling, its next turn, "não concede Fé"; anything else is not."""
    subject = b.roles.subject_np
    what = b.roles.np("what")
    when = b.roles.pp("when")
    if subject is None or subject.lemma != "canalização" or not b.verb.negated or what is None \
            or what.lemma != "fé" or what.dets or what.mods or when is None or when.obj is None:
        raise NotUnderstood("what does not grant Fé, when? (read: 'a primeira canalização do rival em seu "
                            "próximo turno não concede Fé')", b.roles.clause)
    ordinals = [w for w in subject.pre if isinstance(w, Lexeme) and w.lemma == "primeiro"]   # the first one only
    # ("a segunda canalização" is the second alone, which this engine's family does not say)
    of = [m for m in subject.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None]
    turn = when.obj
    nexts = [w for w in (*turn.pre, *turn.post) if isinstance(w, Lexeme) and w.lemma == "próximo"]
    if len(ordinals) != 1 or len(subject.pre) != 1 or len(of) != 1 or len(subject.mods) != 1 or of[0].obj is None \
            or of[0].obj.lemma != "oponente" or of[0].obj.mods or turn.lemma != "turno" or len(nexts) != 1 \
            or not turn.det("seu") or turn.mods:
        raise NotUnderstood("which channelling? (read: 'a primeira canalização do rival em seu próximo turno')",
                            b.roles.clause)
    rival = of[0].obj
    b.r.use(subject.head, *subject.dets, *ordinals, *of[0].preps, rival.head, *rival.dets, what.head,
            *when.preps, turn.head, *turn.dets, *nexts)
    b.roles.filled.pop("when")                 # the rival's next turn is the registration's, read here: not a delay
    return Built([PreventChannelFaith(times=1, text=b.text)])


def _deposit(b: Build) -> Built:
    """"Envie N cartas de sua mão ao Banco" (Depositar N): the cards become available Essências; one Depósito a
    turn, shared between your cards (the engine's rule)."""
    what = b.roles.np("what")
    numbers = [n for n in (what.quantity if what is not None else []) if isinstance(n, Number)]
    if what is None or what.lemma != "card" or len(numbers) != 1 or len(what.quantity) != 1 or what.dets:
        raise NotUnderstood("send how many cards? ('2 cartas de sua mão')", b.roles.clause)
    origin = next((m for m in what.mods if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    target = next((m for m in what.mods if isinstance(m, PP) and m.prep == "a" and m.obj is not None),
                  b.roles.pp("to"))          # "ao Banco": the NP's or the verb's (the Banco is a zone)
    if origin is None or origin.obj is None or origin.obj.lemma != "mão" or not origin.obj.det("seu") \
            or target is None or target.obj is None or target.obj.lemma != "banco" \
            or len(what.mods) != (2 if target in what.mods else 1):
        raise NotUnderstood("from where to where? (read: 'de sua mão ao Banco')", b.roles.clause)
    b.r.use(what.head, *numbers, *origin.preps, origin.obj.head, *origin.obj.dets, *target.preps, target.obj.head,
            *target.obj.dets)
    _you_pay(b)
    return Built([Deposit(amount=numbers[0].value, text=b.text)])


def _vasculhar(b: Build) -> Built:
    """"Vasculhe as N cartas do topo de seu deck" (Vasculhar N): reveal them to you alone, one to the hand, the rest
    to the bottom; one search a turn among your Vasculhar abilities -- the engine's ``Vasculhar`` family."""
    what = b.roles.np("what")
    numbers = [n for n in (what.quantity if what is not None else []) if isinstance(n, Number)]
    top = next((m for m in (what.mods if what is not None else []) if isinstance(m, PP) and m.prep == "de"
                and m.obj is not None), None)
    deck = next((m for m in (top.obj.mods if top is not None and top.obj is not None else [])
                 if isinstance(m, PP) and m.prep == "de" and m.obj is not None), None)
    if what is None or what.lemma != "card" or len(numbers) != 1 or len(what.quantity) != 1 or not what.det("o") \
            or top is None or top.obj is None or top.obj.lemma != "topo" or deck is None or deck.obj is None \
            or deck.obj.lemma != "deck" or not deck.obj.det("seu") or len(what.mods) != 1:
        raise NotUnderstood("search what? (read: 'as N cartas do topo de seu deck')", b.roles.clause)
    b.r.use(what.head, *what.dets, *numbers, *top.preps, top.obj.head, *top.obj.dets, *deck.preps, deck.obj.head,
            *deck.obj.dets)
    _you_pay(b)
    return Built([Vasculhar(amount=numbers[0].value, text=b.text)])


def _spending(b: Build) -> str:
    """How a despertar of the clause uses the turn's right: "sem gastar [um] despertar" -> "free" (manual, "Desperte e
    prepare seu campo": "'Sem gastar despertar' dispensa apenas esse uso do limite do turno"), "gastando um despertar
    normal" -> "normal" ("Counter de despertar"), nothing said -> ""."""
    right = next((c for c in b.roles.extra if isinstance(c, NP) and c.lemma == "despertar"), None)
    without = b.roles.pp("without")
    gerund = next((c for c in b.roles.extra if isinstance(c, Other) and c.kind == "lit"
                   and [getattr(n, "word", "") for n in c.nodes] == ["gastando"]), None)
    spends = [w for w in (without.verb if without is not None else []) if isinstance(w, Lexeme)]
    if right is None and without is None and gerund is None:
        return ""
    normal = [a for a in (right.post if right is not None else []) if isinstance(a, Lexeme) and a.lemma == "normal"]
    if right is None or right.mods or len(right.post) != len(normal) or len(right.dets) > 1 \
            or (right.dets and not right.det("um")):
        raise NotUnderstood("spending which right? ('sem gastar despertar', 'gastando um despertar normal')",
                            b.roles.clause)
    if without is not None and gerund is None and not normal and without.obj is None \
            and [w.lemma for w in spends] == ["gastar"]:
        b.r.use(*without.preps, *spends, right.head, *right.dets)
        b.roles.extra.remove(right)
        return "free"
    if gerund is not None and without is None and len(normal) == 1:
        b.r.use(*gerund.nodes, right.head, *right.dets, *normal)
        b.roles.extra = [c for c in b.roles.extra if c is not right and c is not gerund]
        return "normal"
    raise NotUnderstood("spending which right? ('sem gastar despertar', 'gastando um despertar normal')",
                        b.roles.clause)


def _awaken(b: Build) -> Built:
    """"Desperte este card sem gastar despertar" (Anastacia, Estandarte Crescente: "pode despertar do Banco sem gastar
    despertar"): ``Awaken`` of what the object selects, ``free`` when no right is spent (requisito, consumo, slot and
    the previous stage still apply: the engine's rule). "O rival só desperta personagens gastando um despertar
    normal" is the Counter (:func:`_counter`)."""
    if b.verb.only:
        return _counter(b)
    what = b.roles.np("cards")
    if what is None or b.verb.negated or b.verb.modal:
        raise NotUnderstood(f"{b.verb.lemma} what?", b.roles.clause)
    cards = things(what, b.r)
    if cards.ref is not Ref.THIS_CARD and (cards.kind is not Kind.CARD or cards.zone not in ("hand", "bank")):
        raise NotUnderstood("awaken what? (this card, or a card of your hand or Banco)", b.roles.clause)
    spending = _spending(b)
    if spending == "normal":
        raise NotUnderstood("'gastando um despertar normal' is what a despertar always spends", b.roles.clause)
    _you_pay(b)
    return Built([Awaken(cards=cards, free=spending == "free", text=b.text)])


def _counter(b: Build) -> Built:
    """"O rival só desperta [ou evolui] personagens gastando um despertar normal" (manual, "Counter de despertar":
    "Enquanto o Counter da Aurora estiver ativo, o rival só pode despertar ou evoluir gastando um despertar normal"):
    ``CounterAwaken``, static in a CONTÍNUA; from the hand with "até o fim de seu próximo turno" registered for
    that long ("... até o fim de seu próximo turno": the rival's, "Da mão, o Counter dura até o fim do próximo turno
    inimigo"), each part read."""
    who = b.roles.subject_np
    what = b.roles.np("cards")
    if who is None or who.lemma != "oponente" or who.mods or what is None or what.lemma != "personagem" \
            or what.dets or what.mods or b.verb.negated or _spending(b) != "normal":
        raise NotUnderstood("only what? (read: 'o rival só desperta personagens gastando um despertar normal')",
                            b.roles.clause)
    b.r.use(who.head, *who.dets, what.head, *(w for w in b.verb.words if isinstance(w, Lexeme) and w.lemma in ONLY))
    until = b.roles.pp("until")
    if until is None:
        return Built([CounterAwaken(text=b.text)], EffectKind.STATIC)
    end = until.obj
    turn_pp = next((m for m in (end.mods if end is not None else []) if isinstance(m, PP) and m.prep == "de"
                    and m.obj is not None), None)
    turn = turn_pp.obj if turn_pp is not None else None
    nexts = [w for w in (*turn.pre, *turn.post) if isinstance(w, Lexeme) and w.lemma == "próximo"] if turn else []
    # "de seu próximo turno": the subject's -- the rival's ("Da mão, o Counter dura até o fim do próximo turno inimigo")
    if end is None or end.lemma != "final" or not end.det("o") or len(end.mods) != 1 or turn is None \
            or turn_pp is None or turn.lemma != "turno" or len(nexts) != 1 or not turn.det("seu") or turn.mods:
        raise NotUnderstood("until when? (read: 'até o fim de seu próximo turno')", b.roles.clause)
    b.r.use(*until.preps, end.head, *end.dets, *turn_pp.preps, turn.head, *turn.dets, *nexts)
    b.roles.filled.pop("until")            # the registration's own time, read here
    return Built([CounterAwaken(registered=True, text=b.text)])


def register() -> None:
    """The builders of this game's families (their names are the pack's: no core frame names them)."""
    STATIC_BUILDERS.setdefault(ATTACK, _attack)
    STATIC_BUILDERS.setdefault(AWAKEN, _counter)
    STATIC_BUILDERS.setdefault(CHANNEL, _channel)
    STATIC_BUILDERS.setdefault(REPLACE, _consumption_as_block)
    PROCEDURE_BUILDERS.setdefault(AWAKEN, _awaken)
    STATIC_BUILDERS.setdefault(GRANT, _no_faith)          # a negated verb is read by the static builders first
    for family, builder in ((GAIN, _gain), (LOSE, _lose), (DESTROY, _destroying(Destroy)),
                            (EXECUTE, _destroying(Execute)), (SWAP, _permutar), (FIX, _fix), (DRAW, _draw),
                            (BECOME, _become),
                            (LEAVE, _leave), (RELEASE, _release), (CONSUME, _consume), (BLOCK, _block),
                            (DEPOSIT, _deposit), (SEARCH, _vasculhar)):
        PROCEDURE_BUILDERS.setdefault(family, builder)


register()

__all__ = ["FRAMES", "STATS", "VOCABULARY", "reading"]
