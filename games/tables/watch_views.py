"""A table for whoever holds its watch link (no account, no forms), and the big-type view
for the phone lying in the middle of the table."""

from __future__ import annotations

from collections.abc import Callable

from django.http import (
    HttpResponse,
)
from django.shortcuts import render
from django.views.decorators.http import (
    require_GET,
)

from games.hands.base import whole_number
from games.http import HtmxHttpRequest
from games.models import Role, Table
from games.tables import access
from games.tables.page import TablePage, render_get, render_live, scoreboard_context


@require_GET
def table_watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table's scoreboard and hands for whoever holds its watch link: no account, no
    forms."""
    if request.GET.get("part") == "live":
        return render_live(
            request,
            access.table_version_watched(token),
            lambda: TablePage.load(access.table_watched(token), can_score=False, watching=True),
        )
    page = TablePage.load(access.table_watched(token), can_score=False, watching=True)
    return render_get(request, page)


@require_GET
def table_big(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """The table in big type, for the phone lying in the middle of the table."""
    return _render_big(
        request,
        lambda: access.table_version_for(request, table),
        lambda: access.table_for(request, table, Role.VIEWER),
    )


@require_GET
def table_watch_big(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The big-type view for whoever holds the watch link: no account, no forms."""
    return _render_big(
        request,
        lambda: access.table_version_watched(token),
        lambda: access.table_watched(token),
        watching=True,
    )


def _render_big(
    request: HtmxHttpRequest,
    version: Callable[[], int],
    load: Callable[[], Table],
    *,
    watching: bool = False,
) -> HttpResponse:
    """The whole page, or for htmx (its poll every few seconds) the scoreboard alone. The poll
    sends the version it shows (``?since=``): while the table is still at it the answer is an
    empty 204, which htmx does not swap, after one query for the version, so a phone left on
    the table costs little and its screen does not redraw for nothing."""
    since = request.GET.get("since", "")
    if request.htmx and whole_number(since) == version():
        return HttpResponse(status=204)
    page = TablePage.load(load(), can_score=False, watching=watching)
    context = scoreboard_context(page)
    sides = page.setup.sides
    rows = context["scoreboard"].rows
    context.update(
        {
            "table": page.table,
            "watching": page.watching,
            # Each side keeps its seat's colour even where the game ranks the rows (Swoops).
            "big_rows": [
                (row, sides.index(row.side) if row.side in sides else shown)
                for shown, row in enumerate(rows)
            ],
            "big_wide": max(len(row.total) for row in rows) > 5,
            "big_url": request.path,
        }
    )
    template = "tables/table_big.html"
    if request.htmx:
        template += "#big-scoreboard"
    return render(request, template, context)
