"""``pocha poch`` as a Poch player meets it, in English, German and Spanish:
a whole deal at a terminal with no English word left in the other
languages, the showdown's combinations and why the winner won, who paid
how many, the level explained, ``replay --moves`` in the order things
happened, ``rules`` with the meaning of each value, and ``rules full``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest

from pocha_rules._cli.i18n import catalog_path, read_po
from pocha_rules.poch.records import load, replay
from tests.cli_msgids import cli_modules, msgids, reached_msgids
from tests.test_cli import pocha
from tests.test_cli_terminal import play_on_a_terminal

GERMAN: Final = {"LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
# Seed 8, four players, one deal, a person at seat 0 who always takes the
# first move: the person passes, seats 1 and 2 bet and tie at the showdown,
# then stops are paid and seat 0 sheds its cards.
DEAL: Final = ("--players", "4", "--seed", "8", "--rule", "end=deals", "--rule", "deals=1")
ENGLISH_WORDS: Final = frozenset(
    re.findall(
        r"\w+",
        """
    seat seats deal deals dealt chip chips pay pays paid takes take shows show pool pools
    board trump turned pass open match close reopen play your you move moves level round
    over winner winners the and of is are game collects for stop left nobody showdown
    betting shedding opener place net cards card with from each press enter keyboard saved
    none nothing yet begin series tie share wins beats pair pairs trips quads queens kings
    aces jacks clubs diamonds hearts spades king queen jack ace ten marriage sequence
    """,
    )
)
"""English words a German or Spanish screen of Poch must not show (``hand``,
``in`` and ``bot`` are German words too, ``as`` is a Spanish one)."""


def _english(text: str) -> set[str]:
    return {word for word in re.findall(r"[A-Za-z]+", text) if word.lower() in ENGLISH_WORDS}


# --- the catalogs ----------------------------------------------------------------------


POCH_ROOTS: Final = (
    ("pocha_rules._cli", "*"),  # the program every command runs in
    ("pocha_rules._cli.command_list", "POCH_GROUP"),  # pocha poch and its commands
    *((module, "*") for module in cli_modules() if module.startswith("pocha_rules._cli.poch")),
)
"""Where ``pocha poch`` starts: every text reachable from there, in Poch's
own modules or in those shared with Pocha, is one a Poch player can meet."""
POCHA_ONLY: Final = (("pocha_rules._cli.command_list", "POCHA"),)
"""Pocha's commands, which the walk from the program does not go into."""


def _pochs_texts() -> dict[str, str | None]:
    reached = reached_msgids(POCH_ROOTS, POCHA_ONLY)
    return {msgid: plural for msgid, (plural, _places) in reached.items()}


def test_the_texts_of_pochs_commands_are_found_in_the_shared_modules_too() -> None:
    used = _pochs_texts()
    assert len(used) > 340
    # Shared code that Poch's commands call...
    assert "games to play" in used  # simulate's options
    assert "one bot for all seats or one per seat ({bots})" in used
    assert "{games} of {asked} games (seeds from {first}); the others did not finish" in used
    assert "crosstable: sets won (a draw is half) of sets played" in used  # tournament
    assert "a round robin of bots and engines, with ratings" in used
    assert "simulating" in used  # workers
    # ... and not the functions of the same modules that only Pocha's call.
    assert "exact bids" not in used  # Pocha's simulate, next to the shared code
    assert "auction:" not in used  # Pocha's table
    assert "the schedule preset (default: classic)" not in used  # Pocha's options
    # Every text is in a name the walk can reach from somewhere.
    everywhere = [(module, "*") for module in cli_modules()]
    assert reached_msgids(everywhere).keys() == msgids().keys()


def test_every_text_of_pochs_commands_is_in_german() -> None:
    catalog = read_po(catalog_path("de"))
    used = _pochs_texts()
    missing = [msgid for msgid in used if not catalog.get(msgid)]
    assert missing == []
    for msgid, plural in used.items():
        found = catalog[msgid]
        assert isinstance(found, tuple) == (plural is not None), msgid
        fields = set(re.findall(r"\{\w+\}", msgid))
        for form in found if isinstance(found, tuple) else (found,):
            assert set(re.findall(r"\{\w+\}", form)) == fields, msgid


def test_the_german_catalog_holds_no_text_pochs_commands_do_not_show() -> None:
    assert set(read_po(catalog_path("de"))) - set(_pochs_texts()) == set()


def test_simulate_and_tournament_options_and_refusals_in_german() -> None:
    done = pocha("poch", "simulate", "--help", env=GERMAN)
    assert done.returncode == 0, done.stderr
    for german, english in [
        ("zu spielende Partien", "games to play"),
        ("Startwert der ersten Partie", "seed of the first game"),
        ("die Zusammenfassung als JSON ausgeben", "print the summary as JSON"),
        ("ein Bot für alle Plätze oder einer je Platz", "one bot for all seats"),
    ]:
        assert german in done.stdout
        assert english not in done.stdout
    unknown = pocha("poch", "simulate", "-n", "2", "--bots", "x", env=GERMAN)
    assert unknown.returncode == 2
    assert "Fehler: --bots: unbekannter Bot 'x'; Bots: heuristic, " in unknown.stderr
    short = pocha("poch", "simulate", "-n", "2", "--bots", "random,random", env=GERMAN)
    assert "Fehler: --bots: 2 Bots für 4 Spieler (einen angeben oder einen je Platz)" in (
        short.stderr
    )
    group = pocha("poch", "--help", env=GERMAN)
    assert "ein Rundenturnier von Bots und Engines, mit" in group.stdout
    assert "poch.json                  # die Spiele einer Aufzeichnung\n" in group.stdout
    assert "# a " not in group.stdout
    tournament = pocha("poch", "tournament", "--help", env=GERMAN)
    assert "mit einer Kreuztabelle" in tournament.stdout
    assert "  --bot BOT             ein Bot (wiederholbar)\n" in tournament.stdout


def test_argparse_speaks_german() -> None:
    assert read_po(catalog_path("de", "argparse")).keys() == (
        read_po(catalog_path("es", "argparse")).keys()
    )
    done = pocha("poch", "play", "--help", env=GERMAN)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Aufruf: pocha poch play")
    assert "\nOptionen:\n" in done.stdout
    assert "\nRegeln:\n" in done.stdout
    assert "\nBeispiele:\n" in done.stdout
    assert "Spiele eine Partie Poch im Terminal gegen Bots" in done.stdout
    spanish = pocha("--lang", "es", "poch", "play", "--help")
    assert "\nreglas:\n" in spanish.stdout
    assert "rules:" not in spanish.stdout
    wrong = pocha("poch", "play", "--players", "9", env=GERMAN)
    assert wrong.returncode == 2
    assert "ungültige Regeln: players:" in wrong.stderr


# --- a whole deal at a terminal ----------------------------------------------------------


def test_a_whole_deal_in_german_at_a_terminal() -> None:
    status, shown = play_on_a_terminal("--human", "0", *DEAL, lang="de", command=("poch", "play"))
    assert status == 0, shown
    assert _english(shown) == set(), shown
    lines = shown.splitlines()
    assert "Plätze: 0 du, 1 Heuristik-Bot, 2 Heuristik-Bot, 3 Heuristik-Bot" in lines
    assert "== Spiel 1 von 1: Platz 3 gibt; 10c aufgeschlagen: Kreuz ist Trumpf" in lines
    assert "  das Brett wird besetzt: 8 Marken von jedem Platz im Spiel" in lines
    assert "  Platz 1 nimmt das Fach König: 4 Marken" in lines
    assert "-- Platz 0, du bist am Zug (das Pochen)" in lines
    assert "Pochen: noch hat keiner gesprochen" in lines
    assert "Platz 0: passen" in lines
    assert "Platz 1: pochen 3" in lines
    assert "Platz 1: aufdecken" in lines
    assert "  Aufdecken:" in lines
    assert "    Platz 1 zeigt Kc 7d Kd 9h Ah (ein Paar Könige)" in lines
    assert "  Platz 1 und Platz 2 sind gleich gut (ein Paar Könige) und teilen den Poch" in lines
    assert "  deine Hand: 8d Ad Jh 7s As (ein Paar Asse)" in lines
    assert (
        "  Platz 3 bekommt 3 Marken für einen Stopper: Platz 0 zahlt 1, Platz 1 zahlt 1, "
        "Platz 2 zahlt 1"
    ) in lines
    assert any(re.fullmatch(r"  Spiel 1 ist zu Ende: Platz 0: [-+]\d+ .*", line) for line in lines)
    assert any(
        line.startswith("  Platz 0 bekommt ") and "für die Karten" in line for line in lines
    )
    assert "die Partie ist nach 1 Spiel zu Ende" in lines
    assert any(line.startswith("Gewinner: Platz ") for line in lines)


def test_a_whole_deal_in_spanish_at_a_terminal() -> None:
    status, shown = play_on_a_terminal("--human", "0", *DEAL, lang="es", command=("poch", "play"))
    assert status == 0, shown
    assert _english(shown) == set(), shown
    lines = shown.splitlines()
    assert "puestos: 0 tú, 1 bot heurístico, 2 bot heurístico, 3 bot heurístico" in lines
    assert "== mano 1 de 1: reparte el puesto 3; se vuelve 10c: el triunfo es tréboles" in lines
    assert "  se viste el tablero: 8 fichas de cada puesto en juego" in lines
    assert "puesto 0: paso" in lines
    assert "puesto 1: abro 3" in lines
    assert "  se enseñan las cartas:" in lines
    assert "    puesto 2 enseña 10h Kh 8s Qs Ks (una pareja de reyes)" in lines
    assert "  puesto 1 y puesto 2 empatan con una pareja de reyes y se reparten el poch" in lines
    assert "  tu mano: 8d Ad Jh 7s As (una pareja de ases)" in lines
    assert (
        "  puesto 3 cobra 3 fichas por un final de serie: puesto 0 paga 1, puesto 1 paga 1, "
        "puesto 2 paga 1"
    ) in lines
    assert "la partida ha terminado tras 1 mano" in lines


def test_a_german_locale_and_german_refusals() -> None:
    # "halten" with nobody opened, the same in the old word "mitgehen" (still
    # read, never shown), then a move that is no move, then quit.
    entries = "hilfe\nhalten\nmitgehen\nerhöhen 3\nbeenden\n"
    done = pocha(
        "poch", "play", "--human", "1", "--players", "3", "--seed", "5", stdin=entries, env=GERMAN
    )
    assert done.returncode == 1
    out = done.stdout
    assert "  halten         setzen, was der Eröffner verlangt" in out  # the help
    assert "nicht erlaubt: niemand hat gepocht: es gibt nichts zu halten" in out or (
        "nicht erlaubt: Platz 1 hat keine Kombination" in out
    )
    assert "'erhöhen 3' ist nicht lesbar: erwartet wird passen, pochen N, halten" in out
    assert "Platz 1> mitgehen\nnicht erlaubt: " in out  # read as "halten"
    assert out.count("mitgehen") == 1  # only as typed
    assert done.stderr == "pocha poch play: die Partie wird abgebrochen\n"


# --- what a Poch player needs to follow the game ----------------------------------------


def test_the_showdown_names_each_combination_and_why_the_winner_won() -> None:
    done = pocha("poch", "play", "--players", "4", "--seed", "11", "--rule", "end=deals",
                 "--rule", "deals=6")  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "    seat 3 shows 8c 9c 8d 9d 7h (two pair (9s and 8s))" in out
    assert "  seat 3 wins the poch: two pair (9s and 8s) beats a pair of aces" in out
    assert "  seat 0 wins the poch: trips of 7s beats two pair (jacks and 10s)" in out
    assert "your hand" not in out  # nobody's hand is secret to a watcher


def test_the_persons_hand_after_an_uncontested_win_and_who_paid_how_many() -> None:
    entries = "1\n" * 40
    done = pocha("poch", "play", "--human", "0", "--players", "4", "--seed", "2",
                 "--rule", "end=deals", "--rule", "deals=1", stdin=entries)  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    won = lines.index("  seat 1 takes the poch uncontested")
    assert lines[won + 1] == "  your hand: 7c 10d Ah 7s Ks (a pair of 7s)"
    assert lines[won + 2] == "  seat 1 takes the poch pool: 9 chips"
    paid = [line for line in lines if "for the cards left in hand" in line]
    assert len(paid) == 1
    assert re.fullmatch(
        r"  seat (\d) collects (\d+) chips for the cards left in hand: "
        r"seat \d pays \d+, seat \d pays \d+, seat \d pays \d+",
        paid[0],
    )
    total = int(re.findall(r"collects (\d+)", paid[0])[0])
    assert total == sum(int(n) for n in re.findall(r"pays (\d+)", paid[0]))


def test_the_level_is_explained_where_it_appears() -> None:
    done = pocha("poch", "play", "--human", "0", "--players", "4", "--seed", "5",
                 "--rule", "end=deals", "--rule", "deals=1", stdin="1\n" * 40)  # fmt: skip
    betting = [line for line in done.stdout.splitlines() if "; level " in line]
    assert betting, done.stdout
    assert "what each must have bet to stay in (bet so far: seat " in betting[0]


def test_replay_moves_tells_payments_where_they_happen_and_the_showdown(tmp_path: Path) -> None:
    played = pocha("poch", "play", *DEAL, "--save", "game.json", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    record = load(tmp_path / "game.json")
    done = pocha("poch", "replay", "--moves", "game.json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    moves = [line for line in lines if re.match(r"seat \d: ", line)]
    assert len(moves) == len(record.moves)
    # Each stop is told right after the card that made it, not at the end.
    first_stop = next(i for i, line in enumerate(lines) if "for a stop" in line)
    assert lines[first_stop - 1].startswith("seat ")
    assert "play" in lines[first_stop - 1]
    later = [i for i, line in enumerate(lines) if re.match(r"seat \d: play", line)]
    assert first_stop < later[-1]
    assert "  showdown:" in lines
    assert any(line.startswith("  deal 1 is over: ") for line in lines)
    assert replay(record).is_over
    german = pocha("--lang", "de", "poch", "replay", "--moves", "game.json", cwd=tmp_path)
    assert "  Aufdecken:" in german.stdout
    assert _english(german.stdout.split("\n\n")[1]) == set()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["two_pair             own_type   two pair beats any pair",
                "A deal, step by step:"]),
        ("de", ["two_pair             own_type   zwei Paare schlagen jedes Paar",
                "Ein Spiel, Schritt für Schritt:", "Einsatzhöhe: beim Pochen der Einsatz"]),
        ("es", ["two_pair             own_type   la doble pareja gana a cualquier pareja",
                "Una mano, paso a paso:", "nivel: en los envites"]),
    ],
)  # fmt: skip
def test_rules_full_shows_each_value_with_its_meaning_and_a_deal(
    lang: str, said: list[str]
) -> None:
    done = pocha("--lang", lang, "poch", "rules", "full", "--plain")
    assert done.returncode == 0, done.stderr
    for text in said:
        assert text in done.stdout
    assert max(len(line) for line in done.stdout.splitlines()) <= 80


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", ["4 Partien Poch, Startwerte 3 bis 6", "mittlere Nettomarken", "Platz 0 ("]),
        ("es", ["4 partidas del Poch, semillas de 3 a 6", "fichas netas de media", "puesto 0 ("]),
    ],
)
def test_simulate_and_match_in_german_and_spanish(lang: str, said: list[str]) -> None:
    done = pocha("--lang", lang, "poch", "simulate", "-n", "4", "--players", "3", "--seed", "3")
    assert done.returncode == 0, done.stderr
    for text in said:
        assert text in done.stdout
    assert _english(done.stdout) == set(), done.stdout
    match = pocha("--lang", lang, "poch", "match", "-n", "6", "--players", "3", "--seed", "3")
    assert match.returncode == 0, match.stderr
    assert _english(match.stdout) == set(), match.stdout
