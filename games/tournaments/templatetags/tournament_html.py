"""The standings' tables and rows, the director's rows and the big screen's, built in Python in
one pass.

A 100-player night's standings are a hundred rows of six cells; as a template each row took a
dozen node renders (a filter per figure, a translation, a loop for the prize), most of what the
page cost. Here the same markup is joined from strings, escaped as the template engine escapes
(``games.hands.html.esc``), with the same messages, so the catalogs translate it as before."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from django import template
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.hands.html import esc
from games.tournaments.models import Tournament, TournamentRound
from games.tournaments.selectors import EntrantLine, StandingRow, TableProgress

register = template.Library()
# A public id no row has (``models.new_public_id`` writes no 0), put in a URL reversed once
# and replaced by each row's own.
_ID = "0id0"


def figure(value: float) -> str:
    """A standings figure as the page writes it: whole numbers plain, halves (a Swiss draw or
    bye) with one decimal, in the reader's decimal separator."""
    if float(value).is_integer():
        return str(int(value))
    return number_format(value, 1)


@register.simple_tag
def standings_table(
    rows: Sequence[StandingRow],
    criteria: Sequence[str],
    caption: str,
    prizes: Mapping[int, str] | None = None,
    round_table: bool = False,
) -> SafeString:
    """A standings table: its ``caption``, its head (place, start number, name, each criterion
    ranked by, and the prize where ``prizes`` are given) and its rows. A round's table
    (``round_table``, which shows no prizes) is left out of the printed copy. Rendered again
    after every save at any table: as a template included for each table, its head took as long
    as its hundred rows."""
    figures = "".join(
        f'<th scope="col" class="number">{esc(_(criterion))}</th>' for criterion in criteria
    )
    prized = prizes if prizes and not round_table else None
    prize = f'<th scope="col">{esc(_("Prize"))}</th>' if prized else ""
    classes = "standings no-print-round" if round_table else "standings"
    return mark_safe(  # every value is escaped or a number
        f'<table class="{classes}"><caption>{esc(caption)}</caption><thead><tr>'
        f'<th scope="col">{esc(_("Place"))}</th><th scope="col">{esc(_("No."))}</th>'
        f'<th scope="col">{esc(_("Name"))}</th>{figures}{prize}</tr></thead>'
        f"<tbody>{_standings_rows(rows, prized)}</tbody></table>"
    )


def _standings_rows(rows: Sequence[StandingRow], prizes: Mapping[int, str] | None) -> str:
    """The ``<tr>`` of each row: place, start number, name (with the tie-break that placed it),
    each figure, and the place's prize where ``prizes`` are given."""
    parts: list[str] = []
    for row in rows:
        decided = (
            ' <span class="muted">('
            + esc(_("by %(criterion)s") % {"criterion": _(row.tie_break_used)})
            + ")</span>"
            if row.tie_break_used
            else ""
        )
        cells = "".join(f'<td class="number">{figure(value)}</td>' for value in row.values)
        prize = f"<td>{esc(prizes.get(row.place, ''))}</td>" if prizes else ""
        opening = '<tr class="dropped">' if row.dropped else "<tr>"
        parts.append(
            f"{opening}<td>{row.place}</td><td>{row.number}</td>"
            f"<td>{esc(row.name)}{decided}</td>{cells}{prize}</tr>"
        )
    return "".join(parts)  # every value above is escaped or a number


@register.simple_tag(takes_context=True)
def entrant_rows(
    context: template.Context,
    entrants: Sequence[EntrantLine],
    tournament: Tournament,
    can_drop: bool,
) -> SafeString:
    """The entry list's ``<li>``: start number and name, and for a director the entrant's
    "Drops out" button (a form of its own, which htmx posts), or the round they dropped from."""
    token = esc(context.get("csrf_token", ""))
    drop_label = esc(_("Drops out"))
    # Reversed once, each entrant's id put in (100 entrants: 100 reverses were a fifth of the
    # director's page).
    drop_url = reverse(
        "games:tournament_entrant_drop",
        kwargs={"tournament": tournament.public_id, "entrant": _ID},
    )
    # Translated once, not per entrant (a hundred look-ups of the same two messages).
    out_from, drops_out = _("out from round %(number)s"), _("%(name)s drops out")
    parts: list[str] = []
    for entrant in entrants:
        dropped = ' class="dropped"' if entrant.dropped_from_round else ""
        head = (
            f'<li value="{entrant.number}"{dropped}>'
            f'<span class="start-number">{entrant.number}</span> {esc(entrant.name)}'
        )
        if entrant.dropped_from_round:
            out = out_from % {"number": entrant.dropped_from_round}
            tail = f' <span class="muted">{esc(out)}</span>'
        elif can_drop:
            action = drop_url.replace(_ID, entrant.public_id)
            label = esc(drops_out % {"name": entrant.name})
            tail = (
                f' <form method="post" action="{action}" hx-post="{action}" hx-target="#director"'
                f' hx-swap="outerHTML" class="inline-form">'
                f'<input type="hidden" name="csrfmiddlewaretoken" value="{token}">'
                f'<input type="hidden" name="tournament_version" value="{tournament.version}">'
                f'<button type="submit" class="button button-small" aria-label="{label}">'
                f"{drop_label}</button></form>"
            )
        else:
            tail = ""
        parts.append(f"{head}{tail}</li>")
    return mark_safe("".join(parts))  # every value above is escaped, a number or a URL


@register.simple_tag
def progress_rows(
    tables: Sequence[TableProgress],
    tournament: Tournament,
    can_direct: bool,
    current: TournamentRound,
) -> SafeString:
    """The director's page's ``<li>`` for each table of the round: its number and state, its
    seats, its games and last save, and its links (the scoresheet; the table's link and its
    result by hand for a director, while the round is played). Polled every
    5 s while 25 tables save, so built in one pass as the standings' rows are; each URL is
    reversed once and the tables' ids put in."""
    table_url = reverse("games:table", kwargs={"table": _ID})
    link_url = reverse(
        "games:tournament_table", kwargs={"tournament": tournament.public_id, "table": _ID}
    )
    result_url = reverse(
        "games:tournament_table_result", kwargs={"tournament": tournament.public_id, "table": _ID}
    )
    links = can_direct and current.status == TournamentRound.Status.PLAYING
    words = {
        "manual": esc(_("result by hand")),
        "done": esc(_("done")),
        "late": esc(_("late")),
        "just_now": esc(_("last save just now")),
        "nothing": esc(_("nothing saved yet")),
        "scoresheet": esc(_("Scoresheet")),
        "link": esc(_("Table link and QR code")),
        "result": esc(_("Result by hand")),
    }
    # Translated once, not per table.
    table_number, of_games = _("Table %(number)s"), _("%(played)s of %(due)s games")
    saved_ago = _("last save %(when)s ago")
    parts: list[str] = []
    for table in tables:
        state = " done" if table.done else " late" if table.late else ""
        if table.manual_result:
            badge = f' <span class="badge">{words["manual"]}</span>'
        elif table.done:
            badge = f' <span class="badge">{words["done"]}</span>'
        elif table.late:
            badge = f' <span class="badge badge-late">{words["late"]}</span>'
        else:
            badge = ""
        seats = _seats(table.seats)
        games = _games(table, of_games)
        if table.saved_just_now:
            saved = words["just_now"]
        elif table.last_save:
            saved = esc(saved_ago % {"when": timesince(table.last_save)})
        else:
            saved = words["nothing"]
        anchors = []
        if table.table_id:
            href = table_url.replace(_ID, table.table_id)
            anchors.append(f'<a class="tap-link" href="{href}">{words["scoresheet"]}</a>')
        if links:
            for url, word in ((link_url, "link"), (result_url, "result")):
                href = url.replace(_ID, table.public_id)
                anchors.append(f'<a class="tap-link" href="{href}">{words[word]}</a>')
        parts.append(
            f'<li class="round-table{state}"><p class="round-table-head"><strong>'
            f"{esc(table_number % {'number': table.number})}</strong>{badge}</p>"
            f'<p class="seats">{seats}</p><p class="muted">{games} · {saved}</p>'
            f'<p class="round-table-links">{" ".join(anchors)}</p></li>'
        )
    return mark_safe("".join(parts))  # every value above is escaped, a number or a URL


@functools.lru_cache(maxsize=1024)
def _seats(seats: tuple[tuple[int, str], ...]) -> str:
    """A table's seats, each start number and name: the same all round, while the rows around
    them are built again after every save (escaping the names was a third of the rows)."""
    return "".join(f'<span class="seat">{number} {esc(name)}</span>' for number, name in seats)


def _games(table: TableProgress, of_games: str) -> str:
    """A table's games, escaped: "12 of 32 games" (``of_games``, translated once a render),
    or "12 games" where the table plays its game to the end."""
    if table.games_due:
        return esc(of_games % {"played": table.games_played, "due": table.games_due})
    played = ngettext("%(games)s game", "%(games)s games", table.games_played)
    return esc(played % {"games": table.games_played})


@register.simple_tag
def screen_standings_rows(rows: Sequence[StandingRow]) -> SafeString:
    """The big screen's ``<li>`` for each row: place, start number, name and the first
    figure. The screen polls every 2 s and renders again after every save at any table, so
    built in one pass as the standings' rows are."""
    return mark_safe(  # every value is escaped or a number
        "".join(
            f'<li value="{row.place}"><span class="start-number">{row.number}</span> '
            f'{esc(row.name)} <strong class="screen-points" data-number="{row.number}">'
            f"{figure(row.values[0])}</strong></li>"
            for row in rows
        )
    )


@register.simple_tag
def screen_seating_rows(tables: Sequence[TableProgress]) -> SafeString:
    """The big screen's ``<li>`` for each table of the round: its number, its seats and its
    games, built in one pass as the director's rows are."""
    table_number, of_games = _("Table %(number)s"), _("%(played)s of %(due)s games")
    parts = []
    for table in tables:
        parts.append(
            f"<li><strong>{esc(table_number % {'number': table.number})}</strong> "
            f"{_seats(table.seats)} "
            f'<span class="muted">{_games(table, of_games)}</span></li>'
        )
    return mark_safe("".join(parts))  # every value is escaped or a number
