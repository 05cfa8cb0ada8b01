"""Draw the learning curve that ``examples/train_vector_ppo.py --curve``
writes, as an SVG picture (the standard library alone).

Two lines over the learner steps, the agent's mean score per game against
three random bots and against three heuristic bots, with dashed lines at
what ``HeuristicBot`` scores in the same seat against each:

    python examples/plot_curve.py curve.json docs/_static/trained-curve.svg
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 16, 88
SERIES = (
    ("vs_random", "heuristic", "against 3 random bots", "#1f77b4"),
    ("vs_heuristic", "heuristic_vs_heuristic", "against 3 heuristic bots", "#d62728"),
)


def svg(data: dict[str, object]) -> str:
    """The picture of ``data`` (the curve file's contents)."""
    curve: list[dict[str, float]] = data["curve"]  # type: ignore[assignment]
    baselines: dict[str, float] = data["baselines"]  # type: ignore[assignment]
    steps = [row["steps"] for row in curve]
    values = [row[key] for row in curve for key, *_ in SERIES]
    values += [baselines[base] for _, base, *_ in SERIES]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    low, high = low - 0.05 * span, high + 0.05 * span
    most = max(steps) or 1.0

    def x(step: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * step / most

    def y(value: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12" '
        'role="img" aria-labelledby="title">',
        '<title id="title">The agent\'s mean score per game over its training</title>',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<line x1="{LEFT}" y1="{y(0):.1f}" x2="{WIDTH - RIGHT}" y2="{y(0):.1f}" '
        'stroke="#999" stroke-width="0.5"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#333"/>',
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" '
        f'y2="{HEIGHT - BOTTOM}" stroke="#333"/>',
    ]
    for tick in _ticks(low, high):
        parts.append(
            f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:g}</text>'
        )
    for tick in _ticks(0, most):
        parts.append(
            f'<text x="{x(tick):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">'
            f"{tick / 1e6:g}M</text>"
        )
    parts.extend(
        [
            f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - BOTTOM + 34}" '
            'text-anchor="middle">learner steps</text>',
            f'<text x="16" y="{(TOP + HEIGHT - BOTTOM) / 2}" text-anchor="middle" '
            f'transform="rotate(-90 16 {(TOP + HEIGHT - BOTTOM) / 2})">mean score per game</text>',
        ]
    )
    for index, (key, base, label, colour) in enumerate(SERIES):
        points = " ".join(f"{x(row['steps']):.1f},{y(row[key]):.1f}" for row in curve)
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>'
        )
        level = y(baselines[base])
        parts.append(
            f'<line x1="{LEFT}" y1="{level:.1f}" x2="{WIDTH - RIGHT}" y2="{level:.1f}" '
            f'stroke="{colour}" stroke-dasharray="6 4" stroke-width="1"/>'
        )
        parts.append(
            f'<text x="{LEFT}" y="{HEIGHT - BOTTOM + 56 + 16 * index}" fill="{colour}">'
            f"{escape('the agent ' + label)}; dashed, the heuristic bot in its seat</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _ticks(low: float, high: float) -> list[float]:
    """About five round numbers from ``low`` to ``high``."""
    raw = (high - low) / 5 or 1.0
    magnitude = 10 ** len(str(int(raw))) / 10
    step = min((m * magnitude for m in (1, 2, 5, 10)), key=lambda s: abs(s - raw))
    first = -(-low // step) * step
    return [first + i * step for i in range(int((high - first) // step) + 1)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("curve", help="the curve file (JSON)")
    parser.add_argument("picture", help="where to write the SVG")
    args = parser.parse_args(argv)
    with open(args.curve, encoding="utf-8") as file:
        data = json.load(file)
    with open(args.picture, "w", encoding="utf-8") as file:
        file.write(svg(data))


if __name__ == "__main__":
    main()
