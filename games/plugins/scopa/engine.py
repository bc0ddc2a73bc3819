"""Scopa, Scopone and Pirate Scopa: the punti di mazzo, scopas and the optional extras.

Rules: games/plugins/scopa/rules.md (scoring §3-§5, variants §7, the game end §9) and
games/plugins/scopa/pirate-scopa.md (§3-§5, §8), with their sources and decisions.

A hand's breakdown (docs/scoresheet.md, "What ``score`` prints") is the ``to_json()`` of a
``ScopaCardsBreakdown`` (Scopa, Scopone), a ``PirateScopaCardsBreakdown`` or, for points counted
at the table, a ``ScopaPointsBreakdown``; ``read_breakdown`` reads a stored one back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, Self, TypeVar

from games.scoring.base import (
    Game,
    GameState,
    PartnersOppositeGame,
    RoundScore,
    Side,
    TableSetup,
    resumed_state,
    running_totals,
    strict_leader,
    totals_after,
)
from games.scoring.breakdowns import (
    JSON,
    Breakdown,
    Fields,
    boolean,
    integer,
    kind_of,
    list_of,
    mapping_of,
    nullable,
    one_of,
    string,
    wrong_value,
)
from games.scoring.card_lists import read_captures
from games.scoring.cards import (
    DECK,
    FACE_DECK_SPEC,
    MATTA,
    RE_BELLO,
    SETTEBELLO,
    Card,
    DeckStyle,
    Rank,
    Suit,
    parse_card,
)
from games.scoring.errors import (
    Problem,
    fields_not_applying,
    problem,
    raise_if_any,
    read_counts,
    says_nothing,
    side_problem,
)
from games.scoring.i18n import gettext_noop as _
from games.scoring.options import Choice, OptionSpec, OptionValue, resolve_options

# games/plugins/scopa/rules.md §4: the rule text's table, with A = 16 and 2 = 12 restored.
PRIMIERA_VALUES: Mapping[Rank, int] = {
    Rank.SEVEN: 21,
    Rank.SIX: 18,
    Rank.ACE: 16,
    Rank.FIVE: 15,
    Rank.FOUR: 14,
    Rank.THREE: 13,
    Rank.TWO: 12,
    Rank.JACK: 10,
    Rank.KNIGHT: 10,
    Rank.KING: 10,
}

# games/plugins/scopa/pirate-scopa.md §4: each prime is worth its card value.
PRIME_RANKS: tuple[Rank, ...] = (Rank.TWO, Rank.THREE, Rank.FIVE, Rank.SEVEN)

# The order of the coin run for napoli (games/plugins/scopa/rules.md §7): A, 2, ... 7, Fante 8,
# Cavallo 9, Re 10.
NAPOLI_RUN: tuple[Card, ...] = tuple(Card(Suit.COINS, rank) for rank in Rank)

PRIMIERA_BEST_PARTIAL = "best-partial"
PRIMIERA_VOID = "void"
PRIMIERA_MORE_SUITS = "more-suits"
PRIME_SUM = "sum"
PRIME_MOST_SEVENS = "most-sevens"


# -- the categories -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CountCategory:
    """Most cards or most coins: each side's count and the side that scores the point, None on a tie
    at the top (games/plugins/scopa/rules.md §3). As stored: ``{"counts": {side: n}, "winner": side
    or null}``."""

    counts: Mapping[Side, int]
    winner: Side | None

    def to_json(self) -> dict[str, JSON]:
        return {"counts": dict(self.counts), "winner": self.winner}

    def as_json(self) -> dict[str, JSON]:
        return self.to_json()

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.cards") -> CountCategory:
        fields = Fields(data, path, ("counts", "winner"))
        return cls(fields.read("counts", _counts), fields.read("winner", _side_or_null))


def most_cards(captures: Mapping[Side, frozenset[Card]]) -> CountCategory:
    """Most cards: 1 point to the strictly highest count; a tie at the top is void (rules.md §3)."""
    counts = {side: len(cards) for side, cards in captures.items()}
    return CountCategory(counts, strict_leader(counts))


def most_coins(captures: Mapping[Side, frozenset[Card]]) -> CountCategory:
    """Most coins: 1 point to the strictly highest number of coins, 5-5 is void (rules.md §3).

    >>> coins = [card for card in DECK if card.suit is Suit.COINS]
    >>> print(most_coins({"Ann": frozenset(coins[:5]), "Bob": frozenset(coins[5:])}).winner)
    None
    >>> most_coins({"Ann": frozenset(coins[:6]), "Bob": frozenset(coins[6:])}).winner
    'Ann'
    """
    counts = {
        side: sum(card.suit is Suit.COINS for card in cards) for side, cards in captures.items()
    }
    return CountCategory(counts, strict_leader(counts))


def holder(captures: Mapping[Side, frozenset[Card]], card: Card) -> Side:
    return next(side for side, cards in captures.items() if card in cards)


@dataclass(frozen=True)
class PrimieraHand:
    """A side's primiera: its best card per suit it holds (games/plugins/scopa/rules.md §4)."""

    best: Mapping[Suit, Card]

    @property
    def total(self) -> int:
        return sum(PRIMIERA_VALUES[card.rank] for card in self.best.values())

    @property
    def complete(self) -> bool:
        return len(self.best) == len(Suit)

    @property
    def missing_suits(self) -> tuple[Suit, ...]:
        return tuple(suit for suit in Suit if suit not in self.best)

    def breakdown(self) -> PrimieraValue:
        """The side's primiera as the breakdown stores it, the suits in deck order."""
        best = {suit: self.best[suit] for suit in Suit if suit in self.best}
        return PrimieraValue(self.total, self.complete, best)

    def as_json(self) -> dict[str, JSON]:
        return self.breakdown().to_json()


def primiera_hand(cards: frozenset[Card]) -> PrimieraHand:
    """The best card of each suit the cards hold, by primiera value (games/plugins/scopa/rules.md
    §4).

    >>> primiera_hand(frozenset(map(parse_card, ["7D", "AD", "KC", "JC"]))).as_json()
    {'sum': 31, 'complete': False, 'best': {'D': '7D', 'C': 'KC'}}
    """
    best: dict[Suit, Card] = {}
    for suit in Suit:
        in_suit = [card for card in cards if card.suit is suit]
        if in_suit:
            # Figures all count 10; the highest figure is shown, so the choice is stable.
            best[suit] = max(
                in_suit, key=lambda card: (PRIMIERA_VALUES[card.rank], card.rank.number)
            )
    return PrimieraHand(best)


# Why the primiera point went where it did; the referee and the history put it in words.
REASON_HIGHEST_SUM = "highest-sum"
REASON_INCOMPLETE_EXCLUDED = "incomplete-excluded"
REASON_BEST_PARTIAL = "best-partial"
REASON_TIE = "tie"
REASON_NOBODY_COMPLETE = "nobody-complete"
REASON_MORE_SUITS = "more-suits"
# Pirate Scopa's simplified primes: the most sevens, then fives, then threes decided it.
REASON_MOST_SEVENS = "most-sevens"


@dataclass(frozen=True)
class PrimieraResult:
    hands: Mapping[Side, PrimieraHand]
    winner: Side | None
    reason: str
    rule: str

    def breakdown(self) -> PrimieraPart:
        values = {side: hand.breakdown() for side, hand in self.hands.items()}
        return PrimieraPart(values, self.winner, self.reason, self.rule)

    def as_json(self) -> dict[str, JSON]:
        return self.breakdown().to_json()


def primiera(
    captures: Mapping[Side, frozenset[Card]], rule: str = PRIMIERA_BEST_PARTIAL
) -> PrimieraResult:
    """The primiera point (games/plugins/scopa/rules.md §4).

    Complete sides (a card in every suit) compete alone and beat any incomplete side whatever
    the sums; if nobody is complete, the best partial sum wins under the rule text, nobody
    scores under ``house:primiera_incomplete=void``, and under ``more-suits`` see
    ``primiera_more_suits_first``. Equal top sums are void.
    """
    hands = {side: primiera_hand(cards) for side, cards in captures.items()}
    complete = {side: hand.total for side, hand in hands.items() if hand.complete}
    if complete:
        winner = strict_leader(complete)
        if winner is None:
            reason = REASON_TIE
        elif len(complete) < len(hands):
            reason = REASON_INCOMPLETE_EXCLUDED
        else:
            reason = REASON_HIGHEST_SUM
        return PrimieraResult(hands, winner, reason, rule)
    if rule == PRIMIERA_VOID:
        return PrimieraResult(hands, None, REASON_NOBODY_COMPLETE, rule)
    if rule == PRIMIERA_MORE_SUITS:
        return primiera_more_suits_first(hands)
    winner = strict_leader({side: hand.total for side, hand in hands.items()})
    return PrimieraResult(hands, winner, REASON_BEST_PARTIAL if winner else REASON_TIE, rule)


def primiera_more_suits_first(hands: Mapping[Side, PrimieraHand]) -> PrimieraResult:
    """The house reading "more suits first" when nobody is complete (games/plugins/scopa/rules.md
    §4).

    Only the sides holding the most suits compete; among them the strictly highest sum of the
    best cards wins, and equal top sums are void. With two sides it always agrees with the
    rule text's best partial sum (rules.md §4); with 3 or 4 individual players it can differ:
    41 in three suits (fante, fante, 7) beats 42 in two (7, 7) here, but not under the plain sum.

    >>> captures = {
    ...     "Ann": frozenset(map(parse_card, ["JD", "JC", "7S"])),
    ...     "Bob": frozenset(map(parse_card, ["7D", "7C"])),
    ...     "Cy": frozenset(map(parse_card, ["AB"])),
    ... }
    >>> hands = {side: primiera_hand(cards) for side, cards in captures.items()}
    >>> {side: hand.total for side, hand in hands.items()}
    {'Ann': 41, 'Bob': 42, 'Cy': 16}
    >>> primiera_more_suits_first(hands).winner, primiera(captures).winner
    ('Ann', 'Bob')
    """
    most = max((len(hand.best) for hand in hands.values()), default=0)
    contenders = {side: hand.total for side, hand in hands.items() if len(hand.best) == most}
    winner = strict_leader(contenders)
    if winner is None:
        reason = REASON_TIE
    elif len(contenders) < len(hands):
        reason = REASON_MORE_SUITS
    else:
        reason = REASON_BEST_PARTIAL
    return PrimieraResult(hands, winner, reason, PRIMIERA_MORE_SUITS)


@dataclass(frozen=True)
class PrimeCount:
    """A side's Pirate Scopa primes: the face values of every 2, 3, 5 and 7 it captured."""

    by_rank: Mapping[Rank, int]

    @property
    def total(self) -> int:
        return sum(rank.number * count for rank, count in self.by_rank.items())

    @property
    def sevens_fives_threes(self) -> tuple[int, int, int]:
        return (self.by_rank[Rank.SEVEN], self.by_rank[Rank.FIVE], self.by_rank[Rank.THREE])

    def breakdown(self) -> PrimeValue:
        sevens, fives, threes = self.sevens_fives_threes
        return PrimeValue(self.total, sevens, fives, threes, self.by_rank[Rank.TWO])

    def as_json(self) -> dict[str, JSON]:
        return self.breakdown().to_json()


@dataclass(frozen=True)
class PrimeResult:
    counts: Mapping[Side, PrimeCount]
    winner: Side | None
    rule: str

    def breakdown(self) -> PrimePart:
        values = {side: count.breakdown() for side, count in self.counts.items()}
        return PrimePart(values, self.winner, self.reason, self.rule)

    def as_json(self) -> dict[str, JSON]:
        return self.breakdown().to_json()

    @property
    def reason(self) -> str:
        """Why the point went where it did: a tie, the highest sum, or the most sevens."""
        if self.winner is None:
            return REASON_TIE
        return REASON_MOST_SEVENS if self.rule == PRIME_MOST_SEVENS else REASON_HIGHEST_SUM


def prime_point(captures: Mapping[Side, frozenset[Card]], rule: str = PRIME_SUM) -> PrimeResult:
    """Pirate Scopa's prime point (games/plugins/scopa/pirate-scopa.md §4-§5).

    By default the highest sum of all captured primes wins. With ``most-sevens`` the most 7s
    win, then the most 5s among those tied, then the most 3s; a tie after the 3s is void.
    """
    counts = {
        side: PrimeCount({rank: sum(card.rank is rank for card in cards) for rank in PRIME_RANKS})
        for side, cards in captures.items()
    }
    if rule == PRIME_MOST_SEVENS:
        winner = strict_leader({side: count.sevens_fives_threes for side, count in counts.items()})
    else:
        winner = strict_leader({side: count.total for side, count in counts.items()})
    return PrimeResult(counts, winner, rule)


def napoli_run(cards: frozenset[Card]) -> tuple[Card, ...]:
    """The unbroken coin run from the ace; it scores only from A-2-3 on
    (games/plugins/scopa/rules.md §7).

    >>> [card.code for card in napoli_run(frozenset(map(parse_card, ["AD", "2D", "3D", "5D"])))]
    ['AD', '2D', '3D']
    >>> napoli_run(frozenset(map(parse_card, ["AD", "2D", "4D"])))
    ()
    """
    run: list[Card] = []
    for card in NAPOLI_RUN:
        if card not in cards:
            break
        run.append(card)
    return tuple(run) if len(run) >= 3 else ()


def capotto_side(captures: Mapping[Side, frozenset[Card]]) -> Side | None:
    """The side that took all ten coins, which wins the game at once (games/plugins/scopa/rules.md
    §7)."""
    for side, cards in captures.items():
        if sum(card.suit is Suit.COINS for card in cards) == len(Rank):
            return side
    return None


# -- the breakdown ------------------------------------------------------------------------------
#
# A hand's breakdown as typed values (breakdowns.py): ``to_json()`` is exactly what the engine
# stores, ``from_json`` reads it back. docs/scoresheet.md, "What ``score`` prints", describes it.

PRIMIERA_RULES: tuple[str, ...] = (PRIMIERA_BEST_PARTIAL, PRIMIERA_VOID, PRIMIERA_MORE_SUITS)
PRIME_RULES: tuple[str, ...] = (PRIME_SUM, PRIME_MOST_SEVENS)
PRIMIERA_REASONS: tuple[str, ...] = (
    REASON_HIGHEST_SUM,
    REASON_INCOMPLETE_EXCLUDED,
    REASON_BEST_PARTIAL,
    REASON_TIE,
    REASON_NOBODY_COMPLETE,
    REASON_MORE_SUITS,
)
PRIME_REASONS: tuple[str, ...] = (REASON_HIGHEST_SUM, REASON_MOST_SEVENS, REASON_TIE)

_side_or_null = nullable(string)
_counts = mapping_of(integer)


def _card(value: object, path: str) -> Card:
    """A card as the breakdown writes it: its code exactly (``7D``; not ``7d`` or ``10D``)."""
    code = string(value, path)
    try:
        card = parse_card(code)
    except ValueError:
        card = None
    if card is None or card.code != code:
        raise wrong_value(path, "a card code such as 7D", code)
    return card


def _best_cards(value: object, path: str) -> dict[Suit, Card]:
    """``{suit: card}``, each card of the suit it is filed under (games/plugins/scopa/rules.md
    §1)."""
    best: dict[Suit, Card] = {}
    for key, card in mapping_of(_card)(value, path).items():
        if card.suit.value != key:
            raise wrong_value(f"{path}.{key}", f"a card of the suit {key}", card.code)
        best[card.suit] = card
    # In the suits' own order, as the engine writes them: PostgreSQL's JSONB keeps its keys in
    # an order of its own, and the words that list the cards follow this order.
    return {suit: best[suit] for suit in Suit if suit in best}


@dataclass(frozen=True)
class Holder:
    """The side that took a card which is always somebody's: the settebello
    (games/plugins/scopa/rules.md §3), Pirate Scopa's seven of coins
    (games/plugins/scopa/pirate-scopa.md §3) or the re bello (rules.md §7). As stored: ``{"winner":
    side}``."""

    winner: Side

    def to_json(self) -> dict[str, JSON]:
        return {"winner": self.winner}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.settebello") -> Holder:
        return cls(Fields(data, path, ("winner",)).read("winner", string))


@dataclass(frozen=True)
class CapottoPart:
    """The side that took all ten coins and wins the game at once, None if no side did
    (games/plugins/scopa/rules.md §7). As stored: ``{"winner": side or null}``."""

    winner: Side | None

    def to_json(self) -> dict[str, JSON]:
        return {"winner": self.winner}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.capotto") -> CapottoPart:
        return cls(Fields(data, path, ("winner",)).read("winner", _side_or_null))


@dataclass(frozen=True)
class PrimieraValue:
    """One side's primiera as stored (games/plugins/scopa/rules.md §4): the sum of its best cards,
    whether it holds all four suits, and its best card of each suit it holds, as ``{"sum",
    "complete", "best": {suit: card}}``."""

    sum: int
    complete: bool
    best: Mapping[Suit, Card]

    def to_json(self) -> dict[str, JSON]:
        return {
            "sum": self.sum,
            "complete": self.complete,
            "best": {suit.value: card.code for suit, card in self.best.items()},
        }

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.primiera.values") -> PrimieraValue:
        fields = Fields(data, path, ("sum", "complete", "best"))
        return cls(
            fields.read("sum", integer),
            fields.read("complete", boolean),
            fields.read("best", _best_cards),
        )


_Value = TypeVar("_Value", bound=Breakdown)


@dataclass(frozen=True)
class _PointPart(Generic[_Value]):
    """A point that goes to the side with the best cards of some kind, as stored: each side's
    value, the side that scores it (None: nobody), why, and the table's rule for it. Its
    subclasses name the value's type and the reasons and rules it may give."""

    values: Mapping[Side, _Value]
    winner: Side | None
    reason: str
    rule: str

    reasons: ClassVar[tuple[str, ...]]
    rules: ClassVar[tuple[str, ...]]

    @classmethod
    def read_value(cls, data: object, path: str) -> _Value:
        """One side's value as stored."""
        raise NotImplementedError

    def to_json(self) -> dict[str, JSON]:
        return {
            "values": {side: value.to_json() for side, value in self.values.items()},
            "winner": self.winner,
            "reason": self.reason,
            "rule": self.rule,
        }

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.primiera") -> Self:
        fields = Fields(data, path, ("values", "winner", "reason", "rule"))
        return cls(
            fields.read("values", mapping_of(cls.read_value)),
            fields.read("winner", _side_or_null),
            fields.read("reason", one_of(cls.reasons)),
            fields.read("rule", one_of(cls.rules)),
        )


@dataclass(frozen=True)
class PrimieraPart(_PointPart[PrimieraValue]):
    """The primiera point (games/plugins/scopa/rules.md §4): each side's primiera, the side that
    scores it (None: nobody), why (one of ``PRIMIERA_REASONS``) and the table's rule for a primiera
    with a missing suit (one of ``PRIMIERA_RULES``)."""

    reasons = PRIMIERA_REASONS
    rules = PRIMIERA_RULES

    @classmethod
    def read_value(cls, data: object, path: str) -> PrimieraValue:
        return PrimieraValue.from_json(data, path)


@dataclass(frozen=True)
class PrimeValue:
    """One side's Pirate Scopa primes as stored (games/plugins/scopa/pirate-scopa.md §4-§5): the sum
    of every 2, 3, 5 and 7 it captured, and how many of each."""

    sum: int
    sevens: int
    fives: int
    threes: int
    twos: int

    def to_json(self) -> dict[str, JSON]:
        return {
            "sum": self.sum,
            "sevens": self.sevens,
            "fives": self.fives,
            "threes": self.threes,
            "twos": self.twos,
        }

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.primiera.values") -> PrimeValue:
        keys = ("sum", "sevens", "fives", "threes", "twos")
        fields = Fields(data, path, keys)
        sum_, sevens, fives, threes, twos = (fields.read(key, integer) for key in keys)
        return cls(sum_, sevens, fives, threes, twos)


@dataclass(frozen=True)
class PrimePart(_PointPart[PrimeValue]):
    """Pirate Scopa's prime point, stored under ``primiera`` (games/plugins/scopa/pirate-scopa.md
    §4-§5): each side's primes, the side that scores the point (None: a tie), why (one of
    ``PRIME_REASONS``) and the table's ``prime_rule`` (one of ``PRIME_RULES``)."""

    reasons = PRIME_REASONS
    rules = PRIME_RULES

    @classmethod
    def read_value(cls, data: object, path: str) -> PrimeValue:
        return PrimeValue.from_json(data, path)


@dataclass(frozen=True)
class AceSweepsPart:
    """Scopa d'Assi's ace sweeps (games/plugins/scopa/rules.md §7): each side's count, and whether
    they score as scopas at this table (``ace_sweep_is_scopa``)."""

    counts: Mapping[Side, int]
    score: bool

    def to_json(self) -> dict[str, JSON]:
        return {"counts": dict(self.counts), "score": self.score}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.ace_sweeps") -> AceSweepsPart:
        fields = Fields(data, path, ("counts", "score"))
        return cls(fields.read("counts", _counts), fields.read("score", boolean))


@dataclass(frozen=True)
class NapoliPart:
    """Napoli (games/plugins/scopa/rules.md §7): the side holding the unbroken coin run from the
    ace, the run and the points it scores; ``{"winner": null, "run": [], "points": 0}`` when no side
    holds A-2-3 of coins."""

    winner: Side | None
    run: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, JSON]:
        return {
            "winner": self.winner,
            "run": [card.code for card in self.run],
            "points": self.points,
        }

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.napoli") -> NapoliPart:
        fields = Fields(data, path, ("winner", "run", "points"))
        return cls(
            fields.read("winner", _side_or_null),
            fields.read("run", list_of(_card)),
            fields.read("points", integer),
        )


@dataclass(frozen=True)
class GrandePart:
    """Cirulla's grande (games/plugins/scopa/cirulla.md §4): the side holding the king, the
    cavallo (queen) and the fante (jack) of coins, None when they are split; it scores 5."""

    winner: Side | None
    points: int

    def to_json(self) -> dict[str, JSON]:
        return {"winner": self.winner, "points": self.points}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.grande") -> GrandePart:
        fields = Fields(data, path, ("winner", "points"))
        return cls(fields.read("winner", _side_or_null), fields.read("points", integer))


@dataclass(frozen=True)
class DeclarationsPart:
    """Cirulla's declarations of the three cards dealt (games/plugins/scopa/cirulla.md §3): each
    side's count of low hands (a sum of 9 or less, 3 points each) and of three of a kind (10
    points each)."""

    low: Mapping[Side, int]
    three_of_a_kind: Mapping[Side, int]

    def to_json(self) -> dict[str, JSON]:
        return {"low": dict(self.low), "three_of_a_kind": dict(self.three_of_a_kind)}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.declarations") -> DeclarationsPart:
        fields = Fields(data, path, ("low", "three_of_a_kind"))
        return cls(fields.read("low", _counts), fields.read("three_of_a_kind", _counts))


@dataclass(frozen=True)
class ScopaPointsBreakdown:
    """A Scopa, Scopone or Pirate Scopa hand whose points the table counted
    (games/plugins/scopa/rules.md §8, games/plugins/scopa/pirate-scopa.md §7): ``{"kind": "points",
    "points": {side: n}}``, with ``capotto`` where the table plays it (rules.md §7).

    >>> ScopaPointsBreakdown({"Ann": 5, "Bob": 2}).to_json()
    {'kind': 'points', 'points': {'Ann': 5, 'Bob': 2}}
    """

    kind: ClassVar[str] = "points"

    points: Mapping[Side, int]
    capotto: CapottoPart | None = None

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"kind": self.kind, "points": dict(self.points)}
        if self.capotto is not None:
            data["capotto"] = self.capotto.to_json()
        return data

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> ScopaPointsBreakdown:
        fields = Fields(data, path, ("kind", "points"), optional=("capotto",))
        fields.expect("kind", cls.kind)
        return cls(fields.read("points", _counts), fields.maybe("capotto", CapottoPart.from_json))


@dataclass(frozen=True)
class ScopaCardsBreakdown:
    """A Scopa or Scopone hand scored from the captured cards (games/plugins/scopa/rules.md §3-§5):
    most cards, most coins, the settebello, the primiera and the scopas; and where the table
    plays them (§7) Scopa d'Assi's ace sweeps, the re bello, napoli and capotto, each None
    (and left out of the JSON) where it does not."""

    kind: ClassVar[str] = "cards"

    cards: CountCategory
    coins: CountCategory
    settebello: Holder
    primiera: PrimieraPart
    scopas: Mapping[Side, int]
    ace_sweeps: AceSweepsPart | None = None
    re_bello: Holder | None = None
    napoli: NapoliPart | None = None
    capotto: CapottoPart | None = None
    # Cirulla's (games/plugins/scopa/cirulla.md §3-§4); the piccola is napoli's run cut at 6.
    grande: GrandePart | None = None
    piccola: NapoliPart | None = None
    declarations: DeclarationsPart | None = None

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "kind": self.kind,
            "cards": self.cards.to_json(),
            "coins": self.coins.to_json(),
            "settebello": self.settebello.to_json(),
            "primiera": self.primiera.to_json(),
            "scopas": dict(self.scopas),
        }
        extras = {
            "ace_sweeps": self.ace_sweeps,
            "re_bello": self.re_bello,
            "napoli": self.napoli,
            "capotto": self.capotto,
            "grande": self.grande,
            "piccola": self.piccola,
            "declarations": self.declarations,
        }
        data.update({key: part.to_json() for key, part in extras.items() if part is not None})
        return data

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> ScopaCardsBreakdown:
        keys = ("kind", "cards", "coins", "settebello", "primiera", "scopas")
        optional = (
            "ace_sweeps",
            "re_bello",
            "napoli",
            "capotto",
            "grande",
            "piccola",
            "declarations",
        )
        fields = Fields(data, path, keys, optional=optional)
        fields.expect("kind", cls.kind)
        return cls(
            cards=fields.read("cards", CountCategory.from_json),
            coins=fields.read("coins", CountCategory.from_json),
            settebello=fields.read("settebello", Holder.from_json),
            primiera=fields.read("primiera", PrimieraPart.from_json),
            scopas=fields.read("scopas", _counts),
            ace_sweeps=fields.maybe("ace_sweeps", AceSweepsPart.from_json),
            re_bello=fields.maybe("re_bello", Holder.from_json),
            napoli=fields.maybe("napoli", NapoliPart.from_json),
            capotto=fields.maybe("capotto", CapottoPart.from_json),
            grande=fields.maybe("grande", GrandePart.from_json),
            piccola=fields.maybe("piccola", NapoliPart.from_json),
            declarations=fields.maybe("declarations", DeclarationsPart.from_json),
        )


@dataclass(frozen=True)
class PirateScopaCardsBreakdown:
    """A Pirate Scopa hand scored from the captured cards (games/plugins/scopa/pirate-scopa.md
    §3-§6): most cards, most coins, the seven of coins, the primes (stored under ``primiera``) and
    the scopas."""

    kind: ClassVar[str] = "cards"

    cards: CountCategory
    coins: CountCategory
    seven_of_coins: Holder
    primiera: PrimePart
    scopas: Mapping[Side, int]

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "cards": self.cards.to_json(),
            "coins": self.coins.to_json(),
            "seven_of_coins": self.seven_of_coins.to_json(),
            "primiera": self.primiera.to_json(),
            "scopas": dict(self.scopas),
        }

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> PirateScopaCardsBreakdown:
        keys = ("kind", "cards", "coins", "seven_of_coins", "primiera", "scopas")
        fields = Fields(data, path, keys)
        fields.expect("kind", cls.kind)
        return cls(
            cards=fields.read("cards", CountCategory.from_json),
            coins=fields.read("coins", CountCategory.from_json),
            seven_of_coins=fields.read("seven_of_coins", Holder.from_json),
            primiera=fields.read("primiera", PrimePart.from_json),
            scopas=fields.read("scopas", _counts),
        )


ScopaBreakdown = ScopaPointsBreakdown | ScopaCardsBreakdown | PirateScopaCardsBreakdown


def read_breakdown(data: object, primes: bool = False) -> ScopaBreakdown:
    """A stored Scopa-family breakdown as its dataclass: counted points, or a hand scored from
    the cards with the primiera, or with ``primes`` (Pirate Scopa) the primes. Raises
    BreakdownError if it is not one the engine writes.

    >>> read_breakdown({"kind": "points", "points": {"Ann": 3, "Bob": 1}})
    ScopaPointsBreakdown(points={'Ann': 3, 'Bob': 1}, capotto=None)
    """
    if kind_of(data, ("points", "cards")) == "points":
        return ScopaPointsBreakdown.from_json(data)
    if primes:
        return PirateScopaCardsBreakdown.from_json(data)
    return ScopaCardsBreakdown.from_json(data)


# -- points counted at the table ---------------------------------------------------------------

# A sweep takes the played card and at least one from the table, so the 40 cards hold at most
# 20 sweeps (the rule text "Scopa"; as ``_check_sweeps`` holds captured entries to).
MOST_SWEEPS = len(DECK) // 2
# Napoli scores the length of the coin run from the ace: all ten coins score 10 (rules.md §7).
MOST_NAPOLI = len(Rank)


@dataclass(frozen=True)
class CountedRange:
    """What the points of one hand can add up to at a table, and what a capotto alone scores."""

    least: int
    most: int
    capotto_least: int


def counted_range(
    options: Mapping[str, OptionValue], prime_rule: bool = False, bonuses: int = 0
) -> CountedRange:
    """The fewest and the most points one hand can give in all, at a table with these options.

    Rules: games/plugins/scopa/rules.md §3 (four points a hand: most cards, most coins, the
    settebello, the primiera; the scopas on top), §7 (the re bello's one more, napoli, capotto) and
    §8; games/plugins/scopa/pirate-scopa.md §3 and §7 (the seven of coins instead of the settebello,
    primes instead of the primiera).

    ``bonuses`` is what a game's own extras can add at most (Cirulla's, ``CIRULLA_MOST_BONUSES``).

    Most cards, most coins and the primiera can be void on a tie, but the settebello (the seven
    of coins) and the re bello are always somebody's: a hand gives at least 1, with the re bello
    2. At most every category, napoli's full run of 10 and ``MOST_SWEEPS`` sweeps. A capotto
    side holds all ten coins, so it scores at least most coins and the settebello, the re bello
    where it is played and, with napoli, the run of 10.

    >>> counted_range({})
    CountedRange(least=1, most=24, capotto_least=2)
    >>> counted_range({"re_bello": True, "napoli": True})
    CountedRange(least=2, most=35, capotto_least=13)
    """
    re_bello = 0 if prime_rule else int(bool(options.get("re_bello")))
    napoli = 0 if prime_rule else MOST_NAPOLI * int(bool(options.get("napoli")))
    return CountedRange(
        least=1 + re_bello,
        most=4 + re_bello + napoli + bonuses + MOST_SWEEPS,
        capotto_least=2 + re_bello + napoli,
    )


def counted_hand_problems(
    points: Mapping[Side, int],
    capotto: Side | None,
    options: Mapping[str, OptionValue],
    prime_rule: bool = False,
    bonuses: int = 0,
) -> list[Problem]:
    """What is impossible in points counted at the table for one hand (see ``counted_range``):
    a total under the least or over the most a hand gives, or a capotto side scoring less than
    its ten coins alone are worth. Any split of a possible total is accepted: the scopas can
    go to anyone."""
    possible = counted_range(options, prime_rule, bonuses)
    total = sum(points.values())
    field = "points"
    problems: list[Problem] = []
    if total < possible.least:
        if prime_rule:
            message = _(
                "the points add up to {total}; every hand gives at least {least}: somebody always "
                "takes the seven of coins"
            )
        elif possible.least > 1:
            message = _(
                "the points add up to {total}; every hand gives at least {least}: somebody always "
                "takes the settebello and the re bello"
            )
        else:
            message = _(
                "the points add up to {total}; every hand gives at least {least}: somebody always "
                "takes the settebello"
            )
        problems.append(problem(message, field, total=total, least=possible.least))
    elif total > possible.most:
        problems.append(
            problem(
                _(
                    "the points add up to {total}, more than one hand can give ({most}: "
                    "{cards} for the cards and at most {sweeps} sweeps, a sweep taking two "
                    "cards or more)"
                )
                if not bonuses
                else _(
                    "the points add up to {total}, more than one hand can give ({most}: "
                    "{cards} for the cards, at most {sweeps} sweeps and {bonuses} for the "
                    "declarations, the grande and the piccola)"
                ),
                field,
                total=total,
                most=possible.most,
                cards=possible.most - bonuses - MOST_SWEEPS,
                sweeps=MOST_SWEEPS,
                bonuses=bonuses,
            )
        )
    if capotto is not None and points[capotto] < possible.capotto_least:
        problems.append(
            problem(
                _(
                    "{side} took all ten coins (capotto), which alone scores {least} points at "
                    "this table, not {points}"
                ),
                "capotto",
                side=capotto,
                least=possible.capotto_least,
                points=points[capotto],
            )
        )
    return problems


# -- entries ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CapturedHand:
    captures: Mapping[Side, frozenset[Card]]
    scopas: Mapping[Side, int]
    ace_sweeps: Mapping[Side, int]
    # Cirulla's declarations (cirulla.md §3); empty in the other games.
    low_hands: Mapping[Side, int] = dataclasses.field(default_factory=dict)
    three_of_a_kind: Mapping[Side, int] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class CountedHand:
    """Hand-counted points, for tables that count the cards themselves."""

    points: Mapping[Side, int]
    capotto: Side | None


CAPTURE_FIELDS = frozenset({"captures", "scopas", "ace_sweeps"})
DECLARATION_FIELDS: tuple[str, ...] = ("low_hands", "three_of_a_kind")
POINTS_FIELDS = frozenset({"points", "capotto"})


def _parse_counts(
    raw: object, field: str, table: TableSetup, problems: list[Problem]
) -> dict[Side, int]:
    """A ``{side: whole number >= 0}`` field; sides left out count 0."""
    counts = dict.fromkeys(table.sides, 0)
    if raw is None:
        return counts
    if not isinstance(raw, Mapping):
        problems.append(problem(_("{field} must give a number for each side"), field, field=field))
        return counts
    for side, value in read_counts(
        raw,
        counts,
        problems,
        unknown=lambda side: side_problem(side, field),
        not_whole=lambda side: problem(
            _("{field} for {side} must be a whole number, 0 or more"), field, field=field, side=side
        ),
    ):
        if value is not None:
            counts[side] = value
    return counts


# -- the games ----------------------------------------------------------------------------------


def _target_spec(default: int) -> OptionSpec:
    return OptionSpec(
        "target",
        default,
        _("Target"),
        _(
            "The game ends after a hand in which a side has at least this many points and is alone "
            "in the lead."
        ),
        minimum=1,
        maximum=99,
    )


_SCOPA_RULE_SPECS = (
    OptionSpec(
        "re_bello",
        False,
        _("Re bello"),
        _("The side that takes the king of coins scores one more point."),
    ),
    OptionSpec(
        "trentino",
        False,
        _("Trentino"),
        _(
            "Plays napoli and capotto together, as they do in Trentino, and the game goes to 21 "
            "unless the table sets another target."
        ),
    ),
    OptionSpec(
        "napoli",
        False,
        _("Napoli"),
        _(
            "The side holding the ace, 2 and 3 of coins scores a point for each card of its "
            "unbroken coin run from the ace."
        ),
    ),
    OptionSpec(
        "capotto",
        False,
        _("Capotto"),
        _("A side that takes all ten coins wins the game at once."),
    ),
    OptionSpec(
        "primiera_incomplete",
        PRIMIERA_BEST_PARTIAL,
        _("Primiera with a missing suit"),
        _("Whether a side that lacks a suit can still win the primiera."),
        choices=(
            Choice(
                PRIMIERA_BEST_PARTIAL,
                _(
                    "A complete primiera always wins; if nobody is complete, the best partial sum "
                    "wins (the rule text)."
                ),
            ),
            Choice(
                PRIMIERA_VOID,
                _("A side missing a suit never wins it; if nobody is complete, nobody scores it."),
            ),
            Choice(
                PRIMIERA_MORE_SUITS,
                _(
                    "A complete primiera always wins; if nobody is complete, the sides holding the "
                    "most suits compete and the best sum among them wins."
                ),
            ),
        ),
    ),
    OptionSpec(
        "scopa_d_assi",
        False,
        _("Scopa d'Assi"),
        _("Playing an ace takes every card on the table (asso piglia tutto)."),
    ),
    OptionSpec(
        "ace_sweep_is_scopa",
        True,
        _("An ace sweep is a scopa"),
        _("Clearing the table by playing an ace scores a point like any other scopa."),
        requires="scopa_d_assi",
    ),
)


class ScopaFamily(PartnersOppositeGame):
    """What Scopa, Scopone and Pirate Scopa share: 40 cards, sides, a race to the target."""

    resumes_from_totals = True

    prime_rule_option = ""  # Pirate Scopa scores primes instead of the primiera
    # Cirulla's declarations, grande and piccola (cirulla.md §3-§4).
    declares: ClassVar[bool] = False

    def capture_fields(self) -> frozenset[str]:
        return CAPTURE_FIELDS | set(DECLARATION_FIELDS) if self.declares else CAPTURE_FIELDS

    def most_bonuses(self) -> int:
        return CIRULLA_MOST_BONUSES if self.declares else 0

    def resolve_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        values, problems = resolve_options(self.option_specs, raw)
        raise_if_any(problems)
        if values.get("trentino"):
            values["napoli"] = values["capotto"] = True
            if "target" not in raw:
                # Rule text: Trentino is a version of Scopone Scientifico, which is played
                # "immer bis 21 Punkte oder mehr"; a target the table gives still counts.
                values["target"] = 21
        return values

    def deck_style(self, options: Mapping[str, OptionValue]) -> DeckStyle:
        return DeckStyle.FRENCH if options.get("deck") == "french" else DeckStyle.ITALIAN

    # -- one round --------------------------------------------------------------------------
    def parse_entry(
        self, entry: Mapping[str, object], table: TableSetup
    ) -> CapturedHand | CountedHand:
        """Check a round entry (docs/scoresheet.md); raise EntryError with every problem."""
        problems: list[Problem] = []
        if not isinstance(entry, Mapping):
            raise_if_any([problem(_("a round must be an object"), "round")])
        counted = "points" in entry
        if counted and "captures" in entry:
            # Issue 17: the other kind's field is accepted when it says nothing.
            if says_nothing(entry["points"]) and not says_nothing(entry["captures"]):
                counted = False
            elif not says_nothing(entry["captures"]):
                raise_if_any(
                    [problem(_("give either the captured cards or the points, not both"), "round")]
                )
        if counted:
            problems.extend(fields_not_applying(entry, POINTS_FIELDS, self.capture_fields()))
            points = _parse_counts(entry["points"], "points", table, problems)
            capotto = entry.get("capotto")
            if says_nothing(capotto):
                capotto = None
            elif not table.options.get("capotto"):
                problems.append(problem(_("capotto is not played at this table"), "capotto"))
            elif capotto not in table.sides:
                problems.append(side_problem(capotto, "capotto"))
            capotto_side = str(capotto) if capotto is not None else None
            if not problems:
                problems.extend(
                    counted_hand_problems(
                        points,
                        capotto_side,
                        table.options,
                        bool(self.prime_rule_option),
                        self.most_bonuses(),
                    )
                )
            raise_if_any(problems)
            return CountedHand(points, capotto_side)
        if "captures" not in entry:
            raise_if_any([problem(_("a round needs the captured cards or the points"), "round")])
        problems.extend(fields_not_applying(entry, self.capture_fields(), POINTS_FIELDS))
        captures = read_captures(
            entry["captures"],
            table.sides,
            problems,
            unknown=lambda side: side_problem(side, "captures"),
            one_of_two_lists_may_be_left_out=True,
        )
        if captures is None:
            captures = {side: frozenset() for side in table.sides}
        scopas = _parse_counts(entry.get("scopas"), "scopas", table, problems)
        ace_sweeps = _parse_counts(entry.get("ace_sweeps"), "ace_sweeps", table, problems)
        if any(ace_sweeps.values()) and not table.options.get("scopa_d_assi"):
            problems.append(problem(_("ace sweeps only count with Scopa d'Assi"), "ace_sweeps"))
        low_hands, three_of_a_kind = self._parse_declarations(entry, table, problems)
        if not problems:
            problems.extend(_check_sweeps(captures, scopas, ace_sweeps, self.declares))
            if self.declares:
                problems.extend(_check_declarations(low_hands, three_of_a_kind, table))
        raise_if_any(problems)
        return CapturedHand(captures, scopas, ace_sweeps, low_hands, three_of_a_kind)

    def _parse_declarations(
        self, entry: Mapping[str, object], table: TableSetup, problems: list[Problem]
    ) -> tuple[dict[Side, int], dict[Side, int]]:
        """Cirulla's low hands and three of a kind (cirulla.md §3); none in the other games."""
        if not self.declares:
            return {}, {}
        return (
            _parse_counts(entry.get("low_hands"), "low_hands", table, problems),
            _parse_counts(entry.get("three_of_a_kind"), "three_of_a_kind", table, problems),
        )

    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
    ) -> RoundScore:
        parsed = self.parse_entry(entry, table)
        if isinstance(parsed, CountedHand):
            return self._score_counted(parsed, table)
        return self.score_captures(parsed, table)

    def _score_counted(self, hand: CountedHand, table: TableSetup) -> RoundScore:
        capotto = CapottoPart(hand.capotto) if table.options.get("capotto") else None
        breakdown = ScopaPointsBreakdown(dict(hand.points), capotto)
        return RoundScore(dict(hand.points), breakdown.to_json())

    def score_captures(self, hand: CapturedHand, table: TableSetup) -> RoundScore:
        """The punti di mazzo, scopas and extras of one hand (games/plugins/scopa/rules.md §3-§5 and
        §7; games/plugins/scopa/pirate-scopa.md §3-§6)."""
        captures = hand.captures
        points = dict.fromkeys(table.sides, 0)
        cards, coins = most_cards(captures), most_coins(captures)
        seven_holder = holder(captures, SETTEBELLO)
        prime_part: PrimieraPart | PrimePart
        if self.prime_rule_option:
            rule = table.option_str(self.prime_rule_option)
            prime_part = prime_point(captures, rule).breakdown()
        else:
            prime_part = primiera(captures, table.option_str("primiera_incomplete")).breakdown()
        for winner in (cards.winner, coins.winner, seven_holder, prime_part.winner):
            if winner is not None:
                points[winner] += 1
        ace_sweeps_score = bool(table.options.get("scopa_d_assi")) and bool(
            table.options.get("ace_sweep_is_scopa")
        )
        for side in table.sides:
            points[side] += hand.scopas[side]
            if ace_sweeps_score:
                points[side] += hand.ace_sweeps[side]
        if isinstance(prime_part, PrimePart):
            pirate = PirateScopaCardsBreakdown(
                cards, coins, Holder(seven_holder), prime_part, dict(hand.scopas)
            )
            return RoundScore(points, pirate.to_json())
        ace_sweeps = re_bello = napoli = capotto = None
        if table.options.get("scopa_d_assi"):
            ace_sweeps = AceSweepsPart(dict(hand.ace_sweeps), ace_sweeps_score)
        if table.options.get("re_bello"):
            king_holder = holder(captures, RE_BELLO)
            points[king_holder] += 1
            re_bello = Holder(king_holder)
        if table.options.get("napoli"):
            napoli = NapoliPart(None, (), 0)
            for side, taken in captures.items():
                run = napoli_run(taken)
                if run:
                    points[side] += len(run)
                    napoli = NapoliPart(side, run, len(run))
        if table.options.get("capotto"):
            capotto = CapottoPart(capotto_side(captures))
        grande = piccola = declarations = None
        if self.declares:
            grande, piccola, declarations = _cirulla_extras(hand, points)
        breakdown = ScopaCardsBreakdown(
            cards,
            coins,
            Holder(seven_holder),
            prime_part,
            dict(hand.scopas),
            ace_sweeps,
            re_bello,
            napoli,
            capotto,
            grande,
            piccola,
            declarations,
        )
        return RoundScore(points, breakdown.to_json())

    def read_breakdown(self, data: object) -> ScopaBreakdown:
        """A stored breakdown of this game as its dataclass (see ``read_breakdown``)."""
        return read_breakdown(data, primes=bool(self.prime_rule_option))

    # -- the game ---------------------------------------------------------------------------
    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """Who has won (games/plugins/scopa/rules.md §9; games/plugins/scopa/pirate-scopa.md §8).

        After each hand: a side at or above the target that is strictly ahead wins; level
        leaders play on. A capotto wins at once, whatever the totals.
        """
        after_each = running_totals(table.sides, rounds)
        for number, (score, totals) in enumerate(zip(rounds, after_each, strict=True), start=1):
            winner = self._winner_after(score, totals, table)
            if winner is not None:
                return self._finished(after_each, number, winner)
        totals = after_each[-1] if after_each else dict.fromkeys(table.sides, 0)
        return GameState(totals, after_each)

    def resume_state(
        self, totals: Mapping[Side, int], hands: int, score: RoundScore, table: TableSetup
    ) -> GameState:
        """As ``game_state``: each hand is decided by the totals after it and its own
        capotto (games/plugins/scopa/rules.md §9)."""
        after = totals_after(table.sides, totals, score)
        return resumed_state(after, hands, self._winner_after(score, after, table))

    @staticmethod
    def _winner_after(
        score: RoundScore, totals: Mapping[Side, int], table: TableSetup
    ) -> Side | None:
        """Who has won once ``score`` is played and the totals are ``totals``, if anyone: the
        side its capotto names, else a side at or above the target strictly ahead."""
        # Only a table that plays the capotto stores one (score_round), so the others never
        # look inside a breakdown: a save at a long table then decodes none of them.
        capotto = score.breakdown.get("capotto") if table.options.get("capotto") else None
        if isinstance(capotto, Mapping) and capotto.get("winner"):
            return str(capotto["winner"])
        target = table.option_int("target")
        # Nobody at the target yet (most hands of a game) needs no leader looked for.
        if max(totals.values(), default=0) < target:
            return None
        leader = strict_leader(totals)
        return leader if leader is not None and totals[leader] >= target else None

    @staticmethod
    def _finished(
        after_each: tuple[Mapping[Side, int], ...], number: int, winner: Side
    ) -> GameState:
        return GameState(
            totals=after_each[-1],
            totals_after_each_round=after_each,
            finished=True,
            winners=(winner,),
            finished_after_round=number,
        )


def _check_sweeps(
    captures: Mapping[Side, frozenset[Card]],
    scopas: Mapping[Side, int],
    ace_sweeps: Mapping[Side, int],
    matta: bool = False,
) -> list[Problem]:
    """Catch impossible sweep counts: a sweep takes the played card and at least one more, and
    an ace sweep is made by an ace the side then holds. With Cirulla's ``matta``, declared an ace
    it sweeps as one (cirulla.md §5), so a side holding it may make one more."""
    problems: list[Problem] = []
    for side, cards in captures.items():
        sweeps = scopas[side] + ace_sweeps[side]
        if sweeps * 2 > len(cards):
            problems.append(
                problem(
                    # Worded so that any count reads well, with no plural forms needed.
                    _(
                        "{side} made more sweeps ({sweeps}) than the cards taken allow "
                        "({cards}); a sweep takes two cards or more"
                    ),
                    "scopas",
                    side=side,
                    sweeps=sweeps,
                    cards=len(cards),
                )
            )
        aces = sum(card.rank is Rank.ACE for card in cards)
        matta_ace = matta and MATTA in cards
        if ace_sweeps[side] > aces + matta_ace:
            message = (
                _(
                    "{side} made more ace sweeps ({sweeps}) than the aces taken ({aces}) and "
                    "the matta allow"
                )
                if matta_ace
                else _("{side} made more ace sweeps ({sweeps}) than the aces taken ({aces})")
            )
            problems.append(
                problem(message, "ace_sweeps", side=side, sweeps=ace_sweeps[side], aces=aces)
            )
    return problems


# games/plugins/scopa/cirulla.md §3-§4.
LOW_HAND_POINTS = 3
THREE_OF_A_KIND_POINTS = 10
GRANDE_POINTS = 5
GRANDE: frozenset[Card] = frozenset(
    Card(Suit.COINS, rank) for rank in (Rank.JACK, Rank.KNIGHT, Rank.KING)
)
# The piccola is the coin run from the ace, A-2-3 at least, and stops at the 6 (cirulla.md §4).
PICCOLA_LONGEST = 6
# Three cards a deal, four on the table first: 36 cards dealt, 12 deals of three whatever the
# number of players (6 each for two, 4 for three, 3 for four).
CIRULLA_DEALS = (len(DECK) - 4) // 3
# What the 40 cards can declare between all the sides in one hand, the matta (7C) standing for
# any card (cirulla.md §3). The entry gives counts, not the cards, so this is what is checked.
# A three of a kind takes three of a value's four cards (or two and the matta): no value makes
# two, so ten at the most, one of each value.
MOST_THREE_OF_A_KIND = 10
# A low hand's three cards add up to 9 or less, so eight would be 24 cards adding up to 72 or
# less; the 24 lowest (the matta as a fifth ace, four each of 2 to 5, three 6s) add up to 79.
# Seven are made: A-3-5 three times, 2-2-5, A-4-4 twice (the matta one of the aces), 2-2-3.
MOST_LOW_HANDS = 7
# Ten three of a kind and two low hands (A-matta-5, 2-3-4 from the cards left over): 106.
MOST_DECLARED = (
    MOST_THREE_OF_A_KIND * THREE_OF_A_KIND_POINTS
    + (CIRULLA_DEALS - MOST_THREE_OF_A_KIND) * LOW_HAND_POINTS
)
CIRULLA_MOST_BONUSES = MOST_DECLARED + GRANDE_POINTS + PICCOLA_LONGEST


def cirulla_deals_per_side(table: TableSetup) -> int:
    """How many deals of three cards a side's players receive in a hand: each declares at most
    once a deal (cirulla.md §3)."""
    return CIRULLA_DEALS // len(table.players) * (len(table.players) // len(table.sides))


def _check_declarations(
    low_hands: Mapping[Side, int], three_of_a_kind: Mapping[Side, int], table: TableSetup
) -> list[Problem]:
    """More declarations than a side was dealt hands of three cannot be, nor more between the
    sides than the 40 cards make with the matta standing for any card (cirulla.md §3)."""
    deals = cirulla_deals_per_side(table)
    problems = [
        problem(
            _("{side} declared {declared} times, but was dealt only {deals} hands of three cards"),
            "low_hands",
            side=side,
            declared=low_hands[side] + three_of_a_kind[side],
            deals=deals,
        )
        for side in table.sides
        if low_hands[side] + three_of_a_kind[side] > deals
    ]
    if problems:
        return problems
    low, trios = sum(low_hands.values()), sum(three_of_a_kind.values())
    if low > MOST_LOW_HANDS:
        problems.append(
            problem(
                _(
                    "{declared} low hands were declared, but the 40 cards make at most {most} "
                    "hands of three adding up to 9 or less, even with the matta as an ace"
                ),
                "low_hands",
                declared=low,
                most=MOST_LOW_HANDS,
            )
        )
    if trios > MOST_THREE_OF_A_KIND:
        problems.append(
            problem(
                _(
                    "{declared} three of a kind were declared, but the 40 cards make at most "
                    "{most}, one of each value, even with the matta"
                ),
                "three_of_a_kind",
                declared=trios,
                most=MOST_THREE_OF_A_KIND,
            )
        )
    return problems


def _cirulla_extras(
    hand: CapturedHand, points: dict[Side, int]
) -> tuple[GrandePart, NapoliPart, DeclarationsPart]:
    """The grande, the piccola and the declarations of a Cirulla hand, added to ``points``."""
    grande = GrandePart(None, 0)
    piccola = NapoliPart(None, (), 0)
    for side, taken in hand.captures.items():
        if taken >= GRANDE:
            points[side] += GRANDE_POINTS
            grande = GrandePart(side, GRANDE_POINTS)
        run = napoli_run(taken)[:PICCOLA_LONGEST]
        if run:
            points[side] += len(run)
            piccola = NapoliPart(side, run, len(run))
    for side in points:
        points[side] += LOW_HAND_POINTS * hand.low_hands[side]
        points[side] += THREE_OF_A_KIND_POINTS * hand.three_of_a_kind[side]
    return grande, piccola, DeclarationsPart(dict(hand.low_hands), dict(hand.three_of_a_kind))


class Scopa(ScopaFamily):
    """Scopa for 2, 3 or 4; four players form two teams of partners unless each plays alone."""

    key = "scopa"
    name = _("Scopa")
    min_players = 2
    max_players = 4
    option_specs = (
        _target_spec(11),
        OptionSpec(
            "four_individuals",
            False,
            _("Four players each for themselves"),
            _(
                "With four players, everyone plays alone instead of in two teams of partners "
                "sitting opposite."
            ),
        ),
        *_SCOPA_RULE_SPECS,
        OptionSpec(
            "quindici",
            False,
            _("Scopa di Quindici"),
            _("A card takes the cards that add up to 15 with it; the scoring does not change."),
        ),
        FACE_DECK_SPEC,
    )

    def plays_in_teams(self, player_count: int, options: Mapping[str, OptionValue]) -> bool:
        return player_count == 4 and not options.get("four_individuals")


class Scopone(ScopaFamily):
    """Scopone and Scopone Scientifico: always four players in two teams of partners."""

    key = "scopone"
    name = _("Scopone")
    min_players = 4
    max_players = 4
    option_specs = (
        _target_spec(11),
        OptionSpec(
            "scientifico",
            False,
            _("Scientifico"),
            _("Ten cards each and none on the table; the game is played to 21."),
        ),
        *_SCOPA_RULE_SPECS,
        OptionSpec(
            "last_play_sweep_counts",
            False,
            _("The last sweep counts"),
            _("Clearing the table with the very last card of the hand scores a scopa too."),
        ),
        FACE_DECK_SPEC,
    )

    def resolve_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        values = super().resolve_options(raw)
        if values["scientifico"] and "target" not in raw:
            # games/plugins/scopa/rules.md §9: Scopone Scientifico is played to 21.
            values["target"] = 21
        return values

    def plays_in_teams(self, player_count: int, options: Mapping[str, OptionValue]) -> bool:
        return True


class PirateScopa(ScopaFamily):
    """Pirate Scopa: 2-4 players each for themselves, primes instead of the primiera."""

    key = "pirate-scopa"
    name = _("Pirate Scopa")
    min_players = 2
    max_players = 4
    prime_rule_option = "prime_rule"
    option_specs = (
        _target_spec(11),
        OptionSpec(
            "prime_rule",
            PRIME_SUM,
            _("Prime point"),
            _("How the point for the highest primes is decided."),
            choices=(
                Choice(
                    PRIME_SUM, _("The highest sum of every 2, 3, 5 and 7 captured (the rule text).")
                ),
                Choice(
                    PRIME_MOST_SEVENS,
                    _(
                        "Most sevens; if tied, most fives, then most threes (the rule text's "
                        "shortcut)."
                    ),
                ),
            ),
        ),
        OptionSpec(
            "deck",
            "standard",
            _("Cards"),
            _("The deck you play with; only the names and pictures change."),
            choices=(
                Choice("standard", _("Standard deck, ace to 10 (diamonds are coins)")),
                Choice("tarot", _("Tarot deck, ace to 10 (pentacles are coins)")),
                Choice("scopa", _("Scopa deck (Italian cards)")),
            ),
        ),
    )

    def deck_style(self, options: Mapping[str, OptionValue]) -> DeckStyle:
        return {"tarot": DeckStyle.TAROT, "scopa": DeckStyle.ITALIAN}.get(
            str(options.get("deck")), DeckStyle.STANDARD
        )


def _always_on(spec_name: str) -> OptionSpec:
    spec = next(spec for spec in _SCOPA_RULE_SPECS if spec.name == spec_name)
    return dataclasses.replace(spec, default=True)


class Cirulla(ScopaFamily):
    """Cirulla, the Genoese Scopa (games/plugins/scopa/cirulla.md): 2 or 3 each for themselves,
    4 in two teams of partners; the declarations, the grande and the piccola on top of Scopa's
    points, and the ace that takes the whole table, to 51."""

    key = "cirulla"
    name = _("Cirulla")
    min_players = 2
    max_players = 4
    declares = True
    option_specs = (
        _target_spec(51),
        _always_on("scopa_d_assi"),
        *(
            spec
            for spec in _SCOPA_RULE_SPECS
            if spec.name in ("ace_sweep_is_scopa", "primiera_incomplete")
        ),
        dataclasses.replace(FACE_DECK_SPEC, default="french"),
    )

    def plays_in_teams(self, player_count: int, options: Mapping[str, OptionValue]) -> bool:
        return player_count == 4


GAMES: tuple[Game, ...] = (Scopa(), Scopone(), PirateScopa(), Cirulla())

# The games scored as this module's family: captures, primiera and sweeps.
SCOPA_FAMILY: tuple[str, ...] = tuple(game.key for game in GAMES)
