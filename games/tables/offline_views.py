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

import itertools

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
from games.scoring.options import OptionSpec
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


def face_options(game: str) -> list[str]:
    """The options that change how a ``game`` table's cards look (the deck: Italian or French
    faces): the tap grid is drawn in the deck's faces, so each deck has a blank page of its
    own (``?deck=french``)."""
    rules = GAMES[game]
    style = getattr(rules, "deck_style", None)
    if style is None:
        return []
    faces = style(rules.resolve_options({}))
    return [
        spec.name
        for spec in rules.option_specs
        if spec.kind == "choice"
        and any(style(rules.resolve_options({spec.name: c.value})) != faces for c in spec.choices)
    ]


def own_blank_options(game: str, players: int) -> list[str]:
    """The options any other value of which has a blank page of its own: those that change the
    sides (``side_options``) and those that change the cards' faces (``face_options``), in
    the order a blank's query names them (offline-tables.js ``blankPage`` reads them from the
    blank, as ``offline-side-options``)."""
    return [*side_options(game, players), *face_options(game)]


def _other_values(spec: OptionSpec) -> list[str]:
    """An option's values other than its default, as a blank's query writes them."""
    if spec.kind == "bool":
        return [str(not spec.default).lower()]
    return [str(choice.value) for choice in spec.choices if choice.value != spec.default]


def blank_variants(game: str, players: int) -> list[str]:
    """The query of each blank page of a ``game`` table of ``players`` but the first: every
    combination of the values of ``own_blank_options``, one at least not its default."""
    specs = {spec.name: spec for spec in GAMES[game].option_specs}
    names = own_blank_options(game, players)
    queries = []
    for values in itertools.product(*([None, *_other_values(specs[name])] for name in names)):
        parts = [f"{name}={value}" for name, value in zip(names, values, strict=True) if value]
        if parts:
            queries.append("&".join(parts))
    return queries


@require_safe
def table_blank(request: HtmxHttpRequest, game: str, players: int) -> HttpResponse:
    """The page of a new ``game`` table of ``players`` players, for a table the phone starts
    with no signal: the hand form with each part an option adds (``HandEntry.blank_options``),
    marked with the options it needs, the rest of the page as the game's defaults have it, but
    for the sides or the cards' faces an option the query names makes (``own_blank_options``).
    Nothing of it is stored."""
    if game not in HAND_ENTRIES or players not in GAMES[game].player_counts:
        raise Http404
    rules, entry = GAMES[game], HAND_ENTRIES[game]
    offered = {spec.name for spec in rules.option_specs}
    own = own_blank_options(game, players)
    options = {k: v for k, v in entry.blank_options.items() if k in offered}
    for spec in rules.option_specs:
        asked = request.GET.get(spec.name)
        if spec.name in own and asked in _other_values(spec):
            options[spec.name] = (not spec.default) if spec.kind == "bool" else asked
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
                # The options whose other values have a blank of their own.
                "own_blank_options": own,
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
