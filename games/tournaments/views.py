"""A tournament's pages, one view per interaction. Every write is a plain form post that works
without JavaScript; with htmx it answers with the part of the page it changed. The director's
page, the standings and the big screen poll themselves for the tables' saves."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.clubs import access as club_access
from games.hands.base import posted_version
from games.http import HtmxHttpRequest, acting_user
from games.problems import CONFLICT, UNPROCESSABLE, add_problems, problem_text
from games.scoring import EntryError
from games.tournaments import access, selectors, services, stamp
from games.tournaments.access import DIRECTOR
from games.tournaments.forms import EntrantForm, PrizesForm, ResultForm, TournamentForm
from games.tournaments.models import Status, Tournament, TournamentRound

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
    is current gets a 304."""
    stamped = stamp.Stamped(request, access.tournament_viewed(request, tournament))
    return stamped.answer(
        lambda: _director_page(request, stamped.tournament, stamped=stamped), _minute()
    )


def _minute() -> int:
    """The minute a page counts its "last save 3 minutes ago" and its late tables in."""
    return int(time.time()) // 60


def _director_page(
    request: HtmxHttpRequest,
    tournament: Tournament,
    *,
    stamped: stamp.Stamped | None = None,
    entrant_form: EntrantForm | None = None,
    refusal: list[str] | None = None,
    stale: bool = False,
    status: int = 200,
) -> HttpResponse:
    held = club_access.role_in(request.user, tournament.club_id)
    can_direct = bool(held and held.allows(DIRECTOR))

    @functools.cache
    def context(whole: bool) -> dict[str, Any]:
        """What the page shows; its progress poll reads the tables alone (``whole`` False)."""
        shown: dict[str, Any] = {
            "tournament": tournament,
            "overview": selectors.overview(tournament),
            "can_direct": can_direct,
        }
        if whole:
            form = entrant_form or EntrantForm(pairs=tournament.in_pairs)
            if stamped is not None:
                # Stored for every answer of this stamp: each answer gets a token of its own.
                form.entry_token = stamp.FRESH_TOKEN
            shown |= {
                "can_drop": can_direct and tournament.status != Status.FINISHED,
                "club_players": selectors.players_to_enter(tournament) if can_direct else [],
                "entrant_form": form,
                "refusal": refusal or [],
                "stale": stale,
            }
        return shown

    template = "tournaments/tournament_detail.html"

    def part(name: str) -> Callable[[], str]:
        return lambda: render_to_string(f"{template}#{name}", context(name == "director"), request)

    if request.htmx and request.GET.get("part") == "progress":
        progress = part("progress")
        if stamped is not None:
            return HttpResponse(stamped.part("progress", progress, can_direct, _minute()))
        return HttpResponse(progress(), status=status)
    if stamped is not None:
        # Its forms carry the viewer's CSRF token (any token made from the same secret
        # passes): the secret, made first if this is a first visit, is part of the key.
        get_token(request)
        secret = request.META.get("CSRF_COOKIE", "")
        director = stamped.part("director", part("director"), held, secret, _minute())
    else:
        director = part("director")()
    if request.htmx and request.method == "POST":
        return HttpResponse(director, status=status)
    page = {"tournament": tournament, "director_part": mark_safe(director)}
    return render(request, template, page, status=status)


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
    return stamped.answer(lambda: _standings_page(request, stamped.tournament, stamped))


def _standings_page(
    request: HtmxHttpRequest, tournament: Tournament, stamped: stamp.Stamped
) -> HttpResponse:
    template = "tournaments/standings.html"
    shown = stamped.part(
        "standings",
        lambda: render_to_string(
            f"{template}#standings",
            {
                "tournament": tournament,
                "standings": selectors.standings(tournament),
                "prizes": dict(enumerate(tournament.prizes, start=1)),
            },
        ),
    )
    if request.htmx and request.GET.get("part") == "standings":
        return HttpResponse(shown)
    page = {"tournament": tournament, "standings_part": mark_safe(shown)}
    return render(request, template, page)


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
        found = stamped.tournament
        context = {
            "tournament": found,
            "overview": selectors.overview(found),
            # The seating's turn shows no standings: they are not summed for it.
            "standings": None if show_seating else selectors.standings(found),
            "token": token,
            "show_seating": show_seating,
            # A screen held on one turn keeps it in its polls.
            "shown": shown,
        }
        return render_to_string(f"{template}#screen", context)

    def page() -> HttpResponse:
        shown_now = stamped.part("screen", screen, token, show_seating, shown)
        if request.htmx and request.GET.get("part") == "screen":
            return HttpResponse(shown_now)
        context = {
            "tournament": stamped.tournament,
            "screen_part": mark_safe(shown_now),
            "screen_turn": SCREEN_TURN,
        }
        return render(request, template, context)

    return stamped.answer(page, show_seating, shown)
