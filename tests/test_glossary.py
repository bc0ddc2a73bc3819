"""One term per concept per language (issue "Hardening", item 13): the catalogs were complete
but said a German Schafkopf hand was a "Runde", an Italian deal a "mano" and a Japanese suit
two names. tests/glossary.toml holds, per language and concept, the term and the wrong
variants; every translation of every catalog (the project's and each game package's) is read,
and a wrong variant fails with the concept, the language, the catalog and the message named.

Django merges the catalogs into one per language, the project's first and then each game
package's in the order of INSTALLED_APPS, and the first translation of a message wins: a message
two catalogs share must be translated alike, or a game shows another game's words (Briscola's
Japanese "to go" once showed Scopa's points). A game's own sense takes a message context."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import polib
import pytest

from tests.test_translations import FOLDERS, LANGUAGES, PROJECT, catalog

GLOSSARY = Path(__file__).with_name("glossary.toml")


@dataclass(frozen=True)
class Concept:
    language: str
    name: str
    term: str
    wrong: tuple[re.Pattern[str], ...]
    allowed: tuple[re.Pattern[str], ...]
    msgid: re.Pattern[str] | None
    catalogs: frozenset[str] | None

    def applies_to(self, short_name: str, entry: polib.POEntry) -> bool:
        if self.catalogs is not None and short_name not in self.catalogs:
            return False
        return self.msgid is None or bool(self.msgid.search(entry.msgid))

    def misused(self, text: str) -> list[str]:
        """The wrong variants the text uses, once its allowed phrases are taken out."""
        for phrase in self.allowed:
            text = phrase.sub(" ", text)
        return [match.group(0) for pattern in self.wrong for match in pattern.finditer(text)]


def read_glossary(text: str) -> list[Concept]:
    concepts = []
    for language, entries in tomllib.loads(text).items():
        for name, entry in entries.items():
            unknown = set(entry) - {"term", "wrong", "allowed", "msgid", "catalogs"}
            assert not unknown, f"glossary {language}.{name}: unknown keys {sorted(unknown)}"
            concepts.append(
                Concept(
                    language=language,
                    name=name,
                    term=entry["term"],
                    wrong=tuple(re.compile(pattern) for pattern in entry["wrong"]),
                    allowed=tuple(re.compile(pattern) for pattern in entry.get("allowed", ())),
                    msgid=re.compile(entry["msgid"]) if "msgid" in entry else None,
                    catalogs=frozenset(entry["catalogs"]) if "catalogs" in entry else None,
                )
            )
    return concepts


CONCEPTS = read_glossary(GLOSSARY.read_text(encoding="utf-8"))


def short(name: str) -> str:
    """A catalog as the glossary names it: "project", or a game package's last name."""
    return name if name == PROJECT else name.rsplit(".", 1)[-1]


def translations(entry: polib.POEntry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def problems_in(
    concepts: list[Concept], name: str, language: str, po: polib.POFile, path: str
) -> list[str]:
    problems = []
    for entry in po:
        if entry.obsolete:
            continue
        for concept in concepts:
            if concept.language != language or not concept.applies_to(short(name), entry):
                continue
            for text in translations(entry):
                for found in concept.misused(text):
                    problems.append(
                        f"{concept.name} ({language}): {path}: {entry.msgid[:70]!r} says "
                        f"{found!r}; the glossary's term is {concept.term!r}"
                    )
    return problems


def catalog_path(name: str, language: str) -> str:
    path = FOLDERS[name] / "locale" / language / "LC_MESSAGES" / "django.po"
    return str(path.relative_to(FOLDERS[PROJECT]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_keeps_to_the_glossary(language: str) -> None:
    problems = []
    for name in FOLDERS:
        path = catalog_path(name, language)
        problems += problems_in(CONCEPTS, name, language, catalog(language, name), path)
    assert problems == []


@pytest.mark.parametrize("concept", CONCEPTS, ids=lambda c: f"{c.language}.{c.name}")
def test_each_glossary_term_is_used(concept: Concept) -> None:
    """A term no catalog uses is a glossary gone stale (or a concept put under the wrong
    language): it would keep nothing."""
    texts = [
        text
        for name in FOLDERS
        if concept.catalogs is None or short(name) in concept.catalogs
        for entry in catalog(concept.language, name)
        for text in translations(entry)
    ]
    assert any(concept.term.casefold() in text.casefold() for text in texts)


def test_the_glossary_names_the_concept_language_catalog_and_message_of_a_wrong_term() -> None:
    concepts = read_glossary(
        """
        [it.deal]
        term = "smazzata"
        wrong = ['\\b[Mm]ano\\b']
        allowed = ['\\bin mano\\b']
        [de.rating]
        term = "Spielstärke"
        wrong = ["Wertung"]
        msgid = '(?i)\\brating'
        """
    )
    po = polib.POFile()
    po.append(polib.POEntry(msgid="%(side)s wins the deal.", msgstr="%(side)s vince la mano."))
    po.append(polib.POEntry(msgid="Cards in hand", msgstr="Carte in mano"))

    assert problems_in(concepts, "games.plugins.briscola", "it", po, "it.po") == [
        "deal (it): it.po: '%(side)s wins the deal.' says 'mano'; the glossary's term is 'smazzata'"
    ]
    german = polib.POFile()
    german.append(polib.POEntry(msgid="Rating", msgstr="Wertung"))
    german.append(polib.POEntry(msgid="Scoring", msgstr="Wertung"))
    assert len(problems_in(concepts, PROJECT, "de", german, "de.po")) == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_message_two_catalogs_share_is_translated_alike(language: str) -> None:
    first: dict[tuple[str, str, str], tuple[str, list[str]]] = {}
    differing = []
    for name in FOLDERS:
        for entry in catalog(language, name):
            if entry.obsolete:
                continue
            key = (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")
            said = translations(entry)
            if key not in first:
                first[key] = (name, said)
            elif first[key][1] != said:
                differing.append(
                    f"{entry.msgid[:60]!r}: {first[key][0]} says {first[key][1]}, {name} {said}"
                )
    assert differing == [], "give the game's own sense a message context (pgettext)"
