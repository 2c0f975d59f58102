"""Message catalogues: extract the template, update each language, compile, and check (docs/translating.md).

    .venv/bin/python tools/catalogues.py            # = make i18n: extract + update + compile, every language
    .venv/bin/python tools/catalogues.py check      # what the test checks: stale template, missing/fuzzy, stale .mo
    .venv/bin/python tools/catalogues.py init fr    # start a new language's catalogue from the template

Babel does the work (dev extra); the game itself only reads the compiled `iwari.mo` files with the
standard library's gettext, so `make play` and the frozen build need no Babel.

Why a script rather than `pybabel` on the command line: the same functions are used by the catalogue
test, so "make i18n" and "the suite says the catalogue is complete" can never disagree; the script
also merges translation fragments (`locale/<lang>/<part>-fragment.po`, delivered by whoever owns a part
of the code's messages, e.g. the engine's) into the language's catalogue, and it rewrites files only when
their content changed (no date-only churn in git). A fragment's <part> must be a package or module of
iwari_desktop (`engine`, `campaign_store` …): a fragment named after a branch or a person has no owner
once that work is merged, so it is refused (FragmentOwnerError) — fold it into `iwari.po` instead.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "iwari_desktop"
MAPPING = ROOT / "babel.cfg"
LOCALE_DIR = PACKAGE / "locale"
DOMAIN = "iwari"
POT = LOCALE_DIR / f"{DOMAIN}.pot"
PROJECT = "Iwari Desktop"
# header lines that change with the day or the tool's release, not with any message: never a reason to rewrite
_DATE_LINE = re.compile(rb'^"(POT-Creation-Date|PO-Revision-Date|Generated-By): .*\\n"\n', re.M)
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[!:][^{}]*)?\}")


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def languages() -> list[str]:
    """Every language with a catalogue under the package's locale folder."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


# Babel's default keywords (_, gettext, ngettext, pgettext, N_ …) and the engine's plural marker nN_(singular, plural)
KEYWORDS = {**DEFAULT_KEYWORDS, "nN_": (1, 2)}


def extract() -> Catalog:
    """The template as the sources say it is now (KEYWORDS)."""
    with MAPPING.open(encoding="utf-8") as fileobj:
        method_map, options_map = parse_mapping_cfg(fileobj)
    # the mapping's patterns are relative to the project root; extract from there, keep package paths
    method_map = [(pattern.removeprefix("iwari_desktop/"), method) for pattern, method in method_map]
    options_map = {pattern.removeprefix("iwari_desktop/"): opts for pattern, opts in options_map.items()}
    catalog = Catalog(project=PROJECT, charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True,
            comment_tags=("TRANSLATORS:",)):
        catalog.add(message, None, [(f"iwari_desktop/{filename}", lineno)], auto_comments=comments,
                    context=context)
    add_campaign_texts(catalog)
    return catalog


CAMPAIGNS = ROOT / "assets" / "campaigns"
CAMPAIGN_KEYS = ("title", "story", "map_rules")


def add_campaign_texts(catalog: Catalog) -> None:
    """The bundled campaigns' shown texts (journey and chapter titles, stories, map rules) as messages.

    Why here and not a second file per language: the campaign files stay one English source of truth
    (their format and reader unchanged), and the screens look each text up with `_()` like any other;
    a campaign a player writes has no entry and is shown as written."""
    import json

    for path in sorted(CAMPAIGNS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        where = f"assets/campaigns/{path.name}"
        texts = [data.get("title")]
        for chapter in [*data.get("chapters", []), *([data["bonus"]] if data.get("bonus") else [])]:
            texts += [chapter.get(key) for key in CAMPAIGN_KEYS]
        for text in texts:
            if isinstance(text, str) and text:
                catalog.add(text, None, [(where, 0)], auto_comments=["a bundled campaign's text"])


def _dump_po(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=110, omit_header=False, include_lineno=False, ignore_obsolete=True,
             sort_output=False)
    return out.getvalue()


def _write_if_changed(path: Path, data: bytes, ignore_dates: bool = True) -> bool:
    """Write `data` unless the file already says the same (apart from its date lines): True if written."""
    if path.is_file():
        old = path.read_bytes()
        if old == data or (ignore_dates and _DATE_LINE.sub(b"", old) == _DATE_LINE.sub(b"", data)):
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def write_template(template: Catalog) -> bool:
    return _write_if_changed(POT, _dump_po(template))


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as fileobj:
        return read_po(fileobj, locale=lang, domain=DOMAIN)


FRAGMENT_SUFFIX = "-fragment.po"


class FragmentOwnerError(ValueError):
    """A fragment whose name is not a part of the code: nobody owns it, so its translations would drift."""


def code_parts() -> set[str]:
    """The names a fragment may carry: every package and module of iwari_desktop (`engine`, `scenes`,
    `campaign_store` …, sub-packages too), dunder files left out."""
    parts = set()
    for path in PACKAGE.rglob("*"):
        if "locale" in path.relative_to(PACKAGE).parts or path.name.startswith("__"):
            continue
        if path.is_dir() and (path / "__init__.py").is_file():
            parts.add(path.name)
        elif path.suffix == ".py":
            parts.add(path.stem)
    return parts


def fragment_owner(path: Path) -> str:
    """The part of the code that owns `path` (`engine` for `engine-fragment.po`), or FragmentOwnerError."""
    part = path.name.removesuffix(FRAGMENT_SUFFIX)
    if part not in code_parts():
        raise FragmentOwnerError(
            f"{path.name}: {part!r} is not a package or module of iwari_desktop; a fragment belongs to a part of "
            f"the code (e.g. engine-fragment.po) — fold this one into {DOMAIN}.po (docs/translating.md)")
    return part


def fragments(lang: str) -> list[Path]:
    """Translation fragments for `lang` (e.g. `engine-fragment.po`), merged into its catalogue on update;
    every one must be owned by a part of the code (fragment_owner)."""
    found = sorted((LOCALE_DIR / lang).glob(f"*{FRAGMENT_SUFFIX}"))
    for path in found:
        fragment_owner(path)
    return found


def merge_fragments(catalog: Catalog, lang: str) -> int:
    """Take every finished translation of a fragment whose message is in `catalog`: the fragment's owner wins."""
    taken = 0
    for path in fragments(lang):
        for message in read_catalog(path, lang):
            if not message.id or message.fuzzy or not _translated(message):
                continue
            target = catalog.get(message.id, message.context)
            if target is not None:
                target.string = message.string
                target.flags.discard("fuzzy")
                taken += 1
    return taken


def update(lang: str, template: Catalog) -> bool:
    """Bring `lang`'s catalogue in line with the template; new messages arrive untranslated (never guessed)."""
    catalog = read_catalog(po_path(lang), lang)
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    merge_fragments(catalog, lang)
    return _write_if_changed(po_path(lang), _dump_po(catalog))


def compiled(lang: str) -> bytes:
    """The `.mo` the committed `.po` compiles to (fuzzy entries left out, as gettext would ignore them)."""
    out = io.BytesIO()
    write_mo(out, read_catalog(po_path(lang), lang), use_fuzzy=False)
    return out.getvalue()


def mo_messages(data: bytes) -> dict[object, object]:
    """What a compiled catalogue says: every message and its translation, and the header's settings that
    change how gettext reads them (charset, plural forms).

    Why not bytes: the header also names the tool that wrote the file ("Generated-By: Babel 2.18.0"), so a
    new Babel release would make an unchanged catalogue look stale; only what the game reads counts."""
    import gettext

    translations = gettext.GNUTranslations(io.BytesIO(data))
    messages: dict[object, object] = dict(translations._catalog)  # type: ignore[attr-defined]
    header = str(messages.pop("", ""))
    settings = {}
    for line in header.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() in ("content-type", "plural-forms"):
            settings[key.strip().lower()] = value.strip()
    messages[("header",)] = tuple(sorted(settings.items()))
    return messages


def mo_is_current(lang: str) -> bool:
    """The committed `.mo` says exactly what the committed `.po` compiles to (messages, not bytes)."""
    path = mo_path(lang)
    return path.is_file() and mo_messages(path.read_bytes()) == mo_messages(compiled(lang))


def compile_language(lang: str) -> bool:
    """Rewrite the `.mo` only when what it says changed, so a new Babel release causes no churn."""
    if mo_is_current(lang):
        return False
    return _write_if_changed(mo_path(lang), compiled(lang), ignore_dates=False)


def init(lang: str, template: Catalog) -> Path:
    """A fresh catalogue for a new language (plural rules from Babel's locale data)."""
    if po_path(lang).exists():
        raise SystemExit(f"{po_path(lang)} exists already; run `make i18n` to update it")
    catalog = Catalog(locale=lang, domain=DOMAIN, project=PROJECT, charset="utf-8", fuzzy=False,
                      creation_date=datetime.now(timezone.utc))
    for message in template:
        if message.id:
            catalog[message.id] = Message(message.id, "" if isinstance(message.id, str) else ("",) * catalog.num_plurals,
                                          locations=message.locations, auto_comments=message.auto_comments,
                                          context=message.context)
    _write_if_changed(po_path(lang), _dump_po(catalog))
    return po_path(lang)


def _translated(message: Message) -> bool:
    if isinstance(message.string, (tuple, list)):
        return all(bool(s) for s in message.string)
    return bool(message.string)


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def problems(lang: str, template: Catalog | None = None) -> list[str]:
    """Everything that makes `lang` incomplete or out of date, one line each (empty: all is well)."""
    template = extract() if template is None else template
    found: list[str] = []
    committed = read_catalog(POT) if POT.is_file() else Catalog()
    fresh_ids = {(m.id, m.context) for m in template if m.id}
    pot_ids = {(m.id, m.context) for m in committed if m.id}
    for key in sorted(fresh_ids - pot_ids, key=str):
        found.append(f"{POT.name} is stale: {key[0]!r} is in the sources but not in the template (run make i18n)")
    for key in sorted(pot_ids - fresh_ids, key=str):
        found.append(f"{POT.name} is stale: {key[0]!r} is no longer in the sources (run make i18n)")
    catalog = read_catalog(po_path(lang), lang)
    for message in template:
        if not message.id:
            continue
        done = catalog.get(message.id, message.context)
        name = message.id if isinstance(message.id, str) else message.id[0]
        if done is None or not _translated(done):
            found.append(f"{lang}: no translation for {name!r}")
        elif done.fuzzy:
            found.append(f"{lang}: fuzzy translation for {name!r}")
        else:
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [done.string] if isinstance(done.string, str) else list(done.string)
            # a translation may leave a placeholder out (German says "für den dritten Stamm" where English
            # needs the name), but one the source does not pass would raise KeyError when shown
            wanted = set().union(*(placeholders(i) for i in ids))
            for string in strings:
                if placeholders(string) - wanted:
                    found.append(f"{lang}: {name!r} is translated with unknown placeholders "
                                 f"{sorted(placeholders(string) - wanted)}")

    for path in sorted((LOCALE_DIR / lang).glob(f"*{FRAGMENT_SUFFIX}")):
        try:
            fragment_owner(path)
        except FragmentOwnerError as error:
            found.append(f"{lang}: {error}")
    if not mo_is_current(lang):
        found.append(f"{lang}/LC_MESSAGES/{DOMAIN}.mo does not match its .po (run make i18n)")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/catalogues.py", description=__doc__.split("\n")[0])
    parser.add_argument("command", nargs="?", default="all", choices=("all", "check", "init"))
    parser.add_argument("lang", nargs="?", help="language code for init, e.g. fr")
    args = parser.parse_args(argv)
    template = extract()
    if args.command == "init":
        if not args.lang or not re.fullmatch(r"[a-z]{2,3}(_[A-Z]{2})?", args.lang):
            parser.error("init needs a language code such as fr or pt_BR")
        write_template(template)
        print(f"created {init(args.lang, template).relative_to(ROOT)}; add it to LANGUAGES in iwari_desktop/i18n.py")
        return 0
    if args.command == "check":
        found = [p for lang in languages() for p in problems(lang, template)]
        for line in found:
            print(line)
        print(f"{len(template)} messages, {len(found)} problems")
        return 1 if found else 0
    changed = [POT.name] if write_template(template) else []
    for lang in languages():
        if update(lang, template):
            changed.append(str(po_path(lang).relative_to(LOCALE_DIR)))
        if compile_language(lang):
            changed.append(str(mo_path(lang).relative_to(LOCALE_DIR)))
        missing = sum(1 for p in problems(lang, template) if "no translation" in p or "fuzzy" in p)
        print(f"{lang}: {missing} messages to translate" if missing else f"{lang}: complete")
    print(f"{len(template)} messages; rewritten: {', '.join(changed) or 'nothing'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
