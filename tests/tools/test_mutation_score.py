"""`tools/mutation_score.py`: the score issue #32 sets its goal in counts unreached mutants as missed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "mutation_score.py"


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("mutation_score_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_meta(root: Path, name: str, codes: dict[str, int | None]) -> None:
    meta = root / f"{name}.meta"
    meta.parent.mkdir(parents=True, exist_ok=True)
    meta.write_text(json.dumps({"exit_code_by_key": codes}), encoding="utf-8")


def test_a_mutant_no_rule_test_reaches_counts_as_missed(tool, tmp_path, capsys):
    # 6 killed (exit 1), 1 timeout (caught), 2 survived (exit 0), 1 no tests (exit 33), 1 not run yet
    codes = {f"k{i}": 1 for i in range(6)} | {"t": 36, "s1": 0, "s2": 0, "n": 33, "x": None}
    write_meta(tmp_path, "iwari_desktop/engine/core/rules.py", codes)
    assert tool.main([str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    rules = next(line for line in lines if line.startswith("iwari_desktop/engine/core/rules.py"))
    assert rules.endswith("7/10 = 70.0 %")   # not 7/9: the unreached mutant is a miss


def test_no_results_is_a_clear_message_and_exit_2(tool, tmp_path, capsys):
    assert tool.main([str(tmp_path)]) == 2
    assert "run `make mutate` first" in capsys.readouterr().err
