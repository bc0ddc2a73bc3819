"""The standings' tables and rows, the director's rows and the big screen's, built in Python in
one pass.

A 100-player night's standings are a hundred rows of six cells; as a template each row took a
dozen node renders (a filter per figure, a translation, a loop for the prize), most of what the
page cost. Here the same markup is joined from strings, escaped as the template engine escapes
(``games.hands.html.esc``), with the same messages, so the catalogs translate it as before.

After a save at any table only the rows change: each part is kept, for the stamp without the
tables' saves, as rendered with a placeholder where each run of rows goes (``ROWS_LEFT_OUT`` in
its context), and the rows are put in (``filled``); the template is not rendered again. A
standings row is kept by everything it shows (most rows are the same after a save)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timesince
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games.hands.html import esc
from games.tournaments.models import Tournament, TournamentRound
from games.tournaments.selectors import EntrantLine, StandingRow, TableProgress

register = template.Library()
# A public id no row has (``models.new_public_id`` writes no 0), put in a URL reversed once
# and replaced by each row's own.
_ID = "0id0"
# In a part's context: each run of rows written as its placeholder (``rows_placeholder``), for
# the rows to be put in later (``filled``).
ROWS_LEFT_OUT = "rows_left_out"


def rows_placeholder(slot: object) -> str:
    """Where the rows of ``slot`` go in a part rendered without them: a comment, which no
    escaped text a user typed can spell, and no template writes."""
    return f"<!--stored rows {slot}-->"


def filled(part: str, rows: Mapping[object, Callable[[], str]]) -> str:
    """A part rendered without its rows (``ROWS_LEFT_OUT``) with them put in: ``rows`` makes
    each slot's, made only where the part has its placeholder."""
    for slot, made in rows.items():
        placeholder = rows_placeholder(slot)
        if placeholder in part:
            part = part.replace(placeholder, made(), 1)
    return part


def _left_out(context: template.Context) -> bool:
    return bool(context.get(ROWS_LEFT_OUT))


def figure(value: float) -> str:
    """A standings figure as the page writes it: whole numbers plain, halves (a Swiss draw or
    bye) with one decimal, in the reader's decimal separator."""
    if float(value).is_integer():
        return str(int(value))
    return number_format(value, 1)


@register.simple_tag(takes_context=True)
def standings_table(
    context: template.Context,
    rows: Sequence[StandingRow],
    criteria: Sequence[str],
    caption: str,
    prizes: Mapping[int, str] | None = None,
    round_table: bool = False,
    slot: object = "overall",
) -> SafeString:
    """A standings table: its ``caption``, its head (place, start number, name, each criterion
    ranked by, and the prize where ``prizes`` are given) and its rows. A round's table
    (``round_table``, which shows no prizes) is left out of the printed copy. Rendered again
    after every save at any table: as a template included for each table, its head took as long
    as its hundred rows. Its rows are ``slot``'s where they are left out."""
    figures = "".join(
        f'<th scope="col" class="number">{esc(_(criterion))}</th>' for criterion in criteria
    )
    prized = prizes if prizes and not round_table else None
    # The words outside the f-strings, where xgettext finds them.
    place, number, name, prize_word = (
        esc(_("Place")),
        esc(_("No.")),
        esc(_("Name")),
        esc(_("Prize")),
    )
    prize = f'<th scope="col">{prize_word}</th>' if prized else ""
    classes = "standings no-print-round" if round_table else "standings"
    return mark_safe(  # every value is escaped or a number
        f'<table class="{classes}"><caption>{esc(caption)}</caption><thead><tr>'
        f'<th scope="col">{place}</th><th scope="col">{number}</th>'
        f'<th scope="col">{name}</th>{figures}{prize}</tr></thead>'
        f"<tbody>{rows_placeholder(slot) if _left_out(context) else standings_rows(rows, prized)}"
        "</tbody></table>"
    )


def standings_rows(rows: Sequence[StandingRow], prizes: Mapping[int, str] | None) -> str:
    """The ``<tr>`` of each row: place, start number, name (with the tie-break that placed it),
    each figure, and the place's prize where ``prizes`` are given. What follows the place is
    kept by all it shows (``_standings_cells``): a save moves the places of many rows, the
    figures of a few."""
    language = get_language()
    parts = []
    for row in rows:
        opening = '<tr class="dropped">' if row.dropped else "<tr>"
        cells = _standings_cells(language, row.number, row.name, row.values, row.tie_break_used)
        prize = f"<td>{esc(prizes.get(row.place, ''))}</td>" if prizes else ""
        parts.append(f"{opening}<td>{row.place}</td>{cells}{prize}</tr>")
    return "".join(parts)  # every value is escaped or a number


@functools.lru_cache(maxsize=4096)
def _standings_cells(
    language: str | None,
    number: int,
    name: str,
    values: tuple[float, ...],
    tie_break_used: str | None,
) -> str:
    """A row's cells after its place, in ``language`` (the active one, which ``_`` and
    ``figure`` write in): start number, name with the tie-break that placed it, figures."""
    decided = (
        ' <span class="muted">('
        + esc(_("by %(criterion)s") % {"criterion": _(tie_break_used)})
        + ")</span>"
        if tie_break_used
        else ""
    )
    cells = "".join(f'<td class="number">{figure(value)}</td>' for value in values)
    return f"<td>{number}</td><td>{esc(name)}{decided}</td>{cells}"


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


@register.simple_tag(takes_context=True)
def late_note(context: template.Context, tables: Sequence[TableProgress]) -> SafeString:
    """The note over the round's tables when some are late (a table not done that has saved
    nothing for a while), or nothing."""
    if _left_out(context):
        return mark_safe(rows_placeholder("late"))
    return mark_safe(late_note_text(tables))


def late_note_text(tables: Sequence[TableProgress]) -> str:
    late = sum(1 for table in tables if table.late)
    if not late:
        return ""
    words = ngettext(
        "%(tables)s table has saved nothing for 10 minutes.",
        "%(tables)s tables have saved nothing for 10 minutes.",
        late,
    )
    # The translation as it is, as the template's blocktranslate wrote it; the count a number.
    return f'<p class="late-note" role="status">{words % {"tables": late}}</p>'


@register.simple_tag(takes_context=True)
def progress_rows(
    context: template.Context,
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
    if _left_out(context):
        return mark_safe(rows_placeholder("tables"))
    return mark_safe(progress_rows_text(tables, tournament, can_direct, current))


def progress_rows_text(
    tables: Sequence[TableProgress],
    tournament: Tournament,
    can_direct: bool,
    current: TournamentRound,
) -> str:
    """The rows of ``progress_rows``. What a row shows of its table as drawn (its number,
    seats and links) is kept by all it shows (``_table_fixed``); its state, games and last save
    are written for each answer."""
    language = get_language()
    links = can_direct and current.status == TournamentRound.Status.PLAYING
    urls = _table_urls(tournament.public_id, get_urlconf(), get_script_prefix())
    words = _progress_words(language)
    now = timezone.now()
    parts: list[str] = []
    for table in tables:
        done, late = table.done, table.late_at(now)
        state = " done" if done else " late" if late else ""
        if table.manual_result:
            badge = words["manual"]
        elif done:
            badge = words["done"]
        elif late:
            badge = words["late"]
        else:
            badge = ""
        games = _games(language, table.games_played, table.games_due)
        if table.saved_just_now_at(now):
            saved = words["just_now"]
        elif table.last_save:
            saved = _saved_ago(language, table.last_save, now)
        else:
            saved = words["nothing"]
        head, links_row = _table_fixed(
            language, table.number, table.seats, table.table_id, table.public_id, links, urls
        )
        parts.append(
            f'<li class="round-table{state}"><p class="round-table-head">{head}{badge}</p>'
            f'<p class="seats">{_seats(table.seats)}</p><p class="muted">{games} · {saved}</p>'
            f"{links_row}</li>"
        )
    return "".join(parts)  # every value above is escaped, a number or a URL


@functools.lru_cache(maxsize=64)
def _table_urls(public_id: str, urlconf: object, prefix: str) -> tuple[str, str, str]:
    """A table's scoresheet, its link's page and its result by hand, ``_ID`` where its id
    goes: reversed once by the tournament, the URLconf and the script prefix they depend on."""
    return (
        reverse("games:table", kwargs={"table": _ID}),
        reverse("games:tournament_table", kwargs={"tournament": public_id, "table": _ID}),
        reverse("games:tournament_table_result", kwargs={"tournament": public_id, "table": _ID}),
    )


@functools.lru_cache(maxsize=16)
def _progress_words(language: str | None) -> dict[str, str]:
    """The words of the tables' rows, escaped, in ``language`` (the active one)."""
    # The words outside the f-strings, where xgettext finds them.
    manual, done, late = esc(_("result by hand")), esc(_("done")), esc(_("late"))
    return {
        "manual": f' <span class="badge">{manual}</span>',
        "done": f' <span class="badge">{done}</span>',
        "late": f' <span class="badge badge-late">{late}</span>',
        "just_now": esc(_("last save just now")),
        "nothing": esc(_("nothing saved yet")),
    }


@functools.lru_cache(maxsize=2048)
def _table_fixed(
    language: str | None,
    number: int,
    seats: tuple[tuple[int, str], ...],
    table_id: str,
    public_id: str,
    links: bool,
    urls: tuple[str, str, str],
) -> tuple[str, str]:
    """A table's heading and its row of links, in ``language`` (the active one): the same all
    round, while its games and last save move."""
    heading = _("Table %(number)s") % {"number": number}  # where xgettext finds it
    head = f"<strong>{esc(heading)}</strong>"
    table_url, link_url, result_url = urls
    anchors = []
    if table_id:
        href = table_url.replace(_ID, table_id)
        scoresheet = esc(_("Scoresheet"))  # outside the f-string, where xgettext finds it
        anchors.append(f'<a class="tap-link" href="{href}">{scoresheet}</a>')
    if links:
        for url, word in (
            (link_url, _("Table link and QR code")),
            (result_url, _("Result by hand")),
        ):
            href = url.replace(_ID, public_id)
            anchors.append(f'<a class="tap-link" href="{href}">{esc(word)}</a>')
    return head, f'<p class="round-table-links">{" ".join(anchors)}</p>'


# A moment timesince's words are counted from (``_saved_ago``).
_SINCE = datetime(2000, 1, 1, tzinfo=UTC)


def _saved_ago(language: str | None, last_save: datetime, now: datetime) -> str:
    """ "last save 3 minutes ago", escaped. Within a day timesince's words depend on the whole
    minutes alone: kept by those (a row's is written again at every answer)."""
    since = now - last_save
    if timedelta(0) <= since < timedelta(days=1):
        return _minutes_ago(language, int(since.total_seconds()) // 60)
    return esc(_("last save %(when)s ago") % {"when": timesince(last_save, now)})


@functools.lru_cache(maxsize=4096)
def _minutes_ago(language: str | None, minutes: int) -> str:
    when = timesince(_SINCE, _SINCE + timedelta(minutes=minutes))
    return esc(_("last save %(when)s ago") % {"when": when})


@functools.lru_cache(maxsize=1024)
def _seats(seats: tuple[tuple[int, str], ...]) -> str:
    """A table's seats, each start number and name: the same all round, while the rows around
    them are built again after every save (escaping the names was a third of the rows)."""
    return "".join(f'<span class="seat">{number} {esc(name)}</span>' for number, name in seats)


@functools.lru_cache(maxsize=4096)
def _games(language: str | None, played: int, due: int | None) -> str:
    """A table's games in ``language`` (the active one), escaped: "12 of 32 games", or "12
    games" where the table plays its game to the end."""
    if due:
        return esc(_("%(played)s of %(due)s games") % {"played": played, "due": due})
    return esc(ngettext("%(games)s game", "%(games)s games", played) % {"games": played})


@register.simple_tag(takes_context=True)
def screen_standings_rows(context: template.Context, rows: Sequence[StandingRow]) -> SafeString:
    """The big screen's ``<li>`` for each row: place, start number, name and the first
    figure. The screen polls every 2 s and renders again after every save at any table, so
    built in one pass as the standings' rows are."""
    if _left_out(context):
        return mark_safe(rows_placeholder("screen standings"))
    return mark_safe(screen_standings_text(rows))


def screen_standings_text(rows: Sequence[StandingRow]) -> str:
    return "".join(  # every value is escaped or a number
        f'<li value="{row.place}"><span class="start-number">{row.number}</span> '
        f'{esc(row.name)} <strong class="screen-points" data-number="{row.number}">'
        f"{figure(row.values[0])}</strong></li>"
        for row in rows
    )


@register.simple_tag(takes_context=True)
def screen_seating_rows(context: template.Context, tables: Sequence[TableProgress]) -> SafeString:
    """The big screen's ``<li>`` for each table of the round: its number, its seats and its
    games, built in one pass as the director's rows are."""
    if _left_out(context):
        return mark_safe(rows_placeholder("seating"))
    return mark_safe(screen_seating_text(tables))


def screen_seating_text(tables: Sequence[TableProgress]) -> str:
    table_number = _("Table %(number)s")
    language = get_language()
    parts = []
    for table in tables:
        games = _games(language, table.games_played, table.games_due)
        parts.append(
            f"<li><strong>{esc(table_number % {'number': table.number})}</strong> "
            f'<span class="seats">{_seats(table.seats)}</span> <span class="muted">{games}</span>'
            "</li>"
        )
    return "".join(parts)  # every value is escaped or a number
