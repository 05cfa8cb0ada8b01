"""RuleSet construction, refusals, presets and schedules."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from pocha_rules import (
    InvalidRulesError,
    MissPenalty,
    ParseError,
    Round,
    RoundKind,
    RuleSet,
    Tiebreak,
    TrumpWhenAllDealt,
    classic,
    full,
    max_cards,
    up_down,
)


def sizes(plan: tuple[Round, ...]) -> list[int]:
    return [entry.cards for entry in plan]


def test_defaults_are_the_spanish_rule() -> None:
    rules = RuleSet()
    assert rules.options() == {
        "players": 4,
        "deck": 40,
        "remove_twos": False,
        "rank_order": (1, 3, 12, 11, 10, 7, 6, 5, 4, 2),
        "schedule": classic(4, 40),
        "hook_in_one_card_rounds": True,
        "trump_when_all_dealt": TrumpWhenAllDealt.DEALER_LAST_CARD,
        "must_overtake": True,
        "must_ruff": True,
        "must_overruff": True,
        "auction_winner_leads": True,
        "hit_bonus": 10,
        "per_trick": 5,
        "miss_penalty": MissPenalty.PER_TRICK_OFF,
        "pocha_bonus": True,
        "pocha_min_cards": 6,
        "double_when_oros": False,
        "revoke_penalty": -50,
        "zero_wins": False,
        "tiebreak": Tiebreak.ONE_CARD_ROUNDS,
    }


def test_48_card_rank_order() -> None:
    rules = RuleSet(deck=48)
    assert rules.rank_order == (1, 3, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2)
    assert rules.ranks == rules.rank_order
    assert rules.deck_size == 48


@pytest.mark.parametrize(
    ("players", "deck", "removed"),
    [(3, 40, True), (6, 40, True), (4, 40, False), (5, 40, False), (7, 40, False),
     (8, 40, False), (3, 48, False), (6, 48, False), (4, 48, False)],
)  # fmt: skip
def test_remove_twos_default(players: int, deck: int, removed: bool) -> None:
    rules = RuleSet(players=players, deck=deck)  # type: ignore[arg-type]
    assert rules.remove_twos is removed
    assert rules.deck_size == deck - 4 * removed
    assert rules.max_cards == (deck - 4 * removed) // players
    assert (2 in rules.ranks) is not removed


def test_remove_twos_is_settable() -> None:
    assert RuleSet(players=3, remove_twos=False).max_cards == 13
    assert RuleSet(players=3).max_cards == 12
    assert RuleSet(players=4, remove_twos=True).max_cards == 9
    assert RuleSet(players=4, deck=48, remove_twos=True).deck_size == 44
    assert RuleSet(players=3, remove_twos=True).ranks == (1, 3, 12, 11, 10, 7, 6, 5, 4)


@pytest.mark.parametrize(
    ("players", "deck", "top"),
    [(3, 40, 12), (4, 40, 10), (5, 40, 8), (6, 40, 6), (7, 40, 5), (8, 40, 5),
     (3, 48, 16), (4, 48, 12), (5, 48, 9), (6, 48, 8), (7, 48, 6), (8, 48, 6)],
)  # fmt: skip
def test_max_cards(players: int, deck: int, top: int) -> None:
    assert max_cards(players, deck) == top
    assert RuleSet(players=players, deck=deck).max_cards == top  # type: ignore[arg-type]


def test_seven_players_forty_cards_leave_five_undealt() -> None:
    rules = RuleSet(players=7)
    assert rules.max_cards == 5
    assert rules.deck_size - 7 * rules.max_cards == 5


def test_classic_four_players_forty_cards_is_the_listed_plan() -> None:
    expected = [1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2,
                1, 1, 1, 1]  # fmt: skip
    assert sizes(classic(4, 40)) == expected
    assert sizes(RuleSet().schedule) == expected
    assert sizes(RuleSet.preset("classic").schedule) == expected
    assert all(entry.kind is RoundKind.NORMAL for entry in classic(4, 40))


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("deck", [40, 48])
def test_classic_shape(players: int, deck: int) -> None:
    top = max_cards(players, deck)
    expected = ([1] * players + list(range(2, top)) + [top] * players
                + list(range(top - 1, 1, -1)) + [1] * players)  # fmt: skip
    assert sizes(classic(players, deck)) == expected
    assert RuleSet(players=players, deck=deck).schedule == classic(players, deck)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("deck", [40, 48])
def test_up_down_shape(players: int, deck: int) -> None:
    top = max_cards(players, deck)
    expected = list(range(1, top)) + [top] * players + list(range(top - 1, 0, -1))
    plan = up_down(players, deck)
    assert sizes(plan) == expected
    assert all(entry.kind is RoundKind.NORMAL for entry in plan)
    with_auction = up_down(players, deck, final_auction=True)
    assert with_auction[:-1] == plan
    assert with_auction[-1] == Round(top, RoundKind.AUCTION)
    d: Any = deck
    assert RuleSet(players=players, deck=d, schedule="up_down").schedule == plan
    assert RuleSet.preset("up_down_auction", players=players, deck=d).schedule == with_auction


def test_up_down_four_players() -> None:
    assert sizes(up_down(4)) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 9, 8, 7, 6, 5, 4,
                                 3, 2, 1]  # fmt: skip


def test_full_has_32_rounds_for_four_players() -> None:
    plan = full(4, 40)
    assert len(plan) == 32
    assert " ".join(str(r) for r in plan) == (
        "1 1 1 1 2 3 4 5 6 7 8 9 10 10 10 10 10a 10a 10a 10a 9 8 7 6 5 4 3 2 1b 1b 1b 1b"
    )
    assert RuleSet.preset("full").schedule == plan


@pytest.mark.parametrize("players", range(3, 9))
def test_full_shape(players: int) -> None:
    top = max_cards(players, 40)
    plan = full(players)
    expected = ([Round(1)] * players + [Round(n) for n in range(2, top)]
                + [Round(top)] * players + [Round(top, RoundKind.AUCTION)] * players
                + [Round(n) for n in range(top - 1, 1, -1)]
                + [Round(1, RoundKind.BLIND)] * players)  # fmt: skip
    assert list(plan) == expected


def test_presets_follow_remove_twos() -> None:
    assert max(sizes(classic(3, 40, remove_twos=False))) == 13
    assert max(sizes(RuleSet(players=3, remove_twos=False).schedule)) == 13
    assert max(sizes(RuleSet(players=3).schedule)) == 12


def test_custom_schedules() -> None:
    rules = RuleSet(players=4, schedule=[1, "2", Round(3), "10a", "1b", "5A", "1B"])
    assert [str(r) for r in rules.schedule] == ["1", "2", "3", "10a", "1b", "5a", "1b"]
    # a length that is not a multiple of the players is allowed
    assert len(RuleSet(players=4, schedule=[1, 2, 3]).schedule) == 3
    assert RuleSet(players=3, schedule=(12,)).schedule == (Round(12),)


@pytest.mark.parametrize(
    ("options", "field", "reason"),
    [
        ({"players": 2}, "players", "3 to 8 players, got 2"),
        ({"players": 9}, "players", "got 9"),
        ({"deck": 52}, "deck", "40 or 48 cards, got 52"),
        ({"rank_order": (1, 3, 12, 11, 10, 7, 6, 5, 4)}, "rank_order", "exactly once"),
        ({"rank_order": (1, 3, 12, 11, 10, 9, 7, 6, 5, 4, 2)}, "rank_order", "exactly once"),
        ({"rank_order": (1, 1, 12, 11, 10, 7, 6, 5, 4, 2)}, "rank_order", "exactly once"),
        ({"deck": 48, "rank_order": (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)}, "rank_order", "48-card"),
        ({"schedule": "zigzag"}, "schedule", "unknown preset 'zigzag'"),
        ({"schedule": []}, "schedule", "at least one round"),
        ({"schedule": [11]}, "schedule[0]", "hands hold 1 to 10 cards with 4 players and 40"),
        ({"schedule": [1, 0]}, "schedule[1]", "hands hold 1 to 10"),
        ({"schedule": [1, -3]}, "schedule[1]", "-3 cards"),
        ({"schedule": ["11a"]}, "schedule[0]", "hands hold 1 to 10"),
        ({"players": 3, "schedule": [13]}, "schedule[0]", "1 to 12 cards with 3 players and 36"),
        ({"players": 7, "schedule": [6]}, "schedule[0]", "1 to 5 cards"),
        ({"schedule": ["2b"]}, "schedule[0]", "blind round deals exactly 1 card"),
        ({"schedule": [Round(3, RoundKind.BLIND)]}, "schedule[0]", "exactly 1 card"),
        ({"schedule": ["3x"]}, "schedule[0]", "expected a number of cards"),
        ({"trump_when_all_dealt": "dealer_picks"}, "trump_when_all_dealt", "must be one of"),
        ({"miss_penalty": "per_trick"}, "miss_penalty", "'per_trick_off', 'per_trick_bid'"),
        ({"hit_bonus": -1}, "hit_bonus", "at least 0"),
        ({"per_trick": -5}, "per_trick", "at least 0"),
        ({"pocha_min_cards": 0}, "pocha_min_cards", "at least 1"),
        ({"revoke_penalty": 10}, "revoke_penalty", "at most 0"),
        # Bounds, so that every total can be written as text.
        ({"hit_bonus": 10**6 + 1}, "hit_bonus", "must be at most 1000000, got 1000001"),
        ({"per_trick": 10**5000}, "per_trick", "got a whole number of about 5000 digits"),
        ({"pocha_min_cards": 10**7}, "pocha_min_cards", "at most 1000000"),
        ({"revoke_penalty": -(10**6) - 1}, "revoke_penalty", "must be at least -1000000"),
        ({"schedule": [1] * 1001}, "schedule", "a schedule holds at most 1000 rounds"),
        ({"schedule": itertools.repeat(1)}, "schedule", "at most 1000 rounds"),
        ({"schedule": [10**5000]}, "schedule[0]", "about 5000 digits cards: hands hold 1 to 10"),
        ({"schedule": ["1" * 5000]}, "schedule[0]", "5000 digits is too long"),
        ({"schedule": [Round(3, "auction"), "2x"]}, "schedule[1]", "cannot parse '2x'"),
        ({"rank_order": range(10**9)}, "rank_order", "exactly once, got (0, 1, 2"),
    ],
)
def test_refusals(options: dict[str, Any], field: str, reason: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        RuleSet(**options)
    assert info.value.field == field
    assert reason in info.value.reason, info.value.reason
    assert str(info.value).startswith(f"invalid rules: {field}: ")


@pytest.mark.parametrize(
    ("options", "field", "reason"),
    [
        (
            {"schedule": "zigzag"},
            "schedule",
            # oh_hell is a preset of whole rule sets (RuleSet.preset), not a schedule.
            "unknown preset 'zigzag'; presets: 'classic', 'up_down', 'up_down_auction', 'full'",
        ),
        ({"schedule": []}, "schedule", "a game needs at least one round"),
        (
            {"schedule": [Round(3, RoundKind.BLIND)]},
            "schedule[0]",
            "a blind round deals exactly 1 card",
        ),
        ({"hit_bonus": -1}, "hit_bonus", "must be at least 0, got -1"),
    ],
)
def test_refusals_word_for_word(options: dict[str, Any], field: str, reason: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        RuleSet(**options)
    assert (info.value.field, info.value.reason) == (field, reason)


def test_a_schedule_entry_of_the_wrong_type_is_named() -> None:
    with pytest.raises(TypeError) as info:
        RuleSet(schedule=[2, 1.5])  # type: ignore[list-item]
    assert str(info.value) == (
        "schedule[1] must be a number of cards (an int), a Round or a round's text, got float 1.5"
    )


def test_options_repr_as_python() -> None:
    assert repr(MissPenalty.NONE) == "MissPenalty.NONE"
    assert repr(Tiebreak.SHARED) == "Tiebreak.SHARED"


def test_the_largest_figures_are_allowed() -> None:
    rules = RuleSet(
        hit_bonus=10**6, per_trick=10**6, pocha_min_cards=10**6, revoke_penalty=-(10**6)
    )
    assert (rules.hit_bonus, rules.per_trick, rules.revoke_penalty) == (10**6, 10**6, -(10**6))
    assert len(RuleSet(schedule=[1] * 1000).schedule) == 1000


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 4.0}, "players must be an int, got float 4.0"),
        ({"players": True}, "players must be an int, got bool True"),
        ({"deck": "40"}, "deck must be an int, got str '40'"),
        ({"remove_twos": 1}, "remove_twos must be a bool (True or False), got int 1"),
        ({"rank_order": "1312"}, "rank_order must be a sequence of ints, got str '1312'"),
        ({"rank_order": 5}, "rank_order must be a sequence of ints, got int 5"),
        ({"rank_order": [1, 3, "12"]}, "rank_order must hold ints, got str '12'"),
        ({"schedule": 5}, "schedule must be a preset name or a sequence, got int 5"),
        ({"schedule": [1.5]}, "schedule[0] must be a number of cards (an int), a Round"),
        ({"schedule": [2, True]}, "schedule[1] must be a number of cards (an int), a Round"),
        ({"tiebreak": 1}, "tiebreak must be a Tiebreak or its value as a str, got int 1"),
        ({"miss_penalty": None}, "miss_penalty must be a MissPenalty or its value as a str"),
        ({"trump_when_all_dealt": 0}, "trump_when_all_dealt must be a TrumpWhenAllDealt"),
        ({"must_overtake": "yes"}, "must_overtake must be a bool (True or False), got str"),
        ({"must_ruff": None}, "must_ruff must be a bool (True or False), got None"),
        ({"must_overruff": 0}, "must_overruff must be a bool"),
        ({"hook_in_one_card_rounds": 1}, "hook_in_one_card_rounds must be a bool"),
        ({"auction_winner_leads": 1}, "auction_winner_leads must be a bool"),
        ({"pocha_bonus": 1}, "pocha_bonus must be a bool"),
        ({"double_when_oros": 1}, "double_when_oros must be a bool"),
        ({"zero_wins": 1}, "zero_wins must be a bool"),
        ({"hit_bonus": 1.5}, "hit_bonus must be an int, got float 1.5"),
        ({"per_trick": "5"}, "per_trick must be an int, got str '5'"),
        ({"pocha_min_cards": None}, "pocha_min_cards must be an int, got None"),
        ({"revoke_penalty": -50.0}, "revoke_penalty must be an int, got float -50.0"),
    ],
)
def test_values_of_the_wrong_type_raise_type_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(TypeError) as info:
        RuleSet(**options)
    assert message in str(info.value)
    assert not isinstance(info.value, InvalidRulesError)


def test_rules_under_which_no_game_could_end_are_refused() -> None:
    # No points to score: every total stays 0, and the one-card tiebreak
    # rounds, played while the top is tied, would go on forever.
    with pytest.raises(InvalidRulesError) as info:
        RuleSet(hit_bonus=0, per_trick=0)
    assert info.value.field == "tiebreak"
    assert info.value.reason == (
        "with hit_bonus and per_trick both 0 every total stays 0, so one-card "
        "tiebreak rounds would never end; use tiebreak='shared'"
    )
    assert RuleSet(hit_bonus=0, per_trick=0, tiebreak="shared").hit_bonus == 0
    assert RuleSet(hit_bonus=0).per_trick == 5
    assert RuleSet(per_trick=0).hit_bonus == 10


def test_preset_refuses_unknown_names() -> None:
    with pytest.raises(InvalidRulesError) as info:
        RuleSet.preset("nope")
    assert info.value.field == "schedule"
    assert info.value.reason == (
        "unknown preset 'nope'; presets: 'classic', 'up_down', 'up_down_auction', 'full', "
        "'oh_hell'"
    )
    with pytest.raises(TypeError, match="a preset's name must be a str, got list"):
        RuleSet.preset([1, 2])  # type: ignore[arg-type]


def test_option_strings_become_enums() -> None:
    rules = RuleSet(
        trump_when_all_dealt="dealer_chooses", miss_penalty="per_trick_bid", tiebreak="shared"
    )
    assert rules.trump_when_all_dealt is TrumpWhenAllDealt.DEALER_CHOOSES
    assert rules.miss_penalty is MissPenalty.PER_TRICK_BID
    assert rules.tiebreak is Tiebreak.SHARED
    assert rules == RuleSet(
        trump_when_all_dealt=TrumpWhenAllDealt.DEALER_CHOOSES,
        miss_penalty=MissPenalty.PER_TRICK_BID,
        tiebreak=Tiebreak.SHARED,
    )


def test_rank_order_is_settable_and_stored_high_to_low() -> None:
    natural = (12, 11, 10, 7, 6, 5, 4, 3, 2, 1)
    rules = RuleSet(rank_order=list(natural))
    assert rules.rank_order == natural
    trimmed = RuleSet(players=3, rank_order=(12, 11, 10, 7, 6, 5, 4, 3, 1))
    assert trimmed.ranks == (12, 11, 10, 7, 6, 5, 4, 3, 1)
    with_two = RuleSet(players=3, rank_order=natural)
    assert with_two.ranks == (12, 11, 10, 7, 6, 5, 4, 3, 1)


def test_rules_are_frozen_values() -> None:
    rules = RuleSet(players=5)
    assert rules == RuleSet(players=5)
    assert hash(rules) == hash(RuleSet(players=5))
    assert rules != RuleSet(players=5, must_ruff=False)
    with pytest.raises(AttributeError):
        rules.players = 4  # type: ignore[misc]


def test_rules_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        RuleSet(4)  # type: ignore[call-arg]


def test_rounds_check_their_kind_and_cards() -> None:
    assert Round(3, "auction") == Round(3, RoundKind.AUCTION)
    assert Round(3, "auction").kind is RoundKind.AUCTION
    with pytest.raises(ParseError, match="cannot parse 'x': a round's kind is 'normal', 'auct"):
        Round(3, "x")
    with pytest.raises(TypeError, match="a round's kind must be a RoundKind, got int 5"):
        Round(3, 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a round's cards must be an int, got str '3'"):
        Round("3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="round's text form must be a str such as '10a', got int"):
        Round.parse(10)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="7 digits is too long for a number of cards"):
        Round.parse("1000000b")
    assert Round.parse("999999") == Round(999999)


def test_round_values() -> None:
    assert Round.parse("10a") == Round(10, RoundKind.AUCTION)
    assert Round.parse(" 1B ") == Round(1, RoundKind.BLIND)
    assert Round.parse("7") == Round(7)
    assert repr(Round(7)) == "Round(7)"
    assert repr(Round(1, RoundKind.BLIND)) == "Round(1, RoundKind.BLIND)"
    assert [str(k) for k in RoundKind] == ["normal", "auction", "blind"]
