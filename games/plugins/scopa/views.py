"""The Scopa family's own pages: the primiera and capture referees, and a recorded hand's "Why?"
(the primiera referee opened on its cards). GET forms with no account and no database writes;
the URL holds the whole dispute, so it can be shared. Served by this package's ``urls.py``."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games.cardfaces import deck_style
from games.hands.html import card_grid
from games.http import HtmxHttpRequest
from games.models import Role
from games.plugins.scopa import referee
from games.plugins.scopa.engine import prime_point, primiera
from games.plugins.scopa.entry import ScopaHandEntry
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
    captures = form.captures()
    context: dict[str, object] = {
        "form": form,
        "grid": card_grid(form, style),
        # Each side's button: its index, its name and the cards tapped to it so far.
        "side_counts": [
            (index, name, len(captures[name])) for index, name in enumerate(form.names())
        ],
        "name_fields": [form[f"name_{index}"] for index in range(form.side_count())],
        "names_given": any(form.data.get(f"name_{index}") for index in range(4)) and not hand,
        "primes": form.value("kind") == referee.KIND_PRIMES,
        "rules_url": referee.rules_url(form.choice("kind")),
        "hand": hand,
        "action_url": reverse("scopa:referee_primiera"),
    }
    if context["primes"]:
        result = prime_point(captures, form.choice("prime_rule"))
        context["prime_counts"] = [(name, count.as_json()) for name, count in result.counts.items()]
        context["verdicts"] = referee.prime_verdicts(captures, form.choice("prime_rule"))
    else:
        result_ = primiera(captures, form.choice("rule"))
        context["primiera_table"] = referee.primiera_table(
            referee.primiera_sides(result_, captures, style)
        )
        context["verdicts"] = referee.primiera_verdicts(captures, form.choice("rule"), style)
    template = "scopa/referee_primiera.html"
    if request.htmx:
        # Changing the game or the number of sides redraws the form; a tap only the verdict.
        template += "#referee" if request.htmx.target == "referee" else "#verdict"
    return render(request, template, context)


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
    style = DeckStyle.ITALIAN
    played = form.played_cards()
    context = {
        "form": form,
        "grid": card_grid(form, style),
        "ruling": referee.capture_ruling(form, style),
        "too_many_played": len(played) > 1,
        "card_counts": (len(form.table_cards()), len(played)),
        "rules_url": referee.rules_url(referee.KIND_CAPTURES),
        "action_url": reverse("scopa:referee_capture"),
    }
    template = "scopa/referee_capture.html"
    if request.htmx:
        template += "#ruling"
    return render(request, template, context)
