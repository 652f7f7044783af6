"""Procedures of session 5 (issue 9, "procedures" cluster): short card texts of our own, their IR and what the
engine does with them. Rules sections are cited in each test's docstring."""

from __future__ import annotations

from cardscript.compiler.ir import ChangeStage, EffectKind
from tests.corpus_play import Eager, at, card_of, enter, events, match, stage, use
from tests.engine_helpers import card, own_character, punch

HEAD = "Alinhamento: Herói\nPoderes: Super Força\nEnergia inicial: 3\nEscudo: 0\n"


def test_4_5_a_bare_number_of_stages_is_that_many_stages() -> None:
    """4.5: "capacite este personagem em 1" changes its stage by one, as "em {1}" does."""
    d = card("Personagem: Saltador V1\n" + HEAD + "\nAção: Pulo\n  Custo: {0}\n  Poder: Super Força\n"
             "  Capacite este personagem em 1.\n")
    assert d.executable
    assert d.action is not None
    (proc,) = d.action.modes[0].procedures
    assert isinstance(proc, ChangeStage) and proc.capacitate and proc.amounts == (1,)


def test_4_6_2_i_after_the_effect_of_the_action_that_targeted_it() -> None:
    """4.6.2 F, I: "Toda vez que este personagem for alvo de uma ação ..., capacite-o em 1 após o efeito daquela
    ação": the trigger waits until the action that targeted it has resolved (its damage is dealt first), once."""
    text = ("Personagem: Mola V1\n" + HEAD + "\nTexto permanente:\n  Toda vez que este personagem for alvo de uma "
            "ação de um personagem controlado por um oponente, você pode capacitar este personagem em 1 após o "
            "efeito daquela ação.\n")
    mola = card(text)
    assert mola.executable
    (effect,) = mola.effects
    assert effect.kind is EffectKind.TRIGGERED and effect.trigger is not None
    assert effect.trigger.event == "action_resolved" and effect.trigger.target is not None
    attacker = own_character("Atacante", alignment="Vilão", action=punch("Soco"))
    game = match([mola], [attacker])
    m, a = card_of(game, 0, "Mola V1"), card_of(game, 1, "Atacante V1")
    enter(game, m, 3)
    enter(game, a)
    game.state.scene[m].stage = 0
    at(game, "combat", "attack", 1)
    game.agents[1] = Eager()
    game.agents[1].game, game.agents[1].me = game, 1
    use(game, a, "Soco")
    kinds = [e.kind for e in game.log.events if e.kind in ("damage", "capacitate", "action_resolved")]
    assert kinds.index("capacitate") > kinds.index("action_resolved") > kinds.index("damage")
    assert stage(game, m) == 1 and len(events(game, "capacitate")) == 1


def test_4_6_2_i_an_action_that_did_not_target_it_does_not_fire() -> None:
    """The action resolved but had another target: nothing happens (4.6.2 F: it was not its target)."""
    text = ("Personagem: Mola V1\n" + HEAD + "\nTexto permanente:\n  Toda vez que este personagem for alvo de uma "
            "ação, capacite este personagem em {1} após o efeito daquela ação.\n")
    other = own_character("Outro")
    attacker = own_character("Atacante", alignment="Vilão", action=punch("Soco"))
    game = match([card(text), other], [attacker])
    m, o, a = card_of(game, 0, "Mola V1"), card_of(game, 0, "Outro V1"), card_of(game, 1, "Atacante V1")
    for k in (m, o, a):
        enter(game, k, 3)
    game.state.scene[m].stage = 0
    at(game, "combat", "attack", 1)
    game.agents[1] = Eager({"target": [lambda d: [next(i for i, x in enumerate(d.options) if x.startswith("Outro"))]]})
    game.agents[1].game, game.agents[1].me = game, 1
    use(game, a, "Soco")
    assert stage(game, m) == 0
