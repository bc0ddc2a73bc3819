"""Tressette: the rules as the app scores them (games/plugins/tressette/rules.md).

Pure Python like ``games.scoring`` (an import-linter contract holds it to that): the 40-card
Italian deck of ``games.scoring.cards``, the shared errors, options and breakdown readers.
One round is one hand played out; the game goes to 21 or 31 points.
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
    first_decided,
    resumed_state,
    strict_leader,
    totals_after,
)
from games.scoring.breakdowns import JSON, integer, mapping_of, nullable, string
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
from games.scoring.errors import (
    EntryError,
    Problem,
    fields_not_applying,
    problem,
    says_nothing,
    side_problem,
)
from games.scoring.i18n import gettext_noop as _
from games.scoring.options import Choice, OptionSpec

# Card values in thirds of a point (rules.md §2): the Asso a whole point; Tre, Due, Re,
# Cavallo and Fante a third each; 4 to 7 nothing.
THIRDS: Mapping[Rank, int] = {
    Rank.ACE: 3,
    Rank.THREE: 1,
    Rank.TWO: 1,
    Rank.KING: 1,
    Rank.KNIGHT: 1,
    Rank.JACK: 1,
}
# The last trick's point (rules.md §3).
LAST_TRICK_POINT = 1
# Points of a hand between the sides, the last trick's included: 10 2/3 in the cards, the
# odd 2/3 dropped (rules.md §3).
HAND_POINTS = 11

# Declarations (rules.md §4): the napoletana, and three or four of the aces, twos or threes.
NAPOLETANA_POINTS = 3
NAPOLETANE = "napoletane"
ACCUSE_RANKS: Mapping[str, Rank] = {"aces": Rank.ACE, "twos": Rank.TWO, "threes": Rank.THREE}
DECLARATION_PARTS = (NAPOLETANE, *ACCUSE_RANKS)
# Of a rank the deck has four.
SUITS = 4

# One message per rank, so each language names the cards in its own words (a form can send
# these: both sides declaring three aces).
TOO_MANY: Mapping[str, str] = {
    "aces": _("the declarations need more than the four aces of the deck"),
    "twos": _("the declarations need more than the four 2s of the deck"),
    "threes": _("the declarations need more than the four 3s of the deck"),
}

LAST_TRICK, DECLARATIONS = "last_trick", "declarations"


def card_thirds(card: Card) -> int:
    """A card's value in thirds of a point (rules.md §2).

    >>> from games.scoring.cards import DECK, parse_card
    >>> [card_thirds(parse_card(code)) for code in ("AD", "3C", "2S", "KB", "ND", "JD", "7D")]
    [3, 1, 1, 1, 1, 1, 0]
    >>> sum(card_thirds(card) for card in DECK)
    32
    """
    return THIRDS.get(card.rank, 0)


def points_of_cards(cards: frozenset[Card] | set[Card], last_trick: bool) -> int:
    """A side's card points: its thirds rounded down to whole points, and the last trick's
    point if it took it (rules.md §3).

    Two aces and five figures are 2 and 5/3: 3 points. With the last trick, 4.

    >>> from games.scoring.cards import parse_card
    >>> cards = {parse_card(code) for code in ("AD", "AC", "3D", "2D", "KD", "NC", "JS")}
    >>> points_of_cards(cards, False), points_of_cards(cards, True)
    (3, 4)
    """
    return sum(card_thirds(card) for card in cards) // 3 + (LAST_TRICK_POINT if last_trick else 0)


def declared_points(parts: Mapping[str, int]) -> int:
    """A side's declarations in points: 3 for each napoletana, 3 or 4 for three or four of the
    aces, twos or threes (rules.md §4).

    >>> declared_points({"napoletane": 1, "aces": 3, "twos": 4})
    10
    """
    return NAPOLETANA_POINTS * parts.get(NAPOLETANE, 0) + sum(
        parts.get(rank, 0) for rank in ACCUSE_RANKS
    )


def cards_held(declarations: Mapping[Side, Mapping[str, int]], rank: str) -> int:
    """The fewest cards of a rank the declarations need between the sides: each napoletana
    holds one, and a side's three or four of the rank may be the same cards (rules.md §4).

    >>> cards_held({"Ann": {"napoletane": 2, "aces": 3}, "Bob": {"aces": 0}}, "aces")
    3
    """
    return sum(max(parts.get(NAPOLETANE, 0), parts.get(rank, 0)) for parts in declarations.values())


def game_winner(totals: Mapping[Side, int], target: int) -> Side | None:
    """The side at or above the target alone in the lead, if any; level leaders play on
    (rules.md §5).

    >>> game_winner({"Ann": 31, "Bob": 12}, 31), game_winner({"Ann": 33, "Bob": 33}, 31)
    ('Ann', None)
    """
    if max(totals.values(), default=0) < target:
        return None
    leader = strict_leader(totals)
    return leader if leader is not None and totals[leader] >= target else None


@dataclass(frozen=True)
class TressetteBreakdown(CardPointsBreakdown):
    """One hand (rules.md §3, §4): how it was entered (the cards each side took, or the card
    points counted at the table), each side's card points (the last trick's included), who took
    the last trick (None when counted) and each side's declarations in points.

    >>> TressetteBreakdown("points", {"Ann": 6, "Bob": 5}, None, {"Ann": 3, "Bob": 0}).to_json()
    {'kind': 'tressette-hand', 'entered': 'points', 'card_points': {'Ann': 6, 'Bob': 5}, \
'last_trick': None, 'declared': {'Ann': 3, 'Bob': 0}}
    """

    kind: ClassVar[str] = "tressette-hand"
    more_keys: ClassVar[tuple[str, ...]] = ("last_trick", "declared")

    last_trick: Side | None
    declared: Mapping[Side, int]

    def more_json(self) -> dict[str, JSON]:
        return {"last_trick": self.last_trick, "declared": dict(self.declared)}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> TressetteBreakdown:
        fields, entered, card_points = cls.read_first(data, path)
        return cls(
            entered,
            card_points,
            fields.read("last_trick", nullable(string)),
            fields.read("declared", mapping_of(integer)),
        )


def read_breakdown(data: object) -> TressetteBreakdown:
    """A stored Tressette breakdown as its dataclass (see ``Game.read_breakdown``)."""
    return TressetteBreakdown.from_json(data)


class Tressette(CardPointsGame):
    """Tressette for 2, or for 4 in two pairs of partners sitting opposite, never 3 (rules.md
    §1)."""

    key = "tressette"
    name = _("Tressette")
    three_players = _("Tressette is played by 2, or by 4 in two pairs")
    option_specs = (
        OptionSpec(
            "target",
            "31",
            _("Target"),
            _("The game goes to the side that first reaches this many points, alone in the lead."),
            choices=(Choice("21", _("21 points")), Choice("31", _("31 points"))),
        ),
        OptionSpec(
            "napoletana",
            True,
            _("Napoletana"),
            _("Holding the ace, 2 and 3 of a suit, declared at the start of a hand: 3 points."),
        ),
        OptionSpec(
            "accuse",
            True,
            _("Accuse"),
            _("Holding three or four of the aces, 2s or 3s, declared at the start: 3 or 4 points."),
        ),
    )

    # -- one hand -------------------------------------------------------------------------------
    def hand_of(self, entry: Mapping[str, object], table: TableSetup) -> TressetteBreakdown:
        """The hand an entry gives; raise EntryError with every problem (rules.md §6)."""
        if entered_as(entry) == POINTS:
            problems = fields_not_applying(entry, (POINTS, DECLARATIONS), (CAPTURES, LAST_TRICK))
            declared = self._declared(entry.get(DECLARATIONS), table, problems)
            points = self._counted(entry[POINTS], table, problems)
            return TressetteBreakdown(POINTS, points, None, declared)
        problems = fields_not_applying(entry, (CAPTURES, LAST_TRICK, DECLARATIONS), (POINTS,))
        declared = self._declared(entry.get(DECLARATIONS), table, problems)
        last = entry.get(LAST_TRICK)
        if says_nothing(last):
            problems.append(problem(_("say which side took the last trick"), LAST_TRICK))
        elif last not in table.sides:
            problems.append(side_problem(last, LAST_TRICK))
        captured = read_captures(
            entry[CAPTURES], table.sides, problems, unknown=lambda s: side_problem(s, CAPTURES)
        )
        if captured is None or problems:
            raise EntryError(problems)
        points = {side: points_of_cards(captured[side], side == last) for side in table.sides}
        return TressetteBreakdown(CAPTURES, points, str(last), declared)

    def _counted(self, raw: object, table: TableSetup, problems: list[Problem]) -> dict[Side, int]:
        """Card points counted at the table, the last trick's included: whole numbers from 0 to
        11 that add up to 11 (rules.md §3, §6)."""
        return read_card_points(
            raw,
            table.sides,
            problems,
            deck_points=HAND_POINTS,
            out_of_range=_("points for {side} must be a whole number from 0 to 11"),
            adds_up_to=_("the card points add up to {total}, not 11"),
        )

    def _declared(self, raw: object, table: TableSetup, problems: list[Problem]) -> dict[Side, int]:
        """Each side's declarations in points (rules.md §4): only those the table plays, and
        no more aces, twos or threes between the sides than the deck has."""
        declared = dict.fromkeys(table.sides, 0)
        if says_nothing(raw):
            return declared
        if not isinstance(raw, Mapping):
            problems.append(
                problem(_("declarations must give each side its declarations"), DECLARATIONS)
            )
            return declared
        read: dict[Side, dict[str, int]] = {}
        for side, parts in raw.items():
            if side not in table.sides:
                problems.append(side_problem(side, DECLARATIONS))
            elif not says_nothing(parts):
                read[str(side)] = self._side_declarations(str(side), parts, table, problems)
        problems.extend(
            problem(message, DECLARATIONS)
            for rank, message in TOO_MANY.items()
            if cards_held(read, rank) > SUITS
        )
        for side, parts in read.items():
            declared[side] = declared_points(parts)
        return declared

    def _side_declarations(
        self, side: str, parts: object, table: TableSetup, problems: list[Problem]
    ) -> dict[str, int]:
        if not isinstance(parts, Mapping):
            problems.append(
                problem(_("the declarations of {side} must be an object"), DECLARATIONS, side=side)
            )
            return {}
        read: dict[str, int] = {}
        for part, value in parts.items():
            if part not in DECLARATION_PARTS:
                problems.append(
                    problem(
                        _("{part} is not a declaration (napoletane, aces, twos, threes)"),
                        DECLARATIONS,
                        part=str(part),
                    )
                )
                continue
            if says_nothing(value):
                continue
            played = table.options.get("napoletana" if part == NAPOLETANE else "accuse")
            if not played:
                problems.append(
                    problem(_("{part} are not declared at this table"), DECLARATIONS, part=part)
                )
                continue
            if part == NAPOLETANE:
                allowed: tuple[int, ...] = tuple(range(SUITS + 1))
                message = _("{side} can declare from 0 to 4 napoletane")
            else:
                allowed = (0, 3, SUITS)
                message = _("{side} can declare three or four {part}, not another number")
            if isinstance(value, bool) or value not in allowed:
                problems.append(problem(message, DECLARATIONS, side=side, part=part))
                continue
            assert isinstance(value, int)
            read[part] = value
        return read

    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
    ) -> RoundScore:
        """One hand: each side's card points and its declarations (rules.md §3, §4)."""
        hand = self.hand_of(entry, table)
        points = {side: hand.card_points[side] + hand.declared.get(side, 0) for side in table.sides}
        return RoundScore(points, hand.to_json())

    def read_breakdown(self, data: object) -> TressetteBreakdown:
        return read_breakdown(data)

    # -- the game -------------------------------------------------------------------------------
    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """The game goes to the first side at or above the target alone in the lead after a
        hand (rules.md §5)."""
        target = int(table.option_str("target"))

        def winners_after(totals: Mapping[Side, int], number: int) -> tuple[Side, ...] | None:
            winner = game_winner(totals, target)
            return None if winner is None else (winner,)

        return first_decided(table.sides, rounds, winners_after)

    def resume_state(
        self, totals: Mapping[Side, int], hands: int, score: RoundScore, table: TableSetup
    ) -> GameState:
        """As ``game_state``: the totals after each hand decide the game (rules.md §5)."""
        after = totals_after(table.sides, totals, score)
        return resumed_state(after, hands, game_winner(after, int(table.option_str("target"))))


GAMES: tuple[Game, ...] = (Tressette(),)
