"""The card-text vocabulary defined once (``engine.core.vocabulary``): each game's words, and the schema, the log
reader's checks, the clauses and the site's table made from them."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from engine.core import vocabulary
from engine.core.card_records import CardRecordError, has_structured_effect
from engine.core.vocabulary import Vocabulary, Word
from engine.games.vg import playing as vg_playing
from engine.games.wl import playing as wl_playing
from engine.games.ws import abilities
from engine.games.ws import words as ws_words
from engine.games.ws.abilities import parse_ability
from engine.games.ws.cards import definition_from_record
from engine.games.ws.operation_records import AbilityRecordError, check_operation
from engine.games.ws.vocabulary import clauses_of
from judge import games, schema
from judge.docs_pages import vocabulary_reference
from rules_index.index import RulesIndex

VOCABULARIES = {"ws": ws_words.VOCABULARY, "vg": vg_playing.EFFECT_WORDS, "wl": wl_playing.EFFECT_WORDS}
SAMPLES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    1,
    -2000,
    "",
    "x",
    "hand",
    "middle",
    "end_of_turn",
    "V",
    [],
    ["deck_top", "waiting"],
    ["deck_top"],
    [{"draw": 1}],
    {},
    {"draw": 1},
)
"""Values of every kind, to try each word's check against its schema."""


def every_word() -> list[tuple[str, Word]]:
    return [(game, word) for game, words in VOCABULARIES.items() for word in words.words]


@pytest.mark.parametrize(("game", "word"), every_word(), ids=[f"{g}-{w.part}-{w.name}" for g, w in every_word()])
def test_each_word_cites_clauses_of_its_game_that_resolve(game: str, word: Word, index: RulesIndex) -> None:
    """Every word is defined with the clauses that govern it; each resolves in the rules index."""
    for clause in word.clauses:
        assert index.resolve(clause) is not None, clause
    if word.part == "operation":
        assert word.clauses_in(game), f"{game}: the operation {word.name} cites no clause of its game"


@pytest.mark.parametrize(("game", "word"), every_word(), ids=[f"{g}-{w.part}-{w.name}" for g, w in every_word()])
def test_a_words_check_and_its_schema_take_the_same_values(game: str, word: Word) -> None:
    """The log reader's check and the JSON Schema are made from one definition: they agree on every value."""
    if word.value is None:
        return
    validator = jsonschema.Draft202012Validator(word.schema())
    for sample in SAMPLES:
        assert validator.is_valid(sample) == word.value.fits(sample), (word.name, sample)


def test_a_word_is_defined_once_in_each_part() -> None:
    power = Word("power", "operation", "Again.", vocabulary.number())
    with pytest.raises(ValueError, match="the operation 'power' is defined twice"):
        Vocabulary("ws", (*ws_words.VOCABULARY.words, power))


def test_the_shared_words_are_one_definition_in_every_game() -> None:
    """``power`` and until end of turn are the core's words in all three games: one meaning and one value, with
    the clauses each game gives them, and no clause of another game."""
    for game, words in VOCABULARIES.items():
        power = words.word("operation", "power")
        assert (power.meaning, power.value) == (vocabulary.POWER.meaning, vocabulary.POWER.value)
        assert power.clauses and power.clauses == power.clauses_in(game)
        assert words.word("duration", "end_of_turn").meaning == vocabulary.END_OF_TURN.meaning
    assert vocabulary.POWER.clauses == ()
    assert vg_playing.EFFECT_WORDS.clauses("operation", "power") == ("vg:8.5.3.5",)


@pytest.mark.parametrize(
    ("effect", "problem"),
    [
        ({"look": 0, "take": "character"}, "look 0 is not a whole number of 1 or more"),
        ({"send": "deck"}, "send 'deck' is not one of hand, waiting"),
        ({"rest_self": 1}, "rest_self is 1, not true"),
        ({"power": 500, "until": "end_of_game"}, "until 'end_of_game' is not one of end_of_turn"),
        ({"power": 500, "target": "everyone"}, "target 'everyone' is not one of self, choose"),
        ({"power": 500, "flavour": "sweet"}, "'flavour' is not a word of an operation"),
        ({"draw": 1, "up_to": "yes"}, "up_to 'yes' is not true or false"),
    ],
)
def test_the_ws_checks_say_which_word_is_wrong(effect: dict[str, Any], problem: str) -> None:
    with pytest.raises(AbilityRecordError, match=problem):
        check_operation(0, effect)


def test_a_ws_card_with_a_word_outside_the_vocabulary_is_refused_where_it_is() -> None:
    record = {"type": "character", "abilities": [{"kind": "auto", "when": "played", "effect": {"draw": 1, "x": 2}}]}
    with pytest.raises(CardRecordError, match="card 'X': ability 0: 'x' is not a word of an operation"):
        definition_from_record("X", record)


def test_an_operation_cites_the_clauses_of_each_of_its_words() -> None:
    """ws: the operation's, a qualifier's and the target's and duration's (a change until the opponent's next turn
    ends in that turn's end phase, 6.8.1.4)."""
    record = {
        "type": "auto",
        "timing": "on_play",
        "effect": {"power": 1000, "target": "choose", "in_battle": True, "until": "end_of_opponents_next_turn"},
    }
    cited = clauses_of(record)
    assert {"ws:8.2.1.2", "ws:8.6.3", "ws:7.2.1.5.1", "ws:6.8.1.4"} <= set(cited)


@pytest.mark.parametrize(
    ("words", "ability", "structured"),
    [
        (vg_playing.EFFECT_WORDS, {"effect": {"power": 5000, "target": "vanguard", "until": "end_of_battle"}}, True),
        (vg_playing.EFFECT_WORDS, {"effect": {"power": 5000, "target": "RC"}}, False),
        (vg_playing.EFFECT_WORDS, {"effect": {"power": 5000, "until": "end_of_game"}}, False),
        (vg_playing.EFFECT_WORDS, {"effect": {"power": 5000, "soul": 1}}, False),
        (
            vg_playing.EFFECT_WORDS,
            {"condition": {"limit_break": 4}, "cost": {"counter_blast": 1}, "effect": {"power": 5000}},
            True,
        ),
        (vg_playing.EFFECT_WORDS, {"cost": {"energy_blast": 1}, "effect": {"power": 5000}}, False),
        (vg_playing.EFFECT_WORDS, {"condition": {"limit_break": "four"}, "effect": {"power": 5000}}, False),
        (wl_playing.EFFECT_WORDS, {"effect": {"power": 1000, "target": "AL-01@2"}}, True),
        (wl_playing.EFFECT_WORDS, {"effect": {"power": "1000"}}, False),
        (wl_playing.EFFECT_WORDS, {"condition": {"turn": "opponents"}, "effect": {"power": 1000}}, True),
        (wl_playing.EFFECT_WORDS, {"condition": {"turn": "mine"}, "effect": {"power": 1000}}, False),
        (wl_playing.EFFECT_WORDS, {"cost": {"energio_return": 1}, "effect": {"power": 1000}}, False),
    ],
)
def test_the_structured_ability_is_the_games_words(
    words: Vocabulary, ability: dict[str, Any], structured: bool
) -> None:
    """vg and wl play the one structured effect; its conditions, costs, targets and durations are each game's
    words, each with the values it takes."""
    assert has_structured_effect({"type": "act", **ability}, words) is structured


def test_a_cost_where_the_game_pays_none_is_not_the_structured_shape() -> None:
    ability = {"type": "cont", "cost": {"trash": 1}, "effect": {"power": 1000}}
    assert has_structured_effect(ability, wl_playing.EFFECT_WORDS)
    assert not has_structured_effect(ability, wl_playing.EFFECT_WORDS, costs=False)


def test_the_vanguard_schema_names_the_circles_a_target_may_be() -> None:
    """The schema's values of the structured effect are the words': a validator of the schema refuses a target that
    is no circle, where the engine would report the ability as text it does not play."""
    log = {
        "format": "judge-log/1",
        "game": "vg",
        "cards": {"U": {"grade": 0, "abilities": [{"type": "act", "effect": {"power": 5000, "target": "RC"}}]}},
        "players": [{"id": "P1", "deck": {"U": 50}}, {"id": "P2", "deck": {"U": 50}}],
        "first": "P1",
        "actions": [],
    }
    errors = list(jsonschema.Draft202012Validator(schema.log_schema()).iter_errors(log))
    assert [error.json_path for error in errors] == ["$.cards.U.abilities[0].effect.target"]
    assert not vg_playing.modelled(log["cards"]["U"]["abilities"][0])


def test_the_sites_table_of_words_is_made_from_the_definitions() -> None:
    """Each game's table lists every word it defines, with its meaning and its clauses."""
    table = vocabulary_reference()
    for key in games.available():
        words = games.get(key).card_text_words()
        if words is None:
            continue
        assert f"{games.get(key).title}: the words" in table
        for part, name, meaning, _takes, clauses in words.rows():
            assert f"``{name}``" in table and clauses == words.clauses(part, name)
    assert "Put the character chosen (target: choose) into this zone" in table


@pytest.mark.parametrize(
    ("cost", "problem"),
    [
        ({"clock": 2}, "cost: clock 2 is not one of 0, 1"),
        ({"stock": -1}, "cost: stock -1 is not a whole number of 0 or more"),
        ({"self_to": "deck"}, "cost: self_to 'deck' is not one of hand, stock"),
        ({"discard": 1, "discard_type": "any"}, "cost: discard_type 'any' is not one of character, climax, event"),
    ],
)
def test_a_ws_cost_is_checked_by_the_words_of_a_cost(cost: dict[str, Any], problem: str) -> None:
    """An alias record outside the vocabulary is an error that names the word; in the shared shape, the same
    ability is card text the engine does not play."""
    with pytest.raises(AbilityRecordError, match=problem):
        parse_ability(0, {"kind": "auto", "when": "played", "cost": cost, "effect": {"draw": 1}})
    assert abilities.unplayed({"type": "auto", "timing": "on_play", "cost": cost, "effect": {"draw": 1}})


def test_an_ability_cites_the_clauses_of_its_timing_condition_and_cost() -> None:
    """ws: "When this card becomes 【REVERSE】" (7.6.1.2), "if you have 3 or more cards in your stock" (3.10), a cost
    of a card from the hand (8.4.2.1) paid all or nothing (8.4.2.2)."""
    record = {
        "type": "auto",
        "timing": "when_reversed",
        "condition": {"stock": {"at_least": 3}},
        "cost": {"discard": 1},
        "effect": {"draw": 1},
    }
    assert {"ws:7.6.1.2", "ws:3.10", "ws:8.4.2.1", "ws:8.4.2.2", "ws:4.7.3"} <= set(clauses_of(record))
    assert ws_words.TIMINGS == abilities.TIMINGS and ws_words.COSTS == abilities.COSTS
