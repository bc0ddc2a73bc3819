"""A table's hands one by one: editing, deleting and restoring a hand, and the table's log
of changes. Each view answers a plain form post (the pages work without JavaScript); a write
from a page that is out of date answers 409 (``conflicts``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.models import User
from django.http import (
    Http404,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
)

from games.clubs import access as club_access
from games.hands import hand_entry_for
from games.hands.base import posted_version
from games.http import HtmxHttpRequest, acting_user
from games.models import Role, Round, TableChange
from games.problems import CONFLICT, UNPROCESSABLE, add_problems, problem_text
from games.scoring import EntryError
from games.tables import access, selectors, services, write_path
from games.tables.changes import points_text
from games.tables.conflicts import refuse_stale_edit, refuse_stale_table_write, refuses_stale_writes
from games.tables.page import TablePage

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@require_http_methods(["GET", "POST"])
def round_edit(request: HtmxHttpRequest, table: str, hand: str) -> HttpResponse:
    """Change a recorded hand, addressed by its id (its number shifts when an earlier hand is
    deleted). A save from a page that is out of date is refused (409) with the change kept."""
    page = TablePage.for_request(request, table, Role.SCORER)
    round_ = _hand_or_gone(request, page, hand)
    if isinstance(round_, HttpResponse):
        return round_
    number = round_.number
    url = reverse("games:round_edit", kwargs={"table": table, "hand": hand})
    status = 200
    conflict = None
    if request.method == "POST":
        shortcut = page.ui.shortcut(request.POST)
        form = page.form(shortcut or request.POST, before=number)
        if request.POST.get("action") == "preview":
            return render(request, f"{page.ui.template}#preview", page.hand_context(form, url))
        if shortcut is None:
            try:
                if form.version() != page.table.version:
                    raise write_path.StaleWrite(
                        page.table, write_path.changes_since(page.table, form.version())
                    )
                if form.is_valid():
                    services.round_update(
                        round_, form.entry(), version=form.version(), by=acting_user(request)
                    )
                    messages.success(request, str(page.ui.round_words.edited) % {"number": number})
                    return redirect("games:table", table=table)
            except write_path.StaleWrite as stale:
                page = page.reload()
                still_there = _hand_or_gone(request, page, hand)
                if isinstance(still_there, HttpResponse):
                    return still_there
                round_, number = still_there, still_there.number
                form, conflict = refuse_stale_edit(request, page, stale, number)
                status = CONFLICT
            except EntryError as error:
                add_problems(form, error)
            status = status if conflict else UNPROCESSABLE
    else:
        initial = page.ui.initial_from_entry(round_.entry, page.setup)
        form = page.form(initial=initial, before=number)
    context = page.hand_context(form, url)
    context.update(
        {
            "round": round_,
            "plain_post": True,
            "submit_label": _("Save changes"),
            "round_words": page.ui.round_words,
            "conflict": conflict,
        }
    )
    return render(request, "tables/round_edit.html", context, status=status)


def _hand_or_gone(request: HtmxHttpRequest, page: TablePage, hand: str) -> Round | HttpResponse:
    """The table's hand with that id; a hand deleted meanwhile answers 409 with who deleted
    it (a page left open on another phone), any other id 404."""
    try:
        return page.hand(hand)
    except Http404:
        deleted = selectors.hand_deletion(page.table, hand)
        if deleted is None:
            raise
    if request.method != "POST":
        messages.error(
            request,
            str(page.ui.round_words.deleted_elsewhere) % {"number": deleted.hand_number},
        )
        return redirect(reverse("games:table", kwargs={"table": page.table.public_id}) + "#history")
    return refuse_stale_table_write(request, write_path.StaleWrite(page.table, [deleted]))


def _delete_hand_again(stale: write_path.StaleWrite) -> str:
    number = stale.hand.number if stale.hand else ""
    return str(hand_entry_for(stale.table.game).round_words.delete_anyway) % {"number": number}


def _restore_hand_again(stale: write_path.StaleWrite) -> str:
    return str(hand_entry_for(stale.table.game).round_words.restore_anyway)


@require_POST
@refuses_stale_writes(_delete_hand_again)
def round_delete(request: HtmxHttpRequest, table: str, hand: str) -> HttpResponse:
    """Delete a hand (the Delete button, and Undo right after saving one)."""
    page = TablePage.for_request(request, table, Role.SCORER)
    round_ = _hand_or_gone(request, page, hand)
    if isinstance(round_, HttpResponse):
        return round_
    try:
        services.round_delete(round_, version=posted_version(request.POST), by=acting_user(request))
    except EntryError as error:
        for problem in error.problems:
            messages.error(request, problem_text(problem))
    else:
        messages.success(
            request,
            str(page.ui.round_words.deleted) % {"number": round_.number},
        )
    return redirect(reverse("games:table", kwargs={"table": table}) + "#history")


@require_GET
def table_changes(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Every write to the table, newest first: who, when, and the hand before and after. A
    deleted hand that is not back yet can be restored by a scorer."""
    found = access.table_for(request, table, Role.VIEWER)
    held = club_access.role_in(request.user, found.club_id)
    present = selectors.hand_ids(found)
    sides = found.setup().sides
    words = hand_entry_for(found.game).round_words
    # What was done to a round, in the game's word for it; the stored kind keeps its label.
    done_to_a_round: dict[str, StrOrPromise] = {
        TableChange.Kind.RECORDED: words.log_recorded,
        TableChange.Kind.EDITED: words.log_edited,
        TableChange.Kind.DELETED: words.log_deleted,
        TableChange.Kind.RESTORED: words.log_restored,
    }
    changes = []
    for change in selectors.table_changes_newest_first(found):
        changes.append(
            {
                "change": change,
                "kind": done_to_a_round.get(change.kind) or change.get_kind_display(),
                "who": _who(change.user),
                "before": points_text(change.before, sides),
                "after": points_text(change.after, sides),
                "restorable": change.kind == TableChange.Kind.DELETED
                and change.hand_id not in present
                and bool(change.before),
            }
        )
    context = {
        "table": found,
        "changes": changes,
        "can_score": bool(held and held.allows(Role.SCORER)),
        "round_words": words,
    }
    return render(request, "tables/table_changes.html", context)


def _who(user: User | None) -> str:
    if user is None:
        return _("someone (before accounts)")
    if club_access.is_guest(user):
        return _("a guest")
    return str(user.get_username())


@require_POST
@refuses_stale_writes(_restore_hand_again)
def round_restore(request: HtmxHttpRequest, table: str, hand: str) -> HttpResponse:
    """Put a deleted hand back where it was; every later hand is scored again."""
    found = access.table_for(request, table, Role.SCORER)
    changes_url = reverse("games:table_changes", kwargs={"table": table})
    try:
        restored = services.round_restore(
            found, hand, version=posted_version(request.POST), by=acting_user(request)
        )
    except Round.DoesNotExist:
        raise Http404 from None
    except EntryError as error:
        for problem_ in error.problems:
            messages.error(request, problem_text(problem_))
        return redirect(changes_url)
    words = hand_entry_for(found.game).round_words
    messages.success(request, str(words.brought_back) % {"number": restored.number})
    return redirect(reverse("games:table", kwargs={"table": table}) + "#history")
