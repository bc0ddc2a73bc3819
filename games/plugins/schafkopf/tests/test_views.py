"""The Schafkopf pages through Django's test client: the new table, the hand entry and its
preview, the balance, money, invalid hands and editing a stored hand."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.models import Round, Table
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import HTMX, edit_url, html, inputs, saved, table_url, totals
from tests.round_pages import read_round_pages

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
ANN, BOB, CY, DI = "0", "1", "2", "3"
MINUS = "\u2212"
NBSP = "\u00a0"
EXAMPLE = Path(__file__).resolve().parents[4] / "docs" / "examples" / "schafkopf.json"


def new_table(**options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="schafkopf", players=PLAYERS, options=options
    )


def sauspiel(**extra: str) -> dict[str, str]:
    """Ann calls the Eichel ace, Cy holds it."""
    return {"contract": "sauspiel", "declarer": ANN, "partner": CY, "suit": "eichel", **extra}


# -- new table ----------------------------------------------------------------------------------


def test_new_table_form_creates_a_schafkopf_table_with_tariff_and_money(client: Client) -> None:
    response = client.post(
        reverse("games:table_new"),
        {
            "game": "schafkopf",
            **{f"player_{seat}": name for seat, name in enumerate(PLAYERS)},
            "first_dealer": "1",
            "opt_cents_per_point": "5",
            "opt_currency": "CHF",
            "opt_tariff__sauspiel": "20",
            "opt_tariff__solo": "50",  # the default: not stored
        },
    )

    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table_url(table)
    assert table.game == "schafkopf"
    assert table.first_dealer == 1
    assert table.options == {"cents_per_point": 5, "currency": "CHF", "tariff": {"sauspiel": 20}}
    assert [seat.player.name for seat in table.seats.order_by("position")] == PLAYERS
    assert table.setup().option_mapping("tariff")["sauspiel"] == 20


def test_new_table_form_for_schafkopf_offers_the_tariff_parts(client: Client) -> None:
    response = client.get(reverse("games:table_new"), {"game": "schafkopf"})

    form = inputs(response)
    assert form.checked["game"] == "schafkopf"
    for part in ("sauspiel", "wenz", "solo", "tout", "sie", "schneider", "schwarz"):
        assert f"opt_tariff__{part}" in form.values
    # Four, or five with the dealer sitting out each game (engine.sits_out_at).
    assert {"player_0", "player_3", "player_4"} <= set(form.values)
    assert "player_5" not in form.values


# -- the table page -----------------------------------------------------------------------------


def test_table_page_shows_the_hand_entry_balance_and_who_deals(client: Client) -> None:
    table = new_table()

    response = client.get(table_url(table))

    page = html(response)
    assert response.status_code == 200
    assert "<html" in page
    assert '<form id="hand-form"' in page
    assert "schafkopf/schafkopf.js" in page
    assert "schafkopf/schafkopf.css" in page
    form = inputs(response)
    assert form.radios["contract"] == [
        "sauspiel",
        "wenz",
        "solo",
        "wenz-tout",
        "solo-tout",
        "sie",
        "passed",
    ]
    assert form.checked["contract"] == "sauspiel"
    assert form.radios["declarer"] == [ANN, BOB, CY, DI]
    assert form.radios["doublings"] == ["0", "1", "2", "3", "4"]
    assert form.checked["doublings"] == "0"
    assert "laufende" not in form.values  # the runners option is off
    for name in ("Stoß", "Retour", "Sub", "Resub", "Schneider", "Schwarz", "Wenz-Tout"):
        assert name in page
    # Every contract is explained where it is picked.
    assert "whoever holds it is the partner" in page
    assert "Balance sums to 0" in page
    assert "<strong>Ann</strong> deals, <strong>Bob</strong> leads" in page
    assert "Tariff: Sauspiel 10, Wenz 50, Solo 50, Tout 180, Sie 540" in page
    assert "No hands yet." in page


def test_deal_passes_clockwise_and_the_next_player_leads(client: Client) -> None:
    table = table_services.table_create(
        club=home_club(), game="schafkopf", players=PLAYERS, first_dealer=2
    )
    table_services.round_record(table, {"contract": "passed"})

    page = html(client.get(table_url(table)))

    # Cy dealt hand 1; Di deals hand 2 and Ann, on Di's left, leads.
    assert "<strong>Di</strong> deals, <strong>Ann</strong> leads" in page
    assert "Dealt by Cy" in page


# -- the preview --------------------------------------------------------------------------------


def test_htmx_preview_shows_every_players_gain_or_loss_and_saves_nothing(client: Client) -> None:
    table = new_table()

    response = client.post(
        table_url(table),
        {**sauspiel(declarer_points="75", doublings="1"), "action": "preview"},
        **HTMX,
    )

    page = html(response)
    assert response.status_code == 200
    assert "<html" not in page
    assert 'id="hand-form"' not in page
    assert page.lstrip().startswith('<div id="preview"')
    assert 'aria-live="polite"' in page
    for player, points in (
        ("Ann", "+20"),
        ("Bob", f"{MINUS}20"),
        ("Cy", "+20"),
        ("Di", f"{MINUS}20"),
    ):
        assert f'data-preview="{player}">{points}</td>' in page
    assert "Ann&#x27;s Sauspiel (Eichel ace) with Cy: won with 75, Stoß — 20 each" in page
    assert "Game value: Sauspiel 10, Stoß ×2 = 20." in page
    assert "Bob and Di pay 20 each to Ann and Cy." in page
    assert saved() == (0, 0)


def test_preview_says_what_is_still_missing(client: Client) -> None:
    table = new_table()

    response = client.post(table_url(table), {"contract": "sauspiel", "action": "preview"}, **HTMX)

    assert (
        "Still to enter: the declarer, the partner and the result (won or lost, or the card "
        "points)." in html(response)
    )


def test_preview_shows_the_engines_problem(client: Client) -> None:
    table = new_table()

    response = client.post(
        table_url(table), {**sauspiel(declarer_points="121"), "action": "preview"}, **HTMX
    )

    assert "declarer_points must be between 0 and 120" in html(response)
    assert saved() == (0, 0)


# -- recording hands ----------------------------------------------------------------------------


def test_sauspiel_with_card_points_is_recorded(client: Client) -> None:
    table = new_table()

    response = client.post(table_url(table), sauspiel(declarer_points="95", doublings="1"))

    assert response.status_code == 302
    round_ = Round.objects.get()
    assert round_.entry == {
        "contract": "sauspiel",
        "declarer": "Ann",
        "partner": "Cy",
        "suit": "eichel",
        "declarer_points": 95,
        "doublings": 1,
    }
    # (Sauspiel 10 + Schneider 10) x 2 for the Stoß.
    assert totals(table) == {"Ann": 40, "Bob": -40, "Cy": 40, "Di": -40}
    page = html(client.get(table_url(table)))
    assert (
        "Ann&#x27;s Sauspiel (Eichel ace) with Cy: won with 95, Schneider, Stoß — 40 each" in page
    )
    assert "Game value: Sauspiel 10 + Schneider 10 = 20, Stoß ×2 = 40." in page
    assert "Bob and Di pay 40 each to Ann and Cy." in page
    assert f'data-total="Bob">{MINUS}40<' in page


def test_htmx_save_returns_the_table_with_a_fresh_form(client: Client) -> None:
    table = new_table()

    response = client.post(table_url(table), sauspiel(declarer_won="won"), **HTMX)

    page = html(response)
    assert response.status_code == 200
    assert "<html" not in page
    assert page.lstrip().startswith('<div id="table-main"')
    assert "Hand 1 recorded." in page
    assert "Record hand 2" in page
    assert 'data-total="Ann">+10<' in page
    form = inputs(response)
    assert form.checked["contract"] == "sauspiel"
    assert "declarer" not in form.checked


def test_solo_entered_as_lost_with_the_schneider_toggle(client: Client) -> None:
    table = new_table()

    response = client.post(
        table_url(table),
        {
            "contract": "solo",
            "declarer": BOB,
            "suit": "herz",
            "declarer_won": "lost",
            "schneider": "on",
        },
    )

    assert response.status_code == 302
    assert Round.objects.get().entry == {
        "contract": "solo",
        "declarer": "Bob",
        "suit": "herz",
        "declarer_won": False,
        "schneider": True,
    }
    # Solo 50 + Schneider 10, paid by Bob to each of the other three.
    assert totals(table) == {"Ann": 60, "Bob": -180, "Cy": 60, "Di": 60}
    page = html(client.get(table_url(table)))
    assert "Bob&#x27;s Solo (Herz): lost, Schneider — 60 each" in page
    assert "Bob pays 60 each to Ann, Cy and Di: 180 in all." in page


def test_sie_wins_without_a_result(client: Client) -> None:
    table = new_table()

    response = client.post(table_url(table), {"contract": "sie", "declarer": CY})

    assert response.status_code == 302
    assert Round.objects.get().entry == {"contract": "sie", "declarer": "Cy"}
    assert totals(table) == {"Ann": -540, "Bob": -540, "Cy": 1620, "Di": -540}
    page = html(client.get(table_url(table)))
    assert "A Sie wins without being played." in page
    assert "Ann, Bob and Di pay 540 each to Cy: 1620 in all." in page


def test_everybody_passed_scores_nothing_and_the_deal_passes_on(client: Client) -> None:
    table = new_table()

    response = client.post(table_url(table), {"contract": "passed", "doublings": "0"})

    assert response.status_code == 302
    assert Round.objects.get().entry == {"contract": "passed"}
    assert totals(table) == dict.fromkeys(PLAYERS, 0)
    page = html(client.get(table_url(table)))
    assert "Everybody passed: nobody scores, and the deal passes on." in page
    assert "<strong>Bob</strong> deals, <strong>Cy</strong> leads" in page


def test_laufende_count_when_the_table_plays_them(client: Client) -> None:
    table = new_table(runners=True)
    assert inputs(client.get(table_url(table))).values["laufende"] == "0"

    response = client.post(
        table_url(table),
        {"contract": "wenz", "declarer": DI, "declarer_won": "won", "laufende": "2"},
    )

    assert response.status_code == 302
    # Wenz 50 + 2 Laufende x 10, from each of the three.
    assert totals(table) == {"Ann": -70, "Bob": -70, "Cy": -70, "Di": 210}
    page = html(client.get(table_url(table)))
    assert "Game value: Wenz 50 + 2 Laufende 20 = 70." in page


def test_the_balance_sums_to_zero_after_several_hands(client: Client) -> None:
    table = new_table(runners=True)
    hands = [
        sauspiel(declarer_points="61", doublings="2", laufende="3"),
        {"contract": "solo", "declarer": BOB, "declarer_points": "30", "doublings": "1"},
        {"contract": "wenz", "declarer": DI, "declarer_won": "won", "schwarz": "on"},
        {"contract": "passed"},
        {"contract": "solo-tout", "declarer": ANN, "suit": "gras", "declarer_won": "lost"},
        {"contract": "sie", "declarer": CY},
        {
            "contract": "sauspiel",
            "declarer": DI,
            "partner": BOB,
            "declarer_points": "0",
            "declarer_tricks": "0",
        },
    ]

    for number, hand in enumerate(hands, start=1):
        response = client.post(table_url(table), hand)
        assert response.status_code == 302, html(response)
        assert Round.objects.count() == number
        assert sum(totals(table).values()) == 0

    assert totals(table) == {"Ann": -840, "Bob": -980, "Cy": 2040, "Di": -220}
    page = html(client.get(table_url(table)))
    assert "Balance sums to 0" in page


def test_the_documented_example_entered_by_hand_agrees_with_manage_py_score(
    client: Client, tmp_path: Path
) -> None:
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    table = new_table(**example["options"])
    hands = [
        sauspiel(declarer_points="75", declarer_tricks="5", doublings="1"),
        {
            "contract": "solo",
            "declarer": BOB,
            "suit": "herz",
            "declarer_points": "58",
            "declarer_tricks": "4",
        },
        {"contract": "passed"},
        {"contract": "wenz", "declarer": DI, "declarer_won": "won", "schneider": "on"},
    ]
    for hand in hands:
        assert client.post(table_url(table), hand).status_code == 302

    exported = client.get(reverse("games:table_export", kwargs={"table": table.public_id}))
    sheet = tmp_path / "evening.json"
    sheet.write_bytes(exported.content)
    out = io.StringIO()
    call_command("score", str(sheet), stdout=out)
    result = json.loads(out.getvalue())

    assert [round_.entry for round_ in table.rounds.order_by("number")] == example["rounds"]
    # games/plugins/schafkopf/rules.md §2, §5 and §7: Stoß 20 each; lost Solo 50 to each opponent;
    # all pass, nobody scores; Wenz Schneider 60 each.
    assert result["totals"] == {"Ann": 10, "Bob": -230, "Cy": 10, "Di": 210}
    assert totals(table) == result["totals"]
    page = html(client.get(table_url(table)))
    assert f'data-total="Bob">{MINUS}23.00{NBSP}€<' in page
    assert f'data-total="Di">+21.00{NBSP}€<' in page


# -- money --------------------------------------------------------------------------------------


def test_money_is_shown_everywhere_when_the_table_plays_for_it(client: Client) -> None:
    table = new_table(cents_per_point=10)

    preview = html(
        client.post(table_url(table), {**sauspiel(declarer_won="won"), "action": "preview"}, **HTMX)
    )
    client.post(table_url(table), sauspiel(declarer_won="won"))
    page = html(client.get(table_url(table)))

    assert f"+1.00{NBSP}€" in preview
    assert f"{MINUS}1.00{NBSP}€" in preview
    assert f'data-total="Ann">+1.00{NBSP}€<' in page
    assert f'data-total="Bob">{MINUS}1.00{NBSP}€<' in page
    assert "+10 points" in page
    assert f"{MINUS}10 points" in page
    assert f"1 point = 0.10{NBSP}€" in page
    assert f"Bob and Di pay 1.00{NBSP}€ each to Ann and Cy. (10 points each.)" in page
    assert f"— 1.00{NBSP}€ each" in page  # the history's summary line
    assert totals(table) == {"Ann": 10, "Bob": -10, "Cy": 10, "Di": -10}  # scores stay points


def test_money_in_another_currency(client: Client) -> None:
    table = new_table(cents_per_point=25, currency="CHF")
    table_services.round_record(
        table, {"contract": "solo", "declarer": "Ann", "declarer_won": True}
    )

    page = html(client.get(table_url(table)))

    assert f'data-total="Ann">+CHF{NBSP}37.50<' in page
    assert f'data-total="Bob">{MINUS}CHF{NBSP}12.50<' in page


def test_without_money_the_balance_is_in_points(client: Client) -> None:
    table = new_table()
    table_services.round_record(
        table, {"contract": "solo", "declarer": "Ann", "declarer_won": True}
    )

    page = html(client.get(table_url(table)))

    assert 'data-total="Ann">+150<' in page
    assert "€" not in page


# -- invalid hands ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"contract": "solo", "declarer": ANN, "partner": CY, "declarer_won": "won"},
            "a Solo has no partner",
        ),
        (sauspiel(partner=ANN, declarer_won="won"), "Ann cannot be both declarer and partner"),
        ({"contract": "sie", "declarer": ANN, "doublings": "1"}, "a Sie cannot be doubled"),
        (sauspiel(declarer_points="121"), "declarer_points must be between 0 and 120"),
        (sauspiel(suit="herz", declarer_won="won"), "the Herz ace cannot be called"),
        (sauspiel(declarer_points="50", declarer_won="won"), "50 card points lose the game"),
        (sauspiel(declarer_points="75", schneider="on"), "75 card points are not Schneider"),
        ({"contract": "sauspiel", "declarer": ANN}, "Still to enter: the partner and the result"),
        # Without the script every group shows: what the contract does not ask for is refused
        # by the engine (fields_for), never dropped on the way.
        (
            {
                "contract": "solo-tout",
                "declarer": ANN,
                "declarer_tricks": "8",
                "declarer_points": "120",
            },
            "A Solo-Tout does not ask for card points.",
        ),
        (
            {"contract": "sie", "declarer": ANN, "declarer_won": "won"},
            "A Sie does not ask for a result (won or lost).",
        ),
    ],
    ids=[
        "partner-in-solo",
        "own-partner",
        "doubled-sie",
        "points-121",
        "herz-ace",
        "won-with-50",
        "schneider-with-75",
        "incomplete",
        "points-in-tout",
        "result-of-sie",
    ],
)
def test_invalid_hand_is_refused_with_the_reason_and_nothing_saved(
    client: Client, data: dict[str, str], message: str
) -> None:
    table = new_table()

    response = client.post(table_url(table), data)

    assert response.status_code == 422
    page = html(response)
    assert "Nothing was saved:" in page
    assert message in page
    assert saved() == (0, 0)
    # The form keeps what was entered.
    assert inputs(response).checked["contract"] == data["contract"]


def test_the_page_says_which_inputs_each_contract_asks_for(client: Client) -> None:
    """The script takes which inputs apply from the server (the engine's fields_for) and
    disables the others; it knows no rule of its own."""
    table = new_table()

    page = html(client.get(table_url(table)))

    contracts = json.loads(
        page.split('id="sk-contracts" type="application/json">')[1].split("<")[0]
    )
    assert contracts["sauspiel"]["fields"].split() == [
        "declarer",
        "declarer_points",
        "declarer_tricks",
        "declarer_won",
        "doublings",
        "partner",
        "schneider",
        "schwarz",
        "suit=eichel",
        "suit=gras",
        "suit=schellen",
        "suit=",
    ]
    assert contracts["sie"]["fields"] == "declarer"
    assert contracts["solo-tout"]["fields"].split()[:3] == [
        "declarer",
        "declarer_tricks",
        "declarer_won",
    ]


def test_invalid_hand_over_htmx_returns_the_fragment_with_422(client: Client) -> None:
    table = new_table()

    response = client.post(
        table_url(table), {"contract": "sie", "declarer": ANN, "doublings": "2"}, **HTMX
    )

    page = html(response)
    assert response.status_code == 422
    assert "<html" not in page
    assert page.lstrip().startswith('<section id="record"')
    assert response["HX-Retarget"] == "#record"
    assert "a Sie cannot be doubled" in page
    assert saved() == (0, 0)


# -- editing ------------------------------------------------------------------------------------


def test_edit_page_is_prefilled_and_changes_the_hand(client: Client) -> None:
    table = new_table()
    table_services.round_record(
        table,
        {
            "contract": "sauspiel",
            "declarer": "Ann",
            "partner": "Cy",
            "suit": "gras",
            "declarer_points": 75,
            "doublings": 1,
        },
    )
    table_services.round_record(
        table, {"contract": "solo", "declarer": "Bob", "declarer_won": True}
    )

    response = client.get(edit_url(table, 1))

    assert response.status_code == 200
    form = inputs(response)
    assert form.checked["contract"] == "sauspiel"
    assert form.checked["declarer"] == ANN
    assert form.checked["partner"] == CY
    assert form.checked["suit"] == "gras"
    assert form.values["declarer_points"] == "75"
    assert form.checked["doublings"] == "1"
    assert "declarer_won" not in form.checked or form.checked["declarer_won"] == ""
    page = html(response)
    assert "Save changes" in page
    assert 'hx-target="#table-main"' not in page  # the edit page posts plainly

    response = client.post(
        edit_url(table, 1), sauspiel(suit="gras", declarer_won="lost", schneider="on")
    )

    assert response.status_code == 302
    assert Round.objects.get(table=table, number=1).entry == {
        "contract": "sauspiel",
        "declarer": "Ann",
        "partner": "Cy",
        "suit": "gras",
        "declarer_won": False,
        "schneider": True,
    }
    # Hand 1 now -20 for Ann and Cy; hand 2 (Bob's Solo) unchanged.
    assert totals(table) == {"Ann": -70, "Bob": 170, "Cy": -70, "Di": -30}


def test_edit_preview_and_invalid_edit(client: Client) -> None:
    table = new_table()
    table_services.round_record(table, {"contract": "sie", "declarer": "Di"})

    form = inputs(client.get(edit_url(table, 1)))
    assert form.checked["contract"] == "sie"
    assert form.checked["declarer"] == DI

    preview = client.post(
        edit_url(table, 1),
        {"contract": "wenz", "declarer": DI, "declarer_won": "won", "action": "preview"},
        **HTMX,
    )
    assert "Di&#x27;s Wenz: won — 50 each" in html(preview)

    response = client.post(
        edit_url(table, 1), {"contract": "sie", "declarer": DI, "doublings": "1"}
    )
    assert response.status_code == 422
    assert "a Sie cannot be doubled" in html(response)
    assert Round.objects.get().entry == {"contract": "sie", "declarer": "Di"}


# -- rules --------------------------------------------------------------------------------------


def test_rules_page_explains_the_names(client: Client) -> None:
    page = html(client.get(reverse("games:rules_game", kwargs={"game": "schafkopf"})))

    for name in (
        "Sauspiel",
        "Wenz",
        "Solo",
        "Tout",
        "Sie",
        "Stoß",
        "Gegenstoß",
        "Resub",
        "Schneider",
        "Schwarz",
        "Laufende",
    ):
        assert name in page
    assert "Money per point" in page  # the options, listed by the rules view


# -- words --------------------------------------------------------------------------------------


def test_a_german_schafkopf_table_calls_a_hand_a_spiel_where_scopa_says_runde(
    client: Client,
) -> None:
    """A Schafkopf "Runde" is four games, and the rules page says "Nach jedem Spiel": the
    shared headings the Scopa family reads as "Runde" take the game's own word here."""
    schafkopf = new_table()
    table_services.round_record(schafkopf, {"contract": "passed"})
    scopa = table_services.table_create(
        club=home_club(), game="scopa", players=["Ann", "Bob"], options={"target": 99}
    )
    table_services.round_record(scopa, {"points": {"Ann": 1, "Bob": 1}})

    page = html(client.get(table_url(schafkopf), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Spiel 2 eintragen" in page
    assert "Bisherige Spiele" in page
    assert "Spiel 1" in page
    assert "Spiel speichern" in page
    for shared in ("Runde 2 eintragen", "Gespielte Runden", "Runde 1", "Runde speichern"):
        assert shared not in page

    page = html(client.get(table_url(scopa), HTTP_ACCEPT_LANGUAGE="de"))
    assert "Runde 2 eintragen" in page
    assert "Gespielte Runden" in page
    assert "Runde speichern" in page

    english = html(client.get(table_url(schafkopf), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Record hand 2" in english
    assert "Hands played" in english
    assert "Save hand" in english


def test_a_german_schafkopf_edit_page_and_refused_write_say_spiel(client: Client) -> None:
    table = new_table()
    url = table_url(table)
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    stale = inputs(client.get(url, **german)).values
    client.post(url, {"contract": "passed"}, **german)
    guard = {name: stale[name] for name in ("table_version", "hand_token")}
    refused = client.post(url, {"contract": "passed", **guard}, **german)

    assert refused.status_code == 409
    page = html(refused)
    assert "Spiel 1 wurde auf einem anderen Handy eingetragen" in page
    assert "Dein Spiel ist unten noch ausgefüllt." in page
    assert "Meines als Spiel 2 eintragen" in page
    for shared in ("Runde 1 wurde", "Deine Runde", "als Runde 2"):
        assert shared not in page

    page = html(client.get(edit_url(table, 1), **german))
    assert "Spiel 1 · Scorekeeper" in page
    assert "Spiel 1 ändern" in page
    assert "Runde" not in page


def test_a_german_schafkopf_tables_notices_log_chart_and_own_lines_say_spiel(
    client: Client,
) -> None:
    """An edit's, a delete's and a restore's notices, a refused delete's and restore's buttons,
    the changes page's kinds, the chart's description, and the table page's watch, delete,
    invite, set-aside and offline lines say Spiel; no page says Runde anywhere."""
    pages = read_round_pages(client, new_table(), {"contract": "passed"}, "de")
    expected = {
        "table": (
            "Nach 2 Spielen: Ann 0, Bob 0, Cy 0, Di 0",
            "sieht den Punktestand und die Spiele, ohne Konto",
            "Diesen Tisch und alle seine Spiele löschen?",
            "Lade jemanden zu Test club ein, damit er Spiele auf seinem Handy eintragen kann",
            "Das Spiel bleibt hier und wird gesendet",
        ),
        "edited": ("Spiel 1 geändert.",),
        "delete refused": ("Spiel 2 trotzdem löschen",),
        "deleted": ("Spiel 2 gelöscht. Unter „Änderungen“ kannst du es wiederherstellen.",),
        "restore refused": ("Spiel trotzdem wiederherstellen",),
        "restored": ("Spiel 2 wiederhergestellt.",),
        "changes": (
            "Spiel eingetragen",
            "Spiel geändert",
            "Spiel gelöscht",
            "Spiel wiederhergestellt",
        ),
        "set aside": ("Nimm ihn (unten) wieder auf, um Spiele einzutragen.",),
    }
    for name, words in expected.items():
        for said in words:
            assert said in pages[name], (name, said)
    for name, text in pages.items():
        assert [line for line in text.splitlines() if "Runde" in line] == [], name
