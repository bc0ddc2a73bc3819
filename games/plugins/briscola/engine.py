"""Briscola: the rules as the app scores them (games/plugins/briscola/rules.md).

Pure Python like ``games.scoring`` (an import-linter contract holds it to that): the 40-card
Italian deck of ``games.scoring.cards``, the shared errors, options and breakdown readers.
One round is one deal played out; a match is the best of N deals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from games.scoring.base import (
    Game,
    GameState,
    RoundScore,
    Side,
    TableSetup,
    resumed_state,
    running_totals,
    totals_after,
)
from games.scoring.breakdowns import JSON, nullable, string
from games.scoring.card_lists import read_captures
from games.scoring.card_points import (
    CAPTURES,
    POINTS,
    CardPointsBreakdown,
    CardPointsGame,
    entered_as,
    read_card_points,
)
from games.scoring.cards import Card, Rank
from games.scoring.errors import EntryError, Problem, fields_not_applying, problem, side_problem
from games.scoring.i18n import gettext_noop as _
from games.scoring.options import Choice, OptionSpec

# Card points (rules.md §2): Asso 11, Tre 10, Re 4, Cavallo 3, Fante 2, the rest nothing.
CARD_POINTS: Mapping[Rank, int] = {
    Rank.ACE: 11,
    Rank.THREE: 10,
    Rank.KING: 4,
    Rank.KNIGHT: 3,
    Rank.JACK: 2,
}
DECK_POINTS = 120
# More than this wins the deal (rules.md §3).
HALF = DECK_POINTS // 2
# Totals no split of the deck can make: no card is worth 1 (rules.md §2).
IMPOSSIBLE = frozenset({1, DECK_POINTS - 1})


def card_points(card: Card) -> int:
    """A card's points (rules.md §2).

    >>> from games.scoring.cards import DECK, parse_card
    >>> [card_points(parse_card(code)) for code in ("AD", "3C", "KS", "NB", "JD", "7D")]
    [11, 10, 4, 3, 2, 0]
    >>> sum(card_points(card) for card in DECK)
    120
    """
    return CARD_POINTS.get(card.rank, 0)


def deal_winner(points: Mapping[Side, int]) -> Side | None:
    """The side with more than 60 card points; None on a 60-60 draw (rules.md §3).

    >>> deal_winner({"Ann": 61, "Bob": 59}), deal_winner({"Ann": 60, "Bob": 60})
    ('Ann', None)
    """
    for side, total in points.items():
        if total > HALF:
            return side
    return None


def deals_needed(best_of: int) -> int:
    """Deals a side must win to take the match: more than half of N (rules.md §4).

    >>> [deals_needed(n) for n in (1, 3, 5)]
    [1, 2, 3]
    """
    return best_of // 2 + 1


@dataclass(frozen=True)
class BriscolaBreakdown(CardPointsBreakdown):
    """One deal (rules.md §3): each side's card points, how they were entered (the cards each
    side took, or the points counted at the table) and the deal's winner (None on a draw).

    >>> BriscolaBreakdown("points", {"Ann": 61, "Bob": 59}, "Ann").to_json()
    {'kind': 'deal', 'entered': 'points', 'card_points': {'Ann': 61, 'Bob': 59}, 'winner': 'Ann'}
    """

    kind: ClassVar[str] = "deal"
    more_keys: ClassVar[tuple[str, ...]] = ("winner",)

    winner: Side | None

    def more_json(self) -> dict[str, JSON]:
        return {"winner": self.winner}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> BriscolaBreakdown:
        fields, entered, card_points = cls.read_first(data, path)
        return cls(entered, card_points, fields.read("winner", nullable(string)))


def read_breakdown(data: object) -> BriscolaBreakdown:
    """A stored Briscola breakdown as its dataclass (see ``Game.read_breakdown``)."""
    return BriscolaBreakdown.from_json(data)


class Briscola(CardPointsGame):
    """Briscola for 2, or for 4 in two teams of partners sitting opposite, never 3 (rules.md
    §1)."""

    key = "briscola"
    name = _("Briscola")
    three_players = _("Briscola is played by 2, or by 4 in two teams")
    option_specs = (
        OptionSpec(
            "best_of",
            "3",
            _("Best of"),
            _("The match goes to the side that first wins more than half of this many deals."),
            choices=(
                Choice("1", _("One deal")),
                Choice("3", _("Best of 3 deals")),
                Choice("5", _("Best of 5 deals")),
            ),
        ),
    )

    def best_of(self, table: TableSetup) -> int:
        return int(table.option_str("best_of"))

    # -- one deal -------------------------------------------------------------------------------
    def card_points_of(
        self, entry: Mapping[str, object], table: TableSetup
    ) -> tuple[str, dict[Side, int]]:
        """How the deal was entered and each side's card points; raise EntryError with every
        problem (rules.md §2, §5)."""
        entered = entered_as(entry)
        if entered == POINTS:
            problems = fields_not_applying(entry, (POINTS,), (CAPTURES,))
            return POINTS, self._counted(entry[POINTS], table, problems)
        problems = fields_not_applying(entry, (CAPTURES,), (POINTS,))
        return CAPTURES, self._captured(entry[CAPTURES], table, problems)

    def _counted(self, raw: object, table: TableSetup, problems: list[Problem]) -> dict[Side, int]:
        """Points counted at the table: whole numbers from 0 to 120 summing to 120, never 1 or
        119 (rules.md §2, §5)."""

        def impossible(points: Mapping[Side, int]) -> list[Problem]:
            if not any(value in IMPOSSIBLE for value in points.values()):
                return []
            # Once for the deal: 119 to one side is 1 to the other.
            return [
                problem(
                    _("no side can end a deal with 1 or 119 card points: no card is worth 1"),
                    POINTS,
                )
            ]

        return read_card_points(
            raw,
            table.sides,
            problems,
            deck_points=DECK_POINTS,
            out_of_range=_("points for {side} must be a whole number from 0 to 120"),
            adds_up_to=_("the card points add up to {total}, not 120"),
            also=impossible,
        )

    def _captured(self, raw: object, table: TableSetup, problems: list[Problem]) -> dict[Side, int]:
        """The card points of the cards each side took: every one of the 40 exactly once
        (rules.md §5)."""
        captured = read_captures(
            raw, table.sides, problems, unknown=lambda side: side_problem(side, CAPTURES)
        )
        if captured is None or problems:
            raise EntryError(problems)
        return {side: sum(card_points(card) for card in captured[side]) for side in table.sides}

    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
    ) -> RoundScore:
        """One deal: 1 to the side with more than 60 card points, nothing to anyone on 60-60
        (rules.md §3), so the totals are deals won."""
        entered, points = self.card_points_of(entry, table)
        winner = deal_winner(points)
        won = {side: int(side == winner) for side in table.sides}
        return RoundScore(won, BriscolaBreakdown(entered, points, winner).to_json())

    def read_breakdown(self, data: object) -> BriscolaBreakdown:
        return read_breakdown(data)

    def row_points(
        self, points: Mapping[Side, int], breakdown: Mapping[str, JSON], table: TableSetup
    ) -> dict[Side, int]:
        """A deal's row shows each side's card points (rules.md §2-§3: 61 of the 120 win
        it); its points, 1 for the deal's winner, are what the match counts (§4)."""
        deal = read_breakdown(breakdown)
        return {side: deal.card_points.get(side, 0) for side in table.sides}

    # -- the match ------------------------------------------------------------------------------
    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """The match goes to the first side to win more than half of N deals; a drawn deal
        counts for nobody, and the match goes on (rules.md §4)."""
        after_each = running_totals(table.sides, rounds)
        for number, totals in enumerate(after_each, start=1):
            winner = self._winner_at(totals, table)
            if winner is not None:
                return GameState(
                    after_each[-1],
                    after_each,
                    finished=True,
                    winners=(winner,),
                    finished_after_round=number,
                )
        totals = after_each[-1] if after_each else dict.fromkeys(table.sides, 0)
        return GameState(totals, after_each)

    def resume_state(
        self, totals: Mapping[Side, int], hands: int, score: RoundScore, table: TableSetup
    ) -> GameState:
        """As ``game_state``: the deals won so far decide the match (rules.md §4)."""
        after = totals_after(table.sides, totals, score)
        return resumed_state(after, hands, self._winner_at(after, table))

    def _winner_at(self, totals: Mapping[Side, int], table: TableSetup) -> Side | None:
        """The side that has won enough deals to take the match, if one has."""
        needed = deals_needed(self.best_of(table))
        return next((side for side in table.sides if totals[side] >= needed), None)


GAMES: tuple[Game, ...] = (Briscola(),)
