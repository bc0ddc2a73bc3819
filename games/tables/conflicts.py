"""Every answer to a write from a page that is out of date (409), in one place.

A write carries the table's version its page was rendered at; the write path refuses it
(``write_path.StaleWrite``) when another write came first, and nothing is stored. The phone
then gets the table as it is now, what changed in words, and a choice: a hand or an edit
kept filled in (``refuse_stale_record``, ``refuse_stale_edit``), or a button's write offered
again (``refuses_stale_writes``, which the button views wear). A restore from a club's trash
listed before the table was restored and deleted again gets the club's page
(``refuse_stale_restore``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Concatenate, ParamSpec

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from games.clubs.views import club_page_stale
from games.hands import BaseHandForm
from games.http import HtmxHttpRequest
from games.models import Table
from games.problems import CONFLICT
from games.tables.changes import Conflict, change_lines
from games.tables.page import TablePage, render_table
from games.tables.write_path import StaleWrite, changes_since

Params = ParamSpec("Params")
ButtonView = Callable[Concatenate[HtmxHttpRequest, Params], HttpResponse]


def refuse_stale_record(
    request: HtmxHttpRequest,
    page: TablePage,
    version: int,
    stale: StaleWrite | None = None,
) -> HttpResponse:
    """409 for a new hand from an out-of-date page: the table as it is now, what changed, and
    the hand kept filled in, ready to record as the next hand (same token) or to discard."""
    page = page.reload()
    changes = stale.changes if stale else changes_since(page.table, version)
    data = request.POST.copy()
    data["table_version"] = str(page.table.version)
    form = page.form(data)
    table_url = reverse("games:table", kwargs={"table": page.table.public_id})
    words = page.ui.round_words
    if page.table.is_finished or page.table.is_abandoned:
        conflict = Conflict(
            change_lines(page.table, changes),
            str(words.abandoned) if page.table.is_abandoned else str(words.game_over),
            "",
            _("Back to the table"),
            table_url,
        )
    else:
        conflict = Conflict(
            change_lines(page.table, changes),
            str(words.kept),
            str(words.record_mine) % {"number": len(page.hands) + 1},
            _("Discard mine"),
            table_url,
        )
    return render_table(
        request, page, form, status=CONFLICT, fragment="table-main", conflict=conflict
    )


def refuse_stale_edit(
    request: HtmxHttpRequest, page: TablePage, stale: StaleWrite, number: int
) -> tuple[BaseHandForm, Conflict]:
    """For a hand's edit from an out-of-date page: the edit kept filled in on the hand as it is
    now (hand ``number``), and what changed, to apply it anyway or discard it. The edit page
    renders them with 409."""
    data = request.POST.copy()
    data["table_version"] = str(page.table.version)
    form = page.form(data, before=number)
    conflict = Conflict(
        change_lines(page.table, stale.changes),
        _("Your change is still filled in below."),
        str(page.ui.round_words.apply_mine) % {"number": number},
        _("Discard my change"),
        reverse("games:table", kwargs={"table": page.table.public_id}) + "#history",
    )
    return form, conflict


def refuse_stale_table_write(
    request: HtmxHttpRequest, stale: StaleWrite, retry_label: str = "", retry_url: str = ""
) -> HttpResponse:
    """409 for a button's write (delete a hand, end or take up the evening) from an
    out-of-date page: the table as it is now, what changed, and the write offered again
    (``retry_url``; none when there is nothing left to do it to)."""
    page = TablePage.current(stale.table)
    table_url = reverse("games:table", kwargs={"table": page.table.public_id})
    conflict = Conflict(
        change_lines(page.table, stale.changes),
        "",
        retry_label,
        _("Leave it"),
        table_url,
        retry_url,
    )
    # A boosted form swaps the whole body: answer with the whole page.
    return render_table(request, page, page.form(), status=CONFLICT, conflict=conflict)


def refuses_stale_writes(
    retry_label: Callable[[StaleWrite], str],
) -> Callable[[ButtonView[Params]], ButtonView[Params]]:
    """A button's view whose write the write path refused as out of date answers 409 with the
    table as it is now and the same button again, posting to the same address
    (``retry_label`` names it, from the refused write)."""

    def decorate(view: ButtonView[Params]) -> ButtonView[Params]:
        def answered(
            request: HtmxHttpRequest, /, *args: Params.args, **kwargs: Params.kwargs
        ) -> HttpResponse:
            try:
                return view(request, *args, **kwargs)
            except StaleWrite as stale:
                return refuse_stale_table_write(request, stale, retry_label(stale), request.path)

        return answered

    return decorate


def refuse_stale_restore(request: HtmxHttpRequest, table: Table) -> HttpResponse:
    """409 for a restore naming a deletion that is no longer the table's: somebody restored it
    and deleted it again since the trash was listed. The club's page shows the trash as it is."""
    return club_page_stale(
        request,
        table.club,
        _("That table was restored and deleted again meanwhile; look again before restoring it."),
    )
