"""``pocha play``: a game in the terminal, people against bots or bots alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pocha_rules._cli.i18n import N_, _, ngettext, pocha_language
from pocha_rules._cli.output import Output, padded
from pocha_rules._cli.playing import Screen
from pocha_rules._cli.playing import Step as _Step
from pocha_rules._cli.sheet import ScoreSheet
from pocha_rules._common.text import shown_path
from pocha_rules._pocha.cards import Card, Suit
from pocha_rules._pocha.engine import explain
from pocha_rules._pocha.game import new_game
from pocha_rules._pocha.moves import Bid, Call, ChooseTrump, Move, Pass, Play, parse_move
from pocha_rules._pocha.rules import RuleSet
from pocha_rules._pocha.schedules import RoundKind
from pocha_rules._pocha.state import GameState, Phase
from pocha_rules.events import MoveMade, TrickWon, events
from pocha_rules.events import step as step_events
from pocha_rules.games import POCHA, GameBot
from pocha_rules.names import card_name, move_name, suit_name
from pocha_rules.views import PlayerView, observe

if TYPE_CHECKING:
    from pocha_rules.records import GameRecord

__all__ = ["PochaScreen"]

Step = _Step[GameState, Move]


def _seat(seat: int) -> str:
    """``seat 2``, in the command's language."""
    return _("seat {seat}").format(seat=seat)


def _card(card: Card) -> str:
    """A card as the narration names it: ``12o`` in English, ``el rey de
    oros (12o)`` in Spanish."""
    if pocha_language() == "en":
        return str(card)
    return f"{card_name(card, 'es', article='definite')} ({card})"


def _suit(suit: Suit) -> str:
    """A suit by its Spanish name, with the English one after it in English."""
    if pocha_language() == "en":
        return f"{suit} ({suit.english})"
    return suit_name(suit, "es")


def _move(move: Move) -> str:
    """A move as a player types it: ``bid 2``, ``play 12o`` in English;
    ``pido 2``, ``12o``, ``triunfo o``, ``puja 3``, ``paso`` in Spanish
    (:func:`~pocha_rules.parse_move` reads both with ``lang="es"``)."""
    if pocha_language() == "en":
        return str(move)
    if isinstance(move, Bid):
        return f"pido {move.tricks}"
    if isinstance(move, Play):
        return str(move.card)
    if isinstance(move, ChooseTrump):
        return f"triunfo {move.suit.letter}"
    if isinstance(move, Call):
        return f"puja {move.tricks}"
    assert isinstance(move, Pass)
    return "paso"


def _describe_trump(view: PlayerView) -> str:
    if view.trump is None:
        if view.round_kind.value == "auction":
            return _("not chosen yet (auction round)")
        return _("not chosen yet (seat {seat} chooses)").format(seat=view.dealer)
    text = _suit(view.trump)
    card = view.trump_card
    if card is not None:
        if view.trump_card_shown_by_dealer:
            if view.dealer_holds_trump_card:
                shown = _(", seat {seat} showed {card} and still holds it")
            else:
                shown = _(", seat {seat} showed {card}")
            text += shown.format(seat=view.dealer, card=_card(card))
        else:
            text += _(", {card} turned up").format(card=_card(card))
    return text


def _round_title(view: PlayerView) -> str:
    total = len(view.rules.schedule)
    number = f"{view.round_index + 1}/{total}" if view.round_index < total else _("tiebreak")
    cards = view.cards_per_player
    what = ngettext("{cards} card each", "{cards} cards each", cards).format(cards=cards)
    kind = view.round_kind
    if kind is RoundKind.AUCTION:
        what = _(" ({round}): {what}, an auction: the highest call names trump").format(
            round=view.round, what=what
        )
    elif kind is RoundKind.BLIND:
        what = _(" ({round}): {what}, blind: you see every card but your own").format(
            round=view.round, what=what
        )
    else:
        what = f": {what}"
    return _("== round {number}{what}; seat {seat} deals").format(
        number=number, what=what, seat=view.dealer
    )


def _labels() -> dict[str, str]:
    """The labels of the prompt's lines, padded to one width."""
    return padded(
        {
            "trump": _("trump:"),
            "auction": _("auction:"),
            "bids": _("bids:"),
            "won": _("won:"),
            "scores": _("scores:"),
            "trick": _("trick:"),
            "seen": _("you see:"),
            "hand": _("hand:"),
            "moves": _("moves:"),
        }
    )


def _prompt_lines(view: PlayerView) -> list[str]:
    n = view.players
    label = _labels()
    your_move = _("-- seat {seat}, your move").format(seat=view.seat)
    lines = ["", your_move, label["trump"] + _describe_trump(view)]
    if view.calls:
        lines.append(
            label["auction"]
            + ", ".join(
                _("{seat} {move}").format(seat=_seat(s), move=_move(c)) for s, c in view.calls
            )
        )
    bids = ["-" if bid is None else str(bid) for bid in view.bids]
    lines.append(label["bids"] + "  ".join(f"{_seat(s)}: {bids[s]}" for s in range(n)))
    lines.append(label["won"] + "  ".join(f"{_seat(s)}: {view.tricks_won[s]}" for s in range(n)))
    lines.append(label["scores"] + "  ".join(f"{_seat(s)}: {view.scores[s]}" for s in range(n)))
    if view.trick:
        lines.append(label["trick"] + ", ".join(f"{_seat(p.seat)} {p.card}" for p in view.trick))
    if view.round_kind is RoundKind.BLIND and view.phase is not Phase.PLAY:
        seen = [
            f"{_seat(s)}: {' '.join(map(str, hand))}"
            for s, hand in enumerate(view.visible_hands)
            if hand is not None and s != view.seat
        ]
        lines.append(label["seen"] + ", ".join(seen) + _(" (your own card is hidden)"))
    else:
        lines.append(label["hand"] + (" ".join(map(str, view.hand)) or _("(none)")))
    moves = view.legal_moves()
    lines.append(label["moves"] + "  ".join(f"{i}) {_move(m)}" for i, m in enumerate(moves, 1)))
    return lines


def _help(rules: RuleSet) -> list[str]:
    """What ``help`` at the prompt prints: the card notation and the moves."""
    suits = ", ".join(f"{s.letter} {_suit(s)}" for s in Suit)
    no_eights = rules.deck == 40
    missing = _("the 40-card deck has no 8 or 9") if no_eights else _("8 and 9 are in play")
    order = " ".join(map(str, rules.rank_order))
    return [
        _("Cards are a rank, then a suit's letter: 1o is the as of oros, 12e the rey of espadas."),
        "  " + _("suits: {suits}").format(suits=suits),
        "  "
        + _("ranks: 1 (as) to 7, then 10 sota, 11 caballo, 12 rey; {missing}").format(
            missing=missing
        ),
        "  " + _("the strongest first: {order}").format(order=order),
        _("Moves:"),
        "  " + _("bid 2     the tricks you will take, exactly"),
        "  " + _("play 12o  play a card; '12o' alone is enough"),
        "  "
        + _(
            "trump o   name trump (the dealer when it is theirs to choose, or the auction winner)"
        ),
        "  "
        + _("call 3    in an auction: the tricks you would take with the trump of your choice"),
        "  " + _("pass      in an auction: no call"),
        "  " + _("3         the move numbered 3 in the list"),
        "  " + _("quit      leave the game (with --save it is kept, to go on with --resume)"),
    ]


def _narrate(out: Output, before: GameState, move: Move, after: GameState) -> None:
    for event in events(before, after):
        if isinstance(event, MoveMade):
            if pocha_language() == "en":
                out.line(f"seat {event.seat}: {event.move}")
            elif isinstance(event.move, Play | ChooseTrump):
                out.line(f"{_seat(event.seat)}: {move_name(event.move, 'es')}")
            else:  # what the player said: "pido 2", "paso"
                out.line(f"{_seat(event.seat)}: {_move(event.move)}")
        elif isinstance(event, TrickWon):
            out.line("  " + _("seat {seat} takes the trick").format(seat=event.seat))


class PochaScreen(Screen[RuleSet, GameState, Move, PlayerView]):
    """Pocha at the terminal: the round's title and trump, the bids and
    tricks before a move, the score sheet after each round."""

    game = POCHA
    move_type = Move
    command = ("play",)
    new_game_options = ("--seed", "--dealer", "--preset", "--players", "--deck", "--rule")
    tag_help = N_("a tag for the saved record, such as event=Fiestas or site=Madrid (repeatable)")

    def __init__(self, out: Output) -> None:
        super().__init__(out)
        self.sheet: ScoreSheet | None = None

    def restart(self, record: GameRecord) -> GameState:
        return new_game(
            record.rules, seed=record.seed, dealer=record.first_dealer, deals=record.deals
        )

    def period(self, state: GameState) -> int:
        return state.round_index

    def played(self, state: GameState) -> bool:
        return bool(state.history)

    illegal = staticmethod(explain)

    def advance(
        self, state: GameState, move: Move, bots: Sequence[GameBot[PlayerView, Move]]
    ) -> GameState:
        after, happened = step_events(state, move)
        for bot in bots:
            notify = getattr(bot, "notify", None)
            if callable(notify):
                notify(happened)
        return after

    def intro(self, state: GameState) -> str:
        rules = state.rules
        return _(
            "Pocha: {players} players, {rounds} rounds, seed {seed}, seat {seat} deals first"
        ).format(
            players=rules.players,
            rounds=len(rules.schedule),
            seed=state.seed,
            seat=state.first_dealer,
        )

    def resumed(self, path: str, state: GameState) -> str:
        return _("resumed from {path}: round {round}, {moves} moves played").format(
            path=shown_path(path), round=state.round_index + 1, moves=len(state.history)
        )

    def over(self, path: str, winners: str) -> str:
        return _(
            "{path}: the game is over (winners: {winners}), there is nothing to "
            "resume; 'pocha replay {path}' shows its score sheet"
        ).format(path=path, winners=winners)

    def begin(self, state: GameState, earlier: Sequence[Step], watcher: int | None) -> None:
        assert watcher is not None  # told only with people at the table
        view = observe(state, watcher)
        self.out.line()
        self.out.line(_round_title(view))
        self.out.line(_("trump: ") + _describe_trump(view))
        for step in earlier:
            _narrate(self.out, *step)

    def title(self, state: GameState, seat: int) -> str:
        return _round_title(observe(state, seat))

    def narrate(
        self, before: GameState, move: Move, after: GameState, watcher: int | None
    ) -> None:
        _narrate(self.out, before, move, after)

    def start(self, state: GameState, humans: Sequence[int]) -> None:
        self.sheet = ScoreSheet(self.out, state.rules)
        if state.round_results or not humans:
            self.sheet.header()
            for result in state.round_results:
                self.sheet.row(result)
            if humans:
                self.sheet.legend()

    def after(self, before: GameState, after: GameState, humans: Sequence[int]) -> None:
        for result in after.round_results[len(before.round_results) :]:
            if humans:  # the whole sheet so far, after the narration
                self.out.line()
                self.sheet = ScoreSheet(self.out, before.rules)
                self.sheet.header()
                for earlier in after.round_results:
                    self.sheet.row(earlier)
                self.sheet.legend()
            else:
                assert self.sheet is not None
                self.sheet.row(result)

    def finish(self, state: GameState, humans: Sequence[int]) -> None:
        assert self.sheet is not None
        if not humans:
            self.sheet.legend()
        self.sheet.footer(state)

    prompt = staticmethod(_prompt_lines)
    help = staticmethod(_help)

    def parse(self, text: str, rules: RuleSet) -> Move:
        return parse_move(text, deck=rules.deck, lang="es")  # reads English too
