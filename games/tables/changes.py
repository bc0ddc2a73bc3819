"""What changed at a table since a page was rendered, in words (the table's log), and the
choices a refused write offers (``Conflict``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.hands import hand_entry_for
from games.models import Table, TableChange


@dataclass(frozen=True)
class Conflict:
    """A write refused because the table changed since its form was rendered: what changed,
    and the choices: do it anyway on the table as it is now (``retry_url`` posts a form of
    its own; empty, the button submits the hand form kept below), or let it go."""

    lines: list[str]
    note: str
    retry_label: str
    discard_label: str
    discard_url: str
    retry_url: str = ""


def change_lines(table: Table, changes: Sequence[TableChange]) -> list[str]:
    """What happened to the table since a form was rendered, in words, oldest first."""
    if not changes:
        return [_("This page was out of date, so nothing was saved.")]
    sides = table.setup().sides
    words = hand_entry_for(table.game).round_words
    lines = []
    for change in changes:
        number = change.hand_number
        scores = points_text(change.after, sides)
        if change.kind == TableChange.Kind.RECORDED:
            line = str(words.recorded_elsewhere)
        elif change.kind == TableChange.Kind.EDITED:
            line = str(words.changed_elsewhere)
        elif change.kind == TableChange.Kind.DELETED:
            line = str(words.deleted_elsewhere)
        elif change.kind == TableChange.Kind.STOPPED:
            line = _("The evening was ended on another phone.")
        elif change.kind == TableChange.Kind.RESUMED:
            line = _("The evening was taken up again on another phone.")
        elif change.kind == TableChange.Kind.ABANDONED:
            line = _("The table was abandoned on another phone.")
        elif change.kind == TableChange.Kind.TAKEN_UP:
            line = _("The table was taken up again on another phone.")
        else:
            line = _("The table was changed on another phone.")
        lines.append(line % {"number": number, "scores": scores})
    return lines


def points_text(snapshot: Mapping[str, object] | None, sides: Sequence[str]) -> str:
    """A logged hand's points per side, in seat order: "Ann & Cy 3, Bob & Di 1"."""
    points = (snapshot or {}).get("points")
    if not isinstance(points, Mapping):
        return ""
    return ", ".join(f"{side} {points[side]}" for side in sides if side in points)
