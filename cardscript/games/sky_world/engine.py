"""The Sky World rules engine: the primitives (Fé, the Banco, entering and leaving the field, destruction,
Poder zero), the seals' triggers through the core Effects Tree, combat, and the turn (manual, "Sua vez, passo a
passo"). The free plays a player may make are :mod:`cardscript.games.sky_world.plays`.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardscript.compiler.ir import Effect, EffectKind, Procedure
from cardscript.engine.agents import Decision
from cardscript.engine.tree import EffectsTree, Pending
from cardscript.games.sky_world import procedures
from cardscript.games.sky_world.game import SkyGame
from cardscript.games.sky_world.ir import Block, Consume
from cardscript.games.sky_world.queries import (
    Context,
    attack_permission,
    block_per_consumed,
    can_attack,
    countered,
    holds,
    matches,
    power,
    protected,
)
from cardscript.games.sky_world.state import HAND_LIMIT, CardId, Character, Fixation, Lasting, SkyPlayer, SkyState

# the events a seal of a card fires on when the card itself is their subject
SELF_EVENTS = frozenset({
    "enter", "replaced_by_evolution", "channel", "become_vulnerable", "attack", "attack_or_channel",
    "attack_channeler", "destroy_attacking", "destroy_channeler", "survive_attacking", "survive_combat", "die",
})


class SkyEngine:
    """Owns the Effects Tree of a match and every rule that changes the state."""

    def __init__(self, game: SkyGame) -> None:
        self.game = game
        self.state: SkyState = game.state
        self.tree: EffectsTree[SkyGame] = EffectsTree(game, self._run, active_player=lambda: game.state.active_player)

    # -- decisions ---------------------------------------------------------------------------------------
    def choose(self, player: int, kind: str, prompt: str, cards: Sequence[CardId], minimum: int,
               maximum: int) -> list[CardId]:
        """``player`` picks between ``minimum`` and ``maximum`` of ``cards`` (no decision when it is forced)."""
        cards = list(cards)
        maximum = min(maximum, len(cards))
        minimum = min(minimum, maximum)
        if maximum == 0:
            return []
        if minimum == maximum == len(cards):
            return cards
        facts = tuple({"kind": "card", "card": c, "controller": self.state.owner[c],
                       "power": power(self.state, c)} for c in cards)
        answer = self.game.decide(Decision(player, kind, prompt, tuple(self.game.name(c) for c in cards),
                                           minimum, maximum, facts=facts))
        return [cards[i] for i in answer]

    @staticmethod
    def yes_no(player: int, prompt: str) -> Decision:
        return Decision(player, "optional", prompt, ("sim", "não"), facts=({"kind": "yes"}, {"kind": "no"}))

    # -- Fé ---------------------------------------------------------------------------------------------
    def gain_faith(self, player: int, amount: int, why: str) -> None:
        """Fé to the player's score; reaching the goal wins at once ("vence imediatamente")."""
        p = self.state.players[player]
        before = p.faith
        p.faith = min(self.state.goal, p.faith + max(0, amount))
        self.game.emit("faith", player=player, before=before, after=p.faith, why=why)
        if p.faith >= self.state.goal:
            self.game.win(player, f"{p.faith} de Fé")

    def lose_faith(self, player: int, amount: int) -> None:
        """Drenar Fé: not below zero; nobody gains it."""
        p = self.state.players[player]
        before = p.faith
        p.faith = max(0, p.faith - amount)
        self.game.emit("faith", player=player, before=before, after=p.faith, why="drenar")

    # -- hand, deck, Banco -------------------------------------------------------------------------------
    def draw(self, player: int, amount: int) -> list[CardId]:
        """Draws by abilities or evolution: never above six, no Fé for the rival."""
        p = self.state.players[player]
        n = max(0, min(amount, HAND_LIMIT - len(p.hand), len(p.deck)))
        cards = p.deck[:n]
        del p.deck[:n]
        p.hand.extend(cards)
        if cards:
            self.game.emit("draw", player=player, cards=cards)
        return cards

    def to_bank(self, card: CardId, why: str, amber: bool = False) -> None:
        """A card enters its owner's Banco (1 Essência); ``amber``: Virar Essência's, not consumable this turn."""
        p = self.state.players[self.state.owner[card]]
        p.bank.append(card)
        if amber:
            p.amber.append(card)
        self.game.emit("bank", player=self.state.owner[card], card=card, why=why, amber=amber)

    def consume(self, player: int, amount: int, excluding: CardId | None = None) -> list[CardId]:
        """Consumir N: the player selects N available Essências (never ``excluding``: a card awakened from the Banco
        does not pay its own consumo), which leave the match."""
        p = self.state.players[player]
        eligible = [c for c in p.consumable() if c != excluding]
        n = min(amount, p.consumable_count - (len(p.consumable()) - len(eligible)), len(eligible))
        cards = self.choose(player, "consume", f"Consumir {amount}", eligible, n, n)
        for card in cards:
            p.bank.remove(card)
            p.consumed.append(card)
        if cards:
            self.game.emit("consume", player=player, cards=cards)
        return cards

    def block(self, player: int, amount: int) -> None:
        """Bloquear N: reserve free capacity until the player's next turn (no card chosen)."""
        p = self.state.players[player]
        n = min(amount, p.free_capacity)
        p.blocks += n
        self.game.emit("block", player=player, amount=n, blocks=p.blocks)

    def can_pay(self, player: int, effect: Effect, requirement_block: int = 0) -> bool:
        """The effect's costs (its ``cost`` Consume / Block procedures) and ``requirement_block`` (a hand ability's
        requisito) fit the Banco: checked before anything is paid."""
        p = self.state.players[player]
        blocks = requirement_block + sum(x.amount for x in effect.procedures if isinstance(x, Block) and x.cost)
        consume = sum(x.amount for x in effect.procedures if isinstance(x, Consume) and x.cost)
        return blocks <= p.free_capacity and consume <= min(len(p.consumable()), p.free_capacity - blocks)

    # -- the field ---------------------------------------------------------------------------------------
    def can_awaken(self, player: int, card: CardId, free: bool = False, from_bank: bool = False) -> bool:
        """Despertar / evolve ``card``: requisito, consumo (not from the Banco), a free slot or a predecessor, and a
        despertar right unless ``free``."""
        p = self.state.players[player]
        d = self.state.cards[card]
        if d.is_hero or self.state.owner[card] != player:
            return False
        if not free and p.awakens_used >= p.awaken_limit:
            return False
        if from_bank and card in p.amber:          # "A recém-convertida ... não pode ser consumida nem despertada"
            return False
        essences = p.essences - (1 if from_bank else 0)
        if d.requirement > essences:
            return False
        per = block_per_consumed(self.state, player) if d.stage > 1 else 0
        own = 1 if card in p.bank else 0           # it never pays its own consumo
        if per and d.consumption * per > p.free_capacity - own:
            return False
        if not per and d.consumption > min(len(p.consumable()) - own, p.free_capacity - own):
            return False
        if d.stage == 1:
            return bool(p.free_slots())
        return bool(self.predecessors(player, card))

    def predecessors(self, player: int, card: CardId) -> list[CardId]:
        """The characters ``card`` may evolve: one stage below, the same Insígnia ("Não pule etapas")."""
        d = self.state.cards[card]
        return [c.card for c in self.state.players[player].characters()
                if self.state.cards[c.card].stage == d.stage - 1 and self.state.cards[c.card].insignia == d.insignia]

    def awaken(self, player: int, card: CardId, free: bool = False) -> None:
        """Despertar (stage I into a free slot, in Preparação) or evolve (into the predecessor's slot, keeping its
        Preparação, vulnerability and action; the predecessor to the Banco; one card drawn)."""
        p = self.state.players[player]
        d = self.state.cards[card]
        if free and countered(self.state, player, card):
            self._stopped_by_counter(player, card)
            return
        if not free:
            p.awakens_used += 1
        per = block_per_consumed(self.state, player) if d.stage > 1 else 0
        own = 1 if card in p.bank else 0           # "A carta despertada do Banco nunca paga o próprio consumo"
        if d.consumption and per:
            self.block(player, min(d.consumption * per, p.free_capacity - own))
        elif d.consumption:
            self.consume(player, d.consumption, excluding=card)
        for zone in (p.hand, p.bank):
            if card in zone:
                zone.remove(card)
        if card in p.amber:
            p.amber.remove(card)
        p.blocks = min(p.blocks, len(p.bank))     # blocks do not keep a card from being awakened (Bloquear N)
        if d.stage == 1:
            slots = p.free_slots()
            (slot,) = self.choose_slot(player, slots)
            p.slots[slot] = Character(card)
            self.game.emit("awaken", player=player, card=card, slot=slot, free=free)
            self.fire("enter", card, player)
            self._ally_entered(card, player)
            return
        old = self.choose(player, "evolve", f"evolve into {self.game.name(card)}", self.predecessors(player, card),
                          1, 1)[0]
        at = p.slot_of(old)
        assert at is not None
        before = p.slots[at]
        assert before is not None
        p.slots[at] = Character(card, preparation=before.preparation, vulnerable=before.vulnerable,
                                  spent=before.spent, channeled=before.channeled,
                                  intercept_charge=before.intercept_charge)
        for f in (f for q in self.state.players for f in q.fixed):
            if f.host == old:
                f.host = card
        self.to_bank(old, "evolution")
        self.game.emit("evolve", player=player, card=card, replaced=old, slot=at, free=free)
        self.draw(player, 1)
        self.fire("replaced_by_evolution", old, player, objects=[card])
        self.fire("enter", card, player)
        self._ally_entered(card, player)

    def _stopped_by_counter(self, player: int, card: CardId) -> None:
        """The candidate is destroyed before entering: to its owner's Banco from where it was, nothing paid."""
        p = self.state.players[player]
        if card in p.hand:
            p.hand.remove(card)
            p.bank.append(card)
        self.game.emit("countered", player=player, card=card)
        self.game.emit("destroyed", card=card, how="counter", player=player)

    def choose_slot(self, player: int, slots: list[int]) -> tuple[int]:
        if len(slots) == 1:
            return (slots[0],)
        (i,) = self.game.decide(Decision(player, "slot", "which field slot?", tuple(f"espaço {s + 1}" for s in slots),
                                         facts=tuple({"kind": "slot", "value": s} for s in slots)))
        return (slots[i],)

    def _ally_entered(self, card: CardId, player: int) -> None:
        self.fire("ally_enter", card, player)

    def change_power(self, card: CardId, amount: int, permanent: bool) -> None:
        ch = self.state.character(card)
        if ch is None:
            return
        if permanent:
            ch.permanent_power += amount
        else:
            ch.temporary_power += amount
        self.game.emit("power", card=card, amount=amount, permanent=permanent, now=power(self.state, card))

    def make_vulnerable(self, card: CardId) -> None:
        """The character becomes vulnerable; a change of state fires AO FICAR VULNERÁVEL and renews Interceptar."""
        ch = self.state.character(card)
        if ch is None or ch.vulnerable:
            return
        ch.vulnerable = True
        ch.intercept_charge = True
        self.game.emit("vulnerable", card=card)
        self.fire("become_vulnerable", card, self.state.owner[card])

    def make_ready(self, card: CardId, leave_preparation: bool) -> None:
        """Prontidão (out of Preparação) / Revigorar (ready again): the action back, limits not renewed."""
        ch = self.state.character(card)
        if ch is None:
            return
        if leave_preparation:
            ch.preparation = False
        ch.spent = ch.vulnerable = ch.channeled = False
        self.game.emit("ready", card=card, preparation_left=leave_preparation)

    def fix(self, card: CardId, host: CardId, awaken: bool, grants: tuple[Effect, ...] = ()) -> None:
        """Fixe: the card leaves its zone and is bound to the character ``host``."""
        p = self.state.players[self.state.owner[card]]
        for zone in (p.hand, p.bank, p.trail, p.deck):
            if card in zone:
                zone.remove(card)
        if card in p.amber:
            p.amber.remove(card)
        slot = p.slot_of(card)
        if slot is not None:
            p.slots[slot] = None
        p.fixed.append(Fixation(card, host, awaken, grants))
        self.game.emit("fix", card=card, host=host, awaken=awaken)

    def destroy(self, card: CardId, how: str) -> bool:
        """Destroy a character (combat / execute / effect / zero): unless a protection applies, it goes to its
        owner's Banco, available at once; the cards fixed on it lose their binding. True if it was destroyed."""
        state = self.state
        if state.character(card) is None:
            return False
        if protected(state, card, how if how in ("combat", "execute") else "any"):
            self.game.emit("protected", card=card, how=how)
            return False
        owner = state.players[state.owner[card]]
        slot = owner.slot_of(card)
        assert slot is not None
        owner.slots[slot] = None
        ended = [(q, f) for q in state.players for f in q.fixed if f.host == card]
        for q, f in ended:
            q.fixed.remove(f)
        owner.bank.append(card)
        returned = [self._binding_ended(q, f, slot) for q, f in ended]
        self.game.emit("bank", player=state.owner[card], card=card, why=f"destroyed ({how})", amber=False)
        self.game.emit("destroyed", card=card, how=how, player=state.owner[card])
        for (_q, f), back in zip(ended, returned, strict=True):
            if back is None:
                self.game.emit("binding_ended", card=f.card, host=card)
            else:
                self.game.emit("returned", card=f.card, slot=back)
        for x in [x for x in state.lasting if x.tied and x.source == card]:
            state.lasting.remove(x)
            self.game.emit("lasting_ended", what=x.kind, source=card, why="its source was destroyed")
        self.fire("die", card, state.owner[card])
        for (_q, f), back in zip(ended, returned, strict=True):
            if back is not None:
                self.fire("enter", f.card, state.owner[f.card])
        return True

    def _binding_ended(self, p: SkyPlayer, f: Fixation, slot: int) -> int | None:
        """The host left: a card fixed on it is consumed (Fixe), or back to the field in Preparação (Fixar +
        Despertar, into the slot it reserved; to the Banco if there is none). The slot it returned to, or None."""
        if f.awaken:
            free = [slot] if p.slots[slot] is None else p.free_slots()
            if free:
                p.slots[free[0]] = Character(f.card)
                return free[0]
            p.bank.append(f.card)
            return None
        p.consumed.append(f.card)
        return None

    def check_zero(self) -> None:
        """Poder zero destroys, checked when each effect ends ("Poder zero destrói"); not combat."""
        while True:
            zero = [c.card for p in self.state.players for c in p.characters() if power(self.state, c.card) <= 0]
            zero = [c for c in zero if not protected(self.state, c, "any")]
            if not zero:
                return
            for card in zero:
                self.destroy(card, "zero")

    def redirect_execution(self, targets: list[CardId], by: int) -> list[CardId]:
        """Interceptar + Execuções: the first execution against the allies of an interceptor with its charge goes
        to it."""
        out: list[CardId] = []
        for card in targets:
            owner = self.state.owner[card]
            if owner == by:
                out.append(card)
                continue
            guard = [c for c in self.state.players[owner].characters() if c.intercept_charge and c.card != card
                     and "Interceptar + Execuções" in self.state.cards[c.card].keywords]
            if guard:
                guard[0].intercept_charge = False
                self.game.emit("intercepted", card=guard[0].card, instead_of=card)
                out.append(guard[0].card)
            else:
                out.append(card)
        return out

    # -- effects and triggers ----------------------------------------------------------------------------
    def _run(self, game: SkyGame, pending: Pending, proc: Procedure) -> None:
        procedures.run(self, pending, proc)

    def pending(self, effect: Effect, ctx: Context, label: str, kind: str) -> Pending:
        return Pending(label, (*effect.procedures, _zero_step), ctx.controller, source=ctx.source, effect=effect,
                       kind=kind, ctx=ctx, data={"engine": self})

    def resolve(self, effect: Effect, ctx: Context, label: str) -> None:
        """An activated effect (ATIVAÇÃO, from the hand, the Banco, the Herói): the start of the tree."""
        self.game.emit("activate", player=ctx.controller, source=ctx.source, effect=label)
        self.tree.resolve(self.pending(effect, ctx, label, "activated"))
        self.settle()

    def settle(self) -> None:
        """Resolve what is pending, then Poder zero."""
        self.tree.resolve()
        self.check_zero()
        self.tree.resolve()

    def fire(self, event: str, subject: CardId | None, player: int, objects: Sequence[CardId] = ()) -> None:
        """An engine event: the triggered effects whose seal names it become pending (resolved by :meth:`settle`,
        or after the running procedure)."""
        self.game.emit("event", event=event, subject=subject, player=player, objects=list(objects))
        state = self.state
        for card, index, effect in self._triggered(event):
            ctx = Context(state.owner[card], card,
                          slots={"event:subject": [subject] if subject is not None else [],
                                 "event:object": list(objects)})
            if not self._fires(event, effect, card, subject, player, ctx):
                continue
            if effect.limit_per_turn and not self.use_effect(card, index, effect.limit_per_turn):
                continue
            self.tree.trigger(self.pending(effect, ctx, f"{self.game.name(card)}: {effect.text or event}",
                                           "triggered"))

    def _triggered(self, event: str) -> list[tuple[CardId, int, Effect]]:
        out: list[tuple[CardId, int, Effect]] = []
        for card, d in sorted(self.state.cards.items()):
            for index, e in enumerate(d.effects):
                if e.kind is EffectKind.TRIGGERED and e.trigger is not None and e.trigger.event == event:
                    out.append((card, index, e))
        return out

    def _fires(self, event: str, effect: Effect, card: CardId, subject: CardId | None, player: int,
               ctx: Context) -> bool:
        state = self.state
        where = state.where(card)
        if event in SELF_EVENTS:
            if subject != card:
                return False
        elif event in ("turn_start", "turn_end"):
            if player != state.owner[card] or not where or where[0] not in ("field", "hero"):
                return False
        elif event == "ally_enter":
            ch = state.character(card)
            if subject is None or subject == card or ch is None or not ch.ready \
                    or state.owner[subject] != state.owner[card]:
                return False
            pattern = effect.trigger
            if pattern is not None and pattern.subject is not None \
                    and not all(matches(state, subject, f, ctx) for f in pattern.subject.filters):
                return False
        elif event == "execution":
            if state.character(card) is None:
                return False
        elif event == "hand_ability":
            if state.character(card) is None or state.owner[card] != player or subject == card:
                return False
        else:
            return False
        return effect.condition is None or holds(state, effect.condition, ctx)

    def use_effect(self, card: CardId, index: int, limit: int) -> bool:
        """One use of a limited effect this turn, keyed by the card's field slot (evolving or becoming ready does
        not renew it, "Uma vez por turno")."""
        p = self.state.players[self.state.owner[card]]
        slot = p.slot_of(card)
        key = f"slot:{slot}:effect:{index}" if slot is not None else f"card:{card}:effect:{index}"
        if p.uses.get(key, 0) >= limit:
            return False
        p.uses[key] = p.uses.get(key, 0) + 1
        return True

    def uses_left(self, card: CardId, index: int, limit: int) -> bool:
        p = self.state.players[self.state.owner[card]]
        slot = p.slot_of(card)
        key = f"slot:{slot}:effect:{index}" if slot is not None else f"card:{card}:effect:{index}"
        return not limit or p.uses.get(key, 0) < limit

    # -- acting ------------------------------------------------------------------------------------------
    def channel(self, card: CardId) -> None:
        """Canalizar: the character's Fé to its owner's score; it becomes vulnerable, its action spent."""
        ch = self.state.character(card)
        assert ch is not None and ch.ready
        player = self.state.owner[card]
        ch.spent = True
        self.game.emit("channel", player=player, card=card, faith=self.state.cards[card].faith)
        self.make_vulnerable(card)
        ch.channeled = True
        prevented = self._prevention(player)
        if prevented is None:
            self.gain_faith(player, self.state.cards[card].faith, why=f"canalizar {self.game.name(card)}")
        else:
            prevented.remaining -= 1
            self.game.emit("faith_prevented", player=player, card=card, source=prevented.source)
        self.fire("channel", card, player)
        self.fire("attack_or_channel", card, player)
        self.settle()

    def _prevention(self, player: int) -> Lasting | None:
        """The registered prevention working on ``player``'s channelling now (their turn after it was made)."""
        state = self.state
        for lasting in state.lasting:
            if lasting.kind == "prevent_channel_faith" and lasting.against == player and lasting.remaining > 0 \
                    and state.active_player == player and state.turn > lasting.since_turn:
                return lasting
        return None

    def register(self, lasting: Lasting) -> None:
        self.state.lasting.append(lasting)
        self.game.emit("registered", what=lasting.kind, against=lasting.against, source=lasting.source)

    def expire(self, ended_turn_of: int) -> None:
        """At the end of a turn: what worked on that player's turn ends."""
        state = self.state
        gone = [x for x in state.lasting if x.against == ended_turn_of and state.turn > x.since_turn]
        state.lasting = [x for x in state.lasting if x not in gone]
        for x in gone:
            self.game.emit("lasting_ended", what=x.kind, source=x.source, why="its turn ended")

    def attack_targets(self, attacker: CardId) -> list[CardId]:
        """The enemies it may attack: the vulnerable ones; an enemy Interceptar with its charge takes the first
        attack against its allies."""
        enemy = self.state.players[1 - self.state.owner[attacker]]
        anyone = attack_permission(self.state, attacker)[1]
        vulnerable = [c.card for c in enemy.characters() if c.vulnerable or anyone]
        if not vulnerable:
            return []
        guards = [c.card for c in enemy.characters() if c.intercept_charge
                  and any(k.startswith("Interceptar") for k in self.state.cards[c.card].keywords)]
        return guards or vulnerable

    def attack(self, attacker: CardId, target: CardId) -> None:
        """Atacar: AO ATACAR before the comparison; the greater Poder survives, a tie destroys both; then the seals
        of destroying and surviving ("Escolha seu combate")."""
        state = self.state
        ch = state.character(attacker)
        assert ch is not None and can_attack(state, attacker)
        player = state.owner[attacker]
        defender = state.character(target)
        assert defender is not None
        if any(k.startswith("Interceptar") for k in state.cards[target].keywords) and defender.intercept_charge:
            defender.intercept_charge = False
        channeler = defender.channeled
        ch.spent = True
        self.game.emit("attack", player=player, card=attacker, target=target)
        self.make_vulnerable(attacker)
        self.fire("attack", attacker, player, objects=[target])
        self.fire("attack_or_channel", attacker, player, objects=[target])
        if channeler:
            self.fire("attack_channeler", attacker, player, objects=[target])
        self.settle()
        if state.character(attacker) is None or state.character(target) is None:
            self.game.emit("combat_cancelled", attacker=attacker, target=target)
            return
        mine, theirs = power(state, attacker), power(state, target)
        self.game.emit("combat", attacker=attacker, target=target, attacker_power=mine, target_power=theirs)
        losers = [c for c, lost in ((target, theirs <= mine), (attacker, mine <= theirs)) if lost]
        destroyed = [c for c in losers if self.destroy(c, "combat")]
        if target in destroyed:
            self.fire("destroy_attacking", attacker, player, objects=[target])
            if channeler:
                self.fire("destroy_channeler", attacker, player, objects=[target])
        if attacker not in destroyed:
            self.fire("survive_attacking", attacker, player, objects=[target])
            self.fire("survive_combat", attacker, player, objects=[target])
        if target not in destroyed:
            self.fire("survive_combat", target, state.owner[target], objects=[attacker])
        self.settle()


def _zero_step(game: SkyGame, pending: Pending) -> None:
    """The last step of every Sky World effect: Poder zero is checked when the effect ends."""
    engine = pending.data.get("engine")
    if isinstance(engine, SkyEngine):
        engine.check_zero()
