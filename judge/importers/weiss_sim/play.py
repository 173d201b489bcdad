"""Playing a game in weiss-sim and keeping everything the conversion needs.

A game runs in a one-environment ``EnvPool`` built for debugging: full
observation visibility (both decks in order, both hands) and an event ring, so
that after each decision the pool's cumulative event count says which events
the decision caused.  Replay sampling is on for every episode, with trigger
card ids, full visibility and the actions stored; the pool writes the
episode's ``.wsr`` file when it is dropped, and ``replay_file`` decodes the
event stream from it.

A policy chooses each decision: weiss-sim's own public heuristic, a uniform
choice among the legal actions, or a mix of the two.  ``avoid`` leaves out the
actions that cause a departure from the rules a policy can steer clear of
(``departures.AVOIDABLE``).
"""

from __future__ import annotations

import enum
import gc
import json
import tempfile
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import weiss_sim

from judge.importers.weiss_sim.cards import sim_card
from judge.importers.weiss_sim.decks import Deck, check_vanilla
from judge.importers.weiss_sim.departures import DepartureKind
from judge.importers.weiss_sim.observation import SeatView, perspective, seat_views
from judge.importers.weiss_sim.replay_file import ReplayFile, ReplayFormatError, read_replay

EVENT_RING: Final = 1 << 16
"""Events kept per game; a game that makes more is refused rather than cut."""
MAX_DECISIONS: Final = 3000
"""A game still going after this many decisions is truncated (its result says ``time``)."""
CURRICULUM: Final = {
    "enable_approx_effects": True,
    "enforce_color_requirement": True,
    "enforce_cost_requirement": True,
}
"""weiss-sim's rule switches, as the study of its departures ran it."""
HEURISTIC_SHARE: Final = 0.7
"""The share of decisions the ``mix`` policy leaves to the heuristic."""
REPLAY_WAIT_SECONDS: Final = 20.0
LEVEL_UP_CLOCK: Final = 7


class Policy(enum.Enum):
    """Who makes the players' decisions."""

    RANDOM = "random"
    """A uniform choice among the legal actions."""
    HEURISTIC = "heuristic"
    """weiss-sim's public heuristic (a uniform choice when it picks an action ``avoid`` leaves out)."""
    MIX = "mix"
    """The heuristic for 70% of the decisions, a uniform choice for the others: realistic and varied games."""


class PlayError(RuntimeError):
    """weiss-sim did not produce a game the converter can read (a lost replay file, an overflowing event ring)."""


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game as weiss-sim played it.

    ``event_counts[i]`` is how many events of ``replay.events`` had happened when decision ``i`` was asked
    (``event_counts[0]``: after the opening), and ``observations[i]`` the full observation then; the last of
    each is after the last decision.
    """

    seed: int
    decks: tuple[Deck, Deck]
    replay: ReplayFile
    event_counts: list[int]
    observations: list[list[int]]
    truncated: bool


def _legal_actions(pool: Any) -> list[tuple[int, dict[str, Any]]]:
    lookup: list[dict[str, Any] | None] = pool.action_lookup_batch()[0]
    return [(action_id, action) for action_id, action in enumerate(lookup) if action is not None]


def _colors(view: SeatView) -> set[str]:
    cards = [*view.shown["level"], *view.shown["clock"]]
    return {str(sim_card(card).record["color"]) for card in cards}


def _causes(action: dict[str, Any], me: SeatView, opponent: SeatView, avoid: Collection[DepartureKind]) -> bool:
    """Whether ``action`` would cause a departure of a kind in ``avoid``."""
    kind = action.get("kind")
    if kind == "attack" and action.get("attack_type") == "Side":
        if DepartureKind.SIDE_ATTACK_BATTLE in avoid:
            return True
        if DepartureKind.SIDE_ATTACK_SOUL_FLOORED in avoid:
            slot = int(action["slot"])
            attacker, facing = me.stage[slot], opponent.stage[slot]
            if attacker is not None and facing is not None:
                soul = int(sim_card(attacker.card).record.get("soul", 0))
                return int(sim_card(facing.card).record.get("level", 0)) > soul
    if kind == "clock" and DepartureKind.LEVEL_UP_AFTER_DRAWS in avoid:
        return me.counts["clock"] == LEVEL_UP_CLOCK - 1
    if kind == "climax_play" and DepartureKind.CLIMAX_WITHOUT_COLOR in avoid:
        card = me.hand[int(action["hand_index"])]
        return str(sim_card(card).record["color"]) not in _colors(me)
    return False


def allowed_actions(pool: Any, observation: Sequence[int], avoid: Collection[DepartureKind]) -> list[int]:
    """The legal action ids, less those that would cause a departure of a kind in ``avoid`` (all of them when
    every legal action would)."""
    legal = _legal_actions(pool)
    if not avoid:
        return [action_id for action_id, _ in legal]
    views = seat_views(observation)
    me = perspective(observation)
    allowed = [action_id for action_id, action in legal if not _causes(action, views[me], views[1 - me], avoid)]
    return allowed or [action_id for action_id, _ in legal]


def _wait_for_replay(folder: Path) -> ReplayFile:
    """The replay the dropped pool writes, in a background thread of the simulator's: read once the file is
    there and whole (a file still being written reads as cut short, and is read again)."""
    deadline = time.monotonic() + REPLAY_WAIT_SECONDS
    while True:
        found = sorted(folder.glob("*.wsr"))
        try:
            if found:
                return read_replay(found[0])
        except ReplayFormatError as error:
            if time.monotonic() >= deadline:
                raise PlayError(f"weiss-sim's replay file cannot be read: {error}") from None
        if time.monotonic() >= deadline:
            raise PlayError(f"weiss-sim wrote no replay file within {REPLAY_WAIT_SECONDS:.0f} s")
        time.sleep(0.02)


def play_game(
    seed: int,
    decks: tuple[Deck, Deck],
    policy: Policy = Policy.MIX,
    avoid: Collection[DepartureKind] = (),
    max_decisions: int = MAX_DECISIONS,
) -> PlayedGame:
    """Play one game of ``decks`` (seat 0's, seat 1's) in weiss-sim, deterministically for ``seed``."""
    for deck in decks:
        check_vanilla(deck)
    rng = np.random.default_rng(seed)
    with tempfile.TemporaryDirectory(prefix="judge-weiss-sim-") as folder:
        pool = weiss_sim.EnvPool.new_debug(
            1,
            deck_lists=[decks[0].sim_ids(), decks[1].sim_ids()],
            deck_ids=[0, 1],
            seed=seed,
            max_decisions=max_decisions,
            curriculum_json=json.dumps(CURRICULUM),
            observation_visibility="full",
            debug_event_ring_capacity=EVENT_RING,
        )
        pool.enable_replay_sampling(
            1.0, out_dir=folder, include_trigger_card_id=True, visibility_mode="full", store_actions=True
        )
        out = weiss_sim.BatchOutDebug(1, EVENT_RING)
        pool.reset_debug_into(out)
        counts = [int(out.event_counts[0])]
        observations = [[int(value) for value in out.obs[0]]]
        action = np.zeros(1, dtype=np.uint32)
        heuristic = np.zeros(1, dtype=np.uint16)
        env = np.zeros(1, dtype=np.uint32)
        while not (out.terminated[0] or out.truncated[0]):
            allowed = allowed_actions(pool, observations[-1], avoid)
            choice = allowed[int(rng.integers(len(allowed)))]
            if policy is not Policy.RANDOM:
                pool.choose_heuristic_public_actions_into(env, heuristic)
                wanted = policy is Policy.HEURISTIC or rng.random() < HEURISTIC_SHARE
                if wanted and int(heuristic[0]) in allowed:
                    choice = int(heuristic[0])
            action[0] = choice
            pool.step_debug_into(action, out)
            counts.append(int(out.event_counts[0]))
            observations.append([int(value) for value in out.obs[0]])
            if counts[-1] >= EVENT_RING:
                raise PlayError(f"seed {seed}: the game made more than {EVENT_RING} events")
        truncated = bool(out.truncated[0])
        del pool, out
        gc.collect()
        replay = _wait_for_replay(Path(folder))
    if len(replay.events) != counts[-1] or len(replay.actions) != len(counts) - 1:
        raise PlayError(f"seed {seed}: the replay file does not hold the game that was stepped")
    return PlayedGame(seed, decks, replay, counts, observations, truncated)
