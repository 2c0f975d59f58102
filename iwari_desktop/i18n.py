"""The language every player-facing sentence is shown in, switchable while the game runs.

Messages are marked for gettext (`_`, `ngettext`, `N_`) and extracted with Babel into
`iwari_desktop/locale/iwari.pot`; each language's compiled catalogue lives beside it in
`locale/<lang>/LC_MESSAGES/iwari.mo`, found next to this module both from a source checkout and from
a frozen build (the PyInstaller spec bundles the `locale` folder inside the package).

Why a small holder instead of `gettext.install`: the language changes without a restart (Settings),
so every call looks the active catalogue up at call time. A scene therefore calls `_()` when it draws
or builds its text, never at import time; a constant that must live at module level is marked with
`N_()` (extraction only) and passed through `_()` where it is shown.

Pure Python, no pygame: the engine may mark its own player-facing sentences with `N_`.
"""

from __future__ import annotations

import gettext as _gettext
import locale
import os
from dataclasses import dataclass, field
from pathlib import Path

DOMAIN = "iwari"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE = "en"
# Languages a player can choose, in the order Settings lists them, each named in its own language.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
LANG_ENV = "IWARI_LANG"


class CatalogueMissing(LookupError):
    """A language's compiled catalogue cannot be read (a damaged or partial installation)."""


@dataclass
class _Active:
    """The catalogue in use; one per process, replaced whole when the player switches language."""

    code: str = SOURCE_LANGUAGE
    translations: _gettext.NullTranslations = field(default_factory=_gettext.NullTranslations)


_active = _Active()


def _load(code: str) -> _gettext.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    try:
        return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code])
    except (OSError, ValueError) as error:  # missing, unreadable or not a catalogue at all
        raise CatalogueMissing(f"the {LANGUAGES[code]} texts cannot be read from {LOCALE_DIR / code} "
                               f"({getattr(error, 'strerror', None) or error})") from None


def set_language(code: str) -> None:
    """Switch every later `_()` call to `code` (one of LANGUAGES); an unknown code raises ValueError, a
    catalogue that cannot be read CatalogueMissing (the active language then stays as it was)."""

    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    translations = _load(code)
    _active.code = code
    _active.translations = translations


def current_language() -> str:
    return _active.code


def default_language(environ: dict[str, str] | None = None) -> str:
    """IWARI_LANG if set to a known language, else German when the system locale is German, else English."""
    env = os.environ if environ is None else environ
    wanted = env.get(LANG_ENV, "").strip().lower()[:2]
    if wanted in LANGUAGES:
        return wanted
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name, "")
        if value:
            return "de" if value.lower().startswith("de") else SOURCE_LANGUAGE
    if environ is None:
        try:
            system = locale.getlocale()[0] or ""
        except ValueError:
            system = ""
        if system.lower().startswith("de"):
            return "de"
    return SOURCE_LANGUAGE


def _(message: str) -> str:
    """`message` in the active language (unchanged when there is no translation)."""
    return _active.translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for `count` in the active language's plural rules."""
    return _active.translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the active language where the same English word needs different translations."""
    return _active.translations.pgettext(context, message)


def N_(message: str) -> str:
    """Marks `message` for extraction only; translate it with `_()` where it is shown."""
    return message
