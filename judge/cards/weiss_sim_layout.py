"""The types weiss-sim 1.2.0 writes its card database with, as data for :mod:`judge.cards.postcard`.

``default_cards.wsdb`` is a Rust ``CardDb`` serialised with postcard: the table ``cards: Vec<CardStatic>``.
Reading one card's characteristics means reading every field of every card before it, the abilities
weiss-sim attaches included, so the whole layout is here: each struct its fields in order, each enum its
variants in order with their payloads, written as the Rust source declares them (``weiss_core/src/db``:
``card.rs``, ``types.rs``, ``ability/models.rs``; ``TargetSide`` and ``TargetZone`` from ``state/target.rs``,
``RevealAudience`` from ``events.rs``), with the alias ``CardId`` written as the ``u32`` it is.  serde's
``default`` and ``alias`` attributes change nothing in postcard, which writes every field.

A later weiss-sim may add a variant or a field: the digests in :mod:`judge.cards.weiss_sim` make sure this
layout only ever reads the data it was written for.
"""

from __future__ import annotations

from typing import Final

from judge.cards.postcard import Layout

__all__ = ["LAYOUT", "ROOT"]


def _units(names: str) -> tuple[str, ...]:
    """An enum whose variants carry nothing: its variant names in order."""
    return tuple(names.split())


_CONDITIONS: Final = (
    "turn: Option<ConditionTurn>, zone_count: Option<ZoneCountCondition>, require_source_marker: bool, "
    "per_source_marker: bool, per_zone_count: bool, exclude_source: bool, target_ids: Vec<u32>"
)
"""The fields the conditional modifiers of ``EffectTemplate`` share, after their amount."""
_OPPONENT_LIMITS: Final = "max_level: Option<u8>, max_cost: Option<u8>, level_gt_opponent_level: bool"
"""The fields the battle-opponent effects of ``EffectTemplate`` share."""

ROOT: Final = "Vec<CardStatic>"
"""The payload after the file's header: ``CardDb`` is the struct ``{cards: Vec<CardStatic>}``."""

LAYOUT: Final = Layout(
    structs={
        "CardStatic": (
            "id: u32",
            "card_set: Option<String>",
            "card_type: CardType",
            "color: CardColor",
            "level: u8",
            "cost: u8",
            "power: i32",
            "soul: u8",
            "triggers: Vec<TriggerIcon>",
            "traits: Vec<u16>",
            "abilities: Vec<AbilityTemplate>",
            "ability_defs: Vec<AbilityDef>",
            "counter_timing: bool",
            "raw_text: Option<String>",
        ),
        "ZoneCountCondition": (
            "side: TargetSide",
            "zone: CountZone",
            "cmp: CountCmp",
            "value: u8",
            "card_ids: Vec<u32>",
        ),
        "AbilityDef": (
            "kind: AbilityKind",
            "timing: Option<AbilityTiming>",
            "effects: Vec<EffectTemplate>",
            "effect_optional: Vec<bool>",
            "targets: Vec<TargetTemplate>",
            "cost: AbilityCost",
            "conditions: AbilityDefConditions",
            "target_card_type: Option<CardType>",
            "target_trait: Option<u16>",
            "target_level_max: Option<u8>",
            "target_cost_max: Option<u8>",
            "target_card_ids: Vec<u32>",
            "target_limit: Option<u8>",
        ),
        "AbilityCost": (
            "stock: u8",
            "rest_self: bool",
            "rest_other: u8",
            "sacrifice_from_stage: u8",
            "discard_from_hand: u8",
            "clock_from_hand: u8",
            "clock_from_deck_top: u8",
            "reveal_from_hand: u8",
            "move_self_to_waiting_room: bool",
            "return_self_to_hand: bool",
            "step_order: Vec<AbilityCostStep>",
        ),
        "AbilityDefConditions": (
            "requires_approx_effects: bool",
            "climax_area: Option<AbilityDefClimaxAreaCondition>",
            "turn: Option<ConditionTurn>",
            "hand_level_delta: i8",
            "self_waiting_room_climax_at_most: Option<u8>",
            "self_clock_card_ids_any: Vec<u32>",
            "self_memory_card_ids_any: Vec<u32>",
            "self_memory_at_most: Option<u8>",
            "opponent_stage_has_level_at_least: Option<u8>",
            "trigger_check_revealed_climax: bool",
            "trigger_check_revealed_icon: Option<TriggerIcon>",
            "ignore_color_requirement: bool",
            "zone_count: Option<ZoneCountCondition>",
            "source_rule_id: Option<String>",
        ),
        "AbilityDefClimaxAreaCondition": (
            "side: TargetSide",
            "card_ids: Vec<u32>",
        ),
    },
    enums={
        "CardType": _units("Character Event Climax"),
        "CardColor": _units("Yellow Green Red Blue Colorless"),
        "TriggerIcon": _units("Soul Shot Bounce Draw Choice Pool Treasure Gate Standby"),
        "ConditionTurn": _units("SelfTurn OpponentTurn"),
        "CountCmp": _units("AtLeast AtMost"),
        "CountZone": _units("Stock WaitingRoom Hand Stage BackStage WaitingRoomClimax LevelTotal"),
        "GrantDuration": _units("UntilEndOfTurn UntilEndOfOpponentsNextTurn"),
        "BattleOpponentMoveDestination": _units("DeckBottom StockThenBottomStockToWaitingRoom Clock Memory"),
        "BattleOpponentMovePreludeAction": _units("OpponentClockTopToWaitingRoom"),
        "TerminalOutcomeSpec": _units("WinSelf WinOpponent Draw Timeout"),
        "RuleOverrideKind": _units(
            "SkipDeckRefreshOrLoss SkipLevelFourLoss SkipNonCharacterStageCleanup SkipZeroOrNegativePowerCleanup"
        ),
        "TargetTemplate": (
            "OppFrontRow",
            "OppBackRow",
            "OppStage",
            "OppStageSlot { slot: u8 }",
            "SelfFrontRow",
            "SelfBackRow",
            "SelfStage",
            "SelfStageSlot { slot: u8 }",
            "This",
            "SelfWaitingRoom",
            "SelfHand",
            "SelfDeckTop",
            "SelfClock",
            "SelfLevel",
            "SelfStock",
            "SelfMemory",
        ),
        "EffectTemplate": (
            "Draw { count: u8 }",
            "DealDamage { amount: u8, cancelable: bool }",
            "AddPower { amount: i32, duration_turn: bool }",
            "AddPowerIfTargetLevelAtLeast { amount: i32, min_level: u8, duration_turn: bool }",
            "AddPowerByLevel { multiplier: i32, duration_turn: bool }",
            "AddPowerIfBattleOpponentLevelAtLeast { amount: i32, min_level: u8, duration_turn: bool }",
            "AddSoulIfBattleOpponentLevelAtLeast { amount: i32, min_level: u8, duration_turn: bool }",
            "AddPowerIfBattleOpponentLevelExact { amount: i32, level: u8, duration_turn: bool }",
            "AddPowerIfOtherAttackerMatches { amount: i32, duration_turn: bool, attacker_card_ids: Vec<u32> }",
            "AddSoul { amount: i32, duration_turn: bool }",
            "AddSoulIfMiddleCenter { amount: i32 }",
            "AddLevel { amount: i32, duration_turn: bool }",
            "FacingOpponentAddSoul { amount: i32 }",
            "CannotFrontalAttack { duration_turn: bool }",
            "CannotBecomeReverse { duration_turn: bool }",
            "CannotBeChosenByOpponentEffects { duration_turn: bool }",
            "CannotMoveStagePosition { duration_turn: bool }",
            "CannotPlayEventsFromHand { duration_turn: bool }",
            "CannotPlayBackupFromHand { duration_turn: bool }",
            "CannotStandDuringStandPhase { duration_turn: bool }",
            "BattleOpponentMoveToMemoryOnReverse { duration_turn: bool }",
            "EncoreStockCost { cost: u8, duration_turn: bool }",
            "GrantAbilityDef { ability: Box<AbilityDef>, duration: GrantDuration }",
            "FacingOpponentCannotMoveStagePosition",
            "SelfCannotBecomeReverseIfFacingOpponent { max_level: Option<u8>, max_cost: Option<u8>, "
            "level_gt_source_level: bool }",
            "SelfCannotFrontalAttackIfFacingOpponentHigherLevel",
            f"ConditionalAddPower {{ amount: i32, {_CONDITIONS} }}",
            f"ConditionalAddLevel {{ amount: i32, {_CONDITIONS} }}",
            f"TimedConditionalAddPower {{ amount: i32, duration_turn: bool, {_CONDITIONS} }}",
            "ConditionalCannotSideAttack { turn: Option<ConditionTurn>, zone_count: Option<ZoneCountCondition>, "
            "require_source_marker: bool, exclude_source: bool }",
            "CannotSideAttack { duration_turn: bool }",
            "MoveToMarker { target_ids: Vec<u32> }",
            "MoveTopDeckToMarker",
            "MoveToHand",
            "MoveToWaitingRoom",
            "MoveToStock",
            "MoveToClock",
            "MoveToMemory",
            "MoveToDeckBottom",
            "MoveWaitingRoomCardToSourceSlot { target_ids: Vec<u32> }",
            "RecycleWaitingRoomToDeckShuffle",
            "ResetStockFromDeckTop { target: TargetSide }",
            "Heal",
            "HealIfSourcePlayedFromHandThisTurn",
            "RestTarget",
            "StandTarget",
            "StockCharge { count: u8 }",
            "MillTop { target: TargetSide, count: u8 }",
            "MoveStageSlot { slot: u8 }",
            "MoveThisToOpenCenter { require_facing: bool }",
            "MoveThisToOpenBack",
            "SwapStageSlots",
            "RandomDiscardFromHand { target: TargetSide, count: u8 }",
            "RandomMill { target: TargetSide, count: u8 }",
            "RevealZoneTop { target: TargetSide, zone: TargetZone, count: u8, audience: RevealAudience }",
            "RevealTopIfLevelAtLeastMoveThisToHand { min_level: u8 }",
            "RevealTopIfLevelAtLeastRestThis { min_level: u8 }",
            "RevealTopIfLevelAtLeastMoveTopToStock { min_level: u8 }",
            "LookTopDeckReorder { count: u8 }",
            "LookTopCardTopOrWaitingRoom",
            "LookTopCardTopOrBottom",
            "SearchTopDeckToHandLevelAtLeastMillRest { look_count: u8, choose_count: u8, min_level: u8 }",
            "RevealTopAndSalvageByRevealedLevel { count: u8, climax_level: u8 }",
            "ChangeController",
            "CounterBackup { power: i32 }",
            "CounterDamageReduce { amount: u8 }",
            "CounterDamageCancel",
            "TriggerIcon { icon: TriggerIcon }",
            f"BattleOpponentReverseIf {{ {_OPPONENT_LIMITS} }}",
            f"BattleOpponentMoveToDeckBottomIf {{ {_OPPONENT_LIMITS} }}",
            f"BattleOpponentMoveToStockThenBottomStockToWaitingRoomIf {{ {_OPPONENT_LIMITS} }}",
            f"BattleOpponentMoveToClockAfterClockTopToWaitingRoomIf {{ {_OPPONENT_LIMITS} }}",
            f"BattleOpponentMoveToMemoryIf {{ {_OPPONENT_LIMITS} }}",
            f"BattleOpponentMoveToClockIf {{ {_OPPONENT_LIMITS} }}",
            "BattleOpponentMoveIf { destination: BattleOpponentMoveDestination, "
            f"prelude: Option<BattleOpponentMovePreludeAction>, {_OPPONENT_LIMITS} }}",
            "BattleOpponentTopDeckToStockIf { min_level: u8 }",
            "Brainstorm { reveal_count: u8, per_climax: u8, mode: BrainstormMode }",
            "SetTriggerCheckCount { count: u8 }",
            "RestThisIfNoOtherRestCenter",
            "CannotUseAutoEncoreForPlayer { target: TargetSide }",
            f"ConditionalAddSoul {{ amount: i32, {_CONDITIONS} }}",
            "SetTerminalOutcome { outcome: TerminalOutcomeSpec }",
            "ApplyRuleOverride { kind: RuleOverrideKind }",
        ),
        "BrainstormMode": _units(
            "Draw SalvageCharacter LookTopToHand LookTopToHandThenDiscard SalvageCharacterThenDiscard"
        ),
        "AbilityCostStep": _units(
            "RestOther SacrificeFromStage DiscardFromHand ClockFromHand ClockFromDeckTop RevealFromHand"
        ),
        "AbilityTiming": _units(
            "BeginTurn BeginStandPhase AfterStandPhase BeginDrawPhase AfterDrawPhase BeginClockPhase "
            "AfterClockPhase LevelUp BeginMainPhase BeginClimaxPhase AfterClimaxPhase BeginAttackPhase "
            "BeginAttackDeclarationStep BeginEncoreStep EndPhase EndPhaseCleanup EndOfAttack AttackDeclaration "
            "OtherAttackDeclaration TriggerResolution Counter UseAct DamageResolution Encore OnPlay OnReverse "
            "BattleOpponentReverse DamageDealtNotCanceled DamageReceivedNotCanceled DamageDealtCanceled "
            "DamageReceivedCanceled"
        ),
        "AbilityTemplate": (
            "Vanilla",
            "ContinuousPower { amount: i32 }",
            "ContinuousCannotAttack",
            "ContinuousAttackCost { cost: u8 }",
            "AutoOnPlayDraw { count: u8 }",
            "AutoOnPlaySalvage { count: u8, optional: bool, card_type: Option<CardType> }",
            "AutoOnPlaySearchDeckTop { count: u8, optional: bool, card_type: Option<CardType> }",
            "AutoOnPlayRevealDeckTop { count: u8 }",
            "AutoOnPlayStockCharge { count: u8 }",
            "AutoOnPlayMillTop { count: u8 }",
            "AutoOnPlayHeal { count: u8 }",
            "AutoOnAttackDealDamage { amount: u8, cancelable: bool }",
            "AutoEndPhaseDraw { count: u8 }",
            "AutoOnReverseDraw { count: u8 }",
            "AutoOnReverseSalvage { count: u8, optional: bool, card_type: Option<CardType> }",
            "EventDealDamage { amount: u8, cancelable: bool }",
            "ActivatedPlaceholder",
            "ActivatedTargetedPower { amount: i32, count: u8, target: TargetTemplate }",
            "ActivatedPaidTargetedPower { cost: u8, amount: i32, count: u8, target: TargetTemplate }",
            "ActivatedTargetedMoveToHand { count: u8, target: TargetTemplate }",
            "ActivatedPaidTargetedMoveToHand { cost: u8, count: u8, target: TargetTemplate }",
            "ActivatedChangeController { count: u8, target: TargetTemplate }",
            "ActivatedPaidChangeController { cost: u8, count: u8, target: TargetTemplate }",
            "CounterBackup { power: i32 }",
            "CounterDamageReduce { amount: u8 }",
            "CounterDamageCancel",
            "Bond { cost: AbilityCost, count: u8, target_ids: Vec<u32> }",
            "EncoreVariant { cost: AbilityCost }",
            "AbilityDef(AbilityDef)",
            "Unsupported { id: u32 }",
        ),
        "AbilityKind": _units("Continuous Activated Auto"),
        "TargetSide": _units("SelfSide Opponent"),
        "TargetZone": _units("Stage Hand DeckTop Clock Level Stock Memory WaitingRoom Climax Resolution"),
        "RevealAudience": _units("Public OwnerOnly ControllerOnly BothPlayers ReplayOnly"),
    },
)
