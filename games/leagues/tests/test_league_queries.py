"""Standings, profiles and exports read with a fixed number of queries, however many tables."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.leagues import services as league_services
from games.models import League, Player
from tests.clubs import home_club
from tests.leagues import at, finished, league

pytestmark = pytest.mark.django_db

GAMES_PLAYED = [
    ("scopa", ["Ann", "Bob"]),
    ("scopone", ["Ann", "Bob", "Cy", "Di"]),
    ("ciapano", ["Ann", "Bob", "Cy"]),
    ("swoops", ["Ann", "Bob", "Cy", "Di"]),
    ("schafkopf", ["Ann", "Bob", "Cy", "Di"]),
]


def queries_for(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
        if response.streaming:
            b"".join(response.streaming_content)
    assert response.status_code == 200
    return len(context.captured_queries)


def play(club: League, rounds: int) -> None:
    """``rounds`` tables of every game, on successive evenings."""
    for number in range(rounds):
        day = f"2026-01-{number + 1:02d}"
        for hour, (game, players) in enumerate(GAMES_PLAYED, start=18):
            winner = players[number % len(players)]
            options = {"cents_per_point": 10} if game == "schafkopf" else None
            finished(game, players, winner, league=club, when=at(day, hour), options=options)


def urls(club: League) -> list[str]:
    ann = Player.objects.get(name="Ann")
    season = club.seasons.get()
    league_url = reverse("games:league", kwargs={"league": club.public_id})
    return [
        league_url,
        league_url + "?game=schafkopf&sort=money",
        league_url + f"?season={season.public_id}&game=scopone",
        reverse("games:player", kwargs={"player": ann.public_id}),
        reverse("games:league_standings_csv", kwargs={"league": club.public_id}),
        reverse("games:league_tables_csv", kwargs={"league": club.public_id}),
        reverse("games:scoresheets_json", args=[home_club().public_id])
        + f"?league={club.public_id}",
        reverse("games:leagues"),
    ]


def test_league_pages_queries_do_not_grow_with_the_tables(client: Client) -> None:
    small = league("Small")
    league_services.season_create(
        league=small,
        name="2026",
        starts_on=at("2026-01-01").date(),
        ends_on=at("2026-12-31").date(),
    )
    play(small, 1)
    with_few = [queries_for(client, url) for url in urls(small)]

    play(small, 6)
    with_many = [queries_for(client, url) for url in urls(small)]
    assert with_many == with_few
    # And the figure itself stays small: a page is a handful of queries.
    # (Two of them read the account and its clubs; the session is read only for them.)
    assert max(with_few) <= 14, with_few


def test_the_database_sums_agree_with_the_reference_arithmetic() -> None:
    """The standings the pages show are summed by SQL; ``standings.stats.standings`` states the
    same measures in plain Python. On a demo league of every game they must agree."""
    from games.demo import demo_league_create
    from games.leagues import selectors
    from games.models import Seat
    from games.scoring import GAMES
    from games.standings.stats import SeatResult, standings

    club = demo_league_create(club=home_club(), tables=60, seed=11)
    results = []
    for seat in Seat.objects.filter(table__league=club).select_related("table", "player"):
        cents, currency = selectors.money_per_point(seat.table.game, seat.table.options)
        results.append(
            SeatResult(
                table=seat.table_id,
                game=seat.table.game,
                player=seat.player_id,
                name=seat.player.name,
                side=seat.side,
                total=seat.total,
                place=seat.place,
                won=seat.won,
                eliminated=seat.eliminated,
                hands=seat.table.hands_played,
                cents_per_point=cents,
                currency=currency,
            )
        )

    def measures(rows):
        return {
            row.name: (
                row.played,
                row.wins,
                row.places,
                row.points,
                row.points_difference,
                row.hands,
                row.money,
                row.eliminations,
            )
            for row in rows
        }

    for game in [None, *GAMES]:
        in_sql = [
            row for _game, row in selectors.standing_rows(selectors.league_seats(club, game=game))
        ]
        in_python = standings(result for result in results if game in (None, result.game))
        assert measures(in_sql) == measures(in_python), game
        assert in_sql, game


def demo_seat_results(club: League) -> list:
    from games.models import Seat
    from games.standings.stats import SeatResult

    return [
        SeatResult(
            table=seat.table_id,
            game=seat.table.game,
            player=seat.player_id,
            name=seat.player.name,
            side=seat.side,
            total=seat.total or 0,
            place=seat.place or 0,
            won=seat.won,
        )
        for seat in Seat.objects.filter(
            table__league=club, table__finished_at__isnull=False
        ).select_related("table", "player")
    ]


def test_the_database_companion_counts_agree_with_the_reference_arithmetic() -> None:
    """A profile's partners and opponents are counted by SQL; ``standings.stats`` counts them
    in plain Python from every seat of the player's tables. They must agree for everyone."""
    from games.demo import demo_league_create
    from games.leagues import selectors
    from games.standings.stats import companion_tallies

    club = demo_league_create(club=home_club(), tables=60, seed=11)
    results = demo_seat_results(club)
    for player in club.members.all():
        in_sql = sorted(selectors.player_companion_tallies(player), key=lambda t: t.player)
        in_python = sorted(companion_tallies(results, player.pk), key=lambda t: t.player)
        assert in_sql == in_python, player.name
        assert any(tally.partner_games for tally in in_sql), player.name


@pytest.mark.parametrize("zone", ["UTC", "Pacific/Auckland"])
def test_the_rating_history_is_each_sessions_last_rating(zone: str) -> None:
    """The database keeps the last rating of each day in the current time zone, as reading
    every rating in order and keeping each day's last would."""
    from django.utils import timezone

    from games.demo import demo_league_create
    from games.leagues import selectors
    from games.models import Rating
    from games.standings.rating import Skill

    club = demo_league_create(club=home_club(), tables=60, seed=11)
    with timezone.override(zone):
        for player in club.members.all():
            by_day: dict[tuple[int, object], Skill] = {}
            for rating in Rating.objects.filter(player=player, scope="").order_by(
                "finished_at", "table_id"
            ):
                day = timezone.localdate(rating.finished_at)
                by_day[(rating.league_id, day)] = Skill(rating.mu, rating.sigma)
            expected = [(league, day, skill) for (league, day), skill in by_day.items()]
            history = selectors.player_rating_history(player)
            assert history == expected, player.name
            assert len(history) < Rating.objects.filter(player=player, scope="").count()
