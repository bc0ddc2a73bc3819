"""Briscola's pages (games/plugins/briscola): the table page, the htmx preview, saving a deal by
its cards or its points, a refused deal (422, nothing saved), the rules page, and its
translations coming from the game package's own catalogs."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.demo import demo_league_create
from games.hands import ChartHints, hand_entry_for, offered_games
from games.models import Table
from games.plugins.briscola.entry import BriscolaHandEntry
from games.scoring import GAMES
from games.scoring.cards import DECK
from games.tables import services as table_services
from games.tables.page import HISTORY_PAGE
from tests.clubs import home_club
from tests.pages import HTMX, delete_url, edit_url, html, inputs, saved, table_url, totals
from tests.round_pages import read_round_pages

pytestmark = pytest.mark.django_db

ALL = [card.code for card in DECK]
# Four aces, a three, a king and a knight: 61 card points.
SIXTY_ONE = ["AD", "AC", "AS", "AB", "3D", "KD", "ND"]


def briscola_table(players: list[str] | None = None, **options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="briscola", players=players or ["Ann", "Bob"], options=options
    )


def cards_to(cards_for_first: list[str], rest: str = "1") -> dict[str, str]:
    data = {"mode": "cards"}
    for code in ALL:
        data[f"card_{code}"] = "0" if code in cards_for_first else rest
    return data


def test_the_registry_finds_briscola_in_its_package() -> None:
    assert "briscola" in GAMES
    assert offered_games()[-1] == "briscola"
    assert isinstance(hand_entry_for("briscola"), BriscolaHandEntry)


def test_the_table_page_offers_the_card_grid_and_the_points(client: Client) -> None:
    table = briscola_table()
    page = html(client.get(table_url(table)))
    assert page.count("data-card=") == 40
    assert "Tap cards" in page
    assert "Enter points" in page
    assert "All remaining cards to Bob" in page
    assert "Deals won, best of 3" in page
    assert 'name="points_0"' in page


def test_the_preview_counts_each_sides_card_points_and_the_cards_left(client: Client) -> None:
    table = briscola_table()
    data = {"mode": "cards", **{f"card_{code}": "0" for code in SIXTY_ONE}, "card_7D": "1"}
    response = client.post(table_url(table), {**data, "action": "preview"}, **HTMX)
    page = html(response)
    assert page.lstrip().startswith('<div id="preview"')
    assert "<html" not in page
    assert "So far: 32 cards left to assign" in page
    assert '<td>7</td><td class="points">61</td>' in page
    assert '<td>1</td><td class="points">0</td>' in page
    # The side picker's counters, out of band.
    assert '<span data-count-points="0">61</span>' in page
    assert saved() == (0, 0)

    complete = html(
        client.post(table_url(table), {**cards_to(SIXTY_ONE), "action": "preview"}, **HTMX)
    )
    assert "This deal" in complete
    assert "Ann wins the deal (Ann 61, Bob 59)." in complete
    assert saved() == (0, 0)


def test_the_next_deal_is_entered_the_way_the_last_one_was(client: Client) -> None:
    """Without JavaScript (plain posts) and in the answer to an htmx save: a table that typed
    its last deal's points gets the points, one that tapped its cards the cards."""
    table = briscola_table()
    assert inputs(client.get(table_url(table))).checked["mode"] == "cards"
    client.post(table_url(table), {"mode": "points", "points_0": "60", "points_1": "60"})
    assert inputs(client.get(table_url(table))).checked["mode"] == "points"
    # An htmx save's answer brings the next deal's form drawn for points too.
    response = client.post(
        table_url(table), {"mode": "points", "points_0": "70", "points_1": "50"}, **HTMX
    )
    assert inputs(response).checked["mode"] == "points"
    client.post(table_url(table), cards_to(["AD", "AC"]))
    assert inputs(client.get(table_url(table))).checked["mode"] == "cards"


def test_every_word_for_a_round_is_deal(client: Client) -> None:
    table = briscola_table()
    client.post(table_url(table), cards_to(SIXTY_ONE))
    page = html(client.post(table_url(table), cards_to(["AD"]), **HTMX))
    for words in ("Record deal 3", "Deal 2 recorded.", "Deal 2", "Save deal"):
        assert words in page
    page = html(client.get(table_url(table)))
    for words in ("Record deal 3", "Deal 1", "Deals played", "Save deal", "Delete deal 1?"):
        assert words in page
    for words in ("Skip to the deal entry",):
        assert words in page
    for words in (
        "Record hand",
        "Hand 1",
        "Hands played",
        "Save hand",
        "Delete hand",
        "hand entry",
    ):
        assert words not in page
    assert "Your unsaved deal is back, as you left it." in page


def test_deal_is_the_word_on_the_edit_and_changes_pages_and_in_a_refused_write(
    client: Client,
) -> None:
    """Every place that names a round, beyond the table page's own: a refused write's lines and
    buttons (409), the edit page, the table's changes, a poll that keeps a filled-in deal, and
    the link to the earlier deals."""
    table = briscola_table(best_of="5")
    url = table_url(table)
    stale = inputs(client.get(url)).values
    drawn = {"mode": "points", "points_0": "60", "points_1": "60"}
    client.post(url, drawn)
    guard = {name: stale[name] for name in ("table_version", "hand_token")}
    refused = client.post(url, {**drawn, **guard})
    assert refused.status_code == 409
    page = html(refused)
    for words in (
        "Deal 1 was recorded on another phone: Ann 0, Bob 0",
        "Your deal is still filled in below.",
        "Record mine as deal 2",
    ):
        assert words in page

    edit = edit_url(table, 1)
    old = inputs(client.get(edit)).values["table_version"]
    page = html(client.get(edit))
    assert "Deal 1 · Scorekeeper" in page
    assert "Change deal 1" in page
    assert "Change hand" not in page
    client.post(edit, {"mode": "points", "points_0": "70", "points_1": "50"})
    refused = client.post(edit, {**drawn, "table_version": old})
    assert refused.status_code == 409
    page = html(refused)
    assert "Deal 1 was changed on another phone: now Ann 1, Bob 0" in page
    assert "Apply my change to deal 1" in page

    busy = client.get(
        url, {"part": "live", "pristine": "0"}, HTTP_IF_NONE_MATCH=f'"t{old}"', **HTMX
    )
    page = html(busy)
    assert "Your deal is still filled in below. If another phone recorded this same deal" in page
    assert "Clear my deal" in page

    client.post(delete_url(table, 1), {"table_version": str(Table.objects.get().version)})
    page = html(client.get(reverse("games:table_changes", args=[table.public_id])))
    assert "Every deal recorded, corrected or deleted at this table" in page
    assert "deal 1" in page
    assert "Restore this deal" in page
    for words in ("Every hand", "hand 1", "Restore this hand"):
        assert words not in page

    for _ in range(HISTORY_PAGE + 1):
        client.post(url, drawn)
    page = html(client.get(url))
    assert "Show the earlier deal" in page
    assert "earlier hand" not in page


def test_deal_is_the_word_of_the_notices_the_log_the_chart_and_the_tables_own_lines(
    client: Client,
) -> None:
    """The words beyond the entry and the history: an edit's, a delete's and a restore's
    notices, a refused delete's and restore's buttons, the changes page's kinds, the chart's
    description, and the table page's watch, delete, invite and set-aside lines; and no page
    says hand anywhere."""
    draw = {"mode": "points", "points_0": "60", "points_1": "60"}
    pages = read_round_pages(client, briscola_table(), draw, "en")
    expected = {
        "table": (
            "After 2 deals: Ann 0, Bob 0",
            "sees the scoreboard and the deals, without an account",
            "Delete this table and all its deals? The club’s log keeps a copy.",  # noqa: RUF001
            "Invite someone to Test club, to record deals on their phone",
        ),
        "edited": ("Deal 1 changed.",),
        "delete refused": ("Delete deal 2 anyway",),
        "deleted": ("Deal 2 deleted. “Changes” can restore it.",),
        "restore refused": ("Restore the deal anyway",),
        "restored": ("Deal 2 restored.",),
        "changes": ("Deal recorded", "Deal edited", "Deal deleted", "Deal restored"),
        "set aside": ("Take it up again (below) to record deals.",),
    }
    for name, words in expected.items():
        for said in words:
            assert said in pages[name], (name, said)
    for name, text in pages.items():
        assert re.findall(r".*\b[Hh]ands?\b.*", text) == [], name


def test_the_preview_of_typed_points_says_the_result_or_why_not(client: Client) -> None:
    table = briscola_table()
    typed = {"mode": "points", "points_0": "70", "points_1": "30", "action": "preview"}
    page = html(client.post(table_url(table), typed, **HTMX))
    assert "the card points add up to 100, not 120" in page
    page = html(client.post(table_url(table), {**typed, "points_1": "50"}, **HTMX))
    assert "Ann wins the deal (Ann 70, Bob 50)." in page
    assert saved() == (0, 0)


def test_a_deal_saved_by_its_cards_and_one_by_its_points(client: Client) -> None:
    table = briscola_table()
    assert "Record deal 1" in html(client.get(table_url(table)))
    response = client.post(table_url(table), cards_to(SIXTY_ONE), **HTMX)
    assert response.status_code == 200
    assert totals(table) == {"Ann": 1, "Bob": 0}
    # The answer to a save renames the form's heading out of band, as Briscola names a round.
    assert "Record deal 2" in html(response)
    response = client.post(
        table_url(table), {"mode": "points", "points_0": "60", "points_1": "60"}, **HTMX
    )
    assert response.status_code == 200
    assert totals(table) == {"Ann": 1, "Bob": 0}
    page = html(client.get(table_url(table)))
    assert "60-60: the deal is a draw and counts for nobody." in page
    assert "Card points from the cards taken: Ann 61, Bob 59." in page
    client.post(table_url(table), {"mode": "points", "points_0": "120", "points_1": "0"}, **HTMX)
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Ann"]


@pytest.mark.parametrize(
    ("points", "message"),
    [
        (("1", "119"), "no side can end a deal with 1 or 119 card points: no card is worth 1"),
        (("70", "60"), "the card points add up to 130, not 120"),
    ],
)
def test_an_impossible_deal_is_refused_and_nothing_is_saved(
    client: Client, points: tuple[str, str], message: str
) -> None:
    table = briscola_table()
    data = {"mode": "points", "points_0": points[0], "points_1": points[1]}
    response = client.post(table_url(table), data, **HTMX)
    assert response.status_code == 422
    assert message in html(response)
    assert saved() == (0, 0)
    form = inputs(response)
    assert form.checked["mode"] == "points"
    assert form.values["points_0"] == points[0]


def test_cards_left_unassigned_are_refused(client: Client) -> None:
    table = briscola_table()
    data = {"mode": "cards", **{f"card_{code}": "0" for code in SIXTY_ONE}}
    response = client.post(table_url(table), data, **HTMX)
    assert response.status_code == 422
    assert "33 cards are not assigned to a side yet." in html(response)
    assert saved() == (0, 0)


def test_all_remaining_cards_without_javascript(client: Client) -> None:
    table = briscola_table()
    data = {"mode": "cards", **{f"card_{code}": "0" for code in SIXTY_ONE}, "rest_to": "1"}
    response = client.post(table_url(table), data)
    form = inputs(response)
    assert form.checked["card_7D"] == "1"
    assert saved() == (0, 0)


def test_four_players_play_as_partners_opposite(client: Client) -> None:
    table = briscola_table(["Ann", "Bob", "Cy", "Di"], best_of="1")
    client.post(table_url(table), {"mode": "points", "points_0": "30", "points_1": "90"}, **HTMX)
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Bob & Di"]


def test_the_rules_page_comes_from_the_package(client: Client) -> None:
    response = client.get(reverse("games:rules_game", args=["briscola"]))
    assert response.status_code == 200
    page = html(response)
    assert "Asso: 11 points" in page
    assert "60-60 is a draw" in page
    assert "Best of 3 deals" in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("it", ["Asso: 11 punti"]),
        ("de", ["Asso: 11 Augen"]),
        ("ja", ["アッソ: 11点"]),
    ],
)
def test_the_package_catalogs_translate_its_pages(
    client: Client, language: str, words: list[str]
) -> None:
    with translation.override(language):
        response = client.get(
            reverse("games:rules_game", args=["briscola"]), HTTP_ACCEPT_LANGUAGE=language
        )
    page = html(response)
    assert words[0] in page
    with translation.override(language):
        assert translation.gettext("Deals won, best of %(count)s") != (
            "Deals won, best of %(count)s"
        )


def test_the_hooks_the_generic_pages_ask() -> None:
    entry = hand_entry_for("briscola")
    rules = GAMES["briscola"]
    assert entry.chart_hints(rules.setup(["Ann", "Bob"], {"best_of": "5"})) == ChartHints(
        3, "Deals won, best of 5"
    )
    assert entry.seating_help(rules).startswith("With four at a Briscola table")
    assert entry.rules_template("briscola") == "briscola/rules.html"
    assert entry.demo("briscola") is not None
    assert not rules.plays_for_money
    assert not entry.why_url_name


def test_the_demo_club_plays_briscola() -> None:
    league = demo_league_create(club=home_club(), tables=30, seed=5, today=date(2026, 11, 21))
    tables = list(league.tables.filter(game="briscola"))
    assert tables
    assert all(table.is_finished for table in tables)
    fixed = demo_league_create(
        club=home_club(), tables=14, hands=4, seed=2, today=date(2026, 11, 21)
    )
    fixed_tables = list(fixed.tables.filter(game="briscola"))
    assert fixed_tables
    assert all(table.hands_played == 4 for table in fixed_tables)


def test_the_scoreboard_counts_the_deals_still_to_win_in_japanese(client: Client) -> None:
    """Briscola's "to go" counts deals won, Scopa's points: the two share a message, so
    Briscola's has its own context, or Scopa's "あと…点" would show here."""
    table = briscola_table()
    table_services.round_record(table, {"points": {"Ann": 70, "Bob": 50}})

    page = html(client.get(table_url(table), HTTP_ACCEPT_LANGUAGE="ja"))

    assert "あと1勝" in page  # Ann: one more deal of the best of 3
    assert "あと2勝" in page
