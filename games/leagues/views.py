"""Leagues, their standings and seasons, and player profiles."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import date
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.formats import date_format, get_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import ratelimit
from games.clubs import access as club_access
from games.hands.base import posted_version
from games.http import HtmxHttpRequest, acting_user
from games.leagues import access, selectors, services, stamp
from games.leagues.forms import LeagueForm, SeasonForm
from games.leagues.selectors import SkillBoard
from games.leagues.standings import (
    PHONE_COLUMNS,
    RATING,
    Column,
    Standing,
    columns_for,
    columns_on_screen,
    league_standings,
    mark_less_certain,
    sort_standings,
)
from games.models import League, Player, Role, Season
from games.problems import CONFLICT, UNPROCESSABLE, add_problems
from games.scoring import GAMES, EntryError
from games.standings.charts import LineChart, Series, line_chart
from games.standings.rating import Skill
from games.standings.stats import ranked_companions

# -- the list of leagues, and a new one ---------------------------------------------------------


@require_http_methods(["GET", "POST"])
def league_list(request: HtmxHttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid():
        try:
            ratelimit.check(request, "league")
            club = club_access.club_for_new(request)
            league = services.league_create(
                club=club, by=acting_user(request), **form.league_fields()
            )
        except ratelimit.RateLimited as error:
            refused = error
        except EntryError as error:
            add_problems(form, error)
        else:
            return redirect("games:league", league=league.public_id)
    leagues = selectors.leagues_with_counts(club_access.club_ids(request.user))
    context = {"leagues": leagues, "form": form, "clubs": club_access.clubs_of(request.user)}
    if refused is not None:
        return ratelimit.refused_form(request, "leagues/league_list.html", context, refused)
    status = UNPROCESSABLE if form.is_bound else 200
    return render(request, "leagues/league_list.html", context, status=status)


@dataclass
class _Scope:
    """Which standings a request asks for: season, game and order, read leniently from the URL
    so an old or edited link still shows something sensible."""

    league: League
    seasons: list[Season]
    season: Season | None
    game: str | None
    columns: tuple[Column, ...]
    sort: Column
    descending: bool

    @classmethod
    def read(cls, league: League, query: QueryDict) -> _Scope:
        seasons = selectors.league_seasons(league)
        season = next((s for s in seasons if s.public_id == query.get("season")), None)
        game = query.get("game")
        if game not in league.games:
            game = league.games[0] if len(league.games) == 1 else None
        columns = columns_for(game)
        sort = next((column for column in columns if column.key == query.get("sort")), RATING)
        direction = query.get("dir")
        descending = direction == "desc" if direction in ("asc", "desc") else not sort.ascending
        return cls(league, seasons, season, game, columns, sort, descending)

    def query(self, **changes: str) -> str:
        params = {
            "season": self.season.public_id if self.season else "",
            "game": self.game or "",
            "sort": self.sort.key if self.sort is not RATING else "",
            "dir": "",
        }
        params.update(changes)
        kept = {key: value for key, value in params.items() if value not in ("", None)}
        return f"?{urlencode(kept)}" if kept else "?"

    def standings(self) -> tuple[list[Standing], SkillBoard, dict[int, str]]:
        """The lines in order, the ratings, and each player's public id for their link."""
        seats = selectors.league_seats(self.league, self.season, self.game)
        public_ids: dict[int, str] = {}
        rows = [row for _game, row in selectors.standing_rows(seats, public_ids=public_ids)]
        board = selectors.league_skills(
            self.league, self.game or "", self.season.ends_on if self.season else None
        )
        lines = league_standings(rows, board)
        if self.sort is RATING:
            mark_less_certain(lines)
        return sort_standings(lines, self.sort, self.descending), board, public_ids

    @property
    def screen_columns(self) -> tuple[Column, ...]:
        return columns_on_screen(self.game)

    def headers(self) -> list[dict[str, object]]:
        """Each column's header: a link that sorts by it, best first, then the other way."""
        headers = []
        for column in self.screen_columns:
            current = column is self.sort
            best_first = not column.ascending
            descending = not self.descending if current else best_first
            headers.append(
                {
                    "column": column,
                    "url": self.query(sort=column.key, dir="desc" if descending else "asc"),
                    "aria_sort": (
                        ("descending" if self.descending else "ascending") if current else ""
                    ),
                }
            )
        return headers


@require_GET
def league_detail(request: HtmxHttpRequest, league: str) -> HttpResponse:
    found = access.league_for(request, league)
    return stamp.standings_page(
        request, found, lambda key, csrf: _league_page(request, found, key, csrf)
    )


def _league_page(
    request: HtmxHttpRequest, league: League, stored_as: str, csrf_token: str | None = None
) -> HttpResponse:
    """The page; its standings and latest results as rendered for the same league data,
    scope, language and day (``stored_as``, the stored copies' key) when another request
    rendered them already. The rest (the account's header, the forms' tokens) is the
    viewer's own, rendered every time."""
    # Read only when a part is rendered: a stored part was stored under the query itself.
    scope = functools.cache(lambda: _Scope.read(league, request.GET))
    template = "leagues/league_detail.html"
    standings = stamp.stored_part(
        f"{stored_as}#standings",
        lambda: render_to_string(f"{template}#standings", _standings_context(league, scope())),
    )
    if request.htmx:
        return HttpResponse(standings)
    latest = stamp.stored_part(
        f"{stored_as}#latest",
        lambda: render_to_string(
            f"{template}#latest",
            {"recent": selectors.league_recent_tables(league, scope().game, scope().season)},
        ),
    )
    context = {
        "league": league,
        # Rendered (and escaped) by the template's own partials.
        "standings": mark_safe(standings),
        "latest": mark_safe(latest),
        # "Settle up tonight" where the league counts a game played for money.
        "settles_money": any(GAMES[key].plays_for_money for key in league.games if key in GAMES),
    }
    if csrf_token is not None:
        # What the page's forms carry instead of the request's token (stamp.standings_page).
        context["csrf_token"] = csrf_token
    return render(request, template, context)


def _standings_context(league: League, scope: _Scope) -> dict[str, object]:
    """What the standings show: the same for every viewer of the league in one language."""
    lines, board, public_ids = scope.standings()
    return {
        "league": league,
        "scope": scope,
        "scope_query": scope.query(),
        "board_last_session": board.last_session,
        "less_certain": any(line.less_certain for line in lines),
        "lines": lines,
        "player_ids": public_ids,
        "rows": [
            {
                "line": line,
                "cells": [(column.key, column.text(line)) for column in scope.screen_columns],
            }
            for line in lines
        ],
        "headers": scope.headers(),
        "phone_columns": PHONE_COLUMNS,
        "season_links": [
            {"label": _("All time"), "url": scope.query(season=""), "current": not scope.season}
        ]
        + [
            {
                "label": season.name,
                "url": scope.query(season=season.public_id),
                "current": season == scope.season,
            }
            for season in scope.seasons
        ],
        "game_links": _game_links(league, scope),
        "game_name": _(GAMES[scope.game].name) if scope.game else "",
    }


def _player_ids(club_id: int, pks: list[int]) -> dict[int, str]:
    """The public ids of the club's players with these pks, for their links."""
    return selectors.player_public_ids(club_id, pks)


def _game_links(league: League, scope: _Scope) -> list[dict[str, object]]:
    """ "All games" and each game the league counts; nothing to pick when it counts one."""
    if len(league.games) < 2:
        return []
    links = [{"label": _("All games"), "url": scope.query(game="", sort=""), "current": False}]
    links += [
        {"label": _(GAMES[key].name), "url": scope.query(game=key, sort=""), "current": False}
        for key in league.games
        if key in GAMES
    ]
    keys = ["", *league.games]
    for key, link in zip(keys, links, strict=False):
        link["current"] = key == (scope.game or "")
    return links


@require_http_methods(["GET", "POST"])
def league_edit(request: HtmxHttpRequest, league: str) -> HttpResponse:
    found = access.league_for(request, league, Role.SCORER)
    if request.method == "POST":
        form = LeagueForm(request.POST)
        if form.is_valid():
            try:
                services.league_update(
                    found,
                    version=posted_version(request.POST, "league_version"),
                    by=acting_user(request),
                    **form.league_fields(),
                )
            except services.StaleLeague as stale:
                # The league as it is now, and the change kept, to save again over it.
                data = request.POST.copy()
                data["league_version"] = str(stale.league.version)
                return _render_league_edit(
                    request,
                    stale.league,
                    LeagueForm(data),
                    SeasonForm(),
                    status=CONFLICT,
                    stale=True,
                )
            except EntryError as error:
                add_problems(form, error)
            else:
                return redirect("games:league", league=found.public_id)
        return _render_league_edit(request, found, form, SeasonForm(), status=UNPROCESSABLE)
    return _render_league_edit(request, found, LeagueForm.for_league(found), SeasonForm())


def _render_league_edit(
    request: HtmxHttpRequest,
    league: League,
    form: LeagueForm,
    season_form: SeasonForm,
    status: int = 200,
    stale: bool = False,
) -> HttpResponse:
    context = {
        "league": league,
        "league_version": league.version,
        "stale": stale,
        "league_now": ", ".join(
            [league.name, *league.game_names, *selectors.league_member_names(league)]
        )
        if stale
        else "",
        "form": form,
        "season_form": season_form,
        "seasons": selectors.league_seasons(league),
    }
    return render(request, "leagues/league_edit.html", context, status=status)


@require_POST
def season_new(request: HtmxHttpRequest, league: str) -> HttpResponse:
    found = access.league_for(request, league, Role.SCORER)
    season_form = SeasonForm(request.POST)
    if season_form.is_valid():
        try:
            services.season_create(
                league=found, by=acting_user(request), **season_form.cleaned_data
            )
        except EntryError as error:
            add_problems(season_form, error)
        else:
            return redirect("games:league_edit", league=found.public_id)
    league_ = found
    form = LeagueForm.for_league(league_)
    return _render_league_edit(request, league_, form, season_form, status=UNPROCESSABLE)


@require_POST
def season_delete(request: HtmxHttpRequest, league: str, season: str) -> HttpResponse:
    found = access.league_for(request, league, Role.SCORER)
    gone = selectors.league_season(found, season)
    if gone is None:
        # A second tap, or another phone was first: the season is gone either way.
        messages.info(request, _("That season was already deleted."))
    else:
        services.season_delete(gone, by=acting_user(request))
    return redirect("games:league_edit", league=league)


@require_GET
def player_detail(request: HtmxHttpRequest, player: str) -> HttpResponse:
    """Everything a player has played: per-game figures, rating over time in each league,
    best partners and toughest opponents, and every table, newest first, a page at a time."""
    player_ = access.player_for(request, player)
    return _player_page(request, player_)


def _player_page(request: HtmxHttpRequest, player: Player) -> HttpResponse:
    partners, opponents = ranked_companions(selectors.player_companion_tallies(player))
    history = selectors.player_rating_history(player)
    # By the ids the history names: joining the ratings would bring one league per rating.
    leagues = selectors.leagues_by_pk({league_id for league_id, _day, _skill in history})
    tables = Paginator(selectors.player_tables(player), TABLES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {
        "player": player,
        "per_game": _per_game(player),
        "partners": partners[:5],
        "player_ids": _player_ids(
            player.club_id, [other.player for other in (*partners[:5], *opponents[:5])]
        ),
        "opponents": opponents[:5],
        "rating_charts": _rating_charts(history, leagues),
        "tables": tables,
    }
    return render(request, "leagues/player_detail.html", context)


TABLES_PER_PAGE = 20


def _per_game(player: Player) -> list[dict[str, Any]]:  # a template's context
    """One block per game the player finished, with that game's own measures."""
    rows = dict(selectors.standing_rows(selectors.player_finished_seats(player), by_game=True))
    blocks = []
    for key, game in GAMES.items():
        if key not in rows:
            continue
        line = Standing(rows[key], None, None)
        blocks.append(
            {
                "game": _(game.name),
                # A profile's boxes have room for a short label in full ("Wins", not "W").
                "figures": [
                    (
                        column.label,
                        column.label if len(column.label) <= 16 else column.short,
                        column.text(line),
                    )
                    for column in columns_for(key)
                    if column is not RATING
                ],
            }
        )
    return blocks


def _rating_charts(
    history: list[tuple[int, date, Skill]], leagues: dict[int, League]
) -> list[LineChart]:
    """Per league, the rating (± its uncertainty) at the end of each session the player
    played, across all of the league's games."""
    by_league: dict[int, dict[date, Skill]] = {}
    for league_id, day, skill in history:
        by_league.setdefault(league_id, {})[day] = skill
    charts = []
    for index, (league_id, sessions) in enumerate(by_league.items()):
        league = leagues.get(league_id)
        if league is None or len(sessions) < 2:
            continue
        skills = list(sessions.values())
        charts.append(
            line_chart(
                title=_("Rating in %(league)s") % {"league": league.name},
                x_labels=[date_format(day, "SHORT_DATE_FORMAT") for day in sessions],
                x_heading=_("Session"),
                series=[
                    Series(
                        _("Rating"),
                        tuple(skill.mu for skill in skills),
                        band=tuple(
                            (skill.mu - skill.sigma, skill.mu + skill.sigma) for skill in skills
                        ),
                    )
                ],
                dom_id=f"rating-{index}",
                decimals=1,
                decimal_separator=get_format("DECIMAL_SEPARATOR"),
            )
        )
    return charts
