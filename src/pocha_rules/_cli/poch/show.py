"""What a person sees of a Poch game in the terminal, in the command's
language: the board, the chips, trump, the hand, the betting and the table,
and the narration of a deal: its moves, the showdown and every payment."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final

from pocha_rules._cli.i18n import _, current_language, ngettext
from pocha_rules._cli.output import Output, padded
from pocha_rules._messages_de import GERMAN_VERBS
from pocha_rules.poch import (
    Card,
    Close,
    GameState,
    Move,
    Payment,
    Phase,
    PlayedCard,
    Reason,
    RuleSet,
    observe,
    parse_move,
)
from pocha_rules.poch._betting import combination
from pocha_rules.poch._cards import mask_of
from pocha_rules.poch.views import PlayerView

__all__ = [
    "MOVE_WORDS",
    "board_line",
    "chips_line",
    "combination_text",
    "deal_title",
    "final_lines",
    "help_lines",
    "move_text",
    "narrate_move",
    "narrate_payments",
    "parse_typed",
    "pool_name",
    "prompt_lines",
    "series_text",
]

MOVE_WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "pass": "pass",
        "open": "open",
        "match": "match",
        "close": "close",
        "reopen": "reopen",
        "play": "play",
    },
    "es": {
        "pass": "paso",
        "open": "abro",
        "match": "igualo",
        "close": "cierro",
        "reopen": "reabro",
        "play": "juego",
    },
    "de": GERMAN_VERBS,
}
"""The words of Poch's moves as a player types them, in each language
(the English ones are the library's :func:`~pocha_rules.poch.parse_move`
words); the prompt reads all of them."""

_OLD_WORDS: Final[dict[str, str]] = {"mitgehen": "match"}
"""Words the prompt used to show and still reads, unannounced: German
*mitgehen*, now *halten* as on the German rules page."""

_READ: Final = {
    **_OLD_WORDS,
    **{word: english for words in MOVE_WORDS.values() for english, word in words.items()},
}
_ALONE: Final = frozenset(
    [
        *(
            word
            for words in MOVE_WORDS.values()
            for key in ("pass", "match", "close")
            for word in [words[key]]
        ),
        *(word for word, english in _OLD_WORDS.items() if english in ("pass", "match", "close")),
    ]
)


def _words() -> dict[str, str]:
    return MOVE_WORDS.get(current_language(), MOVE_WORDS["en"])


def move_text(move: Move) -> str:
    """``move`` as a player types it in the command's language: ``open 3``,
    ``abro 3``, ``pochen 3``."""
    first, _space, rest = str(move).partition(" ")
    word = _words()[first]
    return f"{word} {rest}" if rest else word


def parse_typed(text: str, rules: RuleSet) -> Move:
    """The move a person typed, in any of the languages' words; a card
    alone is a card played (a :class:`~pocha_rules.PochaError` when none)."""
    words = text.split()
    if len(words) == 1 and words[0].lower() not in _ALONE:
        words = ["play", *words]
    if words:
        words[0] = _READ.get(words[0].lower(), words[0])
    return parse_move(" ".join(words), deck=rules.deck)


def _seat(seat: int | str) -> str:
    return _("seat {seat}").format(seat=seat)


def _seats(seats: Sequence[int]) -> str:
    """Seats in a sentence: ``seat 1``, ``seat 1 and seat 2``."""
    names = [_seat(s) for s in seats]
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _chips(chips: int) -> str:
    return ngettext("{chips} chip", "{chips} chips", chips).format(chips=chips)


def _ranks(rank: int) -> str:
    """A rank in the plural: ``kings``, ``9s``."""
    names = {
        2: _("2s"), 3: _("3s"), 4: _("4s"), 5: _("5s"), 6: _("6s"), 7: _("7s"),
        8: _("8s"), 9: _("9s"), 10: _("10s"), 11: _("jacks"), 12: _("queens"),
        13: _("kings"), 14: _("aces"),
    }  # fmt: skip
    return names[rank]


def _suit(card: Card) -> str:
    """A suit's name (the suit of ``card``)."""
    names = {"c": _("clubs"), "d": _("diamonds"), "h": _("hearts"), "s": _("spades")}
    return names[str(card)[-1]]


def pool_name(name: str) -> str:
    """A pool of the board by its name in the command's language."""
    names = {
        "ace": _("ace"), "king": _("king"), "queen": _("queen"), "jack": _("jack"),
        "ten": _("ten"), "marriage": _("marriage"), "sequence": _("sequence"),
        "poch": _("poch"), "centre": _("centre"),
    }  # fmt: skip
    return names.get(name, name)


def _key_text(key: tuple[int, ...]) -> str:
    if not key:
        return _("no combination")
    kind = key[0]
    if kind == 1:
        return _("a pair of {ranks}").format(ranks=_ranks(key[1]))
    if kind == 2:
        return _("two pair ({high} and {low})").format(high=_ranks(key[1]), low=_ranks(key[2]))
    if kind == 3:
        return _("trips of {ranks}").format(ranks=_ranks(key[1]))
    return _("quads of {ranks}").format(ranks=_ranks(key[1]))


def _key(hand: Sequence[Card], rules: RuleSet) -> tuple[int, ...]:
    key, _mask = combination(mask_of(hand), rules.two_pair == "own_type")
    return key


def combination_text(hand: Sequence[Card], rules: RuleSet) -> str:
    """The combination of ``hand`` in words: "a pair of kings", "two pair
    (queens and 7s)", "trips of 9s", "quads of aces" or "no combination"."""
    return _key_text(_key(hand, rules))


def board_line(pools: Sequence[tuple[str, int]]) -> str:
    """The board's pools: ``ace 4  king 4 ... poch 6``."""
    return "  ".join(f"{pool_name(name)} {chips}" for name, chips in pools)


def chips_line(balances: Sequence[int], out: Sequence[int] = ()) -> str:
    """Every seat's chips (``out`` marks the seats out of the game)."""
    gone = _(" (out)")
    return "  ".join(f"{_seat(s)}: {b}{gone if s in out else ''}" for s, b in enumerate(balances))


def deal_title(view: PlayerView) -> str:
    """The title of a deal: its number, the dealer, the turned-up card."""
    number = str(view.deal_number + 1)
    if view.rules.end != "bust":
        number = _("{number} of {total}").format(number=number, total=view.rules.deal_count)
    turnup = view.turnup
    trump = ""
    if turnup is not None:
        trump = _("; {card} turned up: {suit} are trump").format(card=turnup, suit=_suit(turnup))
    return _("== deal {number}: seat {seat} deals{trump}").format(
        number=number, seat=view.dealer, trump=trump
    )


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
        groups[-1].append(f"{_seat(seat)} {card}")
        previous = card
    return " | ".join(", ".join(group) for group in groups)


def _phase(phase: Phase) -> str:
    names = {
        Phase.BETTING: _("the betting"),
        Phase.DECIDING: _("the opener's decision"),
        Phase.SHEDDING: _("shedding"),
        Phase.OVER: _("over"),
    }
    return names[phase]


def _said(seat: int, move: Move) -> str:
    """What a seat said in the betting: ``seat 2: pass``."""
    return _("{seat}: {move}").format(seat=_seat(seat), move=move_text(move))


def _betting_text(view: PlayerView) -> str:
    moves = ", ".join(_said(s, m) for s, m in view.moves if view.phase is not Phase.SHEDDING)
    if view.opener is None:
        return moves or _("nobody has spoken")
    stakes = ", ".join(f"{_seat(s)} {view.stakes[s]}" for s in view.contestants if view.stakes[s])
    limit = view.rules.bet_rounds_max
    if limit is None:
        rounds = _("round {round}").format(round=view.bet_rounds)
    else:
        rounds = _("round {round} of {limit}").format(round=view.bet_rounds, limit=limit)
    return _(
        "{moves}; opener {opener}; level {level}, what each must have bet to stay in "
        "(bet so far: {stakes}); {rounds}"
    ).format(
        moves=moves, opener=_seat(view.opener), level=view.level, stakes=stakes, rounds=rounds
    )


def _labels() -> dict[str, str]:
    """The labels of the prompt's lines, padded to one width."""
    return padded(
        {
            "board": _("board:"),
            "chips": _("chips:"),
            "trump": _("trump:"),
            "shown": _("shown:"),
            "poch": _("poch:"),
            "cards": _("cards:"),
            "table": _("table:"),
            "betting": _("betting:"),
            "hand": _("hand:"),
            "moves": _("moves:"),
        }
    )


def prompt_lines(view: PlayerView) -> list[str]:
    """What a person sees before each move: the board, the chips, trump and
    the shown cards, the betting, the table, the hand and the moves."""
    label = _labels()
    lines = [
        "",
        _("-- seat {seat}, your move ({phase})").format(seat=view.seat, phase=_phase(view.phase)),
        label["board"] + board_line(view.pools),
        label["chips"] + chips_line(view.balances, view.out),
    ]
    if view.turnup is not None:
        lines.append(
            label["trump"]
            + _("{suit} ({card} turned up), seat {seat} deals").format(
                suit=_suit(view.turnup), card=view.turnup, seat=view.dealer
            )
        )
    shown = [
        f"{_seat(s)} {' '.join(map(str, cards))}"
        for s, cards in enumerate(view.shown)
        if cards and s != view.seat
    ]
    if shown:
        lines.append(label["shown"] + "; ".join(shown))
    if view.phase is Phase.SHEDDING:
        if view.poch_winners:
            winners = ", ".join(_seat(s) for s in view.poch_winners)
            lines.append(label["poch"] + _("won by {seats}").format(seats=winners))
        sizes = "  ".join(
            f"{_seat(s)}: {n}" for s, n in enumerate(view.hand_sizes) if s not in view.out
        )
        lines.append(label["cards"] + sizes)
        lines.append(label["table"] + (series_text(view.table) or _("(nothing yet)")))
        if view.last_card is None:
            lines.append(" " * len(label["table"]) + _("you begin a series with any card"))
    else:
        lines.append(label["betting"] + _betting_text(view))
    hand = " ".join(map(str, view.hand)) or _("(none)")
    if view.phase is Phase.SHEDDING:
        lines.append(label["hand"] + hand)
    else:
        key = _key(view.hand, view.rules)
        what = _key_text(key) if key else _("no combination: you can only pass")
        lines.append(label["hand"] + f"{hand}  ({what})")
    moves = view.legal_moves()
    lines.append(
        label["moves"] + "  ".join(f"{i}) {move_text(m)}" for i, m in enumerate(moves, 1))
    )
    return lines


def help_lines(rules: RuleSet) -> list[str]:
    """What ``help`` at the prompt prints: the cards and the moves."""
    low = "7" if rules.deck == 32 else "2"
    word = _words()
    moves = [
        (
            word["pass"],
            _("give up the betting for this deal (the only move without a combination)"),
        ),
        (f"{word['open']} 3", _("open the betting with 3 chips")),
        (word["match"], _("put in what the opener asks")),
        (word["close"], _("(the opener) end the betting: the showdown")),
        (f"{word['reopen']} 2", _("(the opener) add 2 chips and start another round")),
        (f"{word['play']} 10h", _("shed a card; '10h' alone is enough")),
        ("3", _("the move numbered 3 in the list")),
        (_("quit"), _("leave the game (with --save it is kept, to go on with --resume)")),
    ]
    width = max(len(typed) for typed, _what in moves) + 2
    return [
        _(
            "Cards are a rank, then a suit's letter: 10h is the ten of hearts, Qc the queen of "
            "clubs."
        ),
        "  " + _("suits: c clubs, d diamonds, h hearts, s spades"),
        "  " + _("ranks: {low} to 10, then J, Q, K, A (the ace is always high)").format(low=low),
        *textwrap.wrap(
            _(
                "A deal: the trump pools are paid at once (the honours, the marriage, the "
                "sequence); then the betting on pairs, two pairs, trips and quads; then "
                "shedding: each card played calls for the next higher card of its suit, and "
                "whoever holds it must play it; a card nobody can follow is a stop and pays "
                "its player; the first to shed every card collects for the cards left in the "
                "other hands."
            ),
            width=86,
        ),
        _("Moves:"),
        *(f"  {typed.ljust(width)} {what}" for typed, what in moves),
    ]


# --- the narration of payments ------------------------------------------------------


def _payment_lines(payments: Sequence[Payment]) -> list[str]:
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
            paid = []
            while (
                j < len(payments)
                and payments[j].reason is reason
                and payments[j].payee == payment.payee
            ):
                paid.append((payments[j].payer, payments[j].chips))
                j += 1
            lines.append(_collects_text(payment.payee, reason, paid))
            i = j
            continue
        lines.append(_payment_text(payment))
        i += 1
    if dressing:
        lines.append(_dressing_text(dressing))
    return lines


def _collects_text(payee: int | str, reason: Reason, paid: list[tuple[int | str, int]]) -> str:
    total = sum(chips for _payer, chips in paid)
    payers = ", ".join(
        _("{seat} pays {chips}").format(seat=_seat(payer), chips=chips) for payer, chips in paid
    )
    if reason is Reason.STOP:
        text = _("{seat} collects {chips} for a stop: {payers}")
    else:
        text = _("{seat} collects {chips} for the cards left in hand: {payers}")
    return text.format(seat=_seat(payee), chips=_chips(total), payers=payers)


def _payment_text(payment: Payment) -> str:
    chips = _chips(payment.chips)
    reason = payment.reason
    if reason is Reason.BOARD:
        return _("{seat} takes a share of the {pool} pool: {chips}").format(
            seat=_seat(payment.payee), pool=pool_name(str(payment.payer)), chips=chips
        )
    if isinstance(payment.payer, str) and isinstance(payment.payee, int):
        return _("{seat} takes the {pool} pool: {chips}").format(
            seat=_seat(payment.payee), pool=pool_name(payment.payer), chips=chips
        )
    if isinstance(payment.payer, int) and isinstance(payment.payee, int):
        return _("{payer} pays {payee} {chips}").format(
            payer=_seat(payment.payer), payee=_seat(payment.payee), chips=chips
        )
    return _("{payer} puts {chips} in the {pool} pool").format(
        payer=_seat(payment.payer), chips=chips, pool=pool_name(str(payment.payee))
    )


def _dressing_text(dressing: dict[int | str, int]) -> str:
    amounts = set(dressing.values())
    if len(amounts) == 1:
        (chips,) = amounts
        return ngettext(
            "the board is dressed: {chips} chip from each seat in the deal",
            "the board is dressed: {chips} chips from each seat in the deal",
            chips,
        ).format(chips=chips)
    return _("the board is dressed: ") + ", ".join(f"{_seat(s)} {c}" for s, c in dressing.items())


def narrate_payments(out: Output, payments: Sequence[Payment]) -> None:
    """Say what ``payments`` did, a line each (the dressing summed, and the
    payments for a stop or for the cards left in hand one line with each
    payer's chips)."""
    for line in _payment_lines(payments):
        out.line(f"  {line}")


# --- the narration of a move --------------------------------------------------------


def _hand_text(cards: Sequence[Card], rules: RuleSet) -> str:
    return f"{' '.join(map(str, cards))} ({combination_text(cards, rules)})"


def _showdown_lines(
    before: PlayerView, after: PlayerView, watcher: int | None, winners: Sequence[int]
) -> list[str]:
    """Every contestant's cards and combination, and why the winners won."""
    rules = before.rules
    lines = [_("showdown:")]
    keys: dict[int, tuple[int, ...]] = {}
    for seat in before.contestants:
        cards = before.hand if seat == watcher else after.shown[seat]
        keys[seat] = _key(cards, rules)
        lines.append(
            "  " + _("{seat} shows {hand}").format(seat=_seat(seat), hand=_hand_text(cards, rules))
        )
    if not winners:
        return lines
    best = keys.get(winners[0], ())
    others = [key for seat, key in keys.items() if seat not in winners]
    if len(winners) > 1:
        lines.append(
            _("{seats} tie with {combination} and share the poch").format(
                seats=_seats(winners), combination=_key_text(best)
            )
        )
    elif others:
        lines.append(
            _("{seat} wins the poch: {combination} beats {other}").format(
                seat=_seat(winners[0]), combination=_key_text(best), other=_key_text(max(others))
            )
        )
    return lines


def narrate_move(
    out: Output, before: GameState, move: Move, after: GameState, watcher: int | None
) -> None:
    """Tell ``move`` and what it brought about: the cards it showed, the
    showdown, the payments, the end of the deal. ``watcher`` is the seat of
    the person at the terminal (whose hand is theirs to see), or ``None``
    when nobody's is."""
    out.line(_said(before.to_move, move) if before.to_move is not None else move_text(move))
    seat = 0 if watcher is None else watcher
    new = after.ledger[len(before.ledger) :]
    this_deal = [p for p in new if p.deal == before.deal_number]
    same_deal = after.deal_number == before.deal_number and not after.is_over
    poch = [p for p in this_deal if p.reason is Reason.POCH]
    winners = sorted({p.payee for p in poch if isinstance(p.payee, int)})
    if same_deal:
        seen_before, seen_after = observe(before, seat), observe(after, seat)
        if isinstance(move, Close):
            for line in _showdown_lines(seen_before, seen_after, watcher, winners):
                out.line(f"  {line}")
        else:
            for other, cards in enumerate(seen_after.shown):
                extra = [c for c in cards if c not in seen_before.shown[other]]
                if extra and other != watcher:
                    out.line(
                        "  "
                        + _("{seat} shows {cards}").format(
                            seat=_seat(other), cards=" ".join(map(str, extra))
                        )
                    )
            if winners:
                out.line(
                    "  " + _("{seats} takes the poch uncontested").format(seats=_seats(winners))
                )
        if winners and watcher is not None:
            hand = seen_before.hand
            out.line("  " + _("your hand: {hand}").format(hand=_hand_text(hand, before.rules)))
    narrate_payments(out, this_deal)
    if after.deal_number != before.deal_number or after.is_over:
        result = after.deal_results[-1]
        changes = "  ".join(f"{_seat(s)}: {c:+d}" for s, c in enumerate(result.changes))
        out.line(
            "  "
            + _("deal {number} is over: {changes}").format(
                number=result.index + 1, changes=changes
            )
        )
        if after.is_over:
            narrate_payments(out, [p for p in new if p.deal != before.deal_number])


def final_lines(state: GameState) -> list[str]:
    """The end of the game: balances, places, net results, the board left."""
    deals = state.deals_played
    lines = [
        "",
        ngettext(
            "the game is over after {deals} deal", "the game is over after {deals} deals", deals
        ).format(deals=deals),
    ]
    for seat, (balance, place, net) in enumerate(
        zip(state.balances, state.ranking, state.net, strict=True)
    ):
        lines.append(
            "  "
            + _("{seat}: {chips}, place {place}, net {net}").format(
                seat=_seat(seat), chips=_chips(balance), place=place, net=f"{net:+d}"
            )
        )
    left = sum(state.pools.values())
    if left:
        lines.append(
            "  "
            + ngettext(
                "{chips} chip is left on the board, unclaimed",
                "{chips} chips are left on the board, unclaimed",
                left,
            ).format(chips=left)
        )
    lines.append(_("winners: ") + ", ".join(_seat(s) for s in state.winners))
    return lines
