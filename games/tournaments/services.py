"""Every write to a tournament: atomic, validated, all or nothing, logged in its club's log.

Each write names the tournament's ``version`` its form was rendered at and takes the
tournament's row lock first, so two directors' phones queue, and the later one is refused
(``StaleTournament``, a 409) instead of overwriting. A round's tables are ordinary live
tables, made through ``tables.services.table_create``: their hands take the tables' own
write path, with its 409s, idempotent retries, change log and undo."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games.clubs.services import NAME_TOO_LONG, club_log, player_get_or_create, too_long
from games.models import Club, League, Player, has_token
from games.scoring import GAMES, EntryError
from games.scoring.errors import Problem, problem, raise_if_any
from games.scoring.i18n import gettext_noop
from games.tables.services import table_create
from games.tournaments import draw, selectors
from games.tournaments.models import (
    Entrant,
    LogKind,
    Pairing,
    Partners,
    RoundTable,
    Status,
    TieBreak,
    Tournament,
    TournamentRound,
)

MOST_ROUNDS = 20
MOST_GAMES_PER_ROUND = 200
MOST_ENTRANTS = 400
# A bye scores a win's match points or a draw's (FIDE C.04.1; the Dutch system's 1 or ½).
BYE_POINTS = (1.0, 0.5)
REASON_LENGTH = RoundTable._meta.get_field("manual_reason").max_length or 200


class StaleTournament(Exception):
    """A write from a page rendered before another write to the tournament: nothing was
    stored. ``tournament`` is the tournament as it is now."""

    def __init__(self, tournament: Tournament) -> None:
        super().__init__(f"tournament {tournament.pk} is at version {tournament.version}")
        self.tournament = tournament


def _locked(tournament: Tournament, version: int | None) -> Tournament:
    """The tournament's row, locked until the write commits; StaleTournament when ``version``
    (None skips the check) is not the stored one."""
    locked = Tournament.objects.select_related("club").select_for_update().get(pk=tournament.pk)
    if version is not None and version != locked.version:
        raise StaleTournament(locked)
    return locked


def _written(
    tournament: Tournament,
    kind: LogKind,
    subject: str,
    *,
    by: User | None,
    after: dict[str, object],
    before: dict[str, object] | None = None,
    fields: Sequence[str] = (),
) -> None:
    """What every write ends with: the tournament's version moved on (with ``fields`` of its
    own the write changed) and the write in the club's log, under the tournament's name."""
    tournament.version += 1
    tournament.save(update_fields=["version", *fields])
    club_log(
        tournament.club,
        kind,
        f"{tournament.name}: {subject}" if subject else tournament.name,
        by=by,
        before=before,
        after={"tournament": tournament.public_id, **after},
    )


def _refuse_if_finished(tournament: Tournament) -> None:
    if tournament.status == Status.FINISHED:
        raise EntryError([problem(gettext_noop("the tournament is over"), "")])


def _whole(value: int | None, low: int, high: int, message: str, field: str) -> list[Problem]:
    if value is None or low <= value <= high:
        return []
    return [problem(message, field, low=low, high=high)]


@transaction.atomic
def tournament_create(
    *,
    club: Club,
    name: str,
    game: str,
    options: Mapping[str, object] | None = None,
    pairing: str = Pairing.GROUPS,
    table_size: int = 4,
    rounds_planned: int = 2,
    games_per_round: int | None = None,
    cap: int | None = None,
    bye_points: float = 1.0,
    league: League | None = None,
    keep_neighbours_apart: bool = False,
    partners: str = Partners.FIXED,
    tie_break: str = TieBreak.SHARE,
    by: User | None = None,
) -> Tournament:
    """A new tournament taking entries. The game's options are checked by its engine, and a
    table of ``table_size`` must be one the game seats."""
    problems: list[Problem] = []
    name = name.strip()
    if not name:
        problems.append(problem(gettext_noop("a tournament needs a name"), "name"))
    problems.extend(too_long([name], Tournament, "name", NAME_TOO_LONG, "name"))
    if game not in GAMES:
        raise EntryError(
            [*problems, problem(gettext_noop("unknown game {game}"), "game", game=game)]
        )
    rules = GAMES[game]
    try:
        resolved = rules.resolve_options(options or {})
    except EntryError as error:
        problems.extend(error.problems)
        resolved = {}
    if pairing not in Pairing.values:
        problems.append(problem(gettext_noop("choose how later rounds are seated"), "pairing"))
    # A Schafkopf table of five (the dealer sitting out) seats who is left over when the field
    # does not divide by four (``_plan``), never a whole tournament.
    if table_size not in rules.player_counts or table_size == rules.dealer_sits_out_at:
        problems.append(
            problem(
                gettext_noop("{game} is not played by {count} at a table"),
                "table_size",
                game=rules.name,
                count=table_size,
            )
        )
    elif pairing == Pairing.SWISS and not (
        table_size == 2 or (table_size == 4 and rules.plays_in_teams(4, resolved or {}))
    ):
        problems.append(
            problem(
                gettext_noop("Swiss pairing seats one against one, or pair against pair"),
                "table_size",
            )
        )
    if partners not in Partners.values:
        problems.append(problem(gettext_noop("choose how partners are found"), "partners"))
    elif partners == Partners.DRAWN and not (pairing == Pairing.SWISS and table_size == 4):
        problems.append(
            problem(gettext_noop("partners are drawn only pair against pair"), "partners")
        )
    if tie_break not in TieBreak.values:
        problems.append(problem(gettext_noop("choose what ranks equal entrants"), "tie_break"))
    elif tie_break in (TieBreak.SOLI, TieBreak.SOLI_LOT) and (
        game not in GAMES or not GAMES[game].counts_soli or pairing == Pairing.SWISS
    ):
        problems.append(
            problem(gettext_noop("only a Schafkopf tournament ranks by Soli"), "tie_break")
        )
    problems.extend(
        _whole(
            rounds_planned,
            1,
            MOST_ROUNDS,
            gettext_noop("a tournament plays {low} to {high} rounds"),
            "rounds_planned",
        )
        + _whole(
            games_per_round,
            1,
            MOST_GAMES_PER_ROUND,
            gettext_noop("a round plays {low} to {high} games per table"),
            "games_per_round",
        )
        + _whole(cap, 2, MOST_ENTRANTS, gettext_noop("the cap is {low} to {high} entrants"), "cap")
    )
    if league is not None and (league.club_id != club.pk or game not in league.games):
        problems.append(
            problem(
                gettext_noop("{league} does not count {game}"),
                "league",
                league=league.name,
                game=rules.name,
            )
        )
    if bye_points not in BYE_POINTS:
        problems.append(problem(gettext_noop("a bye gives a win's or a draw's points"), "bye"))
    raise_if_any(problems)
    tournament = Tournament.objects.create(
        club=club,
        name=name,
        game=game,
        options={key: resolved[key] for key in (options or {}) if key in resolved},
        pairing=pairing,
        table_size=table_size,
        rounds_planned=rounds_planned,
        games_per_round=games_per_round,
        cap=cap,
        bye_points=bye_points,
        league=league,
        keep_neighbours_apart=keep_neighbours_apart,
        partners=partners,
        tie_break=tie_break,
        created_by=by if by is not None and by.is_authenticated else None,
    )
    club_log(club, LogKind.CREATED, tournament.name, by=by, after=_tournament_state(tournament))
    return tournament


def _tournament_state(tournament: Tournament) -> dict[str, object]:
    return {
        "tournament": tournament.public_id,
        "game": tournament.game,
        "options": tournament.options,
        "pairing": tournament.pairing,
        "partners": tournament.partners,
        "tie_break": tournament.tie_break,
        "table_size": tournament.table_size,
        "rounds": tournament.rounds_planned,
        "games_per_round": tournament.games_per_round,
        "cap": tournament.cap,
    }


@transaction.atomic
def entrant_add(
    tournament: Tournament,
    *,
    name: str = "",
    partner: str = "",
    player: Player | None = None,
    version: int | None = None,
    token: str | None = None,
    by: User | None = None,
) -> Entrant:
    """An entrant under the next start number: one of the club's players, or a name given at
    the door (which becomes a player of the club, as a name at a new table does); in a
    tournament of pairs, two names, the partners. Late entries are taken until the tournament
    is over; they are drawn from the next round on. ``token`` comes from the entry form: the
    same form sent again (a phone retrying the post) answers with the entrant it added,
    whatever was written since."""
    tournament = _locked(tournament, None)
    if token:
        already = tournament.entrants.filter(
            has_token(Entrant, "entry_token"), entry_token=token
        ).first()
        if already is not None:
            return already
    tournament = _locked(tournament, version)
    _refuse_if_finished(tournament)
    if player is not None:
        if player.club_id != tournament.club_id:
            raise EntryError([problem(gettext_noop("that player is in another club"), "player")])
        name = player.name
    names = [given for given in (name.strip(), partner.strip()) if given]
    problems = _entry_problems(tournament, names)
    entrants = tournament.entrants.all()
    if tournament.cap is not None and entrants.count() >= tournament.cap:
        problems.append(
            problem(
                gettext_noop("the tournament is full ({cap} entrants)"), "name", cap=tournament.cap
            )
        )
    raise_if_any(problems)
    last = entrants.aggregate(last=Max("number"))["last"] or 0
    first = player or player_get_or_create(names[0], club=tournament.club)
    second = player_get_or_create(names[1], club=tournament.club) if len(names) == 2 else None
    entrant = Entrant.objects.create(
        tournament=tournament,
        number=last + 1,
        # A pair is named as its team is at the table (``scoring.base.partners_opposite``).
        name=" & ".join(chosen.name for chosen in (first, second) if chosen is not None),
        player=first,
        partner=second,
        entry_token=token or "",
    )
    _written(
        tournament,
        LogKind.ENTRANT_ADDED,
        f"{entrant.number} {entrant.name}",
        by=by,
        after={"number": entrant.number, "name": entrant.name},
    )
    return entrant


def _entry_problems(tournament: Tournament, names: list[str]) -> list[Problem]:
    """What is wrong with an entry of these names: a name, or a pair's two; too long; one of
    them entered already (alone or in a pair)."""
    problems: list[Problem] = []
    if tournament.in_pairs and len(names) != 2:
        problems.append(problem(gettext_noop("a pair needs two names"), "name"))
    elif not names:
        problems.append(problem(gettext_noop("an entrant needs a name"), "name"))
    elif len(names) == 2 and not tournament.in_pairs:
        problems.append(problem(gettext_noop("one name: entrants here play alone"), "partner"))
    elif len(names) == 2 and names[0].casefold() == names[1].casefold():
        problems.append(problem(gettext_noop("a pair is two players"), "partner"))
    problems.extend(too_long(names, Player, "name", NAME_TOO_LONG, "name"))
    taken = {
        seated.casefold()
        for entry in tournament.entrants.select_related("player", "partner")
        for seated in (entry.name, *(p.name for p in (entry.player, entry.partner) if p))
    }
    problems.extend(
        problem(gettext_noop("{name} has already entered"), "name", name=given)
        for given in names
        if given.casefold() in taken
    )
    return problems


@transaction.atomic
def entrant_drop(
    entrant: Entrant, *, version: int | None = None, by: User | None = None
) -> Entrant:
    """The entrant is drawn no more from the next round on; a round being played keeps their
    seat, and their points so far keep counting. Their start number stays theirs."""
    tournament = _locked(entrant.tournament, version)
    _refuse_if_finished(tournament)
    entrant = Entrant.objects.get(pk=entrant.pk)
    if entrant.dropped_from_round is not None:
        raise EntryError(
            [problem(gettext_noop("{name} has already dropped out"), "", name=entrant.name)]
        )
    entrant.dropped_from_round = tournament.rounds.count() + 1
    entrant.save(update_fields=["dropped_from_round"])
    _written(
        tournament,
        LogKind.ENTRANT_DROPPED,
        f"{entrant.number} {entrant.name}",
        by=by,
        after={"from_round": entrant.dropped_from_round},
    )
    return entrant


@transaction.atomic
def round_draw(
    tournament: Tournament,
    *,
    number: int,
    version: int | None = None,
    seed: str | None = None,
    by: User | None = None,
) -> TournamentRound:
    """Draw round ``number`` and start a live table for each of its tables.

    The first round is drawn at random from a new seed, recorded with the round; later rounds
    avoid players meeting again (groups) or pair by standing with no rematch (Swiss). Asked for
    a round already drawn (a retried post, or a second director a moment later), it answers
    with that round: a round is drawn once."""
    locked = Tournament.objects.select_related("club").select_for_update().get(pk=tournament.pk)
    drawn = locked.rounds.filter(number=number).first()
    if drawn is not None:
        return drawn
    tournament = _locked(locked, version)
    _refuse_if_finished(tournament)
    earlier = list(tournament.rounds.order_by("number"))
    problems: list[Problem] = []
    if number != len(earlier) + 1 or number > tournament.rounds_planned:
        problems.append(
            problem(gettext_noop("round {number} cannot be drawn now"), "", number=number)
        )
    elif earlier and earlier[-1].status != TournamentRound.Status.CLOSED:
        problems.append(
            problem(gettext_noop("close round {number} first"), "", number=earlier[-1].number)
        )
    raise_if_any(problems)
    entrants = {
        entrant.number: entrant
        for entrant in tournament.entrants.select_related("player", "partner")
        if entrant.dropped_from_round is None or entrant.dropped_from_round > number
    }
    if len(entrants) < tournament.table_size:
        raise EntryError(
            [
                problem(
                    gettext_noop("at least {count} entrants are needed to draw"),
                    "",
                    count=tournament.table_size,
                )
            ]
        )
    seed = seed or draw.make_seed()
    plan = _plan(tournament, number, sorted(entrants), seed)
    drawn = TournamentRound.objects.create(
        tournament=tournament, number=number, seed=seed, byes=list(plan.byes)
    )
    RoundTable.objects.bulk_create(
        RoundTable(
            round=drawn,
            number=table_plan.number,
            seats=list(table_plan.seats),
            sitting_out_each_game=table_plan.sitting_out_each_game,
            table=table_create(
                club=tournament.club,
                game=tournament.game,
                players=_seated_names([entrants[seat] for seat in table_plan.seats]),
                options=tournament.options,
                league=tournament.league,
                by=by,
            ),
        )
        for table_plan in plan.tables
    )
    if tournament.status == Status.ENTRY:
        tournament.status = Status.PLAYING
    _written(
        tournament,
        LogKind.ROUND_DRAWN,
        f"{number}",
        by=by,
        after={
            "round": number,
            "seed": seed,
            "tables": [list(table_plan.seats) for table_plan in plan.tables],
            # The games each table plays (a table of five where the dealer sits out, more).
            "games": [
                draw.games_due(
                    tournament.games_per_round,
                    len(table_plan.seats),
                    table_plan.sitting_out_each_game,
                )
                for table_plan in plan.tables
            ],
            "byes": list(plan.byes),
        },
        fields=["status"],
    )
    return drawn


def _seated_names(entrants: Sequence[Entrant]) -> list[str]:
    """The players in seat order: each entrant's, or for two pairs the first players, then
    the partners, so that partners sit opposite (the game's own teams)."""
    firsts = [entrant.player.name if entrant.player else entrant.name for entrant in entrants]
    partners = [entrant.partner.name for entrant in entrants if entrant.partner is not None]
    return firsts + partners if len(partners) == len(entrants) else firsts


def _plan(tournament: Tournament, number: int, numbers: list[int], seed: str) -> draw.RoundPlan:
    earlier = selectors.earlier_plans(tournament, before=number)
    try:
        if tournament.partners_drawn:
            return draw.draw_partners(selectors.swiss_entries(tournament, numbers), earlier, seed)
        if tournament.pairing == Pairing.SWISS:
            return draw.pair_swiss(selectors.swiss_entries(tournament, numbers), earlier, seed)
        rules = GAMES[tournament.game]
        counts = rules.player_counts
        return draw.draw_groups(
            numbers,
            tournament.table_size,
            seed,
            earlier_rounds=earlier,
            # Schafkopf is played at four or at five with the dealer sitting out, never at
            # three (a different game: NOTES.md §1), so a field that does not divide by four
            # sits at tables of four and five.
            allow_five=tournament.table_size + 1 in counts,
            allow_three=tournament.table_size - 1 in counts,
            # A live table of five plays as the game plays it at five: the dealer sits out.
            dealer_sits_out_at_larger=rules.dealer_sits_out_at == tournament.table_size + 1,
            keep_neighbours_apart=tournament.keep_neighbours_apart,
        )
    except ValueError as error:
        raise EntryError(
            [
                problem(
                    gettext_noop("{count} entrants cannot be seated at tables of {size}"),
                    "",
                    count=len(numbers),
                    size=tournament.table_size,
                )
            ]
        ) from error


@transaction.atomic
def round_table_result_set(
    round_table: RoundTable,
    *,
    points: Mapping[int, int],
    reason: str,
    version: int | None = None,
    by: User | None = None,
) -> RoundTable:
    """The director's result for a table that could not finish: points for every start number
    at it, with the reason, which goes in the club's log."""
    tournament = _locked(round_table.round.tournament, version)
    round_table = RoundTable.objects.select_related("round").get(pk=round_table.pk)
    problems: list[Problem] = []
    if round_table.round.status == TournamentRound.Status.CLOSED:
        problems.append(problem(gettext_noop("the round is closed"), ""))
    reason = reason.strip()
    if not reason:
        problems.append(problem(gettext_noop("say why the result is entered by hand"), "reason"))
    elif len(reason) > REASON_LENGTH:
        problems.append(problem(gettext_noop("the reason is too long"), "reason"))
    if sorted(points) != sorted(round_table.seats):
        problems.append(problem(gettext_noop("enter points for everyone at the table"), "points"))
    elif tournament.partners_drawn and len(round_table.seats) == draw.PAIR_TABLE:
        # Partners drawn for the round sit opposite and score as one pair.
        seats = round_table.seats
        if points[seats[0]] != points[seats[2]] or points[seats[1]] != points[seats[3]]:
            problems.append(
                problem(gettext_noop("give both partners of a pair the pair's points"), "points")
            )
    raise_if_any(problems)
    before = round_table.manual_result
    round_table.manual_result = {str(seat): int(points[seat]) for seat in round_table.seats}
    round_table.manual_reason = reason
    round_table.save(update_fields=["manual_result", "manual_reason"])
    _written(
        tournament,
        LogKind.RESULT_BY_HAND,
        f"{round_table.round.number}/{round_table.number}: {reason}",
        by=by,
        before={"points": before} if before is not None else None,
        after={"points": round_table.manual_result, "reason": reason},
    )
    return round_table


@transaction.atomic
def round_close(
    tournament_round: TournamentRound, *, version: int | None = None, by: User | None = None
) -> TournamentRound:
    """Close a round: only when every table is done, or has a result entered by hand."""
    tournament = _locked(tournament_round.tournament, version)
    tournament_round = TournamentRound.objects.get(pk=tournament_round.pk)
    if tournament_round.status == TournamentRound.Status.CLOSED:
        raise EntryError([problem(gettext_noop("the round is closed"), "")])
    overview = selectors.round_progress(tournament, tournament_round)
    unfinished = [table.number for table in overview if not table.done]
    raise_if_any(
        [
            problem(gettext_noop("table {number} has not finished"), "", number=number)
            for number in unfinished
        ]
    )
    tournament_round.status = TournamentRound.Status.CLOSED
    tournament_round.closed_at = timezone.now()
    tournament_round.save(update_fields=["status", "closed_at"])
    _written(
        tournament,
        LogKind.ROUND_CLOSED,
        f"{tournament_round.number}",
        by=by,
        after={"round": tournament_round.number},
    )
    return tournament_round


@transaction.atomic
def tournament_finish(
    tournament: Tournament,
    *,
    prizes: Sequence[str] = (),
    version: int | None = None,
    by: User | None = None,
) -> Tournament:
    """End the tournament once its last round is closed, with the prizes by place (first
    place first; an empty line gives that place no prize)."""
    tournament = _locked(tournament, version)
    _refuse_if_finished(tournament)
    rounds = list(tournament.rounds.all())
    if not rounds or any(played.status != TournamentRound.Status.CLOSED for played in rounds):
        raise EntryError([problem(gettext_noop("close every round first"), "")])
    named_prizes = [prize.strip() for prize in prizes]
    while named_prizes and not named_prizes[-1]:
        named_prizes.pop()
    raise_if_any(
        [
            problem(gettext_noop("a prize's name is too long"), "prizes")
            for prize in named_prizes
            if len(prize) > REASON_LENGTH
        ]
    )
    tournament.status = Status.FINISHED
    tournament.prizes = named_prizes
    tournament.finished_at = timezone.now()
    _written(
        tournament,
        LogKind.FINISHED,
        "",
        by=by,
        after={"prizes": named_prizes},
        fields=["status", "prizes", "finished_at"],
    )
    return tournament
