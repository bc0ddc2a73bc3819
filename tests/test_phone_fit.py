"""What a phone and a screen reader get without a browser: the page's language, explanations
tied to their fields, short names that tell players apart, the order of the standings' columns
and the rating column saying why it is out of order."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest
from django.template import Context, Template
from django.test import Client, override_settings
from django.urls import reverse

from games.context_processors import _has_catalog
from games.leagues.standings import (
    BALANCE,
    MONEY,
    PHONE_COLUMNS,
    RATING,
    Standing,
    columns_for,
    columns_on_screen,
    mark_less_certain,
)
from games.plugins.swoops.entry import chips
from games.short_names import short_labels
from games.standings.rating import Skill
from games.standings.stats import StandingRow
from tests.pages import html

# -- <html lang> ------------------------------------------------------------------------------


def page_lang(client: Client, language: str) -> str:
    page = html(client.get(reverse("games:rules_index"), HTTP_ACCEPT_LANGUAGE=language))
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found
    return found.group(1)


def empty_catalog(path: Path) -> None:
    """A valid .mo file with no messages: the language has a catalog of ours."""
    path.parent.mkdir(parents=True)
    path.write_bytes(struct.pack("<7I", 0x950412DE, 0, 0, 28, 28, 0, 28))


@pytest.mark.django_db
def test_the_page_says_english_when_the_asked_for_language_has_no_catalog(
    client: Client, tmp_path: Path
) -> None:
    # Italian, German and Japanese are in LANGUAGES; without their catalogs nothing of ours
    # would be translated.
    _has_catalog.cache_clear()
    try:
        with override_settings(LOCALE_PATHS=[tmp_path]):
            assert page_lang(client, "en") == "en"
            for language in ("it", "de", "ja"):
                assert page_lang(client, language) == "en"
    finally:
        _has_catalog.cache_clear()


@pytest.mark.django_db
def test_the_shipped_catalogs_make_each_language_the_pages(client: Client) -> None:
    _has_catalog.cache_clear()
    for language in ("it", "de", "ja"):
        assert page_lang(client, language) == language


@pytest.mark.django_db
def test_a_language_with_a_catalog_is_the_pages(client: Client, tmp_path: Path) -> None:
    empty_catalog(tmp_path / "it" / "LC_MESSAGES" / "django.mo")
    _has_catalog.cache_clear()
    try:
        with override_settings(LOCALE_PATHS=[tmp_path]):
            assert page_lang(client, "it") == "it"
            assert page_lang(client, "de") == "en"
    finally:
        _has_catalog.cache_clear()


# -- explanations read out with their fields ----------------------------------------------------


def missing_references(page: str) -> list[str]:
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    return [
        reference
        for found in re.findall(r'aria-(?:describedby|labelledby|controls)="([^"]+)"', page)
        for reference in found.split()
        if reference not in ids
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["scopa", "scopone", "ciapano", "schafkopf", "swoops"])
def test_every_option_explanation_is_tied_to_its_field(client: Client, game: str) -> None:
    page = html(client.get(reverse("games:table_new") + f"?game={game}"))

    assert missing_references(page) == []
    # Each option's one-sentence help is what its input or group is described by.
    described = re.findall(r'aria-describedby="([^"]+)"', page)
    assert len(described) >= 2
    for reference in described:
        assert re.search(rf'<p class="help" id="{reference}">\S', page), reference


@pytest.mark.django_db
def test_the_import_and_league_forms_tie_their_help_too(client: Client) -> None:
    for url in (reverse("games:table_import"), reverse("games:leagues")):
        page = html(client.get(url))
        assert "aria-describedby" in page
        assert missing_references(page) == [], url


# -- short names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "labels"),
    [
        (["Alessandra", "Alessandro"], ["Ale…a", "Ale…o"]),
        (["Alessandra & Bartolomeo", "Alessandro & Di"], ["A&B", "A&D"]),
        (["Ann & Cy", "Bob & Di"], ["A&C", "B&D"]),
        (["Di", "Eva", "Bartolomeo"], ["Di", "Eva", "Bart…"]),
        (["Maria Rossi", "Mario Rossi", "Maria Russo"], ["Mar…i", "Mario", "Mar…o"]),
    ],
)
def test_short_labels_are_short_and_distinct(names: list[str], labels: list[str]) -> None:
    assert short_labels(names) == labels


def test_short_labels_fall_back_to_the_whole_name_rather_than_collide() -> None:
    names = ["Alessandra Rossi", "Alessandra Rosso", "Alessandro Rossi"]
    shown = short_labels(names)
    assert len(set(shown)) == 3
    assert all(len(label) <= 5 or label in names for label in shown)


def test_the_template_filter_takes_names_or_side_pairs() -> None:
    template = Template("{% load names %}{{ name|short_among:sides }}")
    pairs = [(0, "Alessandra"), (1, "Alessandro")]
    assert template.render(Context({"name": "Alessandro", "sides": pairs})) == "Ale…o"
    assert template.render(Context({"name": "Di", "sides": ["Di", "Eva"]})) == "Di"
    # Anything not among the sides (the "nobody" choice) is shown as it is.
    assert template.render(Context({"name": "—", "sides": pairs})) == "—"


def test_swoops_chips_are_named_by_what_they_show() -> None:
    labels = {chip.rank: chip.label for chip in chips()}
    assert labels["K"] == "K, 10 points (King)"
    assert labels["JOKER"] == "JOKER, 50 points"
    assert labels["7"] == "7, 7 points"
    assert labels["A"] == "A, 1 point (Ace)"


# -- standings --------------------------------------------------------------------------------


def test_a_schafkopf_table_on_a_phone_shows_the_balance_and_money_first() -> None:
    screen = columns_on_screen("schafkopf")
    assert screen[:2] == (BALANCE, MONEY)
    assert set(screen) == set(columns_for("schafkopf"))
    assert columns_for("schafkopf")[0] is RATING  # files keep their order
    # The others: the rating, the game's own measures, the win rate; games played and won last,
    # past what a phone shows (PHONE_COLUMNS).
    assert [c.key for c in columns_on_screen(None)][:PHONE_COLUMNS] == [
        "rating",
        "average_place",
        "win_rate",
    ]
    assert [c.key for c in columns_on_screen("scopa")][:PHONE_COLUMNS] == [
        "rating",
        "points_per_game",
        "points_difference",
    ]
    for game in (None, "scopa", "ciapano", "swoops"):
        assert set(columns_on_screen(game)) == set(columns_for(game))


def standing(name: str, mu: float, sigma: float) -> Standing:
    return Standing(StandingRow(player=hash(name), name=name), Skill(mu, sigma), None)


def test_a_rating_ranked_below_a_lower_one_is_marked() -> None:
    regular = standing("Ann", 24.0, 2.0)  # 18.0
    newcomer = standing("Bob", 26.0, 8.0)  # 2.0
    steady = standing("Cy", 20.0, 1.0)  # 17.0: below Ann, and lower
    shaky = standing("Di", 23.0, 3.0)  # 14.0: below Cy, but reads higher
    unrated = Standing(StandingRow(player=5, name="Eva"), None, None)
    mark_less_certain([newcomer, shaky, regular, steady, unrated])
    assert [line.less_certain for line in (regular, steady, shaky, newcomer, unrated)] == [
        False,
        False,
        True,
        True,
        False,
    ]


def test_ratings_that_read_the_same_or_rank_the_same_are_not_marked() -> None:
    first = standing("Ann", 25.04, 2.0)
    second = standing("Bob", 25.01, 1.99)  # shown as 25.0 both
    tied = standing("Cy", 26.0, 2.33333333)
    level = standing("Di", 25.0, 2.0)  # ranks equal to Ann's
    mark_less_certain([first, second])
    assert not first.less_certain
    assert not second.less_certain
    mark_less_certain([tied, level])
    assert not tied.less_certain
    assert not level.less_certain
