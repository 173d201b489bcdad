"""Weiss Schwarz card records written back as the printed text they read from (``engine.games.ws.text``).

:func:`render` writes what a record says in the English templates of the grammar, as
``engine.core.printed_text.normalise`` writes printed text: the reader takes a text as read only when its
record renders back to it, word for word.
"""

from __future__ import annotations

from engine.core.printed_text import Record
from engine.games.ws.operation_records import character_level_words, chosen_card_words


def render(record: Record) -> str:
    """The printed text ``record`` reads from, as :func:`engine.core.printed_text.normalise` writes it."""
    keyword = record.get("keyword")
    if keyword is not None:
        return _render_keyword(record)
    kind = record.get("type")
    effects = list(record.get("effect") or ())
    combo = ("【CXCOMBO】 " if record.get("cxcombo") else "") + (
        f"{str(record['label']).capitalize()} " if record.get("label") else ""
    )
    if kind == "auto":
        if record["timing"] == "when_other_attacks":
            trigger = f"When your other {_traits(record['attacker_traits'])} character attacks"
        elif record["timing"] == "when_other_front_attacked":
            trigger = f"When your other {_traits(record['attacked_traits'])} character is frontal attacked"
        elif record["timing"] == "when_climax_placed" and record.get("climax_name"):
            trigger = f'When "{record["climax_name"]}" is placed on your climax area'
        elif record["timing"] == "when_trigger_reveals":
            whose = "this card's" if record.get("by_this_card") else "your character's"
            kind = "a climax" if record.get("trigger_card", "climax") == "climax" else "a card"
            icon = (
                f" with {icon_words(record['trigger_icon'])} in its trigger icon" if record.get("trigger_icon") else ""
            )
            trigger = f"When {whose} trigger check reveals {kind}{icon}"
        elif record["timing"] == "at_beginning":
            whose = {"own": "your", "opponent": "your opponent's"}.get(record.get("whose", ""), "the")
            trigger = f"At the beginning of {whose} {record['phase'].replace('_', ' ')}"
        else:
            trigger = {
                ("when_backup", None): 'When you use this card\'s "Backup"',
                ("when_reversed", None): "When this card becomes 【REVERSE】",
                ("when_reversed_in_battle", None): "When this card becomes 【REVERSE】 in battle",
                ("when_opponent_reversed", None): "When this card's battle opponent becomes 【REVERSE】",
                (
                    "when_other_opponent_reversed",
                    None,
                ): "When your other character's battle opponent becomes 【REVERSE】",
                ("when_climax_placed", None): "When a climax is placed on your climax area",
                ("when_opponent_climax_placed", None): "When a climax is placed on your opponent's climax area",
                ("on_play", None): "When this card is placed on the stage from your hand",
                ("on_play", "climax"): "When this card is placed on your climax area from your hand",
                ("when_attacking", None): "When this card attacks",
                ("when_act_used", None): "When you use an 【ACT】",
                ("when_damage_canceled", None): "When damage dealt by this card is canceled",
                ("when_front_attacked", None): "When this card is frontal attacked",
                ("when_received_damage_canceled", None): (
                    "During this card's battle, when the damage you received is canceled"
                ),
                ("when_put_into_waiting_room", None): "When this card is put into your waiting room from the stage",
            }[(record["timing"], record.get("zone"))]
        cost = record.get("cost")
        asked = dict(record.get("condition") or {})
        during = _trigger_turn(asked)
        if during:
            trigger = f"{during}, {trigger[0].lower()}{trigger[1:]}"
        if record.get("once_per_turn"):
            trigger = "This ability activates up to 1 time per turn. " + trigger
        counted = [effect for effect in effects if "per" in effect]
        x_sentence = ""
        if any(effect.get("level_of_revealed") for effect in effects):
            x_sentence = " X is equal to the level of the revealed card."
        elif counted and "milled" in counted[0]["per"]:
            traits = _traits(counted[0]["per"]["milled"]["traits"])
            x_sentence = f" X is equal to the number of {traits} characters among those cards ×{counted[0]['power']}."
        elif counted and counted[0]["per"].get("characters", {}).get("opponent"):
            x_sentence = f" X is equal to the number of characters your opponent has ×{counted[0]['power']}."
        elif counted:
            per = counted[0]["per"]["characters"]
            kind = " ".join(
                part for part in ("other" if per.get("other") else "", _traits(per.get("traits", ()))) if part
            )
            x_sentence = f" X is equal to the number of {kind} characters you have ×{counted[0]['power']}."
        if not cost:
            may = "you may " if record.get("optional") else ""
            condition = _condition(asked) if asked else ""
            return f"【AUTO】 {combo}{trigger}, {condition[0].lower() + condition[1:] if condition else ''}{may}" + (
                f"{_effects(effects, False)}.{x_sentence}{_granted(record)}"
            )
        condition = _condition(asked) if asked else ""
        condition = condition[0].lower() + condition[1:] if condition else ""
        return (
            f"【AUTO】 {combo}[{_ability_cost(cost)}] {trigger}, {condition}you may pay the cost. If you do, "
            f"{_effects(effects, False)}." + x_sentence + _granted(record)
        )
    if kind == "act":
        cost = record.get("cost") or {}
        if effects and "brainstorm" in effects[0]:
            sub = effects[0]["per_climax"]
            flipped = (
                f"【ACT】 Brainstorm [{_ability_cost(cost)}] Flip over {effects[0]['brainstorm']} cards from the top of your "
                "deck, and put them into your waiting room. For each climax revealed among those cards,"
            )
            if isinstance(sub, list):
                return f'{flipped} perform the following action. "{render({"timing": "main", "effect": sub})}"'
            then = "draw up to 1 card" if "draw" in sub and sub.get("up_to") else _effect(sub)
            return f"{flipped} {then}."
        return f"【ACT】 {combo}[{_ability_cost(cost)}] {_effects(effects, True)}.{_granted(record)}"
    if kind == "cont" and effects and "any_copies" in effects[0]:
        return "【CONT】 You can put any number of cards with the same card name as this card into your deck."
    if kind == "cont" and effects and effects[0].get("cannot") == "play":
        wanted = record["condition"]["characters"]
        another = "another " if wanted.get("other") else ""
        if "name_contains" in wanted:
            kind_words = f'character with "{wanted["name_contains"]}" in its card name'
        else:
            kind_words = f"{_traits(wanted['traits'])} character"
        article = "" if another else "a "
        return f"If you do not have {another}{article}{kind_words}, this card cannot be played from your hand."
    if kind == "cont":
        condition = _condition(record.get("condition") or {})
        effect = _continuous(effects[0], record.get("zone"))
        if condition:
            effect = effect[0].lower() + effect[1:]
        return f"【CONT】 {combo}{condition}{effect}.{_granted(record)}"
    sentences = record.get("sentences") or [len(effects)]
    written, at = [], 0
    for count in sentences:
        written.append(_effects(effects[at : at + count], True) + ".")
        at += count
    mark = "【COUNTER】 " if record.get("timing") == "counter" else ""
    return mark + " ".join(written)


def _render_keyword(record: Record) -> str:
    keyword = record["keyword"]
    stock = (record.get("cost") or {}).get("stock", 0)
    if keyword == "backup":
        cost = f"({stock}) " if stock else ""
        return (
            f"【ACT】 【COUNTER】 Backup {record['power']}, Level {record['level']} "
            f"[{cost}Put this card from your hand into your waiting room]"
        )
    if keyword == "assist":
        during = {"own": "During your turn, ", "opponent": "During your opponent's turn, "}.get(
            record.get("turn", ""), ""
        )
        all_of = "all of your" if during else "All of your"
        who = f"{all_of} {_traits(record.get('traits', ())) + ' ' if record.get('traits') else ''}characters"
        if record.get("per_level"):
            return (
                f"【CONT】 Assist {during}{who} in front of this card get +X power. "
                f"X is equal to that character's level ×{record['power']}."
            )
        for bound, words in (("min_level", "higher"), ("max_level", "lower")):
            if bound in record:
                return (
                    f"【CONT】 Assist {during}{all_of} level {record[bound]} or {words} characters in front of this "
                    f"card get +{record['power']} power."
                )
        return f"【CONT】 Assist {during}{who} in front of this card get +{record['power']} power."
    if keyword == "bond":
        return f'【AUTO】 Bond/"{record["name"]}" [{_keyword_cost(record)}]'
    if keyword == "encore":
        return f"【AUTO】 Encore [{_keyword_cost(record)}]"
    if keyword == "great_performance":
        return "【CONT】 Great Performance"
    if keyword == "shift":
        return f"【AUTO】 【CLOCK】 Shift, Level {record['level']}"
    raise ValueError(f"no printed text for the keyword {keyword!r}")


def _keyword_cost(record: Record) -> str:
    """An Encore's or a Bond's cost: one part, as an ability's cost writes it (a number alone is stock)."""
    cost = record.get("cost") or {}
    return _ability_cost(cost if isinstance(cost, dict) else {"stock": cost})


def _ability_cost(cost: Record) -> str:
    """An automatic or activated ability's cost as its brackets hold it: the stock, then the other parts in the
    record's order, joined by "&"."""
    parts = []
    for name in cost:
        if name == "discard" and cost["discard"]:
            parts.append(_hand_cost(cost))
        elif name == "clock" and cost["clock"]:
            parts.append("Put the top card of your deck into your clock")
        elif name == "self_to" and cost["self_to"] == "hand":
            parts.append("Return this card to your hand")
        elif name == "self_to":
            parts.append(f"Put this card into your {_zone_words(cost['self_to'])}")
        elif name == "rest" and cost["rest"]:
            parts.append("【REST】 this card")
        elif name == "rest_characters":
            count = cost["rest_characters"]
            kind = " ".join(
                part
                for part in (
                    "other" if cost.get("rest_other") else "",
                    _traits(cost.get("rest_traits", ())),
                    "characters",
                )
                if part
            )
            parts.append(f"【REST】 {count} of your {kind}")
    written = " & ".join(parts)
    stock = cost.get("stock", 0)
    return f"({stock}) {written}".strip() if stock or not parts else written


def _hand_cost(cost: Record) -> str:
    traits = _traits(cost.get("discard_traits", ()))
    count = int(cost["discard"])
    kind = cost.get("discard_type", "card")
    if count > 1:
        kind = "climaxes" if kind == "climax" else f"{kind}s"
    return f"Put {count} {traits + ' ' if traits else ''}{kind} from your hand into your waiting room"


def _effects(effects: list[Record], capital: bool) -> str:
    """Effects in order, joined by commas; those done only if the ones before were (``if_done``) in a sentence of
    their own, "If you do, ...", after them."""
    first = next((at for at, effect in enumerate(effects) if effect.get("if_done")), 0)
    if first:
        return f"{_effects(effects[:first], capital)}. If you do, {_effects(effects[first:], False)}"
    written = [_effect(effect) for effect in effects]
    if capital and written:
        written[0] = written[0][0].upper() + written[0][1:]
    return ", ".join(written)


def _effect(effect: Record) -> str:
    if "draw" in effect:
        count = effect["draw"]
        return f"draw {'up to ' if effect.get('up_to') else ''}{count} {'card' if count == 1 else 'cards'}"
    if "stock" in effect and effect.get("up_to"):
        return "put up to 1 card from the top of your deck into your stock"
    if "stock" in effect:
        return "put the top card of your deck into your stock"
    if "damage" in effect:
        return f"deal {effect['damage']} damage to your opponent"
    if "trigger_checks" in effect:
        return f"during that attack, perform a trigger check {effect['trigger_checks']} times on the trigger step"
    if "clock_to_stock" in effect:
        return "put the top card of your clock into your stock"
    if "heal" in effect:
        if effect.get("whose") == "opponent":
            return "put the top card of your opponent's clock into their waiting room"
        return "put the top card of your clock into your waiting room"
    if "keeps_soul" in effect:
        return "this card's soul does not decrease by side attacking until end of turn"
    if "deck_to_clock" in effect:
        return "put the top card of your deck into your clock"
    if "reveal_top" in effect:
        return "reveal the top card of your deck"
    if "waiting_to_deck" in effect:
        return "return all cards from your waiting room to your deck, and shuffle your deck"
    if "stock_to_waiting" in effect:
        return "put the bottom card of your opponent's stock into their waiting room"
    if "rest_self" in effect:
        return "【REST】 this card"
    if "hand_to_stock" in effect:
        return "choose 1 card in your hand, and put it into your stock"
    if "mill" in effect:
        count = effect["mill"]
        top = "top card" if count == 1 else f"top {count} cards"
        milled = f"put the {top} of your deck into your waiting room"
        if "among" not in effect:
            return milled
        kind = chosen_card_words(effect)
        asked = f"If that card is a {kind}" if count == 1 else f"If there is a {kind} among those cards"
        may = "you may " if effect.get("may") else ""
        return f"{milled}. {asked}, {may}{', '.join(_effect(part) for part in effect['then'])}"
    if "reorder_top" in effect:
        return (
            f"look at up to {effect['reorder_top']} cards from the top of your deck, and put them on the top of your "
            "deck in any order"
        )
    if "look_top" in effect:
        if "waiting" in effect["look_top"]:
            return "look at the top card of your deck, and put it on the top of your deck or into your waiting room"
        return "look at the top card of your deck, and put it on the top or at the bottom of your deck"
    if "move_self" in effect:
        if effect["move_self"] == "open_middle":
            return "move this card to the open middle position of your center stage"
        if effect["move_self"] == "open_back":
            return "move this card to an open position of your back stage"
        return "move this card to an open position of your center stage"
    if "battle_opponent" in effect:
        fate = effect["battle_opponent"]
        if fate == "reverse":
            return "【REVERSE】 that character"
        return "put that character " + {
            "deck_bottom": "at the bottom of your opponent's deck",
            "deck_top": "on the top of your opponent's deck",
            "waiting": "into your opponent's waiting room",
        }.get(fate, f"into your opponent's {fate}")
    if "standby" in effect:
        return "perform the 【STANDBY】 effect"
    if "salvage" in effect:
        return _waiting_room_choice(effect)
    if "search" in effect:
        return _deck_search(effect)
    if "reveal" in effect:
        may = "you may " if effect.get("may") else ""
        then = ", ".join(_effect(part) for part in effect["then"])
        return f"reveal the top card of your deck. If that card is {_revealed_kind(effect)}, {may}{then}"
    if "put_revealed" in effect:
        return f"put it into your {_zone_words(effect['put_revealed'])}"
    if "hand_to_waiting" in effect and int(effect["hand_to_waiting"]) > 1:
        return f"choose {effect['hand_to_waiting']} cards in your hand, and put them into your waiting room"
    if "hand_to_waiting" in effect:
        return "choose 1 card in your hand, and put it into your waiting room"
    if "self_to" in effect:
        where = effect["self_to"]
        if where == "hand":
            return "return this card to your hand"
        if where == "deck_bottom":
            return "put this card at the bottom of your deck"
        return f"put this card into your {_zone_words(where)}"
    if "look" in effect and effect.get("to") == "deck_top":
        return (
            f"look at up to {effect['look']} cards from the top of your deck, choose 1 card from among them, put it on "
            "the top of your deck, and put the rest into your waiting room"
        )
    if "look" in effect:
        count = effect["look"]
        shown = "reveal it to your opponent, " if effect.get("shown") else ""
        return (
            f"look at up to {count} {'card' if count == 1 else 'cards'} from the top of your deck, choose up to 1 "
            f"{chosen_card_words(effect)} from among them, {shown}put it into your hand, and put the rest into your "
            "waiting room"
        )
    if effect.get("target") == "choose":
        return _chosen(effect)
    gains = "+X power" if "per" in effect else _gains(effect)
    if "grant" in effect:
        return f"this card gets {_granting(effect)} {_duration(effect)}"
    if effect.get("target") == "all":
        return f"all of your characters get {gains} until end of turn"
    if effect.get("target") == "opponents" and "area" in effect:
        area = str(effect["area"]).replace("_", " ")
        return f"all characters in your opponent's {area} get {gains} until end of turn"
    if effect.get("target") == "opponents":
        return f"all of your opponent's characters get {gains} until end of turn"
    return f"this card gets {gains} {_duration(effect)}"


def _chosen(effect: Record) -> str:
    """A character chosen on the stage (``target: choose``), and what is done to it."""
    opponent = effect.get("whose") == "opponent"
    level = character_level_words(effect)
    traits = effect.get("with_trait")
    kind = " ".join(
        part
        for part in (
            "other" if effect.get("other") else "",
            level,
            _traits([traits] if isinstance(traits, str) else traits) if traits else "",
        )
        if part
    )
    area = str(effect.get("area", "")).replace("_", " ")
    up_to = "up to " if effect.get("up_to") else ""
    if area and opponent:
        among = f"{kind + ' ' if kind else ''}character in your opponent's {area}"
    elif area and not kind.startswith("other"):
        among = f"{kind + ' ' if kind else ''}character in your {area}"
    else:
        whose = "your opponent's" if opponent else "your"
        among = f"of {whose} {kind + ' ' if kind else ''}characters" + (" in battle" if effect.get("in_battle") else "")
        if effect.get("above_player_level"):
            among += " with level higher than your opponent's level"
        if area:
            among += f" in your {area}"
    owner = "their" if opponent else "your"
    if "send" in effect:
        action = {
            "hand": f"return it to {owner} hand",
            "deck_bottom": f"put it at the bottom of {owner} deck",
            "deck_top": f"put it on the top of {owner} deck",
        }.get(effect["send"], f"put it into {owner} {_zone_words(str(effect['send']))}")
    elif "rest" in effect and effect.get("and_move") == "open_back":
        return f"choose {up_to}1 {among}, 【REST】 it, and move it to an open position of your back stage"
    elif "rest" in effect:
        action = "【REST】 it"
    elif "stand" in effect:
        action = "【STAND】 it"
    elif "grant" in effect:
        action = f"that character gets {_granting(effect)} {_duration(effect)}"
    else:
        gains = "+X power" if "per" in effect or effect.get("power") == "X" else _gains(effect)
        action = f"that character gets {gains} {_duration(effect)}"
    return f"choose {up_to}1 {among}, and {action}"


def _granting(effect: Record) -> str:
    """What an effect that gives an ability gives, before its duration: "+1000 power and the following ability"."""
    gains = _gains(effect)
    return f"{gains} and the following ability" if gains else "the following ability"


def _granted(record: Record) -> str:
    """The quoted ability an ability's effect gives, after its sentences (" "...""), or ""."""
    given = [effect["grant"] for effect in record.get("effect") or () if isinstance(effect.get("grant"), dict)]
    return f' "{render(given[0])}"' if given else ""


def _duration(effect: Record) -> str:
    if effect.get("until") == "end_of_opponents_next_turn":
        return "until the end of your opponent's next turn"
    return "until end of turn"


def _zone_words(zone: str) -> str:
    return "waiting room" if zone == "waiting" else zone


def icon_words(icon: str) -> str:
    """A trigger icon as printed text names it, normalised: ``【GATE】``, and ``[ICON:RETURN]`` for return, comeback
    and draw."""
    return f"[ICON:{icon.upper()}]" if icon in ("return", "comeback", "draw") else f"【{icon.upper()}】"


def _revealed_kind(effect: Record) -> str:
    """What a card revealed must be, as "If that card is ..." says it."""
    kind = effect["reveal"]
    if kind == "any":
        if "level_at_least" in effect:
            return f"level {effect['level_at_least']} or higher"
        return f"level {effect['level_at_most']} or lower"
    if "with_trait" in effect:
        traits = effect["with_trait"]
        return f"a {_traits([traits] if isinstance(traits, str) else traits)} {kind}"
    if "level_at_most" in effect:
        return f"a level {effect['level_at_most']} or lower {kind}"
    return f"a {kind}"


def _waiting_room_choice(effect: Record) -> str:
    destination = {
        "stock": "put it into your stock",
        "memory": "put it into your memory",
        "marker": "put it face up underneath this card as a marker",
        "stage": "put it on any position of your stage",
    }.get(str(effect.get("to")), "return it to your hand")
    up_to = "up to " if effect.get("up_to") else ""
    return f"choose {up_to}1 {chosen_card_words(effect)} in your waiting room, and {destination}"


def _deck_search(effect: Record) -> str:
    put = {
        "waiting": "put it into your waiting room",
        "stage": "put it on any position of your stage",
    }.get(str(effect.get("to")), "reveal it to your opponent, put it into your hand")
    return f"search your deck for up to 1 {chosen_card_words(effect)}, {put}, and shuffle your deck"


def _trigger_turn(condition: Record) -> str:
    """The turn an automatic ability's text writes before its trigger, taken out of ``condition``: "During your
    turn", "During the turn that this card is placed on the stage from your hand"; "" for none."""
    if condition.pop("placed_this_turn", False):
        return "During the turn that this card is placed on the stage from your hand"
    return {"own": "During your turn", "opponent": "During your opponent's turn"}.get(condition.pop("turn", ""), "")


def _condition(condition: Record) -> str:
    """A continuous ability's condition as its text opens with it, with the comma after it; "" for none.  Its facts
    are written in the record's order, joined by ", and"."""
    turn = {"own": "During your turn", "opponent": "During your opponent's turn"}.get(condition.get("turn", ""))
    facts = ", and ".join(_fact(name, value) for name, value in condition.items() if name != "turn")
    if not facts:
        return f"{turn}, " if turn else ""
    return f"{turn}, if {facts}, " if turn else f"If {facts}, "


def _fact(name: str, wanted: Record | str) -> str:
    """One fact of a condition (``engine.games.ws.abilities.CONDITIONS``), as a text asks it after "if"."""
    if name == "climax_area":
        return "there is a climax in your climax area"
    if name == "climax_named":
        return f'"{wanted}" is in your climax area'
    if name == "clock_named":
        return f'"{wanted}" is in your clock'
    if name == "level_total" and isinstance(wanted, dict):
        return f"the total level of the cards in your level is {wanted['at_least']} or higher"
    if name == "position":
        if wanted != "middle":
            return f"this card is in your {str(wanted).replace('_', ' ')}"
        return "this card is in the middle position of your center stage"
    assert isinstance(wanted, dict)
    if name == "characters":
        traits = _traits(wanted.get("traits", ()))
        if wanted.get("rested"):
            return "you do not have another 【REST】 character in your center stage"
        if wanted.get("at_most") == 0 and wanted.get("other") and traits and not wanted.get("opponent"):
            return f"you do not have another {traits} character"
        if wanted.get("opponent") and "level_at_least" in wanted:
            return f"your opponent has a level {wanted['level_at_least']} or higher character"
        if wanted.get("opponent") and wanted.get("center_stage") and "at_most" in wanted:
            return f"your opponent's center stage has {wanted['at_most']} or less characters"
        if wanted.get("at_least") == 1 and wanted.get("other") and "named" in wanted:
            return f'you have another "{wanted["named"]}"'
        if wanted.get("at_least") == 1 and wanted.get("other") and "name_contains" in wanted:
            return f'you have another character with "{wanted["name_contains"]}" in its card name'
        if wanted.get("at_least") == 1 and wanted.get("other") and traits:
            return f"you have another {traits} character"
        if wanted.get("at_least") == 1 and traits:
            return f"you have a {traits} character"
        kind = " ".join(part for part in ("other" if wanted.get("other") else "", traits) if part)
        count = wanted.get("at_least", 1)
        return f"you have {count} or more {kind + ' ' if kind else ''}{'character' if count == 1 else 'characters'}"
    if name == "all_characters":
        return f"all of your characters are {_traits(wanted['traits'])}"
    if name in ("stock", "hand", "memory"):
        bound, words = ("at_most", "less") if "at_most" in wanted else ("at_least", "more")
        return f"your {name} has {wanted[bound]} or {words} cards"
    if name == "facing":
        if not wanted:
            return "there is a character facing this card"
        if "cost_at_most" in wanted:
            return f"the character facing this card is cost {wanted['cost_at_most']} or lower"
        if wanted.get("higher_level"):
            return "the character facing this card is a higher level than this card"
        if "level" in wanted:
            return f"the character facing this card is level {wanted['level']}"
        return f"the character facing this card is level {wanted['level_at_least']} or higher"
    if name == "markers":
        return "there is a marker underneath this card"
    if name == "waiting_climaxes":
        bound, words = ("at_most", "less") if "at_most" in wanted else ("at_least", "more")
        return f"your waiting room has {wanted[bound]} or {words} climax"
    if name == "battle_opponent":
        if wanted.get("above_player_level"):
            return "the level of this card's battle opponent is higher than your opponent's level"
        if "cost_at_most" in wanted:
            return f"this card's battle opponent is cost {wanted['cost_at_most']} or lower"
        if "level_at_least" in wanted:
            return f"this card's battle opponent is level {wanted['level_at_least']} or higher"
        return f"this card's battle opponent is level {wanted['level_at_most']} or lower"
    raise ValueError(f"no printed text for the condition {name!r}")


def _traits(traits: list[str] | tuple[str, ...]) -> str:
    return " or ".join(f"《{trait}》" for trait in traits)


def _continuous(effect: Record, zone: str | None = None) -> str:
    gains = _gains(effect) if any(name in effect for name in ("power", "soul")) else ""
    target = effect.get("target", "self")
    if "grant" in effect:
        gains = "the following ability"
    if "any_color" in effect:
        return "This card can be played from your hand without fulfilling color requirements"
    if "level" in effect and "power" not in effect:
        where = "in your hand" if zone == "hand" else "on the stage"
        level = f"+{effect['level']}" if int(effect["level"]) > 0 else str(effect["level"])
        return f"This card gets {level} level while {where}"
    if "keeps_soul" in effect:
        return "This card's soul does not decrease by side attacking"
    if effect.get("cannot") == "move" and target == "facing":
        return "The character facing this card cannot move to another position of the stage"
    if "cannot" in effect:
        return {
            "side_attack": "This card cannot side attack",
            "front_attack": "This card cannot frontal attack",
            "reverse": "This card cannot become 【REVERSE】",
            "move": "This card cannot move to another position of the stage",
            "be_chosen": "This card cannot be chosen by your opponent's effects",
            "stand": "This card cannot 【STAND】 during your stand phase",
            "events_and_backup": 'You cannot play events or "Backup" from your hand',
        }[effect["cannot"]]
    if "encore" in effect:
        encore = _render_keyword({"keyword": "encore", "cost": effect["encore"]})
        if target == "opponents":
            return f'All of your opponent\'s characters get "{encore}"'
        if target == "facing":
            return f'The character facing this card gets "{encore}"'
        if target == "others" and "with_name" in effect:
            return f'All of your other "{effect["with_name"]}" get {gains} and "{encore}"'
        return f'This card gets {gains} and "{encore}"'
    if target == "self":
        if "markers" in (effect.get("per") or {}):
            return f"This card gets {gains} for each marker underneath this card"
        if "memory" in (effect.get("per") or {}):
            return f'This card gets {gains} for each "{effect["per"]["memory"]["named"]}" in your memory'
        per = (effect.get("per") or {}).get("characters")
        if per is None:
            return f"This card gets {gains}"
        if per.get("opponent"):
            return f"This card gets {gains} for each character in your opponent's back stage"
        if per.get("back_stage"):
            return f"This card gets {gains} for each other {_traits(per['traits'])} character in your back stage"
        if per.get("center_stage") and "named" in per:
            return f'This card gets {gains} for each other "{per["named"]}" in your center stage'
        if per.get("center_stage"):
            return f"This card gets {gains} for each other {_traits(per['traits'])} character in your center stage"
        return f"This card gets {gains} for each of your other {_traits(per['traits'])} characters"
    if effect.get("position") == "middle":
        middle_traits = effect.get("with_trait")
        of_traits = (
            f"{_traits([middle_traits] if isinstance(middle_traits, str) else middle_traits)} " if middle_traits else ""
        )
        return f"Your other {of_traits}character in the middle position of your center stage gets {gains}"
    if effect.get("target") == "facing":
        return f"The character facing this card gets {gains}"
    traits = effect.get("with_trait")
    named = effect.get("with_name")
    written = _traits([traits] if isinstance(traits, str) else traits) if traits else ""
    who = " ".join(part for part in ("All of your", "other" if target == "others" else "", written) if part)
    if named:
        return f'{who} "{named}" get {gains}'
    if "with_name_part" in effect:
        return f'{who} characters with "{effect["with_name_part"]}" in its card name get {gains}'
    return f"{who} characters get {gains}"


def _gains(effect: Record) -> str:
    parts = [f"{effect[name]:+d} {name}" for name in ("level", "power", "soul") if name in effect]
    return " and ".join(parts)
