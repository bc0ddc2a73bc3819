"""The standings' rows, built in Python in one pass.

A 100-player night's standings are a hundred rows of six cells; as a template each row took a
dozen node renders (a filter per figure, a translation, a loop for the prize), most of what the
page cost. Here the same markup is joined from strings, escaped as the template engine escapes
(``games.hands.html.esc``), with the same messages, so the catalogs translate it as before."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django import template
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.hands.html import esc
from games.tournaments.models import Entrant, Tournament
from games.tournaments.selectors import StandingRow

register = template.Library()


def figure(value: float) -> str:
    """A standings figure as the page writes it: whole numbers plain, halves (a Swiss draw or
    bye) with one decimal, in the reader's decimal separator."""
    if float(value).is_integer():
        return str(int(value))
    return number_format(value, 1)


@register.simple_tag
def standings_rows(
    rows: Sequence[StandingRow], prizes: Mapping[int, str] | None = None
) -> SafeString:
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
    return mark_safe("".join(parts))  # every value above is escaped or a number


@register.simple_tag(takes_context=True)
def entrant_rows(
    context: template.Context, entrants: Sequence[Entrant], tournament: Tournament, can_drop: bool
) -> SafeString:
    """The entry list's ``<li>``: start number and name, and for a director the entrant's
    "Drops out" button (a form of its own, which htmx posts), or the round they dropped from."""
    token = esc(context.get("csrf_token", ""))
    drop_label = esc(_("Drops out"))
    parts: list[str] = []
    for entrant in entrants:
        dropped = ' class="dropped"' if entrant.dropped_from_round else ""
        head = (
            f'<li value="{entrant.number}"{dropped}>'
            f'<span class="start-number">{entrant.number}</span> {esc(entrant.name)}'
        )
        if entrant.dropped_from_round:
            out = _("out from round %(number)s") % {"number": entrant.dropped_from_round}
            tail = f' <span class="muted">{esc(out)}</span>'
        elif can_drop:
            action = reverse(
                "games:tournament_entrant_drop",
                kwargs={"tournament": tournament.public_id, "entrant": entrant.public_id},
            )
            label = esc(_("%(name)s drops out") % {"name": entrant.name})
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
