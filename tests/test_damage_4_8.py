"""Rules 4.8.1-4.8.5: the damage pipeline, each test a worked example of the rulebook with its numbers.

Cards the corpus has give their printed numbers (Hulk V1 Escudo 3, Bishop V1's +3, A Essência do Medo's half
rounded down, Metralhadora 1, Navalhas de Sangue 1, Pancadaria 2, Impossível de se Ver 1 and +2, Kraven's +4,
Soprano's +1, Manchete do Clarim's +2, Rompante do Absoluto's 4, À Espreita's +1). Cards it lacks (Hulk V3,
Maximus, Triton, Karnak, Mulher-Hulk V2, Rir do Perigo, Cubo Cósmico, Barreira Telecinética, Veículo de Combate
S.H.I.E.L.D. V3, Carnificina V2) take the numbers the rulebook's walk-through states for them.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardscript.games.battle_scenes.runtime.damage import (
    Circumstances,
    DamageDecisionError,
    DamageProcedure,
    DamageSource,
    FirstChoice,
    Modifier,
    Party,
    Redirect,
    Rounding,
    Scope,
    ScriptedDecider,
    SourceKind,
    Step,
    apply_damage,
    apply_result,
    calculate,
    calculate_all,
    distribute,
    format_application,
    format_trace,
    split_targets,
)
from cardscript.games.battle_scenes.runtime.shields import ShieldRecord, absorb, shield_value

A, B = 0, 1     # players

ANTECIPAR = frozenset({"antecipar"})


def stages(result: object) -> list[tuple[str, int]]:
    return [(line.stage, line.value) for line in result.trace]  # type: ignore[attr-defined]


def essencia_do_medo() -> Modifier:
    """A Essência do Medo: "Toda vez que uma ação de Antecipar causar dano, ela causará metade do dano,
    arredondado para baixo." (step C)"""
    return Modifier("A Essência do Medo", Step.C, card=900, divide=2, rounding=Rounding.DOWN,
                    action_types=ANTECIPAR)


# ---------------------------------------------------------------------------------------------
# 4.8.1 and 4.8.1.1: damage and shield


def test_4_8_1_1_hulk_v3_three_actions() -> None:
    """4.8.1.1: a Hulk V3 (Escudo 3, Energia Inicial 8) takes damage from three actions: 2, 4 and 3. The first
    takes 2 points off the shield (1 left); the second zeroes the shield and unloads 3 cards; the third unloads
    3 more: six cards unloaded in all."""
    hulk = Party(10, "Hulk V3", A)
    carried = list(range(100, 108))                      # Energia Inicial 8: carrying 8 cards
    record = ShieldRecord(3)
    attacker = Party(20, "Capanga do Rei V2", B)
    unloaded_total = 0
    expected = [(2, 1, 0), (4, 0, 3), (3, 0, 3)]         # (damage, shield after, cards unloaded)
    for amount, shield_after, n_unloaded in expected:
        result = calculate(DamageProcedure(DamageSource.action("ação", attacker), hulk, amount))
        app = apply_result(result, shield_value(record), carried)
        _, record = absorb(record, result.amount)
        assert app.shield_after == shield_after == shield_value(record)
        assert app.to_unload == n_unloaded
        carried = [c for c in carried if c not in app.unloaded]
        unloaded_total += app.to_unload
    assert unloaded_total == 6
    assert len(carried) == 2


def test_4_8_1_shield_3_takes_2_leaves_1() -> None:
    """4.8.1: "um personagem que tenha Escudo 3 e venha a receber 2 pontos de dano, ficará com Escudo 1"."""
    app = apply_damage(Party(1, "x", A), 2, False, 3, [5, 6, 7], chooser=B)
    assert (app.absorbed, app.shield_after, app.to_unload) == (2, 1, 0)


def test_4_8_1_source_controller_chooses_the_cards() -> None:
    """4.8.1 (4.8.2 in the English text): a character carrying 5 cards with Escudo 0 takes 3 points of
    damage: 3 of those cards are unloaded, and the controller of the source of that damage chooses which."""
    target = Party(1, "Personagem", A)
    carried = [11, 12, 13, 14, 15]
    source = DamageSource.action("Pancadaria", Party(2, "Capanga do Rei V2", B))
    result = calculate(DamageProcedure(source, target, 3))
    decider = ScriptedDecider({"unload": [[15, 11, 13]]})
    app = apply_result(result, 0, carried, decider)
    assert app.unloaded == (15, 11, 13)
    assert decider.asked[-1][:2] == (B, "unload")       # player B controls the source
    assert not app.emptied
    assert format_application(app) == "3 damage to Personagem: shield 0 absorbs 0 -> 0; 3 card(s) unloaded"


def test_4_8_1_empty_destination_is_the_callers_to_knock_out() -> None:
    """4.8.1 / 4.7: damage beyond what it carries unloads everything; the caller knocks it out."""
    app = apply_damage(Party(1, "Capanga", A), 5, False, 1, [7, 8], chooser=B)
    assert app.to_unload == 2 and app.emptied


def test_4_8_1_illegal_unload_choice_is_refused() -> None:
    with pytest.raises(DamageDecisionError):
        apply_damage(Party(1, "x", A), 2, True, 0, [7, 8, 9], chooser=B,
                     decider=ScriptedDecider({"unload": [[7, 7]]}))


# ---------------------------------------------------------------------------------------------
# 4.8.2: piercing damage


def test_4_8_2_piercing_ignores_the_shield_without_zeroing_it() -> None:
    """4.8.2: piercing damage ignores the shield, striking the energy directly; it does not zero the shield,
    which stays there to absorb later non-piercing damage. (Derivation: Escudo 2, carrying 5, 3 piercing ->
    3 cards unloaded, shield still 2; then 2 normal damage -> absorbed by the shield, no card unloaded.)"""
    target = Party(1, "Blob V1", A)
    record = ShieldRecord(2)
    carried = [1, 2, 3, 4, 5]
    src = DamageSource.action("Garras", Party(2, "Wolverine V1", B), types=["antecipar"])
    first = apply_result(calculate(DamageProcedure(src, target, 3, piercing=True)), shield_value(record), carried)
    assert (first.absorbed, first.to_unload, first.shield_after) == (0, 3, 2)
    assert shield_value(record) == 2                      # a piercing hit never calls absorb()
    second = apply_result(calculate(DamageProcedure(src, target, 2)), shield_value(record), carried[3:])
    assert (second.absorbed, second.to_unload, second.shield_after) == (2, 0, 0)


def test_4_8_2_bonus_to_piercing_damage_stays_piercing() -> None:
    """4.8.3 B / 4.8.2: Thanos V1 carrying two Item Único cards: Flertar com a Morte causes +2; as the damage is
    piercing, the bonus is too ("as bonificações de dano não mudam o tipo do dano")."""
    thanos = Party(1, "Thanos V1", B, alignments=frozenset({"Vilão"}))
    proc = DamageProcedure(DamageSource.action("Flertar com a Morte", thanos), Party(2, "alvo", A), 1,
                           piercing=True)
    result = calculate(proc, [Modifier("dois Item Único", Step.B, add=2, sources=frozenset({1}))])
    assert result.amount == 3 and result.piercing


def test_4_8_2_essencia_do_medo_halves_bishop_metralhadora() -> None:
    """4.8.3 C (example given under 4.8.2.1 in the English text): A Essência do Medo makes an Antecipar action
    cause half its damage, rounded down. Bishop V1 uses Metralhadora (1 damage, Ação de Antecipar) on a
    Sentinela: 4 points (1 + 3, Bishop's "+3 pontos de dano naquele personagem") and A Essência do Medo halves
    it right after: 2."""
    bishop = Party(1, "Bishop V1", A, alignments=frozenset({"Herói"}))
    sentinela = Party(2, "Sentinela Mk IV V1", B, alter_egos=frozenset({"Sentinela"}))
    bishop_text = Modifier("Bishop V1", Step.B, card=1, add=3, sources=frozenset({1}),
                           when=lambda s: "Sentinela" in s.destination.alter_egos,
                           when_text="damage to a character with alter ego Sentinela")
    proc = DamageProcedure(DamageSource.action("Metralhadora", bishop, card=50, types=["antecipar"]), sentinela, 1)
    result = calculate(proc, [essencia_do_medo(), bishop_text])
    assert stages(result) == [("A", 1), ("B", 4), ("C", 2), ("D", 2), ("E", 2), ("=", 2)]
    assert result.amount == 2 and result.causes_damage
    text = format_trace(result)
    assert "B.    Bishop V1 +3  [4]" in text
    assert "C.    A Essência do Medo /2, rounded down  [2]" in text


def test_4_8_3_B_batalha_em_area_povoada_reduces_a_hero() -> None:
    """4.8.3 B: Bishop V1's action on a Sentinela gets +3; as Bishop V1 is a hero, Batalha em Área Povoada
    ("Toda vez que um herói fosse causar dano, ... -1") takes 1: Metralhadora 1 + 3 - 1 = 3."""
    bishop = Party(1, "Bishop V1", A, alignments=frozenset({"Herói"}))
    sentinela = Party(2, "Sentinela", B, alter_egos=frozenset({"Sentinela"}))
    mods = [Modifier("Bishop V1", Step.B, add=3, sources=frozenset({1})),
            Modifier("Batalha em Área Povoada", Step.B, add=-1,
                     when=lambda s: s.source.user is not None and "Herói" in s.source.user.alignments)]
    result = calculate(DamageProcedure(DamageSource.action("Metralhadora", bishop), sentinela, 1), mods)
    assert result.amount == 3


def test_4_8_3_A_initial_zero_goes_through_every_step() -> None:
    """4.8.3 A: the initial damage always goes through every step, even 0: Wolverine V1's Garras with X = 0
    starts at 0 but may be increased (here by a +1 bonus, e.g. Cubo Cósmico)."""
    wolverine = Party(1, "Wolverine V1", A)
    proc = DamageProcedure(DamageSource.action("Garras", wolverine, types=["antecipar"]), Party(2, "alvo", B), 0,
                           piercing=True)
    result = calculate(proc, [Modifier("Cubo Cósmico", Step.B, add=1, sources=frozenset({1}),
                                       scope=Scope.FIRST_CALCULATION)])
    assert stages(result)[:3] == [("A", 0), ("B", 1), ("C", 1)]
    assert result.amount == 1 and result.causes_damage


def test_4_8_3_C_multiplications_before_divisions() -> None:
    """4.8.3 C: multiplications, then divisions, whatever order the modifiers come in: 3 /2 (up) x2 is
    (3 x 2) / 2 = 3, not ceil(3/2) x 2 = 4."""
    src = DamageSource.action("ação", Party(1, "x", A))
    mods = [Modifier("metade", Step.C, divide=2, rounding=Rounding.UP), Modifier("dobro", Step.C, multiply=2)]
    result = calculate(DamageProcedure(src, Party(2, "y", B), 3), mods)
    assert result.amount == 3
    assert [line.modifier for line in result.trace if line.stage == "C"] == ["dobro", "metade"]


# ---------------------------------------------------------------------------------------------
# 4.8.3 D: fixed values and what triggers there


def blob_setup() -> tuple[Party, list[Modifier]]:
    blob = Party(1, "Blob V1", A)
    blob_text = Modifier("Blob V1", Step.D, card=1, set_to=0, destinations=frozenset({1}),
                         when_text="the first action that causes damage to this character in a turn")
    escudo = Modifier("Escudo Improvisado", Step.D, card=2, set_to=0, destinations=frozenset({1}),
                      source_kinds=frozenset({SourceKind.ACTION}))
    return blob, [essencia_do_medo(), blob_text, escudo]


def test_4_8_3_D_blob_navalhas_de_sangue_becomes_0_and_triggers_nothing() -> None:
    """4.8.3 D: Blob V1 carrying Escudo Improvisado, A Essência do Medo in the scene. In the Anticipation Step
    the opponent uses Navalhas de Sangue (Carnificina V1: 1 piercing, Ação de Antecipar): A Essência do Medo
    makes it 0, so it becomes an action that does not cause damage and neither Blob's effect nor Escudo
    Improvisado's triggers."""
    blob, mods = blob_setup()
    src = DamageSource.action("Navalhas de Sangue", Party(5, "Carnificina V1", B), types=["antecipar"])
    circ = Circumstances("combat", "anticipation", turn_player=A, active_player=B)
    result = calculate(DamageProcedure(src, blob, 1, piercing=True), mods, circumstances=circ)
    assert stages(result) == [("A", 1), ("B", 1), ("C", 0), ("D", 0), ("=", 0)]
    assert result.amount == 0 and not result.causes_damage
    assert result.triggered == ()
    assert "becomes an action that does not cause damage" in format_trace(result)


def test_4_8_3_D_blob_garras_reduced_to_1_triggers_both_effects() -> None:
    """4.8.3 D: then Garras of Wolverine V1 (X = 2: 2 piercing, Ação de Antecipar) is reduced to 1 by A
    Essência do Medo; as an action that causes damage (1), both Blob's effect and Escudo Improvisado's trigger
    (together, in the order the Active Player chooses), zeroing the damage."""
    blob, mods = blob_setup()
    src = DamageSource.action("Garras", Party(6, "Wolverine V1", B), types=["antecipar"])
    circ = Circumstances("combat", "anticipation", turn_player=A, active_player=B)
    decider = ScriptedDecider({"order_d_triggers": [[1, 0]]})
    result = calculate(DamageProcedure(src, blob, 2, piercing=True), mods, decider=decider, circumstances=circ)
    assert [v for s, v in stages(result) if s == "C"] == [1]
    assert decider.asked == [(B, "order_d_triggers", ("Blob V1", "Escudo Improvisado"))]
    assert [m.name for m in result.triggered] == ["Escudo Improvisado", "Blob V1"]
    assert result.amount == 0 and not result.causes_damage


def test_4_8_3_D_increases_after_zero_do_not_work() -> None:
    """4.8.3 D: if one of the D effects makes the damage 0, the source no longer causes damage and effects that
    would increase it after that do not work (they still triggered)."""
    src = DamageSource.action("ação", Party(1, "x", B))
    mods = [Modifier("zera", Step.D, set_to=0), Modifier("aumenta", Step.D, add=2)]
    result = calculate(DamageProcedure(src, Party(2, "y", A), 3), mods)      # Active Player keeps the order
    assert result.amount == 0 and not result.causes_damage
    assert [m.name for m in result.triggered] == ["zera", "aumenta"]
    assert "aumenta +2: does not work" in format_trace(result)
    other = calculate(DamageProcedure(src, Party(2, "y", A), 3), mods,
                      decider=ScriptedDecider({"order_d_triggers": [[1, 0]]}))
    assert other.amount == 0                                                  # +2 then zeroed


def test_4_8_3_D_fixed_value() -> None:
    """4.8.3 D: "o dano ... terá um valor fixo": evaluated last, after B and C."""
    src = DamageSource.action("ação", Party(1, "x", B))
    mods = [Modifier("fixo", Step.D, set_to=1), Modifier("+3", Step.B, add=3)]
    result = calculate(DamageProcedure(src, Party(2, "y", A), 2), mods)
    assert stages(result) == [("A", 2), ("B", 5), ("C", 5), ("D", 1), ("E", 1), ("=", 1)]


# ---------------------------------------------------------------------------------------------
# 4.8.3.1: redirection


def inumanos() -> tuple[Party, Party, Party, Party, list[Modifier], list[Redirect]]:
    """Player A: Maximus V1, Karnak V1, Triton V1 (Inumanos); player B: Capanga do Rei V2 (Pancadaria, 2).
    Maximus's permanent text redirects damage caused to him to another character of his controller; Triton's
    reduces by 1 the damage caused to him by a character without the Inumanos affiliation (step B); Karnak's
    makes damage to him 0 during another player's Preparation Phase (step D)."""
    inum = frozenset({"Inumanos"})
    maximus = Party(1, "Maximus V1", A, affiliations=inum)
    karnak = Party(2, "Karnak V1", A, affiliations=inum)
    triton = Party(3, "Triton V1", A, affiliations=inum)
    capanga = Party(4, "Capanga do Rei V2", B)
    mods = [
        Modifier("Triton V1", Step.B, card=3, add=-1, destinations=frozenset({3}),
                 when=lambda s: s.source.user is not None and "Inumanos" not in s.source.user.affiliations,
                 when_text="caused by a character without the Inumanos affiliation"),
        Modifier("Karnak V1", Step.D, card=2, set_to=0, destinations=frozenset({2}), phases=frozenset({"preparation"}),
                 when=lambda s: s.circumstances.turn_player != A, when_text="another player's Preparation Phase"),
    ]
    redirects = [Redirect("Maximus V1", A, frozenset({1}), (karnak, triton), card=1)]
    return maximus, karnak, triton, capanga, mods, redirects


@pytest.mark.parametrize("triton_shield", [1, 2, 3])
def test_4_8_3_1_situation_A_maximus_redirects_pancadaria_to_triton(triton_shield: int) -> None:
    """4.8.3.1 Situation A: player B uses Pancadaria (2 normal damage) on Maximus in B's Attack Step.
    A: 2 to Maximus; B, C, D: nothing; E: player A redirects it to Triton with Maximus's text; F.B: Capanga do
    Rei lacks the Inumanos affiliation, so Triton's effect takes 1 off; Triton receives 1 point of damage,
    absorbed by its shield. (Triton V1's printed Escudo is not in the text; "absorbed" means it is at least 1,
    and the outcome is the same for each such value.)"""
    maximus, karnak, triton, capanga, mods, redirects = inumanos()
    decider = ScriptedDecider({"redirect": [1]})         # options: to Karnak, to Triton; A picks Triton
    circ = Circumstances("combat", "attack", turn_player=B, active_player=B)
    result = calculate(DamageProcedure(DamageSource.action("Pancadaria", capanga), maximus, 2), mods, redirects,
                       decider, circ)
    assert decider.asked[0][:2] == (A, "redirect")
    assert stages(result) == [("A", 2), ("B", 2), ("C", 2), ("D", 2), ("E", 2),
                              ("F.B", 1), ("F.C", 1), ("F.D", 1), ("F.E", 1), ("=", 1)]
    assert result.destination == triton and result.causes_damage
    app = apply_result(result, triton_shield, [30, 31, 32])
    assert (app.absorbed, app.to_unload) == (1, 0)
    text = format_trace(result)
    assert "F.B.  Triton V1 -1  [1]" in text
    assert "redirected from Maximus V1 to Triton V1 by Maximus V1 (player 0)" in text


def test_4_8_3_1_situation_B_karnak_in_another_players_preparation_phase() -> None:
    """4.8.3.1 Situation B: player B uses Capanga do Rei's Pancadaria in B's Preparation Phase; player A
    redirects it to Karnak with Maximus's text. A: 2 to Maximus; B, C, D: nothing; E: to Karnak; F.B, F.C:
    nothing; F.D: another player's Preparation Phase, so Karnak's effect triggers and makes it 0: Pancadaria
    becomes an action that does not cause damage."""
    maximus, karnak, _, capanga, mods, redirects = inumanos()
    circ = Circumstances("preparation", turn_player=B, active_player=B)
    result = calculate(DamageProcedure(DamageSource.action("Pancadaria", capanga), maximus, 2), mods, redirects,
                       ScriptedDecider({"redirect": [0]}), circ)
    assert stages(result) == [("A", 2), ("B", 2), ("C", 2), ("D", 2), ("E", 2),
                              ("F.B", 2), ("F.C", 2), ("F.D", 0), ("F.D", 0), ("=", 0)]
    assert result.destination == karnak
    assert not result.causes_damage and result.amount == 0
    assert [m.name for m in result.triggered] == ["Karnak V1"]
    assert "no longer an action that causes damage" in format_trace(result)


def mulheres_hulk() -> tuple[dict[str, Party], list[Modifier], list[Redirect]]:
    """4.8.3.1, the complex example. Player A: MH1 (Mulher-Hulk V1 carrying Rir do Perigo, Mulher-Hulk V2,
    Cubo Cósmico, Barreira Telecinética), MH2 (carrying Rir do Perigo, Mulher-Hulk V2, three others), Veículo de
    Combate S.H.I.E.L.D. V3 (its text directed to MH1). Player B: Kraven V1 (directed to MH2; carrying Cubo
    Cósmico, Impossível de se Ver), Norman Osborn V1 (villains are heroes and Thunderbolts), Soprano V1 (chose
    Quarteto Fantástico), Manchete do Clarim (MH1 chosen).

    Numbers as the walk-through states them: Barreira Telecinética -1 (to a character its controller controls,
    one calculation only), Impossível de se Ver +2 (first action of the turn), Kraven +4 (MH2), Cubo Cósmico +1
    (damage its carrier causes, first calculation only), Soprano +1 (a Thunderbolts action on a Quarteto
    Fantástico character), Rir do Perigo halves the damage to its carrier (step C), Manchete do Clarim +2 (a
    hero's action on MH1). Mulher-Hulk V2 on each MH redirects damage caused to its carrier to another
    Mulher-Hulk (it "must be" redirected); the Veículo's text may take damage caused to MH1."""
    qf = frozenset({"Quarteto Fantástico"})
    p = {
        "MH1": Party(1, "MH1", A, affiliations=qf, alignments=frozenset({"Herói"})),
        "MH2": Party(2, "MH2", A, affiliations=qf, alignments=frozenset({"Herói"})),
        "Veiculo": Party(3, "Veículo de Combate S.H.I.E.L.D. V3", A, kind="support"),
        "Kraven": Party(4, "Kraven V1", B, alignments=frozenset({"Vilão", "Herói"}),
                        affiliations=frozenset({"Thunderbolts"})),
    }
    mods = [
        Modifier("Barreira Telecinética", Step.B, card=11, add=-1, when=lambda s: s.destination.controller == A),
        Modifier("Impossível de se Ver", Step.B, card=12, add=2, when_text="the first action used this turn",
                 when=lambda s: s.source.name == "Impossível de se Ver"),
        Modifier("Kraven V1", Step.B, card=4, add=4, scope=Scope.CHOSEN_DESTINATION, sources=frozenset({4}),
                 destinations=frozenset({2})),
        Modifier("Cubo Cósmico (Kraven)", Step.B, card=13, add=1, scope=Scope.FIRST_CALCULATION,
                 sources=frozenset({4})),
        Modifier("Soprano V1", Step.B, card=5, add=1,
                 when=lambda s: s.source.is_action and s.source.user is not None
                 and "Thunderbolts" in s.source.user.affiliations
                 and "Quarteto Fantástico" in s.destination.affiliations),
        Modifier("Rir do Perigo (MH2)", Step.C, card=14, divide=2, destinations=frozenset({2})),
        Modifier("Manchete do Clarim", Step.B, card=15, add=2, scope=Scope.CHOSEN_DESTINATION,
                 destinations=frozenset({1}), when=lambda s: s.source.user is not None
                 and "Herói" in s.source.user.alignments),
        Modifier("Rir do Perigo (MH1)", Step.C, card=16, divide=2, destinations=frozenset({1})),
        Modifier("Cubo Cósmico (MH1)", Step.B, card=17, add=1, scope=Scope.FIRST_CALCULATION,
                 sources=frozenset({1})),          # MH1's own Cubo: only damage MH1 causes
    ]
    redirects = [
        Redirect("Mulher-Hulk V2 (MH2)", A, frozenset({2}), (p["MH1"],), card=21, optional=False),
        Redirect("Mulher-Hulk V2 (MH1)", A, frozenset({1}), (p["MH2"],), card=22, optional=False),
        Redirect("Veículo de Combate S.H.I.E.L.D. V3", A, frozenset({1}), (p["Veiculo"],), card=3),
    ]
    return p, mods, redirects


@pytest.mark.parametrize(("choice", "final"), [(0, "MH2"), (1, "Veiculo")])
def test_4_8_3_1_kraven_impossivel_de_se_ver_on_mh2(choice: int, final: str) -> None:
    """4.8.3.1: in player B's Preparation Phase, Kraven uses Impossível de se Ver on MH2, the first action of
    the turn. A: 1. B: Barreira Telecinética (-1), Impossível de se Ver (+2), Kraven (+4), Cubo Cósmico (+1),
    Soprano (+1): 8. C: Rir do Perigo on MH2 halves it: 4. D: nothing. E: above 0, redirected to MH1 by player A.
    F.B: the damage is caused to MH1, so Manchete do Clarim (+2): 6. F.C: Rir do Perigo on MH1 halves it: 3.
    F.D: nothing. F.E: above 0, it must be redirected again, to MH2 or to the Veículo de Combate S.H.I.E.L.D.:
    the Active Player (B) chooses; whichever, nothing changes the damage any more: 3."""
    p, mods, redirects = mulheres_hulk()
    kraven_src = DamageSource.action("Impossível de se Ver", p["Kraven"], card=12, types=["antecipar", "imprevista"])
    decider = ScriptedDecider({"redirect": [choice]})
    circ = Circumstances("preparation", turn_player=B, active_player=B)
    result = calculate(DamageProcedure(kraven_src, p["MH2"], 1), mods, redirects, decider, circ)
    values = stages(result)
    assert values[:7] == [("A", 1), ("B", 0), ("B", 2), ("B", 6), ("B", 7), ("B", 8), ("C", 4)]
    assert values[7:12] == [("D", 4), ("E", 4), ("F.B", 6), ("F.C", 3), ("F.D", 3)]
    assert values[12] == ("F.E", 3)
    assert decider.asked == [(B, "redirect", ("Mulher-Hulk V2 (MH1): to MH2",
                                               "Veículo de Combate S.H.I.E.L.D. V3: to Veículo de Combate "
                                               "S.H.I.E.L.D. V3"))]
    assert result.destination == p[final] and result.amount == 3
    assert [v for _, v in values[13:]] == [3] * len(values[13:])
    assert [m.name for m in result.applied] == [
        "Barreira Telecinética", "Impossível de se Ver", "Kraven V1", "Cubo Cósmico (Kraven)", "Soprano V1",
        "Rir do Perigo (MH2)", "Manchete do Clarim", "Rir do Perigo (MH1)"]
    text = format_trace(result)
    assert "F.B.  Manchete do Clarim +2  [6]" in text and "F.C.  Rir do Perigo (MH1) /2, rounded down  [3]" in text
    assert text.splitlines()[-1] == f"  = 3 damage to {p[final].name}"


def test_4_8_3_1_each_redirect_once_mh1_mh2_mh1_stops_there() -> None:
    """4.8.3.1 ATENÇÃO: each redirecting effect acts once per procedure. If MH1 were to take damage it is
    redirected at most twice: to MH2, then (if player B so chooses) back to MH1, which takes it; MH1's effect
    was already used in this procedure, so it does not go to MH2 again."""
    p, _, _ = mulheres_hulk()
    redirects = [Redirect("Mulher-Hulk V2 (MH1)", A, frozenset({1}), (p["MH2"],), card=22),
                 Redirect("Mulher-Hulk V2 (MH2)", A, frozenset({2}), (p["MH1"],), card=21, chooser=B)]
    src = DamageSource.action("Assalto do Caçador", p["Kraven"])
    decider = ScriptedDecider({"redirect": [0, 0]})
    result = calculate(DamageProcedure(src, p["MH1"], 2), (), redirects, decider)
    assert [r.name for r in result.redirected] == ["Mulher-Hulk V2 (MH1)", "Mulher-Hulk V2 (MH2)"]
    assert result.destination == p["MH1"] and result.amount == 2
    assert [a[0] for a in decider.asked] == [A, B]
    assert [line.stage for line in result.trace].count("F.E") == 2


def test_4_8_3_1_first_calculation_only_and_chosen_destination() -> None:
    """4.8.3.1 ATENÇÃO: Cubo Cósmico, À Espreita and Homem-Máquina V1 apply only the first time the damage is
    calculated; Manchete do Clarim and Kraven V1 apply when the destination is their chosen character, in the
    first or a later calculation."""
    p, _, _ = mulheres_hulk()
    espreita = Modifier("À Espreita", Step.B, add=1, scope=Scope.FIRST_CALCULATION,
                        when=lambda s: s.source.user is not None and "Vilão" in s.source.user.alignments)
    kraven = Modifier("Kraven V1", Step.B, add=4, scope=Scope.CHOSEN_DESTINATION, destinations=frozenset({1}))
    redirect = Redirect("Mulher-Hulk V2 (MH2)", A, frozenset({2}), (p["MH1"],), optional=False)
    src = DamageSource.action("Assalto do Caçador", p["Kraven"])
    result = calculate(DamageProcedure(src, p["MH2"], 2), [espreita, kraven], [redirect])
    assert stages(result)[:7] == [("A", 2), ("B", 3), ("C", 3), ("D", 3), ("E", 3), ("F.B", 7), ("F.C", 7)]
    # À Espreita would match the villain again after the redirection, but acts only in the first calculation
    late = Modifier("À Espreita", Step.B, add=1, scope=Scope.FIRST_CALCULATION, destinations=frozenset({1}))
    assert calculate(DamageProcedure(src, p["MH2"], 2), [late], [redirect]).amount == 2


def test_4_8_3_1_one_barreira_in_one_calculation_two_in_two() -> None:
    """4.8.3.1 ATENÇÃO: one Barreira Telecinética benefiting both the original and the final destination works in
    only one calculation; with two Barreira Telecinética cards, one for each destination, each works once."""
    p, _, _ = mulheres_hulk()
    redirect = Redirect("Mulher-Hulk V2 (MH2)", A, frozenset({2}), (p["MH1"],), optional=False)
    src = DamageSource.action("Assalto do Caçador", p["Kraven"])
    one = [Modifier("Barreira Telecinética", Step.B, card=11, add=-1, when=lambda s: s.destination.controller == A)]
    assert calculate(DamageProcedure(src, p["MH2"], 4), one, [redirect]).amount == 3
    two = [Modifier("Barreira Telecinética #1", Step.B, card=11, add=-1, destinations=frozenset({2})),
           Modifier("Barreira Telecinética #2", Step.B, card=18, add=-1, destinations=frozenset({1}))]
    assert calculate(DamageProcedure(src, p["MH2"], 4), two, [redirect]).amount == 2


def test_4_8_3_1_E_zero_damage_is_not_redirected() -> None:
    """4.8.3.1 E: if the damage is 0 at this moment, no damage is caused to the new destination (an action
    stops being an action that causes damage): there is no redirection."""
    p, _, _ = mulheres_hulk()
    redirect = Redirect("Mulher-Hulk V2 (MH2)", A, frozenset({2}), (p["MH1"],), optional=False)
    src = DamageSource.action("Assalto do Caçador", p["Kraven"])
    result = calculate(DamageProcedure(src, p["MH2"], 1), [Modifier("-1", Step.B, add=-1)], [redirect])
    assert result.redirected == () and result.destination == p["MH2"] and not result.causes_damage


def test_4_8_3_1_declining_an_optional_redirect() -> None:
    """A redirecting effect with "você pode" is its controller's choice (principle 8)."""
    maximus, _, _, capanga, mods, redirects = inumanos()
    result = calculate(DamageProcedure(DamageSource.action("Pancadaria", capanga), maximus, 2), mods, redirects,
                       ScriptedDecider({"redirect": [None]}))
    assert result.destination == maximus and result.amount == 2 and result.trace[-2].stage == "E"


# ---------------------------------------------------------------------------------------------
# 4.8.4: multiple damage


def rompante() -> tuple[DamageSource, list[Party], Modifier]:
    holder = Party(1, "personagem carregando Rompante do Absoluto e Cubo Cósmico", A)
    src = DamageSource.action("Rompante do Absoluto", holder, card=40)
    targets = [Party(10 + i, f"alvo {i + 1}", B) for i in range(4)]
    cubo = Modifier("Cubo Cósmico", Step.B, card=41, add=1, scope=Scope.FIRST_CALCULATION, sources=frozenset({1}))
    return src, targets, cubo


@pytest.mark.parametrize(("shares", "expected"), [([1, 1, 1, 1], [2, 2, 2, 2]), ([3, 1, 0, 0], [4, 2]),
                                                  ([4, 0, 0, 0], [5])])
def test_4_8_4_2_rompante_do_absoluto_with_cubo_cosmico(shares: list[int], expected: list[int]) -> None:
    """4.8.4.2: a character carrying Rompante do Absoluto (4 piercing damage distributed among up to four
    targets) and Cubo Cósmico. Divided 1 per target among four: 2 piercing each (Cubo Cósmico +1 for each
    target); 3 to one and 1 to another: 4 and 2; all on one target: 5 piercing."""
    src, targets, cubo = rompante()
    decider = ScriptedDecider({"distribute": [shares]})
    procs = distribute(src, 4, targets, piercing=True, decider=decider, effect="Rompante do Absoluto")
    assert [p.amount for p in procs] == [s for s in shares if s]
    results = calculate_all(procs, [cubo])
    assert [r.amount for r in results] == expected
    assert all(r.piercing and r.causes_damage for r in results)
    assert decider.asked[0][:2] == (A, "distribute")


def test_4_8_4_2_controller_orders_the_procedures() -> None:
    """4.8.4.1 / 4.8.4.2: the player who controls the effect chooses the order of the procedures."""
    src, targets, _ = rompante()
    decider = ScriptedDecider({"distribute": [[1, 1, 2, 0]], "order_procedures": [[2, 0, 1]]})
    procs = distribute(src, 4, targets, piercing=True, decider=decider)
    assert [p.destination.name for p in procs] == ["alvo 3", "alvo 1", "alvo 2"]
    assert decider.asked[1][:2] == (A, "order_procedures")
    with pytest.raises(DamageDecisionError):
        distribute(src, 4, targets, decider=ScriptedDecider({"distribute": [[1, 1, 1, 0]]}))


def test_4_8_4_1_one_effect_two_destinations_two_calculations() -> None:
    """4.8.4.1: one effect causing damage to several different destinations splits into one procedure (and
    one calculation) per destination, in the order its controller chooses. Sequência de Socos (Mulher-Hulk V1:
    2 damage to each of two different targets) with À Espreita for a villain user: +1 in each calculation; and
    Kraven's +4 only where the destination is his chosen character."""
    user = Party(1, "Mulher-Hulk V1", B, alignments=frozenset({"Vilão"}))
    t1, t2 = Party(2, "alvo 1", A), Party(3, "alvo 2", A)
    espreita = Modifier("À Espreita", Step.B, add=1, scope=Scope.FIRST_CALCULATION,
                        when=lambda s: s.source.user is not None and "Vilão" in s.source.user.alignments)
    chosen = Modifier("+4 no escolhido", Step.B, add=4, destinations=frozenset({3}))
    decider = ScriptedDecider({"order_procedures": [[1, 0]]})
    procs = split_targets(DamageSource.action("Sequência de Socos", user), [t1, t2], 2, decider=decider)
    assert [p.destination for p in procs] == [t2, t1]
    assert [r.amount for r in calculate_all(procs, [espreita, chosen])] == [7, 3]


def test_4_8_4_3_carnificina_v2_three_separate_unloads() -> None:
    """4.8.4.3: Carnificina V2 carrying Multiplicação de DNA, À Espreita in the scene. Multiplicação de DNA
    loads three cards, which lets Carnificina unload a card three times, each causing 1 piercing damage: each
    is a separate effect through its own calculation, so À Espreita (+1 for a villain) bonuses each: 2, 2 and 2
    piercing, 6 to one character. (Derivation of the target: Escudo 2, carrying 8: 6 cards unloaded and the
    shield still 2.)"""
    carnificina = Party(1, "Carnificina V2", B, alignments=frozenset({"Vilão"}))
    espreita = Modifier("À Espreita", Step.B, add=1, scope=Scope.FIRST_CALCULATION,
                        when=lambda s: s.source.user is not None and "Vilão" in s.source.user.alignments)
    target = Party(2, "personagem", A)
    src = DamageSource.character(carnificina)
    procs = [DamageProcedure(src, target, 1, piercing=True, effect=f"descarregar card {i}") for i in (1, 2, 3)]
    results = calculate_all(procs, [espreita])
    assert [r.amount for r in results] == [2, 2, 2]
    carried = list(range(100, 108))
    shield = 2
    for r in results:
        app = apply_result(r, shield, carried)
        carried = [c for c in carried if c not in app.unloaded]
        shield = app.shield_after
    assert len(carried) == 2 and shield == 2        # 6 cards unloaded, the shield untouched


# ---------------------------------------------------------------------------------------------
# 4.8.5: sources


def test_4_8_5_instigar_furia_makes_a_character_the_source_not_an_action() -> None:
    """4.8.5 / 4.8.4.3 ATENÇÃO: Instigar Fúria: "AQUELE PERSONAGEM CAUSA 2 pontos de dano ...": the character is
    the source, made one by the action; Instigar Fúria is not an action that causes damage, so bonuses for "toda
    vez que uma ação causar dano" (A Essência do Medo, Manchete do Clarim) do not apply, while À Espreita ("um
    personagem vilão causar dano") does for a villain."""
    victim = Party(1, "aquele personagem", B, alignments=frozenset({"Vilão"}))
    src = DamageSource.character(victim, made_source_by="Instigar Fúria")
    assert src.kind is SourceKind.CHARACTER and not src.is_action
    manchete = Modifier("Manchete do Clarim", Step.B, add=2, source_kinds=frozenset({SourceKind.ACTION}))
    espreita = Modifier("À Espreita", Step.B, add=1,
                        when=lambda s: s.source.user is not None and "Vilão" in s.source.user.alignments)
    result = calculate(DamageProcedure(src, Party(2, "outro", B), 2), [essencia_do_medo(), manchete, espreita])
    assert result.amount == 3 and [m.name for m in result.applied] == ["À Espreita"]
    assert "made a source by Instigar Fúria" in format_trace(result)


def test_4_8_5_scenario_and_card_sources() -> None:
    """4.8.5: "ESTE CENÁRIO CAUSA 4 pontos de dano" (Atacar até Derrubar), "ESTA HABILIDADE CAUSA 1 ponto de
    dano" (Adaga Psíquica): the cards themselves are the sources."""
    scenario = DamageSource.scenario("Atacar até Derrubar", A, card=70)
    card = DamageSource.of_card("Adaga Psíquica", A, card=71)
    assert (scenario.kind, card.kind) == (SourceKind.SCENARIO, SourceKind.CARD)
    only_cards = Modifier("só do card", Step.B, add=1, sources=frozenset({71}))
    target = Party(1, "alvo", B)
    assert calculate(DamageProcedure(scenario, target, 4), [only_cards]).amount == 4
    assert calculate(DamageProcedure(card, target, 1), [only_cards]).amount == 2


def test_modifier_shapes_are_checked() -> None:
    with pytest.raises(ValueError):
        Modifier("x", Step.B, multiply=2)
    with pytest.raises(ValueError):
        Modifier("x", Step.C, add=1)
    with pytest.raises(ValueError):
        Modifier("x", Step.B, scope=Scope.CHOSEN_DESTINATION)
    with pytest.raises(ValueError):
        Modifier("x", Step.D, set_to=0, add=1)


# ---------------------------------------------------------------------------------------------
# properties


modifier_strategy = st.one_of(
    st.builds(lambda n: Modifier(f"B{n:+d}", Step.B, add=n), st.integers(-5, 5)),
    st.builds(lambda n: Modifier(f"x{n}", Step.C, multiply=n), st.integers(0, 3)),
    st.builds(lambda n, up: Modifier(f"/{n}", Step.C, divide=n, rounding=Rounding.UP if up else Rounding.DOWN),
              st.integers(1, 3), st.booleans()),
    st.builds(lambda n: Modifier(f"D={n}", Step.D, set_to=n), st.integers(0, 4)),
    st.builds(lambda n: Modifier(f"D{n:+d}", Step.D, add=n), st.integers(-3, 3)),
)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10), st.lists(modifier_strategy, max_size=6), st.booleans())
def test_property_damage_is_never_negative(amount: int, mods: list[Modifier], piercing: bool) -> None:
    src = DamageSource.action("ação", Party(1, "x", A))
    result = calculate(DamageProcedure(src, Party(2, "y", B), amount, piercing), mods)
    assert result.amount >= 0
    assert result.causes_damage == (result.amount > 0)
    assert result.piercing == piercing


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 12), st.integers(0, 6), st.integers(0, 10), st.booleans())
def test_property_cards_unloaded_are_damage_beyond_the_shield(damage: int, shield: int, energy: int,
                                                              piercing: bool) -> None:
    app = apply_damage(Party(1, "x", A), damage, piercing, shield, list(range(energy)), chooser=B)
    beyond = damage if piercing else max(0, damage - shield)
    assert app.to_unload == min(energy, beyond)
    assert app.shield_after >= 0
    if piercing:
        assert app.shield_after == shield and app.absorbed == 0
    assert app.emptied == (energy - app.to_unload == 0)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 6), st.integers(1, 4), st.integers(0, 5))
def test_property_redirect_chain_terminates(amount: int, n_parties: int, bonus: int) -> None:
    """Every redirecting effect acts at most once per procedure: a ring of mutual redirects stops."""
    parties = [Party(i, f"P{i}", A) for i in range(n_parties + 1)]
    ring = [Redirect(f"R{i}", A, frozenset({i}), tuple(p for p in parties if p.card != i)) for i in range(len(parties))]
    src = DamageSource.action("ação", Party(99, "x", B))
    result = calculate(DamageProcedure(src, parties[0], amount), [Modifier("+", Step.B, add=bonus)], ring,
                       FirstChoice())
    assert len(result.redirected) <= len(ring)
    assert result.amount == amount + bonus


def test_agent_decider_asks_the_engines_agents() -> None:
    """Principle 8: through the engine's agents, every damage decision is a Decision."""
    from cardscript.engine.agents import ScriptedAgent
    from cardscript.games.battle_scenes.runtime.damage import AgentDecider

    maximus, _, triton, capanga, mods, redirects = inumanos()
    decider = AgentDecider.from_agents([ScriptedAgent([[1], [0, 2, 3]]), ScriptedAgent([])])
    result = calculate(DamageProcedure(DamageSource.action("Pancadaria", capanga), maximus, 4), mods, redirects,
                       decider)
    assert result.destination == triton and result.amount == 3
    app = apply_damage(triton, 3, True, 2, [7, 8, 9, 10], chooser=A, decider=decider)
    assert app.unloaded == (7, 9, 10)
