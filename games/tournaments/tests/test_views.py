"""A tournament's pages: each full page, its htmx fragment, valid and invalid posts, the 409 of
a page out of date, the table link, the big screen and the exports."""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import ClubChange, Round, Table, new_hand_token
from games.tournaments import services
from games.tournaments.models import Entrant, RoundTable, Status, Tournament
from games.tournaments.tests.helpers import drawn, live_table, play, schafkopf_night, zero_sum
from tests.pages import HTMX, html

pytestmark = pytest.mark.django_db


def url(name: str, tournament: Tournament, **kwargs: object) -> str:
    return reverse(f"games:{name}", kwargs={"tournament": tournament.public_id, **kwargs})


def test_a_new_tournament_from_its_form_and_the_form_refused_with_its_errors(client):
    listed = client.get(reverse("games:tournaments"))
    assert listed.status_code == 200
    assert 'name="games_per_round"' in html(listed)
    refused = client.post(
        reverse("games:tournaments"),
        {"name": "Preisschafkopf", "game": "schafkopf", "pairing": "groups", "table_size": "5",
         "rounds_planned": "2"},
    )  # fmt: skip
    assert refused.status_code == 422
    assert "Schafkopf is not played by 5 at a table" in html(refused)
    assert not Tournament.objects.exists()
    made = client.post(
        reverse("games:tournaments"),
        {"name": "Preisschafkopf", "game": "schafkopf", "pairing": "groups", "table_size": "4",
         "rounds_planned": "2", "games_per_round": "32"},
    )  # fmt: skip
    tournament = Tournament.objects.get()
    assert made.status_code == 302
    assert made["Location"] == url("tournament", tournament)
    assert tournament.games_per_round == 32
    # The club's log names the write in the reader's words, though ClubChange's own kinds
    # do not list it.
    club_page = client.get(
        reverse("games:club", kwargs={"club": tournament.club.public_id}), HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "Turnier angelegt: Preisschafkopf" in html(club_page)


def test_the_director_adds_entrants_as_a_fragment_and_a_page_out_of_date_gets_409(client):
    tournament = schafkopf_night(entrants=2)
    page = client.get(url("tournament", tournament))
    assert page.status_code == 200
    assert "<html" in html(page)
    assert "Anni" in html(page)
    added = client.post(
        url("tournament_entrant_add", tournament),
        {"name": "Cilli", "tournament_version": tournament.version},
        **HTMX,
    )
    assert added.status_code == 200
    assert "<html" not in html(added)
    assert 'id="director"' in html(added)
    assert "Cilli" in html(added)
    empty = client.post(
        url("tournament_entrant_add", tournament), {"name": "", "tournament_version": "0"}, **HTMX
    )
    assert empty.status_code == 422
    stale = client.post(
        url("tournament_entrant_add", tournament),
        {"name": "Dori", "tournament_version": tournament.version},
        **HTMX,
    )
    assert stale.status_code == 409
    assert "changed on another phone" in html(stale)
    assert not Entrant.objects.filter(name="Dori").exists()
    # Without JavaScript: a plain post and a redirect back to the page.
    plain = client.post(
        url("tournament_entrant_add", tournament),
        {"name": "Dori", "tournament_version": Tournament.objects.get().version},
    )
    assert plain.status_code == 302
    assert tournament.entrants.count() == 4


def test_drawing_a_round_shows_its_seat_list_and_the_progress_polls_as_a_fragment(client):
    tournament = schafkopf_night(entrants=8, games_per_round=2)
    response = client.post(
        url("tournament_draw", tournament), {"round": "1", "tournament_version": tournament.version}
    )
    assert response.status_code == 302
    assert response["Location"] == url(
        "tournament_round", tournament, round=tournament.rounds.get().public_id
    )
    seats = html(client.get(response["Location"]))
    assert "Table 1" in seats
    assert "Table 2" in seats
    assert "Hansi" in seats
    assert tournament.rounds.get().seed in seats
    one = RoundTable.objects.get(round__tournament=tournament, number=1)
    play(one, zero_sum(one.seats, one.seats[0]))
    progress = client.get(url("tournament", tournament) + "?part=progress", **HTMX)
    assert "<html" not in html(progress)
    assert html(progress).lstrip().startswith('<div id="progress"')
    assert "1 of 2 games" in html(progress)
    # Django's timesince says "0 minutes" of a save this recent.
    assert "last save just now" in html(progress)
    assert "0\xa0minutes" not in html(progress)
    Table.objects.filter(pk=live_table(one).pk).update(
        updated_at=timezone.now() - timedelta(minutes=5)
    )
    later = client.get(url("tournament", tournament) + "?part=progress", **HTMX)
    assert "last save 5\xa0minutes ago" in html(later)


def test_the_table_link_lets_a_phone_score_that_table_only_until_the_round_closes(client):
    tournament = schafkopf_night(entrants=8, games_per_round=1)
    first = drawn(tournament)
    one, two = first.tables.order_by("number")
    phone = Client()
    link = reverse("games:tournament_table_link", kwargs={"token": one.link_token})
    opened = phone.get(link)
    table = live_table(one)
    assert opened["Location"] == reverse("games:table", kwargs={"table": table.public_id})
    scoring = phone.get(opened["Location"])
    assert scoring.status_code == 200
    assert 'id="hand-form"' in html(scoring)
    # What only the club's members may do is not offered.
    assert "Delete this table" not in html(scoring)
    # The link opens its own table, not the next one.
    other = reverse("games:table", kwargs={"table": live_table(two).public_id})
    assert phone.get(other).status_code == 404
    saved = phone.post(
        opened["Location"],
        {"contract": "passed", "table_version": table.version, "hand_token": new_hand_token()},
    )
    assert saved.status_code in (200, 302)
    assert Round.objects.filter(table=table).count() == 1
    # The phone keeps the table's scoresheet to score hands it enters with no signal.
    sheet = phone.get(reverse("games:table_export", kwargs={"table": table.public_id}))
    assert sheet.status_code == 200
    assert len(sheet.json()["rounds"]) == 1
    assert (
        phone.get(reverse("games:table_export", kwargs={"table": other.split("/")[-2]})).status_code
        == 404
    )
    # Nor does it open the table's buttons that stop or delete it.
    delete = reverse("games:table_delete", kwargs={"table": table.public_id})
    assert phone.post(delete, {"table_version": table.version + 1}).status_code == 404
    play(two, zero_sum(two.seats, two.seats[0]))
    tournament.refresh_from_db()
    services.round_close(first, version=tournament.version)
    assert phone.get(opened["Location"]).status_code == 404
    assert phone.get(link).status_code == 404


def test_the_table_link_page_shows_the_link_and_its_qr_code(client):
    tournament = schafkopf_night(entrants=4)
    (only,) = drawn(tournament).tables.all()
    page = html(client.get(url("tournament_table", tournament, table=only.public_id)))
    assert only.link_token in page
    assert 'class="segno"' in page


def test_a_result_by_hand_needs_a_reason_and_then_lets_the_round_close(client):
    tournament = schafkopf_night(entrants=4, games_per_round=5)
    first = drawn(tournament)
    (only,) = first.tables.all()
    result_url = url("tournament_table_result", tournament, table=only.public_id)
    assert client.get(result_url).status_code == 200
    points = {f"points_{seat}": "0" for seat in only.seats}
    tournament.refresh_from_db()
    refused = client.post(result_url, {**points, "reason": "", "tournament_version": "9"})
    assert refused.status_code == 422
    response = client.post(
        result_url,
        {**points, "reason": "the room closed", "tournament_version": tournament.version},
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    closing = client.post(
        url("tournament_round_close", tournament, round=first.public_id),
        {"tournament_version": tournament.version},
        **HTMX,
    )
    assert closing.status_code == 200
    assert "closed" in html(closing)
    assert ClubChange.objects.filter(kind="result-by-hand", subject__contains="the room closed")


def test_closing_a_round_too_early_says_which_table_is_playing(client):
    tournament = schafkopf_night(entrants=8, games_per_round=1)
    first = drawn(tournament)
    tournament.refresh_from_db()
    response = client.post(
        url("tournament_round_close", tournament, round=first.public_id),
        {"tournament_version": tournament.version},
    )
    assert response.status_code == 422
    assert "table 1 has not finished" in html(response)


def test_standings_name_their_tie_breaks_and_the_end_lists_the_prizes(client):
    tournament = schafkopf_night(entrants=4, games_per_round=1, rounds=1)
    first = drawn(tournament)
    (only,) = first.tables.all()
    winner = only.seats[2]
    play(only, zero_sum(only.seats, winner))
    page = client.get(url("tournament_standings", tournament))
    assert "Ranked by <strong>points</strong>" in html(page)
    fragment = client.get(url("tournament_standings", tournament) + "?part=standings", **HTMX)
    assert html(fragment).lstrip().startswith('<div id="standings"')
    tournament.refresh_from_db()
    services.round_close(first, version=tournament.version)
    tournament.refresh_from_db()
    finished = client.post(
        url("tournament_finish", tournament),
        {"prizes": "A ham\nA bottle of wine", "tournament_version": tournament.version},
    )
    assert finished.status_code == 302
    assert Tournament.objects.get().status == Status.FINISHED
    final = html(client.get(url("tournament_standings", tournament)))
    assert "Final ranking" in final
    assert "A ham" in final

    rows = list(
        csv.reader(
            io.StringIO(client.get(url("tournament_standings_csv", tournament)).content.decode())
        )
    )
    assert rows[0] == ["Place", "No.", "Name", "points", "Prize"]
    assert rows[1][1:] == [
        str(winner),
        dict(tournament.entrants.values_list("number", "name"))[winner],
        "30",
        "A ham",
    ]
    document = json.loads(client.get(url("tournament_standings_json", tournament)).content)
    assert document["ranking"][0]["number"] == winner
    assert document["ranking"][0]["prize"] == "A ham"
    assert document["ranked_by"] == ["points"]


def test_the_big_screen_needs_no_sign_in_and_shows_the_standings_and_the_seating():
    tournament = schafkopf_night(entrants=4, games_per_round=3)
    (only,) = drawn(tournament).tables.all()
    play(only, zero_sum(only.seats, only.seats[0]))
    screen = Client()
    address = reverse("games:tournament_screen", kwargs={"token": tournament.watch_token})
    standings = screen.get(address + "?show=standings")
    assert standings.status_code == 200
    assert f'data-number="{only.seats[0]}">30<' in html(standings)
    seating = screen.get(address + "?show=seating&part=screen", **HTMX)
    assert html(seating).lstrip().startswith('<div id="screen"')
    assert "1 of 3 games" in html(seating)
    assert (
        screen.get(reverse("games:tournament_screen", kwargs={"token": "wrong"})).status_code == 404
    )


def test_the_rules_page_names_its_sources(client):
    tournament = schafkopf_night(entrants=0)
    page = html(client.get(url("tournament_rules", tournament)))
    assert "dieter6605/SchafkopfTurnier" in page
    assert "FIDE" in page
    assert Table.objects.count() == 0


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("it", ("Elenco iscritti", "Turno 1", "Classifica")),
        ("de", ("Teilnehmerliste", "Durchgang 1", "Tabelle")),
        ("ja", ("参加者一覧", "第1回戦", "順位表")),
    ],
)
def test_the_director_s_page_and_the_standings_in_each_language(client, language, words):
    tournament = schafkopf_night(entrants=4)
    drawn(tournament)
    listing, round_heading, standings = words
    page = html(client.get(url("tournament", tournament), HTTP_ACCEPT_LANGUAGE=language))
    assert listing in page
    assert round_heading in page
    assert standings in html(
        client.get(url("tournament_standings", tournament), HTTP_ACCEPT_LANGUAGE=language)
    )


def test_a_round_number_too_big_for_its_column_is_no_round(client):
    tournament = schafkopf_night(entrants=4)
    huge = "9" * 30
    drawing = client.post(
        url("tournament_draw", tournament),
        {"round": huge, "tournament_version": tournament.version},
    )
    assert drawing.status_code == 422
    assert client.get(f"{url('tournament', tournament)}rounds/{huge}/").status_code == 404
    assert not tournament.rounds.exists()


def test_an_entrant_drops_out_from_the_entry_list(client):
    tournament = schafkopf_night(entrants=3)
    leaving = tournament.entrants.get(number=2)
    page = html(client.get(url("tournament", tournament)))
    drop = url("tournament_entrant_drop", tournament, entrant=leaving.public_id)
    assert f'action="{drop}"' in page
    assert 'aria-label="Berti drops out"' in page
    answer = client.post(drop, {"tournament_version": tournament.version}, **HTMX)
    assert answer.status_code == 200
    assert "out from round 1" in html(answer)
    assert Entrant.objects.get(pk=leaving.pk).dropped_from_round == 1
    again = client.post(drop, {"tournament_version": tournament.version}, **HTMX)
    assert again.status_code == 409


def test_a_tournament_of_pairs_takes_both_partners_at_the_door(client):
    tournament = services.tournament_create(
        club=schafkopf_night(entrants=0).club,
        name="Scopone",
        game="scopone",
        pairing="swiss",
        table_size=4,
    )
    page = html(client.get(url("tournament", tournament)))
    assert 'name="partner"' in page
    added = client.post(
        url("tournament_entrant_add", tournament),
        {"name": "Anni", "partner": "Berti", "tournament_version": tournament.version},
        **HTMX,
    )
    assert added.status_code == 200
    assert "Anni &amp; Berti" in html(added)
    assert 'name="partner"' not in html(client.get(url("tournament", schafkopf_night(0))))


def test_the_new_tournament_form_offers_the_club_s_leagues(client):
    from games.leagues import services as league_services
    from tests.clubs import home_club

    league = league_services.league_create(club=home_club(), name="Wirtshaus", games=["schafkopf"])
    assert "Wirtshaus" in html(client.get(reverse("games:tournaments")))
    client.post(
        reverse("games:tournaments"),
        {"name": "Preisschafkopf", "game": "schafkopf", "pairing": "groups", "table_size": "4",
         "rounds_planned": "2", "league": league.public_id},
    )  # fmt: skip
    assert Tournament.objects.get().league == league


def test_the_entry_form_offers_the_club_s_players_who_have_not_entered(client):
    from games.clubs.services import player_get_or_create

    tournament = schafkopf_night(entrants=1)
    player_get_or_create("Zenzi", club=tournament.club)
    page = html(client.get(url("tournament", tournament)))
    assert 'list="club-players"' in page
    assert '<option value="Zenzi">' in page
    assert '<option value="Anni">' not in page


def test_the_director_s_seat_list_prints_each_table_s_code_and_a_viewer_s_does_not(client):
    from games.models import Role
    from tests.clubs import member

    tournament = schafkopf_night(entrants=8)
    first = drawn(tournament)
    address = url("tournament_round", tournament, round=first.public_id)
    directors = html(client.get(address))
    assert directors.count('class="qr seat-qr"') == 2
    for table in first.tables.all():
        assert table.link_token in directors
    viewer = Client()
    viewer.force_login(member(tournament.club, Role.VIEWER))
    viewers = html(viewer.get(address))
    assert "seat-qr" not in viewers
    assert all(table.link_token not in viewers for table in first.tables.all())


def test_the_new_tournament_form_draws_partners_each_round_pair_against_pair_only(client):
    form = html(client.get(reverse("games:tournaments")))
    assert 'name="partners"' in form
    assert 'value="drawn"' in form
    scopone = {"name": "Scopone", "game": "scopone", "pairing": "swiss", "table_size": "4",
               "rounds_planned": "3"}  # fmt: skip
    refused = client.post(
        reverse("games:tournaments"), {**scopone, "game": "scopa", "table_size": "2",
                                       "partners": "drawn"}
    )  # fmt: skip
    assert refused.status_code == 422
    assert "partners are drawn only pair against pair" in html(refused)
    unknown = client.post(reverse("games:tournaments"), {**scopone, "partners": "by lot"})
    assert unknown.status_code == 422
    assert not Tournament.objects.exists()
    made = client.post(reverse("games:tournaments"), {**scopone, "partners": "drawn"})
    assert made.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.partners_drawn
    # Entrants come alone: no partner's field at the door.
    page = html(client.get(url("tournament", tournament)))
    assert 'name="partner"' not in page
    rules = html(client.get(url("tournament_rules", tournament)))
    assert "drawn a new partner each round" in rules


def test_an_entry_form_sent_twice_adds_one_entrant_and_answers_as_the_first_did(client):
    tournament = schafkopf_night(entrants=1)
    page = html(client.get(url("tournament", tournament)))
    token = page.split('name="entry_token" value="')[1].split('"')[0]
    posted = {"name": "Cilli", "tournament_version": tournament.version, "entry_token": token}
    first = client.post(url("tournament_entrant_add", tournament), posted, **HTMX)
    # The phone heard nothing and sends the same form again, though the page moved on.
    again = client.post(url("tournament_entrant_add", tournament), posted, **HTMX)
    assert first.status_code == again.status_code == 200
    assert "Cilli" in html(again)
    assert tournament.entrants.filter(name="Cilli").count() == 1
    assert ClubChange.objects.filter(kind="entrant-added", subject__contains="Cilli").count() == 1
    plain = client.post(url("tournament_entrant_add", tournament), posted)
    assert plain.status_code == 302
    # The page after it offers a new form with a new token; an ill-formed one counts as none.
    assert token not in html(again)
    odd = {**posted, "name": "Dori", "entry_token": "\x00", "tournament_version": "0"}
    assert client.post(url("tournament_entrant_add", tournament), odd).status_code == 409
    assert tournament.entrants.count() == 2


def test_a_table_link_of_a_deleted_club_opens_nothing(client):
    from games.clubs import services as club_services

    tournament = schafkopf_night(entrants=4)
    (only,) = drawn(tournament).tables.all()
    link = reverse("games:tournament_table_link", kwargs={"token": only.link_token})
    assert Client().get(link).status_code == 302
    club_services.club_delete(tournament.club)
    assert Client().get(link).status_code == 404


def test_the_tie_break_is_chosen_at_creation_and_named_on_the_standings_and_rules(client):
    schafkopf = {"name": "Preisschafkopf", "game": "schafkopf", "pairing": "groups",
                 "table_size": "4", "rounds_planned": "2", "games_per_round": "1"}  # fmt: skip
    assert 'name="tie_break"' in html(client.get(reverse("games:tournaments")))
    wrong_game = client.post(
        reverse("games:tournaments"),
        {**schafkopf, "game": "scopa", "pairing": "swiss", "table_size": "2", "tie_break": "soli"},
    )
    assert wrong_game.status_code == 422
    assert "only a Schafkopf tournament ranks by Soli" in html(wrong_game)
    unknown = client.post(reverse("games:tournaments"), {**schafkopf, "tie_break": "coin"})
    assert unknown.status_code == 422
    assert not Tournament.objects.exists()
    made = client.post(reverse("games:tournaments"), {**schafkopf, "tie_break": "soli-lot"})
    assert made.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.tie_break == "soli-lot"
    for name in ("Anni", "Berti", "Cilli", "Dori"):
        services.entrant_add(tournament, name=name)
    (only,) = drawn(tournament).tables.all()
    play(only, dict.fromkeys(only.seats, 0))
    page = html(client.get(url("tournament_standings", tournament)))
    assert (
        "Ranked by <strong>points</strong>, then <strong>Soli</strong>, then <strong>lot</strong>."
        in page
    )
    fragment = html(client.get(url("tournament_standings", tournament) + "?part=standings", **HTMX))
    assert "<html" not in fragment
    assert "(by lot)" in fragment
    german = html(client.get(url("tournament_standings", tournament), HTTP_ACCEPT_LANGUAGE="de"))
    assert "<strong>Soli</strong>" in german
    assert "<strong>Los</strong>" in german
    rules = html(client.get(url("tournament_rules", tournament)))
    assert "then the most Soli won, then lots" in rules
    assert "TieBreakRegulations" in rules


def test_the_seat_list_says_partners_sit_opposite_and_a_table_of_five_s_games(client):
    scopone = services.tournament_create(
        club=schafkopf_night(entrants=0).club, name="Scopone", game="scopone", pairing="swiss",
        table_size=4, partners="drawn",
    )  # fmt: skip
    for name in ("Anni", "Berti", "Cilli", "Dori"):
        services.entrant_add(scopone, name=name)
    seats = html(client.get(url("tournament_round", scopone, round=drawn(scopone).public_id)))
    assert "seats 1 and 3 play against seats 2 and 4" in seats
    schafkopf = schafkopf_night(entrants=9, games_per_round=32)
    page = html(client.get(url("tournament_round", schafkopf, round=drawn(schafkopf).public_id)))
    assert "40 games at this table" in page
    assert "seats 1 and 3" not in page
    german = client.get(
        url("tournament_round", schafkopf, round=schafkopf.rounds.get().public_id),
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert "40 Spiele an diesem Tisch" in html(german)
