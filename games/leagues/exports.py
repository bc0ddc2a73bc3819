"""A league's standings and tables as CSV downloads, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator, Sequence

from django.http import StreamingHttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.http import HtmxHttpRequest, download_filename
from games.leagues import access, selectors
from games.leagues.views import _Scope

# -- the list of leagues, and a new one ---------------------------------------------------------


class _Echo:
    """A file-like object whose write returns the line, for streaming CSV."""

    def write(self, value: str) -> str:
        return value


# A number as the exports write it: an optional sign, digits, and "." or "," between groups of
# digits (a decimal point, or a thousands separator in a localized column).
_PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)*")


# What a spreadsheet may read as the start of a formula (OWASP, "CSV Injection").
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: object) -> object:
    """A CSV cell a spreadsheet cannot run: text starting with = + - @ tab or CR is prefixed
    with a single quote, so a player called "=HYPERLINK(...)" shows as that name instead of
    a formula (OWASP's advice for CSV injection).

    A plain number is left alone, sign and all: -3, -1.50 or +2 stays a number a spreadsheet
    can sum, since no sign followed only by digits (and "." or "," between them) can be a
    formula. Non-text values (int, float) are numbers already and pass through.
    """
    if (
        isinstance(value, str)
        and value.startswith(_FORMULA_STARTS)
        and not _PLAIN_NUMBER.fullmatch(value)
    ):
        return "'" + value
    return value


def csv_response(filename: str, rows: Iterable[Sequence[object]]) -> StreamingHttpResponse:
    """Every cell goes through ``spreadsheet_safe``: names and other text typed in the app end
    up in spreadsheets."""
    writer = csv.writer(_Echo())
    response = StreamingHttpResponse(
        (writer.writerow([spreadsheet_safe(cell) for cell in row]) for row in rows),
        content_type="text/csv; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def league_standings_csv(request: HtmxHttpRequest, league: str) -> StreamingHttpResponse:
    """The standings as shown, one row per player, with the rating's parts in their own
    columns so a spreadsheet can sort them."""
    league_ = access.league_for(request, league)
    scope = _Scope.read(league_, request.GET)
    lines, _board, _public_ids = scope.standings()
    header = [
        _("Rank"),
        _("Player"),
        _("Rating"),
        _("Uncertainty"),
        *(str(column.label) for column in scope.columns[1:]),
    ]

    def rows() -> Iterator[Sequence[object]]:
        yield header
        for line in lines:
            yield [
                line.rank,
                line.row.name,
                f"{line.skill.mu:.2f}" if line.skill else "",
                f"{line.skill.sigma:.2f}" if line.skill else "",
                *(column.text(line) for column in scope.columns[1:]),
            ]

    parts = [league_.name, scope.season.name if scope.season else "", scope.game or ""]
    return csv_response(download_filename(*parts, "standings") + ".csv", rows())


@require_GET
def league_tables_csv(request: HtmxHttpRequest, league: str) -> StreamingHttpResponse:
    """Every table of the league, one row per seat: when, what, who, and how it ended."""
    league_ = access.league_for(request, league)
    seats = selectors.league_seats_in_order(league_)

    # Translated now, in the request's language: the rows are written after the view returns.
    header = [
        _("Table"),
        _("Game"),
        _("Started"),
        _("Finished"),
        _("Hands"),
        _("Seat"),
        _("Player"),
        _("Side"),
        _("Total"),
        _("Place"),
        _("Won"),
        _("Went out"),
    ]
    yes = _("yes")

    def rows() -> Iterator[Sequence[object]]:
        yield header
        for seat in seats.iterator(chunk_size=2000):
            table = seat.table
            yield [
                table.public_id,
                table.get_game_display(),
                timezone.localtime(table.created_at).isoformat(timespec="minutes"),
                (
                    timezone.localtime(table.finished_at).isoformat(timespec="minutes")
                    if table.finished_at
                    else ""
                ),
                table.hands_played,
                seat.position + 1,
                seat.player.name,
                seat.side,
                "" if seat.total is None else seat.total,
                "" if seat.place is None else seat.place,
                yes if seat.won else "",
                yes if seat.eliminated else "",
            ]

    return csv_response(download_filename(league_.name, "tables") + ".csv", rows())
