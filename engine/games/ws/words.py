"""The Weiss Schwarz words of the card-text vocabulary (ws 3, 4, 7, 8, 10, 11).

``engine.core.vocabulary`` defines the words every game shares (``power``, ``target``,
``until``, the ability's own card, until end of turn); this module adds those of Weiss
Schwarz: the timings of automatic abilities, what a condition asks and what a cost pays,
the operations of an effect with the places and kinds of card they name, what narrows the
character or the card an operation chooses, its targets and durations.  ``VOCABULARY``
gathers them: the log reader's checks (``engine.games.ws.abilities``,
``engine.games.ws.operation_records``), the JSON Schema (``judge.games.ws.schema``), the
clauses an ability cites (``engine.games.ws.vocabulary``) and the site's table are all read
from it.  What plays each word is the engine's: ``engine.games.ws.operations`` and
``engine.games.ws.deck_operations`` the operations, ``costs`` the costs, ``characteristics``
the conditions, ``playing`` the timings."""

from __future__ import annotations

from typing import Final

from engine.core.vocabulary import (
    END_OF_TURN,
    POWER,
    SELF,
    TARGET,
    UNTIL,
    Vocabulary,
    Word,
    choice_among,
    flag,
    mapping,
    name,
    names_or_name,
    number,
    one_of,
    one_of_numbers,
    operation_or_list,
    operations_list,
    true,
    with_values,
)

TRIGGER_ICONS: Final = ("soul", "return", "pool", "comeback", "draw", "shot", "treasure", "standby", "gate", "choice")
"""The trigger icons a card may have (ws 2.11, 4.12.2), as a timing that waits for one names them."""
SALVAGE_TYPES: Final = ("character", "climax", "event", "any")
"""The kinds of card an operation that chooses one by its card type takes (``any``: a card of any type)."""
CHOSEN_FATES: Final = ("hand", "waiting", "stock", "memory", "clock", "deck_bottom", "deck_top")
"""Where ``send`` puts the character chosen (``target: choose``): a zone of its master's, the deck's bottom or top."""
BATTLE_OPPONENT_FATES: Final = ("reverse", "stock", "deck_bottom", "deck_top", "memory", "clock", "hand", "waiting")
"""What ``battle_opponent`` does to the ability's card's battle opponent ("that character", 7.2.1.5.1): reverse it
(7.6.1.2), or put it into a zone of its master's (the deck's bottom or top)."""
RESTRICTIONS: Final = (
    "side_attack",
    "front_attack",
    "reverse",
    "move",
    "be_chosen",
    "stand",
    "play",
    "events_and_backup",
)
"""What a ``cont`` ability's ``cannot`` forbids its card (ws 8.1.1.3): ``side_attack`` and ``front_attack``
(7.2.1.4.2), ``reverse`` (becoming reversed, 7.6.1.2), ``move`` (to another position of the stage, 6.5.1.2.4,
its own or, with ``target: facing``, the character facing it), ``be_chosen`` (by the opponent's effects, 8.6.3),
``stand`` (in its master's stand phase, 6.2.1.2);
``play``, with ``zone: hand``: its card cannot be played
from the hand while the condition holds (8.6.2.1); and what it forbids its master: ``events_and_backup``, playing
events and Backup from the hand (8.6.2, 10.5) while its card is on the stage."""
OWN_ZONES: Final = ("hand", "stock", "clock", "memory", "waiting")
"""The zones of its master's an effect puts a card into: the card revealed (``put_revealed``), its own card
(``self_to``, which may also say ``deck_bottom``)."""
SALVAGE_DESTINATIONS: Final = ("hand", "stock", "memory", "marker", "stage", "waiting", "deck_top")
"""Where a ``salvage`` puts the card it chooses from the waiting room, a ``search`` the card it finds in the deck,
or a ``look`` the card it takes (``to``; the hand unless said; ``stage``: a position of its master's stage the
resolve entry names with ``to``; ``waiting``, for a search only; ``deck_top``, for a look only)."""
SEARCH_DESTINATIONS: Final = ("hand", "stage", "waiting")
"""Where a ``search`` may put the card it finds."""
LOOK_TOP_PLACES: Final = ("deck_top", "deck_bottom", "waiting")
"""Where ``look_top`` may put the top card looked at: back on top, at the bottom, into the waiting room."""
OPEN_POSITIONS: Final = ("open_center", "open_middle", "open_back")
"""Where ``move_self`` moves its card: an open position of the center stage, the middle one if open, or an open
position of the back stage."""
AREAS: Final = ("center_stage", "back_stage")
"""Where on the stage the character chosen is (``area``, 3.6.1)."""

OPERATION_WORDS: Final = (
    Word("draw", "operation", "Draw N cards (up to N with up_to).", number(), ("ws:4.7.3",)),
    POWER.governed_by("ws:8.2.1.2"),
    Word("soul", "operation", "The target gets +N soul, for as long as 'until' says.", number(), ("ws:8.2.1.2",)),
    Word(
        "salvage",
        "operation",
        "Choose such a card in the waiting room and put it into the hand (or where 'to' says).",
        one_of(SALVAGE_TYPES),
        ("ws:8.6.3.1", "ws:3.4"),
    ),
    Word("stock", "operation", "Put the top N cards of the deck into the stock.", number(), ("ws:3.10",)),
    Word(
        "damage",
        "operation",
        "Deal N damage to its master's opponent: the damage process, which a climax revealed cancels; the "
        "ability's card is the source of the damage.",
        number(1),
        ("ws:4.10.1", "ws:4.11.1.2"),
    ),
    Word("heal", "operation", "Put the top N cards of the clock into the waiting room.", number(), ("ws:3.8",)),
    Word(
        "stock_to_waiting",
        "operation",
        "Put the bottom N cards of the stock (the opponent's, with whose: opponent) into the waiting room.",
        number(),
        ("ws:3.10",),
    ),
    Word(
        "trigger_checks",
        "operation",
        "During the attack of the ability's card, its trigger step performs N trigger checks, one after another.",
        number(2),
        ("ws:7.3.1.2",),
    ),
    Word("standby", "operation", "The standby icon's effect.", true(), ("ws:4.12.2.10",)),
    Word("extra_turn", "operation", "Its master takes an additional turn.", true(), ("ws:11.2.1",)),
    Word("trait", "operation", "For a cont ability: the target gains this trait.", name("trait"), ("ws:8.9.1.2",)),
    Word(
        "keeps_soul",
        "operation",
        "The ability's card's soul does not decrease by side attacking: while a cont ability applies, or until end "
        "of turn.",
        true(),
        ("ws:7.2.1.4.2",),
    ),
    Word(
        "encore",
        "operation",
        "For a cont ability: the target has an Encore of this cost ({stock: N}, {clock: 1} or {discard: 1, ...}), "
        "beside the Encore [3] every character has; its master pays the one it chooses as the character leaves "
        "the stage.",
        mapping("an Encore's cost"),
        ("ws:10.2.2", "ws:10.2.3"),
    ),
    Word("cannot", "operation", "For a cont ability: what its card cannot do.", one_of(RESTRICTIONS), ("ws:8.1.1.3",)),
    Word(
        "battle_opponent",
        "operation",
        "What happens to the battle opponent of the ability's card, 'that character': reversed, or put into a "
        "zone of its master's.",
        one_of(BATTLE_OPPONENT_FATES),
        ("ws:7.2.1.5.1",),
    ),
    Word(
        "search",
        "operation",
        "Search the deck for up to one such card, into the hand; the deck is shuffled.",
        one_of(SALVAGE_TYPES),
        ("ws:8.6.3", "ws:3.2.2"),
    ),
    Word("rest_self", "operation", "Rest the ability's card.", true(), ("ws:4.6.1.2",)),
    Word(
        "move_self",
        "operation",
        "Move the ability's card to an open position of the center stage (or its middle one).",
        one_of(OPEN_POSITIONS),
        ("ws:3.6.3", "ws:3.1.4"),
    ),
    Word("mill", "operation", "Put the top N cards of the deck into the waiting room.", number(), ("ws:3.4.1",)),
    Word(
        "look_top",
        "operation",
        "Look at the top card of the deck and put it in one of these places, its master's choice (resolve with to).",
        choice_among(LOOK_TOP_PLACES),
        ("ws:4.8",),
    ),
    Word(
        "reorder_top",
        "operation",
        "Look at up to N cards from the top of the deck and put them back on the top in any order: their order is "
        "known after only where the entry names it (revealed, top first).",
        number(2),
        ("ws:4.8", "ws:3.2.2"),
    ),
    Word(
        "look",
        "operation",
        "Look at up to N cards from the top of the deck, take up to one of them, of the kind 'take' names, into "
        "the hand, and put the rest into the waiting room.",
        number(1),
        ("ws:4.8.3", "ws:8.6.3"),
    ),
    Word(
        "brainstorm",
        "operation",
        "Brainstorm: flip over N cards from the top of the deck into the waiting room, and do per_climax once for "
        "each climax among them.",
        number(1),
        ("ws:10.7.1", "ws:10.7.3"),
    ),
    Word(
        "level",
        "operation",
        "For a cont ability: the level its card gets while in the hand (zone: hand), or on the stage; with power, "
        "the level its card or the character chosen gets with it, for as long as 'until' says.",
        number(),
        ("ws:8.6.2.1.2", "ws:2.6"),
    ),
    Word(
        "hand_to_stock",
        "operation",
        "Put N cards chosen from the hand into the stock (resolve with cards).",
        number(),
        ("ws:8.6.3", "ws:3.10"),
    ),
    Word(
        "reveal_top",
        "operation",
        "Reveal the top card of the deck (the resolve entry names it: revealed); it stays there. A card chosen after "
        "it may be of its level or lower (level_of_revealed).",
        true(),
        ("ws:4.9.1", "ws:4.9.2"),
    ),
    Word(
        "deck_to_clock",
        "operation",
        "Put the top N cards of the deck into the clock (a level up follows where it makes seven, 9.3).",
        number(1),
        ("ws:3.8", "ws:9.3.1"),
    ),
    Word(
        "waiting_to_deck",
        "operation",
        "Return all cards of the waiting room to the deck, and shuffle the deck.",
        true(),
        ("ws:3.4", "ws:3.2.2"),
    ),
    Word(
        "hand_to_waiting",
        "operation",
        "Choose N cards in the hand and put them into the waiting room (resolve with cards).",
        number(),
        ("ws:8.6.3", "ws:3.4"),
    ),
    Word(
        "reveal",
        "operation",
        "Reveal the top card of the deck; if it is such a card, do 'then' (resolve with revealed).",
        one_of(SALVAGE_TYPES),
        ("ws:4.9.1", "ws:4.9.2"),
    ),
    Word(
        "put_revealed",
        "operation",
        "In a reveal's 'then': put the card revealed into this zone of its master's.",
        one_of(OWN_ZONES),
        ("ws:4.9.1",),
    ),
    Word(
        "self_to",
        "operation",
        "Put the ability's card into this zone of its master's, or at the bottom of the deck.",
        one_of((*OWN_ZONES, "deck_bottom")),
        ("ws:3.1.4",),
    ),
    Word(
        "clock_to_stock",
        "operation",
        "Put the top N cards of the clock into the stock.",
        number(),
        ("ws:3.8", "ws:3.10"),
    ),
    Word(
        "send",
        "operation",
        "Put the character chosen (target: choose) into this zone of its master's, or on the top or bottom of the "
        "deck.",
        one_of(CHOSEN_FATES),
        ("ws:8.6.3", "ws:3.1.4"),
    ),
    Word("rest", "operation", "Rest the character chosen (target: choose).", true(), ("ws:4.6.1.2",)),
    Word("stand", "operation", "Stand the character chosen (target: choose).", true(), ("ws:4.6.1.1",)),
    Word(
        "any_color",
        "operation",
        "For a cont ability with zone: hand: its card is played from the hand with no color requirement.",
        true(),
        ("ws:8.6.2.1.1", "ws:8.1.1.3"),
    ),
    Word(
        "any_copies",
        "operation",
        "For a cont ability: its master's deck may hold any number of cards of its card's name, in place of the "
        "four of deck construction.",
        true(),
        ("ws:5.1.2.4", "ws:5.1.2.2"),
    ),
    Word(
        "grant",
        "operation",
        "The target gains this ability (an ability's record), for as long as 'until' says.",
        mapping("an ability's record"),
        ("ws:8.1.1", "ws:8.2.1.2"),
    ),
)
"""The operations of an effect, in the order the log reader names them."""

TARGET_WORDS: Final = (
    SELF,
    Word(
        "choose",
        "target",
        "One of its master's characters chosen (or its opponent's, with whose), narrowed as the operation says.",
        clauses=("ws:8.6.3",),
    ),
    Word("all", "target", "All of its master's characters.", clauses=("ws:8.6.3",)),
    Word("others", "target", "All of its master's characters but the ability's card.", clauses=("ws:8.6.3",)),
    Word(
        "opponents",
        "target",
        "All of the characters of its master's opponent (in 'area' where said): a cont ability's encore, or an "
        "effect's power or soul change.",
        clauses=("ws:8.1.1.3",),
    ),
    Word(
        "facing",
        "target",
        "For a cont ability: the opponent's character facing the ability's card.",
        clauses=("ws:3.6.5", "ws:8.1.1.3"),
    ),
)
DURATION_WORDS: Final = (
    END_OF_TURN.governed_by("ws:6.8.1.4"),
    Word(
        "end_of_opponents_next_turn",
        "duration",
        "Until the end of its master's opponent's next turn: the change ends in that turn's end phase.",
        clauses=("ws:6.8.1.4",),
    ),
)

QUALIFIER_WORDS: Final = (
    with_values(TARGET, TARGET_WORDS),
    with_values(UNTIL, DURATION_WORDS).governed_by("ws:8.2.1.2"),
    Word(
        "with_trait",
        "qualifier",
        "The characters or cards it applies to have this trait (or one of a list of them), gained traits counted; "
        "with target: choose, the characters chosen among.",
        names_or_name("trait"),
        ("ws:8.9.1.4",),
    ),
    Word(
        "with_name",
        "qualifier",
        "The characters or cards it applies to have this card name.",
        name("card"),
        ("ws:2.1.1",),
    ),
    Word(
        "level_of_revealed",
        "qualifier",
        "For salvage: the card chosen is of the level of the card reveal_top revealed before it, or lower (a "
        "climax is level 0).",
        true(),
        ("ws:4.9.1", "ws:2.6"),
    ),
    Word(
        "with_name_part",
        "qualifier",
        "For a cont ability: the characters it applies to have this in their card names.",
        name("part of a card name"),
        ("ws:2.1.1",),
    ),
    Word(
        "per",
        "qualifier",
        "The change is made once for each character counted ({characters: {traits, other, back_stage, ...}}), "
        "each marker ({markers: {}}), each card of a name in the memory ({memory: {named: Name}}), or each "
        "character of these traits among the cards a mill of the ability put into the waiting room ({milled: "
        "{traits: [..]}}).",
        mapping("a count of characters or of markers"),
    ),
    Word(
        "whose",
        "qualifier",
        "For heal and stock_to_waiting, whose clock or stock; with target: choose, whose characters: the master's "
        "(own, the default) or the opponent's.",
        one_of(("own", "opponent")),
    ),
    Word(
        "other",
        "qualifier",
        "With target: choose, the characters chosen among are the others than its card.",
        true(),
    ),
    Word(
        "position",
        "qualifier",
        "With target: others, only the other character in the middle position.",
        one_of(("middle",)),
        ("ws:3.6.3",),
    ),
    Word(
        "area",
        "qualifier",
        "With target: choose, the character chosen is in this part of the stage.",
        one_of(AREAS),
        ("ws:3.6.1",),
    ),
    Word(
        "in_battle",
        "qualifier",
        "With target: choose, the characters chosen among are those in battle.",
        true(),
        ("ws:7.2.1.5.1",),
    ),
    Word(
        "color",
        "qualifier",
        "For an operation that chooses a card: the colour of the card chosen.",
        name("colour"),
    ),
    Word(
        "level_at_least",
        "qualifier",
        "The card or the character chosen is of this level or higher.",
        number(0),
    ),
    Word(
        "level_at_most",
        "qualifier",
        "The card or the character chosen is of this level or lower.",
        number(0),
    ),
    Word(
        "cost_at_most",
        "qualifier",
        "The character chosen on the stage (target: choose), or the card chosen, is of this cost or lower.",
        number(0),
    ),
    Word(
        "above_player_level",
        "qualifier",
        "With target: choose, the character chosen is of a higher level than its master is (the cards in its level).",
        true(),
        ("ws:3.9.1",),
    ),
    Word(
        "to",
        "qualifier",
        "For salvage, search and look: where the card chosen goes (the hand unless said).",
        one_of(SALVAGE_DESTINATIONS),
        ("ws:3.10",),
    ),
    Word(
        "and_move",
        "qualifier",
        "For rest with target: choose: then move the character rested to an open position (open_back: of the back "
        "stage), which the resolve entry names with 'to'.",
        one_of(OPEN_POSITIONS),
        ("ws:3.6.3", "ws:3.1.4"),
    ),
    Word(
        "up_to",
        "qualifier",
        "'up to': its master may choose fewer, or none (resolve with target: false).",
        flag(),
    ),
    Word("take", "qualifier", "For look: the kind of card taken from among those looked at.", one_of(SALVAGE_TYPES)),
    Word("shown", "qualifier", "For look: the card taken is revealed to the opponent.", flag()),
    Word(
        "then",
        "qualifier",
        "For reveal: the operations done if the card revealed fits; for a mill with among, if one of the cards fits.",
        operations_list(),
    ),
    Word(
        "if_done",
        "qualifier",
        "'If you do': the operation is done only if the operations before the first that says it were done.",
        flag(),
        ("ws:8.6.2.4.4",),
    ),
    Word("may", "qualifier", "For reveal and among: its master may decline what 'then' does.", flag()),
    Word(
        "among",
        "qualifier",
        "For mill: the kind of card (with the card filters) one of those put into the waiting room must be for "
        "'then' to be done.",
        one_of(SALVAGE_TYPES),
        ("ws:8.6.2.4.4",),
    ),
    Word(
        "per_climax",
        "qualifier",
        "For brainstorm: the operation done once per climax flipped over, or the operations of the action it "
        'performs, in order ("perform the following action").',
        operation_or_list(),
    ),
)

TIMING_WORDS: Final = (
    Word(
        "on_play",
        "timing",
        "When its card is played, or a climax placed in the climax area.",
        clauses=("ws:8.1.1.2.1",),
    ),
    Word("when_attacking", "timing", "When its card attacks.", clauses=("ws:7.2.1.3",)),
    Word(
        "when_other_attacks",
        "timing",
        "When another character of its master's attacks (of one of attacker_traits, where said).",
        clauses=("ws:7.2.1.3",),
    ),
    Word(
        "when_backup",
        "timing",
        "When its card's Backup is used; it triggers from the waiting room, where the Backup's cost put it.",
        clauses=("ws:10.5", "ws:10.5.2"),
    ),
    Word("when_reversed", "timing", "When its card becomes 【REVERSE】.", clauses=("ws:7.6.1.2",)),
    Word(
        "when_reversed_in_battle",
        "timing",
        "When its card becomes 【REVERSE】 in battle.",
        clauses=("ws:7.6.1.2", "ws:7.2.1.5.1"),
    ),
    Word(
        "when_opponent_reversed",
        "timing",
        "When its card's battle opponent becomes 【REVERSE】.",
        clauses=("ws:7.6.1.2", "ws:7.2.1.5.1"),
    ),
    Word(
        "when_received_damage_canceled",
        "timing",
        "During its card's battle (the character a frontal attack is made on), when damage its master received is "
        "canceled.",
        clauses=("ws:4.10.1.2", "ws:7.2.1.5.1"),
    ),
    Word(
        "when_front_attacked",
        "timing",
        "When its card is frontal attacked.",
        clauses=("ws:7.2.1.4.2", "ws:7.2.1.5.1"),
    ),
    Word(
        "when_other_front_attacked",
        "timing",
        "When another character of its master's is frontal attacked (of one of attacked_traits, where said).",
        clauses=("ws:7.2.1.4.2", "ws:7.2.1.5.1"),
    ),
    Word(
        "when_opponent_climax_placed",
        "timing",
        "When a climax is placed in the climax area of its master's opponent.",
        clauses=("ws:6.6.1.2.1",),
    ),
    Word(
        "when_other_opponent_reversed",
        "timing",
        "When the battle opponent of another character of its master's becomes 【REVERSE】.",
        clauses=("ws:7.6.1.2", "ws:7.2.1.5.1"),
    ),
    Word(
        "when_climax_placed",
        "timing",
        "When a climax (named climax_name, where said) is placed in its master's climax area.",
        clauses=("ws:6.6.1.2.1",),
    ),
    Word(
        "at_beginning",
        "timing",
        "At the beginning of a phase or step (phase), of whose turn whose says (own, opponent, or either).",
        clauses=("ws:6.1.1",),
    ),
    Word(
        "when_put_into_waiting_room",
        "timing",
        "When its card is put from the stage into the waiting room; it triggers from there, as Encore does.",
        clauses=("ws:3.4.1", "ws:3.1.4"),
    ),
    Word(
        "when_damage_canceled",
        "timing",
        "When damage its card dealt is canceled: the attack's damage, or an effect's of its abilities.",
        clauses=("ws:4.10.1.2.1", "ws:4.11.1"),
    ),
    Word(
        "when_trigger_reveals",
        "timing",
        "When the trigger check of one of its master's attacks (of its card's, with by_this_card) reveals a "
        "climax, or a card (trigger_card: any), with the trigger icon trigger_icon where said.",
        clauses=("ws:7.3.1.2", "ws:4.12.1"),
    ),
    Word("when_act_used", "timing", "When its master uses an 【ACT】 (a Backup among them).", clauses=("ws:8.1.1.1",)),
)
"""When the automatic abilities the engine plays trigger (8.1.1.2)."""

DISCARD_TYPES: Final = ("character", "climax", "event")
"""The card types a cost may ask of the cards it puts from the hand into the waiting room."""
COST_WORDS: Final = (
    Word("stock", "cost", "Put N cards from the top of the stock into the waiting room.", number(0), ("ws:8.4.3",)),
    Word("rest", "cost", "Rest its card (【REST】 this card).", flag(), ("ws:8.4.2.2",)),
    Word(
        "discard",
        "cost",
        "Put N cards from the hand into the waiting room (the paying entry names them).",
        number(0),
        ("ws:8.4.2", "ws:8.4.2.1"),
    ),
    Word("discard_type", "cost", "The card type of the cards discard puts.", one_of(DISCARD_TYPES), ("ws:8.4.2",)),
    Word("discard_traits", "cost", "The cards discard puts have one of these traits.", names_or_name("trait")),
    Word(
        "rest_characters",
        "cost",
        "Rest N of its master's standing characters, its own card among them unless rest_other says (the paying "
        "entry names their positions: rest).",
        number(1),
        ("ws:8.4.2", "ws:4.6.1.2"),
    ),
    Word(
        "rest_traits", "cost", "The characters rest_characters rests have one of these traits.", names_or_name("trait")
    ),
    Word("rest_other", "cost", "The characters rest_characters rests are others than its card.", flag()),
    Word(
        "clock",
        "cost",
        "Put the top card of the deck into the clock (the paying entry names it, revealed).",
        one_of_numbers((0, 1)),
        ("ws:8.4.2", "ws:3.8.1"),
    ),
    Word(
        "self_to",
        "cost",
        "Put its card from the stage into this zone of its master's.",
        one_of(OWN_ZONES),
        ("ws:8.4.2", "ws:3.1.4"),
    ),
)
"""What a cost may pay (8.4.2), all of it or none (8.4.2.2)."""

CONDITION_WORDS: Final = (
    Word("turn", "condition", "During whose turn: own or opponent.", one_of(("own", "opponent")), ("ws:8.1.1.3",)),
    Word(
        "placed_this_turn",
        "condition",
        "Its card was placed on the stage from the hand this turn, and is still there.",
        true(),
        ("ws:8.6.2.4.1", "ws:3.1.4"),
    ),
    Word(
        "characters",
        "condition",
        "Its master has N or more (or at most N) such characters: {at_least: N, traits: [..], other: true, "
        "named: a card name, name_contains: a part of one, ...}.",
        mapping("a count of characters"),
        ("ws:3.6",),
    ),
    Word(
        "all_characters",
        "condition",
        "Each of its master's characters has one of these traits: {traits: [..]}.",
        mapping("the traits every character has"),
        ("ws:3.6",),
    ),
    Word(
        "stock",
        "condition",
        "Cards in its master's stock: {at_most: N} or {at_least: N}.",
        mapping("a count"),
        ("ws:3.10",),
    ),
    Word(
        "hand",
        "condition",
        "Cards in its master's hand: {at_most: N} or {at_least: N}.",
        mapping("a count"),
        ("ws:3.3",),
    ),
    Word(
        "memory",
        "condition",
        "Cards in its master's memory: {at_most: N} or {at_least: N}.",
        mapping("a count"),
        ("ws:3.12.1",),
    ),
    Word(
        "facing",
        "condition",
        "The opponent's character facing its card: {level_at_least: N}, {level: N}, {cost_at_most: N} or "
        "{higher_level: true}.",
        mapping("what the facing character is"),
        ("ws:3.6.5",),
    ),
    Word(
        "battle_opponent",
        "condition",
        "Its card's battle opponent: {level_at_most: N}, {level_at_least: N}, {cost_at_most: N} or "
        "{above_player_level: true}.",
        mapping("what the battle opponent is"),
        ("ws:7.2.1.5.1",),
    ),
    Word(
        "position",
        "condition",
        "Its card is in the middle position, the center stage or the back stage.",
        one_of(("middle", "center_stage", "back_stage")),
        ("ws:3.6.3",),
    ),
    Word(
        "waiting_climaxes",
        "condition",
        "Climaxes in its master's waiting room: {at_most: N} or {at_least: N}.",
        mapping("a count"),
        ("ws:3.4",),
    ),
    Word("markers", "condition", "Markers underneath its card: {at_least: N}.", mapping("a count"), ("ws:3.7",)),
    Word(
        "climax_area",
        "condition",
        "A climax is in its master's climax area.",
        true(),
        ("ws:3.11.1",),
    ),
    Word(
        "climax_named",
        "condition",
        "A climax of this card name is in its master's climax area.",
        name("card"),
        ("ws:2.3.2.3.2",),
    ),
    Word(
        "level_total",
        "condition",
        "The levels of the cards in its master's level add up to N or more: {at_least: N} (a climax is level 0).",
        mapping("a count"),
        ("ws:3.9.1", "ws:2.6"),
    ),
    Word("clock_named", "condition", "A card of this card name is in its master's clock.", name("card"), ("ws:3.8",)),
)
"""What an ability's ``condition`` may ask, all of it at once (8.1.1.3)."""

VOCABULARY: Final = Vocabulary(
    "ws",
    (
        *TIMING_WORDS,
        *CONDITION_WORDS,
        *COST_WORDS,
        *OPERATION_WORDS,
        *QUALIFIER_WORDS,
        *TARGET_WORDS,
        *DURATION_WORDS,
    ),
)
"""Every Weiss Schwarz word of an ability's effect."""
OPERATIONS: Final = VOCABULARY.names("operation")
TARGETS: Final = VOCABULARY.names("target")
TIMINGS: Final = VOCABULARY.names("timing")
CONDITIONS: Final = VOCABULARY.names("condition")
COSTS: Final = VOCABULARY.names("cost")
DURATIONS: Final = VOCABULARY.names("duration")
