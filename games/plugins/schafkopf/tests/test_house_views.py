"""Schafkopf's house games on the pages (issue 17): a table that plays Ramsch, Bettel and
Klopfen, its hand form and live preview, hands posted on the table page, the history's words,
editing, refused hands that save nothing, the scoresheet round trip and the rules page."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Round, RoundPoints, Table, TableChange
from games.scoring import EntryError
from games.tables import services as table_services
from tests.clubs import home_club
from tests.pages import HTMX, edit_url, html, inputs, saved, table_url, totals

from .strategies import house_mistakes

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
ANN, BOB, CY, DI = "0", "1", "2", "3"
MINUS = "\u2212"
HOUSE = {"ramsch": True, "bettel": True, "klopfen": True}


def new_table(**options: object) -> Table:
    return table_services.table_create(
        club=home_club(), game="schafkopf", players=PLAYERS, options={**HOUSE, **options}
    )


def ramsch(**points: str) -> dict[str, str]:
    """A Ramsch as the form posts it: card points by seat (card_points_0 .. card_points_3)."""
    data = {"contract": "ramsch"}
    for name, value in points.items():
        data[f"card_points_{PLAYERS.index(name)}"] = value
    return data


# -- the new table and the form -----------------------------------------------------------------


def test_the_new_table_form_offers_the_house_games(client: Client) -> None:
    form = inputs(client.get(reverse("games:table_new"), {"game": "schafkopf"}))
    for name in ("opt_ramsch", "opt_bettel", "opt_klopfen", "opt_tariff__bettel"):
        assert name in form.values or name in form.radios, name

    response = client.post(
        reverse("games:table_new"),
        {
            "game": "schafkopf",
            **{f"player_{seat}": name for seat, name in enumerate(PLAYERS)},
            "opt_ramsch": "on",
            "opt_bettel": "on",
            "opt_klopfen": "on",
            "opt_tariff__ramsch": "10",
        },
    )

    table = Table.objects.get()
    assert response.status_code == 302
    assert table.options == {**HOUSE, "tariff": {"ramsch": 10}}


def test_the_form_offers_the_house_contracts_only_where_the_table_plays_them(
    client: Client,
) -> None:
    plain = inputs(client.get(table_url(new_table(ramsch=False, bettel=False, klopfen=False))))
    assert "bettel" not in plain.radios["contract"]
    assert "ramsch" not in plain.radios["contract"]
    assert "klopfen" not in plain.values
    assert "card_points_0" not in plain.values

    response = client.get(table_url(new_table()))

    form = inputs(response)
    # The everyday games keep the wide chips; the Ramsch takes the place of "All passed".
    assert form.radios["contract"] == [
        "sauspiel",
        "wenz",
        "solo",
        "wenz-tout",
        "solo-tout",
        "sie",
        "bettel",
        "bettel-brett",
        "ramsch",
    ]
    assert form.values["klopfen"] == "0"
    assert {f"card_points_{seat}" for seat in range(4)} <= set(form.values)
    assert form.radios["durchmarsch"] == [ANN, BOB, CY, DI, ""]
    page = html(response)
    assert "Tariff: Sauspiel 10, Wenz 50, Solo 50, Tout 180, Sie 540, Schneider 10, " in page
    assert "Bettel 30, Ramsch 20, each knock ×2" in page
    for words in ("Jungfrau", "Durchmarsch", "Klopfen", "whoever takes the most card points"):
        assert words in page


# -- Ramsch --------------------------------------------------------------------------------------


def test_a_ramsch_is_posted_on_the_table_page_with_a_jungfrau(client: Client) -> None:
    table = new_table()

    # Cy is left blank: he took the rest of 120 (38); Di is a Jungfrau and took nothing.
    response = client.post(table_url(table), {**ramsch(Ann="30", Bob="52"), "jungfrau": [DI]})

    assert response.status_code == 302, html(response)
    assert Round.objects.get().entry == {
        "contract": "ramsch",
        "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
        "jungfrau": ["Di"],
    }
    # Ramsch 20, doubled for the Jungfrau: Bob pays 40 to each of the others.
    assert totals(table) == {"Ann": 40, "Bob": -120, "Cy": 40, "Di": 40}
    page = html(client.get(table_url(table)))
    assert "Ramsch: Bob loses with 52, Jungfrau Di — 40 each" in page
    assert "Card points: Ann 30, Bob 52, Cy 38, Di 0." in page
    assert "Bob took the most card points (52) and loses." in page
    assert "Di took no trick (Jungfrau): each Jungfrau doubles the value." in page
    assert "Game value: Ramsch 20, 1 Jungfrau ×2 = 40." in page
    assert "Bob pays 40 each to Ann, Cy and Di: 120 in all." in page
    assert "Balance sums to 0" in page


def test_the_ramsch_preview_explains_the_loser_and_saves_nothing(client: Client) -> None:
    table = new_table()

    response = client.post(
        table_url(table),
        {**ramsch(Ann="45", Bob="45", Cy="30", Di="0"), "klopfen": "1", "action": "preview"},
        **HTMX,
    )

    page = html(response)
    assert response.status_code == 200
    for player, points in (("Ann", f"{MINUS}80"), ("Bob", f"{MINUS}80"), ("Cy", "+80")):
        assert f'data-preview="{player}">{points}</td>' in page
    assert "Ramsch: Ann and Bob lose with 45 each, Klopfen — 40 each" in page
    assert "Ann and Bob took the most card points (45 each) and all lose." in page
    assert "Game value: Ramsch 20, Klopfen ×2 = 40." in page
    assert "Ann and Bob each pay 40 to each of Cy and Di: 80 each." in page
    assert saved() == (0, 0)


def test_a_durchmarsch_is_posted_and_wins_from_everyone(client: Client) -> None:
    table = new_table()

    response = client.post(table_url(table), {"contract": "ramsch", "durchmarsch": CY})

    assert response.status_code == 302, html(response)
    assert Round.objects.get().entry == {"contract": "ramsch", "durchmarsch": "Cy"}
    assert totals(table) == {"Ann": -70, "Bob": -70, "Cy": 210, "Di": -70}
    page = html(client.get(table_url(table)))
    assert "Ramsch: Cy&#x27;s Durchmarsch — 70 each" in page
    assert "Cy took every trick: a Durchmarsch, which wins from everyone." in page
    assert "Game value: a Solo won Schwarz: Solo 50 + Schneider 10 + Schwarz 10 = 70." in page
    assert "Ann, Bob and Di pay 70 each to Cy: 210 in all." in page


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            ramsch(Ann="30", Bob="52", Cy="38", Di="10"),
            "the card points must add up to 120, not 130",
        ),
        (ramsch(Ann="30"), "Still to enter: each player&#x27;s card points"),
        (
            {**ramsch(Ann="30", Bob="52", Cy="38", Di="0"), "jungfrau": [BOB]},
            "Bob took no trick (Jungfrau), so cannot have 52 card points",
        ),
        ({**ramsch(Ann="30", Bob="90", Cy="0"), "doublings": "1"}, "a Ramsch cannot be doubled"),
        ({**ramsch(Ann="30", Bob="90", Cy="0"), "klopfen": "5"}, "klopfen must be between 0 and 4"),
        ({"contract": "passed"}, "Select a valid choice"),
    ],
    ids=["total", "missing", "jungfrau-with-points", "doubled", "five-knocks", "passed"],
)
def test_a_bad_ramsch_is_refused_with_the_reason_and_nothing_saved(
    client: Client, data: dict[str, Any], message: str
) -> None:
    table = new_table()

    response = client.post(table_url(table), data)

    assert response.status_code == 422
    page = html(response)
    assert "Nothing was saved:" in page
    assert message in page
    assert saved() == (0, 0)


def test_a_ramsch_is_edited_from_a_prefilled_form(client: Client) -> None:
    table = new_table()
    table_services.round_record(
        table,
        {
            "contract": "ramsch",
            "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
            "jungfrau": ["Di"],
            "klopfen": 1,
        },
    )

    form = inputs(client.get(edit_url(table, 1)))
    assert form.checked["contract"] == "ramsch"
    assert [form.values[f"card_points_{seat}"] for seat in range(4)] == ["30", "52", "38", "0"]
    assert form.values["klopfen"] == "1"
    assert form.checked["jungfrau"] == DI

    response = client.post(
        edit_url(table, 1), {**ramsch(Ann="60", Bob="52", Cy="8", Di="0"), "klopfen": "1"}
    )

    assert response.status_code == 302, html(response)
    assert Round.objects.get().entry == {
        "contract": "ramsch",
        "card_points": {"Ann": 60, "Bob": 52, "Cy": 8, "Di": 0},
        "klopfen": 1,
    }
    assert totals(table) == {"Ann": -120, "Bob": 40, "Cy": 40, "Di": 40}


# -- Bettel --------------------------------------------------------------------------------------


def test_a_bettel_is_posted_on_the_table_page(client: Client) -> None:
    table = new_table()

    response = client.post(
        table_url(table), {"contract": "bettel", "declarer": BOB, "declarer_tricks": "0"}
    )

    assert response.status_code == 302, html(response)
    assert Round.objects.get().entry == {
        "contract": "bettel",
        "declarer": "Bob",
        "declarer_tricks": 0,
    }
    assert totals(table) == {"Ann": -30, "Bob": 90, "Cy": -30, "Di": -30}
    page = html(client.get(table_url(table)))
    assert "Bob&#x27;s Bettel: won without a trick — 30 each" in page
    assert "Bob took no trick: the Bettel is won." in page
    assert "Game value: Bettel 30." in page
    assert "Ann, Cy and Di pay 30 each to Bob: 90 in all." in page


def test_a_lost_bettel_brett_with_a_knock_and_a_stoss(client: Client) -> None:
    table = new_table()

    response = client.post(
        table_url(table),
        {
            "contract": "bettel-brett",
            "declarer": ANN,
            "declarer_tricks": "2",
            "declarer_won": "lost",
            "klopfen": "1",
            "doublings": "1",
        },
    )

    assert response.status_code == 302, html(response)
    assert Round.objects.get().entry == {
        "contract": "bettel-brett",
        "declarer": "Ann",
        "declarer_tricks": 2,
        "doublings": 1,
        "klopfen": 1,
    }
    # Bettel 30 x 2 (Brett) = 60, x 2 knock x 2 Stoß = 240 to each opponent.
    assert totals(table) == {"Ann": -720, "Bob": 240, "Cy": 240, "Di": 240}
    page = html(client.get(table_url(table)))
    assert "Ann&#x27;s Bettel Brett: lost with 2 tricks, Klopfen, Stoß — 240 each" in page
    assert "Ann took 2 tricks: the Bettel Brett is lost (it is won only without a trick)." in page
    assert "Game value: Bettel 30 ×2 for the open cards = 60, Klopfen ×2, Stoß ×2 = 240." in page


def test_a_bettel_won_with_a_trick_is_refused(client: Client) -> None:
    table = new_table()

    response = client.post(
        table_url(table),
        {"contract": "bettel", "declarer": BOB, "declarer_tricks": "1", "declarer_won": "won"},
    )

    assert response.status_code == 422
    assert "A Bettel is won only without a single trick" in html(response)
    assert saved() == (0, 0)


# -- Klopfen and the Sie -------------------------------------------------------------------------


def test_knocks_double_a_sauspiel_with_the_stoss(client: Client) -> None:
    table = new_table()

    response = client.post(
        table_url(table),
        {
            "contract": "sauspiel",
            "declarer": ANN,
            "partner": CY,
            "declarer_points": "75",
            "doublings": "1",
            "klopfen": "2",
        },
    )

    assert response.status_code == 302, html(response)
    assert Round.objects.get().entry["klopfen"] == 2
    # Sauspiel 10 x 2^2 knocks x 2 Stoß = 80 each.
    assert totals(table) == {"Ann": 80, "Bob": -80, "Cy": 80, "Di": -80}
    page = html(client.get(table_url(table)))
    assert "Game value: Sauspiel 10, Klopfen 2 times ×4, Stoß ×2 = 80." in page


def test_a_sie_under_the_doubled_tout_is_four_times_the_solo(client: Client) -> None:
    table = new_table(tout="double")

    response = client.post(table_url(table), {"contract": "sie", "declarer": DI})

    assert response.status_code == 302, html(response)
    assert totals(table) == {"Ann": -200, "Bob": -200, "Cy": -200, "Di": 600}
    page = html(client.get(table_url(table)))
    assert "Game value: four times (Solo 50) = 200." in page
    assert "Tout twice the Solo or Wenz, Sie four times the Solo" in page


# -- the scoresheet ------------------------------------------------------------------------------


HANDS = [
    {**ramsch(Ann="30", Bob="52"), "jungfrau": [DI]},
    {"contract": "ramsch", "durchmarsch": CY, "klopfen": "1"},
    {"contract": "bettel", "declarer": BOB, "declarer_tricks": "0"},
    {"contract": "bettel-brett", "declarer": ANN, "declarer_won": "lost", "doublings": "1"},
    {"contract": "solo", "declarer": DI, "declarer_points": "70", "klopfen": "3"},
]


def test_house_hands_round_trip_through_the_scoresheet(client: Client, tmp_path: Path) -> None:
    table = new_table(tariff={"bettel": 40})
    for hand in HANDS:
        assert client.post(table_url(table), hand).status_code == 302
    exported = client.get(reverse("games:table_export", kwargs={"table": table.public_id}))
    document = json.loads(exported.content)
    assert document["options"] == {**HOUSE, "tariff": {"bettel": 40}}
    assert document["rounds"][0] == {
        "contract": "ramsch",
        "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
        "jungfrau": ["Di"],
    }

    # manage.py score agrees with the table page ...
    sheet = tmp_path / "evening.json"
    sheet.write_bytes(exported.content)
    out = io.StringIO()
    call_command("score", str(sheet), stdout=out)
    result = json.loads(out.getvalue())
    # Ramsch: Bob pays 40 each (a Jungfrau); Durchmarsch with a knock: 140 to Cy from each;
    # Bettel 40 won by Bob; Bettel Brett 80 x 2 (Stoß) lost by Ann; Solo 50 x 8 (3 knocks) won
    # by Di.
    assert result["totals"] == {
        "Ann": 40 - 140 - 40 - 480 - 400,
        "Bob": -120 - 140 + 120 + 160 - 400,
        "Cy": 40 + 420 - 40 + 160 - 400,
        "Di": 40 - 140 - 40 + 160 + 1200,
    }
    assert result["totals"] == totals(table)

    # ... and importing the export makes an equal table, whose export is the same document.
    response = client.post(
        reverse("games:table_import"),
        {"scoresheet": SimpleUploadedFile("t.json", exported.content, "application/json")},
    )
    copy = Table.objects.exclude(pk=table.pk).get()
    assert response.status_code == 302
    assert totals(copy) == totals(table)
    again = client.get(reverse("games:table_export", kwargs={"table": copy.public_id}))
    assert again.content == exported.content


def test_an_imported_ramsch_keeps_the_club_spelling_of_its_players(client: Client) -> None:
    new_table()  # Ann, Bob, Cy and Di are players of the club now
    document = {
        "game": "schafkopf",
        "options": {"ramsch": True},
        "players": ["ann", "bob", "cy", "di"],
        "rounds": [
            {
                "contract": "ramsch",
                "card_points": {"ann": 0, "bob": 70, "cy": 50, "di": 0},
                "jungfrau": ["ann", "di"],
            },
            {"contract": "ramsch", "durchmarsch": "cy"},
        ],
    }

    table = table_services.table_import(document, club=home_club())

    assert [round_.entry for round_ in table.rounds.order_by("number")] == [
        {
            "contract": "ramsch",
            "card_points": {"Ann": 0, "Bob": 70, "Cy": 50, "Di": 0},
            "jungfrau": ["Ann", "Di"],
        },
        {"contract": "ramsch", "durchmarsch": "Cy"},
    ]
    assert totals(table) == {"Ann": 80 - 70, "Bob": -240 - 70, "Cy": 80 + 210, "Di": 80 - 70}


# -- refused entries save nothing ----------------------------------------------------------------


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_mistake_in_a_house_game_saves_nothing(data: st.DataObject) -> None:
    options = data.draw(
        st.fixed_dictionaries({name: st.booleans() for name in ("ramsch", "bettel", "klopfen")})
    )
    with transaction.atomic():
        table = table_services.table_create(
            club=home_club(), game="schafkopf", players=PLAYERS, options=options
        )
        table_services.round_record(
            table, {"contract": "solo", "declarer": "Ann", "declarer_won": True}
        )
        before = (Round.objects.count(), RoundPoints.objects.count(), TableChange.objects.count())
        version = Table.objects.get(pk=table.pk).version
        mistake = data.draw(house_mistakes(table.setup()), label="mistake")

        with pytest.raises(EntryError) as caught:
            table_services.round_record(Table.objects.get(pk=table.pk), mistake)

        texts = [problem.text() for problem in caught.value.problems]
        assert texts
        assert all("{" not in text for text in texts)
        after = (Round.objects.count(), RoundPoints.objects.count(), TableChange.objects.count())
        assert after == before
        assert Table.objects.get(pk=table.pk).version == version
        assert totals(table) == {"Ann": 150, "Bob": -50, "Cy": -50, "Di": -50}
        transaction.set_rollback(True)


# -- the rules page ------------------------------------------------------------------------------


def test_the_rules_page_explains_each_house_game_and_the_readings_chosen(client: Client) -> None:
    page = html(client.get(reverse("games:rules_game", kwargs={"game": "schafkopf"})))

    for words in (
        "Ramsch",
        "Jungfrau",
        "Durchmarsch",
        "Bettel Brett",
        "Klopfen",
        "Legen",
        "tied for the most card points all lose",
        "four times the Solo value",
    ):
        assert words in page, words


# -- the regional games (issue 34) ---------------------------------------------------------------


def test_a_farbwenz_is_offered_posted_and_told_where_the_table_plays_the_regional_games(
    client: Client,
) -> None:
    offered = inputs(client.get(reverse("games:table_new"), {"game": "schafkopf"}))
    for name in ("opt_geier", "opt_farbwenz", "opt_wenz_runners_from"):
        assert name in offered.values or name in offered.radios, name
    table = new_table(geier=True, farbwenz=True, runners=True, wenz_runners_from=3)
    form = inputs(client.get(table_url(table)))
    # The three everyday games keep the wide chips; the regional games follow them.
    assert form.radios["contract"][:9] == [
        "sauspiel",
        "wenz",
        "solo",
        "wenz-tout",
        "solo-tout",
        "sie",
        "geier",
        "farbwenz",
        "farbgeier",
    ]

    response = client.post(
        table_url(table),
        {
            "contract": "farbwenz",
            "declarer": CY,
            "suit": "gras",
            "declarer_points": "95",
            "laufende": "3",
        },
    )

    assert response.status_code == 302, html(response)
    assert Round.objects.get().entry == {
        "contract": "farbwenz",
        "declarer": "Cy",
        "suit": "gras",
        "declarer_points": 95,
        "laufende": 3,
    }
    # Solo tariff 50 + Schneider 10 + 3 Unter running 30: 90 from each.
    assert totals(table) == {"Ann": -90, "Bob": -90, "Cy": 270, "Di": -90}
    page = html(client.get(table_url(table)))
    assert "Farbwenz 50 + Schneider 10 + 3 Laufende 30 = 90" in page
    rules = html(client.get(reverse("games:rules_game", kwargs={"game": "schafkopf"})))
    for words in ("Geier (50)", "Farbgeier", "Wiesegger", "Schafkopfordnung"):
        assert words in rules, words


def test_a_hochzeit_is_posted_and_told_as_a_sauspiel_without_a_called_ace(client: Client) -> None:
    table = new_table(hochzeit=True)
    response = client.get(table_url(table))
    assert "hochzeit" in inputs(response).radios["contract"]
    assert "took the Hochzeit's trump" in html(response)

    response = client.post(
        table_url(table),
        {"contract": "hochzeit", "declarer": ANN, "partner": CY, "declarer_points": "75"},
    )

    assert response.status_code == 302, html(response)
    assert Round.objects.get().entry == {
        "contract": "hochzeit",
        "declarer": "Ann",
        "partner": "Cy",
        "declarer_points": 75,
    }
    assert totals(table) == {"Ann": 10, "Bob": -10, "Cy": 10, "Di": -10}
    assert "Hochzeit with Cy" in html(client.get(table_url(table)))


def test_a_bock_round_doubles_the_hand_after_a_sixty_and_the_history_says_so(
    client: Client,
) -> None:
    table = new_table(bock=True)
    sixty = {"contract": "sauspiel", "declarer": ANN, "partner": CY, "suit": "eichel"}
    assert client.post(table_url(table), {**sixty, "declarer_points": "60"}).status_code == 302
    assert client.post(table_url(table), {**sixty, "declarer_points": "75"}).status_code == 302

    # Lost 60:60 (10 each), then a Bock game won with 75: 10 x 2.
    assert totals(table) == {"Ann": 10, "Bob": -10, "Cy": 10, "Di": -10}
    assert [hand.breakdown.get("bock", False) for hand in table.rounds.order_by("number")] == [
        False,
        True,
    ]
    page = html(client.get(table_url(table)))
    assert "won with 75, Bock — 20 each" in page
    assert "Bock ×2" in page


def test_a_schieberramsch_takes_the_pushes_and_the_history_tells_them(client: Client) -> None:
    table = new_table(schieberramsch=True)
    assert inputs(client.get(table_url(table))).values["geschoben"] == "0"

    response = client.post(
        table_url(table), {**ramsch(Ann="30", Bob="52", Cy="38"), "geschoben": "2"}
    )

    assert response.status_code == 302, html(response)
    assert Round.objects.get().entry == {
        "contract": "ramsch",
        "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
        "geschoben": 2,
    }
    # Ramsch 20, two pushes: Bob pays 80 to each of the others.
    assert totals(table) == {"Ann": 80, "Bob": -240, "Cy": 80, "Di": 80}
    page = html(client.get(table_url(table)))
    assert "geschoben 2 times" in page
    assert "geschoben 2 times ×4" in page
