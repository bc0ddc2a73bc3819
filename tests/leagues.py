"""Builders for league tests: finished tables of every game, at a chosen moment."""

from __future__ import annotations

from datetime import datetime
from unittest import mock

from django.utils import timezone

from games import services
from games.models import League, Table
from games.scoring import GAMES
from tests.clubs import home_club

ALL_GAMES = list(GAMES)


def at(day: str, hour: int = 21) -> datetime:
    """An aware moment on a day ("2026-03-14") in the current time zone."""
    return timezone.make_aware(datetime.fromisoformat(f"{day}T{hour:02d}:00"))


def league(name: str = "Club", games: list[str] | None = None, **kwargs: object) -> League:
    return services.league_create(club=home_club(), name=name, games=games or ALL_GAMES, **kwargs)  # type: ignore[arg-type]


def season(club: League, name: str, starts: str, ends: str) -> None:
    services.season_create(
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
    """A table of ``game`` played to its end with points entries, ``winner`` winning; it
    finishes at ``when`` (the services read the clock there)."""
    moment = when or timezone.now()
    with mock.patch("django.utils.timezone.now", return_value=moment):
        table = services.table_create(
            club=home_club(), game=game, players=players, league=league, options=options
        )
        for entry in _winning_entries(game, table, winner):
            services.round_record(table, entry)
        if game == "schafkopf":
            services.table_stop(table)
    table.refresh_from_db()
    assert table.is_finished, table
    return table


def _winning_entries(game: str, table: Table, winner: str) -> list[dict[str, object]]:
    setup = table.setup()
    sides = list(setup.sides)
    winning_side = setup.side_of(winner)
    if game in ("scopa", "scopone", "pirate-scopa"):
        return [{"points": {side: 11 if side == winning_side else 3 for side in sides}}]
    if game == "swoops":
        # Someone passes 150; the winner holds nothing.
        loser = next(side for side in sides if side != winning_side)
        points = {side: 0 if side == winning_side else 20 for side in sides}
        points[loser] = 151
        return [{"points": points}]
    if game == "schafkopf":
        points = {side: -10 for side in sides}
        points[winning_side] = 10 * (len(sides) - 1)
        return [{"points": points}]
    if game == "ciapano":
        # Everyone else takes all 11 points in turn, three deals each, until out.
        entries = []
        for loser in (side for side in sides if side != winning_side):
            for _ in range(3):
                entries.append({"points": {side: 11 if side == loser else 0 for side in sides}})
        return _only_active(entries, sides)
    if game == "briscola":
        # Best of 3: two deals of all 120 card points.
        deal = {"points": {side: 120 if side == winning_side else 0 for side in sides}}
        return [deal, deal]
    raise AssertionError(game)


def _only_active(entries: list[dict[str, object]], sides: list[str]) -> list[dict[str, object]]:
    """Ciapanò deals leave out whoever is already out."""
    out: set[str] = set()
    totals = dict.fromkeys(sides, 0)
    kept = []
    for entry in entries:
        points = {side: value for side, value in entry["points"].items() if side not in out}  # type: ignore[union-attr]
        kept.append({"points": points})
        for side, value in points.items():
            totals[side] += value
            if totals[side] >= 31:
                out.add(side)
    return kept
