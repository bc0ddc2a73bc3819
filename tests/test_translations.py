"""The Italian, German and Japanese catalogs are complete (issue 19): every message of the code
and templates is translated, none is fuzzy or empty, every translation keeps its message's
placeholders, and the compiled catalogs the app reads (committed, so a fresh machine needs no
gettext) say what the sources say.

The project's catalogs (``locale/``) hold the messages of everything but the game packages;
each game package (``games/plugins/<game>/``) holds its own in its own ``locale/``, extracted
from inside its folder as ``make messages`` does, and checked exactly alike."""

from __future__ import annotations

import gettext
import os
import re
import shutil
import tokenize
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from games.scoring.registry import GAME_PACKAGES

LANGUAGES = ("it", "de", "ja")
ROOT = Path(settings.BASE_DIR)
# What ``make messages`` leaves out of the catalogs: the tests, the tooling and built files.
IGNORED = [".venv", "tests", "scripts", "docs", "staticfiles", "build", "locale", "games/plugins"]
# %(name)s, %s, {name}, HTML tags and entities: whatever a translation must keep as it is.
PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sdif]|%[sdif]|\{[a-z_0-9]*\}|<[^>]+>|&[a-z]+;|&#\d+;")


# Each catalog by name: the project's, then each game package's (its folder).
PROJECT = "project"
FOLDERS: dict[str, Path] = {
    PROJECT: ROOT,
    **{package: ROOT.joinpath(*package.split(".")) for package in GAME_PACKAGES},
}
CATALOGS = [(name, language) for name in FOLDERS for language in LANGUAGES]


def catalog(language: str, name: str = PROJECT) -> polib.POFile:
    return polib.pofile(str(FOLDERS[name] / "locale" / language / "LC_MESSAGES" / "django.po"))


def marks(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def key(entry: polib.POEntry) -> tuple[str, str]:
    return entry.msgctxt or "", entry.msgid


def extract(folder: Path, copy: Path, parts: list[str], ignored: list[str]) -> set[tuple[str, str]]:
    """The messages ``makemessages`` finds now in ``parts`` of ``folder``, run from a copy of
    them in ``copy`` (so the committed catalogs stay untouched), as ``make messages`` runs it
    there."""
    for part in parts:
        source = folder / part
        if source.is_dir():
            shutil.copytree(source, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, copy / part)
    (copy / "locale").mkdir()
    cwd = Path.cwd()
    os.chdir(copy)
    try:
        with override_settings(LOCALE_PATHS=[copy / "locale"]):
            call_command(
                "makemessages", locale=["xx"], keep_pot=True, ignore_patterns=ignored, verbosity=0
            )
    finally:
        os.chdir(cwd)
    pot = polib.pofile(str(copy / "locale" / "django.pot"))
    return {key(entry) for entry in pot if entry.msgid}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[tuple[str, str]]]:
    """Every message of the sources now, per catalog: the project's (games, scorekeeper and
    templates, the game packages left out) and each game package's (its folder but its
    catalogs)."""
    if shutil.which("xgettext") is None:
        message = "GNU gettext (xgettext) extracts the messages: apt-get install gettext"
        if os.environ.get("SCOREKEEPER_REQUIRE_GETTEXT"):
            pytest.fail(message)
        pytest.skip(message)
    found = {
        PROJECT: extract(
            ROOT,
            tmp_path_factory.mktemp("sources"),
            ["games", "scorekeeper", "templates"],
            IGNORED,
        )
    }
    for name, folder in FOLDERS.items():
        if name != PROJECT:
            # A package's tests are not translated, as the project's are not.
            parts = [path.name for path in folder.iterdir() if path.name not in ("locale", "tests")]
            found[name] = extract(folder, tmp_path_factory.mktemp("package"), parts, [])
    return found


@pytest.mark.parametrize(("name", "language"), CATALOGS)
def test_every_message_has_a_translation(
    name: str, language: str, extracted: dict[str, set[tuple[str, str]]]
) -> None:
    present = {key(entry) for entry in catalog(language, name) if not entry.obsolete}
    missing = sorted(extracted[name] - present)
    assert missing == [], (
        f"{len(missing)} messages missing in {name}'s {language}: run `make messages`"
    )


@pytest.mark.parametrize(("name", "language"), CATALOGS)
def test_no_translation_is_fuzzy_empty_or_loses_a_placeholder(name: str, language: str) -> None:
    problems: list[str] = []
    for entry in catalog(language, name):
        if entry.obsolete:
            continue
        where = f"{name} {language}: {entry.msgid[:70]!r}"
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy {where}")
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if not translations or any(not text.strip() for text in translations):
            problems.append(f"empty {where}")
            continue
        if entry.msgid_plural:
            # A form may leave the number out ("one hand", "in a minute": a placeholder only one
            # of the two English forms has), never add one or lose one both forms have.
            allowed = set(marks(entry.msgid) + marks(entry.msgid_plural))
            needed = set(marks(entry.msgid)) & set(marks(entry.msgid_plural))
            for text in translations:
                if not set(marks(text)) <= allowed or not needed <= set(marks(text)):
                    problems.append(f"placeholders {where}: {marks(text)}")
        elif marks(translations[0]) != marks(entry.msgid):
            problems.append(f"placeholders {where}: {marks(translations[0])}")
    assert problems == []


@pytest.mark.parametrize(("name", "language"), CATALOGS)
def test_the_compiled_catalog_is_the_source_catalog(name: str, language: str) -> None:
    """The .mo files are committed (a fresh machine has no msgfmt): they must not lag behind."""
    folder = FOLDERS[name] / "locale" / language / "LC_MESSAGES"
    with (folder / "django.mo").open("rb") as compiled_file:
        compiled = gettext.GNUTranslations(compiled_file)
    stale: list[str] = []
    for entry in catalog(language, name).translated_entries():
        # A message with a context is looked up by it, as Django's pgettext does.
        msgid = f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid
        if entry.msgid_plural:
            shown = compiled.ngettext(msgid, entry.msgid_plural, 1)
            expected = entry.msgstr_plural[0]
        else:
            shown, expected = compiled.gettext(msgid), entry.msgstr
        if shown != expected:
            stale.append(entry.msgid[:70])
    assert stale == [], f"{name} {language}: run `make messages` to compile the catalog"


# A message marked inside an f-string: xgettext reads the f-string as one string and never
# finds the call in it, so `make messages` would drop that message from the catalogs (where it
# was written by hand) and the page would show it in English.
# Any gettext function (their _lazy and _noop forms, pgettext_lazy's too) or ``_``.
MARKED = re.compile(r"\b(?:_|n?p?gettext(?:_lazy|_noop)?)\(\s*[\"']")


def test_no_message_is_marked_inside_an_f_string() -> None:
    found = []
    for folder in ("games", "scorekeeper"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "tests" in path.relative_to(ROOT).parts:
                continue
            with path.open("rb") as source:
                for token in tokenize.tokenize(source.readline):
                    prefix = re.match(r"[a-zA-Z]*", token.string)
                    if (
                        token.type == tokenize.STRING
                        and prefix is not None
                        and "f" in prefix.group().lower()
                        and MARKED.search(token.string)
                    ):
                        found.append(f"{path.relative_to(ROOT)}:{token.start[0]}")
    assert found == [], "mark the message outside the f-string:\n" + "\n".join(found)
