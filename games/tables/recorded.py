"""What a phone gets back for the hand it just recorded (htmx): the scoreboard, the new row of
the history, the "recorded, undo" notice and a form ready for the next hand, as out-of-band
swaps, a few kilobytes whatever the number of hands.

The answer is joined from the parts the table page's partials render with
(games/templatetags/table_html.py, history_html.py), laid out as a template including them
would lay it out: the template engine took twice the time the answer's parts do (issue 31).
The first hand's and the last hand's answers are the whole table, rendered as before.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from django.http import HttpResponse
from django.template.loader import render_to_string

from games.addresses import address
from games.http import HtmxHttpRequest, form_token
from games.models import Round, new_hand_token
from games.tables.history import round_rows
from games.tables.page import TablePage, empty_preview, render_table, scoreboard_parts
from games.templatetags.history_html import history_row_html, row_words
from games.templatetags.table_html import (
    csrf_input,
    flash_html,
    guard_html,
    live_notice_html,
    record_heading_html,
    scoreboard_html,
)


def render_recorded(
    request: HtmxHttpRequest, page: TablePage, recorded: Round, posted: Mapping[str, object]
) -> HttpResponse:
    """The answer to a hand just recorded (``posted``: its form's fields). The form already on
    the phone is emptied there (``form.reset()``) rather than sent again when the next hand's
    form would be the same as it (``signature``): the answer then holds its new guard and its
    empty preview; otherwise the whole hand entry. After the first hand or the last one, the
    whole table. The running-totals chart fetches itself again on the ``chart-stale``
    event."""
    page.recorded(recorded)
    events: dict[str, object] = {"hand-recorded": {"version": page.table.version}}
    if page.table.is_finished or page.hands_played == 1:
        fresh = page.form()
        response = render_table(request, page, fresh, recorded=recorded, fragment="table-main")
        response["HX-Trigger-After-Swap"] = json.dumps(events)
        return response
    table = page.table
    signature = page.fresh_signature()
    reset = posted.get("form_signature") == signature
    board = scoreboard_parts(page)
    # Where a scorer saved it (any save: a viewer cannot), its notice and the row's buttons.
    token_input = csrf_input(form_token(request)) if page.can_score else ""
    if reset:
        # The phone empties its own form: it gets the next hand's guard and an empty preview,
        # and no form is built for them where the game's are known.
        heading = record_heading_html(
            board["hands_played"], board["record_words"], board["record_heading"], oob=True
        )
        guard = guard_html(table.version, new_hand_token(), signature, oob=True)
        entry = f"\n{heading}\n\n{guard}\n\n{empty_preview(request, page, signature)}\n"
    else:
        context = {
            **board,
            "page_url": page.url(),
            "table": table,
            "can_score": page.can_score,
            "recorded": recorded,
            "record_oob": True,
            **page.hand_context(page.form()),
        }
        entry = f"\n{render_to_string('tables/table_detail.html#record', context, request)}\n"
    words = page.ui.round_words
    scoreboard = scoreboard_html(board["scoreboard"], board["dealer_lines"], board["dealer_seat"])
    flash = flash_html(
        recorded=str(words.recorded) % {"number": recorded.number} if page.can_score else "",
        delete_url=address("games:round_delete", table=table.public_id, hand=recorded.public_id),
        csrf_input=token_input,
        version=table.version,
        oob=True,
    )
    latest = page.last_hand
    assert latest is not None  # the hand just recorded
    row = history_row_html(
        round_rows(page, [latest], list(table.seats.all()))[0],  # type: ignore[arg-type]
        row_words(words),
        can_score=page.can_score,
        csrf_input=token_input,
        version=table.version,
    )
    # Laid out as tables/table_detail.html's partials, each with the whitespace around it.
    answer = (
        f"\n\n  {scoreboard}\n  \n\n  {flash}\n  \n\n  {live_notice_html((), '', oob=True)}\n  \n"
        f'{entry}\n<ol hx-swap-oob="afterbegin:#history-list">{row}</ol>\n'
    )
    response = HttpResponse(answer)
    response["HX-Retarget"] = "#scoreboard"
    response["HX-Reswap"] = "outerHTML show:#main:top"
    events["hand-recorded"] = {"version": table.version, "reset": reset}
    events["chart-stale"] = True
    response["HX-Trigger-After-Swap"] = json.dumps(events)
    return response
