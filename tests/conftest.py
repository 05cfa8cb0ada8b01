"""Hypothesis profiles (CI's built-in ``ci`` profile is extended, not
replaced), and which build of the package the tests run against."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from pocha_rules._cli import version_line


def pytest_report_header() -> str:
    import pocha_rules

    return f"{version_line()}, from {os.path.dirname(pocha_rules.__file__)}"


settings.register_profile(
    "ci",
    parent=settings.get_profile("ci"),
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev")
)


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the locale's language (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG): the tests run it in English unless they ask for
    Spanish, whatever the machine's locale."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
