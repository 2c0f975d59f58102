"""The route table: every screen's name and what opens it. The only module that imports every feature.

Scenes never import each other to move on; they ask `app.nav` by name (`scenes/ui/navigator.py`):

    app.nav.push("setup-mode", GameMode.SOLO)     app.nav.reset("menu")      app.nav.run("watch", game)

Each entry is a loader: it imports the feature with a plain `from … import` (so PyInstaller's analysis
finds every scene without hidden imports) when the route is first used, so the game starts by loading
the menu only. A route is a scene class (push/replace/reset/make/find) or an action: a function of the
app that arranges the stack itself (`nav.run`). To add a screen: write it in its feature folder and
add one loader here (docs/architecture.md).
"""

from __future__ import annotations

from .ui.navigator import Route, RouteLoader


# ---- scenes (classes: the route's arguments are the scene's, after the app) ----------------------------
def _menu() -> Route:
    from .menu.menu import MenuScene
    return MenuScene


def _setup() -> Route:
    from .setup.setup import SetupScene
    return SetupScene


def _setup_mode() -> Route:                    # (mode: GameMode) solo or co-op
    from .setup.setup_mode import ModeSetupScene
    return ModeSetupScene


def _board() -> Route:                         # (game, **board options)
    from .board.board import BoardScene
    return BoardScene


def _scoring() -> Route:                       # (controller, report)
    from .scoring.scoring import ScoringScene
    return ScoringScene


def _void_steps() -> Route:                    # (controller, board)
    from .solo.void_steps import VoidStepsScene
    return VoidStepsScene


def _void_end() -> Route:                      # (controller)
    from .solo.void_end import VoidEndScene
    return VoidEndScene


def _expeditions() -> Route:                  # (controller): the expedition cards over the board
    from .presenters.expeditions import ExpeditionOverlay
    return ExpeditionOverlay


def _profiles() -> Route:
    from .campaign.campaign_profiles import ProfilesScene
    return ProfilesScene


def _journey() -> Route:                       # (profile id, campaign, progress)
    from .campaign.campaign_journey import JourneyScene
    return JourneyScene


def _debrief() -> Route:                       # (chapter run)
    from .campaign.campaign_debrief import DebriefScene
    return DebriefScene


def _load() -> Route:
    from .load.load import LoadScene
    return LoadScene


def _history() -> Route:
    from .history.history_scene import HistoryScene
    return HistoryScene


def _settings() -> Route:
    from .settings.settings import SettingsScene
    return SettingsScene


def _rules() -> Route:
    from .rules.rules import RulesScene
    return RulesScene


def _confirm() -> Route:                       # (question, detail, yes, on_yes)
    from .ui.dialogs import ConfirmScene
    return ConfirmScene


def _dialog() -> Route:                        # (title, message, on_close=None)
    from .ui.dialogs import DialogScene
    return DialogScene


def _online() -> Route:                        # Play online: host or join
    from .online.online_menu import OnlineMenuScene
    return OnlineMenuScene


def _online_host() -> Route:
    from .online.online_host import HostScene
    return HostScene


def _online_host_coop() -> Route:              # co-op against the Void, the partner online
    from .online.online_host import HostCoopScene
    return HostCoopScene


def _online_join() -> Route:
    from .online.online_join import JoinScene
    return JoinScene


def _online_lobby() -> Route:                  # (session)
    from .online.online_lobby import LobbyScene
    return LobbyScene


def _online_board() -> Route:                  # (session): the board at an online table
    from .online.online_board import OnlineBoardScene
    return OnlineBoardScene


def _online_scoring() -> Route:                # (controller, report): scoring at an online table
    from .online.online_scoring import OnlineScoringScene
    return OnlineScoringScene


def _online_chat() -> Route:                   # (session): the table's chat over the board
    from .online.online_chat import ChatOverlay
    return ChatOverlay


# ---- actions (functions of the app that arrange the stack themselves) ---------------------------------
def _start_game() -> Route:                    # (game, below=(), **board options): menu, below…, board
    from .setup.setup import start_game
    return start_game


def _open_save() -> Route:                     # (path) → bool
    from .load.load import open_save
    return open_save


def _watch() -> Route:                         # (game, title=None): Watch the game
    from .history.replay_scene import watch
    return watch


def _tutorial() -> Route:                      # Learn to play
    from .tutorial.tutorial import start_tutorial
    return start_tutorial


def _continue_chapter() -> Route:              # (autosave path) → bool: a recorded chapter opens its journey
    from .campaign.campaign_run import continue_recorded
    return continue_recorded


def _back_to_journey() -> Route:               # (chapter run) → the journey, or None
    from .campaign.campaign_run import back_to_journey
    return back_to_journey


def _continue_online() -> Route:               # → bool: back to the newest remembered online table
    from .online.online_menu import continue_online
    return continue_online


def _online_remembered() -> Route:             # → [TableChoice]: the remembered online tables Continue offers
    from .online.online_menu import table_choices
    return table_choices


def _continue_choice() -> Route:
    from .menu.continue_choice import ContinueChoiceScene
    return ContinueChoiceScene


ROUTES: dict[str, RouteLoader] = {
    "menu": _menu,
    "setup": _setup,
    "setup-mode": _setup_mode,
    "board": _board,
    "scoring": _scoring,
    "void-steps": _void_steps,
    "void-end": _void_end,
    "expeditions": _expeditions,
    "profiles": _profiles,
    "journey": _journey,
    "debrief": _debrief,
    "load": _load,
    "history": _history,
    "settings": _settings,
    "rules": _rules,
    "confirm": _confirm,
    "dialog": _dialog,
    "start-game": _start_game,
    "open-save": _open_save,
    "watch": _watch,
    "tutorial": _tutorial,
    "continue-chapter": _continue_chapter,
    "back-to-journey": _back_to_journey,
    "online": _online,
    "online-host": _online_host,
    "online-host-coop": _online_host_coop,
    "online-join": _online_join,
    "online-lobby": _online_lobby,
    "online-board": _online_board,
    "online-chat": _online_chat,
    "online-scoring": _online_scoring,
    "continue-online": _continue_online,
    "online-remembered": _online_remembered,
    "continue-choice": _continue_choice,
}
