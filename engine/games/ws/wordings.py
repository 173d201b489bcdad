"""The wordings printed Weiss Schwarz cards use for one template, read as the one the grammar reads
(``engine.games.ws.text``; ``judge/site/printed-text.rst``).

Each pair is a phrase, or a pattern where a number or a name moves, and the wording it is read as.  They are
applied in order, after ``engine.core.printed_text.normalise`` has made the marks, brackets and spaces plain:
a pattern that takes its number as digits comes after the number words become digits.
"""

from __future__ import annotations

import re
from typing import Final

SAME_WORDINGS: Final[tuple[tuple[str | re.Pattern[str], str], ...]] = (
    ("［", "["),
    ('Bond/ "', 'Bond/"'),
    ("］", "]"),
    ("draw a card", "draw 1 card"),
    ("Draw a card", "Draw 1 card"),
    ("choose one of your", "choose 1 of your"),
    ("Choose one of your", "Choose 1 of your"),
    ("placed on stage from", "placed on the stage from"),
    (
        "You may put any number of cards with the same card name",
        "You can put any number of cards with the same card name",
    ),
    ("in the middle position of the center stage", "in the middle position of your center stage"),
    ("climax area from hand", "climax area from your hand"),
    ("Put a card from your hand", "Put 1 card from your hand"),
    ("characters in front of this card gets ", "characters in front of this card get "),
    (re.compile(r"X is equal to the level of that character ×(\d+)"), r"X is equal to that character's level ×\1"),
    ("the total level of cards in your level", "the total level of the cards in your level"),
    (re.compile(r"If there is (an? [^,]*?) revealed among those cards"), r"If there is \1 among those cards"),
    (re.compile(r"【REST】 (?:one|1) of your (?:【STAND】 )?"), "【REST】 1 of your "),
    (re.compile(r"【REST】 (?:two|2) of your (?:【STAND】 )?"), "【REST】 2 of your "),
    (re.compile(r"【REST】 (\d) of your (other )?【STAND】 "), r"【REST】 \1 of your \2"),
    ("Put a character from your hand", "Put 1 character from your hand"),
    ("Put a climax from your hand", "Put 1 climax from your hand"),
    ("Put a 《", "Put 1 《"),
    ("Put an 《", "Put 1 《"),
    ("Bond／", "Bond/"),
    (
        re.compile(r"X is equal to (\d+) multiplied by that character's level"),
        r"X is equal to that character's level ×\1",
    ),
    ("When your climax is placed on your climax area", "When a climax is placed on your climax area"),
    ("up to one ", "up to 1 "),
    ("the top two cards", "the top 2 cards"),
    ("Flip over four cards", "Flip over 4 cards"),
    ("Flip over five cards", "Flip over 5 cards"),
    ("draw up to one card", "draw up to 1 card"),
    ("the top three cards", "the top 3 cards"),
    ("the top four cards", "the top 4 cards"),
    ("look at up to two cards", "look at up to 2 cards"),
    ("look at up to three cards", "look at up to 3 cards"),
    ("Look at up to four cards", "Look at up to 4 cards"),
    ("look at up to four cards", "look at up to 4 cards"),
    ("look at up to five cards", "look at up to 5 cards"),
    ("if you have an 《", "if you have a 《"),
    ("If that card is an 《", "If that card is a 《"),
    ("clock into his or her waiting room", "clock into their waiting room"),
    ("stock into his or her waiting room", "stock into their waiting room"),
    ("and put it into his or her ", "and put it into their "),
    ("and return it to his or her hand", "and return it to their hand"),
    ("on the bottom of your opponent's deck", "at the bottom of your opponent's deck"),
    ("in your waiting room, return it to your hand", "in your waiting room, and return it to your hand"),
    ("in your waiting room, put it into your stock", "in your waiting room, and put it into your stock"),
    ("put it in any position of your stage", "put it on any position of your stage"),
    ("put it on the top or the bottom of your deck", "put it on the top or at the bottom of your deck"),
    ("cannot move to another position on the stage", "cannot move to another position of the stage"),
    (
        re.compile(r"\b([Aa])ll characters on your opponent's (center|back) stage get"),
        r"\1ll characters in your opponent's \2 stage get",
    ),
    (re.compile(r"(this card gets -\d+ level) in your hand"), r"\1 while in your hand"),
    (
        re.compile(r"(X is equal to the number of (?:《[^》]+》(?: or )?)+ characters) revealed among those cards"),
        r"\1 among those cards",
    ),
    (re.compile(r'(characters with "[^"]+") in their card names get'), r"\1 in its card name get"),
    (
        re.compile(r"\bWhen another of your ((?:《[^》]+》(?: or )?)+) characters? attacks"),
        r"When your other \1 character attacks",
    ),
    (
        re.compile(r"\bWhen this card's level (\d+) or higher battle opponent becomes 【REVERSE】, "),
        r"When this card's battle opponent becomes 【REVERSE】, if this card's battle opponent is level \1 or higher, ",
    ),
    (
        re.compile(r'\bYou cannot play (?:events|event cards) (?:or|and) "Backup" from (?:your )?hand'),
        'You cannot play events or "Backup" from your hand',
    ),
    ("another 【REST】 character on your center stage", "another 【REST】 character in your center stage"),
    (re.compile(r"】(?=[A-Za-z(\[])"), "】 "),
    (re.compile(r"(?<=[A-Za-z,.\]])【"), " 【"),
    (" character on your opponent's center stage,", " character in your opponent's center stage,"),
    (" character in their center stage,", " character in your opponent's center stage,"),
    (re.compile(r"\b([Ii])f you have a card in your memory"), r"\1f your memory has 1 or more cards"),
    (
        "put a card from the bottom of your opponent's stock into their waiting room",
        "put the bottom card of your opponent's stock into their waiting room",
    ),
    (re.compile(r"\b([Cc])hoose an? (?=level |cost |character |card |climax |《|\")"), r"\g<1>hoose 1 "),
    (re.compile(r'\b([Cc]hoose (?:up to )?\d+) card named ("[^"]+")'), r"\1 \2"),
    (" character on your opponent's back stage,", " character in your opponent's back stage,"),
    (
        re.compile(r"\byour opponent has (\d+) or less characters in (?:their|his or her) center stage"),
        r"your opponent's center stage has \1 or less characters",
    ),
    (
        "in your waiting room, put it on any position of your stage",
        "in your waiting room, and put it on any position of your stage",
    ),
    (", and all of your characters get", ", all of your characters get"),
    (", and this card gets +", ", this card gets +"),
    (
        " cards in your hand, put them into your waiting room",
        " cards in your hand, and put them into your waiting room",
    ),
    (
        ", and put up to 1 card from the top of your deck into your stock",
        ", put up to 1 card from the top of your deck into your stock",
    ),
    ("your clock, and 【REST】 this card", "your clock, 【REST】 this card"),
    (", and put the top card of your deck into your stock", ", put the top card of your deck into your stock"),
    (re.compile(r'\ba card named ("[^"]+") is (in|placed on) your climax area'), r"\1 is \2 your climax area"),
    (
        re.compile(r"X is equal to (\d+) multiplied by the number of ([^.]+?) characters you have"),
        r"X is equal to the number of \2 characters you have ×\1",
    ),
    (re.compile(r"\bone(?= (?:or more|or less|or higher|or lower|card\b|character\b|time\b))"), "1"),
    (re.compile(r"\btwo(?= (?:or more|or less|or higher|or lower|cards\b|characters\b|times\b))"), "2"),
    (re.compile(r"\bthree(?= (?:or more|or less|or higher|or lower|cards\b|characters\b|times\b))"), "3"),
    (re.compile(r"\bfour(?= (?:or more|or less|or higher|or lower|cards\b|characters\b|times\b))"), "4"),
    (re.compile(r"\bfive(?= (?:or more|or less|or higher|or lower|cards\b|characters\b|times\b))"), "5"),
    (re.compile(r"\bsix(?= (?:or more|or less|or higher|or lower|cards\b|characters\b|times\b))"), "6"),
    (re.compile(r"\bseven(?= (?:or more|or less|or higher|or lower|cards\b|characters\b|times\b))"), "7"),
    (
        re.compile(r"\b([Ii])f the number of climax(?: cards)? in your waiting room is (\d+) or (less|more)"),
        r"\1f your waiting room has \2 or \3 climax",
    ),
    (
        re.compile(r"\b([Ii])f you have (\d+) or (less|more) cards in your memory"),
        r"\1f your memory has \2 or \3 cards",
    ),
    (re.compile(r'\bWhen a card named ("[^"]+") is placed'), r"When \1 is placed"),
    (
        re.compile(r"\b([Ii])f the number of (other )?((?:《[^》]+》(?: or )?)+) characters you have is (\d+) or more"),
        r"\1f you have \4 or more \2\3 characters",
    ),
    (
        re.compile(r"\b([Ii])f the number of your (other )?((?:《[^》]+》(?: or )?)+) characters is (\d+) or more"),
        r"\1f you have \4 or more \2\3 characters",
    ),
    (
        re.compile(r"\b([Ii])f the number of cards in your (stock|hand) is (\d+) or (less|more)"),
        r"\1f your \2 has \3 or \4 cards",
    ),
    (re.compile(r"(if the character facing this card is level \d+) (this card gets)"), r"\1, \2"),
    ("it to his or her hand", "it to their hand"),
    ("it to your opponent's hand", "it to their hand"),
    ("put it into his or her ", "put it into their "),
    ("put it into your opponent's ", "put it into their "),
    ("put it at the bottom of his or her deck", "put it at the bottom of their deck"),
    ("put it at the bottom of your opponent's deck", "put it at the bottom of their deck"),
    ("put it on the top of his or her deck", "put it on the top of their deck"),
    ("put it on the top of your opponent's deck", "put it on the top of their deck"),
)
"""Wordings printed cards use for the same thing, read as the second (judge/site/printed-text.rst)."""
