"""The pages, through Django's test client: full pages, htmx fragments and plain form posts."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from games.hands import HAND_ENTRIES
from games.models import Player, Round, Table
from games.scoring import GAMES, registry
from games.tables import services as table_services
from tests.clubs import home_club
from tests.factories import (
    ALL_CODES,
    EIGHT_CARDS,
    captures_entry,
    card_post_data,
    points_entry,
    rest,
)
from tests.pages import HTMX, delete_url, edit_url, html, inputs, saved, table_url, totals

pytestmark = pytest.mark.django_db


def two_player_table(**options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options=options
    )


def full_hand(scopas: dict[str, int] | None = None) -> dict[str, str]:
    """Ann takes the eight cards, Bob the rest: Ann 2 + scopas, Bob 1."""
    return card_post_data(
        ["Ann", "Bob"], {"Ann": EIGHT_CARDS, "Bob": rest(EIGHT_CARDS)}, scopas=scopas
    )


# -- home ---------------------------------------------------------------------------------------


def test_home_lists_tables_in_progress_and_finished_separately(client: Client) -> None:
    table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    finished = table_services.table_create(
        club=home_club(), game="scopa", players=["Cy", "Di"], options={"target": 1}
    )
    table_services.round_record(finished, points_entry(Cy=1, Di=0))

    page = html(client.get(reverse("games:home")))

    in_progress, _, done = page.partition('id="finished-heading"')
    assert "Ann, Bob" in in_progress
    assert "Cy, Di" not in in_progress
    assert "Cy, Di" in done
    assert "Won by Cy" in done
    assert "Ann, Bob" not in done
    assert f'href="{reverse("games:table_new")}">New table</a>' in page


def test_home_says_so_when_there_are_no_tables(client: Client) -> None:
    page = html(client.get(reverse("games:home")))

    assert "No game in progress" in page
    assert "No finished games yet" in page


# -- new table ----------------------------------------------------------------------------------


def test_new_table_page_offers_every_game_and_the_player_fields(client: Client) -> None:
    response = client.get(reverse("games:table_new"))

    assert "<html" in html(response)
    form = inputs(response)
    # Every game with a hand entry, in the registry's order, the Scopa family first.
    assert form.radios["game"] == [key for key in GAMES if key in HAND_ENTRIES]
    assert form.radios["game"][:3] == ["scopa", "scopone", "pirate-scopa"]
    assert form.checked["game"] == "scopa"
    assert {f"player_{seat}" for seat in range(4)} <= set(form.values)
    assert "Four players each for themselves" in html(response)


def test_htmx_game_change_returns_only_the_form_for_that_game(client: Client) -> None:
    typed = {"game": "scopone", "player_0": "Ann", "player_1": "Bob"}

    response = client.get(reverse("games:table_new"), typed, **HTMX)

    page = html(response)
    assert "<html" not in page
    assert page.lstrip().startswith('<form id="table-form"')
    assert "Scientifico" in page
    assert "Four players each for themselves" not in page
    form = inputs(response)
    assert form.checked["game"] == "scopone"
    assert form.values["player_0"] == "Ann"
    assert form.values["player_1"] == "Bob"
    assert form.values["player_2"] == ""


def test_play_again_link_fills_in_the_players(client: Client) -> None:
    response = client.get(reverse("games:table_new"), {"game": "scopa", "players": "Ann,Bob"})

    form = inputs(response)
    assert (form.values["player_0"], form.values["player_1"]) == ("Ann", "Bob")


def test_creating_a_table_redirects_to_it(client: Client) -> None:
    response = client.post(
        reverse("games:table_new"),
        {"game": "scopone", "player_0": "Ann", "player_1": "Bob", "player_2": "Cy",
         "player_3": "Di", "first_dealer": "1", "opt_scientifico": "on"},
    )  # fmt: skip

    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert table.game == "scopone"
    assert table.options == {"scientifico": True}
    assert table.first_dealer == 1
    assert table.setup().sides == ("Ann & Cy", "Bob & Di")


def test_creating_a_table_over_htmx_tells_the_browser_to_load_it(client: Client) -> None:
    response = client.post(
        reverse("games:table_new"), {"game": "scopa", "player_0": "Ann", "player_1": "Bob"}, **HTMX
    )

    table = Table.objects.get()
    assert response.status_code == 200
    assert response["HX-Redirect"] == table_url(table)
    assert table.setup().players == ("Ann", "Bob")


@pytest.mark.parametrize(
    ("players", "error"),
    [
        ({"player_0": "Ann"}, "This field is required."),
        ({"player_0": "Ann", "player_1": "ann"}, "ann sits at the table twice"),
    ],
)
def test_bad_new_table_is_shown_with_its_error_and_creates_nothing(
    client: Client, players: dict[str, str], error: str
) -> None:
    response = client.post(reverse("games:table_new"), {"game": "scopa", **players})

    assert response.status_code == 422
    assert error in html(response)
    assert inputs(response).values["player_0"] == "Ann"
    assert Table.objects.count() == 0
    assert Player.objects.count() == 0


def test_bad_new_table_over_htmx_returns_the_form_with_its_error(client: Client) -> None:
    response = client.post(
        reverse("games:table_new"),
        {"game": "scopa", "player_0": "Ann", "player_1": "Bob", "first_dealer": "3"},
        **HTMX,
    )

    assert response.status_code == 422
    page = html(response)
    assert "<html" not in page
    assert "The first dealer must be one of the players." in page
    assert Table.objects.count() == 0


# -- the table page -----------------------------------------------------------------------------


def test_table_page_shows_totals_next_dealer_card_grid_and_history(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, captures_entry("Ann", "Bob", scopas={"Ann": 1, "Bob": 0}))

    page = html(client.get(table_url(table)))

    assert 'data-total="Ann">3<' in page
    assert 'data-total="Bob">1<' in page
    assert "8 to go" in page
    assert "Next to deal: <strong>Bob</strong>" in page
    assert page.count("data-card=") == 40
    assert all(f'data-card="{code}"' in page for code in ALL_CODES)
    assert "Record hand 2" in page
    _, _, history = page.partition('id="history"')
    assert "Hand 1" in history
    assert "Dealt by Ann" in history
    assert "Settebello: Ann." in history


def test_preview_shows_the_hands_points_once_every_card_is_assigned(client: Client) -> None:
    table = two_player_table()

    response = client.post(table_url(table), {**full_hand({"Ann": 1}), "action": "preview"}, **HTMX)

    page = html(response)
    assert page.lstrip().startswith('<div id="preview"')
    assert "<html" not in page
    assert 'id="hand-form"' not in page
    assert "This hand" in page
    assert '<td class="points">3</td>' in page
    assert '<td class="points">1</td>' in page
    assert saved() == (0, 0)


def test_preview_counts_the_cards_left_to_assign(client: Client) -> None:
    table = two_player_table()
    data = card_post_data(["Ann", "Bob"], {"Ann": EIGHT_CARDS})

    response = client.post(table_url(table), {**data, "action": "preview"}, **HTMX)

    page = html(response)
    assert "So far: 32 cards left to assign" in page
    assert 'class="points"' not in page
    assert saved() == (0, 0)


def side_counts(page: str, index: int) -> str:
    """The counters on side ``index``'s button, as the page or the preview carries them."""
    found = re.search(rf'<span id="side-counts-{index}"[^>]*>.*?</span></span>', page)
    assert found, f"no counters for side {index}"
    return found.group(0)


def test_preview_carries_each_sides_cards_and_coins_out_of_band(client: Client) -> None:
    table = two_player_table()
    # Ann: the eight cards (five coins); Bob: three more, one of them a coin.
    data = card_post_data(["Ann", "Bob"], {"Ann": EIGHT_CARDS, "Bob": ["4D", "KS", "KB"]})

    response = client.post(table_url(table), {**data, "action": "preview"}, **HTMX)

    page = html(response)
    # The preview itself comes first, swapped into #preview (hx-select="#preview > *").
    assert page.lstrip().startswith('<div id="preview"')
    assert side_counts(page, 0) == (
        '<span id="side-counts-0" class="side-pick-counts" hx-swap-oob="true">cards '
        '<span data-count-cards="0">8</span> · coins <span data-count-coins="0">5</span></span>'
    )
    assert side_counts(page, 1) == (
        '<span id="side-counts-1" class="side-pick-counts" hx-swap-oob="true">cards '
        '<span data-count-cards="1">3</span> · coins <span data-count-coins="1">1</span></span>'
    )
    assert page.count('hx-swap-oob="true"') == 2
    # The same numbers as the preview's own table.
    assert "<td>8</td><td>5</td>" in page
    assert "<td>3</td><td>1</td>" in page


def test_preview_counters_are_zero_when_nothing_is_tapped_and_in_points_mode(
    client: Client,
) -> None:
    table = two_player_table()

    empty = html(client.post(table_url(table), {"mode": "cards", "action": "preview"}, **HTMX))
    points = html(
        client.post(
            table_url(table),
            {
                **card_post_data(["Ann", "Bob"], {"Ann": ["7D"]}),
                "mode": "points",
                "action": "preview",
            },
            **HTMX,
        )
    )

    assert '<span data-count-cards="0">0</span>' in side_counts(empty, 0)
    assert '<span data-count-coins="1">0</span>' in side_counts(empty, 1)
    # No preview of points, but the cards tapped before switching are still counted.
    assert '<span data-count-cards="0">1</span>' in side_counts(points, 0)
    assert '<span data-count-coins="0">1</span>' in side_counts(points, 0)


def test_the_page_shows_the_counters_without_javascript(client: Client) -> None:
    table = two_player_table()
    data = card_post_data(["Ann", "Bob"], {"Ann": EIGHT_CARDS})

    # "All remaining cards to Bob" without JavaScript re-renders the page with the cards filled.
    page = html(client.post(table_url(table), {**data, "rest_to": "1"}))
    fresh = html(client.get(table_url(table)))

    assert '<span data-count-cards="0">8</span>' in side_counts(page, 0)
    assert '<span data-count-coins="0">5</span>' in side_counts(page, 0)
    assert '<span data-count-cards="1">32</span>' in side_counts(page, 1)
    assert '<span data-count-coins="1">5</span>' in side_counts(page, 1)
    for shown in (page, fresh):
        # Drawn once, in the buttons: the preview inside the page sends nothing out of band.
        assert shown.count('id="side-counts-0"') == shown.count('id="side-counts-1"') == 1
        assert 'class="side-pick-counts" hx-swap-oob' not in shown
    assert '<span data-count-cards="0">0</span>' in side_counts(fresh, 0)


def test_recording_a_hand_without_htmx_redirects_to_the_table(client: Client) -> None:
    table = two_player_table()

    response = client.post(table_url(table), full_hand({"Ann": 1}))

    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert totals(table) == {"Ann": 3, "Bob": 1}
    # The form lists each side's cards in deck order.
    assert Round.objects.get().entry == {
        "captures": {"Ann": [c for c in ALL_CODES if c in EIGHT_CARDS], "Bob": rest(EIGHT_CARDS)},
        "scopas": {"Ann": 1, "Bob": 0},
    }
    assert "Hand 1 recorded." in html(client.get(response["Location"]))


def test_recording_a_hand_over_htmx_returns_the_updated_table(client: Client) -> None:
    table = two_player_table()

    response = client.post(table_url(table), full_hand(), **HTMX)

    page = html(response)
    assert response.status_code == 200
    assert "<html" not in page
    assert page.lstrip().startswith('<div id="table-main"')
    assert 'data-total="Ann">2<' in page
    assert 'data-total="Bob">1<' in page
    assert "Hand 1 recorded." in page
    assert f'action="{delete_url(table, 1)}"' in page
    assert ">Undo</button>" in page
    assert "Record hand 2" in page
    # The form for the next hand starts empty.
    assert set(inputs(response).checked.get(f"card_{code}") for code in ALL_CODES) == {""}


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (
            card_post_data(["Ann", "Bob"], {"Ann": EIGHT_CARDS}),
            "32 cards are not assigned to a side yet.",
        ),
        (
            card_post_data(["Ann", "Bob"], {"Ann": rest(["7D"])}),
            "1 card is not assigned to a side yet.",
        ),
        (
            full_hand({"Ann": 5}),
            "Ann made more sweeps (5) than the cards taken allow (8); "
            "a sweep takes two cards or more",
        ),
        (
            {"mode": "points", "points_0": "-1", "points_1": "2"},
            "Ensure this value is greater than or equal to 0.",
        ),
    ],
)
def test_invalid_hand_is_shown_with_its_error_and_saves_nothing(
    client: Client, data: dict[str, str], error: str
) -> None:
    table = two_player_table()

    response = client.post(table_url(table), data)

    assert response.status_code == 422
    assert error in html(response)
    assert saved() == (0, 0)


def test_invalid_hand_over_htmx_returns_the_hand_entry_with_the_error(client: Client) -> None:
    table = two_player_table()

    response = client.post(table_url(table), full_hand({"Ann": 5}), **HTMX)

    page = html(response)
    assert response.status_code == 422
    # Only the hand entry comes back, in place of the one on the page: nothing else changed.
    assert page.lstrip().startswith('<section id="record"')
    assert response["HX-Retarget"] == "#record"
    assert "Ann made more sweeps (5)" in page
    # What was entered is kept, so it can be corrected.
    assert inputs(response).checked["card_7D"] == "0"
    assert saved() == (0, 0)


def test_rest_to_gives_every_unassigned_card_to_that_side_and_saves_nothing(
    client: Client,
) -> None:
    table = two_player_table()
    data = card_post_data(["Ann", "Bob"], {"Ann": EIGHT_CARDS})

    response = client.post(table_url(table), {**data, "rest_to": "1"})

    assert response.status_code == 200
    checked = inputs(response).checked
    assert {code: checked[f"card_{code}"] for code in EIGHT_CARDS} == dict.fromkeys(
        EIGHT_CARDS, "0"
    )
    assert {code: checked[f"card_{code}"] for code in rest(EIGHT_CARDS)} == dict.fromkeys(
        rest(EIGHT_CARDS), "1"
    )
    assert saved() == (0, 0)


def test_points_counted_at_the_table_are_recorded(client: Client) -> None:
    table = two_player_table()

    response = client.post(table_url(table), {"mode": "points", "points_0": "4", "points_1": "2"})

    assert response.status_code == 302
    assert Round.objects.get().entry == points_entry(Ann=4, Bob=2)
    assert totals(table) == {"Ann": 4, "Bob": 2}


def test_finished_table_shows_game_over_and_no_hand_form(client: Client) -> None:
    table = two_player_table(target=5)
    table_services.round_record(table, points_entry(Ann=5, Bob=1))

    page = html(client.get(table_url(table)))

    assert "Game over." in page
    assert "Ann wins!" in page
    assert 'id="hand-form"' not in page
    assert "data-card=" not in page
    assert "Next to deal" not in page


def test_posting_a_hand_to_a_finished_table_saves_nothing(client: Client) -> None:
    table = two_player_table(target=5)
    table_services.round_record(table, points_entry(Ann=5, Bob=1))

    response = client.post(table_url(table), {"mode": "points", "points_0": "1", "points_1": "0"})

    # Another phone recorded the deciding hand first: this one is refused, and the page it
    # gets back shows the game is over (there is no hand form left to show the error on).
    assert response.status_code == 422
    assert "Game over." in html(response)
    assert Round.objects.count() == 1


def test_unknown_table_is_not_found(client: Client) -> None:
    assert (
        client.get(reverse("games:table", kwargs={"table": "nosuchtable0000"})).status_code == 404
    )


# -- editing a hand -----------------------------------------------------------------------------


def test_edit_page_prefills_the_stored_captures_and_scopas(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, captures_entry("Ann", "Bob", scopas={"Ann": 1, "Bob": 0}))

    response = client.get(edit_url(table, 1))

    form = inputs(response)
    assert form.checked["mode"] == "cards"
    assert {code: form.checked[f"card_{code}"] for code in ALL_CODES} == {
        code: "0" if code in EIGHT_CARDS else "1" for code in ALL_CODES
    }
    assert (form.values["scopas_0"], form.values["scopas_1"]) == ("1", "0")
    assert "Change hand 1" in html(response)


def test_edit_page_counts_the_stored_cards_on_the_side_buttons(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, captures_entry("Ann", "Bob"))

    page = html(client.get(edit_url(table, 1)))
    preview = html(
        client.post(
            edit_url(table, 1),
            {**full_hand(), "table_version": str(table.version), "action": "preview"},
            **HTMX,
        )
    )

    for shown in (page, preview):
        assert '<span data-count-cards="0">8</span>' in side_counts(shown, 0)
        assert '<span data-count-coins="0">5</span>' in side_counts(shown, 0)
        assert '<span data-count-cards="1">32</span>' in side_counts(shown, 1)
    assert 'hx-swap-oob="true"' in side_counts(preview, 1)


def test_edit_page_prefills_a_hand_whose_other_side_was_left_out(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, {"captures": {"Bob": list(EIGHT_CARDS)}})

    form = inputs(client.get(edit_url(table, 1)))

    assert {code: form.checked[f"card_{code}"] for code in ALL_CODES} == {
        code: "1" if code in EIGHT_CARDS else "0" for code in ALL_CODES
    }


def test_edit_page_prefills_points_counted_at_the_table(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=4, Bob=2))

    form = inputs(client.get(edit_url(table, 1)))

    assert form.checked["mode"] == "points"
    assert (form.values["points_0"], form.values["points_1"]) == ("4", "2")


def test_changing_a_hand_changes_the_totals_and_redirects(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, captures_entry("Ann", "Bob"))
    assert totals(table) == {"Ann": 2, "Bob": 1}

    data = card_post_data(["Ann", "Bob"], {"Bob": EIGHT_CARDS, "Ann": rest(EIGHT_CARDS)})
    response = client.post(edit_url(table, 1), data)

    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert totals(table) == {"Ann": 1, "Bob": 2}
    assert Round.objects.get().breakdown["settebello"] == {"winner": "Bob"}


def test_invalid_change_is_shown_with_its_error_and_changes_nothing(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, captures_entry("Ann", "Bob"))
    stored = Round.objects.get().entry

    data = card_post_data(["Ann", "Bob"], {"Bob": EIGHT_CARDS})
    response = client.post(edit_url(table, 1), data)

    assert response.status_code == 422
    assert "32 cards are not assigned to a side yet." in html(response)
    assert Round.objects.get().entry == stored
    assert totals(table) == {"Ann": 2, "Bob": 1}


def test_change_that_would_end_the_game_early_is_refused(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=5, Bob=0))
    table_services.round_record(table, points_entry(Ann=0, Bob=5))

    response = client.post(edit_url(table, 1), {"mode": "points", "points_0": "11"})

    assert response.status_code == 422
    assert "this would end the game after hand 1" in html(response)
    assert totals(table) == {"Ann": 5, "Bob": 5}


# -- deleting a hand ----------------------------------------------------------------------------


def test_deleting_a_hand_renumbers_the_rest_and_redirects_to_the_history(client: Client) -> None:
    table = two_player_table()
    for ann in (1, 2, 3):
        table_services.round_record(table, points_entry(Ann=ann, Bob=0))

    response = client.post(delete_url(table, 2))

    assert response.status_code == 302
    assert response["Location"] == table_url(table) + "#history"
    rounds = list(table.rounds.order_by("number"))
    assert [(r.number, r.entry["points"]["Ann"]) for r in rounds] == [(1, 1), (2, 3)]
    assert totals(table) == {"Ann": 4, "Bob": 0}
    assert "Hand 2 deleted." in html(client.get(response["Location"]))


def test_deleting_a_hand_needs_a_post(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=1, Bob=0))

    response = client.get(delete_url(table, 1))

    assert response.status_code == 405
    assert Round.objects.count() == 1


def test_refused_delete_says_why_and_keeps_the_hand(client: Client) -> None:
    table = two_player_table()
    table_services.round_record(table, points_entry(Ann=5, Bob=10))
    table_services.round_record(table, points_entry(Ann=11, Bob=6))
    table_services.round_record(table, points_entry(Ann=1, Bob=1))

    response = client.post(delete_url(table, 1), follow=True)

    assert "this would end the game after hand 1" in html(response)
    assert Round.objects.count() == 3


def test_deleting_a_missing_hand_is_not_found(client: Client) -> None:
    table = two_player_table()

    missing = reverse(
        "games:round_delete", kwargs={"table": table.public_id, "hand": "aaaabbbbccccdddd"}
    )
    assert client.post(missing).status_code == 404


# -- export and import --------------------------------------------------------------------------


def test_export_is_a_scoresheet_download(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(),
        game="scopa",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"re_bello": True},
    )
    entry = captures_entry("Ann & Cy", "Bob & Di", scopas={"Ann & Cy": 1, "Bob & Di": 0})
    table_services.round_record(table, entry)
    table_services.round_record(table, {"points": {"Ann & Cy": 2, "Bob & Di": 0}})

    response = client.get(reverse("games:table_export", kwargs={"table": table.public_id}))

    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="scopa-{table.public_id}.json"'
    assert json.loads(response.content) == {
        "format": "scoresheet/1",
        "game": "scopa",
        "options": {"re_bello": True},
        "players": ["Ann", "Bob", "Cy", "Di"],
        "teams": {"Ann & Cy": ["Ann", "Cy"], "Bob & Di": ["Bob", "Di"]},
        "rounds": [entry, {"points": {"Ann & Cy": 2, "Bob & Di": 0}}],
    }


def test_exported_table_imports_as_an_equal_table(client: Client) -> None:
    table = two_player_table(target=21)
    table_services.round_record(table, captures_entry("Ann", "Bob", scopas={"Ann": 2, "Bob": 0}))
    table_services.round_record(table, points_entry(Ann=1, Bob=3))
    exported = client.get(reverse("games:table_export", kwargs={"table": table.public_id})).content

    response = client.post(
        reverse("games:table_import"),
        {"scoresheet": SimpleUploadedFile("t.json", exported, "application/json")},
    )

    copy = Table.objects.exclude(pk=table.pk).get()
    assert response["Location"] == table_url(copy)
    assert totals(copy) == totals(table) == {"Ann": 5, "Bob": 4}
    assert (
        client.get(reverse("games:table_export", kwargs={"table": copy.public_id})).content
        == exported
    )


def upload(client: Client, content: bytes) -> HttpResponse:
    return client.post(
        reverse("games:table_import"),
        {"scoresheet": SimpleUploadedFile("scoresheet.json", content, "application/json")},
    )


def test_importing_a_scoresheet_creates_the_table_and_redirects(client: Client) -> None:
    document = {
        "game": "scopa",
        "players": ["Ann", "Bob"],
        "rounds": [captures_entry("Ann", "Bob"), {"points": {"Ann": 1, "Bob": 0}}],
    }

    response = upload(client, json.dumps(document).encode())

    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert totals(table) == {"Ann": 3, "Bob": 1}
    assert "Table imported." in html(client.get(response["Location"]))


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b"{not json", "This file is not valid JSON."),
        (b"\xff\xfe\x00", "This file is not valid JSON."),
        (b"[1, 2]", "a scoresheet must be a JSON object"),
        (
            json.dumps(
                {
                    "game": "scopa",
                    "players": ["Ann", "Bob"],
                    "rounds": [
                        {"points": {"Ann": 1, "Bob": 0}},
                        {"captures": {"Ann": ["7D"], "Bob": ["7D", *rest(["7D"])]}},
                    ],
                }
            ).encode(),
            "round 2: 7D is captured twice (Ann, Bob)",
        ),
        (
            json.dumps({"game": "tarocchi", "players": ["Ann", "Bob"], "rounds": []}).encode(),
            "tarocchi is not supported yet.",
        ),
    ],
)
def test_bad_scoresheet_is_refused_with_the_problem_and_creates_nothing(
    client: Client, content: bytes, error: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "COMING_GAMES", ("tarocchi",))
    response = upload(client, content)

    assert response.status_code == 422
    assert error in html(response)
    assert Table.objects.count() == 0
    assert Player.objects.count() == 0


def test_a_hand_posted_after_the_game_ended_elsewhere_says_why(client: Client) -> None:
    table = two_player_table()
    # Another phone opened the form, then the game ended there.
    table_services.round_record(table, points_entry(Ann=11, Bob=0))

    response = client.post(
        table_url(table),
        {"mode": "points", "points_0": "1", "points_1": "0"},
        HTTP_HX_REQUEST="true",
    )

    assert response.status_code == 422
    assert "the game is over; no more hands" in html(response)
    assert Round.objects.filter(table=table).count() == 1


def test_history_lists_sides_in_seat_order_whatever_order_the_database_keeps(
    client: Client,
) -> None:
    # PostgreSQL's jsonb sorts keys its own way (shorter first); the words must not follow it.
    table = table_services.table_create(club=home_club(), game="scopa", players=["Giovanni", "Al"])
    round_ = table_services.round_record(table, points_entry(Giovanni=3, Al=1))
    round_.breakdown = {"points": {"Al": 1, "Giovanni": 3}, "kind": "points"}
    round_.save()

    page = html(client.get(table_url(table)))

    assert "Points counted at the table: Giovanni 3, Al 1." in page


def test_options_the_scoreboard_states_are_not_listed_again(client: Client) -> None:
    schafkopf = table_services.table_create(
        club=home_club(),
        game="schafkopf",
        players=["Ann", "Bob", "Cy", "Di"],
        options={"cents_per_point": 10, "tariff": {"sauspiel": 20}},
    )
    swoops = table_services.table_create(
        club=home_club(), game="swoops", players=["Ann", "Bob", "Cy"], options={"limit": 60}
    )

    schafkopf_page = html(client.get(table_url(schafkopf)))
    swoops_page = html(client.get(table_url(swoops)))

    assert "1 point = 0.10" in schafkopf_page
    assert 'class="muted options-summary"' not in schafkopf_page
    assert "Limit 60" in swoops_page
    assert 'class="muted options-summary"' not in swoops_page


# -- issue 17: Trentino's target and the "more suits first" primiera -------------------------


def test_rules_page_lists_the_more_suits_primiera_and_trentinos_target(client: Client) -> None:
    page = html(client.get(reverse("games:rules_game", kwargs={"game": "scopa"})))
    assert "the sides holding the most suits compete and the best sum among them wins" in page
    assert "A side missing a suit never wins it" in page
    assert "the game goes to 21 unless the table sets another target" in page
    scopone = html(client.get(reverse("games:rules_game", kwargs={"game": "scopone"})))
    assert "in Trentino (a version of scientifico)" in scopone


def test_new_table_form_offers_the_more_suits_primiera(client: Client) -> None:
    form = inputs(client.get(reverse("games:table_new"), {"game": "scopa"}))
    assert form.radios["opt_primiera_incomplete"] == ["best-partial", "void", "more-suits"]
    client.post(
        reverse("games:table_new"),
        {"game": "scopa", "player_0": "Ann", "player_1": "Bob", "player_2": "Cy",
         "opt_primiera_incomplete": "more-suits", "opt_trentino": "on"},
    )  # fmt: skip
    table = Table.objects.get()
    assert table.options == {"primiera_incomplete": "more-suits", "trentino": True}
    assert table.setup().options["target"] == 21


def test_a_target_typed_at_its_default_is_kept_for_a_trentino_table(client: Client) -> None:
    client.post(
        reverse("games:table_new"),
        {"game": "scopa", "player_0": "Ann", "player_1": "Bob", "opt_trentino": "on",
         "opt_target": "11"},
    )  # fmt: skip
    table = Table.objects.get()
    assert table.options == {"trentino": True, "target": 11}
    assert table.setup().options["target"] == 11


def test_the_rules_pages_say_how_many_play_as_each_game_allows(client: Client) -> None:
    index = html(client.get(reverse("games:rules_index")))
    assert "2 to 4 players" in index  # Scopa, Pirate Scopa
    assert "2 or 4 players" in index  # Briscola: never three
    assert "3 to 8 players" in index  # Swoops
    assert "4 to 4 players" not in index  # Scopone and Schafkopf
    # Schafkopf: four, or five with the dealer sitting out each game.
    assert "4 to 5 players" in html(client.get(reverse("games:rules_game", args=["schafkopf"])))
    briscola = html(
        client.get(reverse("games:rules_game", args=["briscola"]), HTTP_ACCEPT_LANGUAGE="de")
    )
    assert "2 oder 4 Spieler" in briscola
