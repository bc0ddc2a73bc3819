"""Pages. Each view serves its page and, for htmx requests, just the fragment that changed.

Every htmx interaction is backed by a plain link or form post, so the pages work without
JavaScript; invalid input re-renders the form with its errors (status 422) and saves nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseNotModified,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)
from django_htmx.http import HttpResponseClientRedirect

from games import access, ratelimit, selectors, services
from games.charts import running_totals_chart
from games.forms import NewTableForm, ScoresheetUploadForm
from games.hands import HAND_ENTRIES, BaseHandForm, HandEntry, hand_entry_for
from games.hands.base import posted_version, remembered_signature
from games.http import HtmxHttpRequest
from games.models import Role, Round, Table, TableChange, new_hand_token
from games.problems import CONFLICT, UNPROCESSABLE, add_problems, problem_text
from games.remembered import Remembered
from games.scoring import GAMES, EntryError, GameState, RoundScore, TableSetup
from games.scoring.errors import problem
from games.scoring.i18n import gettext_noop
from games.scoring.options import OptionSpec
from games.scoring.scoresheet import GameNotSupported
from games.uploads import HoldsNul, TooDeep, check_document
from games.words import label_value

# The session key naming the table a phone just abandoned (abandon_views): the home page it
# is sent to offers Undo for that table, once, like a message.
JUST_ABANDONED = "just_abandoned"


# HEAD too: uptime checks and link previews ask for the home page that way.
@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The tables of the visitor's clubs; a first-time visitor sees how to start one."""
    clubs = access.club_ids(request.user)
    scorer_clubs = _scorer_clubs(request)
    abandoned = list(selectors.tables_abandoned(clubs)[:50])
    just = request.session.pop(JUST_ABANDONED, None)
    return render(
        request,
        "games/home.html",
        {
            "in_progress": selectors.tables_in_progress(clubs)[:50],
            "finished": selectors.tables_finished(clubs)[:50],
            "abandoned": abandoned,
            # Found among the list just read: no query of its own.
            "just_abandoned": next((t for t in abandoned if t.public_id == just), None),
            "scorer_clubs": scorer_clubs,
            "upload_form": ScoresheetUploadForm(scorer_club_ids=scorer_clubs),
        },
    )


def _scorer_clubs(request: HtmxHttpRequest) -> list[int]:
    return access.club_ids(request.user, Role.SCORER)


# -- new table ----------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def table_new(request: HtmxHttpRequest) -> HttpResponse:
    """Choose the game, the players in seat order and the options.

    Changing the game re-renders the form for that game (htmx GET with ``game``; without
    JavaScript, the "Show options" button posts ``refresh``) and keeps the names typed so far.
    """
    if request.method == "POST" and "refresh" not in request.POST:
        form = NewTableForm(request.POST, scorer_club_ids=_scorer_clubs(request))
        if form.is_valid():
            # Before anything is saved, the guest account a first table makes included.
            ratelimit.check(request, "table")
            league = form.cleaned_data.get("league")
            club = access.club_for_new(
                request, league.club if league else form.cleaned_data.get("club")
            )
            try:
                table = services.table_create(
                    club=club,
                    by=request.user,
                    game=form.rules.key,
                    players=form.players(),
                    options=form.options(),
                    teams=form.setup.teams,
                    first_dealer=form.cleaned_data.get("first_dealer") or 0,
                    league=form.cleaned_data.get("league"),
                )
            except EntryError as error:
                add_problems(form, error)
            else:
                url = reverse("games:table", kwargs={"table": table.public_id})
                if request.htmx:
                    # A new page, not a fragment: let the browser load it (and its URL).
                    return HttpResponseClientRedirect(url)
                return redirect(url)
        return _render_new_table(request, form, status=UNPROCESSABLE)
    data = request.POST if request.method == "POST" else request.GET
    form = NewTableForm.prefilled(data, scorer_club_ids=_scorer_clubs(request))
    return _render_new_table(request, form)


def _render_new_table(
    request: HtmxHttpRequest, form: NewTableForm, status: int = 200
) -> HttpResponse:
    template = "games/table_new.html"
    if request.htmx:
        template += "#table-form"
    setup = getattr(form, "setup", None)
    ui = hand_entry_for(form.rules.key)
    context = {
        "form": form,
        "recent_players": selectors.recent_player_names(
            access.club_ids(request.user), league=form["league"].value()
        ),
        "setup_hint": ui.setup_hint(setup),
        "seating_help": ui.seating_help(form.rules),
    }
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
def table_import(request: HtmxHttpRequest) -> HttpResponse:
    """Create a table from an uploaded scoresheet: every round, or nothing.

    A JSON array of scoresheets (the "every table" export) creates all of its tables, or none.
    """
    form = ScoresheetUploadForm(
        request.POST or None, request.FILES or None, scorer_club_ids=_scorer_clubs(request)
    )
    if request.method == "POST" and form.is_valid():
        ratelimit.check(request, "import")
        try:
            document = json.load(form.cleaned_data["scoresheet"])
            # Before anything reads it: no deep nesting, and no NUL (PostgreSQL stores none).
            check_document(document)
            with transaction.atomic():
                club = access.club_for_new(request, form.cleaned_data.get("club"))
                tables = _import_each(document, club, request.user)
        except (RecursionError, TooDeep):
            form.add_error("scoresheet", _("This file nests too deeply to be a scoresheet."))
        except HoldsNul:
            form.add_error(
                "scoresheet", _("This file holds a NUL character, which no name or value may.")
            )
        except (ValueError, UnicodeDecodeError) as error:
            if isinstance(error, EntryError):
                add_problems(form, error)
            elif isinstance(error, GameNotSupported):
                form.add_error(None, _("%(game)s is not supported yet.") % {"game": error.game})
            else:
                form.add_error("scoresheet", _("This file is not valid JSON."))
        else:
            if len(tables) == 1:
                messages.success(request, _("Table imported."))
                return redirect("games:table", table=tables[0].public_id)
            messages.success(request, _("%(count)d tables imported.") % {"count": len(tables)})
            return redirect("games:home")
    status = UNPROCESSABLE if request.method == "POST" else 200
    return render(request, "games/table_import.html", {"form": form}, status=status)


def _import_each(document: object, club: Any, by: Any) -> list[Table]:
    if not isinstance(document, list):
        return [services.table_import(document, club=club, by=by)]
    if not document:
        raise ValueError("no scoresheet in the list")
    tables = []
    for number, sheet in enumerate(document, start=1):
        try:
            tables.append(services.table_import(sheet, club=club, by=by))
        except EntryError as error:
            # Which scoresheet of the file is wrong, before what is wrong with it.
            raise EntryError(
                [
                    problem(
                        gettext_noop("scoresheet {number}: {problem}"),
                        p.field,
                        number=number,
                        problem=problem_text(p),
                    )
                    for p in error.problems
                ]
            ) from None
    return tables


# -- the table page -----------------------------------------------------------------------------


# The history shows this many of the latest hands; older ones load on demand, so a page of a
# long evening costs about what a page of a short one does.
HISTORY_PAGE = 20
# The parts of the table page a GET can ask for on its own (``?part=``).
PARTS = ("chart", "history")


@require_http_methods(["GET", "POST"])
def table_detail(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """The scoreboard, the hand entry and the history.

    POST ``action=preview`` (htmx, on every change) renders the live preview only; a game's
    shortcut button (such as "All remaining cards to X") re-renders the form with it applied;
    otherwise the hand is recorded: once per form (``hand_token``), and only if the table is
    still at the version the form was rendered at (``table_version``; 409 otherwise). With
    htmx, a recorded hand answers with only what changed (``_render_recorded``).
    A GET with ``?part=chart`` or ``?part=history&before=N`` renders that part alone.
    """
    if request.method != "POST" and request.GET.get("part") == "live":
        return _render_live(
            request,
            access.table_version_for(request, table),
            lambda: TablePage.for_request(request, table, Role.VIEWER),
        )
    page = TablePage.for_request(
        request, table, Role.SCORER if request.method == "POST" else Role.VIEWER
    )
    if request.method != "POST":
        return _render_get(request, page)
    if request.POST.get("action") == "preview":
        preview = page.form(request.POST)
        return render(request, f"{page.ui.template}#preview", page.hand_context(preview))
    form = page.form(request.POST)
    shortcut = page.ui.shortcut(request.POST)
    if shortcut is not None:
        return _render_table(
            request, page, page.form(shortcut), fragment="record", target="#record"
        )
    # A retry of a save that went through answers as that save did, whatever came after it.
    # At the table's version no hand can have the token yet (storing one bumps the version);
    # round_record looks again under the lock all the same.
    token = form.token()
    already = (
        page.table.rounds.filter(hand_token=token).order_by().first()
        if token and form.version() != page.table.version
        else None
    )
    if already is None and form.version() != page.table.version:
        return _refuse_stale_record(request, page, form.version())
    recorded = None
    if already is None and form.is_valid():
        try:
            recorded = services.round_record(
                page.table,
                form.entry(),
                version=form.version(),
                token=token,
                by=request.user,
                hands=page.hands_if_read,
                hands_version=page.table.version,
                setup=page.setup,
            )
        except services.StaleWrite as stale:
            return _refuse_stale_record(request, page, form.version(), stale)
        except EntryError as error:
            add_problems(form, error)
    done = recorded or already
    if done is not None and not request.htmx:
        messages.success(request, _("Hand %(number)s recorded.") % {"number": done.number})
        return redirect("games:table", table=table)
    if recorded is not None and recorded.points_scored is None:
        already = recorded  # stored by the same form meanwhile, found under the lock
    elif recorded is not None:
        return _render_recorded(request, page, recorded, form)
    if already is not None:
        page = page.reload()
        return _render_table(request, page, page.form(), recorded=already, fragment="table-main")
    if page.table.is_finished:
        # A hand sent after the game ended: the page as it is now says why it was not saved.
        return _render_table(request, page, form, status=UNPROCESSABLE, fragment="table-main")
    # Only the hand entry, with the problems: nothing else on the page changed.
    return _render_table(
        request, page, form, status=UNPROCESSABLE, fragment="record", target="#record"
    )


def _render_get(request: HtmxHttpRequest, page: TablePage) -> HttpResponse:
    part = request.GET.get("part", "")
    if request.htmx and part in PARTS:
        return _render_table(
            request,
            page,
            page.form(),
            fragment="history-older" if part == "history" else "running-totals",
            history_before=_positive(request.GET.get("before")),
        )
    return _render_table(request, page, page.form(), history_all=request.GET.get("hands") == "all")


def table_etag(version: int) -> str:
    return f'"t{version}"'


def _render_live(
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
    changes = services.changes_since(page.table, int(seen)) if seen.isdigit() else []
    fresh = page.form()
    pristine = request.GET.get("pristine") == "1" and page.can_score
    context = {
        **_table_context(request, page, fresh),
        "changes": change_lines(page.table, changes) if changes else [],
        "pristine": pristine,
        "reset_form": pristine and request.GET.get("signature") == fresh.signature(),
    }
    response = render(request, "games/table_live.html", context)
    response["ETag"] = table_etag(page.table.version)
    response["Cache-Control"] = "no-cache, private"
    response["HX-Trigger-After-Swap"] = json.dumps({"chart-stale": True})
    return response


def _positive(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and int(value) > 0 else None


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
    _hands: list[selectors.StoredHand] | None = field(default=None, repr=False)
    _scores: list[RoundScore] | None = field(default=None, repr=False)
    _state: GameState | None = field(default=None, repr=False)
    # A hand this request recorded while the earlier ones were never read (``recorded``).
    _latest: selectors.StoredHand | None = field(default=None, repr=False)

    @property
    def hands(self) -> list[selectors.StoredHand]:
        """The table's hands, read on first use (a preview or a save of a game whose form
        does not look at earlier hands never reads them)."""
        if self._hands is None:
            self._hands = selectors.table_hands(self.table)
            if self._latest is not None:
                # The state a save resumed from the totals knows only the totals: the whole
                # one comes from the hands, this request's included.
                self._state = None
        return self._hands

    @property
    def hands_if_read(self) -> list[selectors.StoredHand] | None:
        return self._hands

    @property
    def hands_played(self) -> int:
        if self._hands is None and self._latest is not None:
            return self.table.hands_played
        return len(self.hands)

    @property
    def last_hand(self) -> selectors.StoredHand | None:
        """The latest hand, if any (the one this request recorded, without reading the
        others)."""
        if self._hands is None and self._latest is not None:
            return self._latest
        return self.hands[-1] if self.hands else None

    @classmethod
    def for_request(cls, request: HtmxHttpRequest, public_id: str, role: Role) -> TablePage:
        """The table if it is in one of the account's clubs and the role allows ``role``."""
        table, held = access.table_and_role_for(request, public_id, role)
        return cls.load(table, can_score=held.allows(Role.SCORER))

    @classmethod
    def load(cls, table: Table, *, can_score: bool = True, watching: bool = False) -> TablePage:
        return cls(table, table.setup(), hand_entry_for(table.game), can_score, watching)

    @classmethod
    def current(cls, table: Table, *, can_score: bool = True, watching: bool = False) -> TablePage:
        """The table as it is now in the database (after a write, or a refused one)."""
        fresh = selectors.table_get(table.public_id, club_ids=[table.club_id])
        return cls.load(fresh, can_score=can_score, watching=watching)

    def reload(self) -> TablePage:
        return TablePage.current(self.table, can_score=self.can_score, watching=self.watching)

    @property
    def scores(self) -> list[RoundScore]:
        if self._scores is None:
            self._scores = [hand.score() for hand in self.hands]
        return self._scores

    @property
    def state(self) -> GameState:
        """The game's state after the hands: totals, who won, who is out."""
        if self._state is None:
            self._state = self.table.rules.game_state(self.scores, self.setup)
        return self._state

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
            known = remembered_signature(self.ui.form_class, self.setup)
            if known:
                return known
        return self.form().signature()

    def hand(self, public_id: str) -> Round:
        """One of the table's hands by its id, entry and all; 404 when there is none."""
        found = self.table.rounds.filter(public_id=public_id).first()
        if found is None:
            raise Http404
        return found

    def form(
        self,
        data: Any = None,
        initial: Any = None,
        before: int | None = None,
    ) -> BaseHandForm:
        """The hand form; ``before`` is the number of the hand being edited, if any. A game
        whose form does not look at earlier hands (``form_uses_earlier``) is not given them,
        so a preview or a save of it never reads them: the save's write path checks the hand
        against them all the same.

        A fresh form carries the table's version, and a new hand's a token of its own.
        """
        scores = self.scores if self.ui.form_uses_earlier else []
        before_this = scores if before is None else scores[: before - 1]
        if data is None:
            initial = {**(initial or {}), "table_version": self.table.version}
            if before is None:
                initial["hand_token"] = new_hand_token()
        return self.ui.form(self.setup, self.table.rules, data, initial, before_this)

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
            "action_url": action_url
            or reverse("games:table", kwargs={"table": self.table.public_id}),
            "can_score": self.can_score,
            "watching": self.watching,
            **self.ui.context(form, self.setup),
        }

    def url(self) -> str:
        """This page's address: the table's, or its watch link's."""
        if self.watching:
            return reverse("games:table_watch", kwargs={"token": self.table.watch_token})
        return reverse("games:table", kwargs={"table": self.table.public_id})


def _render_table(
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
) -> HttpResponse:
    context = _table_context(request, page, form, history_all, history_before)
    context.update({"recorded": recorded, "conflict": conflict})
    template = "games/table_detail.html"
    if request.htmx and fragment:
        template += f"#{fragment}"
    response = render(request, template, context, status=status)
    if request.htmx and target:
        response["HX-Retarget"] = target
        response["HX-Reswap"] = "outerHTML"
    return response


def _table_context(
    request: HtmxHttpRequest,
    page: TablePage,
    form: BaseHandForm,
    history_all: bool = False,
    history_before: int | None = None,
) -> dict[str, Any]:
    table, setup = page.table, page.setup
    context = {**page.hand_context(form), **_scoreboard_context(page)}
    shown = page.hands
    if history_before is not None:
        shown = [hand for hand in shown if hand.number < history_before]
    older = 0
    if not history_all:
        older = max(len(shown) - HISTORY_PAGE, 0)
        shown = shown[older:]
    seats = list(table.seats.all())
    state = context["state"]
    context.update(
        {
            "rounds": _round_rows(page, shown, seats),
            "older_hands": older,
            "oldest_shown": shown[0].number if shown else 0,
            "options_summary": _options_summary(table, setup, page.ui),
            # Laid out only if the template draws it.
            "running_totals": lambda: running_totals_chart(setup, state),
            "plays_for_money": selectors.money_per_point(table.game, table.options)[0] > 0,
            "watch_url": request.build_absolute_uri(
                reverse("games:table_watch", kwargs={"token": table.watch_token})
            )
            if table.watch_token and page.can_score
            else "",
        }
    )
    return context


def _scoreboard_context(page: TablePage) -> dict[str, Any]:
    """The totals, who deals next and how many hands were played: the part of the page every
    change to the table changes."""
    table, setup = page.table, page.setup
    state = page.state
    hands_played = page.hands_played
    next_dealer = None
    if not state.finished:
        last = page.last_hand
        # The state says who is out; the earlier hands are not needed for the deal.
        dealer_seat = table.rules.next_dealer(
            setup, (), last.dealer if last else None, table.first_dealer, state
        )
        next_dealer = table.seats.all()[dealer_seat].player.name
    return {
        "state": state,
        "scoreboard": page.ui.scoreboard(setup, state, next_dealer),
        "next_dealer": next_dealer,
        "hands_played": hands_played,
        "record_heading": page.ui.record_heading(hands_played + 1),
        "page_url": page.url(),
    }


def _render_recorded(
    request: HtmxHttpRequest, page: TablePage, recorded: Round, posted: BaseHandForm
) -> HttpResponse:
    """What a phone gets back for the hand it just recorded (htmx): the scoreboard, the new
    row of the history, the "recorded, undo" notice and a form ready for the next hand, as
    out-of-band swaps, a few kilobytes whatever the number of hands.

    The form already on the phone is emptied there (``form.reset()``) rather than sent again
    when the next hand's form would be the same as it (``signature``); otherwise, and after
    the first hand or the last one, the fragments that change are larger, and so is the
    answer. The running-totals chart fetches itself again on the ``hand-recorded`` event.
    """
    page.recorded(recorded)
    events: dict[str, object] = {"hand-recorded": {"version": page.table.version}}
    if page.table.is_finished or page.hands_played == 1:
        fresh = page.form()
        response = _render_table(request, page, fresh, recorded=recorded, fragment="table-main")
    else:
        signature = page.fresh_signature()
        reset = posted.data.get("form_signature") == signature
        context = {
            "table": page.table,
            "can_score": page.can_score,
            **_scoreboard_context(page),
            "recorded": recorded,
            "reset_form": reset,
        }
        if reset:
            # The phone empties its own form: it gets the next hand's guard and an empty
            # preview, and no form is built for them where the game's are known.
            context["form"] = FreshGuard(
                BoundValue(page.table.version), BoundValue(new_hand_token()), signature
            )
            context["empty_preview"] = _empty_preview(request, page, signature)
        else:
            context.update(page.hand_context(page.form()))
        latest = page.last_hand
        assert latest is not None  # the hand just recorded
        context["rounds"] = _round_rows(page, [latest], list(page.table.seats.all()))
        events["hand-recorded"] = {"version": page.table.version, "reset": reset}
        response = render(request, "games/table_recorded.html", context)
        response["HX-Retarget"] = "#scoreboard"
        response["HX-Reswap"] = "outerHTML show:#main:top"
        events["chart-stale"] = True
    response["HX-Trigger-After-Swap"] = json.dumps(events)
    return response


@dataclass(frozen=True)
class BoundValue:
    """A guard field's value, as a template reads a bound field's (``field.value``)."""

    value: object


@dataclass(frozen=True)
class FreshGuard:
    """What games/table_guard.html reads of a fresh form (``form.table_version.value``,
    ``form.hand_token.value``, ``form.signature``), for an answer whose phone empties its own
    form: the version and the new token of the next hand's form, and its signature."""

    table_version: BoundValue
    hand_token: BoundValue
    signature: str
    is_bound: bool = False


# The empty previews of the next hand's form (``_empty_preview``), by what makes them.
_EMPTY_PREVIEWS: Remembered[str] = Remembered(2000)


def _empty_preview(request: HtmxHttpRequest, page: TablePage, signature: str) -> str:
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


# -- writes from a page that is out of date (409) -----------------------------------------------


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
    lines = []
    for change in changes:
        number = change.hand_number
        scores = points_text(change.after, sides)
        if change.kind == TableChange.Kind.RECORDED:
            line = _("Hand %(number)s was recorded on another phone: %(scores)s")
        elif change.kind == TableChange.Kind.EDITED:
            line = _("Hand %(number)s was changed on another phone: now %(scores)s")
        elif change.kind == TableChange.Kind.DELETED:
            line = _("Hand %(number)s was deleted on another phone.")
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


def _refuse_stale_record(
    request: HtmxHttpRequest,
    page: TablePage,
    version: int,
    stale: services.StaleWrite | None = None,
) -> HttpResponse:
    """409 for a new hand from an out-of-date page: the table as it is now, what changed, and
    the hand kept filled in, ready to record as the next hand (same token) or to discard."""
    page = page.reload()
    changes = stale.changes if stale else services.changes_since(page.table, version)
    data = request.POST.copy()
    data["table_version"] = str(page.table.version)
    form = page.form(data)
    table_url = reverse("games:table", kwargs={"table": page.table.public_id})
    if page.table.is_finished or page.table.is_abandoned:
        conflict = Conflict(
            change_lines(page.table, changes),
            _("The table was abandoned, so your hand cannot be recorded.")
            if page.table.is_abandoned
            else _("The game is over, so your hand cannot be recorded."),
            "",
            _("Back to the table"),
            table_url,
        )
    else:
        conflict = Conflict(
            change_lines(page.table, changes),
            _("Your hand is still filled in below."),
            _("Record mine as hand %(number)s") % {"number": len(page.hands) + 1},
            _("Discard mine"),
            table_url,
        )
    return _render_table(
        request, page, form, status=CONFLICT, fragment="table-main", conflict=conflict
    )


def refuse_stale_table_write(
    request: HtmxHttpRequest, stale: services.StaleWrite, retry_label: str, retry_url: str
) -> HttpResponse:
    """409 for a button's write (delete a hand, end or take up the evening) from an
    out-of-date page: the table as it is now, what changed, and the write offered again."""
    page = TablePage.current(stale.table)
    table_url = reverse("games:table", kwargs={"table": page.table.public_id})
    conflict = Conflict(
        change_lines(page.table, stale.changes),
        "",
        retry_label,
        _("Leave it"),
        table_url,
        retry_url,
    )
    # A boosted form swaps the whole body: answer with the whole page.
    return _render_table(request, page, page.form(), status=CONFLICT, conflict=conflict)


# A hand id no real one can be (they are lowercase): reversed once per page, then replaced.
_ANY_HAND = "HAND"


def _hand_url(page: TablePage, name: str) -> Callable[[str], str]:
    """A hand's address on this table by its id: ``reverse`` once for the page, a string
    replacement per row (a history of twenty hands asked for sixty reverses)."""
    pattern = reverse(name, kwargs={"table": page.table.public_id, "hand": _ANY_HAND})
    return lambda hand: pattern.replace(_ANY_HAND, hand)


def _round_rows(
    page: TablePage, hands: Sequence[selectors.StoredHand], seats: list[Any]
) -> list[dict[str, Any]]:
    """The history's rows: each hand's line, its dealer, and the addresses of its buttons."""
    edit_url = _hand_url(page, "games:round_edit")
    delete_url = _hand_url(page, "games:round_delete")
    why_url = (
        _hand_url(page, page.ui.why_url_name)
        if page.ui.why_url_name and not page.watching
        else None
    )
    return [
        {
            "round": hand,
            "dealer": seats[hand.dealer].player.name if hand.dealer < len(seats) else "",
            "line": page.ui.history_line(
                hand.points, selectors.in_seat_order(hand.breakdown, page.setup.sides), page.setup
            ),
            "why_url": why_url(hand.public_id) if why_url else "",
            "edit_url": edit_url(hand.public_id),
            "delete_url": delete_url(hand.public_id),
        }
        for hand in hands
    ]


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
                _part_value(spec, part, value[part])
                for part in spec.parts
                if value.get(part) != spec.default[part]
            ]
            labels.append(_option_value(spec, ", ".join(changed)))
        else:
            label = next((c.label for c in spec.choices if c.value == value), None)
            labels.append(_option_value(spec, str(value) if label is None else _(label)))
    return labels


def _option_value(spec: OptionSpec, value: str) -> str:
    """An option and its value, as the scoreboard and the rules pages name them."""
    return label_value(_(spec.label), value)


def _part_value(spec: OptionSpec, part: str, value: object) -> str:
    """One part of a mapping option with its number: "Sauspiel 20"."""
    return f"{_(spec.part_label(part))} {value}"


@require_GET
def table_export(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """The table as a scoresheet JSON download (docs/scoresheet.md)."""
    found = access.table_for(request, table)
    document = selectors.table_scoresheet(found)
    response = JsonResponse(document, json_dumps_params={"indent": 2, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{found.game}-{table}.json"'
    return response


# -- editing and deleting hands -----------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def round_edit(request: HtmxHttpRequest, table: str, hand: str) -> HttpResponse:
    """Change a recorded hand, addressed by its id (its number shifts when an earlier hand is
    deleted). A save from a page that is out of date is refused (409) with the change kept."""
    page = TablePage.for_request(request, table, Role.SCORER)
    round_ = _hand_or_gone(request, page, hand)
    if isinstance(round_, HttpResponse):
        return round_
    number = round_.number
    url = reverse("games:round_edit", kwargs={"table": table, "hand": hand})
    status = 200
    conflict = None
    if request.method == "POST":
        shortcut = page.ui.shortcut(request.POST)
        form = page.form(shortcut or request.POST, before=number)
        if request.POST.get("action") == "preview":
            return render(request, f"{page.ui.template}#preview", page.hand_context(form, url))
        if shortcut is None:
            try:
                if form.version() != page.table.version:
                    raise services.StaleWrite(
                        page.table, services.changes_since(page.table, form.version())
                    )
                if form.is_valid():
                    services.round_update(
                        round_, form.entry(), version=form.version(), by=request.user
                    )
                    messages.success(request, _("Hand %(number)s changed.") % {"number": number})
                    return redirect("games:table", table=table)
            except services.StaleWrite as stale:
                page = page.reload()
                still_there = _hand_or_gone(request, page, hand)
                if isinstance(still_there, HttpResponse):
                    return still_there
                round_, number = still_there, still_there.number
                data = request.POST.copy()
                data["table_version"] = str(page.table.version)
                form = page.form(data, before=number)
                conflict = Conflict(
                    change_lines(page.table, stale.changes),
                    _("Your change is still filled in below."),
                    _("Apply my change to hand %(number)s") % {"number": number},
                    _("Discard my change"),
                    reverse("games:table", kwargs={"table": table}) + "#history",
                )
                status = CONFLICT
            except EntryError as error:
                add_problems(form, error)
            status = status if conflict else UNPROCESSABLE
    else:
        initial = page.ui.initial_from_entry(round_.entry, page.setup)
        form = page.form(initial=initial, before=number)
    context = page.hand_context(form, url)
    context.update(
        {
            "round": round_,
            "plain_post": True,
            "submit_label": _("Save changes"),
            "conflict": conflict,
        }
    )
    return render(request, "games/round_edit.html", context, status=status)


def _hand_or_gone(request: HtmxHttpRequest, page: TablePage, hand: str) -> Round | HttpResponse:
    """The table's hand with that id; a hand deleted meanwhile answers 409 with who deleted
    it (a page left open on another phone), any other id 404."""
    try:
        return page.hand(hand)
    except Http404:
        deleted = page.table.changes.filter(kind=TableChange.Kind.DELETED, hand_id=hand).last()
        if deleted is None:
            raise
    if request.method != "POST":
        messages.error(
            request,
            _("Hand %(number)s was deleted on another phone.") % {"number": deleted.hand_number},
        )
        return redirect(reverse("games:table", kwargs={"table": page.table.public_id}) + "#history")
    stale = services.StaleWrite(page.table, [deleted])
    return refuse_stale_table_write(request, stale, "", "")


@require_POST
def round_delete(request: HtmxHttpRequest, table: str, hand: str) -> HttpResponse:
    """Delete a hand (the Delete button, and Undo right after saving one)."""
    page = TablePage.for_request(request, table, Role.SCORER)
    round_ = _hand_or_gone(request, page, hand)
    if isinstance(round_, HttpResponse):
        return round_
    try:
        services.round_delete(round_, version=posted_version(request.POST), by=request.user)
    except services.StaleWrite as stale:
        return refuse_stale_table_write(
            request,
            stale,
            _("Delete hand %(number)s anyway") % {"number": round_.number},
            reverse("games:round_delete", kwargs={"table": table, "hand": hand}),
        )
    except EntryError as error:
        for problem in error.problems:
            messages.error(request, problem_text(problem))
    else:
        messages.success(
            request,
            _("Hand %(number)s deleted. “Changes” can restore it.") % {"number": round_.number},
        )
    return redirect(reverse("games:table", kwargs={"table": table}) + "#history")


# -- rules ----------------------------------------------------------------------------------------


@require_GET
def rules_index(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "games/rules_index.html", {"games": list(GAMES.values())})


@require_GET
def rules_game(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """Our summary of a game's rules, its defaults and every house rule a table can switch on."""
    rules = GAMES.get(game)
    if rules is None:
        raise Http404
    options = [
        {
            "label": _(spec.label),
            "help": _(spec.help),
            "default": _option_default(spec),
            # The choices other than the default, so every house reading is listed.
            "choices": [_(choice.label) for choice in spec.choices if choice.value != spec.default],
            "requires": next(
                (_(other.label) for other in rules.option_specs if other.name == spec.requires),
                "",
            ),
        }
        for spec in rules.option_specs
    ]
    return render(
        request,
        "games/rules_game.html",
        {
            "rules": rules,
            "game_name": _(rules.name),
            "options": options,
            "summary_template": _rules_summary(game),
            "games": list(GAMES.values()),
        },
    )


def _rules_summary(game: str) -> str | None:
    """The rules summary the game's hand entry names, if it exists (a game may have none)."""
    if game not in HAND_ENTRIES:
        return None
    name = hand_entry_for(game).rules_template(game)
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return None
    return name


def _option_default(spec: OptionSpec) -> str:
    if spec.kind == "bool":
        return _("on") if spec.default else _("off")
    for choice in spec.choices:
        if choice.value == spec.default:
            return _(choice.label)
    if isinstance(spec.default, Mapping):
        return ", ".join(_part_value(spec, name, value) for name, value in spec.default.items())
    if spec.default == 0:
        # 0 means "not used" for the whole-number options that allow it (fixed rounds, money).
        return _("none")
    return str(spec.default)


# -- the audit log, restoring hands, and the watch link ------------------------------------------


@require_GET
def table_changes(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Every write to the table, newest first: who, when, and the hand before and after. A
    deleted hand that is not back yet can be restored by a scorer."""
    found = access.table_for(request, table, Role.VIEWER)
    held = access.role_in(request.user, found.club_id)
    present = set(found.rounds.values_list("public_id", flat=True))
    sides = found.setup().sides
    changes = []
    for change in found.changes.select_related("user__guest").order_by("-version"):
        changes.append(
            {
                "change": change,
                "who": _who(change.user),
                "before": points_text(change.before, sides),
                "after": points_text(change.after, sides),
                "restorable": change.kind == TableChange.Kind.DELETED
                and change.hand_id not in present
                and bool(change.before),
            }
        )
    context = {
        "table": found,
        "changes": changes,
        "can_score": bool(held and held.allows(Role.SCORER)),
    }
    return render(request, "games/table_changes.html", context)


def _who(user: Any) -> str:
    if user is None:
        return _("someone (before accounts)")
    if access.is_guest(user):
        return _("a guest")
    return str(user.get_username())


def points_text(snapshot: Mapping[str, Any] | None, sides: Sequence[str]) -> str:
    """A logged hand's points per side, in seat order: "Ann & Cy 3, Bob & Di 1"."""
    points = (snapshot or {}).get("points") or {}
    return ", ".join(f"{side} {points[side]}" for side in sides if side in points)


@require_POST
def round_restore(request: HtmxHttpRequest, table: str, hand: str) -> HttpResponse:
    """Put a deleted hand back where it was; every later hand is scored again."""
    found = access.table_for(request, table, Role.SCORER)
    changes_url = reverse("games:table_changes", kwargs={"table": table})
    try:
        restored = services.round_restore(
            found, hand, version=posted_version(request.POST), by=request.user
        )
    except Round.DoesNotExist:
        raise Http404 from None
    except services.StaleWrite as stale:
        return refuse_stale_table_write(
            request,
            stale,
            _("Restore the hand anyway"),
            reverse("games:round_restore", kwargs={"table": table, "hand": hand}),
        )
    except EntryError as error:
        for problem_ in error.problems:
            messages.error(request, problem_text(problem_))
        return redirect(changes_url)
    messages.success(request, _("Hand %(number)s restored.") % {"number": restored.number})
    return redirect(reverse("games:table", kwargs={"table": table}) + "#history")


@require_POST
def table_watch_link(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Make a new watch link (the old one stops working) or turn it off."""
    found = access.table_for(request, table, Role.SCORER)
    on = request.POST.get("watch") != "off"
    try:
        services.watch_link_set(found, on=on, by=request.user)
    except services.TableGone as gone:
        messages.error(request, problem_text(gone.problems[0]))
        return redirect("games:home")
    if on:
        messages.success(request, _("New watch link made; an earlier one no longer works."))
    else:
        messages.success(request, _("The watch link is off."))
    return redirect(reverse("games:table", kwargs={"table": table}) + "#share")


@require_GET
def table_watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table's scoreboard and hands for whoever holds its watch link: no account, no
    forms."""
    if request.GET.get("part") == "live":
        return _render_live(
            request,
            access.table_version_watched(token),
            lambda: TablePage.load(access.table_watched(token), can_score=False, watching=True),
        )
    page = TablePage.load(access.table_watched(token), can_score=False, watching=True)
    return _render_get(request, page)


@require_GET
def table_big(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """The table in big type, for the phone lying in the middle of the table."""
    return _render_big(
        request,
        lambda: access.table_version_for(request, table),
        lambda: access.table_for(request, table, Role.VIEWER),
    )


@require_GET
def table_watch_big(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The big-type view for whoever holds the watch link: no account, no forms."""
    return _render_big(
        request,
        lambda: access.table_version_watched(token),
        lambda: access.table_watched(token),
        watching=True,
    )


def _render_big(
    request: HtmxHttpRequest,
    version: Callable[[], int],
    load: Callable[[], Table],
    *,
    watching: bool = False,
) -> HttpResponse:
    """The whole page, or for htmx (its poll every few seconds) the scoreboard alone. The poll
    sends the version it shows (``?since=``): while the table is still at it the answer is an
    empty 204, which htmx does not swap, after one query for the version, so a phone left on
    the table costs little and its screen does not redraw for nothing."""
    since = request.GET.get("since", "")
    if request.htmx and since.isdigit() and int(since) == version():
        return HttpResponse(status=204)
    page = TablePage.load(load(), can_score=False, watching=watching)
    context = _scoreboard_context(page)
    sides = page.setup.sides
    rows = context["scoreboard"].rows
    context.update(
        {
            "table": page.table,
            "watching": page.watching,
            # Each side keeps its seat's colour even where the game ranks the rows (Swoops).
            "big_rows": [
                (row, sides.index(row.side) if row.side in sides else shown)
                for shown, row in enumerate(rows)
            ],
            "big_wide": max(len(row.total) for row in rows) > 5,
            "big_url": request.path,
        }
    )
    template = "games/table_big.html"
    if request.htmx:
        template += "#big-scoreboard"
    return render(request, template, context)


@require_POST
def table_delete(request: HtmxHttpRequest, table: str) -> HttpResponse:
    """Delete a table started by mistake; the club's log keeps it as a scoresheet."""
    found = access.table_for(request, table, Role.SCORER)
    try:
        services.table_delete(found, version=posted_version(request.POST), by=request.user)
    except services.StaleWrite as stale:
        return refuse_stale_table_write(
            request,
            stale,
            _("Delete the table anyway"),
            reverse("games:table_delete", kwargs={"table": table}),
        )
    messages.success(request, _("Table deleted."))
    return redirect("games:home")
