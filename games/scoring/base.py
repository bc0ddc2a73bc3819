"""What every game shares: the table it is played at, a scored round, and the game's state."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from .breakdowns import JSON, Breakdown
from .errors import EntryError, Problem, problem, raise_if_any
from .i18n import gettext_noop as _
from .numbers import NumberStyle
from .options import OptionSpec, OptionValue, resolve_options

Side = str


@dataclass(frozen=True)
class Team:
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class TableSetup:
    """Who sits where (in the direction of play) and the table's effective options."""

    game: str
    options: Mapping[str, OptionValue]
    players: tuple[str, ...]
    teams: tuple[Team, ...] = ()

    @property
    def sides(self) -> tuple[Side, ...]:
        if self.teams:
            return tuple(team.name for team in self.teams)
        return self.players

    def side_of(self, player: str) -> Side:
        for team in self.teams:
            if player in team.players:
                return team.name
        return player

    def option_bool(self, name: str) -> bool:
        return bool(self.options[name])

    def option_int(self, name: str) -> int:
        value = self.options[name]
        assert isinstance(value, int)
        return value

    def option_str(self, name: str) -> str:
        return str(self.options[name])

    def option_mapping(self, name: str) -> Mapping[str, int]:
        value = self.options[name]
        assert isinstance(value, Mapping)
        return value


@dataclass(frozen=True)
class RoundScore:
    """A hand's points per side, and a JSON-ready breakdown that explains them: the
    ``to_json()`` of one of the game's breakdown dataclasses, which ``Game.read_breakdown``
    reads back."""

    points: Mapping[Side, int]
    breakdown: Mapping[str, JSON]


@dataclass(frozen=True)
class GameState:
    totals: Mapping[Side, int]
    totals_after_each_round: tuple[Mapping[Side, int], ...]
    finished: bool = False
    winners: tuple[Side, ...] = ()
    eliminated: tuple[Side, ...] = ()
    # The number of the round after which the game was decided (1-based), if it is.
    finished_after_round: int | None = None


class Game(ABC):
    """A card game the app scores. Subclasses implement one rule text."""

    key: str
    name: str
    min_players: int
    max_players: int
    option_specs: tuple[OptionSpec, ...]
    # The lowest total wins (Swoops) rather than the highest.
    lowest_total_wins: bool = False
    # The rules set no end: the players decide when the evening is over (Schafkopf).
    ends_when_players_stop: bool = False
    # Players can go out of the game while the others play on (Ciapanò): the deal skips them.
    eliminates_players: bool = False
    # A declarer may play alone, and each such game won counts as a Solo where a tournament
    # ranks equal points by Soli (Schafkopf; games/tournaments).
    counts_soli: bool = False
    # The rules decide each round from the totals after it and that round alone
    # (``resume_state`` answers): a save resumes from the stored totals. ``resumes_at`` may
    # still say no for a table whose options make rounds depend on the earlier ones.
    resumes_from_totals: bool = False
    # A table of this many players has the dealer sit out each game (Schafkopf at five); its
    # hand form then takes the dealer's seat as ``sits_out`` (tables.page.TablePage.form).
    dealer_sits_out_at: int | None = None

    def resumes_at(self, table: TableSetup) -> bool:
        """Whether ``resume_state`` answers at this table: ``resumes_from_totals``, unless the
        table's options make a round depend on the ones before (a Schafkopf Bock round)."""
        return self.resumes_from_totals

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players may sit at a table, from fewest to most: every count from
        ``min_players`` to ``max_players`` unless the rules leave one out (Briscola: 2 or 4)."""
        return tuple(range(self.min_players, self.max_players + 1))

    @property
    def plays_for_money(self) -> bool:
        """Whether a table may play for money: the game has a value per point in cents
        (the ``cents_per_point`` option, with its ``currency``), as Schafkopf has."""
        return any(spec.name == "cents_per_point" for spec in self.option_specs)

    # -- table set-up -------------------------------------------------------------------------
    def resolve_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        values, problems = resolve_options(self.option_specs, raw)
        raise_if_any(problems)
        return values

    def plays_in_teams(self, player_count: int, options: Mapping[str, OptionValue]) -> bool:
        return False

    def default_teams(
        self, players: Sequence[str], options: Mapping[str, OptionValue]
    ) -> tuple[Team, ...]:
        return ()

    def check_teams(
        self, players: Sequence[str], teams: Sequence[Team], options: Mapping[str, OptionValue]
    ) -> list[Problem]:
        if teams:
            return [problem(_("{game} is not played in teams here"), "teams", game=self.name)]
        return []

    def setup(
        self,
        players: Sequence[str],
        raw_options: Mapping[str, object] | None = None,
        teams: Sequence[Team] | None = None,
    ) -> TableSetup:
        """Check a table and return it with its effective options; raise EntryError if bad."""
        problems: list[Problem] = []
        try:
            options = self.resolve_options(raw_options or {})
        except EntryError as error:
            problems.extend(error.problems)
            options = self.resolve_options({})
        problems.extend(check_player_names(players))
        if self.min_players == self.max_players != len(players):
            problems.append(
                problem(
                    _("{game} needs exactly {players} players, not {count}"),
                    "players",
                    game=self.name,
                    players=self.min_players,
                    count=len(players),
                )
            )
        elif not self.min_players <= len(players) <= self.max_players:
            problems.append(
                problem(
                    _("{game} needs {minimum} to {maximum} players, not {count}"),
                    "players",
                    game=self.name,
                    minimum=self.min_players,
                    maximum=self.max_players,
                    count=len(players),
                )
            )
        raise_if_any(problems)
        if teams is None or (not teams and self.plays_in_teams(len(players), options)):
            teams = self.default_teams(players, options)
        problems.extend(self.check_teams(players, teams, options))
        raise_if_any(problems)
        return TableSetup(self.key, options, tuple(players), tuple(teams))

    # -- rounds -------------------------------------------------------------------------------
    @abstractmethod
    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
    ) -> RoundScore:
        """Validate one round entry and score it; raise EntryError with every problem.

        ``earlier`` holds the table's scored rounds before this one, for rules that depend on
        them (a Ciapano player already eliminated takes no part in later deals).
        """

    @abstractmethod
    def read_breakdown(self, data: object) -> Breakdown:
        """A stored breakdown (``RoundScore.breakdown``, as written or after a JSON round trip)
        as the game's typed dataclass; raise BreakdownError if it is not one the game writes.
        ``read_breakdown(data).to_json() == data`` for every breakdown the engine writes."""

    @abstractmethod
    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """Totals, whether the game is over, and who won, from the scored rounds."""

    def resume_state(
        self, totals: Mapping[Side, int], hands: int, score: RoundScore, table: TableSetup
    ) -> GameState | None:
        """The state after one more round, ``score``, from the totals after the ``hands``
        rounds before it (which did not end the game), without those rounds: what a save
        at a long table needs, at the cost of a short one.

        None (the default) where the rules need the rounds themselves: who is out, how many
        rounds a fixed-length game has left. A game that answers (``resumes_from_totals``)
        decides each round from the totals after it and that round alone, and scores a round
        without looking at the earlier ones (``score_round`` ignores ``earlier``). The state
        it gives holds only the totals after the last round in ``totals_after_each_round``;
        it equals ``game_state`` of all the rounds in everything else
        (tests/scoring/test_resume_state.py).
        """
        return None

    def places(self, state: GameState, table: TableSetup) -> dict[Side, int]:
        """Each side's finishing place, from 1; tied sides share a place (1, 1, 3).

        The winners the rules named come first; the rest are ranked by total, highest first,
        or lowest first where the lowest total wins.
        """
        sign = 1 if self.lowest_total_wins else -1

        def key(side: Side) -> tuple[int, ...]:
            return (side not in state.winners, sign * state.totals.get(side, 0))

        return competition_places(table.sides, key)

    def total_text(self, total: int, table: TableSetup, style: NumberStyle) -> str:
        """A side's total as the scoreboard writes it, in the page's language (``style``):
        the number as it is, unless the game counts otherwise (Schafkopf: a signed balance,
        or money). The phone writes the totals with the hands it kept by this too."""
        return str(total)

    def row_points(
        self, points: Mapping[Side, int], breakdown: Mapping[str, JSON], table: TableSetup
    ) -> dict[Side, int]:
        """What a hand's row in the history shows beside each side, in seat order: the hand's
        points, unless the game shows otherwise (Briscola: each side's card points; Ciapanò:
        only who played the deal). The server's history and the phone's hands kept with no
        signal both write their rows from it."""
        return {side: points.get(side, 0) for side in table.sides}

    def stopped_winners(self, state: GameState) -> tuple[Side, ...]:
        """Who won an evening the players ended themselves: the best total, shared on a tie."""
        if not state.totals:
            return ()
        best = (min if self.lowest_total_wins else max)(state.totals.values())
        return tuple(side for side, total in state.totals.items() if total == best)

    def dealer_after(
        self,
        table: TableSetup,
        earlier: Sequence[RoundScore],
        dealer: int,
        state: GameState | None = None,
    ) -> int:
        """The seat that deals once ``earlier`` hands are played, ``dealer`` having dealt the
        last of them: the next seat in the direction of play that is still in the game.
        ``state``, the game's state after ``earlier`` when the caller has it, spares working
        it out again.

        Every rule text passes the deal on in the direction of play (Ciapanò: play goes
        anticlockwise and the deal passes to the right, the next player in that direction;
        Schafkopf: clockwise both). A Ciapanò player who is out deals no more
        (games/plugins/ciapano/rules.md §2).
        """
        if not self.eliminates_players:
            return next_dealer_seat(table, (), dealer)
        out = (state or self.game_state(earlier, table)).eliminated
        return next_dealer_seat(table, out, dealer)

    def next_dealer(
        self,
        table: TableSetup,
        earlier: Sequence[RoundScore],
        last_dealer: int | None,
        first_dealer: int = 0,
        state: GameState | None = None,
    ) -> int:
        """The seat that deals the hand after ``earlier``: ``first_dealer`` for the first hand,
        then as ``dealer_after``, ``last_dealer`` having dealt the last of them."""
        if last_dealer is None:
            return first_dealer
        return self.dealer_after(table, earlier, last_dealer, state)

    def tracker(self, table: TableSetup, first_dealer: int = 0) -> RoundTracker:
        """An empty record of the table's rounds, to score them one after another."""
        return RoundTracker(self, table, first_dealer)


def partners_opposite(players: Sequence[str]) -> tuple[Team, Team]:
    """Four players as two teams of partners sitting opposite: seats 1 and 3 play 2 and 4,
    each team named after its players ("Ann & Cy")."""
    return (
        Team(f"{players[0]} & {players[2]}", (players[0], players[2])),
        Team(f"{players[1]} & {players[3]}", (players[1], players[3])),
    )


def check_partners_opposite(players: Sequence[str], teams: Sequence[Team]) -> list[Problem]:
    """What is wrong with ``teams`` as four players' two teams of partners sitting opposite
    (seats 1 and 3 against 2 and 4), the way the Scopa family and Briscola play four: two
    teams of two with two names, every player in exactly one, partners never side by side."""
    if len(teams) != 2 or any(len(team.players) != 2 for team in teams):
        return [problem(_("four players play as two teams of two"), "teams")]
    problems: list[Problem] = []
    names = [team.name for team in teams]
    if len(set(names)) != 2 or not all(name.strip() for name in names):
        problems.append(problem(_("the two teams need two different names"), "teams"))
    seated = [player for team in teams for player in team.players]
    for player in seated:
        if player not in players:
            problems.append(
                problem(_("{player} is in a team but not at the table"), "teams", player=player)
            )
    for player in players:
        if seated.count(player) != 1:
            problems.append(
                problem(_("{player} must be in exactly one team"), "teams", player=player)
            )
    if problems:
        return problems
    for team in teams:
        first, second = (players.index(player) for player in team.players)
        if abs(first - second) != 2:
            problems.append(
                problem(
                    _("{first} and {second} sit side by side; partners sit opposite"),
                    "teams",
                    first=team.players[0],
                    second=team.players[1],
                )
            )
    return problems


class PartnersOppositeGame(Game):
    """A game whose table, when ``plays_in_teams`` says it plays in teams, seats four as two
    teams of partners sitting opposite (the Scopa family, Briscola): those are its default
    teams, and the only teams it accepts."""

    def default_teams(
        self, players: Sequence[str], options: Mapping[str, OptionValue]
    ) -> tuple[Team, ...]:
        if not self.plays_in_teams(len(players), options):
            return ()
        return partners_opposite(players)

    def check_teams(
        self, players: Sequence[str], teams: Sequence[Team], options: Mapping[str, OptionValue]
    ) -> list[Problem]:
        if not self.plays_in_teams(len(players), options):
            return super().check_teams(players, teams, options)
        return check_partners_opposite(players, teams)


def next_dealer_seat(table: TableSetup, out: Collection[str], dealer: int) -> int:
    """The next seat after ``dealer`` in the direction of play whose player is not ``out``
    (see ``Game.dealer_after``)."""
    seats = len(table.players)
    for step in range(1, seats + 1):
        seat = (dealer + step) % seats
        if table.players[seat] not in out:
            return seat
    return (dealer + 1) % seats


class RoundTracker:
    """A table's rounds scored so far, in order, with the seat that dealt each: adding a round
    costs the same whatever the number of rounds before it, so scoring or re-scoring a whole
    table is linear in its rounds.

    It scores exactly as ``Game.score_round`` with the earlier rounds and deals exactly as
    ``Game.dealer_after``; a game whose rules look back at earlier rounds (Ciapanò: who is
    out) keeps what it needs of them as they are added, in its own subclass.
    """

    def __init__(self, game: Game, table: TableSetup, first_dealer: int = 0) -> None:
        self.game = game
        self.table = table
        self.first_dealer = first_dealer
        self._scores: list[RoundScore] = []
        self._dealers: list[int] = []

    @property
    def scores(self) -> Sequence[RoundScore]:
        return self._scores

    @property
    def dealers(self) -> Sequence[int]:
        return self._dealers

    def next_dealer(self) -> int:
        """The seat that deals the next round: ``first_dealer`` for the first, then the next
        seat in the direction of play that is still in the game, as ``Game.dealer_after``
        (every rule text passes the deal on in the direction of play; a Ciapanò player who is
        out deals no more, games/plugins/ciapano/rules.md §2)."""
        if not self._dealers:
            return self.first_dealer
        return next_dealer_seat(self.table, self.out(), self._dealers[-1])

    def out(self) -> Collection[str]:
        """The players out of the game after the rounds so far (none, in most games)."""
        return ()

    def add(self, entry: Mapping[str, object], *, stored: bool = False) -> RoundScore:
        """Validate and score the next round against the rounds so far, then keep it; raise
        EntryError (its problems not yet numbered with the round) and keep nothing if bad.
        ``stored``: a hand already stored, scored again because a hand before it changed, not
        one being entered (see ``rescore``)."""
        score = self.rescore(entry) if stored else self.score(entry)
        self.push(score)
        return score

    def score(self, entry: Mapping[str, object]) -> RoundScore:
        """The next round's score, without keeping it."""
        return self.game.score_round(entry, self.table, self._scores)

    def rescore(self, entry: Mapping[str, object]) -> RoundScore:
        """A stored hand's score when a change before it replays it: as ``score`` in most
        games. A game whose checks grew stricter after hands were stored scores those hands
        as they were, refusing only what is entered now (Schafkopf's 1 or 119 card points),
        so that an old table is never stuck."""
        return self.score(entry)

    def push(self, score: RoundScore, dealer: int | None = None) -> None:
        """Keep a round that was already scored (a stored hand), without scoring it again;
        ``dealer``, the seat stored with it (which this tracker gave it when it was scored),
        spares working it out again."""
        self._dealers.append(self.next_dealer() if dealer is None else dealer)
        self._scores.append(score)

    def state(self) -> GameState:
        """Totals, whether the game is over, and who won, after the rounds so far."""
        return self.game.game_state(self._scores, self.table)


def check_player_names(players: Sequence[str]) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[str] = set()
    for name in players:
        if not name.strip():
            problems.append(problem(_("a player has no name"), "players"))
        elif name.casefold() in seen:
            problems.append(problem(_("{name} sits at the table twice"), "players", name=name))
        seen.add(name.casefold())
    return problems


def competition_places(
    sides: Sequence[Side], key: Callable[[Side], tuple[int, ...]]
) -> dict[Side, int]:
    """Places from 1 with ties sharing ("1, 1, 3"): one plus the number of strictly better.

    >>> totals = {"Ann": 12, "Bob": 40, "Cy": 12}
    >>> competition_places(list(totals), lambda side: (totals[side],))
    {'Ann': 1, 'Bob': 3, 'Cy': 1}
    """
    keys = {side: key(side) for side in sides}
    return {side: 1 + sum(other < mine for other in keys.values()) for side, mine in keys.items()}


def strict_leader(values: Mapping[Side, int] | Mapping[Side, tuple[int, ...]]) -> Side | None:
    """The one side with the strictly highest value, or None when the top is shared.

    >>> strict_leader({"Ann": 3, "Bob": 5})
    'Bob'
    >>> print(strict_leader({"Ann": 5, "Bob": 5, "Cy": 1}))
    None
    """
    if not values:
        return None
    top = max(values.values())
    leaders = [side for side, value in values.items() if value == top]
    return leaders[0] if len(leaders) == 1 else None


def running_totals(
    sides: Sequence[Side], rounds: Sequence[RoundScore]
) -> tuple[Mapping[Side, int], ...]:
    totals = dict.fromkeys(sides, 0)
    after_each: list[Mapping[Side, int]] = []
    for score in rounds:
        for side, points in score.points.items():
            totals[side] += points
        after_each.append(dict(totals))
    return tuple(after_each)


def totals_after(
    sides: Sequence[Side], totals: Mapping[Side, int], score: RoundScore
) -> dict[Side, int]:
    """Each side's total once ``score`` is added to ``totals`` (a side missing from them has
    0): what ``running_totals`` gives after one more round."""
    after = {side: totals.get(side, 0) for side in sides}
    for side, points in score.points.items():
        after[side] = after.get(side, 0) + points
    return after


def resumed_state(after: Mapping[Side, int], hands: int, winner: Side | None = None) -> GameState:
    """What ``Game.resume_state`` gives once the totals after the new round are ``after``
    (the round being number ``hands + 1``): the game won by ``winner`` then, if anyone."""
    if winner is None:
        return GameState(after, (after,))
    return GameState(after, (after,), True, (winner,), finished_after_round=hands + 1)


def first_decided(
    sides: Sequence[Side],
    rounds: Sequence[RoundScore],
    winners_after: Callable[[Mapping[Side, int], int], tuple[Side, ...] | None],
) -> GameState:
    """The state of a game decided by the first round after which ``winners_after`` (given
    the totals then and the round's number, from 1) names the winners: finished there, or
    going on when no round decides it."""
    after_each = running_totals(sides, rounds)
    for number, totals in enumerate(after_each, start=1):
        winners = winners_after(totals, number)
        if winners is not None:
            return GameState(
                after_each[-1],
                after_each,
                finished=True,
                winners=winners,
                finished_after_round=number,
            )
    totals = after_each[-1] if after_each else dict.fromkeys(sides, 0)
    return GameState(totals, after_each)


def score_table(
    game: Game, table: TableSetup, entries: Sequence[Mapping[str, object]]
) -> tuple[list[RoundScore], GameState]:
    """Score every round of a table; raise EntryError naming each bad round.

    A round entered after the game was already decided is an error too: at a real table nobody
    deals again once the winner is known.
    """
    tracker = game.tracker(table)
    problems: list[Problem] = []
    for number, entry in enumerate(entries, start=1):
        try:
            tracker.add(entry)
        except EntryError as error:
            problems.extend(error.in_round(number).problems)
    raise_if_any(problems)
    scores, state = list(tracker.scores), tracker.state()
    if state.finished_after_round is not None and state.finished_after_round < len(scores):
        raise EntryError(
            [
                problem(
                    _("the game was already over after round {finished}"),
                    "rounds",
                    finished=state.finished_after_round,
                ).in_round(state.finished_after_round + 1)
            ]
        )
    return scores, state
