"""Choices are typed per kind: a move names its second position, an attack its type, a cost what it pays."""

from __future__ import annotations

from engine.core.protocol import PASS, Choice, DeclaredText, ResolveFirst
from engine.games.ws.choices import Activate, DeclareAttack, Move, PayCost


def test_a_move_is_equal_only_to_the_same_exchange_ws_6_5_1_2_4() -> None:
    """ws:6.5.1.2.4: a move exchanges two positions; a choice that names one position is not a move."""
    assert Move(1, 3) == Move(1, 3) and hash(Move(1, 3)) == hash(Move(1, 3))
    assert Move(1, 3) != Move(1, 4)
    assert Move(1, 3) != Choice("move", pos=1)
    assert Move(1, 3).describe() == "move pos 1 -> 3"


def test_an_attack_says_its_type_ws_7_2_1_4() -> None:
    assert DeclareAttack(2, "side") != DeclareAttack(2, "front")
    assert DeclareAttack(2, "front").describe() == "attack pos 2 -> front"


def test_a_cost_paid_says_how_much_ws_10_2_2() -> None:
    """ws:10.2.2: an Encore is paid with so much stock; a loosely stated payment names no cost."""
    assert PayCost("YL-04", True, 2) != PayCost("YL-04", True, 3) != PayCost("YL-04", True)
    assert PayCost("YL-04", True, 2).describe() == "pay YL-04 -> 2 yes"
    assert PayCost("YL-04", False).describe() == "pay YL-04 no"


def test_the_other_kinds_name_what_they_carry() -> None:
    assert Activate(1, 0).describe() == "act pos 1 -> 0" and Activate(1, 0) != Activate(1, 1)
    assert ResolveFirst("YL-01", "encore").describe() == "resolve YL-01 -> encore"
    assert DeclaredText("YL-01", ()).card == "YL-01" and PASS == Choice("pass")
