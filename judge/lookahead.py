"""Going on after a violation: which answer the replay takes where the log's could not be.

A head judge reads the first departure from the rules and each independent one
after it, never the cascade that follows from one mistake.  So after a refused
entry the replay must go on from the game the log describes, not from a guess.
The candidates are the choice as written, where the game can still carry it out;
the entry left out; and the legal options nearest to what was written (the same
card or position).  Each is tried in a trial replay of its own against the
entries that follow; the replay goes on from the one under which they replay
best, and says so as what was *most likely intended*.

A game in progress cannot be copied where it stands (its procedure is a
generator), but it can between two turns (``engine.core.protocol.TurnStart``):
the first trial for a point replays the log from its start, repeating every
earlier choice, and keeps a copy of itself at the last turn start before the
point; the next trials go on from copies of that copy, at the cost of about one
turn.  The trials of one log have a bounded share of the work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from engine.core.protocol import Choice, Decision
from judge.logfile import LogEntry

if TYPE_CHECKING:
    from engine.core.game import Procedure
    from judge.replay import Place, Replay

INSERT: Final = "insert before it: "
"""How a violation's ``intended`` begins where the log left an entry out before it (``Replay.left_out_before``):
the entry as a log would write it follows."""
NO_ENTRY: Final = "no such entry: "
"""How it begins where the log is right without the entry."""
LOOK_AHEAD: Final = 25
"""How many entries after a refused one each candidate is tried against."""
FARTHER: Final = 80
"""How far the replay looks to choose between candidates under which the first ``LOOK_AHEAD`` entries all
replay cleanly."""
FARTHEST: Final = 4 * FARTHER
"""How far the look-ahead looks, at most, to tell apart candidates that replay ``FARTHER`` entries alike: a card
chosen unseen (the one clocked, the ones discarded) may show only when a refresh or a level up reveals it."""
ENOUGH_FARTHER: Final = 4
"""How many violations, at most, a trial that looks farther counts: more tell only that a candidate is wrong."""
NEAR_OPTIONS: Final = 8
"""How many legal options, at most, are tried as what a refused entry most likely meant."""
MISSING_OPTIONS: Final = 16
"""How many options of one point, at most, are tried as an entry the log left out there."""
MISSING_POINTS: Final = 4
"""At how many of the points an entry stood at (from the first) an entry the log left out before it is looked for..."""
MISSING_BACK: Final = 60
"""...and before how many of the entries before it, each where it first stood, back to ``MISSING_TURNS`` turns
before the entry's."""
MISSING_TURNS: Final = 2
MISSING_SHARE: Final = 12.0
"""The entries the trials that look for entries a log left out may take, all together, as a multiple of its length
(besides ``TRIAL_SHARE``): one entry missing costs a search over the options of the points around it."""
TRIAL_SHARE: Final = 1.25
"""The entries the trial replays of one log may take, all together, as a multiple of its length: what bounds
the cost of the look-ahead, whatever the number of violations.  With the replay itself (slower too when it
reports many violations) and the trials' setup, a log with violations verifies in at most three times the time
of the same log without them (``bench/bench_resync.py`` measures it: 2.99 at most over 574 lying logs)."""


Explained = Callable[[Choice | None, bool], bool]
"""Whether an entry the log left out explains a refused one (``Replay.left_out_before``) better than the candidate
the replay would go on from (None: the entry left out), and whether that candidate lets the next entries replay
cleanly."""


TRIAL_SETUP: Final = 40
"""What starting a trial costs (building or copying its game, and copying itself at a turn start), counted
in entries replayed: measured, a copy of a game in the middle takes about 0.3 ms, an entry about 0.014 ms."""


TRIAL_FLOOR: Final = 4 * TRIAL_SETUP
"""Trials any log may have, however short: a scenario of a few entries is worth a few trials."""


class EnoughSeen(Exception):
    """A trial replay has seen as many violations as the best candidate so far: it is not better."""


class LookAhead:
    """The search, for one replay, of what to go on from after its violations.  It keeps no reference to
    the replay (each call is given it), so that a replay and its game are freed as soon as they are dropped."""

    def __init__(self) -> None:
        self.trial_entries = 0
        """How many entries the trial replays have taken so far (bounded by ``TRIAL_SHARE``)."""
        self.missing_entries = 0
        """How many entries the trials have taken looking for entries the log left out (``missing_entry``), which have a
        share of their own (``MISSING_SHARE``)."""
        self.looking_for_missing = False
        self.reached = 0
        """How far the last trial went before it saw as many violations as it was to count (10**9: it did not)."""
        self.rerun_entries = 0
        """How many entries the replay has run again to go back before entries that fit no point (``Replay.rewound``),
        which share the trials' bound."""
        self.copy_at: int | None = None
        """For the point being looked at: the last turn start before it (a request number) where a trial can
        keep a copy of itself to go on from."""
        self.busy_from: int | None = None
        """While the replay looks ahead after a violation: the first entry whose outcome waits for the result (a
        log still being written is judged entry by entry as it grows, ``judge.follow``)."""
        self.turn_copy: Replay | None = None
        """The latest such copy a trial has made: the next trials start from a copy of it, not from the log's
        start.  It is kept for the points after it, and dropped (closed) when the replay ends."""

    def resume(
        self, replay: Replay, decision: Decision, entry: LogEntry, written: Choice, explained: Explained | None = None
    ) -> Choice | None:
        """The answer the replay goes on from after ``entry``'s choice was refused, or None to go on as if the entry
        were not there.

        The game must stay the one the log describes, so that a single mistake is reported once, not again at
        every entry it makes look wrong.  The candidates: the choice as written, where the game can still carry
        it out; the entry left out; the legal options near it (the same card or position).  A trial replay takes
        the first of them that is possible; the replay itself tries them against the entries that follow and
        takes the one under which they replay best, the earlier in that order on a tie.  ``explained`` says
        whether an entry the log left out before this one explains it better than the best of them (the replay
        then goes back to put it in, and this returns None).
        """
        candidates: list[Choice | None] = []
        if replay.game.carries_out(decision, written):
            candidates.append(written)
        if not replay.looks_ahead:
            return candidates[0] if candidates else None
        candidates.append(None)
        candidates.extend(self.near(decision, written))
        return self.likely_intended(replay, decision, entry.index, candidates, True, written, explained)

    @staticmethod
    def near(decision: Decision, written: Choice) -> list[Choice]:
        """The legal options like ``written`` (the same verb, and its card or its position where it names one),
        the least different first: a mistake in a log is most often one field, a card or a position."""
        alike = [
            option
            for option in decision.options
            if option.verb == written.verb
            and (written.card is None or option.card == written.card or option.pos == written.pos)
        ]
        return sorted(alike, key=lambda option: difference(option, written))[:NEAR_OPTIONS]

    def likely_intended(
        self,
        replay: Replay,
        decision: Decision,
        start: int,
        candidates: list[Choice | None],
        takes_entry: bool,
        written: Choice | None = None,
        explained: Explained | None = None,
    ) -> Choice | None:
        """Of ``candidates`` (an option, or None for the entry left out), the one under which the entries after
        ``start`` (up to ``LOOK_AHEAD`` of them) replay with the fewest violations, the earlier on a tie; an
        option taken is noted on the last violation.

        Each is tried in a replay of its own, from the start of the log, that answers this request with it and
        every earlier one as this replay did; it stops once it has seen as many violations as the best so far.
        No trial starts once the trials have replayed ``TRIAL_SHARE`` times the log's length: then the best so
        far is taken, or the first candidate.
        """
        if not candidates:
            return None
        self.busy_from = start if takes_entry else start + 1
        try:
            return self.intended_of(replay, decision, start, candidates, takes_entry, written, explained)
        finally:
            self.busy_from = None

    def intended_of(
        self,
        replay: Replay,
        decision: Decision,
        start: int,
        candidates: list[Choice | None],
        takes_entry: bool,
        written: Choice | None,
        explained: Explained | None,
    ) -> Choice | None:
        """``likely_intended``, once it is known there are candidates."""
        point = (replay.requests, start if takes_entry else start + 1)
        known = replay.decided.get(point) if replay.rerun_until is not None else None
        if known is not None:  # a replay run again: what was chosen here the first time
            chosen, best = known
        else:
            chosen, best = self.best_candidate(replay, candidates, takes_entry, start)
            if explained is not None:
                if explained(chosen, best == 0):
                    return None  # an entry left out before it explains it: the replay goes back to put it in
            replay.decided[point] = (chosen, best)
        replay.chosen[point] = (chosen, takes_entry)
        ahead = 0
        while ahead < LOOK_AHEAD and replay.log.has_entry(start + 1 + ahead):
            ahead += 1
        if chosen is None:
            if replay.violations and takes_entry and best <= LOOK_AHEAD and ahead > 0:
                tail = (
                    f"{best} violation(s) follow in the next {ahead} entries"
                    if best
                    else (f"the next {ahead} entries replay cleanly without it")
                )
                replay.violations[-1] = replace(replay.violations[-1], intended=f"{NO_ENTRY}{tail}")
            return None
        if chosen == written:
            replay.assumed(decision, chosen, "carried out as written, so the game goes on as the log plays it")
            return chosen
        if replay.violations and best <= LOOK_AHEAD and ahead > 0:
            if best:
                tail = f"{best} violation(s) follow in the next {ahead} entries"
            else:
                tail = (
                    "the entry after it then replays cleanly"
                    if ahead == 1
                    else f"the next {ahead} entries then replay cleanly"
                )
            replay.violations[-1] = replace(replay.violations[-1], intended=f"{chosen.describe()}; {tail}")
        replay.assumed(decision, chosen, "the option under which the entries after it replay")
        return chosen

    def best_candidate(
        self, replay: Replay, candidates: list[Choice | None], takes_entry: bool, start: int
    ) -> tuple[Choice | None, int]:
        """The candidate under which the entries after ``start`` replay with the fewest violations (the earlier on
        a tie, an option rather than the entry left out), and that count; each tried in a trial replay."""
        best, chosen = LOOK_AHEAD + 1, candidates[0]
        clean: list[Choice | None] = []
        self.base_before(replay, replay.requests)
        for candidate in candidates if len(candidates) > 1 else ():
            if not self.can_try(replay, start + LOOK_AHEAD):
                break
            enough = min(best, 1) if clean else best
            if chosen is None and enough <= LOOK_AHEAD:  # to win a tie, an option must be seen to tie, not cut off
                enough += 1
            score = self.tried(replay, candidate, takes_entry, start, start + LOOK_AHEAD, enough)
            if score == 0:
                clean.append(candidate)
            if score < best or (score == best and chosen is None and candidate is not None):
                best, chosen = score, candidate  # on a tie, an option rather than the entry left out
        if len(clean) > 1:  # several replay cleanly as far as it looked: look farther among them
            # first the options whose card the player's later entries do not name: a card the log uses later
            # was still in hand, so it was likely not this entry's
            clean.sort(key=lambda candidate: (candidate is None, named_later(replay, candidate, start)))

            def farther(candidate: Choice | None, horizon: int, enough: int) -> int:
                return self.tried(replay, candidate, takes_entry, start, horizon, enough)

            chosen = self.farthest(replay, clean, start, farther)
        return chosen, best

    def can_rerun(self, replay: Replay, entries_to_run: int) -> bool:
        """Whether running the replay again over ``entries_to_run`` more entries (``Replay.rewound``) stays within
        the share of the work that the trials and going back have together (``TRIAL_SHARE``)."""
        spent = self.trial_entries + self.rerun_entries
        return replay.log.count_reaches(
            lambda entries: spent + entries_to_run + TRIAL_SETUP <= TRIAL_SHARE * entries + TRIAL_FLOOR
        )

    def can_try(self, replay: Replay, horizon: int) -> bool:
        """Whether one more trial replay, to ``horizon``, stays within the trials' share of the work."""
        begins_at = self.turn_copy.position if self.turn_copy is not None else 0
        missing = self.looking_for_missing
        spent = self.missing_entries if missing else self.trial_entries + self.rerun_entries
        share = MISSING_SHARE if missing else TRIAL_SHARE

        def affordable(entries: int) -> bool:  # true from some number of entries on: the log's length decides
            cost = min(horizon, entries) - begins_at + TRIAL_SETUP
            return spent + cost <= share * entries + TRIAL_FLOOR

        return replay.log.count_reaches(affordable)

    def tried(
        self,
        replay: Replay,
        candidate: Choice | None,
        takes_entry: bool,
        start: int,
        horizon: int,
        enough: int,
        at: tuple[int, int] | None = None,
    ) -> int:
        """How many violations the entries after ``start`` (to ``horizon``) give, up to ``enough``, when this
        request takes ``candidate`` (or ``at``, an earlier request and the entry next there: an entry left out of
        the log, answered there without taking the entry).

        The first trial for a point replays the log from its start, or from the copy kept for an earlier point,
        and keeps a copy of itself at the last turn start before this point; the next go on from copies of that
        copy, so they cost the entries of about one turn.
        """
        trial, resumed, begins_at = self.trial(replay, at[0] if at is not None else None)
        point = at or (replay.requests, start if takes_entry else start + 1)
        trial.chosen[point] = (candidate, takes_entry)
        trial.horizon = horizon
        trial.counting = (start, enough)
        trial.counted = 0
        try:
            trial.run(resumed)
        except EnoughSeen:
            pass
        finally:
            self.trial_done(trial, begins_at)
        self.reached = trial.position if trial.counted >= enough else 10**9
        return trial.counted

    def trial(self, replay: Replay, before: int | None = None) -> tuple[Replay, Procedure | None, int]:
        """A trial replay of ``replay``'s log making ``replay``'s choices (those made before request ``before``
        only, where given: a trial that answers that earlier request otherwise goes another way from there), from
        the copy kept at a turn start (with the procedure to go on with) or from the log's start, and the entry it
        begins at."""
        resumed = None
        if self.turn_copy is not None:
            trial = self.turn_copy.copy()
            resumed = trial.game.resume_turn()
            begins_at = self.turn_copy.position
            trial.copy_at = self.copy_at if self.turn_copy.requests != self.copy_at else None
        else:
            game = replay.support.build(replay.log)
            trial = type(replay)(replay.log, game, replay.support, replay.clause_exists, trace=False)
            trial.copy_at = self.copy_at
            begins_at = 0
        trial.looks_ahead = False
        trial.stop_at = trial.pending = None  # a copy made by a trial that stopped early goes on
        trial.hashes = None  # a trial only counts what follows
        if before is None:
            trial.chosen = dict(replay.chosen)
            trial.left_out = replay.left_out
            trial.insertions = replay.insertions
        else:
            trial.chosen = {key: chosen for key, chosen in replay.chosen.items() if key[0] < before}
            trial.left_out = frozenset(key for key in replay.left_out if key[0] < before)
            trial.insertions = {key: missing for key, missing in replay.insertions.items() if key[0] < before}
        return trial, resumed, begins_at

    def trial_done(self, trial: Replay, begins_at: int) -> None:
        """Count a trial's work, close its game, and keep the copy it made at a turn start for the next trials."""
        trial.game.close()
        if trial.copied is not None:  # a copy at this point's turn start: the next trials go on from it
            self.drop_turn_copy()
            self.turn_copy, trial.copied = trial.copied, None
            self.turn_copy.copy_at = None
        work = trial.position - begins_at + TRIAL_SETUP
        if self.looking_for_missing:
            self.missing_entries += work
        else:
            self.trial_entries += work

    def base_before(self, replay: Replay, request: int) -> None:
        """Trials from here on go on from a copy kept at the last turn start before ``request`` (``copy_at``); a
        copy made later cannot go back to it and is dropped."""
        self.copy_at = max((n for n in replay.turn_starts if n < request), default=None)
        if self.turn_copy is not None and (self.copy_at is None or self.turn_copy.requests > self.copy_at):
            self.drop_turn_copy()

    def decision_at(self, replay: Replay, request: int) -> Decision | None:
        """The decision of ``replay``'s request number ``request``, an earlier one, with its options built in a trial
        replay stopped there; None when the trial does not stop at a decision there."""
        trial, resumed, begins_at = self.trial(replay, request)
        trial.stop_at = request
        trial.horizon = trial.counting = None
        try:
            trial.run(resumed)
        finally:
            pending = trial.pending
            decision = pending[1] if pending is not None and isinstance(pending[1], Decision) else None
            if decision is not None:
                decision.options  # noqa: B018  (built while its game stands there)
            self.trial_done(trial, begins_at)
        return decision

    def missing_entry(
        self, replay: Replay, entry: LogEntry, places: list[Place], rival: Choice | None = None, related: bool = False
    ) -> tuple[int, int, Choice, Decision] | None:
        """An entry the log most likely left out, which ``entry`` cannot stand without: a choice at one of
        ``places`` (the decisions the entry, or one before it, stood at: one of each kind, the nearest to ``entry``,
        since what one choice more changes there, a card played or two positions exchanged, one choice at its last
        chance changes alike), under which the entries from there to ``LOOK_AHEAD`` entries after ``entry`` replay
        cleanly; the request, the entry next there, the choice and its decision, or None.  Options that name a
        card or a place ``entry`` names are tried first (``relevant_first``); where several replay cleanly, the
        one under which the farther entries replay best.  ``rival`` is what the replay goes on from without it: an
        option the refused entry's point takes in its place, or None for the entry left out; the entry left out
        of the log must let the entries after the refused one replay with fewer violations than it does over the
        next ``FARTHER``, or, where both replay them cleanly, replay cleanly farther, up to ``FARTHEST``.  On a
        tie with leaving the refused entry out, an entry left out of its own player's choices wins (a gap in what
        one player did); one of the other player's does not (a player's entry written late invents nothing).
        ``related``: only options that name a card or a place the entry names are tried (where the rival
        replays the next entries cleanly, so that only a likely gap is worth the work)."""
        self.looking_for_missing = True
        try:
            found = self.missing_at(replay, entry, places, related, rival)
            if found is None:
                return None
            point, before, choice, _ = found
            farther = entry.index + FARTHER
            if not self.can_try(replay, farther):
                return None
            mine = self.tried(replay, choice, False, before - 1, farther, ENOUGH_FARTHER, (point, before))
            theirs = self.tried(replay, rival, True, entry.index, farther, mine + 1)
            if mine == theirs == 0 and replay.log.has_entry(farther + 1):  # both clean: the one clean the longer
                farthest = entry.index + FARTHEST
                if not self.can_try(replay, farthest):
                    return None
                self.tried(replay, choice, False, before - 1, farthest, 1, (point, before))
                mine_reached = self.reached
                self.tried(replay, rival, True, entry.index, farthest, 1)
                mine, theirs = (
                    (0, 1) if mine_reached > self.reached else (1, 0) if mine_reached < self.reached else (0, 0)
                )
            own = found[3].player == entry.data.get("p")  # a gap in the refused entry's own player's choices
            return found if mine < theirs or (mine == theirs and rival is None and own) else None
        finally:
            self.looking_for_missing = False

    def missing_at(
        self, replay: Replay, entry: LogEntry, places: list[Place], related: bool, rival: Choice | None
    ) -> tuple[int, int, Choice, Decision] | None:
        """``missing_entry``, within its share of the work."""
        ahead = entry.index + LOOK_AHEAD
        for place in places:
            if not self.can_try(replay, ahead):
                return None
            point, before = place.request, place.entry
            self.base_before(replay, point)
            decision = self.decision_at(replay, point)
            if decision is None:
                continue
            at = (point, before)
            clean: list[Choice] = []
            for option in relevant_first(decision, entry, related, rival):
                if not self.can_try(replay, ahead):
                    break
                if self.tried(replay, option, False, before - 1, ahead, 1, at) == 0:
                    clean.append(option)
            if not clean:
                continue
            clean.sort(key=lambda option: named_later(replay, option, entry.index - 1))

            def farther(option: Choice | None, horizon: int, enough: int) -> int:
                return self.tried(replay, option, False, before - 1, horizon, enough, at)

            chosen = self.farthest(replay, list[Choice | None](clean), entry.index, farther)
            assert chosen is not None
            return point, before, chosen, decision
        return None

    def farthest(
        self, replay: Replay, clean: list[Choice | None], index: int, score: Callable[[Choice | None, int, int], int]
    ) -> Choice | None:
        """Of ``clean``, candidates under which the entries up to ``LOOK_AHEAD`` after entry ``index`` replay cleanly,
        the one under which the farther entries (``FARTHER`` after it, then ``FARTHEST``) replay with the fewest
        violations (``score``: to a horizon, counting up to a number), the first of the best where they tie or
        the share of the work runs out: a card chosen unseen (the one clocked, say) may show only many turns
        later."""
        reached = index + LOOK_AHEAD
        for horizon in (index + FARTHER, index + FARTHEST):
            if len(clean) == 1 or not replay.log.has_entry(reached + 1):  # nothing farther to tell them apart
                break
            reached = horizon
            scores: list[int] = []
            for candidate in clean:
                if not self.can_try(replay, horizon):
                    return clean[0]
                scores.append(score(candidate, horizon, min(scores, default=ENOUGH_FARTHER) + 1))
            clean = [candidate for candidate, found in zip(clean, scores, strict=True) if found == min(scores)]
        return clean[0]

    def drop_turn_copy(self) -> None:
        if self.turn_copy is not None:
            self.turn_copy.game.close()
            self.turn_copy = None


def difference(option: Choice, written: Choice) -> float:
    """How far an option is from what was written: one for each argument that differs (each of a choice's own
    fields too: a Vanguard attack's booster alone), and a little more the farther apart two positions are
    (position 3 is nearer to 4 than position 1 is)."""
    far = float(option.card != written.card) + float(option.cards != written.cards)
    far += float(option.flag != written.flag)
    details, stated = option.details(), written.details()
    if len(details) == len(stated):
        far += sum(float(one != other) for one, other in zip(details, stated, strict=True))
    else:
        far += 1.0
    if option.pos != written.pos:
        first, second = option.pos, written.pos  # a position as written may be a word
        gap = abs(first - second) if isinstance(first, int) and isinstance(second, int) else 9
        far += 1 + gap / 10
    return far


def named_later(replay: Replay, candidate: Choice | None, start: int) -> int:
    """How many entries after ``start`` by the player of entry ``start`` name ``candidate``'s card."""
    if candidate is None or candidate.card is None:
        return 0
    replay.log.read_to_end()  # every later entry of the player's counts
    entries = replay.log.entries
    player = entries[start].data.get("p")
    card = candidate.card
    return sum(1 for entry in entries[start + 1 :] if entry.data.get("p") == player and card in _names(entry.data))


def relevant_first(
    decision: Decision, entry: LogEntry, related: bool = False, rival: Choice | None = None
) -> list[Choice]:
    """The options of ``decision`` to try as an entry left out before ``entry``, at most ``MISSING_OPTIONS``: those
    that name more of the cards and places ``entry`` names first (an entry left out of a log is most often what put
    a card where the next entry finds it), and those ``rival`` names (the option that would replace the entry: what
    it takes that the entry does not, a card still in the hand, may be what the gap left there); only those with
    ``related``; never its default (letting the point go by is no entry)."""
    named = set(_values(entry.data)) - {entry.data.get("p"), entry.data.get("do")}
    if rival is not None:
        named.update(_values_of(rival))
    options = [option for option in decision.options if option != decision.default]
    if related:
        options = [option for option in options if named.intersection(_values_of(option))]
    return sorted(options, key=lambda option: -len(named.intersection(_values_of(option))))[:MISSING_OPTIONS]


def _values_of(option: Choice) -> list[object]:
    return [value for value in (option.card, option.pos, *option.cards, *option.details()) if value is not None]


def _values(value: object) -> list[object]:
    """Every string and whole number in an entry's data (its fields' values and the items of its lists)."""
    if isinstance(value, str | int) and not isinstance(value, bool):
        return [value]
    if isinstance(value, dict):
        return [found for item in value.values() for found in _values(item)]
    if isinstance(value, list):
        return [found for item in value for found in _values(item)]
    return []


def _names(value: object) -> list[str]:
    """Every string in an entry's data, its fields' values and the items of its lists."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [name for item in value.values() for name in _names(item)]
    if isinstance(value, list):
        return [name for item in value for name in _names(item)]
    return []
