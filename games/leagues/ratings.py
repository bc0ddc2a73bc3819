"""Keeps every league's skill ratings: one row per player per finished table, per scope.

A scope is one game of the league, or all of its games together (the empty scope). Ratings
replay the league's tables in the order they finished; they are written when a result changes,
so standings and profiles only read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db.models import OuterRef, Q, QuerySet, Subquery

from games.models import League, Rating, Seat, Table
from games.standings.rating import Match, MatchSide, Skill, replay

ALL_GAMES = ""


def league_ratings_update(league_id: int, changed: Table) -> None:
    """Bring a league's ratings up to date after ``changed`` finished, or its result changed.

    The usual case, a table finishing after every other one, only rates that table; anything
    else (an edit to an old result, a table reopened) replays the whole league.
    """
    league = League.objects.get(pk=league_id)
    later = (
        Table.objects.filter(league=league, finished_at__isnull=False)
        .filter(
            Q(finished_at__gt=changed.finished_at)
            | Q(finished_at=changed.finished_at, pk__gt=changed.pk)
        )
        .exists()
        if changed.finished_at
        else True
    )
    if (
        later
        or changed.finished_at is None  # not finished (later is True then too)
        or changed.game not in league.games
        or Rating.objects.filter(table=changed).exists()
    ):
        league_ratings_replay(league)
        return
    matches = _matches(_finished_seats(league).filter(table=changed))
    players = [player for side in matches[0].sides for player in side.players] if matches else []
    finished = {changed.pk: changed.finished_at}
    rows: list[Rating] = []
    for scope in (ALL_GAMES, changed.game):
        start = _current_skills(league, scope, players)
        rows.extend(_rows(league, scope, matches, start, finished))
    Rating.objects.bulk_create(rows)


def league_ratings_replay(league: League) -> None:
    """Rate all of the league's finished tables again, from scratch."""
    matches_by_game: dict[str, list[Match]] = {}
    all_matches: list[Match] = []
    seats = _finished_seats(league)
    tables = {
        table: (game, finished_at)
        for table, game, finished_at in seats.values_list(
            "table_id", "table__game", "table__finished_at"
        ).distinct()
    }
    finished: dict[int, datetime] = {}
    for table, (_game, finished_at) in tables.items():
        assert finished_at is not None  # the seats are those of finished tables
        finished[table] = finished_at
    for match in _matches(seats):
        all_matches.append(match)
        matches_by_game.setdefault(tables[match.key][0], []).append(match)
    rows = _rows(league, ALL_GAMES, all_matches, {}, finished)
    for game, matches in matches_by_game.items():
        rows.extend(_rows(league, game, matches, {}, finished))
    Rating.objects.filter(league=league).delete()
    Rating.objects.bulk_create(rows, batch_size=2000)


def _finished_seats(league: League) -> QuerySet[Seat]:
    return Seat.objects.filter(
        table__league=league,
        table__finished_at__isnull=False,
        table__game__in=league.games,
        table__deleted_at__isnull=True,
    ).order_by("table__finished_at", "table_id", "position")


def _matches(seats: QuerySet[Seat]) -> list[Match]:
    """One match per table, its sides (a team, or a single player) with their places."""
    rows = seats.values_list("table_id", "player_id", "team", "place")
    tables: dict[int, dict[str, tuple[list[int], int]]] = {}
    for table_id, player_id, team, place in rows:
        sides = tables.setdefault(table_id, {})
        side = team or f"#{player_id}"
        assert place is not None  # finishing a table places every seat
        sides.setdefault(side, ([], place))[0].append(player_id)
    return [
        Match(
            table_id,
            tuple(MatchSide(tuple(players), place) for players, place in sides.values()),
        )
        for table_id, sides in tables.items()
    ]


def _current_skills(league: League, scope: str, players: Sequence[int]) -> dict[int, Skill]:
    # Each player's latest row alone, found through the (player, scope, finished_at) index:
    # reading a player's whole history would make every table rated cost more than the last.
    latest = Rating.objects.filter(
        league=league, scope=scope, player_id=OuterRef("player_id")
    ).order_by("-finished_at", "-table_id")
    rows = (
        Rating.objects.filter(league=league, scope=scope, player_id__in=players)
        .filter(pk=Subquery(latest.values("pk")[:1]))
        .values_list("player_id", "mu", "sigma")
    )
    return {player_id: Skill(mu, sigma) for player_id, mu, sigma in rows}


def _rows(
    league: League,
    scope: str,
    matches: Sequence[Match],
    start: dict[int, Skill],
    finished: dict[int, datetime],
) -> list[Rating]:
    return [
        Rating(
            league=league,
            scope=scope,
            table_id=after.match,
            finished_at=finished[after.match],
            player_id=after.player,
            mu=after.skill.mu,
            sigma=after.skill.sigma,
        )
        for after in replay(matches, start)
    ]
