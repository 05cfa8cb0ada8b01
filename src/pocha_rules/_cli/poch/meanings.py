"""What each option of a Poch rule set means, and how a deal goes, in the
command's language: what ``pocha poch rules`` (and ``rules full``) says."""

from __future__ import annotations

from pocha_rules._cli.i18n import _
from pocha_rules.poch import RuleSet

__all__ = ["deal_steps", "meaning"]


def _options() -> dict[str, str]:
    return {
        "players": _("players at the table: 3 to 6"),
        "deck": _("32 cards (7 to ace in each suit) or 52 (2 to ace)"),
        "direction": _("how seat numbers go round a drawn table (pictures only)"),
        "starting_chips": _("each player's chips when the game begins"),
        "dress_poch": _("whether the poch pool also gets a chip at each dressing"),
        "centre_pool": _("a centre pool, taken by the first to shed every card"),
        "bet_max": _("the most chips a player may open or reopen with"),
        "bet_rounds_max": _("the most rounds of betting in a deal (none: no limit)"),
        "stop_chips": _("what each other player pays for a stop"),
        "card_chips": _("what each player pays the one who goes out, per card left"),
        "last_card_stop_pays": _("whether a last card that ends its series is paid as a stop"),
        "rounds": _("with end=rounds: how many times each player deals"),
        "deals": _("with end=deals: the number of deals"),
        "max_deals": _("with end=bust: the most deals a game lasts"),
    }


def _values() -> dict[tuple[str, str], str]:
    return {
        ("turnup_pool", "dealer"): _("a turned-up honour's pool goes to the dealer"),
        ("turnup_pool", "carry"): _("a turned-up honour's pool stays for the next deal"),
        ("sequence_rule", "trump_789"): _("the sequence pool: whoever holds 7, 8, 9 of trump"),
        ("sequence_rule", "longest_run"): _("the sequence pool: the best run in one suit"),
        ("sequence_tie", "eldest"): _("equal runs: the first from the eldest hand wins"),
        ("sequence_tie", "split"): _("equal runs: the players share the pool"),
        ("two_pair", "own_type"): _("two pair beats any pair"),
        ("two_pair", "higher_pair"): _("two pair counts as a pair of its higher rank"),
        ("poch_tie", "split"): _("equal best combinations share the poch"),
        ("poch_tie", "trump"): _("equal best combinations: a trump in one wins"),
        ("odd_chip", "pool"): _("a chip a shared pool cannot divide stays there"),
        ("odd_chip", "eldest"): _("a chip a shared pool cannot divide goes to the eldest"),
        ("showdown_reveal", "hand"): _("at the showdown each shows the whole hand"),
        ("showdown_reveal", "combination"): _("at the showdown each shows the combination"),
        ("insolvency", "debt"): _("payments are made in full; chips may go below 0"),
        ("insolvency", "out"): _("a player who cannot dress the board leaves the game"),
        ("end", "rounds"): _("the game ends when each player has dealt 'rounds' times"),
        ("end", "deals"): _("the game ends after 'deals' deals"),
        ("end", "bust"): _("the game ends when fewer than 3 can dress the board"),
        ("board_at_end", "unclaimed"): _("chips left on the board at the end are nobody's"),
        ("board_at_end", "shared"): _("chips left on the board at the end are shared"),
    }


def meaning(name: str, value: object) -> str:
    """What option ``name`` set to ``value`` means."""
    found = _values().get((name, str(value)))
    return found if found is not None else _options().get(name, "")


def deal_steps(rules: RuleSet) -> list[str]:
    """How a deal goes under ``rules``, a step a line."""
    return [
        _("A deal, step by step:"),
        "  "
        + _("1. The board is dressed: each player puts a chip in each of {pools} pools.").format(
            pools=rules.dressed_pools
        ),
        "  " + _("2. Five cards each; the next card is turned up: its suit is trump."),
        "  "
        + _(
            "3. The trump pools are paid at once: the holder of the ace, king, queen, jack "
            "or ten of trump takes its pool; king and queen together take the marriage; "
            "the sequence takes the sequence pool."
        ),
        "  "
        + _(
            "4. The betting: only a player with a combination (a pair, two pair, trips or "
            "quads) may open or match; the others pass. The level is what each player "
            "still in must have bet. The opener closes (the showdown: the best "
            "combination takes the poch pool) or reopens; if all the others pass, the "
            "opener takes the poch uncontested."
        ),
        "  "
        + _(
            "5. Shedding: a card calls for the next higher card of its suit, and whoever "
            "holds it must play it; a card nobody can follow is a stop: each other player "
            "pays {stop} to its player, who begins a new series."
        ).format(stop=rules.stop_chips),
        "  "
        + _(
            "6. The first to shed every card collects {chips} per card left in the other "
            "hands; the deal passes to the next seat."
        ).format(chips=rules.card_chips),
    ]
