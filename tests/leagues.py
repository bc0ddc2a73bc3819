"""Builders for league tests: finished tables of every game, at a chosen moment."""

from __future__ import annotations

from datetime import datetime
from unittest import mock

from django.utils import timezone

from games.leagues import services as league_services
from games.models import League, Table
from games.scoring import GAMES
from games.tables import services as table_services
from tests.clubs import home_club
from tests.kits import kit_for

ALL_GAMES = list(GAMES)


def at(day: str, hour: int = 21) -> datetime:
    """An aware moment on a day ("2026-03-14") in the current time zone."""
    return timezone.make_aware(datetime.fromisoformat(f"{day}T{hour:02d}:00"))


def league(name: str = "Club", games: list[str] | None = None, **kwargs: object) -> League:
    return league_services.league_create(
        club=home_club(), name=name, games=games or ALL_GAMES, **kwargs
    )  # type: ignore[arg-type]


def season(club: League, name: str, starts: str, ends: str) -> None:
    league_services.season_create(
        league=club, name=name, starts_on=at(starts).date(), ends_on=at(ends).date()
    )


def finished(
    game: str,
    players: list[str],
    winner: str,
    *,
    league: League | None = None,
    when: datetime | None = None,
    options: dict[str, object] | None = None,
) -> Table:
    """A table of ``game`` played to its end with points entries (its test kit's
    ``winning_entries``), ``winner`` winning; it finishes at ``when`` (the services read the
    clock there). Where the players end the game, they stop it after those entries."""
    moment = when or timezone.now()
    with mock.patch("django.utils.timezone.now", return_value=moment):
        table = table_services.table_create(
            club=home_club(), game=game, players=players, league=league, options=options
        )
        setup = table.setup()
        for entry in kit_for(game).winning_entries(setup, setup.side_of(winner)):
            table_services.round_record(table, entry)
        if GAMES[game].ends_when_players_stop:
            table_services.table_stop(table)
    table.refresh_from_db()
    assert table.is_finished, table
    return table
