"""A tournament's pages, one view per interaction. Every write is a plain form post that works
without JavaScript; with htmx it answers with the part of the page it changed. The director's
page, the standings and the big screen poll themselves for the tables' saves."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.clubs import access as club_access
from games.hands.base import posted_version
from games.http import HtmxHttpRequest, acting_user, form_token
from games.models import Role
from games.problems import CONFLICT, UNPROCESSABLE, add_problems, problem_text
from games.scoring import EntryError
from games.tournaments import access, selectors, services, stamp
from games.tournaments.access import DIRECTOR
from games.tournaments.forms import EntrantForm, PrizesForm, ResultForm, TournamentForm
from games.tournaments.models import Status, Tournament, TournamentRound
from games.tournaments.templatetags import tournament_html
from games.tournaments.templatetags.tournament_html import ROWS_LEFT_OUT, filled

VERSION_FIELD = "tournament_version"
# Seconds the big screen shows the standings, then the seating.
SCREEN_TURN = 10


def _version(request: HtmxHttpRequest) -> int:
    return posted_version(request.POST, VERSION_FIELD)


# -- the list, and a new tournament -------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def tournament_list(request: HtmxHttpRequest) -> HttpResponse:
    directing = club_access.club_ids(request.user, DIRECTOR)
    form = TournamentForm(request.POST or None, scorer_club_ids=directing)
    if request.method == "POST" and form.is_valid():
        league = form.cleaned_data.get("league")
        try:
            club = club_access.club_for_new(request, league.club if league else None)
            tournament = services.tournament_create(
                club=club, by=acting_user(request), **form.tournament_fields()
            )
        except EntryError as error:
            add_problems(form, error, {"bye": "pairing"})
        else:
            return redirect("games:tournament", tournament=tournament.public_id)
    context = {
        "form": form,
        "tournaments": selectors.tournaments_of(club_access.club_ids(request.user)),
    }
    status = UNPROCESSABLE if form.is_bound else 200
    return render(request, "tournaments/tournament_list.html", context, status=status)


# -- the director's page ------------------------------------------------------------------------


@require_GET
def tournament_detail(request: HtmxHttpRequest, tournament: str) -> HttpResponse:
    """The director's page: the entry list, the draw, each table's progress. Its poll
    (``?part=progress``) brings the tables' progress alone. Both are served from the copy
    stored for the tournament's stamp while no table saved (``stamp``), and a poll whose copy
    is current gets a 304; after a save, only the tables' progress is rendered again."""
    stamped = stamp.Stamped(request, access.tournament_viewed(request, tournament))
    director = _Director(request, stamped=stamped)
    if request.htmx and request.GET.get("part") == "progress":
        return stamped.answer(director.progress, None, _minute())
    return stamped.answer(director.part, director.page, _minute())


def _minute() -> int:
    """The minute a page counts its "last save 3 minutes ago" and its late tables in."""
    return int(time.time()) // 60


DIRECTOR_TEMPLATE = "tournaments/tournament_detail.html"
# Where the director's part, as stored for the stamp without the tables' saves, takes the
# tables' progress (stored for the stamp): letters only, so escaping leaves it as it is.
PROGRESS_PLACEHOLDER = "StoredTournamentProgress"


class _Director:
    """The director's page of one request: the tables' progress, the part of the page around
    it (the entry list, the draw, the round's forms), and the page around both. Served from
    stored copies (``stamped``), the part around the progress is kept under the stamp without
    the tables' saves (it shows nothing a save at a table changes) and the progress under the
    stamp; otherwise (the answer to a write) both are rendered."""

    def __init__(
        self,
        request: HtmxHttpRequest,
        *,
        stamped: stamp.Stamped | None = None,
        tournament: Tournament | None = None,
        entrant_form: EntrantForm | None = None,
        refusal: list[str] | None = None,
        stale: bool = False,
    ) -> None:
        self.request, self.stamped = request, stamped
        self.given = tournament
        self.entrant_form, self.refusal, self.stale = entrant_form, refusal or [], stale

    @property
    def tournament(self) -> Tournament:
        return self.layout.tournament

    @functools.cached_property
    def _read(self) -> tuple[selectors.Layout, selectors.TablesNow]:
        """The tournament as drawn and its tables now, read for a page rendered afresh."""
        assert self.given is not None
        return selectors.layout_with_tables_now(self.given)

    @property
    def layout(self) -> selectors.Layout:
        return self.stamped.layout if self.stamped is not None else self._read[0]

    @property
    def tables_now(self) -> selectors.TablesNow:
        return self.stamped.tables_now if self.stamped is not None else self._read[1]

    @functools.cached_property
    def held(self) -> Role | None:
        # The club as the stamp's query read it, where there is one: a stored part is found
        # without the tournament read.
        club_id = (
            self.stamped.viewed.club_id if self.stamped is not None else self.tournament.club_id
        )
        return club_access.role_in(self.request.user, club_id)

    @property
    def can_direct(self) -> bool:
        return bool(self.held and self.held.allows(DIRECTOR))

    def progress(self) -> str:
        """The current round's tables as they are now."""
        if self.stamped is None:
            return self._progress()
        return self.stamped.part("progress", self._progress, self.can_direct, _minute())

    def _progress(self) -> str:
        """The tables' progress: rendered whole for the answer to a write; served from stored
        copies, its rows put in the part kept without them for the stamp without the tables'
        saves (``tournament_html.filled``)."""
        overview = selectors.overview_of(self.layout, self.tables_now)
        tournament, can_direct = self.tournament, self.can_direct
        context = {"tournament": tournament, "overview": overview, "can_direct": can_direct}
        template = f"{DIRECTOR_TEMPLATE}#progress"
        if self.stamped is None or overview.current is None:
            return render_to_string(template, context, self.request)
        current = overview.current
        around = self.stamped.drawn_part(
            "progress-around",
            lambda: render_to_string(template, {**context, ROWS_LEFT_OUT: True}, self.request),
            can_direct,
        )
        tables = overview.tables
        return filled(
            around,
            {
                "late": lambda: tournament_html.late_note_text(tables),
                "tables": lambda: tournament_html.progress_rows_text(
                    tables, tournament, can_direct, current
                ),
            },
        )

    def part(self) -> str:
        """The director's part of the page, its tables' progress in it."""
        if self.stamped is None:
            return self._around_progress(self.progress)
        # Its forms carry the viewer's CSRF token (any token made from the same secret
        # passes): the secret, made first if this is a first visit, is part of the key.
        form_token(self.request)
        secret = self.request.META.get("CSRF_COOKIE", "")
        around = self.stamped.drawn_part(
            "director",
            lambda: self._around_progress(lambda: PROGRESS_PLACEHOLDER),
            self.held,
            secret,
        )
        if PROGRESS_PLACEHOLDER not in around:  # no round drawn yet
            return around
        return around.replace(PROGRESS_PLACEHOLDER, self.progress(), 1)

    def _around_progress(self, progress: Callable[[], str]) -> str:
        """The director's part with the tables' ``progress`` in it (while a round is drawn):
        what it shows besides comes from the tournament as drawn, its tables' progress left
        out (a save changes it)."""
        tournament, can_direct = self.tournament, self.can_direct
        form = self.entrant_form or EntrantForm(pairs=tournament.in_pairs)
        if self.stamped is not None:
            # Stored for every answer of this stamp: each answer gets a token of its own.
            form.entry_token = stamp.FRESH_TOKEN
        shown = progress() if self.layout.current is not None else ""
        context = {
            "tournament": tournament,
            "overview": selectors.overview_of(self.layout, None),
            "can_direct": can_direct,
            "progress_part": mark_safe(shown),  # rendered by its template, escaped
            "can_drop": can_direct and tournament.status != Status.FINISHED,
            "club_players": selectors.players_to_enter(tournament) if can_direct else [],
            "entrant_form": form,
            "refusal": self.refusal,
            "stale": self.stale,
        }
        return render_to_string(f"{DIRECTOR_TEMPLATE}#director", context, self.request)

    def page(self, part: SafeString, status: int = 200) -> HttpResponse:
        """The whole page around the director's ``part``."""
        context = {"tournament": self.tournament, "director_part": part}
        return render(self.request, DIRECTOR_TEMPLATE, context, status=status)


def _director_page(
    request: HtmxHttpRequest,
    tournament: Tournament,
    *,
    entrant_form: EntrantForm | None = None,
    refusal: list[str] | None = None,
    stale: bool = False,
    status: int = 200,
) -> HttpResponse:
    """The director's page as a write left it (or refused it, with ``refusal`` or ``stale``),
    rendered afresh: with htmx, the director's part alone."""
    director = _Director(
        request, tournament=tournament, entrant_form=entrant_form, refusal=refusal, stale=stale
    )
    if request.htmx and request.GET.get("part") == "progress":
        return HttpResponse(director.progress(), status=status)
    part = director.part()
    if request.htmx and request.method == "POST":
        return HttpResponse(part, status=status)
    return director.page(mark_safe(part), status)


def _after_write(request: HtmxHttpRequest, tournament: Tournament) -> HttpResponse:
    """A write went through: the director's page as it is now (htmx), or a redirect to it."""
    if request.htmx:
        tournament.refresh_from_db()
        return _director_page(request, tournament)
    return redirect("games:tournament", tournament=tournament.public_id)


def _refused(
    request: HtmxHttpRequest, tournament: Tournament, error: Exception, **kwargs: Any
) -> HttpResponse:
    """A write refused: 409 when the page was out of date, 422 with the problems otherwise;
    the director's page with what is wrong, and nothing saved."""
    if isinstance(error, services.StaleTournament):
        return _director_page(request, error.tournament, stale=True, status=CONFLICT, **kwargs)
    assert isinstance(error, EntryError)
    problems = [problem_text(problem) for problem in error.problems]
    return _director_page(request, tournament, refusal=problems, status=UNPROCESSABLE, **kwargs)


@require_POST
def entrant_add(request: HtmxHttpRequest, tournament: str) -> HttpResponse:
    found = access.tournament_for(request, tournament, DIRECTOR)
    form = EntrantForm(request.POST, pairs=found.in_pairs)
    if not form.is_valid():
        return _director_page(request, found, entrant_form=form, status=UNPROCESSABLE)
    try:
        services.entrant_add(
            found,
            name=form.cleaned_data["name"],
            partner=form.cleaned_data.get("partner", ""),
            version=_version(request),
            token=form.token(),
            by=acting_user(request),
        )
    except EntryError as error:
        add_problems(form, error)
        return _director_page(request, found, entrant_form=form, status=UNPROCESSABLE)
    except services.StaleTournament as error:
        return _refused(request, found, error, entrant_form=form)
    return _after_write(request, found)


@require_POST
def entrant_drop(request: HtmxHttpRequest, tournament: str, entrant: str) -> HttpResponse:
    found = access.tournament_for(request, tournament, DIRECTOR)
    leaving = access.entrant_for(request, found, entrant)
    try:
        services.entrant_drop(leaving, version=_version(request), by=acting_user(request))
    except (EntryError, services.StaleTournament) as error:
        return _refused(request, found, error)
    return _after_write(request, found)


@require_POST
def round_draw(request: HtmxHttpRequest, tournament: str) -> HttpResponse:
    found = access.tournament_for(request, tournament, DIRECTOR)
    number = _round_number(str(request.POST.get("round", "")))
    try:
        drawn = services.round_draw(
            found,
            number=number,
            version=_version(request),
            by=acting_user(request),
        )
    except (EntryError, services.StaleTournament) as error:
        return _refused(request, found, error)
    return redirect("games:tournament_round", tournament=found.public_id, round=drawn.public_id)


@require_POST
def round_close(request: HtmxHttpRequest, tournament: str, round: str) -> HttpResponse:
    found = access.tournament_for(request, tournament, DIRECTOR)
    closing = _round_of(found, round)
    try:
        services.round_close(closing, version=_version(request), by=acting_user(request))
    except (EntryError, services.StaleTournament) as error:
        return _refused(request, found, error)
    return _after_write(request, found)


def _round_number(posted: str) -> int:
    """A round's number as a form sent it; 0 (no round) for anything else, a number too big
    for the column included."""
    if not (posted.isascii() and posted.isdigit()) or len(posted) > 3:
        return 0
    return int(posted)


def _round_of(tournament: Tournament, public_id: str) -> TournamentRound:
    found = tournament.rounds.filter(public_id=public_id).first()
    if found is None:
        raise Http404
    found.tournament = tournament
    return found


# -- a round's seat list, a table's link and its result by hand ---------------------------------


@require_GET
def round_seats(request: HtmxHttpRequest, tournament: str, round: str) -> HttpResponse:
    """The round's seat list, on screen and printable: each table, its seats in order, and its
    link for the players' phone."""
    found = access.tournament_for(request, tournament)
    shown = _round_of(found, round)
    tables = selectors.round_progress(found, shown)
    held = club_access.role_in(request.user, found.club_id)
    # Each table's link, for its players to score it, on the director's copy alone (the link
    # lets whoever holds it score that table) and while the round is played.
    linked = bool(held and held.allows(DIRECTOR)) and shown.status == TournamentRound.Status.PLAYING
    context = {
        "tournament": found,
        "round": shown,
        "tables": tables,
        "links": {
            table.number: request.build_absolute_uri(
                reverse("games:tournament_table_link", kwargs={"token": table.link_token})
            )
            for table in tables
            if linked
        },
        "by_name": sorted(
            ((name, number, table.number) for table in tables for number, name in table.seats),
            key=lambda row: row[0].casefold(),
        ),
    }
    return render(request, "tournaments/round_seats.html", context)


@require_GET
def table_link_page(request: HtmxHttpRequest, tournament: str, table: str) -> HttpResponse:
    """A table's link and its QR code, for the director to show the players at that table."""
    found = access.tournament_for(request, tournament, DIRECTOR)
    round_table = access.round_table_for(request, found, table)
    link = request.build_absolute_uri(
        reverse("games:tournament_table_link", kwargs={"token": round_table.link_token})
    )
    context = {"tournament": found, "round_table": round_table, "link": link}
    return render(request, "tournaments/table_link.html", context)


@require_GET
def table_link_open(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The link the players at one table open: it lets this phone score that table, for this
    round only, without joining the club (``clubs.access.table_link_role``)."""
    round_table = access.round_table_by_link(token)
    assert round_table.table is not None  # round_table_by_link finds only tables with one
    club_access.table_link_grant(request, round_table.table.public_id, token)
    return redirect("games:table", table=round_table.table.public_id)


@require_http_methods(["GET", "POST"])
def table_result(request: HtmxHttpRequest, tournament: str, table: str) -> HttpResponse:
    """The director enters a table's result by hand, with the reason, which the log keeps."""
    found = access.tournament_for(request, tournament, DIRECTOR)
    round_table = access.round_table_for(request, found, table)
    names = selectors.entrant_names(found)
    seats = tuple((number, names.get(number, "")) for number in round_table.seats)
    form = ResultForm(request.POST or None, seats=seats)
    stale = False
    if request.method == "POST" and form.is_valid():
        try:
            services.round_table_result_set(
                round_table,
                points=form.points(),
                reason=form.cleaned_data["reason"],
                version=_version(request),
                by=acting_user(request),
            )
        except EntryError as error:
            add_problems(form, error)
        except services.StaleTournament as error:
            found, stale = error.tournament, True
        else:
            return redirect("games:tournament", tournament=found.public_id)
    context = {"tournament": found, "round_table": round_table, "form": form, "stale": stale}
    status = CONFLICT if stale else UNPROCESSABLE if form.is_bound else 200
    return render(request, "tournaments/table_result.html", context, status=status)


# -- standings, the end, the big screen ---------------------------------------------------------


@require_GET
def standings(request: HtmxHttpRequest, tournament: str) -> HttpResponse:
    """Standings per round and overall, with the tie-breaks named; after the last round, the
    final ranking with the prizes by place (printable on A4). Polls itself while playing;
    served from the copy stored for the tournament's stamp, and a 304 to a current poll."""
    stamped = stamp.Stamped(request, access.tournament_viewed(request, tournament))
    template = "tournaments/standings.html"

    def shown() -> str:
        def render_standings() -> str:
            found = stamped.tournament
            standings = selectors.standings_of(stamped.layout, stamped.tables_now)
            prizes = dict(enumerate(found.prizes, start=1))
            context = {"tournament": found, "standings": standings, "prizes": prizes}
            # The part but its rows, kept while the tables save: the tie-breaks, the tables'
            # heads and captions show the tournament as drawn.
            around = stamped.drawn_part(
                "standings-around",
                lambda: render_to_string(f"{template}#standings", {**context, ROWS_LEFT_OUT: True}),
                bool(standings.overall),
            )
            written: dict[tuple[int, bool], str] = {}

            def rows_of(ranked: list[selectors.StandingRow], by_place: bool) -> str:
                # After one round, the overall standings are that round's (the same rows):
                # written once unless the overall ones show prizes.
                shown_prizes = prizes if by_place and prizes else None
                key = (id(ranked), shown_prizes is not None)
                if key not in written:
                    written[key] = tournament_html.standings_rows(ranked, shown_prizes)
                return written[key]

            rows: dict[object, Callable[[], str]] = {
                "overall": functools.partial(rows_of, standings.overall, True)
            }
            for number, ranked in standings.by_round.items():
                rows[number] = functools.partial(rows_of, ranked, False)
            return filled(around, rows)

        return stamped.part("standings", render_standings)

    def page(part: SafeString) -> HttpResponse:
        return render(request, template, {"tournament": stamped.tournament, "standings_part": part})

    if request.htmx and request.GET.get("part") == "standings":
        return stamped.answer(shown, None)
    return stamped.answer(shown, page)


@require_POST
def tournament_finish(request: HtmxHttpRequest, tournament: str) -> HttpResponse:
    found = access.tournament_for(request, tournament, DIRECTOR)
    form = PrizesForm(request.POST)
    if form.is_valid():
        try:
            services.tournament_finish(
                found, prizes=form.prize_list(), version=_version(request), by=acting_user(request)
            )
        except (EntryError, services.StaleTournament) as error:
            return _refused(request, found, error)
        return redirect("games:tournament_standings", tournament=found.public_id)
    refusal = [str(message) for message in form.errors.get("prizes", [])]
    return _director_page(request, found, refusal=refusal, status=UNPROCESSABLE)


@require_GET
def tournament_rules(request: HtmxHttpRequest, tournament: str) -> HttpResponse:
    """How this tournament is run: the draw, the odd counts, the byes and the ranking, with
    the sources they follow."""
    found = access.tournament_for(request, tournament)
    return render(request, "tournaments/rules.html", {"tournament": found})


@require_GET
def big_screen(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """For a projector or a TV, by the tournament's watch link (no sign-in): the standings and
    the current round's seating in turn. Its poll (``?part=screen``, every 2 s) shows a save
    within 3 s; while nothing was saved it gets a 304, or the copy another screen had."""
    stamped = stamp.Stamped(request, access.tournament_watched(token))
    # Only the two turns the screen knows; anything else turns as usual.
    asked = request.GET.get("show", "")
    shown = asked if asked in ("standings", "seating") else ""
    # Ten seconds each, by the clock (``?show=`` holds one, for a screen that should not turn).
    show_seating = shown == "seating" or (
        shown != "standings" and int(time.time()) // SCREEN_TURN % 2 == 1
    )
    template = "tournaments/big_screen.html"

    def screen() -> str:
        layout, now = stamped.layout, stamped.tables_now
        # The seating's turn shows no standings, the standings' turn no tables: neither is
        # worked out for the other.
        overview = selectors.overview_of(layout, now if show_seating else None)
        standings = None if show_seating else selectors.standings_of(layout, now)
        context = {
            "tournament": layout.tournament,
            "overview": overview,
            "standings": standings,
            "token": token,
            "show_seating": show_seating,
            # A screen held on one turn keeps it in its polls.
            "shown": shown,
            ROWS_LEFT_OUT: True,
        }
        # The screen but its rows, kept while the tables save (its title and headings show
        # the tournament as drawn); which rows it shows, by the turn and whether there are any.
        around = stamped.drawn_part(
            "screen-around",
            lambda: render_to_string(f"{template}#screen", context),
            token,
            show_seating,
            shown,
            bool(overview.tables),
            bool(standings and standings.overall),
        )
        overall = standings.overall if standings is not None else []
        return filled(
            around,
            {
                "seating": lambda: tournament_html.screen_seating_text(overview.tables),
                "screen standings": lambda: tournament_html.screen_standings_text(overall[:20]),
            },
        )

    def part() -> str:
        return stamped.part("screen", screen, token, show_seating, shown)

    def page(part: SafeString) -> HttpResponse:
        context = {
            "tournament": stamped.tournament,
            "screen_part": part,
            "screen_turn": SCREEN_TURN,
        }
        return render(request, template, context)

    if request.htmx and request.GET.get("part") == "screen":
        return stamped.answer(part, None, show_seating, shown)
    return stamped.answer(part, page, show_seating, shown)
