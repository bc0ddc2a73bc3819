"""The Scopa family's own pages: the primiera and capture referees, and a recorded hand's "Why?"
(the primiera referee opened on its cards). GET forms with no account and no database writes;
the URL holds the whole dispute, so it can be shared. Served by this package's ``urls.py``."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from games.cardfaces import deck_style
from games.hands.html import card_grid
from games.http import HtmxHttpRequest
from games.models import Role
from games.plugins.scopa import referee, rulings
from games.plugins.scopa.entry import ScopaHandEntry
from games.plugins.scopa.referee_query import KIND_PRIMES, MAX_SIDES, PrimieraQuery
from games.scoring.cards import DeckStyle
from games.tables import selectors as table_selectors
from games.tables.page import TablePage


@require_GET
def referee_primiera(request: HtmxHttpRequest) -> HttpResponse:
    """Who wins the primiera (or Pirate Scopa's primes) for the cards tapped; no table needed."""
    form = referee.PrimieraRefereeForm.from_query(request.GET)
    return _render_primiera(request, form)


def _render_primiera(
    request: HtmxHttpRequest,
    form: referee.PrimieraRefereeForm,
    *,
    style: DeckStyle = DeckStyle.ITALIAN,
    hand: Mapping[str, object] | None = None,
) -> HttpResponse:
    query = form.query()
    words = referee.PageWords(style)
    shown = rulings.primiera_verdicts(query, words)
    rules_url = referee.rules_url(query.kind)
    context: dict[str, object] = {
        "form": form,
        "grid": card_grid(form, style),
        # Each side's button: its index, its name, the cards tapped to it so far, and whether
        # it is hidden (a side beyond the count: the phone shows it when the count changes
        # with no signal, static/js/referee-offline.js). The name fields likewise.
        "side_counts": [
            (index, name, count, index >= len(query.names))
            for index, (name, count) in enumerate(side_buttons(query))
        ],
        "name_fields": [
            (form[f"name_{index}"], index >= len(query.names)) for index in range(MAX_SIDES)
        ],
        "names_given": any(form.data.get(f"name_{index}") for index in range(4)) and not hand,
        "primes": query.kind == KIND_PRIMES,
        "hand": hand,
        "action_url": reverse("scopa:referee_primiera"),
        # Drawn by rulings.py, as the phone draws them with no signal.
        "verdict_body": mark_safe(
            rulings.verdict_html(shown, words, rules_url, on_table=bool(hand))
        ),
        "verdict_bar": mark_safe(rulings.verdict_bar_html(shown, words)),
        "offline_words": referee.offline_words(words, on_table=bool(hand)),
    }
    template = "scopa/referee_primiera.html"
    if request.htmx:
        # Changing the game or the number of sides redraws the form; a tap only the verdict.
        template += "#referee" if request.htmx.target == "referee" else "#verdict"
    return render(request, template, context)


def side_buttons(query: PrimieraQuery) -> list[tuple[str, int]]:
    """Each of the four sides' name and cards, the sides beyond the count with their default
    names and none."""
    shown = len(query.names)
    return [
        *((name, len(cards)) for name, cards in zip(query.names, query.taken, strict=True)),
        *((str(name), 0) for name in referee.DEFAULT_NAMES[shown:]),
    ]


@require_GET
def round_why(request: HtmxHttpRequest, table: str, hand: str) -> HttpResponse:
    """The primiera referee opened on a recorded hand's cards, under the table's rules."""
    page = TablePage.for_request(request, table, Role.VIEWER)
    round_ = page.hand(hand)
    if not isinstance(page.ui, ScopaHandEntry):
        raise Http404
    data = referee.recorded_hand_query(round_.entry, page.setup)
    form = referee.PrimieraRefereeForm.from_query(data)
    opened = {
        "table": page.table,
        "round": round_,
        "lines": page.ui.explain(
            table_selectors.in_seat_order(round_.breakdown, page.setup.sides), page.setup
        ),
        "query": urlencode(data),
    }
    return _render_primiera(request, form, style=deck_style(page.setup), hand=opened)


@require_GET
def referee_capture(request: HtmxHttpRequest) -> HttpResponse:
    """Which cards a played card may take under the chosen rules, and whether it sweeps."""
    form = referee.CaptureRefereeForm.from_query(request.GET)
    query = form.query()
    words = referee.PageWords(DeckStyle.ITALIAN)
    rules_url = referee.rules_url(referee.KIND_CAPTURES)
    context = {
        "form": form,
        "grid": card_grid(form, words.style),
        # Drawn by rulings.py, as the phone draws it with no signal.
        "ruling_body": mark_safe(rulings.ruling_html(query, words, rules_url)),
        "card_counts": (len(query.table), len(query.played)),
        "action_url": reverse("scopa:referee_capture"),
        "offline_words": referee.offline_words(words),
    }
    template = "scopa/referee_capture.html"
    if request.htmx:
        template += "#ruling"
    return render(request, template, context)
