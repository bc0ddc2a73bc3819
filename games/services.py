"""Every write the app makes: atomic, validated by the scoring engine, all or nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date

from django.db import transaction
from django.db.models import Max, Model
from django.utils import timezone

from games import ratings, selectors
from games.models import League, Player, Round, RoundPoints, Season, Seat, Table
from games.scoring import (
    GAMES,
    EntryError,
    Game,
    GameState,
    RoundScore,
    TableSetup,
    Team,
    score_table,
)
from games.scoring.errors import Problem, problem, raise_if_any
from games.scoring.i18n import gettext_noop
from games.scoring.scoresheet import read_scoresheet


def player_get_or_create(name: str) -> Player:
    """The player of that name, ignoring case; a new one if nobody has it yet."""
    name = name.strip()
    player = Player.objects.filter(name__iexact=name).first()
    if player is None:
        player = Player.objects.create(name=name)
    return player


@transaction.atomic
def table_create(
    *,
    game: str,
    players: Sequence[str],
    options: Mapping[str, object] | None = None,
    teams: Sequence[Team] | None = None,
    first_dealer: int = 0,
    league: League | None = None,
) -> Table:
    """Create a table after the engine has checked the game, seats, teams and options.

    A table played for a league must be of a game the league counts; its players join the
    league, so nobody has to be added by hand before their first game.
    """
    if game not in GAMES:
        raise EntryError([problem(gettext_noop("unknown game {game}"), "game", game=game)])
    if league is not None and game not in league.games:
        raise EntryError(
            [
                problem(
                    gettext_noop("{league} does not count {game}"),
                    "league",
                    league=league.name,
                    game=GAMES[game].name,
                )
            ]
        )
    raise_if_any(
        _too_long(players, Player, "name", gettext_noop("{name} is too long for a name"), "players")
    )
    setup = GAMES[game].setup(players, options or {}, teams)
    if not 0 <= first_dealer < len(players):
        raise EntryError(
            [problem(gettext_noop("the first dealer must sit at the table"), "dealer")]
        )
    # Imported team names may be longer than a seat can store (PostgreSQL would refuse them).
    team_names = [team.name for team in setup.teams]
    raise_if_any(
        _too_long(
            team_names, Seat, "team", gettext_noop("{name} is too long for a team name"), "teams"
        )
    )
    seated: list[Player] = []
    for name in setup.players:
        player = player_get_or_create(name)
        if player in seated:
            # Names the engine tells apart ("Ann", "Ann ") can still be one stored player.
            raise EntryError(
                [problem(gettext_noop("{name} sits at the table twice"), "players", name=name)]
            )
        seated.append(player)
    table = Table.objects.create(
        game=game, options=dict(options or {}), first_dealer=first_dealer, league=league
    )
    if league is not None:
        league.members.add(*seated)
    Seat.objects.bulk_create(
        Seat(
            table=table,
            player=player,
            position=position,
            team=setup.side_of(name) if setup.teams else "",
        )
        for position, (name, player) in enumerate(zip(setup.players, seated, strict=True))
    )
    return table


@transaction.atomic
def table_import(document: object) -> Table:
    """Create a table from a scoresheet document, with every round, or nothing at all."""
    sheet = read_scoresheet(document)
    scores, _state = score_table(sheet.game, sheet.table, sheet.rounds)
    table = table_create(
        game=sheet.game.key,
        players=sheet.table.players,
        options=sheet.options,
        teams=sheet.table.teams,
    )
    # A known player keeps the spelling already stored ("ann" sits down as "Ann"): where sides
    # are player names, the rounds are stored under the table's sides, as a hand entered later.
    setup = table.setup()
    entries = sheet.rounds
    respell = {
        old: new for old, new in zip(sheet.table.players, setup.players, strict=True) if old != new
    }
    if respell and not setup.teams:
        entries = tuple(_respell_sides(entry, respell) for entry in entries)
        scores, _state = score_table(sheet.game, setup, entries)
    for number, (entry, score) in enumerate(zip(entries, scores, strict=True), start=1):
        _round_insert(table, number, dict(entry), score, setup, scores[: number - 1])
    _table_refresh_result(table, setup)
    return table


def _too_long(
    names: Sequence[str], model: type[Model], column: str, message: str, field: str
) -> list[Problem]:
    """A problem for each name longer than the database column that stores it."""
    limit = model._meta.get_field(column).max_length or 0
    return [problem(message, field, name=name) for name in names if len(name) > limit]


def _respell_sides(entry: Mapping[str, object], respell: Mapping[str, str]) -> dict[str, object]:
    """An entry with its side names respelled: as keys of its fields and as their values."""

    def fix(value: object) -> object:
        if isinstance(value, str):
            return respell.get(value, value)
        if isinstance(value, Mapping):
            return {respell.get(key, key): item for key, item in value.items()}
        return value

    return {key: fix(value) for key, value in entry.items()}


def _locked(table: Table) -> Table:
    """The table re-read under a row lock, so two phones cannot record the same round number."""
    return Table.objects.select_for_update().get(pk=table.pk)


def _next_number(table: Table) -> int:
    last = table.rounds.aggregate(last=Max("number"))["last"]
    return (last or 0) + 1


def next_dealer(table: Table, setup: TableSetup, earlier: Sequence[RoundScore]) -> int:
    """The seat that deals the next hand, ``earlier`` being the hands already played."""
    last = table.rounds.order_by("-number").values_list("dealer", flat=True).first()
    if last is None:
        return table.first_dealer
    return table.rules.dealer_after(setup, earlier, last)


def _round_insert(
    table: Table,
    number: int,
    entry: dict[str, object],
    score: RoundScore,
    setup: TableSetup,
    earlier: Sequence[RoundScore],
) -> Round:
    round_ = Round.objects.create(
        table=table,
        number=number,
        dealer=next_dealer(table, setup, earlier),
        entry=entry,
        breakdown=dict(score.breakdown),
    )
    RoundPoints.objects.bulk_create(
        RoundPoints(round=round_, side=side, points=points) for side, points in score.points.items()
    )
    return round_


def _stored_scores(table: Table) -> list[RoundScore]:
    return [selectors.round_score(round_) for round_ in selectors.table_rounds(table)]


def _check_later_rounds(table: Table, setup: TableSetup) -> None:
    """After a change to an earlier hand, every later hand must still be valid: a Ciapano
    player eliminated by the change cannot win a later last trick."""
    scores: list[RoundScore] = []
    for round_ in table.rounds.order_by("number"):
        try:
            scores.append(table.rules.score_round(round_.entry, setup, tuple(scores)))
        except EntryError as error:
            raise error.in_round(round_.number) from None


def _table_refresh_result(table: Table, setup: TableSetup) -> None:
    """Decide the game from the stored rounds and keep the result on the table and its seats;
    reject a change that would leave played hands after the end of the game.

    A game without an end in its rules (Schafkopf) stays over once the players ended it; its
    winners follow the balance.
    """
    scores = _stored_scores(table)
    state = table.rules.game_state(scores, setup)
    if state.finished_after_round is not None and state.finished_after_round < len(scores):
        raise EntryError(
            [
                problem(
                    gettext_noop(
                        "this would end the game after hand {finished}, but later hands were "
                        "played; delete them first"
                    ),
                    "round",
                    finished=state.finished_after_round,
                )
            ]
        )
    was_finished = table.finished_at is not None
    stopped = table.rules.ends_when_players_stop and was_finished and bool(scores)
    if state.finished or stopped:
        winners = state.winners if state.finished else table.rules.stopped_winners(state)
        table.finished_at = table.finished_at or timezone.now()
        table.winners = list(winners)
        _seats_record_result(table, setup, replace(state, winners=winners))
    else:
        table.finished_at = None
        table.winners = []
        if was_finished:
            _seats_record_result(table, setup, None)
    table.hands_played = len(scores)
    table.save(update_fields=["finished_at", "winners", "hands_played", "updated_at"])
    if table.league_id is not None and (was_finished or table.finished_at is not None):
        ratings.league_ratings_update(table.league_id, table)


def _seats_record_result(table: Table, setup: TableSetup, state: GameState | None) -> None:
    """Keep each seat's result (``None``: the game is not over) for standings to sum."""
    seats = list(table.seats.select_related("player"))
    results = seat_results(table.rules, setup, state) if state else {}
    for seat in seats:
        result = results.get(seat.player.name)
        for name, value in (result or NO_OUTCOME).fields().items():
            setattr(seat, name, value)
    Seat.objects.bulk_update(seats, list(NO_OUTCOME.fields()))


@dataclass(frozen=True)
class SeatOutcome:
    """How a player finished a decided game, as the seat keeps it."""

    total: int | None
    place: int | None
    won: bool
    eliminated: bool
    margin: int | None
    money_cents: int | None = None
    currency: str = ""

    def fields(self) -> dict[str, object]:
        return {
            "total": self.total,
            "place": self.place,
            "won": self.won,
            "eliminated": self.eliminated,
            "margin": self.margin,
            "money_cents": self.money_cents,
            "currency": self.currency,
        }


NO_OUTCOME = SeatOutcome(None, None, False, False, None)


def seat_results(rules: Game, setup: TableSetup, state: GameState) -> dict[str, SeatOutcome]:
    """How each player finished a decided game: their side's total and place, whether it won,
    whether they went out without winning (Ciapanò), the margin over the best other side, and
    the money where the table played for it."""
    places = rules.places(state, setup)
    cents_per_point, currency = selectors.money_per_point(setup.game, setup.options)
    outcomes = {}
    for player in setup.players:
        side = setup.side_of(player)
        won = side in state.winners
        total = state.totals.get(side, 0)
        others = [points for other, points in state.totals.items() if other != side]
        outcomes[player] = SeatOutcome(
            total=total,
            place=places[side],
            won=won,
            eliminated=player in state.eliminated and not won,
            margin=total - max(others) if others else 0,
            money_cents=total * cents_per_point if cents_per_point else None,
            currency=currency if cents_per_point else "",
        )
    return outcomes


@transaction.atomic
def table_stop(table: Table) -> Table:
    """End an evening whose rules set no end (Schafkopf): the best balance wins."""
    table = _locked(table)
    if not table.rules.ends_when_players_stop:
        raise EntryError(
            [
                problem(
                    gettext_noop("{game} ends by its rules, not when the players stop"),
                    "table",
                    game=table.rules.name,
                )
            ]
        )
    if table.is_finished:
        return table
    if not table.rounds.exists():
        raise EntryError([problem(gettext_noop("no hands were played yet"), "table")])
    table.finished_at = timezone.now()
    _table_refresh_result(table, table.setup())
    return table


@transaction.atomic
def table_resume(table: Table) -> Table:
    """Take up an evening the players had ended, to play more hands."""
    table = _locked(table)
    if table.rules.ends_when_players_stop and table.is_finished:
        table.finished_at = None
        _table_refresh_result(table, table.setup())
    return table


@transaction.atomic
def round_record(table: Table, entry: Mapping[str, object]) -> Round:
    """Score a hand and store it as the table's next round; raise EntryError if it is bad."""
    table = _locked(table)
    if table.is_finished:
        raise EntryError([problem(gettext_noop("the game is over; no more hands"), "round")])
    setup = table.setup()
    earlier = _stored_scores(table)
    score = table.rules.score_round(entry, setup, earlier)
    round_ = _round_insert(table, _next_number(table), dict(entry), score, setup, earlier)
    _table_refresh_result(table, setup)
    return round_


@transaction.atomic
def round_update(round_: Round, entry: Mapping[str, object]) -> Round:
    """Replace a hand's entry; the totals and the game's result follow."""
    table = _locked(round_.table)
    setup = table.setup()
    earlier = _stored_scores(table)[: round_.number - 1]
    score = table.rules.score_round(entry, setup, earlier)
    round_.entry = dict(entry)
    round_.breakdown = dict(score.breakdown)
    round_.save(update_fields=["entry", "breakdown", "updated_at"])
    round_.points.all().delete()
    RoundPoints.objects.bulk_create(
        RoundPoints(round=round_, side=side, points=points) for side, points in score.points.items()
    )
    _check_later_rounds(table, setup)
    _table_refresh_result(table, setup)
    return round_


@transaction.atomic
def round_delete(round_: Round) -> None:
    """Delete a hand and close the gap in the numbering; the result is decided again."""
    table = _locked(round_.table)
    number = round_.number
    round_.delete()
    # One at a time, lowest first, so the unique (table, number) constraint never clashes.
    for later in table.rounds.filter(number__gt=number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])
    setup = table.setup()
    _check_later_rounds(table, setup)
    _table_refresh_result(table, setup)


# -- leagues ------------------------------------------------------------------------------------


def _league_check(name: str, games: Sequence[str], exclude: int | None = None) -> None:
    problems: list[Problem] = []
    if not name.strip():
        problems.append(problem(gettext_noop("a league needs a name"), "name"))
    elif League.objects.filter(name__iexact=name.strip()).exclude(pk=exclude).exists():
        problems.append(
            problem(gettext_noop("there is already a league called {name}"), "name", name=name)
        )
    if not games:
        problems.append(problem(gettext_noop("a league counts at least one game"), "games"))
    problems.extend(
        problem(gettext_noop("unknown game {game}"), "games", game=game)
        for game in games
        if game not in GAMES
    )
    raise_if_any(problems)


@transaction.atomic
def league_create(*, name: str, games: Sequence[str], members: Sequence[str] = ()) -> League:
    _league_check(name, games)
    league = League.objects.create(name=name.strip(), games=_in_registry_order(games))
    league.members.add(*(player_get_or_create(member) for member in members))
    return league


@transaction.atomic
def league_update(
    league: League, *, name: str, games: Sequence[str], members: Sequence[str]
) -> League:
    """Rename a league, change what it counts and who belongs; counting other games rates the
    league again, since every rating depends on the tables before it."""
    _league_check(name, games, exclude=league.pk)
    counted = _in_registry_order(games)
    games_changed = counted != league.games
    league.name = name.strip()
    league.games = counted
    league.save(update_fields=["name", "games"])
    league.members.set([player_get_or_create(member) for member in members])
    if games_changed:
        ratings.league_ratings_replay(league)
    return league


def _in_registry_order(games: Sequence[str]) -> list[str]:
    return [key for key in GAMES if key in games]


@transaction.atomic
def season_create(*, league: League, name: str, starts_on: date, ends_on: date) -> Season:
    problems: list[Problem] = []
    if ends_on < starts_on:
        problems.append(problem(gettext_noop("a season cannot end before it starts"), "ends_on"))
    if league.seasons.filter(name__iexact=name.strip()).exists():
        problems.append(
            problem(
                gettext_noop("{league} already has a season called {name}"),
                "name",
                league=league.name,
                name=name,
            )
        )
    raise_if_any(problems)
    return Season.objects.create(
        league=league, name=name.strip(), starts_on=starts_on, ends_on=ends_on
    )


def season_delete(season: Season) -> None:
    """A season is only a date range: deleting it loses no table and no result."""
    season.delete()
