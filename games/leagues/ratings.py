"""Keeps every league's skill ratings: one row per player per finished table, per scope.

A scope is one game of the league, or all of its games together (the empty scope). Ratings
replay the league's tables in the order they finished; they are written when a result changes,
so standings and profiles only read them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from itertools import groupby
from operator import itemgetter

from django.db.models import OuterRef, Q, QuerySet, Subquery

from games.models import League, Rating, Seat, Table
from games.standings.rating import Match, MatchSide, RatingAfter, Replay, Skill

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
    seats = _finished_seats(league).filter(table=changed)
    match = _match(changed.pk, seats.values_list("player_id", "team", "place"))
    players = [player for side in match.sides for player in side.players]
    rows: list[Rating] = []
    for scope in (ALL_GAMES, changed.game):
        start = _current_skills(league, scope, players)
        rows.extend(
            _row(league, scope, after, changed.finished_at) for after in Replay(start).rate(match)
        )
    Rating.objects.bulk_create(rows)


# How many ratings a replay holds before it writes them (a model object is about half a KB).
_WRITE_EVERY = 200


def league_ratings_replay(league: League) -> None:
    """Rate all of the league's finished tables again, from scratch.

    The tables are read, rated and written a batch at a time, so a league's replay takes the
    same memory whatever its size (a restored archive's is rated once, at its end).
    """
    Rating.objects.filter(league=league).delete()
    scopes: dict[str, Replay] = {ALL_GAMES: Replay()}
    rows: list[Rating] = []
    seats = _finished_seats(league).values_list(
        "table_id", "table__game", "table__finished_at", "player_id", "team", "place"
    )
    for (table_id, game, finished_at), table_seats in groupby(
        seats.iterator(chunk_size=2000), key=itemgetter(0, 1, 2)
    ):
        match = _match(table_id, (seat[3:] for seat in table_seats))
        for scope in (ALL_GAMES, game):
            rows.extend(
                _row(league, scope, after, finished_at)
                for after in scopes.setdefault(scope, Replay()).rate(match)
            )
        if len(rows) >= _WRITE_EVERY:
            Rating.objects.bulk_create(rows)
            rows.clear()
    Rating.objects.bulk_create(rows)


def _finished_seats(league: League) -> QuerySet[Seat]:
    return Seat.objects.filter(
        table__league=league,
        table__finished_at__isnull=False,
        table__game__in=league.games,
        table__deleted_at__isnull=True,
    ).order_by("table__finished_at", "table_id", "position")


def _match(table_id: int, seats: Iterable[tuple[int, str, int | None]]) -> Match:
    """A table's match: its sides (a team, or a single player) with their places."""
    sides: dict[str, tuple[list[int], int]] = {}
    for player_id, team, place in seats:
        assert place is not None  # finishing a table places every seat
        sides.setdefault(team or f"#{player_id}", ([], place))[0].append(player_id)
    return Match(
        table_id, tuple(MatchSide(tuple(players), place) for players, place in sides.values())
    )


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


def _row(league: League, scope: str, after: RatingAfter, finished_at: datetime) -> Rating:
    return Rating(
        league=league,
        scope=scope,
        table_id=after.match,
        finished_at=finished_at,
        player_id=after.player,
        mu=after.skill.mu,
        sigma=after.skill.sigma,
    )
