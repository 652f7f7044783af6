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
  *comprar* keep the core's frames and reading, made into this game's ``Destroy`` and ``DrawCards``.

How long a change of Poder lasts is always said ("neste turno", "até o fim do turno", "permanente": the manual's
Inspirar / Intimidar / Fortalecer); a change that does not say is not read (never a guessed duration).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import replace

from cardscript.compiler.ast import Lexeme, Number, Symbol
from cardscript.compiler.ir import Draw, Duration, Filter, Kind, KnockOut, Procedure
from cardscript.compiler.semantics import frames as fr
from cardscript.compiler.semantics import vocabulary as voc
from cardscript.compiler.semantics.build import Build, Built
from cardscript.compiler.semantics.procedures import PROCEDURE_BUILDERS
from cardscript.compiler.semantics.reading import NotUnderstood
from cardscript.compiler.semantics.syntax import NP, PP
from cardscript.games.sky_world.ir import ChangePower, Destroy, DrawCards, GainFaith, LoseFaith

STATS: dict[str, tuple[str, Kind]] = {
    "poder": ("power", Kind.CHARACTER),      # a character's Poder ("Poder decide o combate")
    "fé": ("faith", Kind.PLAYER),            # a player's Fé, the score ("A Fé conquistada pertence ao jogador")
}

VOCABULARY: dict[str, dict[str, object]] = {
    "NOUN_CLASS": {"aliado": "thing", "inimigo": "thing", "fé": "attribute"},
    "KIND_OF_NOUN": {"aliado": Kind.CHARACTER, "inimigo": Kind.CHARACTER},
    "IMPLIED_FILTERS": {"aliado": (Filter("controller", "eq", "you"),),
                        "inimigo": (Filter("controller", "eq", "opponent"),)},
}

GAIN = "sky_world.gain"
LOSE = "sky_world.lose"
DESTROY = "sky_world.destroy"
DRAW = "sky_world.draw"

FRAMES: dict[str, fr.Frame] = {
    **{lemma: fr.frame(lemma, family, fr.role("targets", "subject"),
                       fr.role("what", "object", "amount", "attribute", ""))
       for lemma, family in (("ganhar", GAIN), ("receber", GAIN), ("perder", LOSE))},
    # the core's frames of these verbs, read into this game's families ("destruído vai ao Banco do dono")
    "destruir": replace(fr.CORE_FRAMES["destruir"], family=DESTROY),
    "comprar": replace(fr.CORE_FRAMES["comprar"], family=DRAW),
}


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
    subject = b.subject()
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
        if permanent is None:
            raise NotUnderstood("for how long? ('neste turno' or 'permanente')", b.roles.clause)
        procedure = ChangePower(targets=subject, amount=amount, permanent=permanent, text=b.text)
    return Built([procedure])


def _gain(b: Build) -> Built:
    return _change(b, 1)


def _lose(b: Build) -> Built:
    return _change(b, -1)


def _destroy(b: Build) -> Built:
    """"Destrua <alvos>": the core's reading of the targets (choices, references), this game's destruction."""
    built = PROCEDURE_BUILDERS["knock_out"](b)
    procs: list[Procedure] = []
    for p in built.procedures:
        if not isinstance(p, KnockOut):
            raise NotUnderstood("destroy what?", b.roles.clause)
        procs.append(Destroy(targets=p.targets, optional=p.optional, decider=p.decider, if_done=p.if_done,
                             if_not_done=p.if_not_done, condition=p.condition, text=p.text,
                             introduces=p.introduces))
    return replace(built, procedures=procs)


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


def register() -> None:
    """The builders of this game's families (their names are the pack's: no core frame names them)."""
    for family, builder in ((GAIN, _gain), (LOSE, _lose), (DESTROY, _destroy), (DRAW, _draw)):
        PROCEDURE_BUILDERS.setdefault(family, builder)


register()

__all__ = ["FRAMES", "STATS", "VOCABULARY", "reading"]
