"""Tables as a whole: the home page's lists, starting and importing a table, and a table's
buttons (delete, abandon and take up, end and resume an evening, its watch link), and every
table of a club as one download. Every control is a plain link or form post, so the pages
work without JavaScript; invalid input re-renders the form with its errors (status 422) and
saves nothing; a button's write from a page that is out of date answers 409 (``conflicts``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.files.uploadhandler import TemporaryFileUploadHandler
from django.db import transaction
from django.http import (
    Http404,
    HttpResponse,
    StreamingHttpResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)
from django_htmx.http import HttpResponseClientRedirect

from games import ratelimit
from games.clubs import access as club_access
from games.clubs.services import TrashStale
from games.hands import hand_entry_for
from games.hands.base import posted_version
from games.http import HtmxHttpRequest, acting_user, download_filename, kept_copy
from games.leagues import selectors as league_selectors
from games.middleware import mend_post
from games.models import Club, Role, Table
from games.problems import UNPROCESSABLE, add_problems, problem_text
from games.scoring import EntryError
from games.scoring.errors import problem
from games.scoring.i18n import gettext_noop
from games.scoring.scoresheet import GameNotSupported
from games.tables import access, archive_restore, selectors, services, write_path
from games.tables.archive import encode, gzipped
from games.tables.conflicts import refuse_stale_restore, refuses_stale_writes
from games.tables.forms import ArchiveUploadForm, NewTableForm, ScoresheetUploadForm
from games.uploads import HoldsLoneSurrogate, HoldsNul, TooDeep, check_document
from games.words import label_value
from scorekeeper.limits import RefuseLargeArchives

# The session key naming the table a phone just abandoned (abandon_views): the home page it
# is sent to offers Undo for that table, once, like a message.
JUST_ABANDONED = "just_abandoned"


# HEAD too: uptime checks and link previews ask for the home page that way.
@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The tables of the visitor's clubs; a first-time visitor sees how to start one."""
    clubs = club_access.club_ids(request.user)
    scorer_clubs = _scorer_clubs(request)
    abandoned = list(selectors.tables_abandoned(clubs)[:50])
    # Shown once, on the page the player opens: a copy the phone keeps in the background
    # neither shows it nor takes it.
    just = None if kept_copy(request) else request.session.pop(JUST_ABANDONED, None)
    return render(
        request,
        "tables/home.html",
        {
            "in_progress": selectors.tables_in_progress(clubs)[:50],
            "finished": selectors.tables_finished(clubs)[:50],
            "abandoned": abandoned,
            # Found among the list just read: no query of its own.
            "just_abandoned": next((t for t in abandoned if t.public_id == just), None),
            "scorer_clubs": scorer_clubs,
            "upload_form": ScoresheetUploadForm(scorer_club_ids=scorer_clubs),
        },
    )


def _scorer_clubs(request: HtmxHttpRequest) -> list[int]:
    return club_access.club_ids(request.user, Role.SCORER)


@require_http_methods(["GET", "POST"])
def table_new(request: HtmxHttpRequest) -> HttpResponse:
    """Choose the game, the players in seat order and the options.

    Changing the game re-renders the form for that game (htmx GET with ``game``; without
    JavaScript, the "Show options" button posts ``refresh``) and keeps the names typed so far.
    """
    if request.method == "POST" and "refresh" not in request.POST:
        form = NewTableForm(request.POST, scorer_club_ids=_scorer_clubs(request))
        if form.is_valid():
            league = form.cleaned_data.get("league")
            try:
                # Before anything is saved, the guest account a first table makes included.
                ratelimit.check(request, "table")
                club = club_access.club_for_new(
                    request,
                    league.club if league else form.cleaned_data.get("club"),
                    token=form.cleaned_data.get("first_write_token") or "",
                )
            except ratelimit.RateLimited as error:
                return _render_new_table(request, form, refused=error)
            try:
                table = services.table_create(
                    club=club,
                    by=acting_user(request),
                    game=form.rules.key,
                    players=form.players(),
                    options=form.options(),
                    teams=form.setup.teams,
                    first_dealer=form.cleaned_data.get("first_dealer") or 0,
                    league=form.cleaned_data.get("league"),
                    public_id=form.cleaned_data.get("table_id") or None,
                )
            except EntryError as error:
                add_problems(form, error)
            else:
                url = reverse("games:table", kwargs={"table": table.public_id})
                if request.htmx:
                    # A new page, not a fragment: let the browser load it (and its URL).
                    return HttpResponseClientRedirect(url)
                return redirect(url)
        return _render_new_table(request, form, status=UNPROCESSABLE)
    data = request.POST if request.method == "POST" else request.GET
    form = NewTableForm.prefilled(data, scorer_club_ids=_scorer_clubs(request))
    return _render_new_table(request, form)


def _render_new_table(
    request: HtmxHttpRequest,
    form: NewTableForm,
    status: int = 200,
    refused: ratelimit.RateLimited | None = None,
) -> HttpResponse:
    template = "tables/table_new.html"
    if request.htmx:
        template += "#table-form"
    setup = getattr(form, "setup", None)
    ui = hand_entry_for(form.rules.key)
    context = {
        "form": form,
        "recent_players": selectors.recent_player_names(
            club_access.club_ids(request.user), league=form["league"].value()
        ),
        "setup_hint": ui.setup_hint(setup),
        "seating_help": ui.seating_help(form.rules),
        # How the page of a table started offline names an option chosen (offline-tables.js).
        "label_value": label_value("%(label)s", "%(value)s"),
    }
    if refused is not None:
        return ratelimit.refused_form(request, template, context, refused)
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
def table_import(request: HtmxHttpRequest) -> HttpResponse:
    """Create a table from an uploaded scoresheet: every round, or nothing.

    A JSON array of scoresheets (the "every table" export) creates all of its tables, or none.
    """
    form = ScoresheetUploadForm(
        request.POST or None, request.FILES or None, scorer_club_ids=_scorer_clubs(request)
    )
    if request.method == "POST" and form.is_valid():
        try:
            ratelimit.check(request, "import")
            document = json.load(form.cleaned_data["scoresheet"])
            # Before anything reads it: no deep nesting, no NUL (PostgreSQL stores none) and no
            # lone surrogate (no page can show one, not even the refusal naming it).
            check_document(document)
            with transaction.atomic():
                club = club_access.club_for_new(request, form.cleaned_data.get("club"))
                tables = _import_each(document, club, acting_user(request))
        except ratelimit.RateLimited as error:
            template = "tables/table_import.html"
            return ratelimit.refused_form(request, template, {"form": form}, error)
        except (RecursionError, TooDeep):
            form.add_error("scoresheet", _("This file nests too deeply to be a scoresheet."))
        except HoldsNul:
            form.add_error(
                "scoresheet", _("This file holds a NUL character, which no name or value may.")
            )
        except HoldsLoneSurrogate:
            form.add_error(
                "scoresheet",
                _(
                    "This file holds half of a UTF-16 surrogate pair (an unpaired \\ud800 to "
                    "\\udfff escape), which no name or value may."
                ),
            )
        except (ValueError, UnicodeDecodeError) as error:
            if isinstance(error, EntryError):
                add_problems(form, error)
            elif isinstance(error, GameNotSupported):
                form.add_error(None, _("%(game)s is not supported yet.") % {"game": error.game})
            else:
                form.add_error("scoresheet", _("This file is not valid JSON."))
        else:
            if len(tables) == 1:
                messages.success(request, _("Table imported."))
                return redirect("games:table", table=tables[0].public_id)
            messages.success(request, _("%(count)d tables imported.") % {"count": len(tables)})
            return redirect("games:home")
    status = UNPROCESSABLE if request.method == "POST" else 200
    return render(request, "tables/table_import.html", {"form": form}, status=status)


def _import_each(document: object, club: Club, by: User | None) -> list[Table]:
    if not isinstance(document, list):
        return [services.table_import(document, club=club, by=by)]
    if not document:
        raise ValueError("no scoresheet in the list")
    tables = []
    for number, sheet in enumerate(document, start=1):
        try:
            tables.append(services.table_import(sheet, club=club, by=by))
        except EntryError as error:
            # Which scoresheet of the file is wrong, before what is wrong with it.
            raise EntryError(
                [
                    problem(
                        gettext_noop("scoresheet {number}: {problem}"),
                        p.field,
                        number=number,
                        problem=problem_text(p),
                    )
                    for p in error.problems
                ]
            ) from None
    return tables


@require_POST
def table_watch_link(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Make a new watch link (the old one stops working) or turn it off."""
    found = access.table_for(request, table, Role.SCORER)
    on = request.POST.get("watch") != "off"
    try:
        services.watch_link_set(found, on=on, by=acting_user(request))
    except write_path.TableGone as gone:
        messages.error(request, problem_text(gone.problems[0]))
        return redirect("games:home")
    if on:
        messages.success(request, _("New watch link made; an earlier one no longer works."))
    else:
        messages.success(request, _("The watch link is off."))
    return redirect(reverse("games:table", kwargs={"table": table}) + "#share")


@require_POST
@refuses_stale_writes(lambda _stale: _("Delete the table anyway"))
def table_delete(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Delete a table started by mistake; the club's log keeps it as a scoresheet."""
    found = access.table_for(request, table, Role.SCORER)
    services.table_delete(found, version=posted_version(request.POST), by=acting_user(request))
    messages.success(request, _("Table deleted."))
    return redirect("games:home")


@require_POST
def table_restore(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Take a deleted table out of the club's trash (its owners only), with its id, hands and
    log, back in its league."""
    found = access.table_to_restore_for(request, table)
    try:
        services.table_restore(
            found, listed=request.POST.get("deleted") or None, by=acting_user(request)
        )
    except TrashStale:
        return refuse_stale_restore(request, found)
    messages.success(request, _("Table restored."))
    return redirect("games:table", table=table)


@require_POST
@refuses_stale_writes(lambda _stale: _("Abandon the table anyway"))
def table_abandon(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Abandon the table and go home, where the notice offers Undo."""
    found = access.table_for(request, table, Role.SCORER)
    try:
        abandoned = services.table_abandon(
            found, version=posted_version(request.POST), by=acting_user(request)
        )
    except write_path.TableGone as gone:
        messages.error(request, problem_text(gone.problems[0]))
        return redirect("games:home")
    except EntryError as error:
        messages.error(request, problem_text(error.problems[0]))
        return redirect("games:table", table=table)
    request.session[JUST_ABANDONED] = abandoned.public_id
    return redirect("games:home")


@require_POST
@refuses_stale_writes(lambda _stale: _("Take it up again anyway"))
def table_take_up(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Undo abandoning: back to the table, in progress again."""
    found = access.table_for(request, table, Role.SCORER)
    try:
        services.table_take_up(found, version=posted_version(request.POST), by=acting_user(request))
    except write_path.TableGone as gone:
        messages.error(request, problem_text(gone.problems[0]))
        return redirect("games:home")
    messages.success(request, _("The table is in progress again."))
    return redirect("games:table", table=table)


@require_GET
def scoresheets_json(request: HtmxHttpRequest, club: str) -> StreamingHttpResponse:
    """Every table of the club (or of one of its leagues, with ``?league=``) as a JSON array
    of scoresheet documents (docs/scoresheet.md), each importable on its own. Streamed a
    table at a time, so a club with years of history never sits in memory whole."""
    found = club_access.club_for(request, club)
    league_id = request.GET.get("league", "")
    league = None
    filename = download_filename(found.name, "tables") + ".json"
    if league_id:
        league = league_selectors.league_of_club(found, league_id)
        if league is None:
            raise Http404
        filename = download_filename(league.name, "tables") + ".json"
    tables = selectors.tables_to_export(found, league)

    def chunks() -> Iterator[str]:
        yield "["
        for index, table in enumerate(tables.iterator(chunk_size=100)):
            document = selectors.table_scoresheet(table, prefetched=True)
            yield ("," if index else "") + "\n" + json.dumps(document, indent=1, ensure_ascii=False)
        yield "\n]\n"

    response = StreamingHttpResponse(chunks(), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_POST
@refuses_stale_writes(lambda _stale: _("End the evening anyway"))
def table_stop(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """End an evening whose rules set no end (Schafkopf): the best balance wins."""
    return _evening_write(request, table, stopped=True)


@require_POST
@refuses_stale_writes(lambda _stale: _("Play on anyway"))
def table_resume(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Take an ended evening up again, to play more hands."""
    return _evening_write(request, table, stopped=False)


def _evening_write(request: HtmxHttpRequest, table: str, *, stopped: bool) -> HttpResponse:
    found = access.table_for(request, table, Role.SCORER)
    write = services.table_stop if stopped else services.table_resume
    try:
        write(found, version=posted_version(request.POST), by=acting_user(request))
    except EntryError as error:
        messages.error(request, problem_text(error.problems[0]))
    return redirect("games:table", table=table)


@require_GET
def club_archive(request: HtmxHttpRequest, club: str) -> StreamingHttpResponse:
    """Everything the club owns as one gzipped archive (docs/archive.md), for its owners: the
    club's log and its members' names are in it. Streamed a table at a time."""
    found = club_access.club_for(request, club, Role.OWNER)
    lines = (encode(record) for record in selectors.club_archive(found))
    response = StreamingHttpResponse(gzipped(lines), content_type="application/gzip")
    filename = download_filename(found.name, "archive") + ".jsonl.gz"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@csrf_exempt
@require_http_methods(["GET", "POST"])
def club_archive_restore(request: HtmxHttpRequest) -> HttpResponse:
    """Make a new club, owned by the visitor, from an archive: all of it or nothing.

    The archive may be far larger than any other upload: before the body is read, this
    request's upload handlers take up to ARCHIVE_MAX_BYTES and write the file to disk. The
    CSRF check reads the body, so it runs after that (``_club_archive_restore``), not before
    the view.
    """
    request.upload_handlers = [RefuseLargeArchives(request), TemporaryFileUploadHandler(request)]
    return _club_archive_restore(request)


@csrf_protect
def _club_archive_restore(request: HtmxHttpRequest) -> HttpResponse:
    if request.method == "POST":
        # Now that the upload handlers are chosen, as UnfitTextMiddleware would have.
        mend_post(request)
    form = ArchiveUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        ratelimit.check(request, "import")
        upload = form.cleaned_data["archive"]

        def from_start() -> IO[bytes]:
            upload.seek(0)
            file: IO[bytes] = upload.file
            return file

        try:
            with transaction.atomic():
                user = club_access.account_for_write(request)
                club = archive_restore.club_archive_restore(from_start, by=user)
        except EntryError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("Club restored."))
            return redirect("games:club", club=club.public_id)
    status = UNPROCESSABLE if request.method == "POST" else 200
    return render(request, "tables/club_restore.html", {"form": form}, status=status)
