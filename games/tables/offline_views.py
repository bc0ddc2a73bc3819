"""A table started with no signal (issue 33, item 4): the blank table page the phone keeps for
each game and number of players, from which it makes the page of a table it started offline
(static/js/offline-tables.js).

The blank is the table page itself, rendered for a table made and thrown away in one
transaction that is rolled back (nothing is stored), with placeholders the phone fills in: the
players' names (``⟦1⟧``, ``⟦2⟧``, ...) and the table's address (``BLANK_ID``). The phone
posts the table to the new-table form with the address it chose (services.table_create's
``public_id``) when the signal is back, then its hands, kept meanwhile by pending.js.
"""

from __future__ import annotations

from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.html import escape
from django.views.decorators.http import require_safe

from games.hands import HAND_ENTRIES
from games.http import HtmxHttpRequest
from games.models import Club
from games.scoring import GAMES
from games.tables import services
from games.tables.page import TablePage, table_context

# What the blank holds where the table's address goes, and each player's name (by seat, from
# 1): the phone replaces them. Neither can be a real address or name: an address is 16 letters
# a-z and digits 2-7 (models.new_public_id), and the brackets are no letters.
BLANK_ID = "0000000000000000"
BLANK_NAME = "\u27e6{seat}\u27e7"
# The hand form's field saying who deals and sits out (TablePage.sitting_out).
SITS_OUT = "sits_out"


def blank_names(count: int) -> list[str]:
    return [BLANK_NAME.format(seat=seat + 1) for seat in range(count)]


def side_options(game: str, players: int) -> list[str]:
    """The options that change who the sides are at a ``game`` table of ``players`` (Scopa's
    four players each for themselves, two teams of any other game): the form is another
    for each, so each has a blank page of its own, the option the other way from its default
    (``?four_individuals=true``)."""
    rules = GAMES[game]
    defaults = rules.resolve_options({})
    teams = rules.plays_in_teams(players, defaults)
    return [
        spec.name
        for spec in rules.option_specs
        if spec.kind == "bool"
        and rules.plays_in_teams(players, rules.resolve_options({spec.name: not spec.default}))
        != teams
    ]


def blank_variants(game: str, players: int) -> list[str]:
    """The query of each blank page of a ``game`` table of ``players`` but the first."""
    specs = {spec.name: spec for spec in GAMES[game].option_specs}
    return [
        f"{name}={str(not specs[name].default).lower()}" for name in side_options(game, players)
    ]


@require_safe
def table_blank(request: HtmxHttpRequest, game: str, players: int) -> HttpResponse:
    """The page of a new ``game`` table of ``players`` players, for a table the phone starts
    with no signal: the hand form with each part an option adds (``HandEntry.blank_options``),
    marked with the options it needs, the rest of the page as the game's defaults have it, but
    for the sides an option the query names makes (``side_options``). Nothing of it is
    stored."""
    if game not in HAND_ENTRIES or players not in GAMES[game].player_counts:
        raise Http404
    rules, entry = GAMES[game], HAND_ENTRIES[game]
    offered = {spec.name for spec in rules.option_specs}
    sides = side_options(game, players)
    options = {k: v for k, v in entry.blank_options.items() if k in offered}
    for spec in rules.option_specs:
        if spec.name in sides and request.GET.get(spec.name) == str(not spec.default).lower():
            options[spec.name] = not spec.default
    with transaction.atomic():
        table = services.table_create(
            club=Club.objects.create(name="-"),
            game=game,
            players=blank_names(players),
            options=options,
        )
        page = TablePage.load(table)
        # As a table link's page: no watch link, nor the buttons that stop or delete a table
        # the server has none of yet.
        page.by_link = True
        form = page.form()
        entry.blank_form(form)
        form.made_blank()
        if SITS_OUT in form.initial:
            # Every seat's part is there, each marked (``{% offline_seat %}``): the phone says
            # who deals, at first and after each hand it keeps.
            form.initial[SITS_OUT] = ""
        context = table_context(request, page, form)
        context.update(
            {
                "recorded": None,
                "conflict": None,
                "draft": True,
                "offline_blank": True,
                "offline_seats": SITS_OUT in form.initial,
                # What the phone's table holds where it chose nothing (``{% offline_if %}``).
                "option_defaults": {spec.name: spec.default for spec in rules.option_specs},
                # The options whose other value has a blank of its own (side_options).
                "side_options": sides,
            }
        )
        # What sends the table when the signal is back, on its page only (not in the bundle).
        context["hand_scripts"] = [*context["hand_scripts"], "js/offline-tables.js"]
        body = render(request, "tables/table_detail.html", context).content.decode()
        # The players' pages are the thrown-away players': their names stay, without links.
        for seat in table.seats.all():
            link = f'<a href="{reverse("games:player", args=[seat.player.public_id])}">'
            body = body.replace(f"{link}{escape(seat.player.name)}</a>", seat.player.name)
        transaction.set_rollback(True)
    return HttpResponse(body.replace(table.public_id, BLANK_ID))
