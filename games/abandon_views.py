"""Abandoning a table nobody will finish, and taking it up again.

An abandoned table leaves the home page's "In progress" for its collapsed "Abandoned" list,
counts in no league and takes no hands (``services.table_abandon``). Both writes are buttons
of a page, versioned like the table's other writes: from an out-of-date page they answer 409
with what changed and the button offered again.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import access, services
from games.hands.base import posted_version
from games.http import HtmxHttpRequest
from games.models import Role
from games.problems import problem_text
from games.scoring import EntryError
from games.views import JUST_ABANDONED, refuse_stale_table_write


@require_POST
def table_abandon(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Abandon the table and go home, where the notice offers Undo."""
    found = access.table_for(request, table, Role.SCORER)
    try:
        abandoned = services.table_abandon(
            found, version=posted_version(request.POST), by=request.user
        )
    except services.StaleWrite as stale:
        return refuse_stale_table_write(
            request,
            stale,
            _("Abandon the table anyway"),
            reverse("games:table_abandon", kwargs={"table": table}),
        )
    except services.TableGone as gone:
        messages.error(request, problem_text(gone.problems[0]))
        return redirect("games:home")
    except EntryError as error:
        messages.error(request, problem_text(error.problems[0]))
        return redirect("games:table", table=table)
    request.session[JUST_ABANDONED] = abandoned.public_id
    return redirect("games:home")


@require_POST
def table_take_up(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Undo abandoning: back to the table, in progress again."""
    found = access.table_for(request, table, Role.SCORER)
    try:
        services.table_take_up(found, version=posted_version(request.POST), by=request.user)
    except services.StaleWrite as stale:
        return refuse_stale_table_write(
            request,
            stale,
            _("Take it up again anyway"),
            reverse("games:table_take_up", kwargs={"table": table}),
        )
    except services.TableGone as gone:
        messages.error(request, problem_text(gone.problems[0]))
        return redirect("games:home")
    messages.success(request, _("The table is in progress again."))
    return redirect("games:table", table=table)
