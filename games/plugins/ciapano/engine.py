"""Ciapanò: penalty points for aces and thirds, the last trick, and elimination at 31.

Rules: games/plugins/ciapano/rules.md (penalties §1, a deal §3-§5, out at 31 §6, entries §7), with
its sources and decisions. Entry format: docs/scoresheet.md "Ciapanò".

Penalties are counted in thirds of a point: an ace is 3 thirds, a 3, 2, king, knight (queen)
or jack is 1 third, and the 24 penalty cards hold 32 thirds (10 2/3 points).

A round entry is one of:

- ``{"penalty_cards": {player: [codes]}, "last_trick": player}``: the 24 penalty cards, each
  listed once; a player who took none may be left out. In a 3-player game the dealer's discard
  is simply listed with the last-trick winner's cards, so it can complete a moon like any other
  card.
- ``{"aces": {player: n}, "thirds": {player: n}, "last_trick": player}``: counts instead of
  cards; ``thirds`` counts the 1/3-point cards, and the totals must be 4 and 20.
- ``{"points": {player: n}}``: points the table counted by hand. They must add up as a deal
  does (``counted_deal_problems``): 11, or a moon's 0 and 11s; under the plus-one house rule
  9 to 11, as the players in the deal allow.

Players already out of the game take no part in later deals. An entry may leave them out or
give them 0 (or an empty card list), and they score 0: ``RoundScore.points`` is keyed by every
player at the table, so totals stay keyed by everybody.

The breakdown of a deal entered as cards or counts (a points entry gives ``kind``, ``players``
and ``points`` only), for a 3-player deal that matches the rule text's example::

    {
        "kind": "cards",             # or "counts"; "points" for a hand-counted entry
        "rule": "remainder",         # the table's last_trick option: "remainder" or "plus-one"
        "players": ["Ann", "Bob", "Cy"],            # who played this deal, in seat order
        "aces": {"Ann": 3, "Bob": 1, "Cy": 0},      # aces taken
        "thirds": {"Ann": 4, "Bob": 11, "Cy": 5},   # 1/3-point cards taken
        "penalty": {                                # exact penalty: whole points and thirds
            "Ann": {"whole": 4, "thirds": 1},       # 4 1/3
            "Bob": {"whole": 4, "thirds": 2},       # 4 2/3
            "Cy": {"whole": 1, "thirds": 2},        # 1 2/3
        },
        "dropped": {"Ann": 1, "Bob": 2, "Cy": 2},   # the fraction left out, in thirds
        "last_trick": {"winner": "Cy", "worth": 2}, # worth null in a moon
        "moon": None,                               # the player who took all the points
    }

Cy scores 1 for his cards and 2 for the last trick: 4 + 4 + 3 = 11. Under the remainder rule
the last trick is worth the dropped thirds plus the one third that makes 10 2/3 up to 11, so
``worth == (1 + sum(dropped)) / 3``.

``CiapanoDealBreakdown`` and ``CiapanoPointsBreakdown`` are these breakdowns as typed values;
``read_breakdown`` reads a stored one back.

Who is out is decided by ``Ciapano.game_state`` from the totals, not by the breakdown: a deal's
breakdown stays true when an earlier deal is corrected.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from games.scoring.base import (
    Game,
    GameState,
    RoundScore,
    RoundTracker,
    TableSetup,
    competition_places,
    running_totals,
)
from games.scoring.breakdowns import (
    JSON,
    Fields,
    integer,
    kind_of,
    list_of,
    mapping_of,
    nullable,
    one_of,
    string,
)
from games.scoring.card_lists import CardListWording, read_card_lists
from games.scoring.cards import DECK, FACE_DECK_SPEC, Card, DeckStyle, Rank
from games.scoring.errors import (
    Problem,
    fields_not_applying,
    problem,
    raise_if_any,
    read_counts,
    says_nothing,
)
from games.scoring.i18n import gettext_noop as _
from games.scoring.options import Choice, OptionSpec, OptionValue

# games/plugins/ciapano/rules.md §1: an ace costs 1 point; a 3, 2, king, cavallo (queen) or fante
# (jack) a third of a point.
_PENALTY_THIRDS_BY_RANK: Mapping[Rank, int] = {
    Rank.ACE: 3,
    Rank.TWO: 1,
    Rank.THREE: 1,
    Rank.JACK: 1,
    Rank.KNIGHT: 1,
    Rank.KING: 1,
}

# In deck order (coins first, ace to king), the order of the card grid on the table page.
PENALTY_CARDS: tuple[Card, ...] = tuple(
    card for card in DECK if card.rank in _PENALTY_THIRDS_BY_RANK
)
ACE_COUNT = 4
THIRD_CARD_COUNT = 20
ROUND_POINTS = 11  # "There is a total of 11 points in each round"
PENALTY_THIRDS_TOTAL = 32  # the 24 penalty cards: 4 aces of 3 thirds, 20 cards of 1

LAST_TRICK_REMAINDER = "remainder"
LAST_TRICK_PLUS_ONE = "plus-one"

KIND_CARDS = "cards"
KIND_COUNTS = "counts"
KIND_POINTS = "points"

CARD_FIELDS = frozenset({"penalty_cards", "last_trick"})
COUNT_FIELDS = frozenset({"aces", "thirds", "last_trick"})
POINTS_FIELDS = frozenset({"points"})
ENTRY_FIELDS = CARD_FIELDS | COUNT_FIELDS | POINTS_FIELDS


def penalty_thirds(card: Card) -> int:
    """A card's penalty in thirds of a point: ace 3; 3, 2, king, knight, jack 1; others 0.

    games/plugins/ciapano/rules.md §1.

    >>> from games.scoring.cards import parse_card
    >>> [penalty_thirds(parse_card(code)) for code in ("AD", "3D", "KD", "7D")]
    [3, 1, 1, 0]
    """
    return _PENALTY_THIRDS_BY_RANK.get(card.rank, 0)


# -- one deal -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PenaltyTally:
    """What each player who played a deal took, and who won the last trick.

    ``thirds`` counts the 1/3-point cards (3s, 2s, kings, knights, jacks), as the entry's counts
    form does; ``kind`` says whether the table entered cards or counts.
    """

    aces: Mapping[str, int]
    thirds: Mapping[str, int]
    last_trick: str
    kind: str

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.aces)

    def penalty(self, player: str) -> int:
        """The player's penalty in thirds of a point."""
        return 3 * self.aces[player] + self.thirds[player]


@dataclass(frozen=True)
class CountedDeal:
    """Points the table counted by hand."""

    points: Mapping[str, int]


def moon_player(tally: PenaltyTally) -> str | None:
    """The player who took all the points, if anyone did (games/plugins/ciapano/rules.md §4).

    The rule text: "If a player manages to score all the penalty points". The 11
    points include the last trick, so it takes all 24 penalty cards (4 aces and 20 thirds)
    **and** the last trick; all 24 without the last trick is an ordinary deal.
    """
    winner = tally.last_trick
    if tally.aces[winner] == ACE_COUNT and tally.thirds[winner] == THIRD_CARD_COUNT:
        return winner
    return None


def deal_points(tally: PenaltyTally, last_trick_rule: str = LAST_TRICK_REMAINDER) -> dict[str, int]:
    """Each player's points for one deal (games/plugins/ciapano/rules.md §3-§5).

    Everyone but the last-trick winner scores the floor of his penalty ("any fractions are
    ignored"). The winner scores the remainder up to 11, or under ``house:last_trick_plus_one``
    the floor of his own penalty plus 1. A moon scores 0 for the taker and 11 for every other
    player under either rule: the house rule changes what the last trick is worth, not what
    taking everything means.

    Ann takes 2 aces and 5 thirds (11 thirds), Bob 1 and 7 (10), Cy 1 and 4 (7), Di 4 thirds
    and the last trick: the others score 3, 3 and 2, Di the remainder up to 11.

    >>> tally = PenaltyTally(
    ...     aces={"Ann": 2, "Bob": 1, "Cy": 1, "Di": 0},
    ...     thirds={"Ann": 5, "Bob": 7, "Cy": 4, "Di": 4},
    ...     last_trick="Di",
    ...     kind=KIND_COUNTS,
    ... )
    >>> deal_points(tally)
    {'Ann': 3, 'Bob': 3, 'Cy': 2, 'Di': 3}
    >>> deal_points(tally, LAST_TRICK_PLUS_ONE)
    {'Ann': 3, 'Bob': 3, 'Cy': 2, 'Di': 2}
    """
    moon = moon_player(tally)
    if moon is not None:
        return {player: 0 if player == moon else ROUND_POINTS for player in tally.players}
    points = {player: tally.penalty(player) // 3 for player in tally.players}
    winner = tally.last_trick
    if last_trick_rule == LAST_TRICK_PLUS_ONE:
        points[winner] += 1
    else:
        others = sum(value for player, value in points.items() if player != winner)
        points[winner] = ROUND_POINTS - others
    return points


def last_trick_worth(
    tally: PenaltyTally, last_trick_rule: str = LAST_TRICK_REMAINDER
) -> int | None:
    """What the last trick added to its winner's card points: 1, 2 or 3; None in a moon.

    games/plugins/ciapano/rules.md §3: the dropped fractions come to 2/3, 1 2/3 or 2 2/3, so the
    remainder is worth 1, 2 or 3; ``house:last_trick_plus_one`` makes it always 1.
    """
    if moon_player(tally) is not None:
        return None
    winner = tally.last_trick
    return deal_points(tally, last_trick_rule)[winner] - tally.penalty(winner) // 3


def ordinary_deal_totals(
    player_count: int, last_trick_rule: str = LAST_TRICK_REMAINDER
) -> tuple[int, ...]:
    """What the points of a deal that is not a moon can add up to, ``player_count`` playing it.

    The rule text: "There is a total of 11 points in each round", so under the rule text (the
    remainder) every deal totals 11 (games/plugins/ciapano/rules.md §3). Under
    ``house:last_trick_plus_one`` each player scores the floor of his own penalty and the last
    trick adds 1: the 32 thirds lose what each player drops (0, 1 or 2 thirds), and what is left
    is whole points, so 2, 5 or 8 thirds are dropped and the deal totals 11, 10 or 9. Nobody
    drops more than 2 thirds, so 10 needs three players and 9 four.
    """
    if last_trick_rule != LAST_TRICK_PLUS_ONE:
        return (ROUND_POINTS,)
    most_dropped = 2 * player_count
    return tuple(
        (PENALTY_THIRDS_TOTAL - dropped) // 3 + 1
        for dropped in (8, 5, 2)
        if dropped <= most_dropped
    )


def is_moon_pattern(points: Mapping[str, int]) -> bool:
    """Whether a deal's points are a moon's: 0 for one player and 11 for each of the others.

    The rule text: "If a player manages to score all the penalty points, then they score zero
    and all other players score 11 points" (games/plugins/ciapano/rules.md §4, under
    either last-trick rule).

    >>> is_moon_pattern({"Ann": 0, "Bob": 11, "Cy": 11})
    True
    >>> is_moon_pattern({"Ann": 0, "Bob": 11, "Cy": 10})
    False
    """
    values = sorted(points.values())
    return (
        len(values) >= 2 and values[0] == 0 and all(value == ROUND_POINTS for value in values[1:])
    )


def counted_deal_problems(
    points: Mapping[str, int], last_trick_rule: str = LAST_TRICK_REMAINDER
) -> list[Problem]:
    """What is impossible in points counted at the table for one deal, ``points`` holding every
    player in the deal (0 for one left out).

    games/plugins/ciapano/rules.md §3, §5 and §7: a deal's points add up to
    ``ordinary_deal_totals`` (11 under the rule text), unless one player took all the points
    (``is_moon_pattern``). Nothing else is refused: every split of those totals can be dealt,
    since the last trick may hold no penalty card at all.
    """
    if is_moon_pattern(points):
        return []
    total = sum(points.values())
    totals = ordinary_deal_totals(len(points), last_trick_rule)
    if total in totals:
        return []
    field = "points"
    moon = ROUND_POINTS
    if len(totals) == 1:
        return [
            problem(
                _(
                    "the points add up to {total}; a deal has {round_points} points, or, when one "
                    "player takes them all, 0 for that player and {moon} for each of the others"
                ),
                field,
                total=total,
                round_points=totals[0],
                moon=moon,
            )
        ]
    if len(totals) == 2:
        message = _(
            "the points add up to {total}; at this table a deal of three players has {low} or "
            "{high} points (the last trick is worth 1), or, when one player takes them all, 0 for "
            "that player and {moon} for each of the others"
        )
    else:
        message = _(
            "the points add up to {total}; at this table a deal has {low} to {high} points (the "
            "last trick is worth 1), or, when one player takes them all, 0 for that player and "
            "{moon} for each of the others"
        )
    return [problem(message, field, total=total, low=min(totals), high=max(totals), moon=moon)]


# -- the breakdown ------------------------------------------------------------------------------
#
# A deal's breakdown as typed values (breakdowns.py; the module docstring shows one): ``to_json()``
# is exactly what the engine stores, ``from_json`` reads it back.

LAST_TRICK_RULES: tuple[str, ...] = (LAST_TRICK_REMAINDER, LAST_TRICK_PLUS_ONE)
_counts = mapping_of(integer)
_players = list_of(string)


@dataclass(frozen=True)
class PenaltyPart:
    """A player's exact penalty (games/plugins/ciapano/rules.md §1, §3): whole points and the thirds
    over, 4 2/3 as ``{"whole": 4, "thirds": 2}``."""

    whole: int
    thirds: int

    def to_json(self) -> dict[str, JSON]:
        return {"whole": self.whole, "thirds": self.thirds}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.penalty") -> PenaltyPart:
        fields = Fields(data, path, ("whole", "thirds"))
        return cls(fields.read("whole", integer), fields.read("thirds", integer))


@dataclass(frozen=True)
class LastTrickPart:
    """Who won the last trick, and what it added to his card points (games/plugins/ciapano/rules.md
    §3, §5): 1, 2 or 3; None in a moon (§4)."""

    winner: str
    worth: int | None

    def to_json(self) -> dict[str, JSON]:
        return {"winner": self.winner, "worth": self.worth}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.last_trick") -> LastTrickPart:
        fields = Fields(data, path, ("winner", "worth"))
        return cls(fields.read("winner", string), fields.read("worth", nullable(integer)))


@dataclass(frozen=True)
class CiapanoDealBreakdown:
    """A deal entered as penalty cards (``kind`` "cards") or counts ("counts"), scored by
    ``deal_points`` (games/plugins/ciapano/rules.md §3-§5): the table's last-trick ``rule``, who
    played the deal in seat order, the aces and 1/3-point cards each took, each exact ``penalty``,
    the thirds each ``dropped``, the last trick and the moon's player, if any."""

    kind: str
    rule: str
    players: tuple[str, ...]
    aces: Mapping[str, int]
    thirds: Mapping[str, int]
    penalty: Mapping[str, PenaltyPart]
    dropped: Mapping[str, int]
    last_trick: LastTrickPart
    moon: str | None

    @classmethod
    def of(cls, tally: PenaltyTally, last_trick_rule: str) -> CiapanoDealBreakdown:
        """The breakdown of a deal scored under ``last_trick_rule``."""
        players = tally.players
        return cls(
            kind=tally.kind,
            rule=last_trick_rule,
            players=players,
            aces=dict(tally.aces),
            thirds=dict(tally.thirds),
            penalty={
                player: PenaltyPart(tally.penalty(player) // 3, tally.penalty(player) % 3)
                for player in players
            },
            dropped={player: tally.penalty(player) % 3 for player in players},
            last_trick=LastTrickPart(tally.last_trick, last_trick_worth(tally, last_trick_rule)),
            moon=moon_player(tally),
        )

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "players": list(self.players),
            "aces": dict(self.aces),
            "thirds": dict(self.thirds),
            "penalty": {player: part.to_json() for player, part in self.penalty.items()},
            "dropped": dict(self.dropped),
            "last_trick": self.last_trick.to_json(),
            "moon": self.moon,
        }

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> CiapanoDealBreakdown:
        keys = ("kind", "rule", "players", "aces", "thirds", "penalty", "dropped", "last_trick")
        fields = Fields(data, path, (*keys, "moon"))
        return cls(
            kind=fields.read("kind", one_of((KIND_CARDS, KIND_COUNTS))),
            rule=fields.read("rule", one_of(LAST_TRICK_RULES)),
            players=fields.read("players", _players),
            aces=fields.read("aces", _counts),
            thirds=fields.read("thirds", _counts),
            penalty=fields.read("penalty", mapping_of(PenaltyPart.from_json)),
            dropped=fields.read("dropped", _counts),
            last_trick=fields.read("last_trick", LastTrickPart.from_json),
            moon=fields.read("moon", nullable(string)),
        )


@dataclass(frozen=True)
class CiapanoPointsBreakdown:
    """A deal whose points the table counted (games/plugins/ciapano/rules.md §7): who played it, in
    seat order, and the points of each.

    >>> CiapanoPointsBreakdown(("Ann", "Bob", "Cy"), {"Ann": 4, "Bob": 4, "Cy": 3}).to_json()
    {'kind': 'points', 'players': ['Ann', 'Bob', 'Cy'], 'points': {'Ann': 4, 'Bob': 4, 'Cy': 3}}
    """

    kind: ClassVar[str] = KIND_POINTS

    players: tuple[str, ...]
    points: Mapping[str, int]

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "players": list(self.players), "points": dict(self.points)}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> CiapanoPointsBreakdown:
        fields = Fields(data, path, ("kind", "players", "points"))
        fields.expect("kind", cls.kind)
        return cls(fields.read("players", _players), fields.read("points", _counts))


CiapanoBreakdown = CiapanoDealBreakdown | CiapanoPointsBreakdown


def read_breakdown(data: object) -> CiapanoBreakdown:
    """A stored Ciapanò breakdown as its dataclass; raise BreakdownError if it is not one the
    engine writes."""
    if kind_of(data, (KIND_CARDS, KIND_COUNTS, KIND_POINTS)) == KIND_POINTS:
        return CiapanoPointsBreakdown.from_json(data)
    return CiapanoDealBreakdown.from_json(data)


# -- the game -----------------------------------------------------------------------------------


def _going_out_order(
    newly_out: Sequence[str], totals: Mapping[str, int], seats: Sequence[str]
) -> list[str]:
    # Within one deal the higher total goes out first, so the elimination list reads from the
    # worst result to the best; equal totals keep seat order.
    return sorted(newly_out, key=lambda player: (-totals[player], seats.index(player)))


@dataclass(frozen=True)
class _Progress:
    """How a game stands after some deals: who is out, and whether it is decided."""

    active: tuple[str, ...]
    eliminated: tuple[str, ...]
    winners: tuple[str, ...]
    finished_after_round: int | None


class _ProgressFold:
    """games/plugins/ciapano/rules.md §6, one deal at a time.

    A total of ``elimination_at`` (31) or more after a deal puts a player out; 30 stays in. The
    last player left wins. If everyone left goes out in the same deal, the lowest total among
    them wins, and equal lowest totals share the win. Deals after the game was decided change
    nothing here (the engine refuses them).
    """

    def __init__(self, table: TableSetup) -> None:
        self.limit = table.option_int("elimination_at")
        self.seats = table.players
        self.totals = dict.fromkeys(self.seats, 0)
        self.deals = 0
        self.active = list(self.seats)
        self.eliminated: list[str] = []
        self.winners: tuple[str, ...] = ()
        self.finished_after_round: int | None = None

    def add(self, score: RoundScore) -> None:
        self.deals += 1
        for player, points in score.points.items():
            self.totals[player] += points
        if self.finished_after_round is not None:
            return
        totals = self.totals
        newly_out = [player for player in self.active if totals[player] >= self.limit]
        self.eliminated.extend(_going_out_order(newly_out, totals, self.seats))
        self.active = [player for player in self.active if player not in newly_out]
        if len(self.active) == 1:
            self.winners, self.active = tuple(self.active), []
            self.finished_after_round = self.deals
        elif not self.active:
            lowest = min(totals[player] for player in newly_out)
            self.winners = tuple(
                player for player in self.seats if player in newly_out and totals[player] == lowest
            )
            self.finished_after_round = self.deals

    def progress(self) -> _Progress:
        return _Progress(
            tuple(self.active),
            tuple(self.eliminated),
            self.winners,
            self.finished_after_round,
        )


def _progress(table: TableSetup, rounds: Sequence[RoundScore]) -> _Progress:
    """How the game stands after these deals (see ``_ProgressFold``)."""
    fold = _ProgressFold(table)
    for score in rounds:
        fold.add(score)
    return fold.progress()


class _CiapanoTracker(RoundTracker):
    """Keeps who is out as the deals are added, so each deal is checked and dealt without
    going over the earlier ones again."""

    game: Ciapano

    def __init__(self, game: Ciapano, table: TableSetup, first_dealer: int = 0) -> None:
        super().__init__(game, table, first_dealer)
        self._fold = _ProgressFold(table)

    def out(self) -> Collection[str]:
        return self._fold.eliminated

    def score(self, entry: Mapping[str, object]) -> RoundScore:
        return self.game.score_deal(entry, self.table, self._fold.progress())

    def push(self, score: RoundScore, dealer: int | None = None) -> None:
        super().push(score, dealer)
        self._fold.add(score)


def active_players(table: TableSetup, rounds: Sequence[RoundScore]) -> tuple[str, ...]:
    """The players still in the game after these deals, in seat order; none once it is over.

    games/plugins/ciapano/rules.md §6: a total of ``elimination_at`` (31) or more after a deal is
    out.
    """
    return _progress(table, rounds).active


class Ciapano(Game):
    """Ciapanò for 3 to 5 players, each for himself; the last one left in wins."""

    key = "ciapano"
    name = _("Ciapanò")
    min_players = 3
    max_players = 5
    option_specs = (
        OptionSpec(
            "elimination_at",
            31,
            _("Out at"),
            _("A player whose total reaches this many points is out of the game."),
            minimum=11,
            maximum=99,
        ),
        OptionSpec(
            "last_trick",
            LAST_TRICK_REMAINDER,
            _("Last trick"),
            _("What the player who wins the last trick scores for it."),
            choices=(
                Choice(
                    LAST_TRICK_REMAINDER,
                    _("Whatever brings the deal up to 11: 1, 2 or 3 points (the rule text)."),
                ),
                Choice(
                    LAST_TRICK_PLUS_ONE,
                    _("Always 1 point, as in Tressette; a deal then scores 9 to 11."),
                ),
            ),
        ),
        FACE_DECK_SPEC,
    )

    def deck_style(self, options: Mapping[str, OptionValue]) -> DeckStyle:
        return DeckStyle.FRENCH if options.get("deck") == "french" else DeckStyle.ITALIAN

    # -- one round --------------------------------------------------------------------------
    def parse_entry(
        self, entry: Mapping[str, object], table: TableSetup, active: Sequence[str]
    ) -> PenaltyTally | CountedDeal:
        """Check a round entry (docs/scoresheet.md "Ciapanò"); raise EntryError if bad.

        ``active`` are the players still in the game; the others may not take part.
        """
        if not isinstance(entry, Mapping):
            raise_if_any([problem(_("a round must be an object"), "round")])
        forms = [
            fields
            for fields in (("penalty_cards",), ("aces", "thirds"), ("points",))
            if any(field in entry for field in fields)
        ]
        if len(forms) > 1:
            # Issue 17: the other kinds' fields are accepted when they say nothing.
            meant = [
                fields
                for fields in forms
                if any(field in entry and not says_nothing(entry[field]) for field in fields)
            ]
            forms = meant if len(meant) == 1 else forms
        if len(forms) > 1:
            raise_if_any(
                [
                    problem(
                        _("give either the penalty cards, the counts or the points, not more"),
                        "round",
                    )
                ]
            )
        if not forms:
            raise_if_any(
                [problem(_("a round needs the penalty cards, the counts or the points"), "round")]
            )
        problems: list[Problem] = []
        if forms[0] == ("points",):
            problems.extend(fields_not_applying(entry, POINTS_FIELDS, ENTRY_FIELDS))
            points = _parse_counts(entry["points"], "points", table, active, problems)
            if not problems:
                problems.extend(counted_deal_problems(points, table.option_str("last_trick")))
            raise_if_any(problems)
            return CountedDeal(points)
        if forms[0] == ("penalty_cards",):
            problems.extend(fields_not_applying(entry, CARD_FIELDS, ENTRY_FIELDS))
            aces, thirds = _parse_penalty_cards(entry["penalty_cards"], table, active, problems)
            kind = KIND_CARDS
        else:
            problems.extend(fields_not_applying(entry, COUNT_FIELDS, ENTRY_FIELDS))
            aces = _parse_counts(entry.get("aces"), "aces", table, active, problems, ACE_COUNT)
            thirds = _parse_counts(
                entry.get("thirds"), "thirds", table, active, problems, THIRD_CARD_COUNT
            )
            kind = KIND_COUNTS
        last_trick = _parse_last_trick(entry.get("last_trick"), table, active, problems)
        raise_if_any(problems)
        return PenaltyTally(aces, thirds, last_trick, kind)

    eliminates_players = True

    def tracker(self, table: TableSetup, first_dealer: int = 0) -> RoundTracker:
        return _CiapanoTracker(self, table, first_dealer)

    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
    ) -> RoundScore:
        """One deal, checked against who is still in after the ``earlier`` deals
        (games/plugins/ciapano/rules.md §3-§7)."""
        return self.score_deal(entry, table, _progress(table, earlier))

    def score_deal(
        self, entry: Mapping[str, object], table: TableSetup, progress: _Progress
    ) -> RoundScore:
        """One deal, given how the game stands before it (see ``score_round``)."""
        if progress.finished_after_round is not None:
            raise_if_any(
                [
                    problem(
                        _("the game was already over after round {finished}"),
                        "round",
                        finished=progress.finished_after_round,
                    )
                ]
            )
        parsed = self.parse_entry(entry, table, progress.active)
        points = dict.fromkeys(table.players, 0)
        if isinstance(parsed, CountedDeal):
            points.update(parsed.points)
            counted = CiapanoPointsBreakdown(progress.active, dict(parsed.points))
            return RoundScore(points, counted.to_json())
        rule = table.option_str("last_trick")
        points.update(deal_points(parsed, rule))
        return RoundScore(points, CiapanoDealBreakdown.of(parsed, rule).to_json())

    def read_breakdown(self, data: object) -> CiapanoBreakdown:
        """A stored breakdown of this game as its dataclass (see ``read_breakdown``)."""
        return read_breakdown(data)

    def row_points(
        self, points: Mapping[str, int], breakdown: Mapping[str, JSON], table: TableSetup
    ) -> dict[str, int]:
        """A deal's row shows who played it, in seat order: a player already out sat it out
        (rules.md §6), and a 0 beside their name would read as a score."""
        played = read_breakdown(breakdown).players or table.players
        return {player: points.get(player, 0) for player in table.players if player in played}

    # -- the game ---------------------------------------------------------------------------
    def places(self, state: GameState, table: TableSetup) -> dict[str, int]:
        """The winner first, then whoever stayed in longer; of those who went out in the same
        deal, the lower total is the better place (games/plugins/ciapano/rules.md §6: the last
        player left wins)."""
        limit = table.option_int("elimination_at")
        out_after: dict[str, int] = {}
        for number, totals in enumerate(state.totals_after_each_round, start=1):
            for player in table.players:
                if player not in out_after and totals[player] >= limit:
                    out_after[player] = number
        still_in = len(state.totals_after_each_round) + 1

        def key(player: str) -> tuple[int, ...]:
            return (
                player not in state.winners,
                -out_after.get(player, still_in),
                state.totals.get(player, 0),
            )

        return competition_places(table.players, key)

    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """Totals, who is out in the order they went, and who won.

        games/plugins/ciapano/rules.md §6: see ``_progress``. Players who go out
        in the same deal are listed highest total first, then in seat order.
        """
        after_each = running_totals(table.players, rounds)
        progress = _progress(table, rounds)
        totals = after_each[-1] if after_each else dict.fromkeys(table.players, 0)
        return GameState(
            totals=totals,
            totals_after_each_round=after_each,
            finished=progress.finished_after_round is not None,
            winners=progress.winners,
            eliminated=progress.eliminated,
            finished_after_round=progress.finished_after_round,
        )


# -- reading entries ----------------------------------------------------------------------------


def _not_playing(player: object, field: str) -> Problem:
    return problem(_("{player} is not playing at this table"), field, player=str(player))


def _parse_counts(
    raw: object,
    field: str,
    table: TableSetup,
    active: Sequence[str],
    problems: list[Problem],
    expected_total: int | None = None,
) -> dict[str, int]:
    """A ``{player: whole number >= 0}`` field for the active players; those left out count 0.

    Counts must add up to ``expected_total`` when one is given. The sum is only checked when
    every count could be read, and it includes counts wrongly given to a player who is out (as
    the card form does), so one mistake gives one problem.
    """
    counts = dict.fromkeys(active, 0)
    listed_total = 0
    if not isinstance(raw, Mapping):
        problems.append(
            problem(_("{field} must give a number for each player"), field, field=field)
        )
        return counts
    readable = True
    for player, value in read_counts(
        raw,
        table.players,
        problems,
        unknown=lambda player: _not_playing(player, field),
        not_whole=lambda player: problem(
            _("{field} for {player} must be a whole number, 0 or more"),
            field,
            field=field,
            player=player,
        ),
    ):
        if value is None:
            readable = False
            continue
        listed_total += value
        if player in active:
            counts[player] = value
        elif value:
            problems.append(_already_out(player, field))
    if readable and expected_total is not None and listed_total != expected_total:
        problems.append(
            problem(
                _("the {field} add up to {total}, not {expected}"),
                field,
                field=field,
                total=listed_total,
                expected=expected_total,
            )
        )
    return counts


def _already_out(player: str, field: str) -> Problem:
    if field == "points":
        return problem(
            _("{player} is already out of the game and scores no points"), field, player=player
        )
    return problem(_("{player} is already out of the game and took no cards"), field, player=player)


PENALTY_CARDS_WORDING = CardListWording(
    "penalty_cards",
    not_a_mapping=_("penalty_cards must list the penalty cards each player took"),
    not_a_list=_("penalty_cards for {player} must be a list of card codes"),
    not_a_code=_("{code} is not a card code ({player})"),
    listed_twice=_("{card} is listed twice for {player}"),
    taken_twice=_("{card} is listed for more than one player ({players})"),
    not_in_deck=_("{card} is not a penalty card ({player})"),
    side="player",
    sides="players",
)


def _parse_penalty_cards(
    raw: object, table: TableSetup, active: Sequence[str], problems: list[Problem]
) -> tuple[dict[str, int], dict[str, int]]:
    """The aces and 1/3-point cards each active player took, from their lists of the 24 penalty
    cards, each listed once (rules.md §7)."""
    aces = dict.fromkeys(active, 0)
    thirds = dict.fromkeys(active, 0)
    field = PENALTY_CARDS_WORDING.field
    lists = read_card_lists(
        raw,
        active,
        problems,
        PENALTY_CARDS_WORDING,
        unknown=lambda player: _not_playing(player, field),
        deck=PENALTY_CARDS,
        out=[player for player in table.players if player not in active],
        took_no_cards=lambda player: _already_out(player, field),
    )
    if lists is None:
        return aces, thirds
    for player in active:
        taken = lists.taken.get(player, frozenset())
        aces[player] = sum(card.rank is Rank.ACE for card in taken)
        thirds[player] = sum(penalty_thirds(card) == 1 for card in taken)
    # A list that cannot be read at all probably holds the cards that would show up as missing,
    # so they are not reported a second time.
    missing = [card.code for card in lists.missing]
    if lists.every_list_read and len(missing) == 1:
        problems.append(problem(_("{card} is not listed for any player"), field, card=missing[0]))
    elif lists.every_list_read and missing:
        problems.append(
            problem(
                _("{count} penalty cards are not listed for any player: {cards}"),
                field,
                count=len(missing),
                cards=", ".join(missing),
            )
        )
    return aces, thirds


def _parse_last_trick(
    raw: object, table: TableSetup, active: Sequence[str], problems: list[Problem]
) -> str:
    field = "last_trick"
    if raw is None:
        problems.append(problem(_("last_trick must name the player who won the last trick"), field))
        return active[0] if active else ""
    if not isinstance(raw, str) or raw not in table.players:
        problems.append(
            problem(
                _("the last trick went to {player}, who is not playing at this table"),
                field,
                player=str(raw),
            )
        )
        return active[0] if active else ""
    if raw not in active:
        problems.append(
            problem(
                _("{player} is already out of the game and cannot win the last trick"),
                field,
                player=raw,
            )
        )
    return raw


GAMES: tuple[Game, ...] = (Ciapano(),)

# The new-table form offers Ciapanò after the Scopa family, whose last variant is Cirulla (it
# stood after Pirate Scopa before Cirulla came), so the family's games stay together.
OFFERED_AFTER = "cirulla"
