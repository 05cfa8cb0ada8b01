"""``pocha explain "POSITION"``: what each move may or may not do, and why."""

from __future__ import annotations

import pytest

from pocha_rules._cli import main

# Classic rules with a five-round plan, round 5 (2 cards each), dealer 0,
# trump copas: seat 1 led the as de oros, seat 2 followed; seat 3 holds the
# cinco de oros and the seis de copas.
FOLLOW = (
    "classic,schedule=1.1.1.1.2 5:2 0 7c 3o7b/4c/2e/5o6c - 0/1/0/0 1:1o12o 0/0/0/0 3 0/0/0/0 3"
)
# The first round of the classic rules, seat 3 bids last under the hook.
HOOK = "classic 1:1 3 2b 4c/10o/4e/1c - 1/0/0/- - 0/0/0/0 3 0/0/0/0 7"


def explain(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["explain", "--plain", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_each_card_with_its_verdict_and_reason(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = explain(capsys, FOLLOW)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == (
        "round 5 (2 cards each), playing the tricks, trump copas (cups) (7c turned up); "
        "on the table: 1o (seat 1), 12o (seat 2); seat 3 to move"
    )
    assert lines[2].split() == ["play", "5o", "plays", "the", "five", "of", "coins", "allowed"]
    assert lines[3].startswith("play 6c  plays the six of cups    not allowed: must follow suit:")
    assert lines[3].endswith("oros was led and the hand holds 5o")


def test_moves_named_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = explain(capsys, "--lang", "es", FOLLOW)
    assert "juega el cinco de oros" in out
    assert "juega el seis de copas" in out
    assert "juego de las bazas, triunfo copas" in out
    assert "no se puede: hay que asistir" in out or "no se puede: must follow suit" in out


def test_the_hook_in_bidding(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = explain(capsys, HOOK)
    lines = out.splitlines()
    assert "bidding" in lines[0]
    assert lines[2].startswith("bid 0  bids 0 tricks  not allowed: the hook: the last bidder")
    assert lines[3].split() == ["bid", "1", "bids", "1", "trick", "allowed"]


def test_a_view_of_the_seat_to_move_and_of_another(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = explain(capsys, HOOK.replace("4c/10o/4e/1c", "?/?/?/1c").replace(" 7", " @3"))
    assert "not allowed: the hook" in out
    _, out, _ = explain(capsys, HOOK.replace("4c/10o/4e/1c", "?/?/4e/?").replace(" 7", " @2"))
    assert out.splitlines()[1] == (
        "seat 3 is to move; this is seat 2's view, which does not show seat 3's cards"
    )


def test_an_auction_and_a_choice_of_trump(capsys: pytest.CaptureFixture[str]) -> None:
    auction = "classic,schedule=2a 1:2a 0 - 1o3o/4c5c/2e7e/5o6c 1 -/-/-/- - 0/0/0/0 2 0/0/0/0 1"
    _, out, _ = explain(capsys, auction)
    assert (
        "call 1  calls 1 trick   not allowed: a call must beat the highest call so far (1)" in out
    )
    assert "call 2  calls 2 tricks  allowed" in out
    assert "pass    passes          allowed" in out
    chosen = auction.replace(" 1 -/", " 1,p,2,p -/").replace(" 2 0/0/0/0 1", " 3 0/0/0/0 1")
    _, out, _ = explain(capsys, chosen.replace("-/-/-/-", "-/-/-/2"))
    assert "trump o  chooses coins as trump   allowed" in out


def test_a_position_that_does_not_read(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = explain(capsys, HOOK.replace("1/0/0/-", "1/0/9/-"))
    assert status == 1
    assert out == ""
    lines = err.splitlines()
    assert lines[0] == (
        "pocha explain: cannot read the position at character 37 (bids): "
        "bids run from 0 to 1 in a 1-card round"
    )
    assert lines[2].index("^") == lines[1].index("1/0/9/-") + 4
