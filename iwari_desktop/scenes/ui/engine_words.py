"""The engine's own fixed sentences that the screens show, marked here so they reach the German catalogue.

The engine is pure Python and owns these words (rule module summaries, setup option help, the Void's end
reasons); the scenes show them through `_()`, so a translation is found by the English text. Until the
engine marks them itself (its translations then arrive through `locale/<lang>/engine-fragment.po`), this
list copies them for extraction. `tests/test_i18n_engine_words.py` fails when an engine sentence changes
and this copy does not, so nothing the screens show can fall out of the catalogue unnoticed.
"""

from __future__ import annotations

from ...i18n import N_

# RuleModule.summary of every registered rule module
MODULE_SUMMARIES: tuple[str, ...] = (
    N_('Roads that cross from one territory to another along a connection count as roads, so '
       'settlements can reach across them.'),
    N_('Two cards of one biome move a contested token into the territory of that biome as an '
       'extra space with your tent on it.'),
    N_('Two partners form one side against the Void: take turns, each following the solo turn; '
       'your pieces count together.'),
    N_('Whoever explores the last empty territory puts Courage on a feat already on the board and '
       'cancels it.'),
    N_('Whoever holds the Determination token may once put a second piece in an unexplored '
       'territory, then hands the token to the previous player.'),
    N_('Three missions are revealed: the first player to complete one scores its top reward at '
       'once, the second scores the lower one.'),
    N_('At the final scoring only, the purple road scores like an extra territory for the tribes '
       'with the most tents on it; feats never multiply it.'),
    N_('Ruins block some connections: take a ruin space with two cards of its icon to open the '
       'connection and keep the ruin for 1 point.'),
    N_('Play against the Void: after each action play at least one card for it; Void cards turned '
       'up infect the land, and four at once corrupt it.'),
    N_('The Tundra territory takes no totems, so the connections touching it never score and '
       'never earn Honour or Respect.'),
    N_('Two connections join the same two territories: each one scores and earns feats on its '
       'own. Icebergs are mountains drawn on water.'),
    N_('Neutral Void totems start in the centre; pay cards to move one into the territory you '
       'play in, and add a piece of your own there.'),
    N_('Up to six players (the sixth plays purple); twelve Void cards join the deck and pay for '
       'the purple Void territories.'),
    N_('At the end, whoever has the most pieces on the chosen kind of spot places one more '
       'doubling feat; a tie discards it.'),
)
# OPTIONS[name].help, the one-line help of each setup option
OPTION_HELP: tuple[str, ...] = (
    N_('three expedition cards to race for (E8)'),
    N_('the Courage feat for exploring the last territory (E9)'),
    N_('the Worship feat, variant 1-3, decided before the final scoring (E10)'),
    N_('Void territories that make the players lose (S10)'),
    N_("partners see each other's hands (S12)"),
    N_("the game decides the Void's ties by a fixed rule"),
)
# REASON_TEXT: why a game against the Void ended, or was won or lost
VOID_REASONS: tuple[str, ...] = (
    N_('every territory has been counted'),
    N_('the Void controls enough territories to win'),
    N_('the Void had to place a piece it no longer has'),
    N_('a player began a turn with no tents and no totems left'),
    N_('a third Void card lies beside the board after a Corruption'),
    N_('the Void built a settlement big enough to win'),
    N_('the Void placed its fifth totem on the purple centre'),
    N_('no card is left anywhere'),
    N_('the Void controls fewer territories than it needs'),
    N_("the Void holds more ruin spaces than the players' tents there"),
    N_('the Void has more ruins than the players have tents on the purple road'),
)
