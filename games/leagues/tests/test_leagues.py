"""Leagues: results kept on seats, ratings, standings, seasons, profiles and exports."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.test import Client
from django.urls import reverse

from games.leagues import ratings as league_ratings
from games.leagues import services as league_services
from games.models import League, Player, Rating, Season, Seat, Table
from games.scoring import EntryError
from games.scoring.scoresheet import read_scoresheet
from games.tables import services as table_services
from tests.clubs import home_club
from tests.leagues import at, finished, league, season
from tests.pages import HTMX, html

pytestmark = pytest.mark.django_db

FOUR = ["Ann", "Bob", "Cy", "Di"]


def league_url(club: League, query: str = "") -> str:
    return reverse("games:league", kwargs={"league": club.public_id}) + query


def standings_csv(client: Client, club: League, query: str = "") -> list[list[str]]:
    url = reverse("games:league_standings_csv", kwargs={"league": club.public_id}) + query
    response = client.get(url)
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))


def skills(club: League, scope: str = "") -> dict[str, tuple[float, float]]:
    """The latest rating of each player in a scope, by name."""
    latest = {}
    for rating in Rating.objects.filter(league=club, scope=scope).select_related("player"):
        latest[rating.player.name] = (rating.mu, rating.sigma)
    return latest


# -- results on seats ---------------------------------------------------------------------------


def test_a_finished_table_keeps_each_seats_result_and_a_deleted_last_hand_clears_it():
    table = finished("scopone", FOUR, "Bob")
    seats = {seat.player.name: seat for seat in table.seats.select_related("player")}
    assert (seats["Bob"].total, seats["Bob"].place, seats["Bob"].won) == (11, 1, True)
    assert (seats["Di"].total, seats["Di"].won) == (11, True)
    assert (seats["Ann"].total, seats["Ann"].place, seats["Ann"].won) == (3, 2, False)
    assert table.hands_played == 1

    table_services.round_delete(table.rounds.get())
    table.refresh_from_db()
    assert not table.is_finished
    assert table.hands_played == 0
    assert set(table.seats.values_list("total", "place", "won")) == {(None, None, False)}


def test_ciapano_players_who_went_out_are_marked():
    table = finished("ciapano", ["Ann", "Bob", "Cy"], "Cy")
    seats = {seat.player.name: seat for seat in table.seats.select_related("player")}
    assert seats["Ann"].eliminated
    assert seats["Bob"].eliminated
    assert not seats["Cy"].eliminated
    # Ann went out first: last place.
    assert (seats["Cy"].place, seats["Bob"].place, seats["Ann"].place) == (1, 2, 3)


def test_a_schafkopf_evening_ends_when_the_players_stop_and_can_be_taken_up_again():
    table = table_services.table_create(club=home_club(), game="schafkopf", players=FOUR)
    with pytest.raises(EntryError, match="no hands were played yet"):
        table_services.table_stop(table)
    table_services.round_record(table, {"points": {"Ann": -30, "Bob": 10, "Cy": 10, "Di": 10}})
    table_services.table_stop(table)
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Bob", "Cy", "Di"]
    with pytest.raises(EntryError, match="the game is over"):
        table_services.round_record(
            table, {"points": {"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}}
        )

    # Editing a hand of an ended evening keeps it ended; the winners follow the balance.
    table_services.round_update(
        table.rounds.get(), {"points": {"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}}
    )
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Ann"]

    table_services.table_resume(table)
    table.refresh_from_db()
    assert not table.is_finished
    table_services.round_record(table, {"points": {"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}})
    assert table.rounds.count() == 2


def test_only_open_ended_games_can_be_stopped():
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, {"points": {"Ann": 1, "Bob": 0}})
    with pytest.raises(EntryError, match="ends by its rules"):
        table_services.table_stop(table)


# -- leagues ------------------------------------------------------------------------------------


def test_a_league_needs_a_unique_name_and_a_game():
    league("Tuesday club", ["scopa"])
    with pytest.raises(EntryError) as error:
        league_services.league_create(club=home_club(), name="tuesday CLUB", games=[])
    messages = [problem.message for problem in error.value.problems]
    assert messages == [
        "there is already a league called {name}",
        "a league counts at least one game",
    ]
    assert League.objects.count() == 1


def test_a_league_table_must_be_of_a_game_it_counts_and_its_players_join():
    club = league("Scopa only", ["scopa"], members=["Ann"])
    with pytest.raises(EntryError, match="does not count"):
        table_services.table_create(
            club=home_club(), game="swoops", players=["Ann", "Bob", "Cy"], league=club
        )
    assert Table.objects.count() == 0
    table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"], league=club)
    assert sorted(club.members.values_list("name", flat=True)) == ["Ann", "Bob"]


# A replay writes its ratings a batch at a time: batches of 3 cut tables and scopes apart.
@pytest.mark.parametrize("write_every", [3, 200])
def test_ratings_follow_finished_tables_and_an_incremental_update_equals_a_replay(
    write_every, monkeypatch
):
    monkeypatch.setattr(league_ratings, "_WRITE_EVERY", write_every)
    club = league()
    finished("scopa", ["Ann", "Bob"], "Ann", league=club, when=at("2026-01-05"))
    finished("scopone", FOUR, "Ann", league=club, when=at("2026-01-06"))
    finished("swoops", ["Ann", "Bob", "Cy"], "Cy", league=club, when=at("2026-01-07"))
    finished("schafkopf", FOUR, "Di", league=club, when=at("2026-01-08"))
    incremental = (skills(club), skills(club, "scopone"), Rating.objects.count())
    # 2 + 4 + 3 + 4 players, each rated across all games and in their game.
    assert incremental[2] == 2 * (2 + 4 + 3 + 4)
    assert skills(club)["Ann"][0] > skills(club)["Bob"][0]
    # Partners share their rating change: Bob and Di lost the Scopone together.
    assert skills(club, "scopone")["Bob"] == skills(club, "scopone")["Di"]

    league_ratings.league_ratings_replay(club)
    replayed = (skills(club), skills(club, "scopone"), Rating.objects.count())
    assert replayed == incremental


def test_changing_an_old_result_replays_the_ratings_after_it():
    club = league()
    first = finished("scopa", ["Ann", "Bob"], "Ann", league=club, when=at("2026-01-05"))
    finished("scopa", ["Ann", "Bob"], "Ann", league=club, when=at("2026-01-06"))
    before = skills(club)
    table_services.round_update(first.rounds.get(), {"points": {"Ann": 3, "Bob": 11}})
    after = skills(club)
    assert after["Bob"][0] > before["Bob"][0]
    # Deleting the deciding hand takes the table out of the ratings.
    table_services.round_delete(first.rounds.get())
    assert not Rating.objects.filter(table=first).exists()
    assert Rating.objects.filter(league=club).count() == 2 * 2


def test_tables_outside_a_league_are_not_rated():
    finished("scopa", ["Ann", "Bob"], "Ann")
    assert Rating.objects.count() == 0


def test_counting_fewer_games_rates_the_league_again():
    club = league()
    finished("scopa", ["Ann", "Bob"], "Ann", league=club, when=at("2026-01-05"))
    finished("swoops", ["Ann", "Bob", "Cy"], "Cy", league=club, when=at("2026-01-06"))
    league_services.league_update(club, name=club.name, games=["swoops"], members=["Ann"])
    assert set(Rating.objects.values_list("scope", flat=True)) == {"", "swoops"}
    assert Rating.objects.filter(scope="").count() == 3
    # Members are as typed now; nobody else is dropped from their tables.
    assert list(club.members.values_list("name", flat=True)) == ["Ann"]


# -- standings page -----------------------------------------------------------------------------


def two_seasons() -> League:
    club = league("Family")
    season(club, "Winter", "2026-01-01", "2026-02-28")
    season(club, "Spring", "2026-03-01", "2026-05-31")
    finished("scopa", ["Ann", "Bob"], "Ann", league=club, when=at("2026-01-10"))
    finished("scopa", ["Ann", "Bob"], "Ann", league=club, when=at("2026-01-17"))
    finished("scopa", ["Ann", "Bob"], "Bob", league=club, when=at("2026-03-07"))
    finished("ciapano", ["Ann", "Bob", "Cy"], "Cy", league=club, when=at("2026-03-07", 22))
    return club


def test_standings_all_time_per_season_and_per_game(client: Client):
    club = two_seasons()
    winter, spring = Season.objects.get(name="Winter"), Season.objects.get(name="Spring")

    rows = standings_csv(client, club)
    header, body = rows[0], {row[1]: row for row in rows[1:]}
    assert header[:7] == [
        "Rank",
        "Player",
        "Rating",
        "Uncertainty",
        "Games played",
        "Wins",
        "Win rate",
    ]
    assert body["Ann"][4:7] == ["4", "2", "50%"]
    assert body["Cy"][4:7] == ["1", "1", "100%"]

    winter_rows = {
        row[1]: row for row in standings_csv(client, club, f"?season={winter.public_id}")[1:]
    }
    assert set(winter_rows) == {"Ann", "Bob"}
    assert winter_rows["Ann"][4:7] == ["2", "2", "100%"]

    spring_scopa = standings_csv(client, club, f"?season={spring.public_id}&game=scopa")
    assert spring_scopa[0][7:] == [
        "Points per game",
        "Points difference: own total minus the best other side's, summed over the games",
    ]
    assert {row[1]: row[4:] for row in spring_scopa[1:]} == {
        "Bob": ["1", "1", "100%", "11.0", "+8"],
        "Ann": ["1", "0", "0%", "3.0", "−8"],
    }

    ciapano = {row[1]: row for row in standings_csv(client, club, "?game=ciapano")[1:]}
    # Eliminations and average place
    assert ciapano["Ann"][7:] == ["1", "3.00"]
    assert ciapano["Cy"][7:] == ["0", "1.00"]


def test_the_standings_page_shows_ratings_with_movement_since_the_last_session(client: Client):
    club = two_seasons()
    response = client.get(league_url(club))
    page = html(response)
    assert "<h1>Family</h1>" in page
    # Ann and Bob played on the last evening (7 March) and moved; the table is ranked by the
    # conservative rating, with the rating and its uncertainty shown.
    assert page.count('class="move move-') >= 3
    assert "move-new" in page  # Cy's first session was the last one
    assert "Arrows: change since before the last session (7 Mar 2026)" in page
    assert 'aria-sort="descending"' in page
    for name in ("Ann", "Bob", "Cy"):
        player = Player.objects.get(name=name)
        assert reverse("games:player", kwargs={"player": player.public_id}) in page
    # Season and game chips, and the exports.
    assert "Winter" in page
    assert "Spring" in page
    assert "All games" in page
    assert reverse("games:league_tables_csv", kwargs={"league": club.public_id}) in page


def test_sorting_by_a_column_and_the_htmx_fragment(client: Client):
    club = two_seasons()
    response = client.get(league_url(club, "?game=scopa&sort=wins&dir=asc"), **HTMX)
    fragment = html(response)
    assert response.status_code == 200
    assert "<html" not in fragment
    assert 'id="standings"' in fragment
    names = [name for name in ("Ann", "Bob") if name in fragment]
    assert fragment.index(">Bob<") < fragment.index(">Ann<")  # 1 win before 2, ascending
    assert names == ["Ann", "Bob"]
    assert 'aria-sort="ascending"' in fragment

    descending = html(client.get(league_url(club, "?game=scopa&sort=wins&dir=desc")))
    assert descending.index(">Ann<") < descending.index(">Bob<")


def test_unknown_scope_in_the_url_falls_back_to_all_time_all_games(client: Client):
    club = two_seasons()
    response = client.get(league_url(club, "?season=999&game=poker&sort=nonsense"))
    assert response.status_code == 200
    assert 'aria-current="page">All time' in html(response)
    assert 'aria-current="page">All games' in html(response)


def test_an_empty_league_says_how_to_fill_it(client: Client):
    club = league("Empty")
    page = html(client.get(league_url(club)))
    assert "No finished league table here yet" in page
    assert reverse("games:table_new") + f"?league={club.public_id}" in page


# -- league forms -------------------------------------------------------------------------------


def test_creating_a_league_from_the_page(client: Client):
    response = client.post(
        reverse("games:leagues"),
        {"name": "Bar Sport", "games": ["scopa", "schafkopf"], "members": "Ann, Bob\nCy"},
    )
    club = League.objects.get()
    assert response.status_code == 302
    assert response["Location"] == league_url(club)
    assert club.games == ["scopa", "schafkopf"]
    assert sorted(club.members.values_list("name", flat=True)) == ["Ann", "Bob", "Cy"]


def test_a_bad_league_form_saves_nothing_and_says_why(client: Client):
    league("Bar Sport", ["scopa"])
    response = client.post(reverse("games:leagues"), {"name": "bar sport", "games": []})
    assert response.status_code == 422
    page = html(response)
    assert "This field is required." in page
    assert League.objects.count() == 1


def test_editing_a_league_and_its_seasons(client: Client):
    club = league("Bar Sport", ["scopa"])
    edit = reverse("games:league_edit", kwargs={"league": club.public_id})
    assert 'value="Bar Sport"' in html(client.get(edit))
    response = client.post(
        edit, {"name": "Bar Sport 2", "games": ["scopa", "swoops"], "members": "Ann"}
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.name == "Bar Sport 2"
    assert club.games == ["scopa", "swoops"]

    seasons = reverse("games:season_new", kwargs={"league": club.public_id})
    bad = client.post(seasons, {"name": "2026", "starts_on": "2026-12-31", "ends_on": "2026-01-01"})
    assert bad.status_code == 422
    assert "A season cannot end before it starts." in html(bad)
    assert not Season.objects.exists()
    good = client.post(
        seasons, {"name": "2026", "starts_on": "2026-01-01", "ends_on": "2026-12-31"}
    )
    assert good.status_code == 302
    season = Season.objects.get()
    twice = client.post(
        seasons, {"name": "2026", "starts_on": "2026-01-01", "ends_on": "2026-12-31"}
    )
    assert twice.status_code == 422
    assert Season.objects.count() == 1

    delete = reverse(
        "games:season_delete", kwargs={"league": club.public_id, "season": season.public_id}
    )
    assert client.post(delete).status_code == 302
    assert not Season.objects.exists()


def test_the_new_table_form_offers_the_leagues_that_count_the_game(client: Client):
    club = league("Scopa club", ["scopa"], members=["Zoe"])
    league("Swoops club", ["swoops"])
    page = html(client.get(reverse("games:table_new") + f"?game=scopa&league={club.public_id}"))
    assert "Scopa club" in page
    assert "Swoops club" not in page
    assert f'<option value="{club.public_id}" selected>' in page
    assert 'data-fill-player="Zoe"' in page
    response = client.post(
        reverse("games:table_new"),
        {"game": "scopa", "player_0": "Ann", "player_1": "Bob", "league": club.public_id},
    )
    assert response.status_code == 302
    assert Table.objects.get().league == club


def test_ending_a_schafkopf_evening_from_the_table_page(client: Client):
    table = table_services.table_create(club=home_club(), game="schafkopf", players=FOUR)
    stop = reverse("games:table_stop", kwargs={"table": table.public_id})
    response = client.post(stop, follow=True)
    assert "no hands were played yet" in html(response)
    table_services.round_record(table, {"points": {"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}})
    client.post(stop)
    table.refresh_from_db()
    assert table.is_finished
    assert table.winners == ["Ann"]
    client.post(reverse("games:table_resume", kwargs={"table": table.public_id}))
    table.refresh_from_db()
    assert not table.is_finished


# -- profile ------------------------------------------------------------------------------------


def test_the_profile_shows_per_game_figures_partners_opponents_and_a_rating_chart(client: Client):
    club = league()
    for day, winner in [("2026-01-05", "Ann"), ("2026-01-12", "Ann"), ("2026-01-19", "Bob")]:
        finished("scopone", FOUR, winner, league=club, when=at(day))
    finished("swoops", ["Ann", "Bob", "Cy"], "Cy", league=club, when=at("2026-01-19", 23))
    ann = Player.objects.get(name="Ann")
    page = html(client.get(reverse("games:player", kwargs={"player": ann.public_id})))
    assert "<h1>Ann</h1>" in page
    assert "Scopone" in page
    assert "Swoops" in page
    # Partners: Cy won 2 of 3 with Ann. Opponents: Bob and Di finished ahead once in 3; Cy
    # once in 1 (too few to count).
    assert "won 2 of 3 games together" in page
    assert "finished ahead in 1 of 3 games" in page
    assert page.count('role="img"') == 1
    assert "Rating in Club" in page
    # The chart's numbers, one row per session.
    assert page.count('<th scope="row">') >= 3
    assert page.count('class="table-card"') == 4


def test_a_new_player_profile_has_nothing_to_chart(client: Client):
    player = Player.objects.create(name="Newbie", club=home_club())
    page = html(client.get(reverse("games:player", kwargs={"player": player.public_id})))
    assert "No finished game yet." in page
    assert 'role="img"' not in page


# -- exports ------------------------------------------------------------------------------------


def test_the_league_tables_csv_has_a_row_per_seat(client: Client):
    club = two_seasons()
    response = client.get(reverse("games:league_tables_csv", kwargs={"league": club.public_id}))
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[0][:3] == ["Table", "Game", "Started"]
    assert len(rows) == 1 + 2 + 2 + 2 + 3
    ciapano = [row for row in rows if row[1] == "Ciapanò"]
    assert {row[6]: (row[8], row[9], row[10], row[11]) for row in ciapano} == {
        "Ann": ("33", "3", "", "yes"),
        "Bob": ("33", "2", "", "yes"),
        "Cy": ("0", "1", "yes", ""),
    }
    assert 'filename="family-tables.csv"' in response["Content-Disposition"]


def test_every_table_as_scoresheet_json_reimports(client: Client):
    club = two_seasons()
    table_services.table_create(
        club=home_club(), game="swoops", players=["Ann", "Bob", "Cy"]
    )  # no hands, no league
    everything = json.loads(
        client.get(reverse("games:scoresheets_json", args=[home_club().public_id])).getvalue()
    )
    assert len(everything) == 5
    league_only = json.loads(
        client.get(
            reverse("games:scoresheets_json", args=[home_club().public_id])
            + f"?league={club.public_id}"
        ).getvalue()
    )
    assert len(league_only) == 4
    for document in everything:
        assert document["format"] == "scoresheet/1"
        read_scoresheet(document)
    imported = table_services.table_import(league_only[-1], club=home_club())
    assert imported.is_finished
    assert imported.winners == ["Cy"]
    assert (
        client.get(
            reverse("games:scoresheets_json", args=[home_club().public_id]) + "?league=x"
        ).status_code
        == 404
    )


def test_seat_has_no_result_while_a_table_is_open():
    table = table_services.table_create(club=home_club(), game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, {"points": {"Ann": 1, "Bob": 0}})
    assert set(Seat.objects.values_list("total", "place")) == {(None, None)}


def test_the_every_table_export_imports_back_all_or_nothing(client: Client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    two_seasons()
    exported = client.get(
        reverse("games:scoresheets_json", args=[home_club().public_id])
    ).getvalue()
    before = Table.objects.count()
    upload = SimpleUploadedFile("all.json", exported, content_type="application/json")
    response = client.post(reverse("games:table_import"), {"scoresheet": upload})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:home")
    assert Table.objects.count() == 2 * before

    documents = json.loads(exported)
    documents[2]["rounds"][0] = {"points": {"Nobody": 3}}
    upload = SimpleUploadedFile("bad.json", json.dumps(documents).encode())
    response = client.post(reverse("games:table_import"), {"scoresheet": upload})
    assert response.status_code == 422
    assert "scoresheet 3: round 1:" in html(response)
    assert Table.objects.count() == 2 * before
