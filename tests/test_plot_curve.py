"""examples/plot_curve.py draws a training curve as SVG."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def test_a_curve_file_becomes_a_picture_of_its_two_lines(tmp_path: Path) -> None:
    curve = {
        "baselines": {"random": -160.0, "heuristic": 176.0, "heuristic_vs_heuristic": 160.0},
        "curve": [
            {"steps": 0.0, "vs_random": -180.0, "vs_heuristic": -200.0},
            {"steps": 400_000.0, "vs_random": 60.0, "vs_heuristic": 40.0},
            {"steps": 800_000.0, "vs_random": 120.0, "vs_heuristic": 90.0},
        ],
    }
    source, picture = tmp_path / "curve.json", tmp_path / "curve.svg"
    source.write_text(json.dumps(curve))
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "plot_curve.py"), str(source), str(picture)],
        capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    root = ET.parse(picture).getroot()
    lines = root.findall(f"{SVG}polyline")
    assert len(lines) == 2
    for line in lines:
        points = [tuple(map(float, p.split(","))) for p in line.attrib["points"].split()]
        assert len(points) == 3
        assert points[0][0] < points[1][0] < points[2][0]  # steps left to right
        assert points[0][1] > points[2][1]  # a rising score is drawn going up
    texts = "".join(root.itertext())
    assert "learner steps" in texts
    assert "the agent against 3 random bots" in texts
