"""What a person sees of a Poch game in the terminal: the board, the chips,
trump, the hand, the betting and the table, and the narration of moves and
payments."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pocha_rules._cli.output import Output
from pocha_rules.poch import Card, GameState, Payment, Phase, PlayedCard, Reason, RuleSet
from pocha_rules.poch._betting import combination
from pocha_rules.poch._cards import RANK_TEXT, mask_of
from pocha_rules.poch.views import PlayerView

__all__ = [
    "board_line",
    "chips_line",
    "combination_text",
    "deal_title",
    "help_lines",
    "narrate_payments",
    "prompt_lines",
    "series_text",
]

_PLURAL: Final = {
    "2": "2s", "3": "3s", "4": "4s", "5": "5s", "6": "6s", "7": "7s", "8": "8s", "9": "9s",
    "10": "10s", "J": "jacks", "Q": "queens", "K": "kings", "A": "aces",
}  # fmt: skip
_PHASE_TEXT: Final = {
    Phase.BETTING: "the betting",
    Phase.DECIDING: "the opener's decision",
    Phase.SHEDDING: "shedding",
    Phase.OVER: "over",
}


def _ranks(rank: int) -> str:
    return _PLURAL[RANK_TEXT[rank]]


def combination_text(hand: Sequence[Card], rules: RuleSet) -> str:
    """The combination of ``hand`` in words: "a pair of kings", "two pair,
    queens and 7s", "trips of 9s", "quads of aces" or "no combination"."""
    key, _ = combination(mask_of(hand), rules.two_pair == "own_type")
    if not key:
        return "no combination: you can only pass"
    kind = key[0]
    if kind == 1:
        return f"a pair of {_ranks(key[1])}"
    if kind == 2:
        return f"two pair, {_ranks(key[1])} and {_ranks(key[2])}"
    if kind == 3:
        return f"trips of {_ranks(key[1])}"
    return f"quads of {_ranks(key[1])}"


def board_line(pools: Sequence[tuple[str, int]]) -> str:
    """The board's pools: ``ace 4  king 4 ... poch 6``."""
    return "  ".join(f"{name} {chips}" for name, chips in pools)


def chips_line(balances: Sequence[int], out: Sequence[int] = ()) -> str:
    """Every seat's chips (``out`` marks the seats out of the game)."""
    return "  ".join(
        f"seat {s}: {b}{' (out)' if s in out else ''}" for s, b in enumerate(balances)
    )


def deal_title(view: PlayerView) -> str:
    """The title of a deal: its number, the dealer, the turned-up card."""
    total = view.rules.deal_count
    number = f"{view.deal_number + 1}" + ("" if view.rules.end == "bust" else f" of {total}")
    turnup = view.turnup
    trump = "" if turnup is None else f"; {turnup} turned up: {turnup.suit} are trump"
    return f"== deal {number}: seat {view.dealer} deals{trump}"


def series_text(table: Sequence[PlayedCard]) -> str:
    """The cards shed in the deal, a series a group: ``seat 3 9d, seat 2
    10d, seat 1 Jd | seat 1 7c ...``. A card that is not the successor of
    the one before began a new series."""
    groups: list[list[str]] = []
    previous: Card | None = None
    for seat, card in table:
        follows = (
            previous is not None and card.suit is previous.suit and card.rank == previous.rank + 1
        )
        if not follows:
            groups.append([])
        groups[-1].append(f"seat {seat} {card}")
        previous = card
    return " | ".join(", ".join(group) for group in groups)


def _betting_text(view: PlayerView) -> str:
    moves = ", ".join(f"seat {s} {m}" for s, m in view.moves if view.phase is not Phase.SHEDDING)
    if view.opener is None:
        return moves or "nobody has spoken"
    stakes = ", ".join(f"seat {s} {view.stakes[s]}" for s in view.contestants if view.stakes[s])
    limit = view.rules.bet_rounds_max
    rounds = f"round {view.bet_rounds}" + ("" if limit is None else f" of {limit}")
    return f"{moves}; opener seat {view.opener}, level {view.level} ({stakes}); {rounds}"


def prompt_lines(view: PlayerView) -> list[str]:
    """What a person sees before each move: the board, the chips, trump and
    the shown cards, the betting, the table, the hand and the moves."""
    lines = [
        "",
        f"-- seat {view.seat}, your move ({_PHASE_TEXT[view.phase]})",
        f"board:   {board_line(view.pools)}",
        f"chips:   {chips_line(view.balances, view.out)}",
    ]
    if view.turnup is not None:
        lines.append(
            f"trump:   {view.turnup.suit} ({view.turnup} turned up), seat {view.dealer} deals"
        )
    shown = [
        f"seat {s} {' '.join(map(str, cards))}"
        for s, cards in enumerate(view.shown)
        if cards and s != view.seat
    ]
    if shown:
        lines.append(f"shown:   {'; '.join(shown)}")
    if view.phase is Phase.SHEDDING:
        if view.poch_winners:
            lines.append("poch:    won by " + ", ".join(f"seat {s}" for s in view.poch_winners))
        sizes = "  ".join(
            f"seat {s}: {n}" for s, n in enumerate(view.hand_sizes) if s not in view.out
        )
        lines.append(f"cards:   {sizes}")
        lines.append(f"table:   {series_text(view.table) or '(nothing yet)'}")
        if view.last_card is None:
            lines.append("         you begin a series with any card")
    else:
        lines.append(f"betting: {_betting_text(view)}")
    hand = " ".join(map(str, view.hand)) or "(none)"
    if view.phase is Phase.SHEDDING:
        lines.append(f"hand:    {hand}")
    else:
        lines.append(f"hand:    {hand}  ({combination_text(view.hand, view.rules)})")
    moves = view.legal_moves()
    lines.append("moves:   " + "  ".join(f"{i}) {m}" for i, m in enumerate(moves, 1)))
    return lines


def help_lines(rules: RuleSet) -> list[str]:
    """What ``help`` at the prompt prints: the cards and the moves."""
    low = "7" if rules.deck == 32 else "2"
    return [
        "Cards are a rank, then a suit's letter: 10h is the ten of hearts, Qc the queen of clubs.",
        "  suits: c clubs, d diamonds, h hearts, s spades",
        f"  ranks: {low} to 10, then J, Q, K, A (the ace is always high)",
        "A deal: the trump pools are paid at once (the honours, the marriage, the sequence);",
        "then the betting on pairs, two pairs, trips and quads; then shedding: each card",
        "played calls for the next higher card of its suit, and whoever holds it must play",
        "it; a card nobody can follow is a stop and pays its player; the first to shed",
        "every card collects for the cards left in the other hands.",
        "Moves:",
        "  pass       give up the betting for this deal (the only move without a combination)",
        "  open 3     open the betting with 3 chips",
        "  match      put in what the opener asks",
        "  close      (the opener) end the betting: the showdown",
        "  reopen 2   (the opener) add 2 chips and start another round",
        "  play 10h   shed a card; '10h' alone is enough",
        "  3          the move numbered 3 in the list",
        "  quit       leave the game (with --save it is kept, to go on with --resume)",
    ]


def _aggregate(payments: Sequence[Payment]) -> list[str]:
    lines: list[str] = []
    dressing: dict[int | str, int] = {}
    i = 0
    while i < len(payments):
        payment = payments[i]
        reason = payment.reason
        if reason is Reason.DRESSING:
            dressing[payment.payer] = dressing.get(payment.payer, 0) + payment.chips
            i += 1
            continue
        if dressing:
            lines.append(_dressing_text(dressing))
            dressing = {}
        if reason is Reason.BET:
            i += 1
            continue
        if reason in (Reason.STOP, Reason.CARDS):
            j = i
            total = 0
            payers = []
            while (
                j < len(payments)
                and payments[j].reason is reason
                and payments[j].payee == payment.payee
            ):
                total += payments[j].chips
                payers.append(str(payments[j].payer))
                j += 1
            what = "a stop" if reason is Reason.STOP else "the cards left in hand"
            lines.append(
                f"seat {payment.payee} collects {total} chip{'s' if total != 1 else ''} for {what}"
                f" (from seat{'s' if len(payers) > 1 else ''} {', '.join(payers)})"
            )
            i = j
            continue
        lines.append(str(payment))
        i += 1
    if dressing:
        lines.append(_dressing_text(dressing))
    return lines


def _dressing_text(dressing: dict[int | str, int]) -> str:
    amounts = set(dressing.values())
    if len(amounts) == 1:
        (chips,) = amounts
        return f"the board is dressed: {chips} chips from each seat in the deal"
    return "the board is dressed: " + ", ".join(f"seat {s} {c}" for s, c in dressing.items())


def narrate_payments(out: Output, payments: Sequence[Payment]) -> None:
    """Say what ``payments`` did, a line each (dressing and stops summed)."""
    for line in _aggregate(payments):
        out.line(f"  {line}")


def final_lines(state: GameState) -> list[str]:
    """The end of the game: balances, places, net results, the board left."""
    lines = ["", f"the game is over after {state.deals_played} deals"]
    for seat, (balance, place, net) in enumerate(
        zip(state.balances, state.ranking, state.net, strict=True)
    ):
        lines.append(f"  seat {seat}: {balance} chips, place {place}, net {net:+d}")
    left = sum(state.pools.values())
    if left:
        lines.append(f"  {left} chips are left on the board, unclaimed")
    lines.append("winners: " + ", ".join(f"seat {s}" for s in state.winners))
    return lines
