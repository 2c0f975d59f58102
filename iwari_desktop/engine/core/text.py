"""Engine sentences that a player may read in another language, while logs keep the English.

The engine speaks English: an IllegalAction's `str()`, a file error's one line, a CLI message, a
save's end reason are English and stay so (logs, saves and tests compare them word for word). But
the same sentences reach players on screen, in the language they chose. So a player-facing engine
sentence is a `Text`: a `str` whose value is the English sentence, which also remembers the English
template it was made from (marked with `N_` for extraction) and its named params. A scene shows
`render(text, _, ngettext)`: the template looked up in the catalogue, then filled with the params,
each of which may itself be a `Text` (a biome's name, a phase, a nested reason) rendered the same
way. Being a `str`, a `Text` goes everywhere a message went before (comparisons, JSON, `in`).

A `Text` may carry the ruling it applies (`rule`): its English value then starts with "B6: " the way
hook reasons always did, while the rendered sentence never shows the id.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

from iwari_desktop.i18n import N_

Gettext = Callable[[str], str]
NGettext = Callable[[str, str, int], str]

_FORMATTER = string.Formatter()


def placeholders(template: str) -> set[str]:
    """The named fields of a `str.format` template ("{count} {noun}" -> {"count", "noun"})."""
    names: set[str] = set()
    for _, field, _, _ in _FORMATTER.parse(template):
        if field is not None:
            names.add(field.split(".")[0].split("[")[0])
    return names


class Text(str):
    """An English engine sentence (the str value) that can be shown in the player's language.

    `Text(N_("{name} has no tents left"), name=tribe)`; a plural: `Text(nN_("{count} tent",
    "{count} tents"), count=n)` (the form is chosen by `count`, in each language by its own plural
    rules). With no params the template is the sentence as it is (no formatting, so braces are harmless).
    """

    template: str
    plural: str | None
    params: Mapping[str, Any]
    rule: str | None

    def __new__(cls, message: "str | tuple[str, str]", /, *, rule: str | None = None, **params: Any) -> "Text":
        template, plural = (message, None) if isinstance(message, str) else message
        chosen = template if plural is None or params.get("count") == 1 else plural
        english = chosen.format(**params) if params else chosen
        obj = super().__new__(cls, f"{rule}: {english}" if rule else english)
        obj.template = template
        obj.plural = plural
        obj.params = params
        obj.rule = rule
        return obj

    @property
    def english(self) -> str:
        """The English sentence without the ruling id."""
        text = str.__str__(self)
        return text[len(self.rule) + 2:] if self.rule else text

    def without_rule(self) -> "Text":
        return Text(self._message(), **self.params) if self.rule else self

    def _message(self) -> "str | tuple[str, str]":
        return self.template if self.plural is None else (self.template, self.plural)

    # A Text is immutable: copies are itself; pickling rebuilds it from its parts.
    def __copy__(self) -> "Text":
        return self

    def __deepcopy__(self, memo: dict) -> "Text":
        return self

    def __reduce__(self) -> tuple:
        return (_rebuild, (self._message(), self.rule, dict(self.params)))


def _rebuild(message: "str | tuple[str, str]", rule: str | None, params: dict) -> Text:
    return Text(message, rule=rule, **params)


def nN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a singular/plural pair for extraction (Babel keyword `nN_:1,2`); `Text` picks the form by `count`."""
    return singular, plural


class Joined(Text):
    """Texts (or plain words) joined by `sep` ("Forest + Coast + Coast"), each rendered on its own; `sep`
    may itself be a Text (" and ")."""

    parts: tuple[object, ...]
    sep: str

    def __new__(cls, parts: "tuple[object, ...] | list[object]", sep: str = ", ") -> "Joined":
        parts = tuple(parts)
        obj = str.__new__(cls, sep.join(str(p) for p in parts))
        obj.template = str.__str__(obj)
        obj.plural = None
        obj.params = {}
        obj.rule = None
        obj.parts = parts
        obj.sep = sep
        return obj

    def without_rule(self) -> "Joined":
        return self

    def __reduce__(self) -> tuple:
        return (Joined, (self.parts, self.sep))


def and_list(parts: "list[object] | tuple[object, ...]") -> Joined:
    """"Red", "Red and Blue", "Red and Blue and Green": names joined by a translatable " and "."""
    return Joined(parts, Text(_AND))


_AND = N_(" and ")


def series(parts: "list[object] | tuple[object, ...]") -> object:
    """"A", "A and B", "A, B and C": a list of names as a sentence writes it."""
    if len(parts) == 1:
        return parts[0]
    return Text(N_("{first} and {last}"), first=Joined(parts[:-1]), last=parts[-1])


def ruled(rule: str, message: "str | tuple[str, str]", /, **params: Any) -> Text:
    """A hook's reason "B6: ..." whose sentence can be shown without the id in any language."""
    return Text(message, rule=rule, **params)


def with_rule(reason: str, rule: str) -> Text:
    """"B6: reason" as a Text whose rendering leaves the id out (a plain `reason` is kept as it is)."""
    if isinstance(reason, Joined) or not isinstance(reason, Text):
        return Text(str(reason), rule=rule)
    return Text(reason._message(), rule=rule, **reason.params)


def split_rule(reason: str) -> tuple[str, str]:
    """("B6", sentence) from a reason "B6: sentence"; a `Text` keeps its template for translation."""
    if isinstance(reason, Text) and reason.rule:
        return reason.rule, reason.without_rule()
    rule, _, rest = reason.partition(": ")
    return rule, rest


def render(text: object, gettext: Gettext, ngettext: NGettext) -> str:
    """`text` in the language of `gettext`/`ngettext`; a plain str is returned as it is.

    A translation whose placeholders do not match falls back to the English sentence rather than
    failing in front of a player.
    """
    if not isinstance(text, Text):
        return str(text)
    if isinstance(text, Joined):
        return render(text.sep, gettext, ngettext).join(render(part, gettext, ngettext) for part in text.parts)
    if text.plural is not None:
        template = ngettext(text.template, text.plural, int(text.params.get("count", 0)))
    else:
        template = gettext(text.template)
    if not text.params:
        return template
    params = {key: render(value, gettext, ngettext) if isinstance(value, Text) else value
              for key, value in text.params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return text.english


def message_of(error: BaseException) -> str:
    """What an exception says to a player: the `Text` it carries (`reason` of an IllegalAction, `text` of a
    file error), else its English `str()`."""
    for attribute in ("text", "reason"):
        value = getattr(error, attribute, None)
        if isinstance(value, Text):
            return value
    if len(error.args) == 1 and isinstance(error.args[0], Text):
        return error.args[0]
    return str(error)


def english(text: object) -> str:
    """The English of `text` without any ruling id (what `render` gives with no catalogue)."""
    return text.english if isinstance(text, Text) else str(text)
