"""Every write to a league and its seasons: atomic, validated, all or nothing; counting other
games rates the league again."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from games.clubs.services import (
    NAME_TOO_LONG,
    club_log,
    create_unique,
    named,
    others,
    player_get_or_create,
    too_long,
)
from games.leagues import ratings
from games.models import (
    CURRENCY_CHOICES,
    Club,
    ClubChange,
    League,
    Player,
    Season,
)
from games.scoring import (
    GAMES,
    EntryError,
)
from games.scoring.errors import Problem, problem, raise_if_any
from games.scoring.i18n import gettext_noop


def _league_taken(name: str) -> Problem:
    return problem(gettext_noop("there is already a league called {name}"), "name", name=name)


def _league_check(
    club: Club,
    name: str,
    games: Sequence[str],
    members: Sequence[str],
    currency: str,
    exclude: int | None = None,
) -> None:
    problems: list[Problem] = []
    if not name.strip():
        problems.append(problem(gettext_noop("a league needs a name"), "name"))
    elif others(League.objects.filter(named(name.strip()), club=club), exclude).exists():
        problems.append(_league_taken(name))
    problems.extend(too_long([name.strip()], League, "name", NAME_TOO_LONG, "name"))
    problems.extend(
        too_long([member.strip() for member in members], Player, "name", NAME_TOO_LONG, "members")
    )
    if not games:
        problems.append(problem(gettext_noop("a league counts at least one game"), "games"))
    if currency not in dict(CURRENCY_CHOICES):
        problems.append(
            problem(gettext_noop("unknown currency {currency}"), "currency", currency=currency)
        )
    problems.extend(
        problem(gettext_noop("unknown game {game}"), "games", game=game)
        for game in games
        if game not in GAMES
    )
    raise_if_any(problems)


@transaction.atomic
def league_create(
    *,
    club: Club,
    name: str,
    games: Sequence[str],
    members: Sequence[str] = (),
    currency: str = "EUR",
    by: User | None = None,
) -> League:
    _league_check(club, name, games, members, currency)
    league = create_unique(
        League,
        _league_taken(name),
        club=club,
        name=name.strip(),
        games=_in_registry_order(games),
        currency=currency,
    )
    league.members.add(*(player_get_or_create(member, club=club) for member in members))
    club_log(club, ClubChange.Kind.LEAGUE_CREATED, league.name, by=by, after=_league_state(league))
    return league


def _league_state(league: League) -> dict[str, object]:
    return {
        "name": league.name,
        "games": list(league.games),
        "members": sorted(player.name for player in league.members.all()),
        "currency": league.currency,
    }


class StaleLeague(Exception):
    """An edit from a form rendered before another edit of the league: nothing was stored.
    ``league`` is the league as it is now."""

    def __init__(self, league: League) -> None:
        super().__init__(f"league {league.pk} is at version {league.version}")
        self.league = league


@transaction.atomic
def league_update(
    league: League,
    *,
    name: str,
    games: Sequence[str],
    members: Sequence[str],
    currency: str | None = None,
    version: int | None = None,
    by: User | None = None,
) -> League:
    """Rename a league, change what it counts and who belongs; counting other games rates the
    league again, since every rating depends on the tables before it. ``version`` is the one
    the form was rendered at: StaleLeague if another edit came first (None skips the check)."""
    league = League.objects.select_for_update().get(pk=league.pk)
    if version is not None and version != league.version:
        raise StaleLeague(league)
    currency = league.currency if currency is None else currency
    _league_check(league.club, name, games, members, currency, exclude=league.pk)
    before = _league_state(league)
    counted = _in_registry_order(games)
    games_changed = counted != league.games
    stored = league.name, league.games, league.currency
    league.name = name.strip()
    league.games = counted
    league.currency = currency
    league.version += 1
    try:
        with transaction.atomic():
            league.save(update_fields=["name", "games", "currency", "version"])
    except IntegrityError:
        # Another phone took the name first; the page shows the league as it still is.
        league.name, league.games, league.currency = stored
        league.version -= 1
        raise EntryError([_league_taken(name)]) from None
    league.members.set([player_get_or_create(member, club=league.club) for member in members])
    if games_changed:
        ratings.league_ratings_replay(league)
    club_log(
        league.club,
        ClubChange.Kind.LEAGUE_EDITED,
        league.name,
        by=by,
        before=before,
        after=_league_state(league),
    )
    return league


def _in_registry_order(games: Sequence[str]) -> list[str]:
    return [key for key in GAMES if key in games]


@transaction.atomic
def season_create(
    *, league: League, name: str, starts_on: date, ends_on: date, by: User | None = None
) -> Season:
    problems: list[Problem] = []
    if ends_on < starts_on:
        problems.append(problem(gettext_noop("a season cannot end before it starts"), "ends_on"))
    taken = problem(
        gettext_noop("{league} already has a season called {name}"),
        "name",
        league=league.name,
        name=name,
    )
    if league.seasons.filter(named(name.strip())).exists():
        problems.append(taken)
    problems.extend(too_long([name.strip()], Season, "name", NAME_TOO_LONG, "name"))
    raise_if_any(problems)
    season = create_unique(
        Season, taken, league=league, name=name.strip(), starts_on=starts_on, ends_on=ends_on
    )
    club_log(
        league.club,
        ClubChange.Kind.SEASON_CREATED,
        f"{league.name}: {season.name}",
        by=by,
        after=_season_state(season),
    )
    return season


def _season_state(season: Season) -> dict[str, object]:
    return {
        "name": season.name,
        "starts_on": str(season.starts_on),
        "ends_on": str(season.ends_on),
    }


@transaction.atomic
def season_delete(season: Season, *, by: User | None = None) -> None:
    """A season is only a date range: deleting it loses no table and no result."""
    league = season.league
    before = _season_state(season)
    season.delete()
    club_log(
        league.club,
        ClubChange.Kind.SEASON_DELETED,
        f"{league.name}: {before['name']}",
        by=by,
        before=before,
    )
