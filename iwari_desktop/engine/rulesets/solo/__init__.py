"""Solo and two-player co-op against the Void (S1-S12): the Void automaton as rule modules.

One job per file: `data` (what the module remembers), `actions` (the decisions it adds), `sides`
(who is on which side), `counting` (S7), `infection` (S5 and the pawn), `corruption` (S6),
`settlements` (S8), `moves` (S9), `void_action` (S4), `steps` (the queue of Void steps and its
decision points), `end` (S10), `outcome` (the typed result), `maprules` (how map modules adapt their
rules to solo, S11), `module` (the `solo` and `coop` RuleModules), and for screens `standing` (each
territory's verdict and the tallies) and `forecast` (the Void's next strikes, rehearsed on a clone). Importing the package
registers both modules.
"""

from iwari_desktop.engine.rulesets.solo import module as _module  # noqa: F401  (registers solo and coop)
