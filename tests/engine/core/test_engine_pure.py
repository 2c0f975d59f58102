"""The rules engine never imports pygame: checked in a fresh interpreter, loading a real Tiled map."""

from __future__ import annotations

import json
import subprocess
import sys
from repo_root import ROOT as REPO

# A tiny map in the docs/maps.md format: two territories side by side, three tent spaces each,
# a road chain that crosses the border, one totem space each and one land connection.
TINY_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="100" height="70"
     tilewidth="16" tileheight="16" infinite="0" nextlayerid="8" nextobjectid="40">
 <properties>
  <property name="display_name" value="Tiny Pair"/>
  <property name="map_id" value="tiny-pair"/>
  <property name="max_players" type="int" value="5"/>
  <property name="min_players" type="int" value="2"/>
  <property name="modes" value="multiplayer"/>
  <property name="mountains" type="bool" value="false"/>
  <property name="rules" value=""/>
 </properties>
 <objectgroup id="2" name="territories">
  <object id="1" name="West Dunes" x="0" y="0">
   <properties><property name="biome" value="desert"/></properties>
   <polygon points="0,0 800,0 800,1120 0,1120"/>
  </object>
  <object id="2" name="East Steppe" x="800" y="0">
   <properties><property name="biome" value="tundra"/></properties>
   <polygon points="0,0 800,0 800,1120 0,1120"/>
  </object>
 </objectgroup>
 <objectgroup id="3" name="tent_spaces">
  <object id="10" x="200" y="300"><point/></object>
  <object id="11" x="400" y="300"><point/></object>
  <object id="12" x="600" y="300"><point/></object>
  <object id="13" x="1000" y="300"><point/></object>
  <object id="14" x="1200" y="300"><point/></object>
  <object id="15" x="1400" y="300"><point/></object>
 </objectgroup>
 <objectgroup id="4" name="totem_spaces">
  <object id="20" x="400" y="800"><point/></object>
  <object id="21" x="1200" y="800"><point/></object>
 </objectgroup>
 <objectgroup id="5" name="roads">
  <object id="30" x="200" y="300">
   <properties>
    <property name="space_a" type="object" value="10"/>
    <property name="space_b" type="object" value="11"/>
   </properties>
   <polyline points="0,0 200,0"/>
  </object>
  <object id="31" x="400" y="300">
   <properties>
    <property name="space_a" type="object" value="11"/>
    <property name="space_b" type="object" value="12"/>
   </properties>
   <polyline points="0,0 200,0"/>
  </object>
  <object id="32" x="600" y="300">
   <properties>
    <property name="space_a" type="object" value="12"/>
    <property name="space_b" type="object" value="13"/>
   </properties>
   <polyline points="0,0 200,-40 400,0"/>
  </object>
  <object id="33" x="1000" y="300">
   <properties>
    <property name="space_a" type="object" value="13"/>
    <property name="space_b" type="object" value="14"/>
   </properties>
   <polyline points="0,0 200,0"/>
  </object>
 </objectgroup>
 <objectgroup id="6" name="connections">
  <object id="35" x="800" y="560">
   <properties>
    <property name="number" type="int" value="1"/>
    <property name="territory_a" type="object" value="1"/>
    <property name="territory_b" type="object" value="2"/>
    <property name="kind" value="land"/>
   </properties>
   <point/>
  </object>
 </objectgroup>
</map>
"""

CHILD = r"""
import importlib, json, pkgutil, sys
import iwari_desktop.engine as engine
from iwari_desktop.engine.maps.tmx_loader import load_board
from iwari_desktop.engine import GameConfig, apply, new_game
from iwari_desktop.engine.bots.players import RandomBot

board = load_board(sys.argv[1])
state = new_game(GameConfig.quick(board.map_id, 3, 5), board)
bot = RandomBot(1)
steps = 0
while not state.is_terminal() and steps < 5000:
    apply(state, bot.choose(state))
    steps += 1
modules = []
for info in pkgutil.walk_packages(engine.__path__, "iwari_desktop.engine."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
        modules.append(info.name.removeprefix("iwari_desktop.engine."))
print(json.dumps({
    "pygame_loaded": "pygame" in sys.modules,
    "pygame_like": sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui")),
    "pytmx_loaded": "pytmx" in sys.modules,
    "territories": [(t.name, t.biome.key, list(t.tent_spaces)) for t in board.territories],
    "roads": len(board.roads),
    "connections": [c.number for c in board.connections],
    "over": state.is_terminal(),
    "modules": modules,
}))
"""


def test_engine_and_tmx_loader_never_import_pygame(tmp_path):
    tmx = tmp_path / "tiny-pair.tmx"
    tmx.write_text(TINY_TMX, encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", CHILD, str(tmx)], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["pytmx_loaded"], "the map was not read through pytmx"
    assert report["territories"] == [["West Dunes", "desert", [0, 1, 2]], ["East Steppe", "tundra", [3, 4, 5]]]
    assert report["roads"] == 4 and report["connections"] == [1]
    assert report["over"]
    assert {"core.rules", "files.saves", "maps.tmx_loader", "bots.players", "rulesets.union"} <= set(report["modules"])
    assert report["pygame_like"] == []
    assert report["pygame_loaded"] is False


def test_loader_leaves_no_pygame_placeholder_behind(tmp_path):
    """The loader blocks pygame only while pytmx imports; afterwards `import pygame` must work again."""
    tmx = tmp_path / "tiny-pair.tmx"
    tmx.write_text(TINY_TMX, encoding="utf-8")
    child = ("import sys; from iwari_desktop.engine.maps.tmx_loader import load_board; load_board(sys.argv[1]); "
             "print('pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", child, str(tmx)], cwd=REPO, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"
