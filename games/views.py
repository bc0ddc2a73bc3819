"""Pages. Each view serves its page and, for htmx requests, just the fragment that changed.

Every htmx interaction is backed by a plain link or form post, so the pages work without
JavaScript; invalid input re-renders the form with its errors (status 422) and saves nothing.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import selectors, services
from games.cardfaces import deck_by_suit
from games.explain import explain_round
from games.forms import (
    MODE_CARDS,
    HandForm,
    NewTableForm,
    ScoresheetUploadForm,
    add_problems,
    deck_style,
    problem_text,
)
from games.models import Round, Table
from games.scoring import GAMES, EntryError, TableSetup
from games.scoring.cards import DECK
from games.scoring.scoresheet import GameNotSupported, write_scoresheet

UNPROCESSABLE = 422


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "games/home.html",
        {
            "in_progress": selectors.tables_in_progress()[:50],
            "finished": selectors.tables_finished()[:50],
            "upload_form": ScoresheetUploadForm(),
        },
    )


# -- new table ----------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def table_new(request: HttpRequest) -> HttpResponse:
    """Choose the game, the players in seat order and the options.

    Changing the game re-renders the form for that game (htmx GET with ``game``; without
    JavaScript, the "Show options" button posts ``refresh``) and keeps the names typed so far.
    """
    if request.method == "POST" and "refresh" not in request.POST:
        form = NewTableForm(request.POST)
        if form.is_valid():
            try:
                table = services.table_create(
                    game=form.rules.key,
                    players=form.players(),
                    options=form.options(),
                    teams=form.setup.teams,
                    first_dealer=form.cleaned_data.get("first_dealer") or 0,
                )
            except EntryError as error:
                add_problems(form, error)
            else:
                url = reverse("games:table", kwargs={"pk": table.pk})
                if request.htmx:
                    # A new page, not a fragment: let the browser load it (and its URL).
                    return HttpResponseClientRedirect(url)
                return redirect(url)
        return _render_new_table(request, form, status=UNPROCESSABLE)
    data = request.POST if request.method == "POST" else request.GET
    initial: dict[str, Any] = {"game": data.get("game") if data.get("game") in GAMES else "scopa"}
    for seat in range(8):
        if data.get(f"player_{seat}"):
            initial[f"player_{seat}"] = data[f"player_{seat}"]
    for seat, name in enumerate(data.get("players", "").split(",")):
        if name.strip():
            initial[f"player_{seat}"] = name.strip()
    form = NewTableForm(initial=initial)
    for spec in form.rules.option_specs:
        if f"opt_{spec.name}" in data:
            form.initial[f"opt_{spec.name}"] = data[f"opt_{spec.name}"]
    return _render_new_table(request, form)


def _render_new_table(request: HttpRequest, form: NewTableForm, status: int = 200) -> HttpResponse:
    template = "games/table_new.html"
    if request.htmx:
        template += "#table-form"
    context = {
        "form": form,
        "games": GAMES,
        "recent_players": selectors.recent_player_names(),
    }
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
def table_import(request: HttpRequest) -> HttpResponse:
    """Create a table from an uploaded scoresheet: every round, or nothing."""
    form = ScoresheetUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            document = json.load(form.cleaned_data["scoresheet"])
            table = services.table_import(document)
        except (ValueError, UnicodeDecodeError) as error:
            if isinstance(error, EntryError):
                add_problems(form, error)
            elif isinstance(error, GameNotSupported):
                form.add_error(None, _("%(game)s is not supported yet.") % {"game": error.game})
            else:
                form.add_error("scoresheet", _("This file is not valid JSON."))
        else:
            messages.success(request, _("Table imported."))
            return redirect("games:table", pk=table.pk)
    status = UNPROCESSABLE if request.method == "POST" else 200
    return render(request, "games/table_import.html", {"form": form}, status=status)


# -- the table page -----------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def table_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The scoreboard, the hand entry and the history.

    POST ``action=preview`` (htmx, on every change) renders the live preview only;
    ``rest_to`` gives every unassigned card to one side (the no-JavaScript path of that
    button); otherwise the hand is recorded.
    """
    table = _table_or_404(pk)
    setup = table.setup()
    if request.method != "POST":
        return _render_table(request, table, setup, _hand_form(table, setup))
    form = _hand_form(table, setup, request.POST)
    action = request.POST.get("action", "record")
    if action == "preview":
        return render(request, "games/hand_form.html#preview", _hand_context(table, setup, form))
    if "rest_to" in request.POST:
        form = _hand_form(table, setup, _with_rest_assigned(request.POST))
        return _render_table(request, table, setup, form)
    if form.is_valid():
        try:
            round_ = services.round_record(table, form.entry())
        except EntryError as error:
            add_problems(form, error)
        else:
            if not request.htmx:
                messages.success(
                    request, _("Hand %(number)s recorded.") % {"number": round_.number}
                )
                return redirect("games:table", pk=table.pk)
            table = _table_or_404(pk)
            return _render_table(
                request,
                table,
                setup,
                _hand_form(table, setup),
                recorded=round_,
                fragment="table-main",
            )
    return _render_table(request, table, setup, form, status=UNPROCESSABLE, fragment="table-main")


def _table_or_404(pk: int) -> Table:
    try:
        return selectors.table_get(pk)
    except Table.DoesNotExist:
        raise Http404 from None


def _hand_form(table: Table, setup: TableSetup, data: Any = None, initial: Any = None) -> HandForm:
    return HandForm(data, setup=setup, rules=table.rules, initial=initial)


def _with_rest_assigned(data: Any) -> Any:
    data = data.copy()
    side = data.get("rest_to", "")
    for card in DECK:
        if not data.get(f"card_{card.code}"):
            data[f"card_{card.code}"] = side
    data["mode"] = MODE_CARDS
    return data


def _hand_context(
    table: Table, setup: TableSetup, form: HandForm, action_url: str = ""
) -> dict[str, Any]:
    style = deck_style(setup)
    preview = form.preview()
    steppers = {
        name: [(side, form[f"{name}_{i}"]) for i, side in enumerate(setup.sides)]
        for name in ("scopas", "ace_sweeps", "points")
        if f"{name}_0" in form.fields
    }
    return {
        "table": table,
        "setup": setup,
        "form": form,
        "preview": preview,
        "preview_lines": explain_round(preview.score.breakdown, style)
        if preview and preview.score
        else [],
        "grid": [
            (suit_css, suit_name, [(face, form[f"card_{face.code}"]) for face in faces])
            for suit_css, suit_name, faces in deck_by_suit(style)
        ],
        "steppers": steppers,
        "style": style,
        "side_indexes": list(enumerate(setup.sides)),
        "action_url": action_url or reverse("games:table", kwargs={"pk": table.pk}),
    }


def _render_table(
    request: HttpRequest,
    table: Table,
    setup: TableSetup,
    form: HandForm,
    *,
    status: int = 200,
    recorded: Round | None = None,
    fragment: str = "",
) -> HttpResponse:
    context = _hand_context(table, setup, form)
    rounds = list(selectors.table_rounds(table))
    seats = list(table.seats.all())
    next_dealer = None
    if not table.is_finished:
        next_seat = (rounds[-1].dealer + 1) % len(seats) if rounds else table.first_dealer
        next_dealer = seats[next_seat].player.name
    context.update(
        {
            "standings": selectors.table_standings(table, setup),
            "target": setup.options.get("target"),
            "rounds": [_round_row(round_, setup, seats, context["style"]) for round_ in rounds],
            "next_dealer": next_dealer,
            "recorded": recorded,
            "options_summary": _options_summary(table, setup),
        }
    )
    template = "games/table_detail.html"
    if request.htmx and fragment:
        template += f"#{fragment}"
    return render(request, template, context, status=status)


def _round_row(round_: Round, setup: TableSetup, seats: list[Any], style: Any) -> dict[str, Any]:
    points = {row.side: row.points for row in round_.points.all()}
    return {
        "round": round_,
        "dealer": seats[round_.dealer].player.name if round_.dealer < len(seats) else "",
        "points": [(side, points.get(side, 0)) for side in setup.sides],
        "lines": explain_round(round_.breakdown, style),
    }


def _options_summary(table: Table, setup: TableSetup) -> list[str]:
    """The options that differ from the defaults, by their labels."""
    labels = []
    for spec in table.rules.option_specs:
        if spec.name == "target":
            continue
        value = setup.options.get(spec.name)
        if value == spec.default:
            continue
        if spec.kind == "bool":
            if value:
                labels.append(_(spec.label))
        else:
            label = next((c.label for c in spec.choices if c.value == value), str(value))
            labels.append(f"{_(spec.label)}: {_(label)}")
    return labels


@require_GET
def table_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The table as a scoresheet JSON download (scoresheet-format.md)."""
    table = _table_or_404(pk)
    setup = table.setup()
    document = write_scoresheet(
        table.game,
        table.options,
        setup.players,
        setup.teams,
        [round_.entry for round_ in table.rounds.order_by("number")],
    )
    response = JsonResponse(document, json_dumps_params={"indent": 2, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{table.game}-{table.pk}.json"'
    return response


# -- editing and deleting hands -----------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def round_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    table = _table_or_404(pk)
    round_ = get_object_or_404(Round, table=table, number=number)
    setup = table.setup()
    if request.method == "POST" and request.POST.get("action") == "preview":
        form = _hand_form(table, setup, request.POST)
        return render(
            request, "games/hand_form.html#preview", _edit_context(table, setup, form, round_)
        )
    if request.method == "POST":
        data = _with_rest_assigned(request.POST) if "rest_to" in request.POST else request.POST
        form = _hand_form(table, setup, data)
        if "rest_to" not in request.POST and form.is_valid():
            try:
                services.round_update(round_, form.entry())
            except EntryError as error:
                add_problems(form, error)
            else:
                messages.success(request, _("Hand %(number)s changed.") % {"number": number})
                return redirect("games:table", pk=table.pk)
        status = 200 if "rest_to" in request.POST else UNPROCESSABLE
    else:
        initial = HandForm.initial_from_entry(round_.entry, setup.sides)
        form = _hand_form(table, setup, initial=initial)
        status = 200
    context = _edit_context(table, setup, form, round_)
    return render(request, "games/round_edit.html", context, status=status)


def _edit_context(table: Table, setup: TableSetup, form: HandForm, round_: Round) -> dict[str, Any]:
    url = reverse("games:round_edit", kwargs={"pk": table.pk, "number": round_.number})
    context = _hand_context(table, setup, form, action_url=url)
    context.update({"round": round_, "plain_post": True, "submit_label": _("Save changes")})
    return context


@require_POST
def round_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    table = _table_or_404(pk)
    round_ = get_object_or_404(Round, table=table, number=number)
    try:
        with transaction.atomic():
            services.round_delete(round_)
    except EntryError as error:
        for problem in error.problems:
            messages.error(request, problem_text(problem))
    else:
        messages.success(request, _("Hand %(number)s deleted.") % {"number": number})
    return redirect(reverse("games:table", kwargs={"pk": table.pk}) + "#history")
