"""The table page: one view per interaction, all at the table's one address and all built on
one page builder (``page.TablePage``).

``table`` sends each request to its view: the page (and its parts: the chart, older hands),
the live poll, the preview on every tap, a game's shortcut button, and saving a hand. Each
serves the whole page without JavaScript and, for htmx, only the fragment that changed;
invalid input answers 422 with the form and its errors and saves nothing, and a save from a
page that is out of date answers 409 (``conflicts``).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from games.hands.base import posted_token, posted_version
from games.http import HtmxHttpRequest, acting_user
from games.models import Role
from games.problems import UNPROCESSABLE, add_problems
from games.scoring import EntryError
from games.tables import access, selectors, services
from games.tables.conflicts import refuse_stale_record
from games.tables.page import TablePage, render_get, render_live, render_table
from games.tables.recorded import render_recorded
from games.tables.write_path import StaleWrite


@require_http_methods(["GET", "POST"])
def table(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """The table's address: sends each interaction to its view. A POST needs the scorer role;
    ``action=preview`` previews, a game's shortcut button (such as "All remaining cards to
    X") fills the form in, anything else saves the hand. A GET with ``?part=live`` is the
    poll; any other GET shows the page (or, with ``?part=``, a part of it)."""
    if request.method == "POST":
        page = TablePage.for_request(request, table, Role.SCORER)
        if request.POST.get("action") == "preview":
            return hand_preview(request, page)
        shortcut = page.ui.shortcut(request.POST)
        if shortcut is not None:
            return hand_shortcut(request, page, shortcut)
        return hand_save(request, page)
    if request.GET.get("part") == "live":
        return table_poll(request, table)
    return table_page(request, TablePage.for_request(request, table, Role.VIEWER))


def table_page(request: HtmxHttpRequest, page: TablePage) -> HttpResponse:
    """The scoreboard, the hand entry and the history; ``?part=chart`` or
    ``?part=history&before=N`` renders that part alone."""
    return render_get(request, page)


def table_poll(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """The page's poll every few seconds: 304 while the table is at the version it shows."""
    return render_live(
        request,
        access.table_version_for(request, table),
        lambda: TablePage.for_request(request, table, Role.VIEWER),
    )


def hand_preview(request: HtmxHttpRequest, page: TablePage) -> HttpResponse:
    """What the hand being entered would score, on every change (htmx): the preview alone."""
    preview = page.form(request.POST)
    return render(request, f"{page.ui.template}#preview", page.hand_context(preview))


def hand_shortcut(request: HtmxHttpRequest, page: TablePage, filled_in: QueryDict) -> HttpResponse:
    """A game's shortcut button: the hand entry again, filled in as the button says."""
    return render_table(request, page, page.form(filled_in), fragment="record", target="#record")


def hand_save(request: HtmxHttpRequest, page: TablePage) -> HttpResponse:
    """Record the hand: once per form (``hand_token``), and only if the table is still at the
    version the form was rendered at (``table_version``; 409 otherwise). With htmx, a
    recorded hand answers with only what changed (``render_recorded``).

    A hand the game's reader takes as posted (``TablePage.posted_entry``) is stored without
    building the form, which is built only to say what is wrong with a hand."""
    data = request.POST
    version = posted_version(data)
    token = posted_token(data)
    # A retry of a save that went through answers as that save did, whatever came after it.
    # At the table's version no hand can have the token yet (storing one bumps the version);
    # round_record looks again under the lock all the same.
    already = (
        selectors.hand_with_token(page.table, token)
        if token and version != page.table.version
        else None
    )
    if already is None and version != page.table.version:
        return refuse_stale_record(request, page, version)
    recorded = None
    form = None
    if already is None:
        entry = page.posted_entry(data)
        if entry is None:
            form = page.form(data)
            entry = form.entry() if form.is_valid() else None
        if entry is not None:
            try:
                recorded = services.round_record(
                    page.table,
                    entry,
                    version=version,
                    token=token,
                    by=acting_user(request),
                    hands=page.hands_if_read,
                    hands_version=page.table.version,
                    setup=page.setup,
                )
            except StaleWrite as stale:
                return refuse_stale_record(request, page, version, stale)
            except EntryError as error:
                # Nothing was stored: the form says what is wrong (it scores the hand too), or
                # takes it and is given the problems the earlier hands made of it.
                form = form or page.form(data)
                if form.is_valid():
                    add_problems(form, error)
    done = recorded or already
    if done is not None and not request.htmx:
        messages.success(request, str(page.ui.round_words.recorded) % {"number": done.number})
        return redirect("games:table", table=page.table.public_id)
    if recorded is not None and recorded.points_scored is None:
        already = recorded  # stored by the same form meanwhile, found under the lock
    elif recorded is not None:
        return render_recorded(request, page, recorded, data)
    if already is not None:
        page = page.reload()
        return render_table(request, page, page.form(), recorded=already, fragment="table-main")
    form = form or page.form(data)
    if page.table.is_finished:
        # A hand sent after the game ended: the page as it is now says why it was not saved.
        return render_table(request, page, form, status=UNPROCESSABLE, fragment="table-main")
    # Only the hand entry, with the problems: nothing else on the page changed.
    return render_table(
        request, page, form, status=UNPROCESSABLE, fragment="record", target="#record"
    )


@require_GET
def table_export(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """The table as a scoresheet JSON download (docs/scoresheet.md). A table link opens it too:
    it holds no more than the table's page shows, and a phone scoring the table offline keeps
    it (static/js/pending-scores.js)."""
    found = access.table_for(request, table, by_link=True)
    document = selectors.table_scoresheet(found)
    response = JsonResponse(document, json_dumps_params={"indent": 2, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{found.game}-{table}.json"'
    return response
