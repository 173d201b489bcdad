"""The order continuous effects apply in (engine.core.effects): layer, dependency, timestamp (ws 8.9.1, vg 8.7)."""

from __future__ import annotations

from engine.core.effects import ContinuousEffect, Duration, EffectLedger, Layer, application_order


def gains(trait: str, timestamp: int, requires: tuple[str, ...] | None = None) -> ContinuousEffect:
    return ContinuousEffect(1, "traits", layer=Layer.NON_NUMERIC, timestamp=timestamp, gains=trait, requires=requires)


def test_effects_without_dependencies_apply_in_timestamp_order_ws_8_9_1_5() -> None:
    first, second = gains("Corps", 1), gains("Elite", 2)
    assert application_order([second, first]) == [first, second]


def test_an_effect_applies_after_the_one_it_depends_on_whatever_their_timestamps_ws_8_9_1_4() -> None:
    needs_corps = gains("Elite", 1, requires=("Corps",))
    gives_corps = gains("Corps", 2)
    assert needs_corps.depends_on(gives_corps) and not gives_corps.depends_on(needs_corps)
    assert application_order([needs_corps, gives_corps]) == [gives_corps, needs_corps]


def test_effects_that_depend_on_each_other_fall_back_to_timestamps_vg_8_7_2() -> None:
    """vg:8.7.2: B depends on A only when it is not also true the other way round."""
    elite_for_corps = gains("Elite", 1, requires=("Corps",))
    corps_for_elite = gains("Corps", 2, requires=("Elite",))
    assert not elite_for_corps.depends_on(corps_for_elite)
    assert application_order([corps_for_elite, elite_for_corps]) == [elite_for_corps, corps_for_elite]


def test_a_dependency_loop_of_three_starts_with_the_earliest_ws_8_9_1_4() -> None:
    a, b, c = gains("A", 1, requires=("C",)), gains("B", 2, requires=("A",)), gains("C", 3, requires=("B",))
    assert application_order([c, b, a]) == [a, b, c]


def test_effects_that_change_no_number_apply_before_those_that_do_ws_8_9_1_2() -> None:
    power = ContinuousEffect(1, "power", delta=500, timestamp=1)
    trait = gains("Corps", 2)
    assert application_order([power, trait]) == [trait, power]


def test_gained_values_follow_the_dependency_order_ws_8_9_1_4() -> None:
    ledger = EffectLedger()
    traits, applied = ledger.gained(1, "traits", ("Soldier",), [gains("Elite", 1, ("Corps",)), gains("Corps", 2)])
    assert traits == {"Soldier", "Corps", "Elite"}
    assert [effect.gains for effect in applied] == ["Corps", "Elite"]


def test_a_numeric_effect_requiring_a_trait_applies_only_to_holders_ws_8_9_1_3() -> None:
    ledger = EffectLedger()
    boost = ContinuousEffect(1, "power", delta=1000, timestamp=1, requires=("Elite",))
    assert ledger.value(1, "power", 3000, [boost], holds=frozenset({"Elite"})) == 4000
    assert ledger.value(1, "power", 3000, [boost], holds=frozenset({"Corps"})) == 3000


def test_effects_until_end_of_battle_end_apart_from_those_until_end_of_turn_vg_7_7_1_2() -> None:
    """vg:7.7.1.2: at the close step, "until end of battle" effects end; "until end of turn" ones go on."""
    ledger = EffectLedger()
    battle = ContinuousEffect(1, "power", delta=5000, duration=Duration.END_OF_BATTLE)
    turn = ContinuousEffect(1, "power", delta=1000, duration=Duration.END_OF_TURN)
    ledger.add(battle)
    ledger.add(turn)
    assert ledger.expire(Duration.END_OF_BATTLE) == 1
    assert ledger.effects == [turn]


def test_the_turn_players_effects_end_before_the_other_players_wl_6_6_1_2_and_6_6_1_3() -> None:
    """wl:6.6.1.2 ends the turn player's "until the end of the turn" effects, then wl:6.6.1.3 the other player's."""
    ledger = EffectLedger()
    mine = ContinuousEffect(1, "power", delta=1000, controller="P1")
    theirs = ContinuousEffect(2, "power", delta=1000, controller="P2")
    ledger.add(mine)
    ledger.add(theirs)
    assert ledger.expire(Duration.END_OF_TURN, controller="P1") == 1
    assert ledger.effects == [theirs]
    assert ledger.expire(Duration.END_OF_TURN, controller="P2") == 1
    assert ledger.effects == []
