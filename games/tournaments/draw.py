"""Seat draws and pairings of a tournament night, in pure Python (no Django, like games.scoring).

Plain values in, plain values out: start numbers (which never change, SchafkopfTurnier [R1]),
the earlier rounds' plans and a recorded seed. The same seed and input give the same draw on any
machine and any Python: the randomness is a SHA-256 stream of the seed (``SeededStream``), as
SchafkopfTurnier derives its draws from SHA-256 of the tournament, round and attempt [R1
draw.py], so anyone holding the seed can check a draw was fair.

Source tags are those of /work/shared/tournaments/NOTES.md (listed on the rules page):

- Tables of three to eight (``draw_groups``): round 1 at random from the seed; later rounds keep
  players who already sat together apart where they can, by a greedy start and swaps that keep
  the cost from rising, restarted a few times (SchafkopfTurnier's random restarts plus swaps
  [R1]; the greedy start of SchafkopfTurnierplaner [R2] and of the social-golfer heuristics
  [M4, M5]). A count that does not divide by the table size gets tables one larger (Schafkopf:
  five, the dealer sitting out each game, as SchafkopfTurnierplaner makes ``n mod 4`` tables of
  five [R2]) or, where those cannot be made or are not allowed, tables one smaller (Skat's tables
  of three [P13]); later rounds give those tables to players who have sat at the fewest of them
  (our own choice: no source was found).
- One against one, or team against team (``pair_swiss``): FIDE's Swiss rules [F1, F2] (no two
  entrants meet twice; entrants on the same score play each other where they can; with an odd
  count one gets a bye, never twice [F3]), paired in the order of the standings, first against
  the next one it may meet ("serial" pairing, SoL [F13]; the Danish system [I11, I12]).
- Partners drawn each round (``draw_partners``; Scopone and Briscola, where partners "may
  change between games" [I8] and rotating pairs are one of the two ways a Scopone night is run
  [I7]): individuals are paired into partners, and the pairs into tables of pair against pair,
  each by the Swiss pairing above, so no two are partners twice and, where they can, no two meet
  again as opponents. A count that does not divide by four leaves one to three out with a bye,
  given as the Swiss bye is [F1, F3].
"""

from __future__ import annotations

import hashlib
import secrets
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.tournaments.ranking import SwissEntry

# The table sizes a group draw may make: three is the fewest that play a group game (Skat's
# tables of three [P13]), eight the most any of our group games seats (Swoops [I15]).
MIN_TABLE_SIZE = 3
MAX_TABLE_SIZE = 8
# How hard a later round's group draw tries to keep players apart who already met: restarts
# (SchafkopfTurnier makes 40 [R1]; a greedy start needs far fewer) and swaps tried per restart
# for each player drawn.
_RESTARTS = 6
_STEPS_PER_PLAYER = 12
_MIN_STEPS = 300
# A restart gives up after this many swaps per player without a better seating.
_PATIENCE_PER_PLAYER = 4
# A Swiss pairing is searched exhaustively for the fewest rematches; beyond this many steps the
# search settles for what it has (only a huge field deep into its rounds gets there).
_PAIRING_STEPS = 200_000


class DrawError(ValueError):
    """The draw cannot be made with these settings (too few players, no table size that fits)."""


@dataclass(frozen=True)
class TablePlan:
    """One table of a round: its number and the start numbers in seat order (seat 1 deals
    first and keeps score [P12])."""

    number: int
    seats: tuple[int, ...]
    # A table of five where the dealer sits out each game (Schafkopf's table of five [R2]).
    sitting_out_each_game: bool = False


@dataclass(frozen=True)
class RoundPlan:
    """A round's draw: its tables, the start numbers with no table this round (a Swiss bye) and
    the seed it was drawn from."""

    tables: tuple[TablePlan, ...]
    byes: tuple[int, ...]
    seed: str

    def seated(self) -> tuple[int, ...]:
        """Every start number at a table this round, table by table in seat order."""
        return tuple(number for table in self.tables for number in table.seats)


def games_due(games_per_round: int | None, seats: int, sitting_out_each_game: bool) -> int | None:
    """The games a table plays in a round of ``games_per_round`` games per table (None: the
    game to its end). A table where the dealer sits out each game plays more, so that each
    player there plays as many games as at a full table: a Schafkopf table of five plays 5/4
    of them (40 for 32), rounded up, as Doppelkopf tournaments give a table of five 10 games
    where a table of four plays 8 [P14]."""
    if games_per_round is None or not sitting_out_each_game or seats < 2:
        return games_per_round
    return -(-games_per_round * seats // (seats - 1))


def make_seed() -> str:
    """A fresh random seed for a draw (``secrets``: 128 bits, hex), which the caller records
    with the round so the draw can be checked and repeated [R1]."""
    return secrets.token_hex(16)


class SeededStream:
    """Random whole numbers from a seed: SHA-256 of the seed, a purpose and a counter, read
    eight bytes at a time, so a draw is the same in any language that has SHA-256 [R1]."""

    def __init__(self, seed: str, purpose: str) -> None:
        self._key = f"{purpose}\x00{seed}\x00".encode()
        self._counter = 0
        self._buffer = b""

    def _next_word(self) -> int:
        if not self._buffer:
            block = self._key + self._counter.to_bytes(8, "big")
            self._buffer = hashlib.sha256(block).digest()
            self._counter += 1
        word, self._buffer = self._buffer[:8], self._buffer[8:]
        return int.from_bytes(word, "big")

    def below(self, bound: int) -> int:
        """A whole number in 0..bound-1, each equally likely (rejection sampling)."""
        if bound < 1:
            raise ValueError("bound must be at least 1")
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            word = self._next_word()
            if word < limit:
                return word % bound

    def shuffled(self, items: Iterable[int]) -> list[int]:
        """The items in an order drawn by Fisher-Yates (as SchafkopfTurnier draws seats [R1])."""
        result = list(items)
        for last in range(len(result) - 1, 0, -1):
            other = self.below(last + 1)
            result[last], result[other] = result[other], result[last]
        return result


# -- tables of three to eight --------------------------------------------------------------------


def table_sizes(
    count: int, table_size: int, allow_five: bool = True, allow_three: bool = True
) -> tuple[int, ...]:
    """The sizes of the tables ``count`` players sit at, in table order, the odd ones last.

    All tables seat ``table_size`` when the count divides. Otherwise, with ``allow_five``,
    ``count mod table_size`` tables seat one more (Schafkopf: five, as SchafkopfTurnierplaner
    does, which needs at least as many tables as that remainder [R2]); failing that, with
    ``allow_three``, ``table_size - count mod table_size`` tables seat one fewer (Skat's tables
    of three [P13]). The names say what they mean at Schafkopf's tables of four. Raises
    ``DrawError`` when neither fits.
    """
    if not MIN_TABLE_SIZE <= table_size <= MAX_TABLE_SIZE:
        raise DrawError(f"a table seats {MIN_TABLE_SIZE} to {MAX_TABLE_SIZE}, not {table_size}")
    tables, remainder = divmod(count, table_size)
    if remainder == 0 and tables > 0:
        return (table_size,) * tables
    larger = table_size + 1
    if allow_five and larger <= MAX_TABLE_SIZE and 0 < remainder <= tables:
        return (table_size,) * (tables - remainder) + (larger,) * remainder
    smaller = table_size - 1
    short = table_size - remainder
    if allow_three and smaller >= MIN_TABLE_SIZE and short <= tables + 1:
        return (table_size,) * (tables + 1 - short) + (smaller,) * short
    raise DrawError(f"{count} players cannot sit at tables of {table_size}")


def meetings(rounds: Iterable[RoundPlan]) -> dict[int, dict[int, int]]:
    """How often each two start numbers sat at one table in these rounds:
    ``meetings(rounds)[a][b]``, symmetric, pairs that never met left out."""
    met: dict[int, dict[int, int]] = defaultdict(dict)
    for plan in rounds:
        for table in plan.tables:
            for first in table.seats:
                row = met[first]
                for second in table.seats:
                    if second != first:
                        row[second] = row.get(second, 0) + 1
    return dict(met)


def repeat_meetings(plan: RoundPlan, earlier_rounds: Iterable[RoundPlan]) -> int:
    """The cost a group draw keeps down: over every two players at one table of ``plan``, how
    many times they sat together before (two who met twice count two)."""
    met = meetings(earlier_rounds)
    total = 0
    for table in plan.tables:
        for index, first in enumerate(table.seats):
            row = met.get(first, {})
            total += sum(row.get(second, 0) for second in table.seats[index + 1 :])
    return total


def draw_groups(
    start_numbers: Sequence[int],
    table_size: int,
    seed: str,
    earlier_rounds: Sequence[RoundPlan] = (),
    allow_five: bool = True,
    allow_three: bool = True,
    *,
    dealer_sits_out_at_larger: bool = True,
    keep_neighbours_apart: bool = False,
) -> RoundPlan:
    """The tables of a round for games at tables of three to eight (Schafkopf, Ciapanò, Swoops).

    Table sizes as ``table_sizes`` says ([R2], [P13]). Round 1 is drawn at random from the seed.
    In later rounds players who sat together in ``earlier_rounds`` are kept apart where they can
    be: ``repeat_meetings`` as low as a greedy start and cost-lowering swaps with a few restarts
    find (SchafkopfTurnier's restarts and swaps [R1]; the greedy start of [R2], [M4], [M5]);
    then, among seatings as good, the tables of five or three go to those who have sat at the
    fewest of them, so the games sat out are shared (our choice: no source says). Tables are
    drawn by lot,
    and so are the seats at each (Fisher-Yates [R1]; [P5, P11]). The same seed, start numbers
    (in any order) and earlier rounds give the same draw. A table one larger than
    ``table_size`` is marked ``sitting_out_each_game`` (Schafkopf's dealer sitting out [R2])
    unless ``dealer_sits_out_at_larger`` is false (a game whose tables of that size all play).
    With ``keep_neighbours_apart`` two players whose start numbers follow each other (who came
    in together) are kept apart as if they had met once, from round 1 on (SchafkopfTurnier
    weighs such a pair above a repeat meeting [R1]).
    """
    # The draw depends on who plays, not on the order the caller lists them in: anyone with
    # the entry list and the seed draws the same tables.
    players = sorted(set(start_numbers))
    if len(players) != len(start_numbers):
        raise DrawError("a start number is entered twice")
    sizes = table_sizes(len(players), table_size, allow_five, allow_three)
    stream = SeededStream(seed, "groups")
    met = meetings(earlier_rounds)
    if keep_neighbours_apart:
        _count_neighbours_as_met(players, met)
    history = _History(
        met=met,
        odd_before=odd_tables_had(earlier_rounds, table_size),
        odd_tables=[size != table_size for size in sizes],
    )
    groups = _least_repeats(stream.shuffled(players), sizes, history, stream)
    tables = tuple(
        TablePlan(
            number=index + 1,
            seats=tuple(stream.shuffled(group)),
            sitting_out_each_game=dealer_sits_out_at_larger and len(group) > table_size,
        )
        for index, group in enumerate(groups)
    )
    return RoundPlan(tables=tables, byes=(), seed=seed)


def _count_neighbours_as_met(players: Sequence[int], met: dict[int, dict[int, int]]) -> None:
    present = set(players)
    for number in players:
        if number + 1 in present:
            for first, second in ((number, number + 1), (number + 1, number)):
                row = met.setdefault(first, {})
                row[second] = row.get(second, 0) + 1


def odd_tables_had(rounds: Iterable[RoundPlan], table_size: int) -> dict[int, int]:
    """How often each start number sat at a table of another size than ``table_size`` (a five
    where the dealer sits out, a three) in these rounds."""
    counts: dict[int, int] = defaultdict(int)
    for plan in rounds:
        for table in plan.tables:
            if len(table.seats) != table_size:
                for number in table.seats:
                    counts[number] += 1
    return dict(counts)


@dataclass(frozen=True)
class _History:
    """What a later round's draw keeps down: first the times two at a table met before, then
    the times a player who already sat at a table of five or three sits at one again (so the
    games sat out and the short tables are shared round by round)."""

    met: dict[int, dict[int, int]]
    odd_before: dict[int, int]
    odd_tables: list[bool]

    @property
    def meeting_weight(self) -> int:
        """A repeat meeting outweighs every odd table of the round together."""
        return 1 + sum(self.odd_before.values())


def _least_repeats(
    players: list[int], sizes: Sequence[int], history: _History, stream: SeededStream
) -> list[list[int]]:
    """Players (in a drawn order) in groups of ``sizes``, keeping down the times two of a
    group met before."""
    if not any(number in history.met for number in players):
        return _cut(players, sizes)
    # No seating costs less than no repeat meeting and the odd tables' seats given to those
    # who sat at the fewest odd tables before.
    odd_seats = sum(size for size, odd in zip(sizes, history.odd_tables, strict=True) if odd)
    floor = sum(sorted(history.odd_before.get(p, 0) for p in players)[:odd_seats])
    steps = max(_MIN_STEPS, _STEPS_PER_PLAYER * len(players))
    patience = max(_MIN_STEPS, _PATIENCE_PER_PLAYER * len(players))
    best: _Seating | None = None
    for _ in range(_RESTARTS):
        seating = _Seating.greedy(stream.shuffled(players), sizes, history)
        seating.improve(stream, steps, patience, floor)
        if best is None or seating.best_cost < best.best_cost:
            best = seating
        # Restarts are for repeat meetings; how the odd tables go round is a nicety.
        if best.best_cost < history.meeting_weight:
            break
    assert best is not None
    return best.best_groups


def _cut(players: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    groups, start = [], 0
    for size in sizes:
        groups.append(list(players[start : start + size]))
        start += size
    return groups


class _Seating:
    """Groups being improved by swaps, with each player's cost at each table kept up to date
    (``cost_at[player][table]``: how often the player met the others there)."""

    def __init__(self, groups: list[list[int]], history: _History) -> None:
        self.groups = groups
        self.met = met = history.met
        self.odd_tables = history.odd_tables
        self.odd_before = history.odd_before
        self.weight = history.meeting_weight
        self.table_of = {p: index for index, group in enumerate(groups) for p in group}
        self.cost_at: dict[int, list[int]] = {p: [0] * len(groups) for p in self.table_of}
        for player, row in met.items():
            if player in self.table_of:
                for other, times in row.items():
                    if other in self.table_of:
                        self.cost_at[player][self.table_of[other]] += times
        self.cost = self.weight * (
            sum(self.cost_at[p][self.table_of[p]] for p in self.table_of) // 2
        ) + sum(self._odd(p, self.table_of[p]) for p in self.table_of)
        self.best_cost = self.cost
        self.best_groups = [list(group) for group in groups]

    @classmethod
    def greedy(cls, players: list[int], sizes: Sequence[int], history: _History) -> _Seating:
        """Each player in turn, those with the most history first, at the open table where they
        met the fewest of those already seated."""
        met, weight = history.met, history.meeting_weight
        known = {p: sum(met.get(p, {}).values()) for p in players}
        order = sorted(players, key=lambda p: -known[p])
        groups: list[list[int]] = [[] for _ in sizes]
        for player in order:
            row = met.get(player, {})
            odd = history.odd_before.get(player, 0)
            open_tables = [t for t, size in enumerate(sizes) if len(groups[t]) < size]
            table = min(
                open_tables,
                key=lambda t: (
                    weight * sum(row.get(o, 0) for o in groups[t])
                    + (odd if history.odd_tables[t] else 0),
                    len(groups[t]),
                ),
            )
            groups[table].append(player)
        return cls(groups, history)

    def _odd(self, player: int, table: int) -> int:
        return self.odd_before.get(player, 0) if self.odd_tables[table] else 0

    def _at(self, player: int, table: int) -> int:
        """The player's cost at a table they sit at."""
        return self.weight * self.cost_at[player][table] + self._odd(player, table)

    def _swap_gain(self, player: int, other: int) -> int:
        here, there = self.table_of[player], self.table_of[other]
        together = self.met.get(player, {}).get(other, 0)
        before = self._at(player, here) + self._at(other, there)
        after = self._at(player, there) + self._at(other, here) - 2 * self.weight * together
        return after - before

    def _swap(self, player: int, other: int) -> None:
        here, there = self.table_of[player], self.table_of[other]
        self.cost += self._swap_gain(player, other)
        for moved, source, target in ((player, here, there), (other, there, here)):
            for neighbour, times in self.met.get(moved, {}).items():
                costs = self.cost_at.get(neighbour)
                if costs is not None:
                    costs[source] -= times
                    costs[target] += times
        self.groups[here][self.groups[here].index(player)] = other
        self.groups[there][self.groups[there].index(other)] = player
        self.table_of[player], self.table_of[other] = there, here

    def improve(self, stream: SeededStream, steps: int, patience: int, floor: int) -> None:
        """Swap a player who costs something at their table with the player elsewhere whose
        swap lowers the cost most, or keeps it (to walk across plateaus); a swap just made is
        not undone at once (a short tabu list, [M5]). Stops at ``floor`` (no seating costs
        less), after ``steps``, or after ``patience`` steps without a better seating."""
        recent: list[int] = []
        since_best = 0
        for _ in range(steps):
            since_best += 1
            if self.cost <= floor or since_best > patience:
                return
            troubled = [p for p, t in self.table_of.items() if self._at(p, t) > 0]
            player = troubled[stream.below(len(troubled))]
            here = self.table_of[player]
            candidates = [o for o in self.table_of if self.table_of[o] != here and o not in recent]
            if not candidates:
                return
            gains = [self._swap_gain(player, o) for o in candidates]
            lowest = min(gains)
            if lowest > 0 and stream.below(4):
                continue
            ties = [o for o, gain in zip(candidates, gains, strict=True) if gain == lowest]
            other = ties[stream.below(len(ties))]
            self._swap(player, other)
            recent = [*recent, player, other][-4:]
            if self.cost < self.best_cost:
                self.best_cost = self.cost
                self.best_groups = [list(group) for group in self.groups]
                since_best = 0


# -- Swiss pairing ---------------------------------------------------------------------------------


def opponents(rounds: Iterable[RoundPlan]) -> dict[int, set[int]]:
    """Whom each start number has faced at a table in these rounds."""
    return {player: set(row) for player, row in meetings(rounds).items()}


def byes_had(rounds: Iterable[RoundPlan]) -> dict[int, int]:
    """How many byes each start number has had in these rounds."""
    counts: dict[int, int] = defaultdict(int)
    for plan in rounds:
        for number in plan.byes:
            counts[number] += 1
    return dict(counts)


def rematches(plan: RoundPlan, earlier_rounds: Iterable[RoundPlan]) -> int:
    """How many tables of ``plan`` pair two who already met."""
    faced = opponents(earlier_rounds)
    return sum(1 for table in plan.tables if table.seats[1] in faced.get(table.seats[0], set()))


def pair_swiss(
    standings: Sequence[SwissEntry], earlier_rounds: Sequence[RoundPlan], seed: str
) -> RoundPlan:
    """One against one or team against team, by the Swiss system (Scopa; Scopone and Briscola
    in pairs).

    ``standings`` are the entrants still playing in the order of the standings (``rank_swiss``).
    With no earlier round the order is drawn from the seed (a random first round, [I11]). Each
    entrant in turn meets the next one below it that it has not met (serial pairing [F13]; 1st v
    2nd, 3rd v 4th [I11]), so entrants on the same score meet where they can [F1]; no two meet
    twice while a pairing without it exists [F1, F2, I12], and otherwise as few as can. With an
    odd count the lowest-placed entrant who has not had a bye gets one [F1, F3] (SoL's phantom
    [F13]), and a bye goes twice only when everyone has had one. Table 1 is the top pairing, its
    first seat the higher-placed entrant. Deterministic for a given seed and input.
    """
    order = [entry.number for entry in standings]
    if len(set(order)) != len(order):
        raise DrawError("a start number is entered twice")
    if len(order) < 2:
        raise DrawError("a Swiss round needs at least two entrants")
    if not earlier_rounds:
        order = SeededStream(seed, "swiss").shuffled(order)
    faced = opponents(earlier_rounds)
    had = byes_had(earlier_rounds)
    bye, pairs = _pair_with_bye(order, faced, had)
    tables = tuple(TablePlan(number=index + 1, seats=pair) for index, pair in enumerate(pairs))
    return RoundPlan(tables=tables, byes=() if bye is None else (bye,), seed=seed)


def _pair_with_bye(
    order: list[int], faced: dict[int, set[int]], had: dict[int, int]
) -> tuple[int | None, list[tuple[int, int]]]:
    """The bye (if the count is odd) and the pairs, with the fewest rematches: first among the
    entrants with the fewest byes, the lowest placed first."""
    if len(order) % 2 == 0:
        candidates: list[int | None] = [None]
    else:
        fewest = min(had.get(number, 0) for number in order)
        candidates = [n for n in reversed(order) if had.get(n, 0) == fewest]
    allowed = 0
    while True:
        for bye in candidates:
            rest = [number for number in order if number != bye]
            pairs = _SerialPairing(rest, faced).pairs(allowed)
            if pairs is not None:
                return bye, pairs
        allowed += 1


class _SerialPairing:
    """The first pairing, in serial order, with at most so many rematches: the top entrant left
    meets the highest one below it it may meet, backtracking when the rest cannot be paired.
    Subsets of entrants already found unpairable are remembered, so the search is exhaustive
    without walking the same dead end twice."""

    def __init__(self, order: list[int], faced: dict[int, set[int]]) -> None:
        self.order = order
        self.met = [[other in faced.get(number, set()) for other in order] for number in order]
        self.dead_ends: set[tuple[int, int]] = set()
        self.steps = 0

    def pairs(self, allowed: int) -> list[tuple[int, int]] | None:
        self.steps = 0
        found = self._pair((1 << len(self.order)) - 1, allowed)
        if found is None:
            return None
        return [(self.order[a], self.order[b]) for a, b in found]

    def _pair(self, left: int, allowed: int) -> list[tuple[int, int]] | None:
        if left == 0:
            return []
        if (left, allowed) in self.dead_ends:
            return None
        self.steps += 1
        first = (left & -left).bit_length() - 1
        rest = left & ~(1 << first)
        candidate_bits = rest
        while candidate_bits:
            second = (candidate_bits & -candidate_bits).bit_length() - 1
            candidate_bits &= candidate_bits - 1
            cost = 1 if self.met[first][second] else 0
            if cost > allowed:
                continue
            below = self._pair(rest & ~(1 << second), allowed - cost)
            if below is not None:
                return [(first, second), *below]
            if self.steps > _PAIRING_STEPS:
                break
        self.dead_ends.add((left, allowed))
        return None


# -- partners drawn each round ---------------------------------------------------------------------

# At a table of pair against pair the partners sit opposite: seats 1 and 3 against 2 and 4.
PAIR_TABLE = 4


def partners_had(rounds: Iterable[RoundPlan]) -> dict[int, set[int]]:
    """Whom each start number has had as a partner at a table of pair against pair."""
    had: dict[int, set[int]] = defaultdict(set)
    for plan in rounds:
        for table in plan.tables:
            if len(table.seats) == PAIR_TABLE:
                for first, second in (table.seats[0::2], table.seats[1::2]):
                    had[first].add(second)
                    had[second].add(first)
    return dict(had)


def opponents_had(rounds: Iterable[RoundPlan]) -> dict[int, set[int]]:
    """Whom each start number has played against at a table of pair against pair."""
    had: dict[int, set[int]] = defaultdict(set)
    for plan in rounds:
        for table in plan.tables:
            if len(table.seats) == PAIR_TABLE:
                for first in table.seats[0::2]:
                    for second in table.seats[1::2]:
                        had[first].add(second)
                        had[second].add(first)
    return dict(had)


def draw_partners(
    standings: Sequence[SwissEntry], earlier_rounds: Sequence[RoundPlan], seed: str
) -> RoundPlan:
    """Partners drawn each round, pair against pair (Scopone, Briscola in four).

    ``standings`` are the individuals still playing in the order of the standings; with no
    earlier round the order is drawn from the seed, so round 1's partners and tables are drawn
    at random. When the count does not divide by four, the lowest-placed of those with the
    fewest byes sit the round out, one to three of them (the Swiss bye [F1, F3]). The others
    are paired into partners in the order of the standings with the fewest repeat partners
    (none while a pairing without one exists; none who met at all, where that can be), and
    the pairs, in the same order, meet the pair below them with the fewest that have met as
    opponents before (serial pairing [F13, I11]).
    A table's seats are the first pair's partner, the second pair's, then their partners, so
    that partners sit opposite. Deterministic for a given seed and input."""
    order = [entry.number for entry in standings]
    if len(set(order)) != len(order):
        raise DrawError("a start number is entered twice")
    if len(order) < PAIR_TABLE:
        raise DrawError("pair against pair needs at least four players")
    if not earlier_rounds:
        # Who plays decides round 1, not the order the caller lists them in.
        order = SeededStream(seed, "partners").shuffled(sorted(order))
    had = byes_had(earlier_rounds)
    # The lowest placed of those with the fewest byes first.
    by_need = sorted(reversed(order), key=lambda number: had.get(number, 0))
    byes = set(by_need[: len(order) % PAIR_TABLE])
    playing = [number for number in order if number not in byes]
    had_partner, foes = partners_had(earlier_rounds), opponents_had(earlier_rounds)
    # Partners who have met in no way before where the field allows, else the fewest who have
    # been partners.
    met = {number: had_partner.get(number, set()) | foes.get(number, set()) for number in playing}
    pairs = _SerialPairing(playing, met).pairs(0) or _fewest_rematches(playing, had_partner)
    met_pairs = {
        index: {
            other
            for other, (third, fourth) in enumerate(pairs)
            if other != index
            and ({third, fourth} & (foes.get(first, set()) | foes.get(second, set())))
        }
        for index, (first, second) in enumerate(pairs)
    }
    matches = _fewest_rematches(list(range(len(pairs))), met_pairs)
    tables = tuple(
        TablePlan(
            number=index + 1,
            seats=(pairs[one][0], pairs[other][0], pairs[one][1], pairs[other][1]),
        )
        for index, (one, other) in enumerate(matches)
    )
    return RoundPlan(
        tables=tables, byes=tuple(number for number in order if number in byes), seed=seed
    )


def _fewest_rematches(order: list[int], faced: dict[int, set[int]]) -> list[tuple[int, int]]:
    """``order`` (an even count) in twos, in serial order, with the fewest two that met."""
    search = _SerialPairing(order, faced)
    allowed = 0
    while True:
        pairs = search.pairs(allowed)
        if pairs is not None:
            return pairs
        allowed += 1
