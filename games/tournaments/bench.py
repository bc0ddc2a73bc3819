"""``make bench``'s tournament night (issue 32): a 100-player Schafkopf tournament, 25 tables
each recording a round of 32 games, and its standings and director's page timed beside a bare
view, with their queries (constant in tables and games: ``selectors``)."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.contrib.auth.models import User
from django.http import HttpResponseBase
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse

from games.bench_table import as_a_worker_runs, timed, timings_table
from games.models import Table
from games.scoring import GAMES
from games.tables import services as table_services
from games.tournaments import services
from games.tournaments.models import Tournament

PLAYERS = 100
GAMES_PER_TABLE = 32


def night_game() -> str:
    """The game of a tournament night at tables of four, each table playing a number of games
    (Schafkopf's Preisschafkopf): the first registered game whose players stop when they
    choose and that seats four, found by its rules as every generic module finds a game."""
    return next(
        key
        for key, rules in GAMES.items()
        if rules.ends_when_players_stop and 4 in rules.player_counts
    )


def tournament_seed(
    owner: User, players: int = PLAYERS, games: int = GAMES_PER_TABLE
) -> Tournament:
    """The night after its first round: every table has played its games (a solo won by each
    seat in turn, so the standings have something to sort)."""
    club = owner.memberships.get().club
    tournament = services.tournament_create(
        club=club,
        name="Bench Preisschafkopf",
        game=night_game(),
        table_size=4,
        rounds_planned=2,
        games_per_round=games,
    )
    for number in range(1, players + 1):
        services.entrant_add(tournament, name=f"Bench player {number}")
    drawn = services.round_draw(tournament, number=1, seed="bench")
    for round_table in drawn.tables.select_related("table"):
        table = round_table.table
        assert table is not None
        names = [seat.player.name for seat in table.seats.select_related("player")]
        for game in range(games):
            winner = names[game % len(names)]
            entry = {"points": {name: 15 if name == winner else -5 for name in names}}
            table_services.round_record(Table.objects.get(pk=table.pk), entry)
    return tournament


def tournament_report(label: str, owner: User, runs: int = 15) -> str:
    """Seed the night and time its two busiest pages; the report as printed lines."""
    started = time.perf_counter()
    tournament = tournament_seed(owner)
    seeded = time.perf_counter() - started
    client = Client(HTTP_HOST="localhost")
    client.force_login(owner)
    pages = {
        "standings": reverse("games:tournament_standings", args=[tournament.public_id]),
        "director's page": reverse("games:tournament", args=[tournament.public_id]),
        "big screen": reverse("games:tournament_screen", args=[tournament.watch_token]),
    }
    with override_settings(ROOT_URLCONF="scorekeeper.bench_urls"), as_a_worker_runs():
        bare = timed("bare view", 0, runs, lambda: client.get("/bench/bare/"))
        timings = [bare] + [
            timed(name, GAMES_PER_TABLE, runs, _getter(client, url)) for name, url in pages.items()
        ]
    return "\n".join(
        [
            f"{label}: a {PLAYERS}-player tournament, {PLAYERS // 4} tables of "
            f"{GAMES_PER_TABLE} games (seeded in {seeded:.1f} s), beside a bare view",
            timings_table(("tournament page", "games"), bare, timings),
        ]
    )


def _getter(client: Client, url: str) -> Callable[[], HttpResponseBase]:
    return lambda: client.get(url)
