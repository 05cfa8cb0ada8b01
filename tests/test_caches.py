"""Every cache the library keeps is bounded: by a limit it empties itself at,
or by the few keys it can ever see. Many distinct rule sets and games must
not make any of them grow past its bound."""

from __future__ import annotations

import pytest

from pocha_rules import RuleSet, new_game, observations
from pocha_rules import actions as actions_module
from pocha_rules._pocha import bidding as _bidding
from pocha_rules._pocha import engine as _engine
from pocha_rules._pocha import shuffle as _shuffle
from pocha_rules._pocha import tables as _tables
from pocha_rules._pocha.tables import tables_for
from pocha_rules.actions import action_table
from tests.strategies import random_game

# Distinct rule sets, more than any cache keeps.
MANY = [RuleSet(hit_bonus=bonus, schedule=[1, 2]) for bonus in range(300)]


def test_the_tables_cache_empties_itself_at_its_limit() -> None:
    limit = _tables._CACHE_LIMIT
    assert len(MANY) > limit
    for rules in MANY:
        tables = tables_for(rules)
        assert tables_for(rules) is tables  # found again by identity
        assert len(_tables._CACHE) <= limit
        assert len(_tables._BY_ID) <= limit
    # An equal rule set (not the same object) finds the same tables by value.
    last = MANY[-1]
    assert tables_for(RuleSet(hit_bonus=last.hit_bonus, schedule=[1, 2])) is tables_for(last)


def test_the_action_tables_cache_empties_itself_at_its_limit() -> None:
    limit = actions_module._TABLES._limit
    assert limit == 64
    for rules in MANY[:150]:
        assert action_table(rules) is action_table(rules)
        assert len(actions_module._TABLES._tables) <= limit
    assert len(actions_module._TABLES._last) == 1


def test_the_engine_caches_hold_only_the_keys_that_can_exist() -> None:
    for seed in range(40):
        random_game(RuleSet(players=3, deck=48, schedule=["12", "3a", "1b"]), seed)
        random_game(RuleSet(players=8, schedule=[5, 2]), seed)
    # Plays by the mask of a hand of one suit: at most 4 suits x 4,095 masks.
    for mask in _engine._ONE_SUIT:
        assert sum(bool(mask >> 12 * suit & 0xFFF) for suit in range(4)) == 1
    for suit_plays in (_engine._OROS, _engine._COPAS, _engine._ESPADAS, _engine._BASTOS):
        assert all(0 <= chunk < 4096 for chunk in suit_plays)
    # Bids by the mask of allowed numbers: 0 to at most 16 tricks.
    assert all(0 < mask < 1 << 17 for mask in _engine._BID_MOVES)
    assert all(0 <= cards <= 16 and -1 <= no <= 16 for cards, no in _bidding._BID_MOVES)
    # Shuffles by deck size and cards dealt (``size << 8 | dealt``).
    assert all(key >> 8 in (36, 40, 44, 48) and key & 0xFF <= 48 for key in _shuffle._STEPS)


def test_a_tables_scores_are_kept_by_round_size_and_trump_only() -> None:
    rules = RuleSet(players=3, deck=48, schedule="full")
    for seed in range(10):
        random_game(rules, seed)
    points = tables_for(rules).points
    filled = [key for key, table in enumerate(points) if table is not None]
    assert filled
    assert all(key < 17 * 4 for key in filled)
    assert len(points) == 4 * 49  # a fixed size: up to 48 cards each, by trump
    state = new_game(rules, seed=1)
    assert tables_for(state.rules) is tables_for(rules)


class _Racing(list[object]):
    """A one-entry cache whose entry another thread replaces right after
    each read, as can happen on a free-threaded interpreter."""

    def __init__(self, *entries: object) -> None:
        super().__init__([entries[0]])
        self.entries = list(entries)

    def __getitem__(self, index: object) -> object:  # type: ignore[override]
        return self.entries.pop(0) if len(self.entries) > 1 else self.entries[0]


def test_the_last_rule_set_caches_read_their_entry_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Before: the entry was checked in one read and taken in a second, so
    # another thread's store in between handed back another rule set's table.
    first, second = MANY[0], MANY[1]
    table_first, table_second = action_table(first), action_table(second)
    racing = _Racing((first, table_first), (second, table_second))
    monkeypatch.setattr(actions_module._TABLES, "_last", racing)
    assert action_table(first) is table_first
    encoders = observations._ENCODERS
    encoder_first, encoder_second = encoders.of_rules(first), encoders.of_rules(second)
    racing = _Racing((first, encoder_first), (second, encoder_second))
    monkeypatch.setattr(encoders._cache, "_last", racing)
    assert encoders.of_rules(first) is encoder_first
