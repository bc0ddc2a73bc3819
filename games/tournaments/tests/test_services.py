"""A tournament's writes and reads: entries, the draw, rounds closing, standings from the
tables' hands, the end; each refused when it should be, each in the club's log."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import ClubChange, Table
from games.scoring import EntryError
from games.tables import services as table_services
from games.tables.write_path import StaleWrite
from games.tournaments import draw, selectors, services
from games.tournaments.models import (
    Entrant,
    LogKind,
    RoundTable,
    Status,
    Tournament,
    TournamentRound,
)
from games.tournaments.tests.helpers import (
    drawn,
    live_table,
    play,
    schafkopf_night,
    scopa_swiss,
    zero_sum,
)
from tests.clubs import home_club

pytestmark = pytest.mark.django_db


def problems(error: pytest.ExceptionInfo[EntryError]) -> list[str]:
    return [problem.text() for problem in error.value.problems]


def logged(kind: str) -> list[ClubChange]:
    return list(ClubChange.objects.filter(club=home_club(), kind=kind))


# -- creating and entering ----------------------------------------------------------------------


def test_a_tournament_is_refused_with_every_problem_and_nothing_is_saved():
    with pytest.raises(EntryError) as refused:
        services.tournament_create(
            club=home_club(),
            name=" ",
            game="schafkopf",
            table_size=5,
            rounds_planned=0,
            games_per_round=500,
            cap=1,
        )
    assert problems(refused) == [
        "a tournament needs a name",
        "Schafkopf is not played by 5 at a table",
        "a tournament plays 1 to 20 rounds",
        "a round plays 1 to 200 games per table",
        "the cap is 2 to 400 entrants",
    ]
    with pytest.raises(EntryError) as refused:
        services.tournament_create(
            club=home_club(), name="Scopa", game="scopa", pairing="swiss", table_size=3
        )
    assert problems(refused) == ["Swiss pairing seats one against one, or pair against pair"]
    assert not logged(LogKind.CREATED)


def test_start_numbers_are_given_in_order_and_never_change_when_someone_drops_out():
    tournament = schafkopf_night(entrants=5)
    entrants = list(tournament.entrants.all())
    assert [(entrant.number, entrant.name) for entrant in entrants] == [
        (1, "Anni"),
        (2, "Berti"),
        (3, "Cilli"),
        (4, "Dori"),
        (5, "Evi"),
    ]
    # The name at the door is a player of the club now, as a name at a new table is.
    assert entrants[0].player is not None
    assert entrants[0].player.club == home_club()
    services.entrant_drop(entrants[1], version=tournament.version)
    late = services.entrant_add(tournament, name="Ferdl")
    assert late.number == 6
    assert Entrant.objects.get(pk=entrants[1].pk).dropped_from_round == 1
    assert [change.subject for change in logged(LogKind.ENTRANT_DROPPED)] == [
        "Preisschafkopf: 2 Berti"
    ]


def test_an_entry_twice_or_past_the_cap_is_refused():
    tournament = schafkopf_night(entrants=0)
    tournament.cap = 2
    tournament.save()
    services.entrant_add(tournament, name="Anni")
    with pytest.raises(EntryError) as refused:
        services.entrant_add(tournament, name="ANNI ")
    assert problems(refused) == ["ANNI has already entered"]
    services.entrant_add(tournament, name="Berti")
    with pytest.raises(EntryError) as refused:
        services.entrant_add(tournament, name="Cilli")
    assert problems(refused) == ["the tournament is full (2 entrants)"]
    assert tournament.entrants.count() == 2


def test_a_write_from_a_page_out_of_date_is_refused_and_stores_nothing():
    tournament = schafkopf_night(entrants=8)
    seen = tournament.version
    services.entrant_add(tournament, name="Irmi", version=seen)
    with pytest.raises(services.StaleTournament) as stale:
        services.entrant_add(tournament, name="Jakl", version=seen)
    assert stale.value.tournament.version == seen + 1
    with pytest.raises(services.StaleTournament):
        services.round_draw(tournament, number=1, version=seen)
    assert not tournament.entrants.filter(name="Jakl").exists()
    assert not tournament.rounds.exists()


# -- the draw -----------------------------------------------------------------------------------


def test_round_one_is_drawn_from_its_recorded_seed_and_every_table_is_a_live_table():
    tournament = schafkopf_night(entrants=8)
    first = drawn(tournament, seed="checkable")
    assert first.seed == "checkable"
    tables = list(first.tables.select_related("table"))
    # Anyone holding the seed draws the same tables again.
    again = draw.draw_groups(list(range(1, 9)), 4, "checkable", allow_five=False, allow_three=False)
    assert [tuple(table.seats) for table in tables] == [table.seats for table in again.tables]
    names = dict(tournament.entrants.values_list("number", "name"))
    for round_table in tables:
        table = live_table(round_table)
        assert table.game == "schafkopf"
        assert [seat.player.name for seat in table.seats.order_by("position")] == [
            names[number] for number in round_table.seats
        ]
    assert len({table.link_token for table in tables}) == 2
    tournament.refresh_from_db()
    assert tournament.status == Status.PLAYING
    assert logged(LogKind.ROUND_DRAWN)[0].after["seed"] == "checkable"


def test_a_round_drawn_again_answers_with_the_round_already_drawn():
    tournament = schafkopf_night(entrants=8)
    first = drawn(tournament)
    again = services.round_draw(tournament, number=1, version=0)
    assert again.pk == first.pk
    assert TournamentRound.objects.filter(tournament=tournament).count() == 1
    assert RoundTable.objects.filter(round__tournament=tournament).count() == 2


def test_a_count_schafkopf_cannot_seat_and_a_round_before_the_last_closed_are_refused():
    tournament = schafkopf_night(entrants=7)
    with pytest.raises(EntryError) as refused:
        drawn(tournament)
    assert problems(refused) == ["7 entrants cannot be seated at tables of 4"]
    services.entrant_add(tournament, name="Hansi")
    drawn(tournament)
    with pytest.raises(EntryError) as refused:
        drawn(tournament, number=2)
    assert problems(refused) == ["close round 1 first"]
    with pytest.raises(EntryError) as refused:
        drawn(tournament, number=3)
    assert problems(refused) == ["round 3 cannot be drawn now"]


def test_a_later_round_keeps_players_apart_and_leaves_out_who_dropped_out():
    tournament = schafkopf_night(entrants=16, games_per_round=1)
    first = drawn(tournament)
    for round_table in first.tables.all():
        play(round_table, zero_sum(round_table.seats, round_table.seats[0]))
    tournament.refresh_from_db()
    services.round_close(first, version=tournament.version)
    # One from each table goes home: the twelve left can meet nobody again at three tables.
    gone = [round_table.seats[0] for round_table in first.tables.all()]
    for number in gone:
        tournament.refresh_from_db()
        services.entrant_drop(tournament.entrants.get(number=number), version=tournament.version)
    second = drawn(tournament, number=2)
    seated = [seat for table in second.tables.all() for seat in table.seats]
    assert sorted(seated) == sorted(set(range(1, 17)) - set(gone))
    earlier = selectors.earlier_plans(tournament, before=3)
    assert draw.repeat_meetings(earlier[1], earlier[:1]) == 0


def test_swiss_pairs_by_standing_with_no_rematch_and_a_bye_given_once():
    tournament = scopa_swiss(entrants=5, rounds=3)
    byes: list[int] = []
    met: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        played = drawn(tournament, number=number, seed=f"s{number}")
        byes.extend(played.byes)
        for round_table in played.tables.all():
            pair = frozenset(round_table.seats)
            assert pair not in met
            met.add(pair)
            first, second = round_table.seats
            play(round_table, {first: 11, second: 4})
        tournament.refresh_from_db()
        services.round_close(played, version=tournament.version)
    assert len(byes) == len(set(byes)) == 3


# -- closing a round ----------------------------------------------------------------------------


def test_a_round_closes_only_when_every_table_is_done_or_has_a_result_by_hand():
    tournament = schafkopf_night(entrants=8, games_per_round=2)
    first = drawn(tournament)
    done, stuck = first.tables.order_by("number")
    play(done, zero_sum(done.seats, done.seats[0]), times=2)
    play(stuck, zero_sum(stuck.seats, stuck.seats[1]))
    tournament.refresh_from_db()
    with pytest.raises(EntryError) as refused:
        services.round_close(first, version=tournament.version)
    assert problems(refused) == ["table 2 has not finished"]
    with pytest.raises(EntryError) as refused:
        services.round_table_result_set(
            stuck, points={stuck.seats[0]: 5}, reason="", version=tournament.version
        )
    assert problems(refused) == [
        "say why the result is entered by hand",
        "enter points for everyone at the table",
    ]
    by_hand = dict.fromkeys(stuck.seats, 0) | {stuck.seats[2]: 7}
    services.round_table_result_set(
        stuck, points=by_hand, reason="Cilli had to leave", version=tournament.version
    )
    tournament.refresh_from_db()
    closed = services.round_close(first, version=tournament.version)
    assert closed.status == TournamentRound.Status.CLOSED
    assert logged(LogKind.RESULT_BY_HAND)[0].after["reason"] == "Cilli had to leave"
    assert selectors.round_points(tournament)[1][stuck.seats[2]] == 7


# -- standings ----------------------------------------------------------------------------------


def independent_totals(tournament, games_per_round):
    """Each start number's points, summed hand by hand from the live tables, apart from the
    selectors' one query (the hands' points per side, by the table's seats)."""
    totals = defaultdict(int)
    for round_table in RoundTable.objects.filter(round__tournament=tournament):
        table = live_table(round_table)
        seats = {
            seat.player.name: number
            for seat, number in zip(
                table.seats.select_related("player").order_by("position"),
                round_table.seats,
                strict=True,
            )
        }
        for hand in table.rounds.filter(number__lte=games_per_round).prefetch_related("points"):
            for points in hand.points.all():
                totals[seats[points.side]] += points.points
    return dict(totals)


def test_standings_are_summed_from_the_hands_and_a_corrected_hand_moves_them():
    tournament = schafkopf_night(entrants=8, games_per_round=2)
    first = drawn(tournament)
    one, two = first.tables.order_by("number")
    play(one, zero_sum(one.seats, one.seats[0]))
    play(one, zero_sum(one.seats, one.seats[0], stake=20))
    # A third hand is over the round's games: it counts for nothing.
    play(one, zero_sum(one.seats, one.seats[3], stake=50))
    play(two, zero_sum(two.seats, two.seats[1]), times=2)
    standings = selectors.standings(tournament)
    overall = {row.number: row.values[0] for row in standings.overall}
    assert overall == independent_totals(tournament, 2)
    assert overall[one.seats[0]] == 90
    assert standings.overall[0].number == one.seats[0]
    assert standings.criteria == ("points",)

    # A correction to the first hand at table 1: the winner is now its second seat.
    hand = live_table(one).rounds.get(number=1)
    names = [seat.player.name for seat in live_table(one).seats.order_by("position")]
    corrected = {name: (30 if index == 1 else -10) for index, name in enumerate(names)}
    table_services.round_update(hand, {"points": corrected})
    overall = {row.number: row.values[0] for row in selectors.standings(tournament).overall}
    assert overall == independent_totals(tournament, 2)
    assert overall[one.seats[0]] == 50
    assert overall[one.seats[1]] == 30 - 20


def test_equal_points_share_a_place_and_name_what_decided():
    tournament = schafkopf_night(entrants=4, games_per_round=1)
    first = drawn(tournament)
    (only,) = first.tables.all()
    a, b, c, d = only.seats
    play(only, {a: 20, b: 20, c: -20, d: -20})
    rows = selectors.standings(tournament).overall
    # Equal entrants are listed by start number.
    assert [(row.place, row.number) for row in rows] == [
        (1, min(a, b)),
        (1, max(a, b)),
        (3, min(c, d)),
        (3, max(c, d)),
    ]
    assert {row.tie_break_used for row in rows} == {None}


def test_swiss_standings_rank_by_match_points_then_buchholz_then_point_difference():
    tournament = scopa_swiss(entrants=4, rounds=2)
    first = drawn(tournament, seed="r1")
    for round_table in first.tables.all():
        winner, loser = round_table.seats
        play(round_table, {winner: 11, loser: 3})
    standings = selectors.standings(tournament)
    assert standings.criteria == ("match points", "Buchholz", "point difference")
    top = standings.overall[:2]
    assert {row.number for row in top} == {table.seats[0] for table in first.tables.all()}
    assert all(row.values[0] == 1 for row in top)


# -- the director's page and the end ------------------------------------------------------------


def test_the_overview_shows_each_tables_games_and_its_last_save(django_assert_max_num_queries):
    tournament = schafkopf_night(entrants=8, games_per_round=3)
    first = drawn(tournament)
    one = first.tables.get(number=1)
    play(one, zero_sum(one.seats, one.seats[0]), times=3)
    with django_assert_max_num_queries(4):
        overview = selectors.overview(tournament)
    progress = {table.number: table for table in overview.tables}
    assert (progress[1].games_played, progress[1].done, progress[1].late) == (3, True, False)
    assert progress[1].last_save is not None
    assert (progress[2].games_played, progress[2].done, progress[2].late) == (0, False, False)
    assert overview.next_round is None
    # Ten minutes on, the table that saved nothing since the draw is late; a done one is not.
    first.drawn_at -= selectors.LATE_AFTER + timedelta(seconds=1)
    first.save(update_fields=["drawn_at"])
    later = {table.number: table for table in selectors.overview(tournament).tables}
    assert (later[1].late, later[2].late) == (False, True)


def test_a_tournament_finishes_after_its_last_round_with_its_prizes_by_place():
    tournament = schafkopf_night(entrants=4, games_per_round=1, rounds=1)
    with pytest.raises(EntryError) as refused:
        services.tournament_finish(tournament, prizes=["Ham"])
    assert problems(refused) == ["close every round first"]
    first = drawn(tournament)
    (only,) = first.tables.all()
    play(only, zero_sum(only.seats, only.seats[0]))
    tournament.refresh_from_db()
    services.round_close(first, version=tournament.version)
    tournament.refresh_from_db()
    finished = services.tournament_finish(
        tournament, prizes=["Ham", "", "Wine", " "], version=tournament.version
    )
    assert finished.status == Status.FINISHED
    assert finished.prizes == ["Ham", "", "Wine"]
    with pytest.raises(EntryError) as refused:
        services.entrant_add(finished, name="Late")
    assert problems(refused) == ["the tournament is over"]
    assert [change.kind for change in ClubChange.objects.filter(club=home_club())][-1] == (
        LogKind.FINISHED
    )


def test_a_hand_at_a_tournament_table_keeps_the_tables_guarantees():
    tournament = schafkopf_night(entrants=4, games_per_round=2)
    (only,) = drawn(tournament).tables.all()
    table = live_table(only)
    names = [seat.player.name for seat in table.seats.order_by("position")]
    entry = {"points": dict(zip(names, (30, -10, -10, -10), strict=True))}
    first = table_services.round_record(table, entry, version=table.version, token="tap-once")
    again = table_services.round_record(
        Table.objects.get(pk=table.pk), entry, version=table.version, token="tap-once"
    )
    assert again.pk == first.pk
    with pytest.raises(StaleWrite):
        table_services.round_record(Table.objects.get(pk=table.pk), entry, version=table.version)
    assert live_table(only).hands_played == 1


def test_the_standings_and_the_overview_read_in_queries_constant_in_tables_and_games():
    """Counted on a small night and on one with four times the tables and more games: the
    same number of queries (what keeps a 100-player night's pages as fast as a bare view)."""
    counts = []
    for entrants, games in ((4, 1), (16, 3)):
        tournament = schafkopf_night(entrants=entrants, games_per_round=games)
        first = drawn(tournament)
        for round_table in first.tables.all():
            play(round_table, zero_sum(round_table.seats, round_table.seats[0]), times=games)
        with CaptureQueriesContext(connection) as standings_queries:
            selectors.standings(tournament)
        with CaptureQueriesContext(connection) as overview_queries:
            selectors.overview(tournament)
        counts.append((len(standings_queries), len(overview_queries)))
        tournament.delete()
    assert counts[0] == counts[1]
    assert counts[0][1] <= 4


def test_the_benchs_night_plays_every_table_s_games():
    from games.tournaments.bench import tournament_seed
    from tests.clubs import home_owner

    tournament = tournament_seed(home_owner(), players=8, games=2)
    overview = selectors.overview(tournament)
    assert [table.games_played for table in overview.tables] == [2, 2]
    assert all(table.done for table in overview.tables)


def test_a_scopone_night_in_fixed_pairs_seats_partners_opposite_and_ranks_the_pairs():
    tournament = services.tournament_create(
        club=home_club(), name="Scopone", game="scopone", pairing="swiss", table_size=4
    )
    pairs = [("Anni", "Berti"), ("Cilli", "Dori"), ("Evi", "Ferdl"), ("Gustl", "Hansi")]
    for first, second in pairs:
        services.entrant_add(tournament, name=first, partner=second)
    with pytest.raises(EntryError) as refused:
        services.entrant_add(tournament, name="Irmi")
    assert problems(refused) == ["a pair needs two names"]
    with pytest.raises(EntryError) as refused:
        services.entrant_add(tournament, name="Jakl", partner="anni")
    assert problems(refused) == ["anni has already entered"]
    assert list(tournament.entrants.values_list("name", flat=True)) == [
        "Anni & Berti",
        "Cilli & Dori",
        "Evi & Ferdl",
        "Gustl & Hansi",
    ]
    first = drawn(tournament, seed="pairs")
    for round_table in first.tables.all():
        table = live_table(round_table)
        teams = table.setup().teams
        names = dict(tournament.entrants.values_list("number", "name"))
        # Each pair is a team of the table, its partners opposite.
        assert {team.name for team in teams} == {names[number] for number in round_table.seats}
        winner, loser = round_table.seats
        table_services.round_record(table, {"points": {names[winner]: 11, names[loser]: 4}})
    standings = selectors.standings(tournament)
    winners = {round_table.seats[0] for round_table in first.tables.all()}
    assert {row.number for row in standings.overall if row.values[0] == 1} == winners
    assert {row.values[2] for row in standings.overall} == {7, -7}


def test_a_tournament_s_tables_count_in_the_league_it_names():
    from games.leagues import services as league_services

    league = league_services.league_create(club=home_club(), name="Wirtshaus", games=["schafkopf"])
    with pytest.raises(EntryError) as refused:
        services.tournament_create(
            club=home_club(), name="Scopa", game="scopa", pairing="swiss", table_size=2,
            league=league,
        )  # fmt: skip
    assert problems(refused) == ["Wirtshaus does not count Scopa"]
    tournament = services.tournament_create(
        club=home_club(), name="Preisschafkopf", game="schafkopf", league=league
    )
    for name in ("Anni", "Berti", "Cilli", "Dori"):
        services.entrant_add(tournament, name=name)
    (only,) = drawn(tournament).tables.all()
    assert live_table(only).league == league


def test_who_entered_one_after_the_other_sits_apart_when_the_director_asks():
    tournament = schafkopf_night(entrants=16)
    tournament.keep_neighbours_apart = True
    tournament.save()
    first = drawn(tournament)
    for round_table in first.tables.all():
        seats = set(round_table.seats)
        assert not any(number + 1 in seats for number in seats), round_table.seats


def test_a_schafkopf_field_of_34_sits_at_tables_of_four_and_five_where_the_dealer_sits_out():
    tournament = schafkopf_night(entrants=34)
    tables = list(drawn(tournament).tables.select_related("table"))
    sizes = sorted(len(round_table.seats) for round_table in tables)
    assert sizes == [4, 4, 4, 4, 4, 4, 5, 5]
    assert sorted(seat for round_table in tables for seat in round_table.seats) == list(
        range(1, 35)
    )
    five = next(round_table for round_table in tables if len(round_table.seats) == 5)
    assert five.sitting_out_each_game
    assert not any(t.sitting_out_each_game for t in tables if len(t.seats) == 4)
    table = live_table(five)
    assert table.seats.count() == 5
    # The first dealer (seat 0) sits out the first hand: the others play it and he scores 0.
    names = [seat.player.name for seat in table.seats.order_by("position")]
    table_services.round_record(
        table, {"contract": "wenz", "declarer": names[1], "declarer_won": True}
    )
    assert (
        table.rules.game_state(
            [
                table.rules.score_round(
                    {
                        "contract": "wenz",
                        "declarer": names[1],
                        "declarer_won": True,
                        "sits_out": names[0],
                    },
                    table.setup(),
                )
            ],
            table.setup(),
        ).totals[names[0]]
        == 0
    )
    with pytest.raises(EntryError) as refused:
        table_services.round_record(
            Table.objects.get(pk=table.pk),
            {"contract": "wenz", "declarer": names[1], "declarer_won": True},
        )
    assert problems(refused) == [f"{names[1]} deals this hand and sits out"]


def test_partners_drawn_each_round_seat_individuals_pair_against_pair_and_rank_each_player():
    with pytest.raises(EntryError) as refused:
        services.tournament_create(
            club=home_club(), name="Preisschafkopf", game="schafkopf", partners="drawn"
        )
    assert problems(refused) == ["partners are drawn only pair against pair"]
    tournament = services.tournament_create(
        club=home_club(), name="Scopone", game="scopone", pairing="swiss", table_size=4,
        partners="drawn", rounds_planned=2,
    )  # fmt: skip
    assert tournament.partners_drawn
    assert not tournament.in_pairs
    names = ["Anni", "Berti", "Cilli", "Dori", "Evi", "Ferdl", "Gustl", "Hansi", "Irmi"]
    for name in names:
        services.entrant_add(tournament, name=name)
    with pytest.raises(EntryError) as refused:
        services.entrant_add(tournament, name="Jakl", partner="Kathi")
    assert problems(refused) == ["one name: entrants here play alone"]
    first = drawn(tournament, seed="partners")
    assert len(first.byes) == 1
    by_number = dict(tournament.entrants.values_list("number", "name"))
    winners: set[int] = set()
    for round_table in first.tables.all():
        table = live_table(round_table)
        seats = round_table.seats
        # The partners sit opposite: seats 1 and 3 are a team of the live table.
        teams = {team.name: set(team.players) for team in table.setup().teams}
        assert {by_number[seats[0]], by_number[seats[2]]} in teams.values()
        winning = next(name for name, players in teams.items() if by_number[seats[0]] in players)
        losing = next(name for name in teams if name != winning)
        table_services.round_record(table, {"points": {winning: 11, losing: 4}})
        winners |= {seats[0], seats[2]}
    overall = {row.number: row.values for row in selectors.standings(tournament).overall}
    # Each player takes the pair's result; the bye a win's match points.
    assert {n for n, values in overall.items() if values[0] == 1} == winners | set(first.byes)
    assert all(overall[n][2] == 7 for n in winners)
    # A result by hand gives partners the pair's points.
    one = first.tables.first()
    assert one is not None
    a, b, c, d = one.seats
    with pytest.raises(EntryError) as refused:
        services.round_table_result_set(one, points={a: 11, b: 4, c: 10, d: 4}, reason="phone lost")
    assert problems(refused) == ["give both partners of a pair the pair's points"]
    services.round_table_result_set(one, points={a: 11, b: 4, c: 11, d: 4}, reason="phone lost")
    services.round_close(first, version=Tournament.objects.get().version)
    second = drawn(tournament, number=2, seed="again")
    assert not set(first.byes) & set(second.byes)
    before = draw.partners_had(selectors.earlier_plans(tournament, before=2))
    for round_table in second.tables.all():
        seats = round_table.seats
        assert seats[2] not in before.get(seats[0], set())
        assert seats[3] not in before.get(seats[1], set())


def test_equal_points_are_split_by_the_soli_won_then_by_lot_when_the_tournament_says_so():
    with pytest.raises(EntryError) as refused:
        services.tournament_create(
            club=home_club(), name="Scopa", game="scopa", pairing="swiss", table_size=2,
            tie_break="soli",
        )  # fmt: skip
    assert problems(refused) == ["only a Schafkopf tournament ranks by Soli"]
    tournament = schafkopf_night(entrants=4, games_per_round=3)
    tournament.tie_break = "soli"
    tournament.save()
    (only,) = drawn(tournament).tables.all()
    a, b, c, d = only.seats
    table = live_table(only)
    name = dict(tournament.entrants.values_list("number", "name"))
    # a wins a Wenz alone; then a hand counted by hand gives b what a won over the others.
    table_services.round_record(
        table, {"contract": "wenz", "declarer": name[a], "declarer_won": True}
    )
    won = selectors.round_points(tournament)[1][a]
    play(only, {a: -won * 2 // 3, b: won * 2 // 3, c: 0, d: 0})
    assert selectors.soli_won(tournament) == {1: {a: 1}}
    standings = selectors.standings(tournament)
    assert standings.criteria == ("points", "Soli")
    rows = {row.number: row for row in standings.overall}
    assert rows[a].values[0] == rows[b].values[0]
    assert (rows[a].place, rows[b].place) == (1, 2)
    assert (rows[a].values[1], rows[b].values[1]) == (1, 0)
    assert rows[a].tie_break_used == rows[b].tie_break_used == "Soli"
    # c and d are equal on points and Soli: they share a place, unless lots are drawn.
    assert rows[c].place == rows[d].place == 3
    assert not standings.by_lot
    tournament.tie_break = "soli-lot"
    tournament.save()
    standings = selectors.standings(tournament)
    rows = {row.number: row for row in standings.overall}
    assert standings.by_lot
    assert (rows[a].place, rows[b].place) == (1, 2)
    assert {rows[c].place, rows[d].place} == {3, 4}
    assert rows[c].tie_break_used == "lot"
    # Drawn from round 1's recorded seed: the same lots every time.
    assert selectors.standings(tournament).overall == standings.overall


def test_a_table_of_five_plays_five_fourths_of_the_round_s_games_and_each_counts():
    tournament = schafkopf_night(entrants=9, games_per_round=4)
    first = drawn(tournament)
    four, five = sorted(first.tables.all(), key=lambda round_table: len(round_table.seats))
    assert five.sitting_out_each_game
    table = live_table(five)
    names = [seat.player.name for seat in table.seats.order_by("position")]
    for _ in range(4):
        table_services.round_record(Table.objects.get(pk=table.pk), {"contract": "passed"})
    progress = {row.number: row for row in selectors.round_progress(tournament, first)}
    assert (progress[five.number].games_played, progress[five.number].games_due) == (4, 5)
    assert progress[four.number].games_due == 4
    assert not progress[five.number].done
    # The fifth game counts (the dealer, seat 5, sits it out); a sixth does not.
    wenz = {"contract": "wenz", "declarer_won": True}
    table_services.round_record(Table.objects.get(pk=table.pk), {**wenz, "declarer": names[0]})
    table_services.round_record(Table.objects.get(pk=table.pk), {**wenz, "declarer": names[1]})
    progress = {row.number: row for row in selectors.round_progress(tournament, first)}
    assert progress[five.number].done
    points = selectors.round_points(tournament)[1]
    winner = five.seats[[s.player.name for s in table.seats.order_by("position")].index(names[0])]
    assert points[winner] > 0
    assert sorted(points[seat] for seat in five.seats).count(0) == 1  # the dealer sat out
    assert selectors.soli_won(tournament) == {1: {winner: 1}}
    assert logged(LogKind.ROUND_DRAWN)[0].after["games"] == [4, 5]
