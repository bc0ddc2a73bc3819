"""What every game's hand entry shares: a form that turns taps into a scoring entry, a live
preview, the scoreboard rows and the history lines.

Each game plugs in one ``HandEntry``: the table page, the edit page and the history ask it for
the form, the template and the words, and never look inside a game's entry themselves.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol, TypeVar

from django import forms
from django.http import QueryDict
from django.utils.html import format_html
from django.utils.translation import get_language, gettext_lazy, ngettext_lazy
from django.utils.translation import gettext as _

from games.formatting import page_numbers
from games.hands.demo_base import DemoGame
from games.problems import add_problems
from games.remembered import Remembered
from games.scoring import GAMES, Breakdown, EntryError, Game, GameState, RoundScore, TableSetup
from games.scoring.breakdowns import JSON
from games.scoring.cards import Card

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


T = TypeVar("T")
B = TypeVar("B", bound=Breakdown)
BreakdownT = TypeVar("BreakdownT", bound=Breakdown, covariant=True)


def _digest_key(
    form_class: type[BaseHandForm], setup: TableSetup, initial: Mapping[str, object]
) -> tuple[object, ...]:
    starting = sorted(
        (name, repr(value)) for name, value in initial.items() if name not in FRESH_PER_FORM
    )
    return (form_class, repr(setup), get_language(), repr(starting))


def remembered_signature(
    form_class: type[BaseHandForm], setup: TableSetup, initial: Mapping[str, object]
) -> str | None:
    """The signature of a fresh form of ``form_class`` for ``setup`` in the active language,
    with these starting values and no earlier hands, if one was worked out already
    (``BaseHandForm.signature``): what a save's answer compares with the phone's form
    without building one."""
    return _DIGESTS.known(_digest_key(form_class, setup, initial))


def on_first_read(make: Callable[[], T]) -> Callable[[], T]:
    """A context value worked out when a template first reads it, and kept: a template calls
    what it finds, so the parts of a hand entry that an answer leaves out (a save's answer
    that only empties the phone's form) cost nothing."""
    return functools.cache(make)


class ReadsBreakdowns(Protocol[BreakdownT]):
    """A game that reads its stored breakdowns as its own dataclasses."""

    def read_breakdown(self, data: object) -> BreakdownT: ...


def read_breakdown(
    stored: Mapping[str, JSON], setup: TableSetup, game: type[ReadsBreakdowns[B]]
) -> B:
    """A hand's stored breakdown (or a fresh ``RoundScore.breakdown``) as the dataclass its
    game reads it as (``Game.read_breakdown``), for the words that explain it. ``game`` is the
    class of the table's game, which the hand entry knows and the registry does not say."""
    rules = GAMES[setup.game]
    if not isinstance(rules, game):
        raise TypeError(f"{setup.game} is not a {game.__name__}")
    return rules.read_breakdown(stored)


def row_points(
    points: Mapping[str, int], breakdown: Mapping[str, JSON], setup: TableSetup
) -> tuple[tuple[str, str], ...]:
    """A hand's row in the history: the number its game shows beside each side
    (``Game.row_points``, which the phone's kept hands are written by too)."""
    shown = GAMES[setup.game].row_points(points, breakdown, setup)
    return tuple((side, str(number)) for side, number in shown.items())


def entry_part(entry: Mapping[str, object], key: str) -> Mapping[str, object]:
    """The object under ``key`` in a stored entry (each side's points, captures...), empty
    when there is none: the engine checked the entry's shape when it was stored."""
    value = entry.get(key)
    return value if isinstance(value, Mapping) else {}


def entry_items(value: object) -> list[object]:
    """The items of a list in a stored entry (a side's cards), none when it is not one."""
    return list(value) if isinstance(value, list | tuple) else []


def posted_version(data: Mapping[str, object], field: str = "table_version") -> int:
    """The version (of the table, or the ``field`` named) a posted form was rendered at; -1
    when it carried none (a page from before versions, or a hand-made post), which is always
    out of date."""
    number = whole_number(str(data.get(field, "")))
    return -1 if number is None else number


def posted_token(data: Mapping[str, object]) -> str | None:
    """A new-hand form's token (``hand_token``), when it carried a well-formed one."""
    value = str(data.get("hand_token", ""))
    return value if HAND_TOKEN.fullmatch(value) else None


def whole_number(value: str | None, digits: int = 18) -> int | None:
    """A whole number written in ASCII digits (at most ``digits`` of them, so that it fits a
    database's 64-bit integer), or None. ``str.isdigit`` alone is not enough: it accepts
    superscripts and other scripts' digits ("²", "٣") that ``int`` refuses or reads as
    numbers no player typed."""
    if not value or not value.isascii() or not value.isdigit() or len(value) > digits:
        return None
    return int(value)


# Fields every fresh form gets new values for: not part of what a form offers.
FRESH_PER_FORM = frozenset({"table_version", "hand_token"})
# The digests of fresh forms (BaseHandForm.signature), by what makes them.
_DIGESTS: Remembered[str] = Remembered(2000)

# What new_hand_token makes, and what a retry may send back.
HAND_TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")


class BaseHandForm(forms.Form):
    """A hand as the players entered it; ``clean`` asks the engine whether it is valid.

    ``earlier`` holds the table's scored hands before this one, so rules that depend on them
    (who is still in the game) are checked exactly as the engine will check them on save.

    Every hand form carries the table's version it was rendered at, so a save from a page that
    is out of date is refused rather than overwriting, and a new hand's form a token, so a
    save the phone sends twice is stored once.
    """

    table_version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)
    hand_token = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        *,
        setup: TableSetup,
        rules: Game,
        earlier: Sequence[RoundScore] = (),
        initial: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(data, initial=dict(initial or {}))
        self.setup = setup
        self.rules = rules
        self.earlier = tuple(earlier)
        self.sides = setup.sides
        self.score: RoundScore | None = None
        self._signature: str | None = None
        self.add_fields()

    def add_fields(self) -> None:
        """Add the game's own fields, once ``setup``, ``rules`` and ``earlier`` are set."""

    def entry(self) -> dict[str, object]:
        """The scoresheet entry (docs/scoresheet.md) for what was entered."""
        raise NotImplementedError

    def version(self) -> int:
        """The table's version the form was rendered at (see ``posted_version``)."""
        return posted_version(self.data)

    def token(self) -> str | None:
        """The new-hand form's token, when it carried a well-formed one."""
        return posted_token(self.data)

    def signature(self) -> str:
        """A short digest of what this unbound form offers: its fields, their choices, starting
        values and widget settings. Two fresh forms with one signature render the same
        inputs, so a phone whose form has it can empty its own form for the next hand rather
        than be sent a new one. Empty for a bound form: its inputs hold what was entered."""
        if self.is_bound:
            return ""
        if self._signature is None:
            self._signature = self._remembered_digest()
        return self._signature

    def made_blank(self) -> None:
        """This form was given parts its class, setup and starting values do not make, for the
        blank page of a table started offline (``HandEntry.blank_form``), whose parts are
        marked for the phone: its signature is its own, so neither its digest nor its
        markup (``{% fresh_form_part %}``) is remembered for the forms those make."""
        self._signature = f"blank-{self._digest()}"

    def _remembered_digest(self) -> str:
        """The digest, worked out once per process for each kind of fresh form: a form that
        looks at no earlier hand offers what its class, the table's setup, its starting
        values and the language of its labels make of it, and nothing else (every table
        page and every save asks)."""
        if self.earlier:
            return self._digest()
        return _DIGESTS.get(_digest_key(type(self), self.setup, self.initial), self._digest)

    def _digest(self) -> str:
        # The 40 card fields share one list of choices (add_card_fields): written out once,
        # by the list's identity (the list is kept with it, so its id is not reused).
        written: dict[int, tuple[object, list[tuple[str, str]]]] = {}

        def choices(field: forms.Field) -> list[tuple[str, str]]:
            given = getattr(field, "choices", ())
            if id(given) not in written:
                written[id(given)] = (given, [(str(key), str(label)) for key, label in given])
            return written[id(given)][1]

        parts = [
            (
                name,
                type(field).__name__,
                choices(field),
                str(self.get_initial_for_field(field, name)),
                sorted((key, str(value)) for key, value in field.widget.attrs.items()),
                field.required,
            )
            for name, field in self.fields.items()
            if name not in FRESH_PER_FORM
        ]
        return hashlib.blake2s(repr(parts).encode(), digest_size=9).hexdigest()

    def incomplete(self) -> str:
        """Why the hand cannot be scored yet, in words; empty when it can."""
        return ""

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        missing = self.incomplete()
        if missing:
            self.add_error(None, missing)
            return cleaned
        try:
            self.score = self.rules.score_round(self.entry(), self.setup, self.earlier)
        except EntryError as error:
            add_problems(self, error)
        return cleaned

    def count(self, name: str) -> int:
        value = self.cleaned_data.get(name)
        return int(value) if value else 0

    def value_as_it_stands(self, name: str) -> object:
        """A field's value as the form stands: cleaned once posted (None when it is not
        valid), else the value it starts with (an edited hand's). What the page counts
        beside the form (each side's cards on its button) reads this, so the counts are the
        server's whether the form was posted or not."""
        if not self.is_bound:
            return self.get_initial_for_field(self.fields[name], name)
        self.is_valid()
        return self.cleaned_data.get(name)


@dataclass(frozen=True)
class ScoreRow:
    """One side on the scoreboard."""

    side: str
    total: str  # as shown: "12", "+30", "3.40 €"
    note: str = ""  # "4 to go", "out", "leads"
    winner: bool = False
    out: bool = False
    css: str = ""


@dataclass(frozen=True)
class Scoreboard:
    rows: tuple[ScoreRow, ...]
    facts: tuple[str, ...] = ()  # "Playing to 11", "Next to deal: Bob"


@dataclass(frozen=True)
class DealerSeat:
    """The scoreboard's words that name who deals next, with one seat dealing: its facts that
    change with the dealer, in order, and each side's note where the notes change too."""

    facts: tuple[str, ...]
    notes: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class DealerLines:
    """The scoreboard's words that name who deals next, for each seat that may (``seats``, in
    seat order), and the places of its facts that change with the dealer (``moving``): the
    phone shows those of the seat its kept hands leave dealing (static/js/pending-scores.js),
    as the server says them once the hands are stored."""

    moving: frozenset[int]
    seats: tuple[DealerSeat, ...]


def dealer_lines(setup: TableSetup, boards: Sequence[Scoreboard]) -> DealerLines | None:
    """The scoreboard's words for each seat dealing next (``boards``: the scoreboard with each
    seat's player dealing next, the totals as they stand, in seat order); None where nothing
    on it names the dealer."""
    facts = len(boards[0].facts)
    if any(len(board.facts) != facts for board in boards):
        return None  # no fact to swap for another
    moving = frozenset(
        place for place in range(facts) if len({board.facts[place] for board in boards}) > 1
    )
    notes_move = any(
        len({dict((row.side, row.note) for row in board.rows)[side] for board in boards}) > 1
        for side in setup.sides
    )
    if not moving and not notes_move:
        return None
    return DealerLines(
        moving,
        tuple(
            DealerSeat(
                tuple(board.facts[place] for place in sorted(moving)),
                tuple((row.side, row.note) for row in board.rows) if notes_move else (),
            )
            for board in boards
        ),
    )


@dataclass(frozen=True)
class ChartHints:
    """What a table's running-totals chart says beyond the totals: the total the game turns on
    (a target, a limit; None when it has none), labelled as the scoreboard words it, and
    whether the scoreboard shows money where the chart stays in points."""

    threshold: int | None = None
    threshold_label: str = ""
    money_on_scoreboard: bool = False


@dataclass(frozen=True)
class HistoryLine:
    """A hand in the history: its points per side and its explanation."""

    points: tuple[tuple[str, str], ...]
    lines: tuple[str, ...]
    summary: str = ""  # one line shown before the hand is opened, where points alone say little


@dataclass(frozen=True)
class RoundWords:
    """How a game names its rounds on the table page, one word throughout: the heading over
    the form, its Save button, the notice of one recorded, the history's heading and rows. Each
    a message with ``%(number)s`` where it names one."""

    record: StrOrPromise  # "Record hand %(number)s"
    save: StrOrPromise
    number: StrOrPromise  # "Hand %(number)s", a row of the history
    recorded: StrOrPromise  # "Hand %(number)s recorded."
    played: StrOrPromise  # the history's heading
    none_yet: StrOrPromise
    delete: StrOrPromise  # "Delete hand %(number)s? ..."
    skip: StrOrPromise  # the table page's first tab stop, to the entry
    # A plural by ``%(counter)s`` (``ngettext_lazy`` with "counter" as its number): the link
    # to the history's older rows. ``{% round_count %}`` picks the form.
    earlier: StrOrPromise
    # The notice over a form kept filled in while another phone wrote, its button, and the
    # one that says a form kept on this phone was put back.
    still_filled: StrOrPromise
    clear: StrOrPromise
    restored: StrOrPromise
    change: StrOrPromise  # the edit page's heading, "Change hand %(number)s"
    # What another phone did, in a refused write's lines (``tables.changes``).
    recorded_elsewhere: StrOrPromise  # with %(number)s and %(scores)s
    changed_elsewhere: StrOrPromise  # with %(number)s and %(scores)s
    deleted_elsewhere: StrOrPromise
    # A refused write's note and buttons (``tables.conflicts``).
    kept: StrOrPromise
    record_mine: StrOrPromise
    apply_mine: StrOrPromise
    game_over: StrOrPromise
    abandoned: StrOrPromise
    axis: StrOrPromise  # the running totals chart's horizontal heading
    # The table's log of changes: what it lists, and its button to bring one back.
    log_intro: StrOrPromise
    restore: StrOrPromise
    logged: StrOrPromise  # a row of the log, "hand %(number)s", after what was done
    # What the log's rows say was done to a round ("hand recorded"), by ``TableChange.Kind``:
    # the stored kinds keep their own labels, the changes page shows these.
    log_recorded: StrOrPromise
    log_edited: StrOrPromise
    log_deleted: StrOrPromise
    log_restored: StrOrPromise
    # The notices after an edit, a delete and a restore from the log, each with %(number)s.
    edited: StrOrPromise
    deleted: StrOrPromise
    brought_back: StrOrPromise
    # A refused delete's and restore's buttons (409), the first with %(number)s.
    delete_anyway: StrOrPromise
    restore_anyway: StrOrPromise
    # The running totals chart's description, a plural by ``%(count)s`` (``ngettext_lazy``
    # with "count" as its number), with %(totals)s.
    chart_after: StrOrPromise
    # The table page's lines about its rounds: the watch link's note, the delete-table
    # confirmation, the invite line (with %(club)s), a set-aside table's notice and the
    # status line of a round kept on the phone while offline.
    watch_note: StrOrPromise
    delete_table: StrOrPromise
    invite: StrOrPromise
    set_aside: StrOrPromise
    offline: StrOrPromise


HAND_WORDS = RoundWords(
    gettext_lazy("Record hand %(number)s"),
    gettext_lazy("Save hand"),
    gettext_lazy("Hand %(number)s"),
    gettext_lazy("Hand %(number)s recorded."),
    gettext_lazy("Hands played"),
    gettext_lazy("No hands yet."),
    gettext_lazy("Delete hand %(number)s? The totals will be recomputed."),
    gettext_lazy("Skip to the hand entry"),
    ngettext_lazy("Show the earlier hand", "Show the %(counter)s earlier hands", "counter"),
    gettext_lazy(
        "Your hand is still filled in below. If another phone recorded this same hand, clear "
        "yours; saving it will ask first."
    ),
    gettext_lazy("Clear my hand"),
    gettext_lazy("Your unsaved hand is back, as you left it."),
    gettext_lazy("Change hand %(number)s"),
    gettext_lazy("Hand %(number)s was recorded on another phone: %(scores)s"),
    gettext_lazy("Hand %(number)s was changed on another phone: now %(scores)s"),
    gettext_lazy("Hand %(number)s was deleted on another phone."),
    gettext_lazy("Your hand is still filled in below."),
    gettext_lazy("Record mine as hand %(number)s"),
    gettext_lazy("Apply my change to hand %(number)s"),
    gettext_lazy("The game is over, so your hand cannot be recorded."),
    gettext_lazy("The table was abandoned, so your hand cannot be recorded."),
    gettext_lazy("Hand"),
    gettext_lazy(
        "Every hand recorded, corrected or deleted at this table, newest first, with who did it."
    ),
    gettext_lazy("Restore this hand"),
    gettext_lazy("hand %(number)s"),
    gettext_lazy("hand recorded"),
    gettext_lazy("hand edited"),
    gettext_lazy("hand deleted"),
    gettext_lazy("hand restored"),
    gettext_lazy("Hand %(number)s changed."),
    gettext_lazy("Hand %(number)s deleted. “Changes” can restore it."),
    gettext_lazy("Hand %(number)s restored."),
    gettext_lazy("Delete hand %(number)s anyway"),
    gettext_lazy("Restore the hand anyway"),
    ngettext_lazy("After %(count)s hand: %(totals)s", "After %(count)s hands: %(totals)s", "count"),
    gettext_lazy(
        "Anyone with the watch link sees the scoreboard and the hands, without an account, and "
        "cannot change anything."
    ),
    # The apostrophe the catalogs' message has (the template's before it), not a quote.
    gettext_lazy("Delete this table and all its hands? The club’s log keeps a copy."),  # noqa: RUF001
    gettext_lazy("Invite someone to %(club)s, to record hands on their phone"),
    gettext_lazy("This table is set aside. Take it up again (below) to record hands."),
    gettext_lazy(
        "Not saved yet: no connection. It is kept here and sent when the connection is back."
    ),
)


@dataclass(frozen=True)
class Tool:
    """A page a game package offers beside its tables (the Scopa family's referees), by its URL
    name, which takes no arguments (the package's ``urls.py`` serves it). The home page and the
    rules index list every tool by ``label``; the header links to those with a ``nav_label``."""

    label: StrOrPromise
    url_name: str
    nav_label: StrOrPromise = ""


class HandEntry:
    """A game's hand entry. Subclasses set ``template`` and ``form_class``."""

    # Whether the form or its preview looks at the hands before it (who is out, the totals so
    # far): when not, a preview does not read them.
    form_uses_earlier = True

    template: str = ""
    form_class: type[BaseHandForm] = BaseHandForm
    # Extra scripts and stylesheets the hand entry needs, relative to static/; the table and
    # edit pages load them after the bundle (hand.js, app.css).
    scripts: tuple[str, ...] = ()
    styles: tuple[str, ...] = ()
    # The options the blank page of a table started offline is rendered with
    # (tables/offline_views.py): each that adds to the hand form, its parts marked with
    # ``{% offline_if %}`` for the phone to keep only where the table's options hold. A game
    # that has not one of them leaves it out.
    blank_options: Mapping[str, object] = MappingProxyType({})
    # Options the scoreboard states in its own words ("Playing to 11"), so the table page's
    # list of chosen options leaves them out.
    options_on_scoreboard: frozenset[str] = frozenset()
    # The page a recorded hand's "Why?" opens (the Scopa family's: the primiera referee on its
    # cards), by the URL name of a page taking ``table`` and ``hand``; "" for none.
    why_url_name = ""
    # The standings' own measures of the game, after those of every game (rating, games
    # played, wins, win rate), by their column keys (games.leagues ``COLUMNS``); and, when a
    # phone should show the game's own figures first, every column in the order it shows them.
    standings_measures: tuple[str, ...] = ("average_place",)
    standings_on_screen: tuple[str, ...] = ()
    # What the table page calls a round of the game.
    round_words: RoundWords = HAND_WORDS

    def form(
        self,
        setup: TableSetup,
        rules: Game,
        data: Mapping[str, object] | None = None,
        initial: Mapping[str, object] | None = None,
        earlier: Sequence[RoundScore] = (),
    ) -> BaseHandForm:
        return self.form_class(data, setup=setup, rules=rules, earlier=earlier, initial=initial)

    def blank_form(self, form: BaseHandForm) -> None:
        """Give the form of a table started offline's blank page (``blank_options``) the parts
        an option takes away too, marked in the template as the parts an option adds."""

    def initial_from_entry(
        self, entry: Mapping[str, object], setup: TableSetup
    ) -> dict[str, object]:
        """Form values for a stored entry, so it can be edited."""
        raise NotImplementedError

    def shortcut(self, data: QueryDict) -> QueryDict | None:
        """New form data when a no-JavaScript shortcut button was pressed, else None."""
        return None

    def next_hand_initial(self, last: Mapping[str, JSON] | None) -> dict[str, object]:
        """Starting values of the next hand's form that follow from the last hand's stored
        breakdown (``last``; None before the first hand), such as the way it was entered."""
        return {}

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, object]:
        """Template values beyond the form: grids, steppers, the preview."""
        return {}

    def explain(self, breakdown: Mapping[str, JSON], setup: TableSetup) -> list[str]:
        """One plain sentence per part of a hand's stored breakdown, which the game reads as
        its dataclass (``read_breakdown``) where a row is shown."""
        return []

    def history_line(
        self, points: Mapping[str, int], breakdown: Mapping[str, JSON], setup: TableSetup
    ) -> HistoryLine:
        return HistoryLine(
            points=row_points(points, breakdown, setup), lines=tuple(self.explain(breakdown, setup))
        )

    def scoreboard(
        self, setup: TableSetup, state: GameState, next_dealer: str | None
    ) -> Scoreboard:
        """The totals as this game shows them, in seat order."""
        rows = tuple(
            ScoreRow(
                side, total_text(setup, state.totals.get(side, 0)), winner=side in state.winners
            )
            for side in setup.sides
        )
        return Scoreboard(rows, tuple(dealer_facts(next_dealer)))

    def record_heading(self, number: int) -> str:
        """The heading over the form for the next round, as the game names a round."""
        return str(self.round_words.record) % {"number": number}

    def setup_hint(self, setup: TableSetup | None) -> str:
        """A line for the new-table form and the table page, such as how many decks to
        shuffle; ``None`` while the players are not known yet. Empty when there is nothing
        to say."""
        return ""

    def seating_help(self, rules: Game) -> str:
        """A line under the new-table form's players on how they sit; empty when the order
        of play says it all."""
        return ""

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        """What the table's running-totals chart marks and says (see ``ChartHints``)."""
        return ChartHints()

    def demo(self, game: str) -> DemoGame | None:
        """How the demo club plays ``game`` (games.demo); None leaves it out of the demo."""
        return None

    def rules_template(self, game: str) -> str:
        """The template of ``game``'s rules summary, which the rules page includes; a game
        package names one in its own templates. The page goes without a summary when the
        template does not exist."""
        return f"games/rules/{game}.html"


def offline_attrs(field: forms.Field, condition: str, attrs: Mapping[str, str | None]) -> None:
    """Mark a field of a blank page's form (``HandEntry.blank_form``) for the phone: where the
    table's options hold ``condition`` (as ``{% offline_if %}`` reads it), its input takes
    ``attrs`` (None takes one away), as the server's form for those options gives them."""
    marks = json.loads(field.widget.attrs.get(OFFLINE_ATTRS, "{}"))
    field.widget.attrs[OFFLINE_ATTRS] = json.dumps({**marks, condition: dict(attrs)})


# The attribute offline_attrs writes (static/js/offline-tables.js reads it).
OFFLINE_ATTRS = "data-offline-attrs"


def total_text(setup: TableSetup, total: int) -> str:
    """A side's total as the scoreboard writes it, the game's way (``Game.total_text``) in the
    page's language: the phone writes the totals with the hands it kept by the same function
    (games/scoring/phone.py)."""
    return GAMES[setup.game].total_text(total, setup, page_numbers())


def dealer_facts(next_dealer: str | None) -> list[str]:
    if not next_dealer:
        return []
    return [format_html("{} <strong>{}</strong>", _("Next to deal:"), next_dealer)]


def rest_to(data: QueryDict, cards: Sequence[Card], mode: str) -> QueryDict | None:
    """ "All remaining cards to X" without JavaScript: a submit button named ``rest_to`` gives
    every card not yet assigned to that side, and switches the form to card entry."""
    if "rest_to" not in data:
        return None
    data = data.copy()
    side = data.get("rest_to", "")
    for card in cards:
        if not data.get(f"card_{card.code}"):
            data[f"card_{card.code}"] = side
    data["mode"] = mode
    return data
