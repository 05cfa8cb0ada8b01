"""The command line's language: English, or Spanish or German from a
gettext catalog (German for Poch's commands, Poch being a German game;
Pocha's own texts have no German and stay English).

Every text the command writes goes through :func:`_` (``ngettext`` for the
ones with a number; a text kept in a table is marked with :func:`N_` and
goes through :func:`translated` where it is used), which returns it in the
language chosen by :func:`set_language`: ``--lang`` when given, else the locale
(:func:`language_from_environment`). English is the source; the Spanish
catalog is ``locales/es/LC_MESSAGES/pocha.po`` next to this module (the
German one ``locales/de/...``), and
argparse's own words (``usage:``, ``options``, ``error:``) come from
``argparse.po`` there, installed for argparse's gettext domain while the
command runs (:func:`argparse_language`).

The catalogs are read as ``.po`` files, the form translators edit, by a
small parser (:func:`read_po`): there is no compiled ``.mo`` to build or to
keep in step, an editable install and a source checkout read the same file
as a wheel, and reading the few hundred entries takes a few milliseconds,
only when Spanish is asked for.
"""

from __future__ import annotations

import argparse
import ast
import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Final, Literal

__all__ = [
    "LANGUAGES",
    "N_",
    "Language",
    "_",
    "argparse_language",
    "catalog_path",
    "current_language",
    "language_from_arguments",
    "language_from_environment",
    "ngettext",
    "pocha_language",
    "read_po",
    "set_language",
    "translated",
]

Language = Literal["en", "es", "de"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "es", "de")
LOCALES: Final = Path(__file__).parent / "locales"
ENVIRONMENT: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads the language from, in its order."""


class Catalog(gettext.NullTranslations):
    """Translations read from a ``.po`` file: each English text to its
    translation, or to its forms by number (``msgid_plural``)."""

    def __init__(self, messages: Mapping[str, str | tuple[str, ...]]) -> None:
        super().__init__()
        self.messages = dict(messages)

    def gettext(self, message: str) -> str:
        found = self.messages.get(message)
        return found if isinstance(found, str) and found else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        found = self.messages.get(msgid1)
        if isinstance(found, tuple) and all(found):
            # Spanish, German and English: one form for 1, another for the rest.
            return found[0] if n == 1 else found[-1]
        return msgid1 if n == 1 else msgid2


def _unquote(text: str, path: Path, number: int) -> str:
    text = text.strip()
    if len(text) < 2 or not text.startswith('"') or not text.endswith('"'):
        raise ValueError(f"{path}:{number}: expected a quoted string, got {text!r}")
    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return value


def read_po(path: Path) -> dict[str, str | tuple[str, ...]]:
    """The entries of the ``.po`` file at ``path``: msgid to msgstr, or to
    the tuple of ``msgstr[N]`` for an entry with ``msgid_plural``. Entries
    marked ``fuzzy`` and the header (the empty msgid) are left out."""
    entries: dict[str, str | tuple[str, ...]] = {}
    fields: dict[str, str] = {}
    current = ""
    fuzzy = False

    def finish() -> None:
        nonlocal fuzzy
        msgid = fields.get("msgid", "")
        if msgid and not fuzzy:
            if "msgid_plural" in fields:
                forms = sorted(key for key in fields if key.startswith("msgstr["))
                entries[msgid] = tuple(fields[key] for key in forms)
            else:
                entries[msgid] = fields.get("msgstr", "")
        fields.clear()
        fuzzy = False

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in fields:
                    finish()
                fuzzy = True
            continue
        if line.startswith('"'):
            if not current:
                raise ValueError(f"{path}:{number}: a string continues no field")
            fields[current] += _unquote(line, path, number)
            continue
        keyword, _space, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in fields:
            finish()
        current = keyword
        fields[keyword] = _unquote(rest, path, number)
    if fields:
        finish()
    return entries


def catalog_path(language: str, domain: str = "pocha") -> Path:
    """Where the catalog of ``domain`` in ``language`` is."""
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def _translations(language: Language, domain: str) -> gettext.NullTranslations:
    if language == "en":
        return gettext.NullTranslations()
    return Catalog(read_po(catalog_path(language, domain)))


_current: gettext.NullTranslations = gettext.NullTranslations()
_language: Language = "en"


def set_language(language: Language) -> None:
    """Write from now on in ``language``."""
    global _current, _language
    _current = _translations(language, "pocha")
    _language = language


def current_language() -> Language:
    """The language the command writes in now."""
    return _language


def pocha_language() -> Literal["en", "es"]:
    """The language Pocha's own words (its cards, moves and phases, named
    by :mod:`pocha_rules.names`) are written in now: Spanish, or English
    (German has none)."""
    return "es" if _language == "es" else "en"


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.gettext(message)


def N_(message: str) -> str:
    """``message`` as it is, marked as a text to translate: one kept in a
    table, and written in the current language where it is used, by
    :func:`translated`."""
    return message


def translated(message: str) -> str:
    """A text marked with :func:`N_`, in the current language (``_`` itself
    takes only literal strings, each one a text of the catalogs)."""
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` by ``n``, in the current language."""
    return _current.ngettext(singular, plural, n)


def _known(entry: str) -> Language | None:
    base = entry.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    if base in ("es", "de"):
        return base  # type: ignore[return-value]
    if base in ("en", "c", "posix"):
        return "en"
    return None


def language_from_environment(environ: Mapping[str, str] | None = None) -> Language:
    """The language the locale asks for, read as gettext reads it: the first
    of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set
    (``LANGUAGE`` may list several, separated by colons), Spanish for
    ``es`` (``es_ES.UTF-8``, ``es_AR``...), German for ``de``
    (``de_DE.UTF-8``, ``de_AT``...), else English."""
    env = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = env.get(variable, "")
        if value:
            for entry in value.split(":"):
                known = _known(entry)
                if known is not None:
                    return known
            return "en"
    return "en"


def language_from_arguments(arguments: list[str]) -> Language | None:
    """The language ``--lang`` asks for among ``arguments`` (the last one
    given, before the subcommand or after it), or ``None``; a value other
    than ``en``, ``es`` or ``de`` is left for argparse to refuse."""
    found: Language | None = None
    for i, argument in enumerate(arguments):
        if argument == "--":
            break
        value = None
        if argument == "--lang" and i + 1 < len(arguments):
            value = arguments[i + 1]
        elif argument.startswith("--lang="):
            value = argument.partition("=")[2]
        for language in LANGUAGES:
            if value == language:
                found = language
    return found


@contextmanager
def argparse_language() -> Iterator[None]:
    """While the block runs, argparse's own words (``usage:``, ``options``,
    its error messages) are in the current language: argparse looks its
    ``_`` and ``ngettext`` up when it writes, and they are swapped for the
    ``argparse`` domain's catalog, then put back."""
    if _language == "en":
        yield
        return
    translations = _translations(_language, "argparse")
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = translations.gettext  # type: ignore[attr-defined]
    argparse.ngettext = translations.ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
