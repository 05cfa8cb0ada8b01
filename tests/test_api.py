"""The public API: every name in a public module's ``__all__`` exists and is documented."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import pocha_rules


def public_modules() -> list[ModuleType]:
    """``pocha_rules`` and each of its modules whose name has no leading
    underscore, that imports without an optional extra missing (the modules
    of its subpackages, such as ``pocha_rules.poch``, included)."""
    modules = [pocha_rules]
    for info in pkgutil.walk_packages(pocha_rules.__path__, "pocha_rules.", onerror=_skip):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            modules.append(importlib.import_module(info.name))
        except ImportError as error:  # an adapter whose extra is not installed
            if error.name is None or error.name.startswith("pocha_rules"):
                raise
    return modules


def _skip(name: str) -> None:
    """A subpackage whose import needs a missing extra: its modules are
    skipped as the top-level ones are."""


def public_names() -> list[tuple[str, str]]:
    return [
        (module.__name__, name)
        for module in public_modules()
        for name in module.__all__
        if name != "__version__"
    ]


def test_every_public_module_has_a_docstring_and_an_all() -> None:
    for module in public_modules():
        assert module.__doc__, module.__name__
        assert isinstance(module.__all__, list), module.__name__


@pytest.mark.parametrize(("module", "name"), public_names())
def test_public_names_exist_and_are_documented(module: str, name: str) -> None:
    value = getattr(importlib.import_module(module), name)
    if inspect.isclass(value) or inspect.isfunction(value):
        assert inspect.getdoc(value), f"{module}.{name} has no docstring"
    if inspect.isclass(value):
        for attribute, member in vars(value).items():
            if attribute.startswith("_"):
                continue
            if inspect.isfunction(member) or isinstance(member, property | classmethod):
                assert inspect.getdoc(member), f"{module}.{name}.{attribute} has no docstring"
