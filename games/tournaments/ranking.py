"""Standings of a tournament night and their tie-breaks, in pure Python (no Django).

Two kinds (source tags are those of /work/shared/tournaments/NOTES.md, listed on the rules page):

- ``rank_points``: points summed over the rounds (Schafkopf [P3]; SchafkopfTurnier's
  Gesamtwertung [R1]), then the tie-breaks the tournament's rules name: the Soli won [R1], and
  lots last [P3, F5]; without lots, entrants equal on everything share a place [R1].
- ``rank_swiss``: match points, then Buchholz (the sum of the opponents' match points [F6, F7]),
  then the point difference (SoL's "net score" [F13]), the order issue 32 asks for; lots last if
  the tournament draws them [F5].

Places are shared by entrants equal on every criterion (1, 2, 2, 4). Each entry names the
deepest tie-break its place needed, for the page to say how a tie was broken.
"""

from __future__ import annotations

import hashlib
import itertools
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple


class Criterion(StrEnum):
    """What a standings column ranks by; the Django side names each on the page."""

    POINTS = "points"
    SOLI = "soli"
    MATCH_POINTS = "match_points"
    BUCHHOLZ = "buchholz"
    POINT_DIFFERENCE = "point_difference"
    LOT = "lot"


# The tie-breaks rank_points knows besides the lot (which is asked for by its seed).
POINTS_TIE_BREAKS = (Criterion.SOLI,)
# rank_swiss's criteria, in order: the values of each of its entries.
SWISS_CRITERIA = (Criterion.MATCH_POINTS, Criterion.BUCHHOLZ, Criterion.POINT_DIFFERENCE)


class RankedEntry(NamedTuple):
    """One entrant's line of the standings (a named tuple, not a frozen dataclass: a hundred
    are made again after every save at any table, at a third of the cost).

    ``values`` are the entrant's figures for each criterion in the order ranked by (for
    ``rank_points`` the total, then each tie-break asked for but the lot; for ``rank_swiss``
    ``SWISS_CRITERIA``). ``tie_break_used`` is the deepest tie-break needed to place the entrant
    among those equal on the first criterion (``Criterion.LOT`` when lots decided), or None when
    the first criterion alone places it.
    """

    place: int
    number: int
    values: tuple[float, ...]
    tie_break_used: Criterion | None = None


@dataclass(frozen=True)
class SwissEntry:
    """An entrant as Swiss pairing sees it: its start number and match points so far."""

    number: int
    match_points: float


@dataclass(frozen=True)
class MatchResult:
    """One Swiss match: the two entrants and the game points each scored (higher wins)."""

    first: int
    second: int
    first_score: int
    second_score: int


@dataclass(frozen=True)
class PairResult:
    """One match of partners drawn for the round, pair against pair: each player of a pair
    takes the pair's result (the game points each pair scored, higher wins)."""

    first: tuple[int, ...]
    second: tuple[int, ...]
    first_score: int
    second_score: int


def rank_points(
    results: Mapping[int, Sequence[int]],
    tie_breaks: Sequence[Criterion] = (),
    *,
    soli: Mapping[int, int] | None = None,
    lot_seed: str | None = None,
    lowest_wins: bool = False,
) -> list[RankedEntry]:
    """Standings by points summed over the rounds (``results``: each start number's points per
    round), most first [P3, R1], or fewest first with ``lowest_wins`` (Ciapanò and Swoops, where
    the lowest score wins [I13, I15]).

    Ties are broken by ``tie_breaks`` in order, as the tournament's rules name them: the Soli
    won, most first (``soli``: each start number's count; SchafkopfTurnier ranks by points, then
    Soli [R1]). With ``lot_seed`` lots drawn from that seed decide what is left (Schafkopf ties
    "decided by lot for all places" [P3]; the lot ends FIDE's list too [F5]); without it,
    entrants equal on everything share a place [R1].
    """
    unknown = [c for c in tie_breaks if c not in POINTS_TIE_BREAKS]
    if unknown:
        raise ValueError(f"not a points tie-break: {unknown[0]}")
    if Criterion.SOLI in tie_breaks and soli is None:
        raise ValueError("ranking by Soli needs each entrant's Soli")
    direction = -1 if lowest_wins else 1
    if not tie_breaks:  # points alone (most nights): ranked again after every save
        totals = {number: (sum(points),) for number, points in results.items()}
        return _ranked(totals, (Criterion.POINTS,), (direction,), lot_seed)
    lines: dict[int, tuple[float, ...]] = {}
    for number, points in results.items():
        figures: list[float] = [sum(points)]
        for criterion in tie_breaks:
            assert soli is not None, criterion  # the only points tie-break, checked above
            figures.append(soli.get(number, 0))
        lines[number] = tuple(figures)
    directions = (direction,) + (1,) * len(tie_breaks)
    return _ranked(lines, (Criterion.POINTS, *tie_breaks), directions, lot_seed)


def rank_swiss(
    matches: Sequence[MatchResult | PairResult],
    byes: Iterable[int] = (),
    bye_points: float = 1.0,
    *,
    entrants: Iterable[int] = (),
    win_points: float = 1.0,
    draw_points: float = 0.5,
    bye_score: int = 0,
    lot_seed: str | None = None,
) -> list[RankedEntry]:
    """Swiss standings: match points, then Buchholz, then point difference (issue 32's order).

    A win scores ``win_points``, a draw (equal game points) ``draw_points``, a loss nothing
    [F1]. Each bye (``byes``: one start number per bye; twice for two) scores ``bye_points``,
    a win's points unless the rules say otherwise [F1, F4], and counts ``bye_score`` game points
    to the difference (SoL's phantom score, 25 by convention, lower in small fields [F13]; 0 by
    default). Buchholz is the sum of the match points of every opponent met [F6, F7]; a bye has
    no opponent and adds nothing. The point difference is game points scored minus conceded.
    ``entrants`` adds those who have played nothing yet (a late entry). With ``lot_seed`` lots
    decide what is left [F5]; otherwise equal entrants share a place.

    A ``PairResult`` (partners drawn for the round) gives each player of a pair the pair's
    match points and difference; both opponents count in a player's Buchholz.
    """
    match_points: dict[int, float] = dict.fromkeys(entrants, 0.0)
    difference: dict[int, int] = defaultdict(int)
    faced: dict[int, list[int]] = defaultdict(list)
    for match in matches:
        if isinstance(match, PairResult):
            first, second = match.first, match.second
        else:
            first, second = (match.first,), (match.second,)
        if set(first) & set(second):
            raise ValueError(f"{match.first} cannot play against itself")
        for sides, scored, conceded in (
            ((first, second), match.first_score, match.second_score),
            ((second, first), match.second_score, match.first_score),
        ):
            earned = win_points if scored > conceded else 0.0
            earned = draw_points if scored == conceded else earned
            for own in sides[0]:
                match_points[own] = match_points.get(own, 0.0) + earned
                difference[own] += scored - conceded
                faced[own].extend(sides[1])
    for number in byes:
        match_points[number] = match_points.get(number, 0.0) + bye_points
        difference[number] += bye_score
    lines = {
        number: (
            points,
            sum(match_points[other] for other in faced[number]),
            difference[number],
        )
        for number, points in match_points.items()
    }
    return _ranked(lines, SWISS_CRITERIA, (1, 1, 1), lot_seed)


def swiss_entries(ranking: Sequence[RankedEntry]) -> list[SwissEntry]:
    """``rank_swiss``'s standings as ``draw.pair_swiss`` takes them, in the same order."""
    return [SwissEntry(number=entry.number, match_points=entry.values[0]) for entry in ranking]


def lot(seed: str, number: int) -> int:
    """The lot a start number draws from a seed: SHA-256 of both, the lowest first."""
    digest = hashlib.sha256(f"lot\x00{seed}\x00{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _ranked(
    lines: Mapping[int, tuple[float, ...]],
    criteria: Sequence[Criterion],
    directions: Sequence[int],
    lot_seed: str | None,
) -> list[RankedEntry]:
    """The entrants best first, with places (shared when equal on every criterion and no lot
    is drawn) and the deepest tie-break each one's place needed.

    Each sort key is made once, and each entry's nearest split above and below is carried
    along in one pass each way: the standings are ranked again after every save at any table,
    and making the keys again for each comparison was most of their time."""
    if len(criteria) == 1 and lot_seed is None:
        return _ranked_by_one(lines, directions[0])
    return _ranked_by_all(lines, criteria, directions, lot_seed)


def _ranked_by_all(
    lines: Mapping[int, tuple[float, ...]],
    criteria: Sequence[Criterion],
    directions: Sequence[int],
    lot_seed: str | None,
) -> list[RankedEntry]:
    keys: dict[int, tuple[float, ...]] = {}
    for number, figures in lines.items():
        ranked_by = [
            -direction * value for direction, value in zip(directions, figures, strict=True)
        ]
        if lot_seed is not None:
            ranked_by.append(lot(lot_seed, number))
        keys[number] = (*ranked_by, number)
    order = sorted(lines, key=keys.__getitem__)
    depth = len(criteria) + (1 if lot_seed is not None else 0)

    # Where each entrant parts from the next: the index of the first criterion (the lot after
    # the others) on which they differ; ``depth`` when they are equal on all.
    splits: list[int] = []
    for upper, lower in itertools.pairwise(order):
        upper_key, lower_key = keys[upper], keys[lower]
        split = depth
        for index in range(depth):
            if upper_key[index] != lower_key[index]:
                split = index
                break
        splits.append(split)
    # The first split that is not a full tie walking up from each entry, and walking down:
    # entrants equal on everything are placed as one.
    above: list[int | None] = [None] * len(order)
    below: list[int | None] = [None] * len(order)
    for index in range(1, len(order)):
        split = splits[index - 1]
        above[index] = split if split < depth else above[index - 1]
    for index in range(len(order) - 2, -1, -1):
        split = splits[index]
        below[index] = split if split < depth else below[index + 1]
    names = (*criteria, Criterion.LOT)
    ranked: list[RankedEntry] = []
    for index, number in enumerate(order):
        tied_above = index > 0 and splits[index - 1] == depth
        place = ranked[-1].place if tied_above else index + 1
        # Split 0 is the first criterion's own: no tie-break was needed there.
        deepest = max(above[index] or 0, below[index] or 0)
        used = names[deepest] if deepest else None
        ranked.append(RankedEntry(place, number, lines[number], used))
    return ranked


def _ranked_by_one(lines: Mapping[int, tuple[float, ...]], direction: int) -> list[RankedEntry]:
    """``_ranked`` by one criterion and no lot (points alone, the most common night): equal
    entrants share a place, and no place needs a tie-break. Ranked again after every save at
    any table, so in one pass over the sorted entrants."""
    sign = -direction
    # Start numbers differ, so the figures themselves are never compared.
    order = sorted([(sign * figures[0], number, figures) for number, figures in lines.items()])
    ranked: list[RankedEntry] = []
    place, previous = 0, None
    for index, (key, number, figures) in enumerate(order, start=1):
        if key != previous:
            place, previous = index, key
        ranked.append(RankedEntry(place, number, figures))
    return ranked
