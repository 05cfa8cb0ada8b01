"""``pocha`` in Spanish: ``--lang`` and the locale, the catalogs, and the
command line run in both languages (in-process and in a subprocess)."""

from __future__ import annotations

import argparse
import io
import re
import string
import sys
from pathlib import Path

import pytest

from pocha_rules._cli import main
from pocha_rules._cli.i18n import (
    Catalog,
    Language,
    catalog_path,
    current_language,
    language_from_arguments,
    language_from_environment,
    read_po,
    set_language,
)
from pocha_rules._cli.workers import missing_text
from tests.cli_msgids import msgids
from tests.test_cli import SHORT, pocha, sheet_rows

SPANISH = {"LANG": "es_ES.UTF-8"}


def fields(template: str) -> set[str]:
    """The names a str.format template fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# --- the catalogs ---------------------------------------------------------------------


def test_every_text_of_the_command_is_translated() -> None:
    catalog = read_po(catalog_path("es"))
    used = msgids()
    assert len(used) > 200
    untranslated = [msgid for msgid in used if not catalog.get(msgid)]
    assert untranslated == [], "run python tests/cli_msgids.py for the entries to add"
    for msgid, (plural, _places) in used.items():
        translation = catalog[msgid]
        forms = (translation,) if isinstance(translation, str) else translation
        assert (plural is None) == isinstance(translation, str), msgid
        for form in forms:
            assert form, msgid
            # A translation fills in only names the code gives it.
            assert fields(form) <= fields(msgid) | fields(plural or ""), msgid


def test_the_catalog_holds_no_text_the_command_no_longer_uses() -> None:
    assert set(read_po(catalog_path("es"))) - set(msgids()) == set()


def test_argparse_catalog_keeps_its_placeholders() -> None:
    catalog = read_po(catalog_path("es", "argparse"))
    assert {
        "usage: ",
        "options",
        "positional arguments",
        "show this help message and exit",
    } <= set(catalog)
    placeholder = re.compile(r"%(?:\([a-z_]+\))?[rsd]")
    for msgid, translation in catalog.items():
        forms = (translation,) if isinstance(translation, str) else translation
        for form in forms:
            assert sorted(placeholder.findall(form)) == sorted(placeholder.findall(msgid)), msgid


def test_argparse_words_the_command_shows_are_in_the_catalog() -> None:
    catalog = read_po(catalog_path("es", "argparse"))
    source = Path(argparse.__file__).read_text(encoding="utf-8")
    for msgid in ("usage: ", "options", "%(prog)s: error: %(message)s\\n", "unrecognized"):
        assert msgid in source or msgid.replace("\\n", "\n") in source
    wanted = ["usage: ", "options", "%(prog)s: error: %(message)s\n"]
    assert all(catalog[msgid] for msgid in wanted)


def test_read_po(tmp_path: Path) -> None:
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr "Language: es\\n"\n\n'
        '# a comment\nmsgid "one"\nmsgstr "uno"\n\n'
        'msgid "long "\n"text"\nmsgstr ""\n"texto "\n"largo \\"citado\\""\n\n'
        '#, fuzzy\nmsgid "unsure"\nmsgstr "dudoso"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} carta"\n'
        'msgstr[1] "{n} cartas"\n',
        encoding="utf-8",
    )
    entries = read_po(po)
    assert entries == {
        "one": "uno",
        "long text": 'texto largo "citado"',
        "{n} card": ("{n} carta", "{n} cartas"),
    }
    catalog = Catalog(entries)
    assert catalog.gettext("one") == "uno"
    assert catalog.gettext("unsure") == "unsure"  # fuzzy: left in English
    assert catalog.ngettext("{n} card", "{n} cards", 1) == "{n} carta"
    assert catalog.ngettext("{n} card", "{n} cards", 3) == "{n} cartas"
    assert catalog.ngettext("x", "xs", 2) == "xs"
    po.write_text('msgid "a"\nmsgstr unquoted\n', encoding="utf-8")
    with pytest.raises(ValueError, match="expected a quoted string"):
        read_po(po)


# --- which language -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({}, "en"),
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LANG": "es_AR"}, "es"),
        ({"LANG": "es"}, "es"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "en_GB.UTF-8"}, "es"),
        ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"}, "en"),
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
        ({"LANGUAGE": "es:en", "LC_ALL": "en_US.UTF-8"}, "es"),
        ({"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"}, "es"),
        ({"LANGUAGE": "", "LANG": "es_ES.UTF-8"}, "es"),
    ],
)
def test_the_language_from_the_locale_in_gettexts_order(
    environ: dict[str, str], language: str
) -> None:
    assert language_from_environment(environ) == language


def test_the_language_from_the_arguments() -> None:
    assert language_from_arguments(["--lang", "es", "rules"]) == "es"
    assert language_from_arguments(["rules", "--lang=es"]) == "es"
    assert language_from_arguments(["--lang", "es", "rules", "--lang", "en"]) == "en"
    assert language_from_arguments(["rules"]) is None
    assert language_from_arguments(["--lang", "fr"]) is None
    assert language_from_arguments(["play", "--", "--lang", "es"]) is None


# --- in-process -----------------------------------------------------------------------


def test_lang_before_or_after_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    for arguments in (["--lang", "es", "rules"], ["rules", "--lang", "es"]):
        assert main([*arguments, "--plain", "--players", "5"]) == 0
        out = capsys.readouterr().out
        assert "opción" in out
        assert "5 jugadores, 40 cartas en juego, manos de hasta 8 cartas" in out
        assert "plan de rondas (27 rondas): 1 1 1 1 1 2" in out
    assert current_language() == "en"  # nothing is left behind
    assert main(["rules", "--plain", "--players", "5"]) == 0
    assert "5 players, 40 cards in play" in capsys.readouterr().out


def test_the_locale_chooses_spanish_and_lang_overrides_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["rules", "--plain"]) == 0
    assert "4 jugadores" in capsys.readouterr().out
    assert main(["--lang", "en", "rules", "--plain"]) == 0
    assert "4 players" in capsys.readouterr().out


def test_help_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "es", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("uso: pocha [-h] [--plain] [--lang {en,es,de}]")
    assert "La pocha, el juego español de pedir las bazas justas" in out
    assert "opciones:" in out
    assert "muestra esta ayuda y sale" in out
    assert "ejemplos:" in out
    assert "usage" not in out
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", "es"])
    out = capsys.readouterr().out
    assert "un puesto que juegas tú" in out
    assert "reglas:" in out
    # argparse is left as it was: English again.
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: pocha")


def test_argparse_errors_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "es", "rules", "--preset", "nope"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("uso: pocha rules")
    assert "pocha rules: error: argumento --preset: opción no válida: 'nope'" in err
    with pytest.raises(SystemExit):
        main(["--lang", "es", "play", "--human", "7"])
    assert "--human 7: los puestos van del 0 al 3" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "es", "rules", "--surprise"])
    assert "argumentos no reconocidos: --surprise" in capsys.readouterr().err


def test_a_bad_lang_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "fr", "rules"])
    assert exit_.value.code == 2
    assert "argument --lang: invalid choice: 'fr'" in capsys.readouterr().err


def test_bots_playing_with_the_score_sheet_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "play", "--plain", "--seed", "4", *SHORT]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert re.fullmatch(
        r"Pocha: 4 jugadores, 2 rondas, semilla 4; reparte primero el puesto \d", lines[0]
    )
    assert (
        lines[1]
        == "puestos: 0 bot heurístico, 1 bot heurístico, 2 bot heurístico, 3 bot heurístico"
    )
    assert lines[2].split() == [
        "ronda",
        "cartas",
        "triunfo",
        *["puesto", "0", "puesto", "1", "puesto", "2", "puesto", "3"],
    ]
    assert len(sheet_rows(out)) == 2
    assert "cada puesto: pedidas/hechas y el total hasta ahí; * marca una petición fallada" in out
    assert "cartas: las que recibe cada jugador" in out
    assert re.search(r"^final: -?\d+ -?\d+ -?\d+ -?\d+; ganadores: puesto \d", out, re.M)


def test_the_sheet_names_auction_and_blind_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    rules = ("--rule", "schedule=1,3a,1b", "--rule", "tiebreak=shared")
    assert main(["--lang", "es", "play", "--plain", "--seed", "2", *rules]) == 0
    out = capsys.readouterr().out
    assert "3a: una subastada; 1b: una india" in out


def test_simulate_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "simulate", "--plain", "-n", "3", "--seed", "1", *SHORT]) == 0
    out = capsys.readouterr().out
    assert "3 partidas, semillas de 1 a 3" in out
    assert "puntos de media" in out
    assert "partidas por segundo" in out


def test_a_person_plays_in_process_in_spanish(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    entries = ["?", "apuesto 5", "pido 1"] + ["1"] * 20
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(entries) + "\n"))
    assert main(["--lang", "es", "play", "--plain", "--human", "1", "--seed", "8", *SHORT]) == 0
    out = capsys.readouterr().out
    assert "-- puesto 1, te toca" in out
    assert "puesto 1> ?" in out
    assert "  palos: o oros, c copas, e espadas, b bastos" in out
    assert "no se puede: " in out  # five tricks in a one-card round
    assert "puesto 1: pido 1" in out  # as the player said it
    assert re.search(r"^final: .*; ganadores: puesto", out, re.M)
    # The same game in English.
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(entries) + "\n"))
    assert main(["play", "--plain", "--human", "1", "--seed", "8", *SHORT]) == 0
    out = capsys.readouterr().out
    assert "-- seat 1, your move" in out
    assert "not allowed: " in out
    assert "seat 1: bid 1" in out
    assert re.search(r"^final: .*; winners: seat", out, re.M)


# --- in a subprocess, a person playing ------------------------------------------------


def test_a_person_plays_a_whole_game_in_spanish() -> None:
    # During the bidding a card is refused (it is time to bid), a number
    # out of the list too; 'ayuda' shows the notation; then move 1 each time.
    entries = ["ayuda", "12o", "9", "pido 0"] + ["1"] * 20
    done = pocha(
        "play", "--human", "0", "--seed", "5", *SHORT, stdin="\n".join(entries) + "\n", env=SPANISH
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("Pocha: 4 jugadores, 2 rondas, semilla 5")
    assert "puestos: 0 tú, 1 bot heurístico, 2 bot heurístico, 3 bot heurístico" in out
    assert "== ronda 1/2: 1 carta a cada uno; reparte el puesto" in out
    assert "== ronda 2/2: 2 cartas a cada uno; reparte el puesto" in out
    assert "-- puesto 0, te toca" in out
    assert re.search(r"^triunfo: (oros|copas|espadas|bastos), pinta (el|la) ", out, re.M)
    assert re.search(r"^pedidas: puesto 0: ", out, re.M)
    assert re.search(r"^jugadas: 1\) pido 0  2\) pido 1", out, re.M)
    assert "Una carta es su número y la letra del palo" in out  # ayuda
    assert "no se puede: " in out  # 12o while bidding
    assert "no hay jugada 9: elige del 1 al 2" in out
    assert "puesto 0: pido 0" in out  # echoed as the player said it
    assert "apuesta 0" not in out
    assert re.search(r"puesto \d: juega (el|la) \w+ de (oros|copas|espadas|bastos)", out)
    assert "se lleva la baza" in out
    assert "cada puesto: pedidas/hechas" in out
    assert re.search(r"^final: .*; ganadores: puesto", out, re.M)
    assert "not allowed" not in out
    assert "your move" not in out


def test_a_person_leaves_in_spanish(tmp_path: Path) -> None:
    # Seed 3: the first dealer is seat 2, so a bot bids before the person
    # leaves (a game with no move is not worth keeping, nor said unsaved).
    saved = tmp_path / "partida.json"
    done = pocha(
        "play",
        "--human",
        "0",
        "--seed",
        "3",
        "--save",
        str(saved),
        *SHORT,
        stdin="abandonar\n",
        env=SPANISH,
    )
    assert done.returncode == 0  # left by choice, and kept: nothing went wrong
    assert done.stderr == ""
    assert f"la partida hasta ahora queda guardada en {saved}" in done.stdout
    assert "para seguirla: pocha play --resume" in done.stdout
    assert saved.exists()
    # "salir" (to lead, at a card table) is still read, but no longer offered.
    unsaved = pocha("play", "--human", "0", "--seed", "3", *SHORT, stdin="salir\n", env=SPANISH)
    assert unsaved.returncode == 1
    assert "pocha play: la partida queda abandonada" in unsaved.stderr
    assert "la partida no se ha guardado" in unsaved.stdout
    ended = pocha("play", "--human", "0", "--seed", "3", *SHORT, stdin="", env=SPANISH)
    assert "se acabó la entrada: la partida queda abandonada" in ended.stderr
    helped = pocha(
        "play", "--human", "0", "--seed", "3", *SHORT, stdin="ayuda\nterminar\n", env=SPANISH
    )
    assert "  abandonar deja la partida" in helped.stdout
    assert "salir" not in helped.stdout
    assert "pocha play: la partida queda abandonada" in helped.stderr


def test_the_spanish_command_line_speaks_no_english_at_the_table() -> None:
    # A bid while cards are played is refused in Spanish, a pass in an
    # auction reads as said, the bots are named in Spanish, and the rule of
    # the last bidder has the site's name.
    entries = ["1", "pido 5"] + ["1"] * 30
    done = pocha(
        "play", "--human", "0", "--seed", "3", "--rule", "schedule=1,2a",
        stdin="\n".join(entries) + "\n", env=SPANISH,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "puestos: 0 tú, 1 bot heurístico, 2 bot heurístico, 3 bot heurístico" in out
    assert re.search(r"no se puede: ahora toca juego de las bazas, no pido 5", out), out
    assert "bid" not in out
    assert "heuristic" not in out
    assert re.search(r"^subasta: +puesto \d: (puja \d|paso)", out, re.M), out
    assert not re.search(r"puesto \d paso", out)
    rules = pocha("rules", env=SPANISH)
    assert "la regla del postre también con 1 carta" in rules.stdout
    assert "gancho" not in rules.stdout


def test_help_and_rules_in_spanish_from_the_locale() -> None:
    done = pocha("--help", env=SPANISH)
    assert done.returncode == 0
    assert done.stdout.startswith("uso: pocha")
    assert "opciones:" in done.stdout
    rules = pocha("rules", "full", "--plain", env=SPANISH)
    assert rules.returncode == 0
    assert "opción" in rules.stdout.splitlines()[0]
    assert "plan de rondas" in rules.stdout
    english = pocha("rules", "--plain", env={"LANG": "en_GB.UTF-8"})
    assert "schedule (" in english.stdout


def test_the_version_line_in_spanish() -> None:
    done = pocha("--version", env=SPANISH)
    assert done.returncode == 0
    assert "Python puro" in done.stdout or "compilado con mypyc" in done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="the locale variables of POSIX")
def test_language_variable_takes_precedence() -> None:
    done = pocha("rules", "--plain", env={"LANGUAGE": "es", "LANG": "en_US.UTF-8"})
    assert "4 jugadores" in done.stdout


def test_every_option_explained_in_spanish_in_80_columns() -> None:
    done = pocha("rules", "full", "--plain", env=SPANISH)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert "Qué quiere decir cada opción (se cambia con --rule NOMBRE=VALOR):" in lines
    assert any(
        line.split() == ["must_overruff", "sin", "palo", "de", "salida,", "contrafallar", "si",
                         "se", "puede"]
        for line in lines
    )  # fmt: skip
    assert "  8a  una subastada: cada uno puja las bazas que haría con el triunfo" in lines
    assert "  1b  una india: ves las cartas de los demás, no la tuya" in lines
    assert "What each option means" not in done.stdout
    assert "schedule codes" not in done.stdout
    assert max(len(line) for line in lines) <= 80


def test_replay_moves_in_spanish(tmp_path: Path) -> None:
    saved = tmp_path / "partida.json"
    # Dealer 1 given: the seed alone now draws seat 2 (the deals are the same).
    played = pocha("play", "--seed", "3", "--dealer", "1", "--save", str(saved),
                   "--rule", "schedule=1,2a", "--rule", "tiebreak=shared")  # fmt: skip
    assert played.returncode == 0, played.stderr
    done = pocha("replay", "--moves", "--plain", str(saved), env=SPANISH)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert (
        lines[1] == "ronda 1 (1 carta a cada uno), reparte el puesto 1; 12e vuelta, pintan espadas"
    )
    assert lines[2] == "  apuestas: puesto 2 0, puesto 3 0, puesto 0 1, puesto 1 1"
    assert lines[3].startswith("  baza 1: 1b (puesto 2), ")
    assert lines[3].endswith("; se la lleva el puesto 0")
    assert lines[4].startswith("  fin de la ronda 1: apuestas 1 1 0 0, hechas 1 0 0 0, puntos ")
    assert lines[5].startswith("ronda 2 (2 cartas a cada uno, subastada), reparte el puesto 2; ")
    assert "  puesto 3: puja por 1 baza" in lines
    assert "  el puesto 3 gana la subasta con 1" in lines
    assert "  el puesto 3 canta el triunfo: oros" in lines
    assert any(line.startswith("fin de la partida: ") for line in lines)


FAULTY_BOT = """
from pocha_rules import RandomBot


class Faulty(RandomBot):
    def __init__(self, seed=None):
        super().__init__(seed)
        self.failing = seed % 5 == 0

    def act(self, view):
        if self.failing:
            raise ValueError("the bot broke")
        return super().act(view)
"""


def test_a_forfeit_in_spanish(tmp_path: Path) -> None:
    (tmp_path / "mybots.py").write_text(FAULTY_BOT)
    done = pocha(
        "match", "--bot", "bad=mybots:Faulty", "--bot", "random", "-n", "20", "--seed", "3",
        "--workers", "1", *SHORT,
        env=SPANISH, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines
    for line in lines:
        assert re.fullmatch(
            r"pocha match: partida \d+: el bot 'bad' del puesto \d pierde la partida por falta "
            r"\(error\): raised ValueError: the bot broke \(--traceback muestra dónde\)",
            line,
        ), line
    assert done.stdout.startswith("enfrentamiento por puestos, 20 partidas, ")
    assert "± 95%: medio ancho del intervalo de confianza del 95%" in done.stdout


def test_the_poch_commands_help_in_spanish() -> None:
    done = pocha("poch", "--help", env=SPANISH)
    assert done.returncode == 0, done.stderr
    assert "Poch, el juego alemán del tablero de casillas" in done.stdout
    play = pocha("poch", "play", "--help", env=SPANISH)
    assert play.returncode == 0, play.stderr
    assert "Juega una partida de Poch en el terminal contra bots" in play.stdout
    assert "de 3 a 6 (por defecto 4)" in play.stdout
    replay = pocha("poch", "replay", "--help", env=SPANISH)
    assert "también cada jugada y cada pago" in replay.stdout


def test_a_game_of_poch_begins_and_ends_in_spanish() -> None:
    done = pocha("poch", "play", "--human", "0", "--seed", "2", stdin="salir\n", env=SPANISH)
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0] == (
        "Poch: 4 jugadores, 32 cartas, 50 fichas cada uno, semilla 2; da primero el puesto 2"
    )
    assert lines[1] == "puestos: 0 tú, 1 bot heurístico, 2 bot heurístico, 3 bot heurístico"
    assert "pocha poch play: la partida queda abandonada" in done.stderr


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ("games 0-9, 20 and 40-59", "sets 3-4", "no games")),
        ("es", ("partidas 0-9, 20 y 40-59", "series 3-4", "ninguna partida")),
        ("de", ("Partien 0-9, 20 und 40-59", "Sätze 3-4", "keine Partien")),
    ],
)
def test_the_games_that_did_not_finish_are_named_in_the_commands_language(
    language: Language, said: tuple[str, str, str]
) -> None:
    set_language(language)
    try:
        games = missing_text([range(40, 60), range(10), range(20, 21)])
        assert (games, missing_text([range(3, 5)], "sets"), missing_text([])) == said
    finally:
        set_language("en")
