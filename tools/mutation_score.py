"""The mutation score per rule file after `make mutate` (docs/engine.md, "Mutation testing").

mutmut keeps each mutant's verdict in `mutants/<file>.meta`; this prints, per file and in all, how many
mutants the rule tests killed, how many survived, how many no rule test reaches and how many were not
run yet, and the score killed / (killed + survived + no tests). A mutant that no rule test reaches is a
wrong edit that no rule test would notice, so it counts as missed, like a survivor (issue #32).

    python tools/mutation_score.py [mutants]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

COLUMNS = ("killed", "survived", "timeout", "no tests", "not checked")


def verdicts(meta: Path) -> Counter[str]:
    """Mutant count per mutmut status (killed, survived, no tests, timeout, not checked, ...) of one file."""
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return Counter(status_by_exit_code[code] for code in codes.values())


def score(counts: Counter[str]) -> str:
    caught = counts["killed"] + counts["timeout"]   # a mutant that hangs the tests is caught too
    judged = caught + counts["survived"] + counts["no tests"]   # unreached code is unpinned code
    return f"{caught}/{judged} = {100 * caught / judged:.1f} %" if judged else "-"


def main(argv: list[str]) -> int:
    root = Path(argv[0] if argv else "mutants")
    metas = sorted(root.rglob("*.py.meta"))
    if not metas:
        print(f"no mutmut results under {root}/: run `make mutate` first", file=sys.stderr)
        return 2
    total: Counter[str] = Counter()
    print(f"{'file':52} " + " ".join(f"{c:>11}" for c in COLUMNS) + "  score")
    for meta in metas:
        counts = verdicts(meta)
        total += counts
        name = str(meta.relative_to(root))[:-len(".meta")]
        print(f"{name:52} " + " ".join(f"{counts[c]:>11}" for c in COLUMNS) + f"  {score(counts)}")
    print(f"{'all':52} " + " ".join(f"{total[c]:>11}" for c in COLUMNS) + f"  {score(total)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
