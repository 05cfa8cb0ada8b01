"""The README's tour, the first code PyPI shows, runs and prints what its
comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_tour_prints_what_its_comments_say() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", README.read_text(), re.S | re.M)
    assert len(blocks) == 1
    tour = blocks[0]
    assert len(tour.splitlines()) == 10
    # Each print's comment starts with what it prints, up to a colon or the end.
    expected = [
        re.sub(r":.*", "", line.split("# ", 1)[1]).strip()
        for line in tour.splitlines()
        if line.startswith("print(")
    ]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(tour, str(README), "exec"), {})
    assert out.getvalue().splitlines() == expected
