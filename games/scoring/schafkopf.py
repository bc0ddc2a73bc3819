"""Schafkopf: contracts, Schneider and Schwarz, doublings, Laufende and the zero-sum settlement.

Rule text: ../shared/rules/schafkopf.ja.txt (the bidding table "ビッドの種類", "宣言" and the
scoring paragraphs after it); decisions where it is silent: SPEC.md §4 and §6.6. Entry format:
scoresheet-format.md, "Schafkopf". In every entry a field given as JSON ``null`` counts as left
out.

Round entries
    Card points (scoresheet-format.md)::

        {"contract": "sauspiel", "declarer": "Ann", "partner": "Cy", "suit": "eichel",
         "declarer_points": 75, "declarer_tricks": 5, "doublings": 1, "laufende": 3}

    ``contract`` is one of ``CONTRACTS``. ``partner`` is given for a Sauspiel only, and never
    for the declarer. ``suit`` (optional, this project's key) names the called ace in a Sauspiel
    (``eichel``, ``gras`` or ``schellen``: Herz is trump) or the trump suit of a Solo or
    Solo-Tout (any of the four). ``doublings`` is 0-4 (Stoß, Retour, Sub, Resub), 0 if left out;
    a Sie cannot be doubled. ``laufende`` (0 if left out, and 0 is accepted anywhere) only
    where the table's ``runners`` option is on, never in a Sie, and in a Tout only under
    ``tout: "double"``: the number of runners, 0-14 (in a Wenz or Wenz-Tout 0-4). Fewer than 3
    (in a Wenz fewer than 2) count nothing; from there each is worth the tariff's Schneider step.

    In a Sauspiel, Wenz or Solo, ``declarer_points`` (0-120) decides the game: 61 wins, and
    91 or more or 30 or less is Schneider. Schwarz is decided by tricks, not points, so it needs
    ``declarer_tricks`` (0 or 8 is Schwarz) or, without tricks, ``"schwarz": true`` (then the
    points must be 0 or 120). With points alone the game is not Schwarz.

    In a Wenz-Tout or Solo-Tout, ``declarer_tricks`` decides: only 8 wins. ``declarer_points``
    may be added, but does not count.

    Project extension, for players who do not count card points: the result instead of the
    points, ``"declarer_won": true, "schneider": true, "schwarz": false``. ``schneider`` and
    ``schwarz`` are false if left out, and Schwarz is always Schneider too. A Tout takes
    ``declarer_won`` alone (Schneider and Schwarz do not count in a Tout).

    A Sie takes no result at all: it wins without being played (``"declarer_won": true`` is
    accepted). ``{"contract": "passed"}`` (everybody passed) takes nothing else and scores 0.

    A field that does not apply to the contract (or to hand-counted points) is accepted when
    it says nothing: null, 0, false, or an object of such values (``{"contract": "passed",
    "doublings": 0}``); any other value there is refused.

    Points and tricks must be possible together: a side's 8-t tricks hold at most the 4(8-t)
    best cards, so t tricks hold at least 120 minus those (all 8 tricks: all 120 points) and
    120 points need at least 5 tricks (the 20 cards that count).

    ``{"points": {"Ann": 20, "Bob": -20, ...}}`` gives hand-counted points, as in every game;
    players left out score 0, and the points must add up to zero (the ledger is zero-sum).

Breakdown
    A played contract::

        {"kind": "contract", "contract": "sauspiel", "suit": "eichel",
         "declarer": "Ann", "partner": "Cy", "declarer_side": ["Ann", "Cy"],
         "declarer_won": true, "declarer_points": 95, "declarer_tricks": 6,
         "base": 10, "schneider": true, "schwarz": false,
         "schneider_value": 10, "schwarz_value": 0, "laufende": {"count": 3, "value": 30},
         "tout": null, "value_before_doublings": 50,
         "doublings": 1, "multiplier": 2, "game_value": 100}

    ``game_value`` is what each opponent pays or receives. ``value_before_doublings`` is
    (base + schneider_value + schwarz_value + laufende value), twice that for a Tout under
    ``tout: "double"`` (then ``base`` is the Solo or Wenz value and ``tout`` is ``"double"``;
    ``tout`` is ``"flat"`` for a flat Tout and null for the other contracts).
    ``declarer_points`` and ``declarer_tricks`` are null when not entered. Everybody passed:
    the same keys, with ``declarer``, ``partner`` and ``declarer_won`` null, ``declarer_side``
    empty and ``game_value`` 0. Hand-counted points: ``{"kind": "points", "points": {...}}``
    with ``declarer_won``, ``schneider``, ``schwarz``, ``multiplier`` and ``game_value`` null.

Options
    ``tariff`` (any subset of ``DEFAULT_TARIFF``), ``runners`` (false), ``tout`` (``"flat"``:
    the tariff's tout value; ``"double"``: twice the Solo or Wenz value with its Laufende,
    nothing else added; a Sie keeps its tariff value under both), ``cents_per_point`` (0, no
    money) and ``currency`` (``"EUR"``): money only changes how the app shows amounts, never
    the scores.

Game
    An evening ends when the players stop; the rule text fixes no end
    ("ゲームの終了条件は特に決まっていない"). So the game never finishes and has no winners;
    the totals are a running zero-sum balance.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .base import Game, GameState, RoundScore, TableSetup, running_totals
from .errors import Problem, fields_not_applying, problem, raise_if_any, says_nothing
from .i18n import gettext_noop as _
from .options import Choice, OptionSpec

PLAYERS = 4
TRICKS = 8
TOTAL_CARD_POINTS = 120
WIN_LINE = 61  # SPEC §4: 60:60 loses
SCHNEIDER_HIGH = 91
SCHNEIDER_LOW = 30
MAX_DOUBLINGS = 4
# SPEC §4 "Doublings": Stoß x2, Retour x4, Sub x8, Resub x16, by level.
MULTIPLIERS: tuple[int, ...] = (1, 2, 4, 8, 16)

# Card points of the 32 cards: 4 each of A 11, 10 10, K 4, Ober 3, Unter 2, and twelve 9/8/7.
CARD_POINTS: tuple[int, ...] = (11,) * 4 + (10,) * 4 + (4,) * 4 + (3,) * 4 + (2,) * 4 + (0,) * 12

TOUT_FLAT = "flat"
TOUT_DOUBLE = "double"

DEFAULT_TARIFF: Mapping[str, int] = {
    "sauspiel": 10,
    "wenz": 50,
    "solo": 50,
    "tout": 180,
    "sie": 540,
    "schneider": 10,
    "schwarz": 10,
}

TARIFF_LABELS: Mapping[str, str] = {
    "sauspiel": _("Sauspiel"),
    "wenz": _("Wenz"),
    "solo": _("Solo"),
    "tout": _("Tout"),
    "sie": _("Sie"),
    "schneider": _("Schneider"),
    "schwarz": _("Schwarz"),
}


class GermanSuit(StrEnum):
    """The four suits of the German pack, in their usual order."""

    EICHEL = "eichel"
    GRAS = "gras"
    HERZ = "herz"
    SCHELLEN = "schellen"

    @property
    def label(self) -> str:
        return _SUIT_LABELS[self]


_SUIT_LABELS = {
    GermanSuit.EICHEL: _("Eichel"),
    GermanSuit.GRAS: _("Gras"),
    GermanSuit.HERZ: _("Herz"),
    GermanSuit.SCHELLEN: _("Schellen"),
}


# -- contracts ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Contract:
    """One line of the rule text's bidding table, or everybody passing.

    ``tariff_part`` is the tariff entry of its base value; a Tout under ``tout: "double"`` is
    worth twice its ``plain_part`` (Solo or Wenz) instead. ``laufende_from`` is the fewest
    runners that count (0: runners never count) and ``most_laufende`` the most it can have.
    """

    key: str
    name: str
    explanation: str
    tariff_part: str = ""
    alone: bool = True
    tout: bool = False
    plain_part: str = ""
    suits: tuple[GermanSuit, ...] = ()
    laufende_from: int = 0
    most_laufende: int = 0
    can_be_doubled: bool = True

    @property
    def played(self) -> bool:
        return bool(self.tariff_part)

    @property
    def has_partner(self) -> bool:
        return self.played and not self.alone


_SAUSPIEL_ACES = (GermanSuit.EICHEL, GermanSuit.GRAS, GermanSuit.SCHELLEN)
# Trumps: 4 Ober, 4 Unter and the 6 other cards of the trump suit; in a Wenz only the 4 Unter.
_OBER_UNTER_TRUMPS = 14
_WENZ_TRUMPS = 4

SAUSPIEL = Contract(
    "sauspiel",
    _("Sauspiel"),
    _(
        "Ober, Unter and Herz are trumps; the declarer calls an ace of another suit and whoever "
        "holds it is the partner, two against two."
    ),
    tariff_part="sauspiel",
    alone=False,
    suits=_SAUSPIEL_ACES,
    laufende_from=3,
    most_laufende=_OBER_UNTER_TRUMPS,
)
WENZ = Contract(
    "wenz",
    _("Wenz"),
    _("Only the four Unter are trumps; the declarer plays alone against the other three."),
    tariff_part="wenz",
    laufende_from=2,
    most_laufende=_WENZ_TRUMPS,
)
SOLO = Contract(
    "solo",
    _("Solo"),
    _(
        "Ober, Unter and a suit the declarer names are trumps; the declarer plays alone against "
        "the other three."
    ),
    tariff_part="solo",
    suits=tuple(GermanSuit),
    laufende_from=3,
    most_laufende=_OBER_UNTER_TRUMPS,
)
WENZ_TOUT = Contract(
    "wenz-tout",
    _("Wenz-Tout"),
    _("A Wenz in which the declarer must take all eight tricks."),
    tariff_part="tout",
    tout=True,
    plain_part="wenz",
    laufende_from=2,
    most_laufende=_WENZ_TRUMPS,
)
SOLO_TOUT = Contract(
    "solo-tout",
    _("Solo-Tout"),
    _("A Solo in which the declarer must take all eight tricks."),
    tariff_part="tout",
    tout=True,
    plain_part="solo",
    suits=tuple(GermanSuit),
    laufende_from=3,
    most_laufende=_OBER_UNTER_TRUMPS,
)
SIE = Contract(
    "sie",
    _("Sie"),
    _("The declarer holds all four Ober and all four Unter and wins without playing."),
    tariff_part="sie",
    can_be_doubled=False,
)
PASSED = Contract(
    "passed",
    _("Everybody passed"),
    _("Nobody declared a game: the next dealer deals again and nobody scores."),
    can_be_doubled=False,
)

# In the rule text's bidding order, lowest first; everybody passing comes last.
CONTRACTS: tuple[Contract, ...] = (SAUSPIEL, WENZ, SOLO, WENZ_TOUT, SOLO_TOUT, SIE, PASSED)
CONTRACTS_BY_KEY: Mapping[str, Contract] = {contract.key: contract for contract in CONTRACTS}


@dataclass(frozen=True)
class Doubling:
    level: int
    name: str
    explanation: str

    @property
    def multiplier(self) -> int:
        return MULTIPLIERS[self.level]


# Rule text "宣言": the opponents call Stoß before the second card, each side may answer in turn.
DOUBLINGS: tuple[Doubling, ...] = (
    Doubling(
        1,
        _("Stoß"),
        _("An opponent of the declarer doubles before the second card is played: twice the value."),
    ),
    Doubling(2, _("Retour"), _("The declarer side answers a Stoß: four times the value.")),
    Doubling(3, _("Sub"), _("The opponents double once more: eight times the value.")),
    Doubling(4, _("Resub"), _("The declarer side doubles a last time: sixteen times the value.")),
)
DOUBLING_NAMES: tuple[str, ...] = tuple(doubling.name for doubling in DOUBLINGS)


def leader_after(dealer_index: int) -> int:
    """The seat that bids and leads first: the dealer's left, the next seat in playing order."""
    return (dealer_index + 1) % PLAYERS


# -- the rules ----------------------------------------------------------------------------------


def declarer_wins(declarer_points: int) -> bool:
    """61 card points or more win; 60:60 loses (rule text "61点以上取るとプレイ成功"; SPEC §4)."""
    return declarer_points >= WIN_LINE


def is_schneider(declarer_points: int) -> bool:
    """Schneider: the declarer side has 91 or more, or 30 or less (SPEC §4 "Schneider").

    It counts whichever side won; 90 and 31 are not Schneider.
    """
    return declarer_points >= SCHNEIDER_HIGH or declarer_points <= SCHNEIDER_LOW


def is_schwarz(declarer_tricks: int) -> bool:
    """Schwarz: one side took all 8 tricks; decided by tricks, not points (SPEC §4 "Schwarz")."""
    return declarer_tricks in (0, TRICKS)


def most_card_points(tricks: int) -> int:
    """The most card points ``tricks`` tricks can hold: the 4 x tricks best cards."""
    return sum(sorted(CARD_POINTS, reverse=True)[: 4 * tricks])


def fewest_card_points(tricks: int) -> int:
    """The fewest card points ``tricks`` tricks can hold: what the other side cannot have."""
    return TOTAL_CARD_POINTS - most_card_points(TRICKS - tricks)


def counted_laufende(contract: Contract, count: int) -> int:
    """The runners that count: all of them from 3 on, in a Wenz from 2 on (SPEC §4 house
    variants, "Laufende"); none in a Sie."""
    if contract.laufende_from and count >= contract.laufende_from:
        return count
    return 0


def laufende_count_in(contract: Contract, tout: str = TOUT_FLAT) -> bool:
    """Whether runners can count in a contract: not in a Sie, and in a Tout only under
    ``tout: "double"`` (SPEC §4 "Tout": a flat value with nothing added)."""
    if contract.tout:
        return tout == TOUT_DOUBLE
    return bool(contract.laufende_from)


@dataclass(frozen=True)
class GameValue:
    """The parts of a game value (SPEC §4 "Game value")."""

    base: int
    schneider: int
    schwarz: int
    laufende: int
    tout_factor: int
    multiplier: int

    @property
    def before_doublings(self) -> int:
        return self.tout_factor * (self.base + self.schneider + self.schwarz + self.laufende)

    @property
    def per_opponent(self) -> int:
        return self.before_doublings * self.multiplier


def value_parts(
    contract: Contract,
    *,
    schneider: bool = False,
    schwarz: bool = False,
    laufende: int = 0,
    doublings: int = 0,
    tariff: Mapping[str, int] = DEFAULT_TARIFF,
    tout: str = TOUT_FLAT,
) -> GameValue:
    """Game value = (base + Schneider + Schwarz + Laufende) x 2^doublings (SPEC §4 "Game value").

    Schwarz always comes with Schneider, so ``schwarz`` adds both steps. Schneider and Schwarz
    are not added to a Tout or a Sie (SPEC §4 "Tout", "Sie"). A Tout is the tariff's flat value,
    or with ``tout="double"`` twice the Solo or Wenz value with its Laufende (SPEC §4
    "Bavarian-standard house variants"). ``laufende`` is the number of runners held; fewer than
    the contract's minimum count nothing. ``tariff`` may give any subset of ``DEFAULT_TARIFF``.
    Raises ValueError for a doubled Sie or a doubling level outside 0-4.
    """
    tariff = {**DEFAULT_TARIFF, **tariff}
    if not 0 <= doublings <= MAX_DOUBLINGS:
        raise ValueError(f"doublings must be 0-{MAX_DOUBLINGS}, not {doublings}")
    if doublings and not contract.can_be_doubled:
        raise ValueError(f"{contract.key} cannot be doubled")
    multiplier = MULTIPLIERS[doublings]
    if not contract.played:
        return GameValue(0, 0, 0, 0, 1, multiplier)
    runners = counted_laufende(contract, laufende) * tariff["schneider"]
    if contract.tout:
        if tout == TOUT_DOUBLE:
            return GameValue(tariff[contract.plain_part], 0, 0, runners, 2, multiplier)
        return GameValue(tariff[contract.tariff_part], 0, 0, 0, 1, multiplier)
    if contract is SIE:
        return GameValue(tariff["sie"], 0, 0, 0, 1, multiplier)
    return GameValue(
        tariff[contract.tariff_part],
        tariff["schneider"] if schneider or schwarz else 0,
        tariff["schwarz"] if schwarz else 0,
        runners,
        1,
        multiplier,
    )


def game_value(
    contract: Contract,
    *,
    schneider: bool = False,
    schwarz: bool = False,
    laufende: int = 0,
    doublings: int = 0,
    tariff: Mapping[str, int] = DEFAULT_TARIFF,
    tout: str = TOUT_FLAT,
) -> int:
    """What each opponent pays or receives (SPEC §4 "Game value"); see ``value_parts``."""
    return value_parts(
        contract,
        schneider=schneider,
        schwarz=schwarz,
        laufende=laufende,
        doublings=doublings,
        tariff=tariff,
        tout=tout,
    ).per_opponent


def settle(
    players: Sequence[str], declarer_side: Sequence[str], declarer_won: bool, value: int
) -> dict[str, int]:
    """Each player's share of a game worth ``value`` (SPEC §4 "Settlement (zero-sum)").

    Every opponent pays ``value`` to the declarer side, or receives it, and the declarer side
    shares what the opponents pay: in a Sauspiel each partner +-V, alone the declarer +-3V.
    """
    opponents = [player for player in players if player not in declarer_side]
    sign = 1 if declarer_won else -1
    share = value * len(opponents) // len(declarer_side)
    return {
        player: sign * share if player in declarer_side else -sign * value for player in players
    }


# -- entries ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedHand:
    """A checked contract entry; ``declarer`` is empty when everybody passed."""

    contract: Contract
    declarer: str = ""
    partner: str | None = None
    suit: GermanSuit | None = None
    declarer_won: bool = False
    schneider: bool = False
    schwarz: bool = False
    declarer_points: int | None = None
    declarer_tricks: int | None = None
    laufende: int = 0
    doublings: int = 0

    @property
    def declarer_side(self) -> tuple[str, ...]:
        if not self.declarer:
            return ()
        return (self.declarer, self.partner) if self.partner else (self.declarer,)


@dataclass(frozen=True)
class CountedHand:
    """Hand-counted points, for tables that settle each hand themselves."""

    points: Mapping[str, int]


CONTRACT_FIELDS = frozenset(
    {
        "contract",
        "declarer",
        "partner",
        "suit",
        "declarer_points",
        "declarer_tricks",
        "declarer_won",
        "schneider",
        "schwarz",
        "doublings",
        "laufende",
    }
)
POINTS_FIELDS = frozenset({"points"})


def _given(entry: Mapping[str, object], field: str) -> bool:
    return entry.get(field) is not None


def _says_something(entry: Mapping[str, object], field: str) -> bool:
    """For a field that does not apply: 0, false or null there is accepted (issue 17)."""
    return not says_nothing(entry.get(field))


def _whole_number(
    entry: Mapping[str, object], field: str, highest: int, problems: list[Problem]
) -> int | None:
    """A field of 0..highest; None if left out or bad (then the problem is recorded)."""
    value = entry.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(problem(_("{field} must be a whole number"), field, field=field))
        return None
    if not 0 <= value <= highest:
        problems.append(
            problem(
                _("{field} must be between {minimum} and {maximum}"),
                field,
                field=field,
                minimum=0,
                maximum=highest,
            )
        )
        return None
    return value


def _flag(entry: Mapping[str, object], field: str, problems: list[Problem]) -> bool | None:
    value = entry.get(field)
    if value is None or isinstance(value, bool):
        return value
    problems.append(problem(_("{field} must be true or false"), field, field=field))
    return None


def _seated(
    entry: Mapping[str, object], field: str, table: TableSetup, problems: list[Problem]
) -> str | None:
    value = entry.get(field)
    if value is None:
        return None
    if value not in table.players:
        problems.append(problem(_("{name} is not at this table"), field, name=str(value)))
        return None
    assert isinstance(value, str)
    return value


@dataclass(frozen=True)
class _Result:
    declarer_won: bool
    schneider: bool
    schwarz: bool
    declarer_points: int | None
    declarer_tricks: int | None


def _check_points_and_tricks(points: int, tricks: int, problems: list[Problem]) -> None:
    """Points and tricks must be possible together (see the module docstring)."""
    if points > most_card_points(tricks):
        needed = next(count for count in range(TRICKS + 1) if most_card_points(count) >= points)
        problems.append(
            problem(
                _("{points} card points need at least {tricks} of the 8 tricks"),
                "declarer_points",
                points=points,
                tricks=needed,
            )
        )
    elif points < fewest_card_points(tricks):
        problems.append(
            problem(
                _("{tricks} tricks hold at least {points} card points"),
                "declarer_points",
                tricks=tricks,
                points=fewest_card_points(tricks),
            )
        )


def _not_for(contract: Contract, field: str) -> Problem:
    return problem(
        _("{field} does not apply to a {contract}"), field, field=field, contract=contract.name
    )


def _result_of_plain_game(
    contract: Contract, entry: Mapping[str, object], problems: list[Problem]
) -> _Result | None:
    """Sauspiel, Wenz or Solo: decided by card points, or entered as won or lost."""
    before = len(problems)
    points = _whole_number(entry, "declarer_points", TOTAL_CARD_POINTS, problems)
    tricks = _whole_number(entry, "declarer_tricks", TRICKS, problems)
    won = _flag(entry, "declarer_won", problems)
    schneider = _flag(entry, "schneider", problems)
    schwarz = _flag(entry, "schwarz", problems)
    if _given(entry, "declarer_points"):
        if _given(entry, "declarer_won"):
            problems.append(
                problem(_("give declarer_points or declarer_won, not both"), "declarer_won")
            )
        if _given(entry, "schneider"):
            problems.append(
                problem(_("schneider follows from declarer_points: leave it out"), "schneider")
            )
        if _given(entry, "declarer_tricks") and _given(entry, "schwarz"):
            problems.append(
                problem(_("schwarz follows from declarer_tricks: leave it out"), "schwarz")
            )
    elif _given(entry, "declarer_won"):
        if _given(entry, "declarer_tricks"):
            problems.append(problem(_("declarer_tricks need declarer_points"), "declarer_tricks"))
        if schwarz and schneider is False:
            problems.append(problem(_("Schwarz always comes with Schneider"), "schneider"))
    else:
        problems.append(
            problem(
                _("a {contract} needs declarer_points or declarer_won"),
                "declarer_points",
                contract=contract.name,
            )
        )
    if len(problems) > before:
        return None
    if points is not None:
        if tricks is not None:
            _check_points_and_tricks(points, tricks, problems)
            made_schwarz = is_schwarz(tricks)
        else:
            made_schwarz = bool(schwarz)
            if made_schwarz and points not in (0, TOTAL_CARD_POINTS):
                problems.append(
                    problem(
                        _("Schwarz means 0 or 120 card points, not {points}"),
                        "schwarz",
                        points=points,
                    )
                )
        if len(problems) > before:
            return None
        return _Result(
            declarer_wins(points),
            is_schneider(points) or made_schwarz,
            made_schwarz,
            points,
            tricks,
        )
    assert won is not None
    return _Result(won, bool(schneider or schwarz), bool(schwarz), None, None)


def _result_of_tout(
    contract: Contract, entry: Mapping[str, object], problems: list[Problem]
) -> _Result | None:
    """Wenz-Tout or Solo-Tout: won only with all 8 tricks (SPEC §4 "Tout")."""
    before = len(problems)
    points = _whole_number(entry, "declarer_points", TOTAL_CARD_POINTS, problems)
    tricks = _whole_number(entry, "declarer_tricks", TRICKS, problems)
    won = _flag(entry, "declarer_won", problems)
    problems.extend(
        _not_for(contract, field)
        for field in ("schneider", "schwarz")
        if _says_something(entry, field)
    )
    if _given(entry, "declarer_tricks"):
        if _given(entry, "declarer_won"):
            problems.append(
                problem(_("give declarer_tricks or declarer_won, not both"), "declarer_won")
            )
    elif _given(entry, "declarer_points"):
        problems.append(
            problem(
                _("a {contract} is decided by tricks: give declarer_tricks too"),
                "declarer_tricks",
                contract=contract.name,
            )
        )
    elif not _given(entry, "declarer_won"):
        problems.append(
            problem(
                _("a {contract} needs declarer_tricks or declarer_won"),
                "declarer_tricks",
                contract=contract.name,
            )
        )
    if len(problems) > before:
        return None
    if tricks is not None:
        if points is not None:
            _check_points_and_tricks(points, tricks, problems)
        return _Result(tricks == TRICKS, False, False, points, tricks)
    assert won is not None
    return _Result(won, False, False, None, None)


def _result_of_sie(
    contract: Contract, entry: Mapping[str, object], problems: list[Problem]
) -> _Result:
    """A Sie wins without play (rule text "プレイせずに成功")."""
    problems.extend(
        _not_for(contract, field)
        for field in ("declarer_points", "declarer_tricks", "schneider", "schwarz")
        if _says_something(entry, field)
    )
    if _flag(entry, "declarer_won", problems) is False:
        problems.append(problem(_("a Sie cannot be lost"), "declarer_won"))
    return _Result(True, False, False, None, None)


def parse_entry(entry: Mapping[str, object], table: TableSetup) -> PlayedHand | CountedHand:
    """Check a round entry (see the module docstring); raise EntryError with every problem."""
    if not isinstance(entry, Mapping):
        raise_if_any([problem(_("a round must be an object"), "round")])
    if "points" in entry:
        # Issue 17: the other kind's field is accepted when it says nothing.
        if says_nothing(entry.get("contract")):
            return _parse_counted(entry, table)
        if not says_nothing(entry["points"]):
            raise_if_any([problem(_("give either the contract or the points, not both"), "round")])
    problems = fields_not_applying(entry, CONTRACT_FIELDS, POINTS_FIELDS)
    contract = CONTRACTS_BY_KEY.get(str(entry.get("contract")))
    if contract is None:
        problems.append(
            problem(
                _("contract must be one of {contracts}"),
                "contract",
                contracts=", ".join(CONTRACTS_BY_KEY),
            )
        )
        raise_if_any(problems)
    assert contract is not None
    if not contract.played:
        problems.extend(
            problem(_("{field} does not apply when everybody passed"), str(key), field=str(key))
            for key in entry
            if key in CONTRACT_FIELDS and key != "contract" and _says_something(entry, str(key))
        )
        raise_if_any(problems)
        return PlayedHand(contract)
    declarer = _seated(entry, "declarer", table, problems)
    if not _given(entry, "declarer"):
        problems.append(
            problem(_("a {contract} needs a declarer"), "declarer", contract=contract.name)
        )
    partner = _parse_partner(contract, entry, table, declarer, problems)
    suit = _parse_suit(contract, entry, problems)
    doublings = _whole_number(entry, "doublings", MAX_DOUBLINGS, problems) or 0
    if doublings and not contract.can_be_doubled:
        problems.append(
            problem(_("a {contract} cannot be doubled"), "doublings", contract=contract.name)
        )
    laufende = _parse_laufende(contract, entry, table, problems)
    if contract.tout:
        result = _result_of_tout(contract, entry, problems)
    elif contract is SIE:
        result = _result_of_sie(contract, entry, problems)
    else:
        result = _result_of_plain_game(contract, entry, problems)
    raise_if_any(problems)
    assert declarer is not None and result is not None
    return PlayedHand(
        contract,
        declarer,
        partner,
        suit,
        result.declarer_won,
        result.schneider,
        result.schwarz,
        result.declarer_points,
        result.declarer_tricks,
        laufende,
        doublings,
    )


def _parse_partner(
    contract: Contract,
    entry: Mapping[str, object],
    table: TableSetup,
    declarer: str | None,
    problems: list[Problem],
) -> str | None:
    if not contract.has_partner:
        if _says_something(entry, "partner"):
            problems.append(
                problem(_("a {contract} has no partner"), "partner", contract=contract.name)
            )
        return None
    partner = _seated(entry, "partner", table, problems)
    if not _given(entry, "partner"):
        problems.append(
            problem(_("a {contract} needs a partner"), "partner", contract=contract.name)
        )
    elif partner is not None and partner == declarer:
        problems.append(
            problem(_("{name} cannot be both declarer and partner"), "partner", name=partner)
        )
    return partner


def _parse_suit(
    contract: Contract, entry: Mapping[str, object], problems: list[Problem]
) -> GermanSuit | None:
    value = entry.get("suit")
    if value is None or (not contract.suits and says_nothing(value)):
        return None
    if value not in tuple(GermanSuit):
        problems.append(
            problem(_("suit must be one of {suits}"), "suit", suits=", ".join(GermanSuit))
        )
        return None
    suit = GermanSuit(str(value))
    if not contract.suits:
        problems.append(problem(_("a {contract} has no suit"), "suit", contract=contract.name))
        return None
    if suit not in contract.suits:
        # The rule text: the called ace is never a trump ace ("切札以外のAを1枚指定").
        problems.append(
            problem(_("the Herz ace cannot be called: Herz is trump in a Sauspiel"), "suit")
        )
        return None
    return suit


def _parse_laufende(
    contract: Contract, entry: Mapping[str, object], table: TableSetup, problems: list[Problem]
) -> int:
    """The runners entered; 0, like leaving the field out, is accepted everywhere."""
    if not entry.get("laufende"):
        _whole_number(entry, "laufende", 0, problems)  # still rejects false, "" and the like
        return 0
    if not table.option_bool("runners"):
        problems.append(problem(_("runners are not counted at this table"), "laufende"))
        return 0
    if not laufende_count_in(contract, table.option_str("tout")):
        message = (
            _("runners do not count in a {contract} at this table")
            if contract.tout
            else _("runners do not count in a {contract}")
        )
        problems.append(problem(message, "laufende", contract=contract.name))
        return 0
    count = _whole_number(entry, "laufende", contract.most_laufende, problems)
    return count or 0


def _parse_counted(entry: Mapping[str, object], table: TableSetup) -> CountedHand:
    problems = fields_not_applying(entry, POINTS_FIELDS, CONTRACT_FIELDS)
    raw = entry["points"]
    points = dict.fromkeys(table.players, 0)
    if not isinstance(raw, Mapping):
        problems.append(problem(_("points must give a number for each player"), "points"))
        raise_if_any(problems)
    assert isinstance(raw, Mapping)
    for player, value in raw.items():
        if player not in points:
            problems.append(problem(_("{name} is not at this table"), "points", name=str(player)))
        elif isinstance(value, bool) or not isinstance(value, int):
            problems.append(
                problem(_("points for {name} must be a whole number"), "points", name=player)
            )
        else:
            points[player] = value
    total = sum(points.values())
    if not problems and total != 0:
        problems.append(
            problem(_("the points must add up to zero, not {total}"), "points", total=total)
        )
    raise_if_any(problems)
    return CountedHand(points)


# -- the game -----------------------------------------------------------------------------------


class Schafkopf(Game):
    """Schafkopf for four: a Sauspiel two against two, the other contracts one against three."""

    key = "schafkopf"
    name = _("Schafkopf")
    ends_when_players_stop = True
    min_players = PLAYERS
    max_players = PLAYERS
    option_specs = (
        OptionSpec(
            "tariff",
            dict(DEFAULT_TARIFF),
            _("Tariff"),
            _(
                "What each game is worth per player, and what Schneider and Schwarz add; "
                "change any of them."
            ),
            minimum=1,
            maximum=100_000,
        ),
        OptionSpec(
            "runners",
            False,
            _("Laufende"),
            _(
                "An unbroken run of the top trumps held by one side adds one Schneider step per "
                "runner, from 3 on (in a Wenz from 2 on), before any doubling."
            ),
        ),
        OptionSpec(
            "tout",
            TOUT_FLAT,
            _("Tout"),
            _("What a Wenz-Tout or Solo-Tout is worth."),
            choices=(
                Choice(
                    TOUT_FLAT, _("The tariff's Tout value, with nothing added (the rule text).")
                ),
                Choice(
                    TOUT_DOUBLE,
                    _("Twice the Wenz or Solo value with its Laufende; nothing else is added."),
                ),
            ),
        ),
        OptionSpec(
            "cents_per_point",
            0,
            _("Money per point"),
            _(
                "How many cents one point is worth when the evening is settled; 0 plays for "
                "points only. It changes how amounts are shown, never the scores."
            ),
            minimum=0,
            maximum=10_000,
        ),
        OptionSpec(
            "currency",
            "EUR",
            _("Currency"),
            _("The currency the money per point is counted in."),
            choices=(
                Choice("EUR", _("Euro (€)")),
                Choice("CHF", _("Swiss franc (CHF)")),
                Choice("USD", _("US dollar ($)")),
                Choice("GBP", _("Pound sterling (£)")),
            ),
        ),
    )

    def parse_entry(
        self, entry: Mapping[str, object], table: TableSetup
    ) -> PlayedHand | CountedHand:
        return parse_entry(entry, table)

    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
    ) -> RoundScore:
        parsed = parse_entry(entry, table)
        if isinstance(parsed, CountedHand):
            return RoundScore(
                dict(parsed.points),
                {
                    "kind": "points",
                    "points": dict(parsed.points),
                    "declarer_won": None,
                    "schneider": None,
                    "schwarz": None,
                    "multiplier": None,
                    "game_value": None,
                },
            )
        return score_hand(parsed, table)

    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """The running balance; an evening ends when the players stop, so it never finishes
        (rule text "ゲームの終了条件は特に決まっていない")."""
        after_each = running_totals(table.sides, rounds)
        totals = after_each[-1] if after_each else dict.fromkeys(table.sides, 0)
        return GameState(totals, after_each)


def score_hand(hand: PlayedHand, table: TableSetup) -> RoundScore:
    """One hand's payments: game value and zero-sum settlement (SPEC §4 "Game value",
    "Settlement (zero-sum)"); everybody passed scores nothing (SPEC §4 "Contracts")."""
    contract = hand.contract
    tout_rule = table.option_str("tout")
    parts = value_parts(
        contract,
        schneider=hand.schneider,
        schwarz=hand.schwarz,
        laufende=hand.laufende,
        doublings=hand.doublings,
        tariff=table.option_mapping("tariff"),
        tout=tout_rule,
    )
    if contract.played:
        points = settle(table.players, hand.declarer_side, hand.declarer_won, parts.per_opponent)
    else:
        points = dict.fromkeys(table.players, 0)
    breakdown: dict[str, object] = {
        "kind": "contract",
        "contract": contract.key,
        "suit": hand.suit.value if hand.suit else None,
        "declarer": hand.declarer or None,
        "partner": hand.partner,
        "declarer_side": list(hand.declarer_side),
        "declarer_won": hand.declarer_won if contract.played else None,
        "declarer_points": hand.declarer_points,
        "declarer_tricks": hand.declarer_tricks,
        "base": parts.base,
        "schneider": hand.schneider,
        "schwarz": hand.schwarz,
        "schneider_value": parts.schneider,
        "schwarz_value": parts.schwarz,
        "laufende": {"count": hand.laufende, "value": parts.laufende},
        "tout": tout_rule if contract.tout else None,
        "value_before_doublings": parts.before_doublings,
        "doublings": hand.doublings,
        "multiplier": parts.multiplier,
        "game_value": parts.per_opponent,
    }
    return RoundScore(points, breakdown)
