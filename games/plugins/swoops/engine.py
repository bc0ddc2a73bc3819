"""Swoops: when one player goes out, everybody else scores the cards still held; lowest wins.

Rules: games/plugins/swoops/rules.md (decks §1, card values §2, a round §4-§5, the end §6-§7), with
its sources and decisions. Entry format: docs/scoresheet.md, "Swoops".

Round entries
    ``{"went_out": "Ann", "remaining": {"Bob": ["JOKER", "10", "K", "5"], "Cy": ["A", "2"]}}``
    lists every card each other player still holds, in hand, face up or face down. Ranks are
    ``A 2 3 4 5 6 7 8 9 10 J Q K JOKER``, in any letter case. Every player other than the one who
    went out must be given, and must hold at least one card: the round ends the moment one
    player has none, so nobody else can be empty-handed too. No rank may be listed more often
    than the table's decks hold (four a deck, two jokers a deck), nor more cards in all than were
    dealt (19 each): the cards left after the deal are set aside for the whole round.

    Project extension, for players who add up their own cards: ``"totals": {"Cy": 3}`` gives a
    player's card points instead of the cards. An entry may mix the two, one way per player.
    Together, the points held may not be more than the costliest possible deal is worth.

    ``{"points": {"Ann": 0, "Bob": 115, "Cy": 3}}`` gives hand-counted points, as in every game.
    Players left out score 0, and exactly one player must score 0 (whoever went out); together
    the points may not be more than the costliest possible deal is worth
    (``counted_round_problems``).

Breakdown
    Cards or typed totals::

        {"kind": "cards", "went_out": "Ann",
         "held": {"Bob": {"cards": ["JOKER", "10", "K", "5"], "points": 115, "typed": false},
                  "Cy": {"cards": null, "points": 3, "typed": true}}}

    ``held`` names every player but the one who went out, in seat order; listed cards are shown
    in ``RANKS`` order, highest value first. Hand-counted points: ``{"kind": "points",
    "points": {...}}``. As typed values: ``SwoopsCardsBreakdown`` (with a ``Held`` per player)
    and ``SwoopsPointsBreakdown``; ``read_breakdown`` reads a stored one back.

Options
    ``limit`` (150): the game ends after a round in which some total is more than this.
    ``rounds`` (0, or JSON ``null``): 0 plays to the limit; a number ends the game after exactly
    that many rounds, and the limit then does not end it early (the rule text offers the fixed
    number of rounds instead of the limit, not on top of it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from games.scoring.base import Game, GameState, RoundScore, Side, TableSetup, running_totals
from games.scoring.breakdowns import (
    JSON,
    Fields,
    PointsBreakdown,
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
from games.scoring.errors import (
    Problem,
    fields_not_applying,
    problem,
    raise_if_any,
    read_counts,
    says_nothing,
)
from games.scoring.i18n import gettext_noop as _
from games.scoring.options import OptionSpec, OptionValue

JOKER = "JOKER"

# The order of the rank chips on the entry page: the costliest cards first.
RANKS: tuple[str, ...] = (JOKER, "10", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2", "A")

# games/plugins/swoops/rules.md §2: 10 and Joker 50, face cards 10, ace 1, all others face value.
CARD_VALUES: Mapping[str, int] = {
    JOKER: 50,
    "10": 50,
    "K": 10,
    "Q": 10,
    "J": 10,
    **{str(number): number for number in range(9, 1, -1)},
    "A": 1,
}

# games/plugins/swoops/rules.md §1: every standard deck holds four of each rank and, assumed,
# two jokers.
JOKERS_PER_DECK = 2
SUIT_COUNT = 4

# games/plugins/swoops/rules.md §1: 3-4 players 3 decks, 5-6 players 4 decks, 7-8 players 5 decks.
_DECKS_BY_PLAYER_COUNT: Mapping[int, int] = {3: 3, 4: 3, 5: 4, 6: 4, 7: 5, 8: 5}

DEFAULT_LIMIT = 150
NO_FIXED_ROUNDS = 0

CARD_FIELDS = frozenset({"went_out", "remaining", "totals"})
POINTS_FIELDS = frozenset({"points"})


# -- cards and set-up ---------------------------------------------------------------------------


def parse_rank(text: str) -> str:
    """The rank as ``RANKS`` spells it; ValueError for anything that is not a Swoops rank."""
    rank = text.strip().upper()
    if rank not in CARD_VALUES:
        raise ValueError(text)
    return rank


def card_value(rank: str) -> int:
    """A card's points (games/plugins/swoops/rules.md §2).

    >>> card_value("joker"), card_value("10"), card_value("Q"), card_value("9"), card_value("A")
    (50, 50, 10, 9, 1)
    """
    return CARD_VALUES[parse_rank(rank)]


def hand_points(ranks: Sequence[str]) -> int:
    """What a player still holding these cards scores (games/plugins/swoops/rules.md §4).

    >>> hand_points(["JOKER", "10", "K", "5"])
    115
    """
    return sum(card_value(rank) for rank in ranks)


def decks_for(player_count: int) -> int:
    """How many decks are shuffled together (games/plugins/swoops/rules.md §1)."""
    try:
        return _DECKS_BY_PLAYER_COUNT[player_count]
    except KeyError:
        raise ValueError(f"Swoops is for 3 to 8 players, not {player_count}") from None


def copies_in_decks(rank: str, decks: int) -> int:
    """How many cards of a rank that many decks hold (games/plugins/swoops/rules.md §1: 2 jokers
    a deck)."""
    return decks * (JOKERS_PER_DECK if parse_rank(rank) == JOKER else SUIT_COUNT)


@dataclass(frozen=True)
class SetupAdvice:
    """What the table needs before the first round (games/plugins/swoops/rules.md §1)."""

    decks: int
    face_down: int = 4
    face_up: int = 4
    in_hand: int = 11

    @property
    def cards_each(self) -> int:
        return self.face_down + self.face_up + self.in_hand


def setup_advice(player_count: int) -> SetupAdvice:
    """The decks to shuffle and the cards each player takes (games/plugins/swoops/rules.md §1).

    >>> setup_advice(5)
    SetupAdvice(decks=4, face_down=4, face_up=4, in_hand=11)
    >>> setup_advice(5).cards_each
    19
    """
    return SetupAdvice(decks_for(player_count))


def most_points_dealt(player_count: int) -> int:
    """The most the cards dealt at a table can be worth: its costliest cards, one deal's worth.

    The cards left over after the deal are set aside (games/plugins/swoops/rules.md §1), so no
    round can leave more points in the players' hands than this.
    """
    decks = decks_for(player_count)
    values = sorted(
        (CARD_VALUES[rank] for rank in RANKS for _copy in range(copies_in_decks(rank, decks))),
        reverse=True,
    )
    return sum(values[: player_count * setup_advice(player_count).cards_each])


def lowest(totals: Mapping[Side, int]) -> tuple[Side, ...]:
    """Everyone tied at the lowest total, in seat order (games/plugins/swoops/rules.md §7: a tie for
    lowest is a shared win).

    >>> lowest({"Ann": 12, "Bob": 40, "Cy": 12})
    ('Ann', 'Cy')
    """
    if not totals:
        return ()
    least = min(totals.values())
    return tuple(player for player, total in totals.items() if total == least)


def ranking(totals: Mapping[Side, int]) -> list[tuple[int, Side, int]]:
    """``(place, player, total)``, lowest total first; tied players share a place (1, 1, 3).

    The lowest total wins (games/plugins/swoops/rules.md §7). Tied players
    keep the order of ``totals``, which is seat order for a game's totals.

    >>> ranking({"Ann": 40, "Bob": 12, "Cy": 12})
    [(1, 'Bob', 12), (1, 'Cy', 12), (3, 'Ann', 40)]
    """
    ordered = sorted(totals.items(), key=lambda item: item[1])
    return [
        (1 + sum(other < total for other in totals.values()), player, total)
        for player, total in ordered
    ]


# -- entries ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Held:
    """What one player still held when the round ended (games/plugins/swoops/rules.md §4): the cards
    (ranks as ``RANKS`` spells them), or None when only their points were typed, and their
    points. As stored: ``{"cards": [rank, ...] or null, "points": n, "typed": cards is null}``.
    """

    cards: tuple[str, ...] | None
    points: int

    @property
    def typed(self) -> bool:
        return self.cards is None

    def to_json(self) -> dict[str, JSON]:
        return {
            "cards": list(self.cards) if self.cards is not None else None,
            "points": self.points,
            "typed": self.typed,
        }

    def as_json(self) -> dict[str, JSON]:
        return self.to_json()

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.held") -> Held:
        fields = Fields(data, path, ("cards", "points", "typed"))
        held = cls(
            fields.read("cards", nullable(list_of(one_of(RANKS)))), fields.read("points", integer)
        )
        typed = fields.read("typed", boolean)
        if typed is not held.typed:
            raise wrong_value(f"{path}.typed", "true exactly when cards is null", typed)
        return held


@dataclass(frozen=True)
class WentOut:
    went_out: Side
    held: Mapping[Side, Held]  # every other player, in seat order


@dataclass(frozen=True)
class CountedRound:
    """Hand-counted points, for tables that count the cards themselves."""

    points: Mapping[Side, int]


def _not_a_player(player: object, field: str) -> Problem:
    return problem(_("{player} is not a player at this table"), field, player=str(player))


def _holds_nothing(player: Side, went_out: Side, field: str) -> Problem:
    return problem(
        _("{player} holds no cards, but only {went_out} went out"),
        field,
        player=player,
        went_out=went_out,
    )


def _went_out_holding(player: Side, field: str) -> Problem:
    return problem(_("{player} went out and cannot hold any cards"), field, player=player)


def _parse_went_out(raw: object, table: TableSetup, problems: list[Problem]) -> Side | None:
    # A form whose choice was left blank sends an empty name: that, too, says nobody went out.
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        problems.append(
            problem(_("nobody went out: name the player who has no cards left"), "went_out")
        )
        return None
    if not isinstance(raw, str) or raw not in table.players:
        problems.append(_not_a_player(raw, "went_out"))
        return None
    return raw


def _parse_remaining(
    raw: object, table: TableSetup, went_out: Side | None, problems: list[Problem]
) -> dict[Side, tuple[str, ...]]:
    """``{player: [rank, ...]}``, ranks spelled as in ``RANKS``; bad ranks are left out."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        problems.append(
            problem(_("remaining must map each player to the cards they hold"), "remaining")
        )
        return {}
    remaining: dict[Side, tuple[str, ...]] = {}
    for player, codes in raw.items():
        if player not in table.players:
            problems.append(_not_a_player(player, "remaining"))
            continue
        if not isinstance(codes, list) or not all(isinstance(code, str) for code in codes):
            problems.append(
                problem(
                    _("the cards {player} holds must be a list of ranks"),
                    "remaining",
                    player=player,
                )
            )
            continue
        ranks: list[str] = []
        for code in codes:
            try:
                ranks.append(parse_rank(code))
            except ValueError:
                problems.append(
                    problem(
                        _("{rank} is not a card ({player}): ranks are A, 2 to 10, J, Q, K, JOKER"),
                        "remaining",
                        rank=code,
                        player=player,
                    )
                )
        if player == went_out and codes:
            problems.append(_went_out_holding(player, "remaining"))
        elif went_out is not None and player != went_out and not codes:
            problems.append(_holds_nothing(player, went_out, "remaining"))
        remaining[player] = tuple(ranks)
    return remaining


def _parse_typed(
    raw: object, table: TableSetup, went_out: Side | None, problems: list[Problem]
) -> dict[Side, int]:
    """``{player: card points}`` typed instead of the cards (a project extension)."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        problems.append(
            problem(_("totals must map each player to the points of the cards they hold"), "totals")
        )
        return {}
    typed: dict[Side, int] = {}
    for player, points in read_counts(
        raw,
        table.players,
        problems,
        unknown=lambda player: _not_a_player(player, "totals"),
        not_whole=lambda player: problem(
            _("the total for {player} must be a whole number, 0 or more"), "totals", player=player
        ),
    ):
        if points is None:
            continue
        if player == went_out and points:
            problems.append(_went_out_holding(player, "totals"))
        elif went_out is not None and player != went_out and not points:
            problems.append(_holds_nothing(player, went_out, "totals"))
        else:
            typed[player] = points
    return typed


def _check_decks(remaining: Mapping[Side, Sequence[str]], table: TableSetup) -> list[Problem]:
    """Cards the table's decks cannot hold (games/plugins/swoops/rules.md §1) or that were never
    dealt."""
    problems: list[Problem] = []
    decks = decks_for(len(table.players))
    counts = Counter(rank for ranks in remaining.values() for rank in ranks)
    for rank in RANKS:
        most = copies_in_decks(rank, decks)
        if counts[rank] > most:
            problems.append(
                problem(
                    _("{rank} is listed {count} times, but {decks} decks hold only {most}"),
                    "remaining",
                    rank=rank,
                    count=counts[rank],
                    decks=decks,
                    most=most,
                )
            )
    # The cards left after the deal are set aside (rule text "Set Up"), so they never come back.
    each = setup_advice(len(table.players)).cards_each
    dealt = each * len(table.players)
    listed = sum(counts.values())
    if listed > dealt:
        problems.append(
            problem(
                _("{count} cards are listed, but only {dealt} were dealt ({each} each)"),
                "remaining",
                count=listed,
                dealt=dealt,
                each=each,
            )
        )
    return problems


def _parse_points(raw: object, table: TableSetup, problems: list[Problem]) -> dict[Side, int]:
    """``{player: points}``; players left out score 0, and somebody must have gone out."""
    points = dict.fromkeys(table.players, 0)
    if not isinstance(raw, Mapping):
        problems.append(problem(_("points must give a number for each player"), "points"))
        return points
    for player, value in read_counts(
        raw,
        points,
        problems,
        unknown=lambda player: _not_a_player(player, "points"),
        not_whole=lambda player: problem(
            _("points for {player} must be a whole number, 0 or more"), "points", player=player
        ),
    ):
        if value is not None:
            points[player] = value
    if not problems:
        problems.extend(counted_round_problems(points))
    return points


def counted_round_problems(points: Mapping[Side, int]) -> list[Problem]:
    """What is impossible in points counted at the table for one round, ``points`` holding every
    player (0 for one left out).

    games/plugins/swoops/rules.md §4: the round ends when one player has no
    cards left, and he scores 0; everyone else still holds a card, and every card is worth 1
    or more, so exactly one player scores 0. The cards held are some of those dealt, so together
    they are worth no more than ``most_points_dealt``.
    """
    zeros = [player for player, value in points.items() if value == 0]
    if not zeros:
        return [problem(_("nobody went out: one player must score 0"), "points")]
    problems: list[Problem] = []
    if len(zeros) > 1:
        problems.append(
            problem(
                _(
                    "{players} all score 0, but only one player goes out: everyone else still "
                    "holds a card, worth 1 point or more"
                ),
                "points",
                players=", ".join(zeros),
            )
        )
    most = most_points_dealt(len(points))
    total = sum(points.values())
    if total > most:
        problems.append(
            problem(
                _(
                    "the points add up to {total}, more than the cards dealt are worth ({most}): "
                    "a round cannot leave more in the players' hands"
                ),
                "points",
                total=total,
                most=most,
            )
        )
    return problems


# -- the game -----------------------------------------------------------------------------------


class Swoops(Game):
    """Swoops for 3 to 8, each for themselves; the lowest total wins once someone is over."""

    key = "swoops"
    name = _("Swoops")
    lowest_total_wins = True
    min_players = 3
    max_players = 8
    option_specs = (
        OptionSpec(
            "limit",
            DEFAULT_LIMIT,
            _("Point limit"),
            _(
                "The game ends after a round in which someone's total is more than this; exactly "
                "the limit plays on."
            ),
            minimum=1,
            maximum=10000,
        ),
        OptionSpec(
            "rounds",
            NO_FIXED_ROUNDS,
            _("Fixed number of rounds"),
            _(
                "0 plays to the point limit; any other number ends the game after exactly that "
                "many rounds, and the limit no longer ends it early."
            ),
            minimum=0,
            maximum=1000,
        ),
    )

    def resolve_options(self, raw: Mapping[str, object]) -> dict[str, OptionValue]:
        # docs/scoresheet.md: rounds is "none" by default, which JSON writes as null.
        if "rounds" in raw and raw["rounds"] is None:
            raw = {**raw, "rounds": NO_FIXED_ROUNDS}
        return super().resolve_options(raw)

    # -- one round --------------------------------------------------------------------------
    def parse_entry(self, entry: Mapping[str, object], table: TableSetup) -> WentOut | CountedRound:
        """Check a round entry (docs/scoresheet.md "Swoops"); raise EntryError if bad."""
        if not isinstance(entry, Mapping):
            raise_if_any([problem(_("a round must be an object"), "round")])
        points_round = "points" in entry
        if points_round and not CARD_FIELDS.isdisjoint(entry):
            # Issue 17: the other kind's fields are accepted when they say nothing.
            cards_say_nothing = all(says_nothing(entry.get(field)) for field in CARD_FIELDS)
            if says_nothing(entry["points"]) and not cards_say_nothing:
                points_round = False
            elif not cards_say_nothing:
                raise_if_any(
                    [
                        problem(
                            _("give either who went out and the cards held, or the points"),
                            "round",
                        )
                    ]
                )
        fields = POINTS_FIELDS if points_round else CARD_FIELDS
        problems = fields_not_applying(entry, fields, CARD_FIELDS | POINTS_FIELDS)
        if points_round:
            points = _parse_points(entry["points"], table, problems)
            raise_if_any(problems)
            return CountedRound(points)
        went_out = _parse_went_out(entry.get("went_out"), table, problems)
        remaining = _parse_remaining(entry.get("remaining"), table, went_out, problems)
        typed = _parse_typed(entry.get("totals"), table, went_out, problems)
        problems.extend(_check_decks(remaining, table))
        # Judged on what was given, so a player whose list is bad is not reported missing too.
        listed, counted = _keys(entry.get("remaining")), _keys(entry.get("totals"))
        for player in table.players:
            if player in listed and player in counted:
                problems.append(
                    problem(
                        _("give the cards {player} holds or their total, not both"),
                        "totals",
                        player=player,
                    )
                )
            elif went_out is not None and player not in {went_out, *listed, *counted}:
                problems.append(
                    problem(_("{player}'s cards are missing"), "remaining", player=player)
                )
        raise_if_any(problems)
        assert went_out is not None
        held = {
            player: (
                Held(None, typed[player])
                if player in typed
                else Held(_by_value(remaining[player]), hand_points(remaining[player]))
            )
            for player in table.players
            if player != went_out
        }
        most = most_points_dealt(len(table.players))
        total = sum(hand.points for hand in held.values())
        if total > most:
            raise_if_any(
                [
                    problem(
                        _(
                            "the cards held add up to {points} points, more than the cards "
                            "dealt are worth ({most})"
                        ),
                        "totals",
                        points=total,
                        most=most,
                    )
                ]
            )
        return WentOut(went_out, held)

    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
    ) -> RoundScore:
        """Who went out scores 0, everyone else the cards still held (swoops.md §4)."""
        parsed = self.parse_entry(entry, table)
        if isinstance(parsed, CountedRound):
            counted = SwoopsPointsBreakdown(dict(parsed.points))
            return RoundScore(dict(parsed.points), counted.to_json())
        points = {
            player: 0 if player == parsed.went_out else parsed.held[player].points
            for player in table.players
        }
        breakdown = SwoopsCardsBreakdown(parsed.went_out, dict(parsed.held))
        return RoundScore(points, breakdown.to_json())

    def read_breakdown(self, data: object) -> SwoopsBreakdown:
        """A stored breakdown of this game as its dataclass (see ``read_breakdown``)."""
        return read_breakdown(data)

    # -- the game ---------------------------------------------------------------------------
    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """Who has won (games/plugins/swoops/rules.md §6-§7).

        The game ends after the first round in which some total is more than the limit (exactly
        the limit plays on), or, where the table fixed a number of rounds, after that many
        rounds whatever the totals. Everyone tied at the lowest total wins.
        """
        fixed_rounds = table.option_int("rounds")
        limit = table.option_int("limit")
        after_each = running_totals(table.players, rounds)
        for number, totals in enumerate(after_each, start=1):
            if fixed_rounds:
                decided = number == fixed_rounds
            else:
                decided = any(total > limit for total in totals.values())
            if decided:
                return GameState(
                    totals=after_each[-1],
                    totals_after_each_round=after_each,
                    finished=True,
                    winners=lowest(totals),
                    finished_after_round=number,
                )
        totals = after_each[-1] if after_each else dict.fromkeys(table.players, 0)
        return GameState(totals, after_each)


# -- the breakdown ------------------------------------------------------------------------------
#
# A round's breakdown as typed values (breakdowns.py; the module docstring shows one):
# ``to_json()`` is exactly what the engine stores, ``from_json`` reads it back.


@dataclass(frozen=True)
class SwoopsCardsBreakdown:
    """A round entered as the cards held or their typed totals (games/plugins/swoops/rules.md
    §4): who went out, and what every other player held, in seat order.

    >>> SwoopsCardsBreakdown("Ann", {"Bob": Held(("JOKER", "5"), 55)}).to_json()
    {'kind': 'cards', 'went_out': 'Ann',
     'held': {'Bob': {'cards': ['JOKER', '5'], 'points': 55, 'typed': False}}}
    """

    kind: ClassVar[str] = "cards"

    went_out: Side
    held: Mapping[Side, Held]

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "went_out": self.went_out,
            "held": {player: hand.to_json() for player, hand in self.held.items()},
        }

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> SwoopsCardsBreakdown:
        fields = Fields(data, path, ("kind", "went_out", "held"))
        fields.expect("kind", cls.kind)
        return cls(fields.read("went_out", string), fields.read("held", mapping_of(Held.from_json)))


@dataclass(frozen=True)
class SwoopsPointsBreakdown(PointsBreakdown):
    """A round whose points the table counted (games/plugins/swoops/rules.md §5)."""

    kind: ClassVar[str] = "points"


SwoopsBreakdown = SwoopsCardsBreakdown | SwoopsPointsBreakdown


def read_breakdown(data: object) -> SwoopsBreakdown:
    """A stored Swoops breakdown as its dataclass; raise BreakdownError if it is not one the
    engine writes."""
    if kind_of(data, ("cards", "points")) == "points":
        return SwoopsPointsBreakdown.from_json(data)
    return SwoopsCardsBreakdown.from_json(data)


def _keys(raw: object) -> frozenset[object]:
    return frozenset(raw) if isinstance(raw, Mapping) else frozenset()


def _by_value(ranks: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(ranks, key=RANKS.index))


GAMES: tuple[Game, ...] = (Swoops(),)

# The new-table form offers Swoops after Ciapanò, where it stood before it was a game package.
OFFERED_AFTER = "ciapano"
