"""The table page's builder: ``TablePage`` (a table with its setup, its hands read once and
only when needed, and the game's hand entry) and the renders every table view shares: the
whole page or one of its fragments, the live poll, and the few kilobytes a saved hand
answers with."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.contrib.messages import get_messages
from django.db.models import Model
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseNotModified,
    QueryDict,
)
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.addresses import address
from games.formatting import page_numbers
from games.hands import BaseHandForm, HandEntry, hand_entry_for
from games.hands.base import dealer_lines, remembered_signature, whole_number
from games.hands.html import esc
from games.http import HtmxHttpRequest, form_token, kept_copy
from games.leagues import selectors as league_selectors
from games.models import Role, Round, Table, new_hand_token
from games.packed_pages import PackedPage, PackedResponse
from games.remembered import Remembered
from games.scoring import EntryError, GameState, RoundScore, TableSetup
from games.scoring.base import resumed_state
from games.scoring.phone import entry_reader
from games.scoring.posted import FIRST_HAND, NotScorable, check_hand_form, form_values
from games.tables import access, selectors, write_path
from games.tables.changes import Conflict, change_lines
from games.tables.charts import latest_totals_figure
from games.tables.history import round_rows
from games.templatetags import stored_parts
from games.templatetags.table_html import Guard
from games.words import option_value, part_value

# The history shows this many of the latest hands; older ones load on demand, so a page of a
# long evening costs about what a page of a short one does.
HISTORY_PAGE = 20
# The running-totals chart draws the latest this many hands (issue 31: a page of 500 hands
# costs at most a tenth more than one of 10, in time and a fifth in bytes).
WINDOW = HISTORY_PAGE

# Each game's reader of its hand form, found once (scoring.phone.entry_reader imports it).
_entry_reader = functools.cache(entry_reader)

# The table page's stored part (``{% stored_part %}`` in tables/table_detail.html), and what
# stands in it for the new hand's token.
STORED_PART = "table-main"
HAND_TOKEN_PLACEHOLDER = stored_parts.stand_in("StoredPartHand")

# The parts of the table page a GET can ask for on its own (``?part=``).
PARTS = ("chart", "history")


def render_get(request: HtmxHttpRequest, page: TablePage) -> HttpResponse:
    part = request.GET.get("part", "")
    if request.htmx and part in PARTS:
        return render_table(
            request,
            page,
            page.form(),
            fragment="history-older" if part == "history" else "running-totals",
            history_before=_positive(request.GET.get("before")),
        )
    if request.GET.get("hands") == "all":
        return render_table(request, page, page.form(), history_all=True)
    fill = {HAND_TOKEN_PLACEHOLDER: new_hand_token()}
    values = {**fill, stored_parts.CSRF_PLACEHOLDER: esc(form_token(request))}
    has_message = len(get_messages(request)) > 0
    whole_key = _page_key(stored_key(request, page), request)
    known = None if has_message else STORED_PAGES.known(whole_key)
    if known is not None:
        # The whole page as it is now is stored: nothing on it is read or worked out.
        return PackedResponse(known, values)
    layout = layout_key(request, page)
    if has_message or stored_parts.stored(STORED_PART, layout) is None:
        # Rendered with a placeholder for the new hand's token, filled in for each request.
        form = page.form(hand_token=HAND_TOKEN_PLACEHOLDER)
        return render_table(request, page, form, stored=layout, fill=fill)
    # The part that shows the table is stored but for what a save moves, which is rendered
    # into it, and put in the page around it (``_frame``); the whole page is stored, for every
    # viewer it looks alike to, its tokens filled in (and gzipped from its pieces packed once:
    # games.packed_pages). The hand form is in the stored part: of it, what a save moves is
    # its guard alone, made without building the form (a fifth of the page after a save).
    guard = Guard(page.table.version, HAND_TOKEN_PLACEHOLDER, page.fresh_signature())
    stored = {"stored_key": layout, "csrf_token": stored_parts.CSRF_PLACEHOLDER, "stored_fill": {}}
    context = {**shown_context(request, page), "guard": guard, **stored}

    @functools.cache  # the frame's render, and the whole page's where it has no frame
    def whole_context() -> dict[str, Any]:
        form = page.form(hand_token=HAND_TOKEN_PLACEHOLDER)
        return {**table_context(request, page, form), **stored}

    def whole_page() -> PackedPage:
        main = render_to_string(f"{TEMPLATE}#{STORED_PART}", context, request)
        frame = STORED_FRAMES.get(
            _page_key(layout, request), lambda: _frame(request, whole_context(), main)
        )
        if frame is None:
            text = render(request, TEMPLATE, whole_context()).content.decode()
        else:
            text = frame[0] + main + frame[1]
        return PackedPage(text, {placeholder: len(value) for placeholder, value in values.items()})

    return PackedResponse(STORED_PAGES.get(whole_key, whole_page), values)


TEMPLATE = "tables/table_detail.html"


def _frame(
    request: HtmxHttpRequest, context: Mapping[str, Any], main: str
) -> tuple[str, str] | None:
    """The page around its part that shows the table (``main``, as rendered for it): what
    comes before it and after it, which no save changes (the head, the header, the footer),
    rendered once for each key of the part and each viewer it looks alike to (``_page_key``);
    None where the part is not found once in the page (then the page is rendered whole)."""
    text = render(request, TEMPLATE, context).content.decode()
    before, found, after = text.partition(main)
    return (before, after) if found and main not in after else None


# The page around the stored part (``_frame``) by the part's key and what the page shows
# beyond it: some 15 KB each, one for each table in play and its viewers.
STORED_FRAMES: Remembered[tuple[str, str] | None] = Remembered(600)


# Whole table pages (without a message) by what they show (``_page_key``), their CSRF token and
# new hand's token placeholders: some 20-60 KB each, twice that once packed, twenty megabytes or
# so per app server at most.
STORED_PAGES: Remembered[PackedPage] = Remembered(200)


def _page_key(stored_as: str, request: HtmxHttpRequest) -> tuple[object, ...]:
    """Everything the whole page shows beyond what ``stored_as`` covers (``stored_key`` for the
    whole page, ``layout_key`` for the page around the stored part: the table's rows, the
    reader's role, the language, time zone and host): what the header offers (signed in or a
    guest), whether the service worker keeps it, and the address the language switch comes
    back to."""
    return (
        stored_as,
        request.user.is_authenticated,
        bool(request.session.get("guest")),
        kept_copy(request),
        request.get_full_path(),
    )


def stored_key(request: HtmxHttpRequest, page: TablePage) -> str:
    """The key of the whole table page (``STORED_PAGES``): everything it shows. The table's
    row (its version, which every change to its hands bumps, its result, its watch link, its
    league), its club's and league's rows, each seat's and its player's (renamed players), who
    reads it (a scorer, a viewer, a watch link, a table link), the language and time zone, and
    the address the watch link is built on."""
    return _key(request, page, _row(page.table))


# The table's columns every save moves, which the table page's stored part shows only in its
# ``{% each_time %}`` blocks (the version its forms carry; the hands, through the scoreboard,
# the history and the chart).
MOVED_BY_A_SAVE = frozenset({"version", "updated_at", "hands_played", "tally"})


def layout_key(request: HtmxHttpRequest, page: TablePage) -> str:
    """The key of the table page's stored part (``{% stored_part %}``): what ``stored_key``
    holds but the columns a save moves, and the next hand's form as it starts (what the last
    hand leaves it: ``next_initial``; who sits out the deal). A game whose form looks at the
    earlier hands (``form_uses_earlier``) keeps the version in it: its form is another after
    every save."""
    table = page.table
    moved = () if page.ui.form_uses_earlier else MOVED_BY_A_SAVE
    columns = tuple(
        getattr(table, column.attname)
        for column in table._meta.concrete_fields
        if column.attname not in moved
    )
    form = repr((page.next_initial(), page.sitting_out(None))) if page.can_score else ""
    return _key(request, page, columns, form)


def _key(request: HtmxHttpRequest, page: TablePage, *table: object) -> str:
    rows = [table, _row(page.table.club), _row(page.table.league) if page.table.league else None]
    rows.extend((_row(seat), _row(seat.player)) for seat in page.table.seats.all())
    text = repr(
        (
            rows,
            page.can_score,
            page.watching,
            page.by_link,
            get_language(),
            timezone.get_current_timezone_name(),
            request.scheme,
            request.get_host(),
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _row(instance: Model) -> tuple[object, ...]:
    """A model instance's stored values, as read."""
    return tuple(getattr(instance, field.attname) for field in instance._meta.concrete_fields)


def table_etag(version: int) -> str:
    return f'"t{version}"'


def render_live(
    request: HtmxHttpRequest, version: int, load: Callable[[], TablePage]
) -> HttpResponse:
    """A table page's poll (``?part=live``, every few seconds, ``If-None-Match`` the version it
    shows): 304 with one query for the version while nothing changed; otherwise, out of band,
    the scoreboard, the history, and what changed in words. A phone's hand entry is left as
    it is unless it is untouched (``pristine=1``): then it gets the new guard, or the whole
    entry when the next hand's form differs. Every app server answers alike: the version is
    in the database, nothing is kept between requests."""
    etag = table_etag(version)
    known = request.headers.get("If-None-Match", "").removeprefix("W/")
    if known == etag:
        unchanged = HttpResponseNotModified()
        unchanged["ETag"] = etag
        unchanged["Cache-Control"] = "no-cache, private"
        return unchanged
    page = load()
    seen = known.strip('"').removeprefix("t")
    seen_version = whole_number(seen)
    changes = [] if seen_version is None else write_path.changes_since(page.table, seen_version)
    fresh = page.form()
    pristine = request.GET.get("pristine") == "1" and page.can_score
    context = {
        **table_context(request, page, fresh),
        "changes": change_lines(page.table, changes) if changes else [],
        "pristine": pristine,
        "reset_form": pristine and request.GET.get("signature") == fresh.signature(),
    }
    response = render(request, "tables/table_live.html", context)
    response["ETag"] = table_etag(page.table.version)
    response["Cache-Control"] = "no-cache, private"
    response["HX-Trigger-After-Swap"] = json.dumps({"chart-stale": True})
    return response


def _positive(value: str | None) -> int | None:
    number = whole_number(value)
    return number if number else None


@dataclass
class TablePage:
    """A table with its hands as stored, and the game's hand entry: what every table view
    needs. The hands are read once (``selectors.table_hands``: plain rows, no entries)."""

    table: Table
    setup: TableSetup
    ui: HandEntry
    # Whether the page offers the forms (a scorer) or only shows the table (a viewer, a
    # watch link).
    can_score: bool = True
    watching: bool = False
    # Opened by a tournament's table link, not by a membership: the page leaves out what only
    # the club's members may do (the watch link, abandoning or deleting the table).
    by_link: bool = False
    _hands: list[selectors.StoredHand] | None = field(default=None, repr=False)
    _scores: list[RoundScore] | None = field(default=None, repr=False)
    _state: GameState | None = field(default=None, repr=False)
    # A hand this request recorded while the earlier ones were never read (``recorded``).
    _latest: selectors.StoredHand | None = field(default=None, repr=False)
    # The latest hands alone, where the tally stands for the rest (``latest_hands``).
    _window: list[selectors.StoredHand] | None = field(default=None, repr=False)
    _state_from_tally: bool = field(default=False, repr=False)

    @property
    def hands(self) -> list[selectors.StoredHand]:
        """The table's hands, read on first use (a preview or a save of a game whose form
        does not look at earlier hands never reads them)."""
        if self._hands is None:
            self._hands = selectors.table_hands(self.table)
            if self._latest is not None or self._state_from_tally:
                # The state a save resumed from the totals, or the page took from the tally,
                # knows only the totals: the whole one comes from the hands, this request's
                # included.
                self._state = None
                self._state_from_tally = False
        return self._hands

    @property
    def hands_if_read(self) -> list[selectors.StoredHand] | None:
        return self._hands

    @property
    def hands_played(self) -> int:
        if self._hands is None and self._latest is not None:
            return self.table.hands_played
        tally = self._tally()
        if tally is not None:
            return int(tally["hands"])
        return len(self.hands)

    @property
    def last_hand(self) -> selectors.StoredHand | None:
        """The latest hand, if any (the one this request recorded, or the last of the latest
        hands read, without reading the others)."""
        if self._hands is None and self._latest is not None:
            return self._latest
        latest = self.latest_hands(1)
        return latest[-1] if latest else None

    def latest_hands(self, count: int) -> list[selectors.StoredHand]:
        """The last ``count`` hands, oldest first. Where the table's tally stands for its hands
        (``_tally``), only these are read, so a page of a long evening reads what a page of a
        short one does; otherwise all of them are."""
        if self._hands is None and self._latest is None and self._tally() is not None:
            if self._window is None or len(self._window) < min(count, self.hands_played):
                self._window = selectors.table_hands(self.table, latest=max(count, WINDOW))
            return self._window[-count:]
        return self.hands[-count:] if count else []

    def _tally(self) -> Mapping[str, Any] | None:
        """The table's tally (``Table.tally``: the hands played and each side's total) where
        the page may take the state from it instead of scoring every hand: a game decided
        from the totals alone (``resumes_from_totals``) whose form needs no earlier hand, a
        table not finished, and a tally for the table's current version, as a save that
        resumes from it requires (``quick_save.round_append``)."""
        tally = self.table.tally
        if (
            not self.table.rules.resumes_from_totals
            or self.ui.form_uses_earlier
            or self.table.is_finished
            or not isinstance(tally, dict)
            or tally.get("version") != self.table.version
            or set(tally.get("totals", ())) != set(self.setup.sides)
        ):
            return None
        return tally

    @classmethod
    def for_request(cls, request: HtmxHttpRequest, public_id: str, role: Role) -> TablePage:
        """The table if it is in one of the account's clubs (or a table link the visitor
        opened opens it) and the role allows ``role``."""
        table, held, by_link = access.table_access_for(request, public_id, role, by_link=True)
        page = cls.load(table, can_score=held.allows(Role.SCORER))
        page.by_link = by_link
        return page

    @classmethod
    def load(cls, table: Table, *, can_score: bool = True, watching: bool = False) -> TablePage:
        return cls(table, table.setup(), hand_entry_for(table.game), can_score, watching)

    @classmethod
    def current(cls, table: Table, *, can_score: bool = True, watching: bool = False) -> TablePage:
        """The table as it is now in the database (after a write, or a refused one)."""
        fresh = selectors.table_get(table.public_id, club_ids=[table.club_id])
        return cls.load(fresh, can_score=can_score, watching=watching)

    def reload(self) -> TablePage:
        page = TablePage.current(self.table, can_score=self.can_score, watching=self.watching)
        page.by_link = self.by_link
        return page

    @property
    def scores(self) -> list[RoundScore]:
        if self._scores is None:
            self._scores = [hand.score() for hand in self.hands]
        return self._scores

    @property
    def state(self) -> GameState:
        """The game's state after the hands: totals, who won, who is out. From the tally
        where it stands for the hands (``_tally``: no one has won, and a game decided from
        its totals has nothing else to say), as a save's resumed state is; its
        ``totals_after_each_round`` then holds only the last ones (``chart_totals`` has the
        latest hands')."""
        if self._state is None:
            tally = self._tally() if self._hands is None and self._latest is None else None
            if tally is not None:
                self._state = resumed_state(dict(tally["totals"]), int(tally["hands"]) - 1)
                self._state_from_tally = True
            else:
                self._state = self.table.rules.game_state(self.scores, self.setup)
        return self._state

    def chart_totals(self) -> tuple[int, list[Mapping[str, int]]]:
        """The running totals the chart draws: after each of the latest ``WINDOW`` hands and,
        first, before them (all zero before the first hand), with the number of the hand that
        first point is after (0: the start). A fixed window, so the chart of a long evening
        costs what a short one's does."""
        state = self.state
        if self._hands is not None or self._tally() is None:
            after_each = [dict.fromkeys(self.setup.sides, 0), *state.totals_after_each_round]
            first = max(len(after_each) - 1 - WINDOW, 0)
            return first, after_each[first:]
        latest = self.latest_hands(WINDOW)
        before = dict(state.totals)
        for hand in latest:
            for side, points in hand.points.items():
                before[side] = before.get(side, 0) - points
        after_each = [before]
        for hand in latest:
            running = dict(after_each[-1])
            for side, points in hand.points.items():
                running[side] = running.get(side, 0) + points
            after_each.append(running)
        return (latest[0].number - 1 if latest else 0), after_each

    def recorded(self, round_: Round) -> None:
        """Take in a hand this request just recorded, without reading the table again: the
        write path left the table's new version and result on ``round_.table``, and the
        hand's points on ``round_.points_scored``."""
        assert round_.points_scored is not None  # round_record stored it in this request
        written = round_.table
        for name in ("version", "finished_at", "winners", "hands_played", "updated_at"):
            setattr(self.table, name, getattr(written, name))
        hand = selectors.StoredHand(
            round_.pk,
            round_.public_id,
            round_.number,
            round_.dealer,
            round_.breakdown,
            round_.points_scored,
        )
        # What the write path worked out for the hands it stored, which are these.
        self._state = round_.state_after
        self._state_from_tally = False
        if self._hands is None:
            # Neither the form nor the write read the earlier hands: the answer shows this
            # one and the state, and whatever needs more reads them all (``hands``).
            self._latest = hand
            return
        self.scores.append(hand.score())
        self.hands.append(hand)

    def fresh_signature(self) -> str:
        """The signature of the next hand's fresh form, without building the form where it
        is known already (``remembered_signature``)."""
        if not self.ui.form_uses_earlier:
            known = remembered_signature(self.ui.form_class, self.setup, self.next_initial())
            if known:
                return known
        return self.form().signature()

    def next_initial(self) -> dict[str, object]:
        """What the next hand's form starts with because of the last hand (the game's
        ``next_hand_initial``)."""
        last = self.last_hand
        return self.ui.next_hand_initial(last.breakdown if last is not None else None)

    def hand(self, public_id: str) -> Round:
        """One of the table's hands by its id, entry and all; 404 when there is none."""
        found = selectors.hand_get(self.table, public_id)
        if found is None:
            raise Http404
        return found

    def form(
        self,
        data: Mapping[str, object] | None = None,
        initial: Mapping[str, object] | None = None,
        before: int | None = None,
        hand_token: str = "",
    ) -> BaseHandForm:
        """The hand form; ``before`` is the number of the hand being edited, if any. A game
        whose form does not look at earlier hands (``form_uses_earlier``) is not given them,
        so a preview or a save of it never reads them: the save's write path checks the hand
        against them all the same.

        A fresh form carries the table's version, and a new hand's a token of its own (or
        ``hand_token``).
        """
        scores = self.scores if self.ui.form_uses_earlier else []
        before_this = scores if before is None else scores[: before - 1]
        # Who sits out is the deal's to say, never the post's: a posted form is given it too.
        initial = {**(initial or {}), **self.sitting_out(before)}
        if data is None:
            initial = {**initial, "table_version": self.table.version}
            if before is None:
                initial = {
                    **self.next_initial(),
                    **initial,
                    "hand_token": hand_token or new_hand_token(),
                }
        return self.ui.form(self.setup, self.table.rules, data, initial, before_this)

    def posted_entry(self, data: QueryDict) -> dict[str, object] | None:
        """The new hand a save posts, read straight from its fields by the game's reader
        (``<package>.posted.read_entry``: what the form reads its cleaned values with, and the
        phone a hand kept offline), without building the form: where the form looks at nothing
        but the fields (not the earlier hands, not who deals) and the reader takes them, its
        entry is the form's, and where the form refuses them so does the reader or the engine
        (tests/test_offline_entries.py holds them to it). None where the form must read them:
        the reader refuses them (it may take less than the form) or finds the hand wrong, or the
        form looks further."""
        reader = _entry_reader(self.table.game)
        if (
            reader is None
            or self.ui.form_uses_earlier
            or self.table.rules.dealer_sits_out_at == len(self.setup.players)
        ):
            return None
        # As the phone keeps a form's fields (``posted.form_values``), which the reader is held
        # to the form with: a plain dict, where a QueryDict raised (and caught) an error for
        # each of the forty card radios a hand counted at the table leaves out.
        values = form_values([(name, value) for name, values in data.lists() for value in values])
        try:
            check_hand_form(values)
            return reader(values, self.setup, FIRST_HAND)
        except (NotScorable, EntryError):
            # Refused (or a hand its engine finds wrong already as it reads it): the form says
            # what is wrong.
            return None

    def sitting_out(self, before: int | None) -> dict[str, str]:
        """At a table whose dealer sits out each game (``Game.dealer_sits_out_at``: Schafkopf
        at five), the form's ``sits_out``: the seat that deals the new hand, or the hand
        ``before`` names; nothing at any other table."""
        rules = self.table.rules
        if rules.dealer_sits_out_at != len(self.setup.players):
            return {}
        if before is not None and 0 < before <= len(self.hands):
            return {"sits_out": str(self.hands[before - 1].dealer)}
        last = self.last_hand
        seat = rules.next_dealer(
            self.setup, (), last.dealer if last else None, self.table.first_dealer
        )
        return {"sits_out": str(seat)}

    # A template's context: any value a template reads (as Django types it).
    def hand_context(self, form: BaseHandForm, action_url: str = "") -> dict[str, Any]:
        return {
            "table": self.table,
            "setup": self.setup,
            "form": form,
            "hand_template": self.ui.template,
            "preview_template": f"{self.ui.template}#preview",
            "hand_scripts": self.ui.scripts,
            "hand_styles": self.ui.styles,
            "setup_hint": self.ui.setup_hint(self.setup),
            "submit_label": self.ui.round_words.save,
            "action_url": action_url or address("games:table", table=self.table.public_id),
            "can_score": self.can_score,
            "watching": self.watching,
            "by_link": self.by_link,
            **self.ui.context(form, self.setup),
        }

    def url(self) -> str:
        """This page's address: the table's, or its watch link's."""
        if self.watching:
            return address("games:table_watch", token=self.table.watch_token)
        return address("games:table", table=self.table.public_id)


def render_table(
    request: HtmxHttpRequest,
    page: TablePage,
    form: BaseHandForm,
    *,
    status: int = 200,
    recorded: Round | None = None,
    fragment: str = "",
    target: str = "",
    conflict: Conflict | None = None,
    history_all: bool = False,
    history_before: int | None = None,
    stored: str | None = None,
    fill: Mapping[str, str] | None = None,
) -> HttpResponse:
    """The table page, or one of its fragments; ``stored``, the key its stored part is stored
    under (``layout_key``), with ``fill`` what to fill in for the placeholders in it."""
    context = table_context(request, page, form, history_all, history_before)
    context.update(
        {"recorded": recorded, "conflict": conflict, "stored_key": stored, "stored_fill": fill}
    )
    template = "tables/table_detail.html"
    if request.htmx and fragment:
        template += f"#{fragment}"
    response = render(request, template, context, status=status)
    if request.htmx and target:
        response["HX-Retarget"] = target
        response["HX-Reswap"] = "outerHTML"
    return response


def table_context(
    request: HtmxHttpRequest,
    page: TablePage,
    form: BaseHandForm,
    history_all: bool = False,
    history_before: int | None = None,
) -> dict[str, Any]:
    return {
        **page.hand_context(form),
        **shown_context(request, page, history_all, history_before),
    }


def shown_context(
    request: HtmxHttpRequest,
    page: TablePage,
    history_all: bool = False,
    history_before: int | None = None,
) -> dict[str, Any]:
    """What the page shows of the table but the hand form: the scoreboard, the history, the
    chart and the facts about the table."""
    table, setup = page.table, page.setup
    context = {
        "table": table,
        "setup": setup,
        "can_score": page.can_score,
        "watching": page.watching,
        "by_link": page.by_link,
        **scoreboard_context(page),
    }
    older = 0
    if history_all or history_before is not None:
        shown = page.hands
        if history_before is not None:
            shown = [hand for hand in shown if hand.number < history_before]
        if not history_all:
            older = max(len(shown) - HISTORY_PAGE, 0)
            shown = shown[older:]
    else:
        shown = page.latest_hands(HISTORY_PAGE)
        older = page.hands_played - len(shown)
    seats = list(table.seats.all())
    context.update(
        {
            "rounds": round_rows(page, shown, seats),
            "older_hands": older,
            "oldest_shown": shown[0].number if shown else 0,
            "options_summary": _options_summary(table, setup, page.ui),
            # Drawn only if the template shows it.
            "running_totals": lambda: latest_totals_figure(setup, *page.chart_totals()),
            "plays_for_money": league_selectors.money_per_point(table.game, table.options)[0] > 0,
            # How the page's language writes numbers: the phone writes its totals so too.
            "number_style": page_numbers(),
            "watch_url": request.build_absolute_uri(
                address("games:table_watch", token=table.watch_token)
            )
            if table.watch_token and page.can_score
            else "",
        }
    )
    return context


def scoreboard_context(page: TablePage) -> dict[str, Any]:
    """The totals, who deals next and how many hands were played: the part of the page every
    change to the table changes (``scoreboard_parts``), and the page's address."""
    return {**scoreboard_parts(page), "page_url": page.url()}


def scoreboard_parts(page: TablePage) -> dict[str, Any]:
    """The scoreboard, who deals next, the words naming the dealer for each seat, and the
    heading of the next hand."""
    table, setup, ui = page.table, page.setup, page.ui
    state = page.state
    hands_played = page.hands_played
    next_dealer = None
    dealer_seat = None
    if not state.finished:
        last = page.last_hand
        # The state says who is out; the earlier hands are not needed for the deal.
        dealer_seat = table.rules.next_dealer(
            setup, (), last.dealer if last else None, table.first_dealer, state
        )
        next_dealer = table.seats.all()[dealer_seat].player.name
    # For a phone that may keep hands offline (tables/pending.html): the words naming the
    # dealer, for the seat its hands leave dealing; the scoreboard is the dealing seat's.
    boards = None
    if page.can_score and next_dealer is not None:
        boards = [ui.scoreboard(setup, state, player) for player in setup.players]
    scoreboard = (
        boards[dealer_seat]
        if boards and dealer_seat is not None and setup.players[dealer_seat] == next_dealer
        else ui.scoreboard(setup, state, next_dealer)
    )
    return {
        "state": state,
        "scoreboard": scoreboard,
        "next_dealer": next_dealer,
        "dealer_seat": dealer_seat,
        "dealer_lines": dealer_lines(setup, boards) if boards else None,
        "hands_played": hands_played,
        "record_heading": ui.record_heading(hands_played + 1),
        # The same words for any number, which pending.js counts on by the hands waiting.
        "record_words": str(ui.round_words.record) % {"number": "{number}"},
        "round_words": ui.round_words,
    }


# The empty previews of the next hand's form (``empty_preview``), by what makes them.
_EMPTY_PREVIEWS: Remembered[str] = Remembered(2000)


def empty_preview(request: HtmxHttpRequest, page: TablePage, signature: str) -> str:
    """The next hand's empty preview, out of band, as the game's preview partial renders it
    for a fresh form. A game whose form does not look at earlier hands has the same empty
    preview for the same form (``signature``), setup, language and table address: it is
    rendered once per process for each and given again. The others are rendered each time
    (their preview may show what the earlier hands left)."""

    def render() -> str:
        context = {**page.hand_context(page.form()), "oob": True}
        return render_to_string(f"{page.ui.template}#preview", context, request)

    if page.ui.form_uses_earlier:
        return render()
    key = (page.ui.template, signature, repr(page.setup), get_language(), page.url())
    return _EMPTY_PREVIEWS.get(key, render)


def _options_summary(table: Table, setup: TableSetup, ui: HandEntry) -> list[str]:
    """The options that differ from the defaults, by their labels."""
    labels = []
    for spec in table.rules.option_specs:
        if spec.name in ui.options_on_scoreboard:
            continue
        value = setup.options.get(spec.name)
        if value == spec.default:
            continue
        if spec.kind == "bool":
            if value:
                labels.append(_(spec.label))
        elif isinstance(value, Mapping) and isinstance(spec.default, Mapping):
            changed = [
                part_value(spec, part, value[part])
                for part in spec.parts
                if value.get(part) != spec.default[part]
            ]
            labels.append(option_value(spec, ", ".join(changed)))
        else:
            label = next((c.label for c in spec.choices if c.value == value), None)
            labels.append(option_value(spec, str(value) if label is None else _(label)))
    return labels
