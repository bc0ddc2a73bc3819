"""A row of a table's history, built in Python in one pass.

The history shows up to twenty hands on every table page, and a row as a template took about
a dozen tag renders (three translations, a token, three loops): a tenth of a millisecond
each row, most of what a page of a long evening cost beyond a short one. Here the same markup
is joined from strings, escaped as the template engine escapes (games/hands/html.py ``esc``),
with the same messages, so the catalogs translate it as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypedDict

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.hands.base import HAND_WORDS, HistoryLine, RoundWords
from games.hands.html import esc
from games.remembered import Remembered
from games.templatetags.stored_parts import stand_in
from games.templatetags.table_html import csrf_input

register = template.Library()


class _Hand(Protocol):
    @property
    def number(self) -> int: ...


class HistoryRow(TypedDict):
    """A row of the history as tables/history.round_rows makes it."""

    round: _Hand
    dealer: str
    line: HistoryLine
    why_url: str
    edit_url: str
    delete_url: str


@register.simple_tag(takes_context=True)
def history_rows(context: template.Context, rows: Sequence[HistoryRow]) -> SafeString:
    """``{% history_rows rows %}``: the history's rows newest first (``rows`` as
    tables/history.round_rows makes them, oldest first), each with its Why?, Edit and Delete
    buttons where the page offers them."""
    return mark_safe(
        history_rows_html(
            rows,
            _words(context),
            can_score=bool(context.get("can_score")),
            csrf_input=_csrf_input(context),
            version=context["table"].version,
        )
    )


def history_rows_html(
    rows: Sequence[HistoryRow], words: RowWords, *, can_score: bool, csrf_input: str, version: int
) -> str:
    """``history_row_html`` of each of ``rows``, newest first. Each row is made once per process
    for what it shows but the two values every save moves, the table's version and the form's
    token, which stand-ins hold until the rows are joined: a page after a save made its twenty
    rows again where one was new (issue 31)."""

    def row_html(row: HistoryRow) -> str:
        key = (
            words,
            can_score,
            row["round"].number,
            row["dealer"],
            row["line"],
            row["why_url"],
            row["edit_url"],
            row["delete_url"],
        )
        return _ROWS.get(
            key,
            lambda: history_row_html(
                row,
                words,
                can_score=can_score,
                csrf_input=_TOKEN_STAND_IN,
                version=_VERSION_STAND_IN,
            ),
        )

    joined = "".join(row_html(row) for row in reversed(rows))
    return joined.replace(_TOKEN_STAND_IN, csrf_input).replace(_VERSION_STAND_IN, esc(version))


# What stands in a remembered row for its form's token input and the table's version.
_TOKEN_STAND_IN = stand_in("HistoryRowToken")
_VERSION_STAND_IN = stand_in("HistoryRowVersion")


# The history's rows as made (``history_rows_html``), by what they show: some twenty for each
# table in play and each way it is shown (language, scorer or not), about a kilobyte each; all
# let go when there would be more.
_ROWS: Remembered[str] = Remembered(10_000)


def history_row_html(
    row: HistoryRow, words: RowWords, *, can_score: bool, csrf_input: str, version: int | str
) -> str:
    """One hand of the history: ``words`` the page's (``row_words``), ``csrf_input`` its
    form's token input (or nothing), ``version`` the table's (or what stands in for it)."""
    hand, line = row["round"], row["line"]
    # As {% blocktranslate with number=... %}: the values escaped, the translation as written.
    number = esc(hand.number)
    summary = f'<span class="history-summary">{esc(line.summary)}</span> ' if line.summary else ""
    points = " · ".join(f"{esc(side)} <strong>{esc(value)}</strong>" for side, value in line.points)
    lines = "".join(f"<li>{esc(text)}</li>" for text in line.lines)
    actions = []
    if row["why_url"]:
        actions.append(
            f'<a class="button button-small" href="{esc(row["why_url"])}">{words.why}</a>'
        )
    if can_score:
        actions.append(
            f'<a class="button button-small" href="{esc(row["edit_url"])}">{words.edit}</a>\n'
            f'<form method="post" action="{esc(row["delete_url"])}" hx-boost="true" '
            f'hx-confirm="{words.confirm_delete % {"number": number}}" class="inline-form">'
            f"{csrf_input}"
            f'<input type="hidden" name="table_version" value="{esc(version)}">'
            '<button type="submit" class="button button-small button-danger">'
            f"{words.delete}</button></form>"
        )
    heading = words.heading % {"number": number}
    dealt = words.dealt % {"dealer": esc(row["dealer"])}
    return (
        '\n<li class="history-item">\n<details>\n<summary>\n'
        f'<span class="history-number">{heading}</span>\n'
        f'<span class="history-points">{summary}{points}</span>\n'
        "</summary>\n"
        f'<p class="muted">{dealt}</p>\n'
        f'<ul class="explain">{lines}</ul>\n'
        f'<div class="history-actions">\n{chr(10).join(actions)}\n</div>\n'
        "</details>\n</li>\n"
    )


@dataclass(frozen=True)
class RowWords:
    """A row's words in the page's language: the same for every row of a page, so a page
    asks for them once rather than six times a row."""

    why: str
    edit: str
    delete: str
    confirm_delete: str
    heading: str
    dealt: str


def row_words(words_of_rounds: RoundWords) -> RowWords:
    """The history rows' words, where the game names its rounds ``words_of_rounds``, in the
    active language: worked out once per process for each (a save's answer asks every time)."""
    key = (id(words_of_rounds), get_language())
    found = _ROW_WORDS.get(key)
    # The game's words are kept with them, so their id is not another's.
    if found is None or found[0] is not words_of_rounds:
        words = RowWords(
            esc(_("Why?")),
            esc(_("Edit")),
            esc(_("Delete")),
            str(words_of_rounds.delete),
            str(words_of_rounds.number),
            _("Dealt by %(dealer)s"),
        )
        found = _ROW_WORDS[key] = (words_of_rounds, words)
    return found[1]


# The rows' words by the game's words and the language: a few games' words in a few languages.
_ROW_WORDS: dict[tuple[int, str | None], tuple[RoundWords, RowWords]] = {}


_WORDS_KEY = "history_row_words"


def _words(context: template.Context) -> RowWords:
    words = context.render_context.get(_WORDS_KEY)
    if words is None:
        words = row_words(context.get("round_words") or HAND_WORDS)
        context.render_context[_WORDS_KEY] = words
    return words


def _csrf_input(context: template.Context) -> str:
    """``{% csrf_token %}``: the hidden input, or nothing on a page rendered without one."""
    return csrf_input(context.get("csrf_token"))


@register.simple_tag
def round_word(message: str, number: int) -> str:
    """``{% round_word round_words.recorded 4 %}``: one of a game's words for its rounds
    (``hands.base.RoundWords``) naming the one numbered; escaped as any tag's output."""
    return str(message) % {"number": number}


@register.simple_tag
def round_phrase(message: str, **values: object) -> str:
    """``{% round_phrase round_words.invite club=table.club.name %}``: one of a game's words for
    its rounds with its named values, as ``{% blocktranslate with ... %}`` would fill them;
    escaped as any tag's output, the values with it."""
    return str(message) % values


@register.simple_tag
def round_count(message: str, counter: int) -> str:
    """``{% round_count round_words.earlier 3 %}``: a plural among a game's words for its
    rounds, in the form the count takes (the message is lazy until the count picks it)."""
    return message % {"counter": counter}
