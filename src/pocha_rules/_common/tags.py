"""A game record's tags: free-form names and values, like a chess PGN's
headers (who sat where, the place, the date, the event).

:class:`Tags` is a read-only mapping that keeps the order its tags were
given in, and checks them when it is built (see its rules there).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final, final

from pocha_rules._common.errors import InvalidRecordError, say
from pocha_rules._common.immutable import Immutable
from pocha_rules._common.text import clean, got, shown

__all__ = ["MAX_TAGS", "MAX_TAG_NAME", "MAX_TAG_VALUE", "Tags"]

MAX_TAGS: Final = 64
"""The most tags a record may carry."""

MAX_TAG_NAME: Final = 64
"""The longest tag name, in characters."""

MAX_TAG_VALUE: Final = 1_000
"""The longest tag value, in characters."""


def _where(name: str) -> str:
    return f"tags[{shown(name)}]"


def check_tag(name: str, value: str) -> None:
    """Refuse a tag that breaks the rules of :class:`Tags`.

    Raises:
        InvalidRecordError: The name or the value is refused; ``where`` is
            ``tags['name']``.

    """
    where = _where(name)
    if not name or name != name.strip():
        raise InvalidRecordError(where, say("tag_name_blank"))
    if len(name) > MAX_TAG_NAME:
        raise InvalidRecordError(where, say("tag_name_long", most=MAX_TAG_NAME))
    if "=" in name:
        raise InvalidRecordError(where, say("tag_name_equals"))
    if not clean(name):
        raise InvalidRecordError(where, say("tag_name_control"))
    if len(value) > MAX_TAG_VALUE:
        raise InvalidRecordError(
            where, say("tag_value_long", length=len(value), most=MAX_TAG_VALUE)
        )
    if not clean(value):
        raise InvalidRecordError(where, say("tag_value_control"))


@final
class Tags(Immutable, Mapping[str, str]):
    r"""A record's tags: names and values, both strings, in the order given.

    A read-only, hashable mapping; build it from a mapping or from
    ``(name, value)`` pairs. Tags are free-form, but so that a record can
    always be shown safely and written as one line per tag:

    - at most 64 tags;
    - a name is 1 to 64 characters, with no spaces at its ends and no ``=``
      (so that ``pocha play --tag NAME=VALUE`` can give any name);
    - a value is at most 1,000 characters;
    - neither holds control or invisible format characters (line breaks,
      tabs, escapes, bidirectional overrides); accents, other scripts and
      spaces are welcome.

    >>> tags = Tags({"event": "Fiestas de San Isidro", "site": "Madrid"})
    >>> tags["site"], list(tags), tags == {"site": "Madrid", "event": "Fiestas de San Isidro"}
    ('Madrid', ['event', 'site'], True)
    >>> Tags({"date": "2026\n"})
    Traceback (most recent call last):
    ...
    pocha_rules.InvalidRecordError: invalid record at tags['date']: a tag's value is one line ...

    Raises:
        InvalidRecordError: A tag breaks these rules (``where`` names it), or
            a name is given twice.
        TypeError: A name or a value is not a string.

    """

    __slots__ = ("_pairs", "_values")
    _refusal = "Tags are immutable"

    _pairs: tuple[tuple[str, str], ...]
    _values: dict[str, str]

    def __init__(self, tags: Mapping[str, str] | Iterable[tuple[str, str]] = ()) -> None:
        if isinstance(tags, Tags):
            pairs: Iterable[tuple[str, str]] = tags._pairs
        elif isinstance(tags, Mapping):
            pairs = tags.items()
        elif isinstance(tags, str | bytes) or not isinstance(tags, Iterable):
            raise TypeError(f"tags must be a mapping of str to str, got {got(tags)}")
        else:
            pairs = tags
        values: dict[str, str] = {}
        for pair in pairs:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise TypeError(f"a tag must be a (name, value) pair, got {got(pair)}")
            name, value = pair
            if not isinstance(name, str):
                raise TypeError(f"a tag's name must be a str, got {got(name)}")
            if not isinstance(value, str):
                raise TypeError(f"the tag {shown(name)} must have a str value, got {got(value)}")
            check_tag(name, value)
            if name in values:
                raise InvalidRecordError(_where(name), say("tag_twice"))
            if len(values) == MAX_TAGS:
                raise InvalidRecordError("tags", say("tags_too_many", most=MAX_TAGS))
            values[name] = value
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_pairs", tuple(values.items()))

    def __getitem__(self, name: str) -> str:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._pairs)

    def __contains__(self, name: object) -> bool:
        return name in self._values

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tags):
            return self._values == other._values
        return super().__eq__(other)

    def __hash__(self) -> int:
        return hash(frozenset(self._pairs))

    def __repr__(self) -> str:
        return f"Tags({self._values!r})"

    def __reduce__(self) -> tuple[object, tuple[tuple[tuple[str, str], ...]]]:
        return (Tags, (self._pairs,))
