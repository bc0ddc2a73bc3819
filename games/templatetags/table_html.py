"""The parts of the table page a saved hand's answer sends again, built in Python in one pass.

A save answers with the scoreboard, the "recorded, undo" notice, the live notice, the next
hand's heading and guard, and the new row of the history (tables/recorded.py). Rendered as the
table page's partials, those were some sixty template nodes, a third of what a save cost the
server beyond storing the hand (issue 31). Here each part's markup is joined from strings,
escaped as the template engine escapes (games/hands/html.py ``esc``), with the same messages,
so the catalogs translate it as before; the table page's partials render through the same
functions (``{% scoreboard_section %}``, ``{% flash_notice %}``, ``{% live_notice %}``,
``{% record_heading %}``, ``{% hand_guard %}``), so the markup is written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.addresses import address
from games.hands.base import DealerLines, Scoreboard
from games.hands.html import esc

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

register = template.Library()

OOB = ' hx-swap-oob="true"'


def _oob(oob: object) -> str:
    return OOB if oob else ""


def scoreboard_html(
    scoreboard: Scoreboard,
    dealer_lines: DealerLines | None,
    dealer_seat: int | None,
    *,
    oob: object = False,
    banner: str = "",
) -> str:
    """The scoreboard: each side's total (and badge, and note), the facts under them (who deals
    next marked, for the phone to swap), and the words naming the dealer for each seat
    (``hands.base.dealer_lines``). ``banner``: the game-over banner, already rendered."""
    rows = []
    for index, row in enumerate(scoreboard.rows):
        classes = f"total side-{index}"
        classes += " winner" if row.winner else ""
        classes += " out" if row.out else ""
        classes += f" {esc(row.css)}" if row.css else ""
        badge = ""
        if row.winner:
            # As {% translate %} does: a translation is written out as it stands.
            winner = _("winner")  # outside the f-string, where xgettext finds it
            badge = f' <span class="badge">{winner}</span>'
        elif row.out:
            out = _("out")
            badge = f' <span class="badge badge-out">{out}</span>'
        side = esc(row.side)
        note = f'<span class="total-to-go muted">{esc(row.note)}</span>' if row.note else ""
        rows.append(
            f'\n      <li class="{classes}">\n'
            f'        <span class="total-side">{side}{badge}</span>\n'
            f'        <span class="total-points" data-total="{side}">{esc(row.total)}</span>\n'
            f"        {note}\n      </li>\n      "
        )
    moving = dealer_lines.moving if dealer_lines is not None else frozenset()
    facts = ""
    if scoreboard.facts:
        facts = (
            '<p class="muted table-facts">'
            + " · ".join(
                f"<span data-dealer-fact>{esc(fact)}</span>" if place in moving else esc(fact)
                for place, fact in enumerate(scoreboard.facts)
            )
            + "</p>"
        )
    seats = []
    for index, seat in enumerate(dealer_lines.seats if dealer_lines is not None else ()):
        current = " data-current" if index == dealer_seat else ""
        seat_facts = "".join(f"<span data-dealer-fact>{esc(fact)}</span>" for fact in seat.facts)
        notes = "".join(
            f'<span class="total-to-go muted" data-note="{esc(side)}">{esc(note)}</span>'
            for side, note in seat.notes
        )
        seats.append(f'<template data-dealer="{index}"{current}>{seat_facts}{notes}</template>')
    scores = _("Scores")
    return (
        f'<section class="scoreboard" id="scoreboard" aria-labelledby="scoreboard-heading"'
        f"{_oob(oob)}>\n"
        f'    <h2 id="scoreboard-heading" class="visually-hidden">{scores}</h2>\n'
        f'    {banner}\n    <ul class="totals">\n      {"".join(rows)}\n    </ul>\n'
        f"    {facts}\n    \n    {''.join(seats)}\n  </section>"
    )


def flash_html(
    *,
    recorded: str = "",
    delete_url: str = "",
    csrf_input: str = "",
    version: int = 0,
    oob: object = False,
) -> str:
    """The notice of a hand just recorded (``recorded``: its words, "Hand 4 recorded.") with
    its Undo button, which deletes it; empty (the notice's place alone) without one."""
    notice = ""
    if recorded:
        undo = _("Undo")
        notice = (
            '\n  <div class="flash" role="status">\n'
            f"    {esc(recorded)}\n"
            f'    <form method="post" action="{esc(delete_url)}" hx-boost="true" '
            'class="inline-form">\n'
            f'      {csrf_input}<input type="hidden" name="table_version" value="{version}">'
            f'<button type="submit" class="link-button">{undo}</button>\n'
            "    </form>\n  </div>\n  "
        )
    return f'<div id="flash"{_oob(oob)}>\n  {notice}\n  </div>'


def live_notice_html(
    changes: Sequence[str],
    still_filled: str,
    *,
    clear: StrOrPromise = "",
    oob: object = False,
) -> str:
    """What another phone changed, in words, and (``still_filled``: the words saying this
    phone's hand is still filled in) a button that clears it; empty without changes."""
    said = ""
    if changes:
        lines = "".join(f"<li>{esc(line)}</li>" for line in changes)
        button = ""
        if still_filled:
            button = (
                f'<p>{esc(still_filled)} <button type="reset" form="hand-form" '
                f'class="link-button">{esc(clear)}</button></p>'
            )
        said = f"\n    <ul>{lines}</ul>\n    {button}\n  "
    return f'<div id="live-notice" class="live-notice" role="status"{_oob(oob)}>{said}</div>'


def record_heading_html(
    hands_played: int, record_words: str, record_heading: str, *, oob: object = False
) -> str:
    """The heading over the next hand's form ("Record hand 5"), with the number it names and
    its words for any number (static/js/pending.js counts the hands waiting on with them)."""
    return (
        f'<h2 id="record-heading" data-number="{hands_played + 1}" '
        f'data-words="{esc(record_words)}"{_oob(oob)}>{esc(record_heading)}</h2>'
    )


def guard_html(
    version: object, token: object, signature: str | None, *, oob: object = False
) -> str:
    """What makes a write to a table safe: the version the form was rendered at (a stale form
    is refused with 409, never overwrites) and, for a new hand, the token that stores a
    retried save once; and a fresh form's signature (None for a form posted back), with which
    a phone whose form still matches the next hand's empties it rather than being sent one."""
    signed = (
        f'<input type="hidden" name="form_signature" value="{esc(signature)}">'
        if signature is not None
        else ""
    )
    return (
        f'<span id="hand-guard"{_oob(oob)}><input type="hidden" name="table_version" '
        f'value="{"" if version is None else esc(version)}" id="id_table_version">'
        '<input type="hidden" name="hand_token" '
        f'value="{"" if token is None else esc(token)}" id="id_hand_token">{signed}</span>'
    )


def csrf_input(token: object) -> str:
    """``{% csrf_token %}``: the hidden input, or nothing on a page rendered without one."""
    if not token or token == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{esc(token)}">'


# -- the tags the table page's partials render them with ------------------------------------------


@register.simple_tag(takes_context=True)
def scoreboard_section(context: template.Context) -> SafeString:
    """``{% scoreboard_section %}``: the scoreboard of the context's table
    (``tables/page.scoreboard_context``), and its game-over banner (the partial
    ``tables/table_detail.html#game-over``) once the game is over."""
    banner = ""
    if context["table"].is_finished:
        assert context.template is not None  # a tag renders inside a template
        over = context.template.engine.get_template("tables/table_detail.html#game-over")
        banner = over.render(context)
    return mark_safe(
        scoreboard_html(
            context["scoreboard"],
            context.get("dealer_lines"),
            context.get("dealer_seat"),
            oob=context.get("oob"),
            banner=banner,
        )
    )


@register.simple_tag(takes_context=True)
def flash_notice(context: template.Context) -> SafeString:
    """``{% flash_notice %}``: the notice of the hand the context recorded, for a scorer."""
    table, recorded = context["table"], context.get("recorded")
    if not (recorded and context.get("can_score")):
        return mark_safe(flash_html(oob=context.get("oob")))
    delete_url = address("games:round_delete", table=table.public_id, hand=recorded.public_id)
    return mark_safe(
        flash_html(
            recorded=str(context["round_words"].recorded) % {"number": recorded.number},
            delete_url=delete_url,
            csrf_input=csrf_input(context.get("csrf_token")),
            version=table.version,
            oob=context.get("oob"),
        )
    )


@register.simple_tag(takes_context=True)
def live_notice(context: template.Context) -> SafeString:
    """``{% live_notice %}``: what the context's ``changes`` say another phone did, with the
    button that clears this phone's hand where it may still be filled in."""
    table, words = context["table"], context.get("round_words")
    offers_clear = (
        context.get("can_score") and not context.get("pristine") and not table.is_finished
    )
    return mark_safe(
        live_notice_html(
            context.get("changes") or (),
            str(words.still_filled) if offers_clear and words else "",
            clear=words.clear if offers_clear and words else "",
            oob=context.get("oob"),
        )
    )


@register.simple_tag(takes_context=True)
def record_heading(context: template.Context) -> SafeString:
    """``{% record_heading %}``: the heading over the next hand's form."""
    return mark_safe(
        record_heading_html(
            context["hands_played"],
            context["record_words"],
            context["record_heading"],
            oob=context.get("oob"),
        )
    )


class Guard(NamedTuple):
    """A fresh hand form's guard (``guard_html``) given without the form: what the table
    page's stored part is filled with (tables/page.render_get)."""

    version: int
    token: str
    signature: str


@register.simple_tag(takes_context=True)
def hand_guard(context: template.Context) -> SafeString:
    """``{% hand_guard %}``: the context's ``guard``, or its ``form``'s."""
    guard = context.get("guard")
    if guard is not None:
        return mark_safe(guard_html(*guard, oob=context.get("oob")))
    form = context["form"]
    return mark_safe(
        guard_html(
            form["table_version"].value(),
            form["hand_token"].value(),
            None if form.is_bound else form.signature(),
            oob=context.get("oob"),
        )
    )
