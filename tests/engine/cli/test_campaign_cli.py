"""`python -m iwari_desktop.engine campaign list`: chapters printed, exit 1 with one line per problem, exit 2 for a non-campaign.

The first test runs the command as a real subprocess (the module entry point); the others go through the same
`main(argv)` in-process (tests/support/cli_runner.py: a fresh interpreter is ~1 s of imports each, issue #32).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from campaign_helpers import campaign_data, edited, write_json
from cli_runner import run_engine
from iwari_desktop.engine.campaign.campaign_file import bundled_campaign_paths
from repo_root import ROOT as REPO


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-m", "iwari_desktop.engine", "campaign", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def run_here(*args: str) -> subprocess.CompletedProcess[str]:
    """`run`'s result from `main(argv)` in this process."""
    return run_engine("campaign", *args, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"), cwd=REPO)


def test_list_prints_every_bundled_campaign_with_k_per_difficulty_and_goals():
    proc = run("list")
    assert proc.returncode == 0 and proc.stderr == ""
    out = proc.stdout.splitlines()
    headers = [line for line in out if not line.startswith(" ")]
    assert len(headers) == len(bundled_campaign_paths())
    assert any(line.startswith("journey: Against the Void (solo, 7 chapters + bonus, 24 stars)") for line in headers)
    assert "  1. First Light [first-light]  map New Horizons  K easy/normal/hard/rulebook 9/8/7/3  fresh deal each try" in out
    assert "       goal 2: Win with the Void controlling at most 6 territories" in out
    assert any(line.startswith("  B. Echoes of the Road [echoes]") and line.endswith("opens at 14 stars") for line in out)


def test_list_json_is_one_object_per_chapter():
    proc = run_here("list", "--campaign", "journey", "--json")
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0 and len(rows) == 8
    assert rows[0]["k"] == {"easy": 9, "normal": 8, "hard": 7, "rulebook": 3} and rows[0]["goals"][0] == "Win the chapter"
    assert rows[-1]["number"] == "B" and rows[-1]["seed"] == 20261121


def test_a_campaign_with_mistakes_exits_1_with_one_line_per_problem(tmp_path):
    data = edited(edited(campaign_data(), "chapters.1.goals.1.kind", "foo"), "chapters.0.map", "the-void")
    data = edited(data, "chapters.2.k", 0)
    path = write_json(tmp_path / "mine.json", data)
    proc = run_here("list", "--campaign", str(path))
    assert proc.returncode == 1 and proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert lines[0] == "mine.json: chapters[1].goals[1].kind: unknown goal 'foo' (known: win, void_at_most, " \
                       "win_before_corruption, control_biome, control_at_least, no_ruin_on_purple_road, " \
                       "ruins_at_most, win_within_turns)"
    assert lines[1] == "mine.json: chapters[2].k: must be from 1 to 12, not 0"
    assert len(lines) == 2   # map checks run once the format is right
    fixed = write_json(tmp_path / "mine.json", edited(campaign_data(), "chapters.0.map", "the-void"))
    proc = run_here("list", "--campaign", str(fixed))
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == ["mine.json: chapters[0].map: The Void is not played against the Void "
                                        "(solo and co-op use every other map, S1)"]


def test_a_file_that_is_not_a_campaign_exits_2_with_one_line(tmp_path):
    cases = {"save.json": json.dumps({"format": "iwari-desktop-save", "version": 2}),
             "broken.json": '{"format": "iwari-campaign", ',
             "newer.json": json.dumps({**campaign_data(), "version": 7})}
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        proc = run_here("list", "--campaign", str(tmp_path / name))
        assert proc.returncode == 2 and proc.stdout == ""
        assert proc.stderr.startswith(f"error: {name}: ") and proc.stderr.count("\n") == 1
    missing = run_here("list", "--campaign", str(tmp_path / "nowhere.json"))
    assert missing.returncode == 2 and "no such file" in missing.stderr
    folder = run_here("list", "--campaign", str(tmp_path))
    assert folder.returncode == 2 and "is a folder" in folder.stderr
