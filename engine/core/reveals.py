"""What a log tells of hidden cards, bound to the game's cards: the same in every game, its clauses each game's.

A log names the cards the replay could not see: a card revealed (drawn, checked, dealt as damage), the
order of a shuffled deck, the cards of a starting position, a card taken from a pile by name.  Each name
is bound to a card through the card's identity pool (``engine.core.cards``), and a name the deck list
cannot give is a problem the replay reports, citing the game's own clauses, while the game goes on as
close to what the log says as the cards allow.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.cards import Card, IdentityPool
from engine.core.protocol import Refusal, Reveal


@dataclass(frozen=True, slots=True)
class RevealRules:
    """What a game's rules say of a revealed card the replay cannot take as stated: the clauses to cite, and the
    words the problem is told in."""

    list_name: str
    """What the rules call the list a player's deck is built from (``deck list``, ``main deck list``)."""
    not_listed: tuple[str, ...]
    """Cited for a card the deck list does not have (ws 5.2.1.1)."""
    another_card: tuple[str, ...]
    """Cited for a card the replay knows to be another (ws 3.2.2: the order of the deck)."""
    all_accounted: tuple[str, ...]
    """Cited for one copy more than the deck list has (ws 5.2.1.1, 5.1.2.2)."""
    another_card_in_damage: tuple[str, ...] = ()
    """Cited instead of ``another_card`` when the reveal is a damage's, in a game with a clause of its own for
    it; none where it has not."""
    refreshed: tuple[str, ...] = ()
    """Cited for an unseen card of a deck made by a refresh (its pool named ``refresh ...``) that was not among
    the cards the deck was made of (ws 9.2.2); none in a game without refreshes."""
    refreshed_from: str = ""
    """Where the cards of a refreshed deck come from (``the waiting room``)."""
    card_records: tuple[str, ...] = ()
    """Cited for a name that is no card of the game's records at all (ws 2.3), rather than ``not_listed``."""


def bind_revealed(
    card: Card,
    answer: list[Any] | None,
    index: int,
    reveal: Reveal | None,
    deck_list: Mapping[str, int],
    deck: list[Card],
    rules: RevealRules,
    records: Container[str] | None = None,
) -> None:
    """Give ``card`` the identity ``answer`` states for it at ``index``, if any; an impossible one is a problem of
    ``reveal``, citing ``rules``.  ``records``, the game's card ids, tells a name that is no card at all from a
    card the deck list does not have.

    The owner's ``deck_list`` says how many of each card there are; ``deck`` is the owner's deck.  After a
    problem the game goes on as close to what was stated as the cards allow, so that one wrong card does not
    make every later one wrong too: a card the deck list does not have, or one more copy than it has, leaves
    the card as the replay knew it; a card the replay knew as another, where the stated card lies elsewhere in
    the deck, is taken as stated, and the order the replay knew for the rest of the deck is given up (its
    cards are unseen, of the same contents), so that the cards the log reveals next are taken as written: the
    game the log describes, reported once.
    """
    if not answer or index >= len(answer) or answer[index] in (None, "?"):
        return
    identity = str(answer[index])
    if card.reveal(identity):
        return
    copies = deck_list.get(identity, 0)
    if copies == 0 and records is not None and identity not in records:
        message = f"{identity!r} is not a card of this log"
        clauses = rules.card_records or rules.not_listed
    elif copies == 0:
        message = f"{identity} is not in {card.owner}'s {rules.list_name}"
        clauses = rules.not_listed
    elif card.identity is not None:
        message = f"the card there is {card.identity}, not {identity}"
        damage = reveal is not None and reveal.purpose == "damage"
        clauses = rules.another_card_in_damage if damage and rules.another_card_in_damage else rules.another_card
        if any(other.identity == identity for other in deck):
            forget_order(card, deck, identity)
            message += f"; the order known for the rest of {card.owner}'s deck is given up, and the log's cards taken"
    elif rules.refreshed and card.pool is not None and card.pool.name.startswith("refresh"):
        message = (
            f"{identity} could not be in this deck: it was not in {rules.refreshed_from} when the deck was refreshed"
        )
        clauses = rules.refreshed
    else:
        message = (
            f"{identity} cannot be revealed here: {card.owner}'s deck list has {copies} "
            f"cop{'y' if copies == 1 else 'ies'} and all are accounted for"
        )
        clauses = rules.all_accounted
    if reveal is not None:
        reveal.problems.append(Refusal(clauses, message))


def forget_order(card: Card, deck: list[Card], identity: str) -> None:
    """``card``, taken from the top of ``deck``, is ``identity``, another card than the order the replay knew
    says: every known card of the deck becomes unseen, drawn from one pool of the same contents (``card``'s
    known identity among them), and ``card`` is revealed as ``identity`` from it."""
    contents: dict[str, int] = {}
    for known in [card, *deck]:
        if known.identity is not None:
            contents[known.identity] = contents.get(known.identity, 0) + 1
    pool = IdentityPool(f"deck of {card.owner} in an order not known", contents)
    for known in [card, *deck]:
        if known.identity is not None:
            known.hide_in(pool)
    card.reveal(identity)


def card_from_deck_list(
    owner: str,
    pool: IdentityPool | None,
    deck_list: Mapping[str, int],
    identity: str | None,
    where: str,
    clauses: tuple[str, ...],
    problems: list[Refusal],
) -> Card:
    """A card of ``owner``'s that a starting position names at ``where`` (``identity``, None where the position
    does not say), drawn from ``pool``.  A card the deck list cannot give, all its copies placed already, is a
    problem of the setup, citing ``clauses``; the card is the one named all the same."""
    card = Card(owner, pool=pool)
    if identity is not None and not card.reveal(identity):
        problems.append(
            Refusal(
                clauses,
                f"{where}: {identity!r} does not fit {owner}'s deck list "
                f"({deck_list.get(identity, 0)} copies, all placed already)",
            )
        )
        card.identity = identity
    return card


def lay_known_order(
    deck: list[Card], order: list[str], owner: str, clauses: tuple[str, ...], problems: list[Refusal]
) -> None:
    """The top cards of ``owner``'s shuffled ``deck`` are the ones a log's ``order`` names, as far as it names
    them.  A name the deck list has no copy left of is a problem of the setup, citing ``clauses``; the card is
    the one named all the same."""
    for card, identity in zip(deck, order, strict=False):
        if not card.reveal(identity):
            problems.append(Refusal(clauses, f"order of {owner} names {identity!r} more often than the deck list"))
            card.identity = identity


def take_named(pile: list[Card], identity: str, owner: str, zone: str) -> Card:
    """The first card of ``identity`` in ``owner``'s ``pile`` (its ``zone``), taken out: a known one, else an
    unseen one that could be it, revealed as it.  LookupError when none can be."""
    card = next((c for c in pile if c.identity == identity), None)
    if card is None:
        card = next((c for c in pile if c.identity is None and c.reveal(identity)), None)
    if card is None:
        raise LookupError(f"{owner} has no {identity} in the {zone}")
    pile.remove(card)
    return card


def shuffled_in(owner: str, deck: list[Card], added: list[Card], pool: IdentityPool) -> list[Card]:
    """``owner``'s ``deck`` with ``added`` shuffled in: as many unseen cards of ``pool``, since no card's place
    in it is known any more.  ``pool`` is what every card of the player not known to the log could be,
    wherever it lies; each known card shuffled in goes back into it."""
    cards = [*deck, *added]
    for card in cards:
        if card.identity is not None:
            pool.contents[card.identity] = pool.contents.get(card.identity, 0) + 1
    return [Card(owner, pool=pool) for _ in cards]


# -- a position a log asserts ------------------------------------------------------------------


def asserted_card(
    piles: Mapping[str, list[Card]], identity: str | None, counts: Mapping[str, int], loose: list[Card]
) -> Card | None:
    """A card to put where a log asserts ``identity`` (None: any card) is, taken out of where it was: one of
    ``loose`` (taken off the table meanwhile), else one in a pile with more cards than ``counts`` asserts, else in
    any pile, named so or unseen and able to be it.  None when no card of the player's can be it."""
    for card in loose:
        if identity is None or card.identity == identity:
            loose.remove(card)
            return card
    surplus_first = sorted(piles, key=lambda zone: len(piles[zone]) <= counts.get(zone, len(piles[zone])))
    for zone in surplus_first:
        cards = piles[zone]
        found = next((card for card in cards if identity is None or card.identity == identity), None)
        if found is not None:
            cards.remove(found)
            return found
    if identity is None:
        return None
    for zone in surplus_first:
        cards = piles[zone]
        found = next((card for card in cards if card.identity is None and card.reveal(identity)), None)
        if found is not None:
            cards.remove(found)
            return found
    return None


def match_counts(
    owner: str,
    piles: Mapping[str, list[Card]],
    counts: Mapping[str, int],
    loose: list[Card],
    overflow: str,
    changed: list[str],
    top_first: tuple[str, ...] = ("deck",),
) -> list[Card]:
    """Move ``owner``'s cards from the ``piles`` with more cards than ``counts`` asserts to those with fewer (the
    ``loose`` cards, taken off the table meanwhile, first); the cards left over go to the ``overflow`` pile.  A
    pile in ``top_first`` gives from its top (its first card); every pile takes at its end.  What changed is
    added to ``changed`` in words (``P1 hand 5 -> 4``); returns the cards moved.

    Which cards moved is not known, so the moved cards become unseen, drawn from one pool of their names: what
    the log reveals later binds them."""
    before = {zone: len(cards) for zone, cards in piles.items()}
    spare = list(loose)
    for zone, cards in piles.items():
        while zone in counts and len(cards) > counts[zone]:
            spare.append(cards.pop(0) if zone in top_first else cards.pop())
    moved: list[Card] = []
    for zone, cards in piles.items():
        while zone in counts and len(cards) < counts[zone] and spare:
            card = spare.pop()
            card.renew()
            cards.append(card)
            moved.append(card)
    for card in spare:
        card.renew()
        piles[overflow].append(card)
        moved.append(card)
    for zone, cards in piles.items():
        if len(cards) != before[zone]:
            changed.append(f"{owner} {zone} {before[zone]} -> {len(cards)}")
    hide_moved(owner, moved)
    return moved


def hide_moved(owner: str, moved: list[Card]) -> None:
    """``owner``'s ``moved`` cards, which moved to where a log asserts cards are without the log saying which,
    become unseen cards of one pool of their names."""
    if not moved:
        return
    pool = IdentityPool(f"cards of {owner} moved to the position a log asserts", {})
    for card in moved:
        if card.identity is not None:
            pool.contents[card.identity] = pool.contents.get(card.identity, 0) + 1
            card.hide_in(pool)


def take_asserted_place(
    player: str,
    pile: list[Card],
    wanted: tuple[str | None, str | None] | None,
    label: str,
    find: Callable[[str | None], Card | None],
    loose: list[Card],
    changed: list[str],
) -> Card | None:
    """Make one place of ``player``'s (a stage position, a circle: ``pile``, its top card the one there) what a
    log asserts: empty (``wanted`` None: its cards go to ``loose``), or a card and an orientation, either None for
    "as it is".  A card that is not the one asserted goes to ``loose`` and ``find`` gives the one to put there.
    What changed is said in ``changed`` under ``label`` (``P1 stage 2``); returns the card put there, if any, for
    the game to date its placing."""
    have = pile[-1] if pile else None
    if wanted is None:
        if have is not None:
            changed.append(f"{label}: {have.identity or '?'} taken off")
            loose.extend(pile)
            pile.clear()
        return None
    identity, orientation = wanted
    placed = None
    if have is None or (identity is not None and not have.reveal(identity)):
        if have is not None:
            loose.extend(pile)
            pile.clear()
        card = find(identity)
        if card is None:
            changed.append(f"{label}: no card of {player}'s can be {identity}")
            return None
        card.renew()
        pile.append(card)
        changed.append(f"{label}: {identity} put there")
        have = placed = card
    if orientation is not None and have.orientation != orientation:
        have.orientation = orientation
        changed.append(f"{label}: {have.identity or '?'} {orientation}")
    return placed
