"""Schafkopf: contracts, Schneider and Schwarz, doublings, Laufende, the Bavarian house games
(Ramsch, Bettel, Klopfen) and the zero-sum settlement.

Rules: games/plugins/schafkopf/rules.md (the contracts §3, the value and settlement §4-§9, the house
games §10-§14), with its sources and decisions; for the house games, the readings written
down under "House games" below and on the rules page. Entry format: docs/scoresheet.md,
"Schafkopf"; the house games' fields are this project's (docs/scoresheet.md). In every entry a
field given as JSON ``null`` counts as left out.

Round entries
    Card points (docs/scoresheet.md)::

        {"contract": "sauspiel", "declarer": "Ann", "partner": "Cy", "suit": "eichel",
         "declarer_points": 75, "declarer_tricks": 5, "doublings": 1, "laufende": 3}

    ``contract`` is one of ``CONTRACTS``; Bettel, Bettel Brett and Ramsch only where the
    table's ``bettel`` or ``ramsch`` option is on, the Geier and Farb- games only where its
    ``geier`` or ``farbwenz`` is. ``partner`` is given for a Sauspiel or Hochzeit only, and
    never for the declarer. ``suit`` (optional, this project's key) names the called ace in a
    Sauspiel (``eichel``, ``gras`` or ``schellen``: Herz is trump) or the trump suit of a Solo or
    Solo-Tout (any of the four). ``doublings`` is 0-4 (Stoß, Retour, Sub, Resub), 0 if left out;
    a Sie and a Ramsch cannot be doubled. ``laufende`` (0 if left out, and 0 is accepted
    anywhere) only where the table's ``runners`` option is on, never in a Sie, a Bettel or a
    Ramsch, and in a Tout only under ``tout: "double"``: the number of runners, 0-14 (in a Wenz
    or Wenz-Tout 0-4). Fewer than 3 (in a Wenz fewer than 2) count nothing; from there each is
    worth the tariff's Schneider step. ``klopfen`` (0 if left out, and 0 is accepted anywhere)
    only where the table's ``klopfen`` option is on: how many players knocked (Klopfen, Legen),
    0-4, never when everybody passed.

    In a Sauspiel, Wenz or Solo, ``declarer_points`` (0-120, never 1 or 119: no card is worth
    1) decides the game: 61 wins, and 91 or more or 30 or less is Schneider. Schwarz is
    decided by tricks, not points, so it needs ``declarer_tricks`` (0 or 8 is Schwarz) or,
    without tricks, ``"schwarz": true`` (then the points must be 0 or 120). With points alone
    the game is not Schwarz.

    In a Wenz-Tout or Solo-Tout, ``declarer_tricks`` decides: only 8 wins. ``declarer_points``
    may be added, but does not count. In a Bettel or Bettel Brett, ``declarer_tricks`` decides
    too: only 0 wins; card points do not apply.

    Project extension, for players who do not count card points: the result instead of the
    points, ``"declarer_won": true, "schneider": true, "schwarz": false``. ``schneider`` and
    ``schwarz`` are false if left out, and Schwarz is always Schneider too. A Tout or a Bettel
    takes ``declarer_won`` alone (Schneider and Schwarz do not count in them).

    A Sie takes no result at all: it wins without being played (``"declarer_won": true`` is
    accepted). ``{"contract": "passed"}`` (everybody passed) takes nothing else and scores 0;
    at a table that plays Ramsch everybody passing is a Ramsch instead, so it is refused there.

    A Ramsch (everybody passed at a table with ``ramsch`` on; this project's keys)::

        {"contract": "ramsch", "card_points": {"Ann": 30, "Bob": 52, "Cy": 38, "Di": 0},
         "jungfrau": ["Di"], "klopfen": 1}
        {"contract": "ramsch", "durchmarsch": "Ann"}

    ``card_points`` gives each player's card points, 0-120 but never 1 or 119, adding up to
    120 (a player left out took 0). ``jungfrau`` lists the players who took no trick (0 card
    points each; at most two: three make a Durchmarsch). ``durchmarsch`` names the player who
    took every trick; then ``card_points`` may be left out (or give that player 120) and
    ``jungfrau`` says nothing. Where the table's ``ramsch_tie`` breaks a tie for the most card
    points, ``"tricks": {"Bob": 3, "Cy": 2}`` gives the tied players' tricks, and under
    ``"tricks-trump"`` ``"highest_trump"`` names who took the highest trump among those tied on
    tricks too (rules.md §12); only for such a tie.

    A field that does not apply to the contract (or to hand-counted points) is accepted when
    it says nothing: null, 0, false, or an object of such values (``{"contract": "passed",
    "doublings": 0}``); any other value there is refused.

    Points and tricks must be possible together: a side's 8-t tricks hold at most the 4(8-t)
    best cards, so t tricks hold at least 120 minus those (all 8 tricks: all 120 points) and
    120 points need at least 5 tricks (the 20 cards that count).

    ``{"points": {"Ann": 20, "Bob": -20, ...}}`` gives hand-counted points, as in every game;
    players left out score 0, and the points must add up to zero (the ledger is zero-sum).

    At a table of five (rules.md §21) every entry also names the dealer, who sits out:
    ``"sits_out": "Ann"``. The other four play the hand as a table of four and the dealer
    scores 0; naming the dealer in the hand (declarer, partner, a Ramsch's players, points
    other than 0) is refused. A table's tracker (``SchafkopfTracker``) knows who deals, and
    names the dealer whatever the entry said.

Entered at the table
    The hand form sends what was tapped (``TableHand``); ``table_entry`` turns it into the round
    entry above, refusing in the players' words what is still to enter and a won or lost (or
    Schneider) that contradicts the card points or tricks, which then decide
    (games/plugins/schafkopf/rules.md §15). ``fields_for`` says which fields a contract asks for
    at the table: the form shows only those, and any other is refused.

House games (games/plugins/schafkopf/rules.md §10-§14; where the usual rules leave a choice, the
reading a Bavarian table expects, also stated on the rules page)
    Klopfen (Legen): every knock doubles the hand's value, like a Stoß, on top of any Stoß chain
    (value x 2^(knocks + doublings)); it counts in every game, a Sie and a Ramsch included,
    and is lost when everybody passes and the cards are dealt again.

    Bettel: the declarer plays alone against three and must take no trick; won or lost, it is
    worth the tariff's ``bettel`` (30, the BSKV tariff), with no Schneider, Schwarz or Laufende.
    Bettel Brett (ouvert, the declarer's cards laid open) is worth twice that. Both can be
    doubled by Stoß. In the bidding a Bettel beats a Sauspiel and a Bettel Brett a Solo.

    Ramsch: everybody passed, and the hand is played out each for himself with the Sauspiel's
    trumps. The player with the most card points loses and pays each of the others the
    tariff's ``ramsch`` (20, the BSKV tariff). Players tied for the most all lose, and each
    pays every player who did not lose (all four on 30: nobody pays). Each Jungfrau (a player
    who took no trick) doubles the value. A Durchmarsch (one player took every trick) wins
    instead: each of the others pays that player a Solo won Schwarz (Solo + Schneider +
    Schwarz, 70). A Ramsch cannot be doubled by Stoß (nobody declared it); Laufende do not count.

    Geier, Farbwenz, Farbgeier (options ``geier`` and ``farbwenz``, rules.md §17): one against
    three like a Wenz or Solo (a Geier at the tariff's ``wenz``, the Farb- games at its
    ``solo``), with Schneider, Schwarz and Laufende; each has a Tout. Only the four Unter or
    Ober run (``laufende`` 0-4), counted from ``wenz_runners_from`` (2 or 3), as in a Wenz.

    Hochzeit (option ``hochzeit``, rules.md §18): ``declarer`` offered his single trump,
    ``partner`` took it; two against two, valued and settled exactly as a Sauspiel (the tariff's
    ``sauspiel``, Laufende from 3), with no called ace, so no ``suit``.

    Schieberramsch (option ``schieberramsch``, with ``ramsch``; rules.md §20): ``geschoben``
    (0-4, only in a Ramsch) counts the players who pushed; each doubles the Ramsch, and its
    breakdown then holds ``"geschoben"`` (left out for none).

    Bock rounds (option ``bock``, rules.md §19): a game the table's ``bock_doubled``,
    ``bock_sixty`` or ``bock_schneider`` names, and under ``bock_runde`` every full Runde (each
    player dealt once) without a Bock game, starts a Bock round of ``bock_games`` games from
    the next hand, each worth twice its value (``bock_games_owed``); a round started during
    another is played after it, or under ``doppelbock`` doubles the games still owed again (a
    Doppelbock, x4). Nothing is entered: the hands before decide, so a table that plays Bock
    is scored from them (``resume_state`` is None there), and a Bock game's breakdown holds
    ``"bock": true`` (left out otherwise), its ``multiplier`` doubled once more; a Doppelbock's
    ``"doppelbock": true`` too, its ``multiplier`` doubled twice.

    Sie under ``tout: "double"``: four times the Solo value, twice a doubled Tout
    (games/plugins/schafkopf/rules.md §9); where runners are counted, the Solo value holds the Sie's
    8 runners (its eight cards are exactly the top eight trumps).

Breakdown
    A played contract::

        {"kind": "contract", "contract": "sauspiel", "suit": "eichel",
         "declarer": "Ann", "partner": "Cy", "declarer_side": ["Ann", "Cy"],
         "declarer_won": true, "declarer_points": 95, "declarer_tricks": 6,
         "base": 10, "schneider": true, "schwarz": false,
         "schneider_value": 10, "schwarz_value": 0, "laufende": {"count": 3, "value": 30},
         "tout": null, "factor": 1, "value_before_doublings": 50,
         "klopfen": 0, "doublings": 1, "multiplier": 2, "game_value": 100}

    ``game_value`` is what each opponent pays or receives. ``value_before_doublings`` is
    ``factor`` x (base + schneider_value + schwarz_value + laufende value): ``factor`` is 2 for
    a Tout under ``tout: "double"`` (then ``base`` is the Solo or Wenz value and ``tout`` is
    ``"double"``; ``tout`` is ``"flat"`` for a flat Tout and null for the other contracts) and
    for a Bettel Brett, 4 for a Sie under ``tout: "double"`` (``base`` is the Solo value), 1
    otherwise. ``multiplier`` is 2^(klopfen + doublings). ``declarer_points`` and
    ``declarer_tricks`` are null when not entered. Everybody passed: the same keys, with
    ``declarer``, ``partner`` and ``declarer_won`` null, ``declarer_side`` empty and
    ``game_value`` 0. Hand-counted points: ``{"kind": "points", "points": {...}}`` with
    ``declarer_won``, ``schneider``, ``schwarz``, ``multiplier`` and ``game_value`` null.

    A Ramsch::

        {"kind": "ramsch", "contract": "ramsch", "card_points": {"Ann": 30, ...},
         "losers": ["Bob"], "winners": ["Ann", "Cy", "Di"], "jungfrau": ["Di"],
         "durchmarsch": null, "base": 20, "schneider_value": 0, "schwarz_value": 0,
         "factor": 2, "value_before_doublings": 40, "klopfen": 1, "doublings": 0,
         "multiplier": 2, "game_value": 80, "declarer_won": null, "schneider": false,
         "schwarz": false}

    Each loser pays ``game_value`` to each winner. ``factor`` is 2^(Jungfrauen). A Durchmarsch
    names its player in ``durchmarsch`` and as the one winner (the others lose), with the Solo
    value in ``base``, Schneider and Schwarz added and ``schneider``/``schwarz`` true;
    ``card_points`` is null when not entered.

    As typed values: ``ContractBreakdown``, ``RamschBreakdown`` and
    ``SchafkopfPointsBreakdown``; ``read_breakdown`` reads a stored one back.

Options
    ``tariff`` (any subset of ``DEFAULT_TARIFF``: the format's seven parts, and this project's
    ``bettel`` and ``ramsch``), ``runners`` (false), ``tout`` (``"flat"``: the tariff's tout
    value; ``"double"``: twice the Solo or Wenz value with its Laufende, nothing else added,
    and a Sie four times the Solo value), ``ramsch``, ``bettel`` and ``klopfen`` (false: the
    house games), ``cents_per_point`` (0, no money) and ``currency`` (``"EUR"``): money only
    changes how the app shows amounts, never the scores. ``geier``, ``farbwenz`` and
    ``hochzeit`` (false) add the regional games, ``wenz_runners_from`` (2, or 3) where a
    Wenz's or Geier's Laufende start; ``bock`` (false), ``bock_games`` (4),
    ``bock_doubled`` (``"retour"``), ``bock_sixty`` (true), ``bock_schneider``, ``bock_runde`` and
    ``doppelbock`` (false) the Bock rounds.

Game
    An evening ends when the players stop; the rule text fixes no end
    ("ゲームの終了条件は特に決まっていない"). So the game never finishes and has no winners;
    the totals are a running zero-sum balance.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from enum import StrEnum
from typing import ClassVar

from games.scoring.base import (
    Game,
    GameState,
    RoundScore,
    RoundTracker,
    Side,
    TableSetup,
    resumed_state,
    running_totals,
    totals_after,
)
from games.scoring.breakdowns import (
    JSON,
    Fields,
    boolean,
    integer,
    kind_of,
    list_of,
    mapping_of,
    nullable,
    one_of,
    string,
)
from games.scoring.errors import (
    Problem,
    fields_not_applying,
    problem,
    raise_if_any,
    read_counts,
    says_nothing,
)
from games.scoring.i18n import Listed
from games.scoring.i18n import gettext_noop as _
from games.scoring.numbers import NumberStyle, money_text, signed_points
from games.scoring.options import CURRENCIES, Choice, OptionSpec

PLAYERS = 4
# A table of five: the dealer sits out each game and the other four play it (see
# ``sits_out_at``), so each player sits out every fifth game.
FIVE_PLAYERS = 5
# The entry field naming who sits out a game at a table of five (docs/scoresheet.md).
SITS_OUT = "sits_out"
TRICKS = 8
TOTAL_CARD_POINTS = 120
# No card is worth 1, so no side or player ends a hand with 1 card point, nor (the others then
# holding 1) with 119 (games/plugins/schafkopf/rules.md §1).
IMPOSSIBLE_CARD_POINTS = frozenset({1, TOTAL_CARD_POINTS - 1})
WIN_LINE = 61  # games/plugins/schafkopf/rules.md §4: 60:60 loses
SCHNEIDER_HIGH = 91
SCHNEIDER_LOW = 30
MAX_DOUBLINGS = 4
# Klopfen: each player may knock once, so a hand has at most four knocks.
MAX_KLOPFEN = PLAYERS
# A Sie's eight cards are the top eight trumps of a Solo: eight runners, never more.
SIE_LAUFENDE = 8
# A Ramsch with three players who took no trick is a Durchmarsch of the fourth.
MAX_JUNGFRAUEN = 2
# games/plugins/schafkopf/rules.md §7: Stoß x2, Retour x4, Sub x8, Resub x16, by level.
MULTIPLIERS: tuple[int, ...] = (1, 2, 4, 8, 16)

# Card points of the 32 cards: 4 each of A 11, 10 10, K 4, Ober 3, Unter 2, and twelve 9/8/7.
CARD_POINTS: tuple[int, ...] = (11,) * 4 + (10,) * 4 + (4,) * 4 + (3,) * 4 + (2,) * 4 + (0,) * 12

TOUT_FLAT = "flat"
TOUT_DOUBLE = "double"

# Who loses a Ramsch when players tie for the most card points (option ``ramsch_tie``,
# rules.md §12): all of them (the default), the one with more tricks (a tie on tricks: all of
# those), or more tricks and then whoever took the highest trump.
RAMSCH_TIE_ALL_LOSE = "all-lose"
RAMSCH_TIE_TRICKS = "tricks"
RAMSCH_TIE_TRICKS_TRUMP = "tricks-trump"
# The entry fields that break such a tie: each tied player's tricks, and who took the highest
# trump among those tied on tricks too.
TIE_FIELDS = ("tricks", "highest_trump")

DEFAULT_TARIFF: Mapping[str, int] = {
    "sauspiel": 10,
    "wenz": 50,
    "solo": 50,
    "tout": 180,
    "sie": 540,
    "schneider": 10,
    "schwarz": 10,
    # House games (games/plugins/schafkopf/rules.md §11, the BSKV tariff): this project's parts.
    "bettel": 30,
    "ramsch": 20,
}

TARIFF_LABELS: Mapping[str, str] = {
    "sauspiel": _("Sauspiel"),
    "wenz": _("Wenz"),
    "solo": _("Solo"),
    "tout": _("Tout"),
    "sie": _("Sie"),
    "schneider": _("Schneider"),
    "schwarz": _("Schwarz"),
    "bettel": _("Bettel"),
    "ramsch": _("Ramsch"),
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
    """One line of the rule text's bidding table, a house game, or everybody passing.

    ``tariff_part`` is the tariff entry of its base value; a Tout under ``tout: "double"`` is
    worth twice its ``plain_part`` (Solo or Wenz) instead. ``laufende_from`` is the fewest
    runners that count (0: runners never count) and ``most_laufende`` the most it can have.
    ``option`` names the table option a house game needs; ``factor`` multiplies its value (a
    Bettel Brett is twice a Bettel). A ``bettel`` is won only without a trick; a ``ramsch`` has
    no declarer (everybody passed and played it out).
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
    option: str = ""
    factor: int = 1
    bettel: bool = False
    ramsch: bool = False
    # Only the Unter (a Wenz, Farbwenz) or only the Ober (a Geier, Farbgeier) run: their
    # Laufende start where the table's ``wenz_runners_from`` says (2 or 3), not at 3.
    unter_or_ober_runners: bool = False
    # The game a Geier or Farbwenz takes its tariff from is named as the game itself in the
    # history ("Geier 50", not "Wenz 50").
    plain_name: str = ""

    @property
    def played(self) -> bool:
        """Whether a declarer plays it (every contract but everybody passing and a Ramsch)."""
        return bool(self.tariff_part) and not self.ramsch

    @property
    def can_be_knocked(self) -> bool:
        """Whether Klopfen counts: in every game played, a Ramsch too; not in a redeal."""
        return bool(self.tariff_part)

    @property
    def has_partner(self) -> bool:
        return self.played and not self.alone


_SAUSPIEL_ACES = (GermanSuit.EICHEL, GermanSuit.GRAS, GermanSuit.SCHELLEN)
# Trumps: 4 Ober, 4 Unter and the 6 other cards of the trump suit; in a Wenz only the 4 Unter.
_OBER_UNTER_TRUMPS = 14
_WENZ_TRUMPS = 4
# Laufende in a Wenz or Geier (and their Farb- games): only the four Unter or Ober run, from 2
# (Wiesegger's Schafkopf-Buch and the BSKV tariff for the Wenz) or, where a table says so, 3.
WENZ_RUNNERS_FROM = (2, 3)

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
# Hochzeit (house option ``hochzeit``, rules.md §18): a player with a single trump offers it;
# whoever takes it (giving back a card that is not trump) partners him, two against two, and
# the hand is played and scored as a Sauspiel with the Sauspiel's trumps, but no called ace.
HOCHZEIT = Contract(
    "hochzeit",
    _("Hochzeit"),
    _(
        "A player holding a single trump gives it to whoever takes it, for a card that is not "
        "trump; the two play together as in a Sauspiel, two against two."
    ),
    tariff_part="sauspiel",
    alone=False,
    laufende_from=3,
    most_laufende=_OBER_UNTER_TRUMPS,
    option="hochzeit",
    plain_name=_("Hochzeit"),
)
WENZ = Contract(
    "wenz",
    _("Wenz"),
    _("Only the four Unter are trumps; the declarer plays alone against the other three."),
    tariff_part="wenz",
    laufende_from=2,
    most_laufende=_WENZ_TRUMPS,
    unter_or_ober_runners=True,
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
    unter_or_ober_runners=True,
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
# The regional games (house options ``geier`` and ``farbwenz``, rules.md §17): one against
# three like a Wenz or Solo, with Schneider, Schwarz and Laufende; only the Ober or Unter run.


def _regional(
    key: str, name: str, explanation: str, *, priced_as: str, option: str, plain_name: str
) -> Contract:
    """A regional game (rules.md §17), or its Tout where ``key`` ends in ``-tout``: a Geier
    priced as a Wenz, a Farbwenz or Farbgeier (a trump suit named) as a Solo."""
    tout = key.endswith("-tout")
    return Contract(
        key,
        name,
        explanation,
        tariff_part="tout" if tout else priced_as,
        tout=tout,
        plain_part=priced_as if tout else "",
        suits=tuple(GermanSuit) if priced_as == "solo" else (),
        laufende_from=2,
        most_laufende=_WENZ_TRUMPS,
        option=option,
        unter_or_ober_runners=True,
        plain_name=plain_name,
    )


GEIER = _regional(
    "geier",
    _("Geier"),
    _("Only the four Ober are trumps; the declarer plays alone against the other three."),
    priced_as="wenz",
    option="geier",
    plain_name=_("Geier"),
)
FARBWENZ = _regional(
    "farbwenz",
    _("Farbwenz"),
    _(
        "The four Unter and a suit the declarer names are trumps, the Ober rank in their "
        "suits; the declarer plays alone against the other three."
    ),
    priced_as="solo",
    option="farbwenz",
    plain_name=_("Farbwenz"),
)
FARBGEIER = _regional(
    "farbgeier",
    _("Farbgeier"),
    _(
        "The four Ober and a suit the declarer names are trumps, the Unter rank in their "
        "suits; the declarer plays alone against the other three."
    ),
    priced_as="solo",
    option="farbwenz",
    plain_name=_("Farbgeier"),
)
GEIER_TOUT = _regional(
    "geier-tout",
    _("Geier-Tout"),
    _("A Geier in which the declarer must take all eight tricks."),
    priced_as="wenz",
    option="geier",
    plain_name=_("Geier"),
)
FARBWENZ_TOUT = _regional(
    "farbwenz-tout",
    _("Farbwenz-Tout"),
    _("A Farbwenz in which the declarer must take all eight tricks."),
    priced_as="solo",
    option="farbwenz",
    plain_name=_("Farbwenz"),
)
FARBGEIER_TOUT = _regional(
    "farbgeier-tout",
    _("Farbgeier-Tout"),
    _("A Farbgeier in which the declarer must take all eight tricks."),
    priced_as="solo",
    option="farbwenz",
    plain_name=_("Farbgeier"),
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

BETTEL = Contract(
    "bettel",
    _("Bettel"),
    _("The declarer plays alone against three, without trumps, and must not take a single trick."),
    tariff_part="bettel",
    option="bettel",
    bettel=True,
)
BETTEL_BRETT = Contract(
    "bettel-brett",
    _("Bettel Brett"),
    _(
        "A Bettel with the declarer's cards laid open on the table after the first trick: "
        "twice the Bettel value."
    ),
    tariff_part="bettel",
    option="bettel",
    factor=2,
    bettel=True,
)
RAMSCH = Contract(
    "ramsch",
    _("Ramsch"),
    _(
        "Everybody passed, so the hand is played out each for himself with the Sauspiel's "
        "trumps: whoever takes the most card points loses."
    ),
    tariff_part="ramsch",
    can_be_doubled=False,
    option="ramsch",
    ramsch=True,
)

# In bidding order, lowest first (the rule text's table, with a Bettel above a Sauspiel and a
# Bettel Brett above a Solo, as Bavarian tables rank them); everybody passing comes last, or
# the Ramsch that a table with the ramsch option plays instead.
CONTRACTS: tuple[Contract, ...] = (
    SAUSPIEL,
    HOCHZEIT,
    BETTEL,
    WENZ,
    GEIER,
    FARBWENZ,
    FARBGEIER,
    SOLO,
    BETTEL_BRETT,
    WENZ_TOUT,
    GEIER_TOUT,
    FARBWENZ_TOUT,
    FARBGEIER_TOUT,
    SOLO_TOUT,
    SIE,
    PASSED,
    RAMSCH,
)
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


def contracts_at(table: TableSetup) -> tuple[Contract, ...]:
    """The contracts a table plays, in bidding order: the rule text's, the house games whose
    option is on, and everybody passing, which is a Ramsch where the table plays Ramsch
    (games/plugins/schafkopf/rules.md §2 and §12: a Ramsch instead of the rule text's redeal)."""
    ramsch = table.option_bool("ramsch")
    return tuple(
        contract
        for contract in CONTRACTS
        if (not contract.option or table.option_bool(contract.option))
        and not (contract is PASSED and ramsch)
    )


def leader_after(dealer_index: int, seats: int = PLAYERS) -> int:
    """The seat that bids and leads first: the dealer's left, the next seat in playing order
    (at a table of five too, where the dealer sits out and the next seat plays)."""
    return (dealer_index + 1) % seats


def plays_for_money(table: TableSetup) -> bool:
    return table.option_int("cents_per_point") > 0


def amount(points: int, table: TableSetup, style: NumberStyle, *, sign: bool = True) -> str:
    """Points as the table counts them, in the page's language (``style``): money when it
    plays for money ("+3.40 €"), else points ("+30"); without the sign when not ``sign``."""
    if plays_for_money(table):
        return money_text(
            points,
            table.option_int("cents_per_point"),
            table.option_str("currency"),
            style,
            sign=sign,
        )
    return signed_points(points) if sign else str(points)


# -- the rules ----------------------------------------------------------------------------------


def declarer_wins(declarer_points: int) -> bool:
    """61 card points or more win; 60:60 loses (games/plugins/schafkopf/rules.md §4).

    >>> declarer_wins(61), declarer_wins(60)
    (True, False)
    """
    return declarer_points >= WIN_LINE


def is_schneider(declarer_points: int) -> bool:
    """Schneider: the declarer side has 91 or more, or 30 or less
    (games/plugins/schafkopf/rules.md §5).

    It counts whichever side won; 90 and 31 are not Schneider.

    >>> [is_schneider(points) for points in (91, 90, 31, 30)]
    [True, False, False, True]
    """
    return declarer_points >= SCHNEIDER_HIGH or declarer_points <= SCHNEIDER_LOW


def is_schwarz(declarer_tricks: int) -> bool:
    """Schwarz: one side took all 8 tricks; decided by tricks, not points
    (games/plugins/schafkopf/rules.md §5)."""
    return declarer_tricks in (0, TRICKS)


def most_card_points(tricks: int) -> int:
    """The most card points ``tricks`` tricks can hold: the 4 x tricks best cards.

    >>> most_card_points(1), most_card_points(2), most_card_points(8)
    (44, 84, 120)
    """
    return sum(sorted(CARD_POINTS, reverse=True)[: 4 * tricks])


def possible_card_points(points: int) -> bool:
    """Whether a side or a player can end a hand with these card points: any of 0-120 but 1
    and 119, as no card is worth 1 (games/plugins/schafkopf/rules.md §1).

    >>> [possible_card_points(points) for points in (0, 1, 2, 118, 119, 120)]
    [True, False, True, True, False, True]
    """
    return 0 <= points <= TOTAL_CARD_POINTS and points not in IMPOSSIBLE_CARD_POINTS


def impossible_declarer_points(points: int) -> Problem:
    """The refusal of a declarer side's 1 or 119 card points (rules.md §1), in the hand form
    and in a scoresheet alike."""
    return problem(
        _(
            "no side can take 1 or 119 card points, as no card is worth 1: the declarer side "
            "has {points}"
        ),
        "declarer_points",
        points=points,
    )


def fewest_card_points(tricks: int) -> int:
    """The fewest card points ``tricks`` tricks can hold: what the other side cannot have."""
    return TOTAL_CARD_POINTS - most_card_points(TRICKS - tricks)


def counted_laufende(contract: Contract, count: int, wenz_runners_from: int = 2) -> int:
    """The runners that count: all of them from 3 on, in a Wenz from 2 on
    (games/plugins/schafkopf/rules.md §10); none in a Sie. Where only the Unter or Ober run (a
    Wenz, Geier, Farbwenz, Farbgeier and their Touts, §17), from ``wenz_runners_from`` on: 2,
    or 3 where the table's option says so.
    Raises ValueError for a ``wenz_runners_from`` other than 2 or 3."""
    if wenz_runners_from not in WENZ_RUNNERS_FROM:
        raise ValueError(f"wenz_runners_from must be 2 or 3, not {wenz_runners_from}")
    lowest = wenz_runners_from if contract.unter_or_ober_runners else contract.laufende_from
    if lowest and count >= lowest:
        return count
    return 0


def laufende_count_in(contract: Contract, tout: str = TOUT_FLAT) -> bool:
    """Whether runners can count in a contract: not in a Sie, and in a Tout only under
    ``tout: "double"`` (games/plugins/schafkopf/rules.md §8: a flat value with nothing added)."""
    if contract.tout:
        return tout == TOUT_DOUBLE
    return bool(contract.laufende_from)


@dataclass(frozen=True)
class GameValue:
    """The parts of a game value (games/plugins/schafkopf/rules.md §6): ``factor`` x (base +
    Schneider + Schwarz + Laufende) before doubling, then x ``multiplier`` (2^(knocks +
    doublings))."""

    base: int
    schneider: int
    schwarz: int
    laufende: int
    factor: int
    multiplier: int

    @property
    def before_doublings(self) -> int:
        return self.factor * (self.base + self.schneider + self.schwarz + self.laufende)

    @property
    def per_opponent(self) -> int:
        return self.before_doublings * self.multiplier


def knock_multiplier(klopfen: int) -> int:
    """Klopfen (Legen): each knock doubles the hand's value (games/plugins/schafkopf/rules.md §14);
    at most one knock a player.
    Raises ValueError outside 0-4."""
    if not 0 <= klopfen <= MAX_KLOPFEN:
        raise ValueError(f"klopfen must be 0-{MAX_KLOPFEN}, not {klopfen}")
    return 1 << klopfen


def bock_multiplier(bock: int) -> int:
    """A game of a Bock round is worth twice its value, on top of knocks and Stoß, and a
    Doppelbock game (``bock`` 2: two Bock rounds overlap, option ``doppelbock``) four times
    (games/plugins/schafkopf/rules.md §19).

    >>> [bock_multiplier(level) for level in (0, 1, 2)]
    [1, 2, 4]
    """
    if not 0 <= bock <= DOPPELBOCK:
        raise ValueError(f"a game is Bock 0-{DOPPELBOCK} times, not {bock}")
    return 1 << bock


# A game of two overlapping Bock rounds (option ``doppelbock``), worth four times its value:
# the most a game is doubled by Bock rounds (rules.md §19).
DOPPELBOCK = 2


BOCK_DOUBLED_OFF = "off"
BOCK_DOUBLED_STOSS = "stoss"
BOCK_DOUBLED_RETOUR = "retour"


def starts_bock(breakdown: Mapping[str, JSON], table: TableSetup) -> bool:
    """Whether a scored hand starts a Bock round, by the triggers the table chose
    (games/plugins/schafkopf/rules.md §19): a game doubled by Stoß (Kontra) or by Retour (Re),
    a game lost 60:60, a game alone (not a Bettel or Tout) won Schneider."""
    if breakdown.get("kind") != "contract" or not breakdown.get("declarer_side"):
        return False
    doublings = breakdown.get("doublings")
    assert isinstance(doublings, int)
    doubled = table.option_str("bock_doubled")
    if (doubled == BOCK_DOUBLED_STOSS and doublings >= 1) or (
        doubled == BOCK_DOUBLED_RETOUR and doublings >= 2
    ):
        return True
    if table.option_bool("bock_sixty") and breakdown.get("declarer_points") == WIN_LINE - 1:
        return True
    contract = CONTRACTS_BY_KEY[str(breakdown.get("contract"))]
    return (
        table.option_bool("bock_schneider")
        and contract.alone
        and not contract.tout
        and not contract.bettel
        and bool(breakdown.get("declarer_won"))
        and bool(breakdown.get("schneider"))
    )


def bock_games_owed(
    earlier: Sequence[Mapping[str, JSON]], table: TableSetup, seats: int = PLAYERS
) -> list[int]:
    """The Bock games still owed before the next hand, each as how often it is Bock (1, or 2
    for a Doppelbock), the next hand's first (games/plugins/schafkopf/rules.md §19).

    Each trigger (``starts_bock``) and, under ``bock_runde``, each full Runde (every ``seats``
    hands: each player dealt once) played without a Bock game adds a Bock round of the table's
    ``bock_games`` games from the next hand on, so plain and Bock rounds take turns; every hand
    entered plays one of them. A round started while games are still owed is played after
    them; under ``doppelbock`` it doubles the owed games first (a Doppelbock, four times the
    value), and only its games beyond them follow."""
    if not table.option_bool("bock"):
        return []
    games = table.option_int("bock_games")
    runde = table.option_bool("bock_runde")
    stacked = table.option_bool("doppelbock")
    owed: list[int] = []
    played: list[int] = []  # how often each hand so far was Bock
    for number, breakdown in enumerate(earlier, start=1):
        played.append(owed[0] if owed else 0)
        owed = owed[1:]
        plain_runde = runde and number % seats == 0 and not any(played[-seats:])
        rounds = int(starts_bock(breakdown, table)) + int(plain_runde)
        for _round in range(rounds):
            owed = _bock_round_added(owed, games, stacked=stacked)
    return owed


def _bock_round_added(owed: list[int], games: int, *, stacked: bool) -> list[int]:
    """``owed`` with one more Bock round of ``games`` games: after the owed ones, or (a
    Doppelbock, ``stacked``) on the owed games not yet Doppelbock first."""
    if not stacked:
        return [*owed, *[1] * games]
    added = list(owed)
    left = games
    for index, level in enumerate(added):
        if left and level < DOPPELBOCK:
            added[index] = level + 1
            left -= 1
    return [*added, *[1] * left]


def bock_games_left(
    earlier: Sequence[Mapping[str, JSON]], table: TableSetup, seats: int = PLAYERS
) -> int:
    """How many Bock games are still owed before the next hand (``bock_games_owed``)."""
    return len(bock_games_owed(earlier, table, seats))


def bock_level(
    earlier: Sequence[Mapping[str, JSON]], table: TableSetup, seats: int = PLAYERS
) -> int:
    """How often the next hand is Bock: 0, 1 (a Bock game, x2) or 2 (Doppelbock, x4;
    rules.md §19)."""
    owed = bock_games_owed(earlier, table, seats)
    return owed[0] if owed else 0


def value_parts(
    contract: Contract,
    *,
    schneider: bool = False,
    schwarz: bool = False,
    laufende: int = 0,
    doublings: int = 0,
    klopfen: int = 0,
    tariff: Mapping[str, int] = DEFAULT_TARIFF,
    tout: str = TOUT_FLAT,
    wenz_runners_from: int = 2,
    bock: int = 0,
) -> GameValue:
    """Game value = (base + Schneider + Schwarz + Laufende) x 2^doublings
    (games/plugins/schafkopf/rules.md §6), and x 2 for each knock (§14).

    Schwarz always comes with Schneider, so ``schwarz`` adds both steps. Schneider and Schwarz
    are not added to a Tout or a Sie (§8, §9). A Tout is the tariff's flat value, or with
    ``tout="double"`` twice the Solo or Wenz value with its Laufende, and a Sie then four times
    the Solo value (§8, §9); for a Sie, ``laufende`` is the runners its Solo value holds
    (``SIE_LAUFENDE`` where the table counts runners, else 0). A Bettel is the tariff's
    ``bettel``, a Bettel Brett twice that, with nothing added (§13). ``laufende`` is the number
    of runners held; fewer than the contract's minimum count nothing. ``tariff`` may give any
    subset of ``DEFAULT_TARIFF``. A Ramsch is valued by ``ramsch_value_parts``. Raises
    ValueError for a doubled Sie, a doubling level outside 0-4 or more than four knocks.
    ``wenz_runners_from`` (2 or 3) is where the Laufende of a game in which only the Unter or
    the Ober run start (§17); a Geier is worth the Wenz tariff, a Farbwenz or Farbgeier the
    Solo's, and their Touts are Touts. ``bock``: how often the hand is a game of a Bock round,
    twice the value for each (1, or 2 for a Doppelbock; §19).
    """
    tariff = {**DEFAULT_TARIFF, **tariff}
    if not 0 <= doublings <= MAX_DOUBLINGS:
        raise ValueError(f"doublings must be 0-{MAX_DOUBLINGS}, not {doublings}")
    if doublings and not contract.can_be_doubled:
        raise ValueError(f"{contract.key} cannot be doubled")
    multiplier = MULTIPLIERS[doublings] * knock_multiplier(klopfen) * bock_multiplier(bock)
    if not contract.played:
        return GameValue(0, 0, 0, 0, 1, multiplier)
    step = tariff["schneider"]
    runners = counted_laufende(contract, laufende, wenz_runners_from) * step
    if contract.tout:
        if tout == TOUT_DOUBLE:
            return GameValue(tariff[contract.plain_part], 0, 0, runners, 2, multiplier)
        return GameValue(tariff[contract.tariff_part], 0, 0, 0, 1, multiplier)
    if contract is SIE:
        if tout == TOUT_DOUBLE:
            return GameValue(tariff["solo"], 0, 0, laufende * step, 4, multiplier)
        return GameValue(tariff["sie"], 0, 0, 0, 1, multiplier)
    if contract.bettel:
        return GameValue(tariff[contract.tariff_part], 0, 0, 0, contract.factor, multiplier)
    return GameValue(
        tariff[contract.tariff_part],
        step if schneider or schwarz else 0,
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
    klopfen: int = 0,
    tariff: Mapping[str, int] = DEFAULT_TARIFF,
    tout: str = TOUT_FLAT,
    wenz_runners_from: int = 2,
    bock: int = 0,
) -> int:
    """What each opponent pays or receives (games/plugins/schafkopf/rules.md §6-§7); see
    ``value_parts``.

    With the default tariff, a Sauspiel (10) won Schneider (+10) with 3 runners (+30), after
    a Stoß (x 2), and a Solo (50) after a knock, a Stoß and a Retour (x 2 x 4):

    >>> game_value(SAUSPIEL, schneider=True, laufende=3, doublings=1)
    100
    >>> game_value(SOLO, klopfen=1, doublings=2)
    400
    """
    return value_parts(
        contract,
        schneider=schneider,
        schwarz=schwarz,
        laufende=laufende,
        doublings=doublings,
        klopfen=klopfen,
        tariff=tariff,
        tout=tout,
        wenz_runners_from=wenz_runners_from,
        bock=bock,
    ).per_opponent


def ramsch_value_parts(
    *,
    jungfrauen: int = 0,
    durchmarsch: bool = False,
    klopfen: int = 0,
    tariff: Mapping[str, int] = DEFAULT_TARIFF,
    bock: int = 0,
    geschoben: int = 0,
) -> GameValue:
    """What each Ramsch loser pays each winner (games/plugins/schafkopf/rules.md §12: Ramsch 20 from
    the loser to each of the others; Jungfrau 40; Durchmarsch a Solo won Schwarz).

    The tariff's ``ramsch``, doubled for each Jungfrau (a player who took no trick); a
    Durchmarsch is a Solo won Schwarz (Solo + Schneider + Schwarz), with no Jungfrau on top.
    Each knock doubles either (Klopfen counts in a Ramsch: the knocks came before the
    bidding), and so does a Bock round (twice for a Doppelbock, §19) and each player who
    pushed in a Schieberramsch (``geschoben``, §20). Raises ValueError for more than two
    Jungfrauen (three make a Durchmarsch) or more than four pushes.
    """
    tariff = {**DEFAULT_TARIFF, **tariff}
    if not 0 <= geschoben <= PLAYERS:
        raise ValueError(f"geschoben must be 0-{PLAYERS}, not {geschoben}")
    multiplier = knock_multiplier(klopfen) * bock_multiplier(bock) * (1 << geschoben)
    if durchmarsch:
        return GameValue(tariff["solo"], tariff["schneider"], tariff["schwarz"], 0, 1, multiplier)
    if not 0 <= jungfrauen <= MAX_JUNGFRAUEN:
        raise ValueError(f"a Ramsch has 0-{MAX_JUNGFRAUEN} Jungfrauen, not {jungfrauen}")
    return GameValue(tariff["ramsch"], 0, 0, 0, 1 << jungfrauen, multiplier)


def ramsch_losers(card_points: Mapping[str, int]) -> tuple[str, ...]:
    """Who loses a Ramsch: the player with the most card points, or every player tied for the
    most (the reading chosen for this project: a Bavarian table lets no tie save anyone; see
    the module docstring, "House games").

    >>> ramsch_losers({"Ann": 30, "Bob": 40, "Cy": 40, "Di": 10})
    ('Bob', 'Cy')
    """
    most = max(card_points.values())
    return tuple(player for player, points in card_points.items() if points == most)


def settle_ramsch(players: Sequence[str], losers: Sequence[str], value: int) -> dict[str, int]:
    """Each player's share of a Ramsch: every loser pays ``value`` to every player who did not
    lose (games/plugins/schafkopf/rules.md §12); with all four tied
    nobody is left to pay, so nobody pays. A Durchmarsch is settled with the other three as the
    losers.

    >>> settle_ramsch(["Ann", "Bob", "Cy", "Di"], ["Bob", "Cy"], 20)
    {'Ann': 40, 'Bob': -40, 'Cy': -40, 'Di': 40}
    """
    winners = [player for player in players if player not in losers]
    return {
        player: -value * len(winners) if player in losers else value * len(losers)
        for player in players
    }


def settle(
    players: Sequence[str], declarer_side: Sequence[str], declarer_won: bool, value: int
) -> dict[str, int]:
    """Each player's share of a game worth ``value`` (games/plugins/schafkopf/rules.md §7).

    Every opponent pays ``value`` to the declarer side, or receives it, and the declarer side
    shares what the opponents pay: in a Sauspiel each partner +-V, alone the declarer +-3V.

    >>> settle(["Ann", "Bob", "Cy", "Di"], ["Ann", "Cy"], True, 20)
    {'Ann': 20, 'Bob': -20, 'Cy': 20, 'Di': -20}
    >>> settle(["Ann", "Bob", "Cy", "Di"], ["Bob"], False, 50)
    {'Ann': 50, 'Bob': -150, 'Cy': 50, 'Di': 50}
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
    klopfen: int = 0

    @property
    def declarer_side(self) -> tuple[str, ...]:
        if not self.declarer:
            return ()
        return (self.declarer, self.partner) if self.partner else (self.declarer,)


@dataclass(frozen=True)
class RamschHand:
    """A checked Ramsch entry: each player's card points (None for a Durchmarsch entered
    without them), who took no trick, who took every trick, and the knocks."""

    card_points: Mapping[str, int] | None
    jungfrau: tuple[str, ...] = ()
    durchmarsch: str | None = None
    klopfen: int = 0
    tie_break: RamschTieBreak | None = None
    geschoben: int = 0


@dataclass(frozen=True)
class RamschTieBreak:
    """How a tie for the most card points in a Ramsch was broken (option ``ramsch_tie``,
    rules.md §12): the tied players' tricks, who took the highest trump among those tied on
    tricks too (None where the table does not ask), and who loses.

    >>> RamschTieBreak({"Bob": 4, "Cy": 3}, None, ("Bob",)).to_json()
    {'tricks': {'Bob': 4, 'Cy': 3}, 'highest_trump': None, 'losers': ['Bob']}
    """

    tricks: Mapping[str, int]
    highest_trump: str | None
    losers: tuple[str, ...]

    def to_json(self) -> dict[str, JSON]:
        return {
            "tricks": dict(self.tricks),
            "highest_trump": self.highest_trump,
            "losers": list(self.losers),
        }

    @classmethod
    def from_json(cls, data: object, path: str) -> RamschTieBreak:
        fields = Fields(data, path, ("tricks", "highest_trump", "losers"))
        return cls(
            fields.read("tricks", mapping_of(integer)),
            fields.read("highest_trump", _name_or_null),
            fields.read("losers", _players),
        )


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
        "klopfen",
        "card_points",
        "jungfrau",
        "durchmarsch",
        "geschoben",
        *TIE_FIELDS,
    }
)
# The fields of a Ramsch entry; the other contract fields must say nothing there, and these
# must say nothing in the other contracts.
RAMSCH_FIELDS = frozenset(
    {"contract", "card_points", "jungfrau", "durchmarsch", "klopfen", "geschoben", *TIE_FIELDS}
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


def _card_points(
    entry: Mapping[str, object], problems: list[Problem], stored: bool = False
) -> int | None:
    """The declarer side's card points, 0-120 but never 1 or 119 (rules.md §1); None if left
    out or refused (then the problem is recorded). A ``stored`` hand (see ``parse_entry``)
    keeps 1 or 119."""
    points = _whole_number(entry, "declarer_points", TOTAL_CARD_POINTS, problems)
    if points is not None and not stored and not possible_card_points(points):
        problems.append(impossible_declarer_points(points))
        return None
    return points


def _not_for(contract: Contract, field: str) -> Problem:
    return problem(
        _("{field} does not apply to a {contract}"), field, field=field, contract=contract.name
    )


def _result_of_plain_game(
    contract: Contract, entry: Mapping[str, object], problems: list[Problem], stored: bool
) -> _Result | None:
    """Sauspiel, Wenz or Solo: decided by card points, or entered as won or lost."""
    before = len(problems)
    points = _card_points(entry, problems, stored)
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
    contract: Contract, entry: Mapping[str, object], problems: list[Problem], stored: bool
) -> _Result | None:
    """Wenz-Tout or Solo-Tout: won only with all 8 tricks (games/plugins/schafkopf/rules.md §8)."""
    before = len(problems)
    points = _card_points(entry, problems, stored)
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


def _result_of_bettel(
    contract: Contract, entry: Mapping[str, object], problems: list[Problem]
) -> _Result | None:
    """Bettel or Bettel Brett: won only if the declarer took no trick
    (games/plugins/schafkopf/rules.md §13); card points, Schneider and Schwarz do not apply."""
    before = len(problems)
    tricks = _whole_number(entry, "declarer_tricks", TRICKS, problems)
    won = _flag(entry, "declarer_won", problems)
    problems.extend(
        _not_for(contract, field)
        for field in ("declarer_points", "schneider", "schwarz")
        if _says_something(entry, field)
    )
    if _given(entry, "declarer_tricks") and _given(entry, "declarer_won"):
        problems.append(
            problem(_("give declarer_tricks or declarer_won, not both"), "declarer_won")
        )
    elif not _given(entry, "declarer_tricks") and not _given(entry, "declarer_won"):
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
        return _Result(tricks == 0, False, False, None, tricks)
    assert won is not None
    return _Result(won, False, False, None, None)


def _check_contract_at(contract: Contract, table: TableSetup, problems: list[Problem]) -> bool:
    """Whether the table plays the contract; if not, why, in words."""
    if contract in contracts_at(table):
        return True
    if contract is PASSED:
        problems.append(
            problem(_("at this table everybody passing is a Ramsch: enter the Ramsch"), "contract")
        )
    elif contract.ramsch:
        problems.append(
            problem(
                _(
                    "Ramsch is not played at this table: when everybody passes, the cards are "
                    "dealt again"
                ),
                "contract",
            )
        )
    else:
        problems.append(
            problem(_("{contract} is not played at this table"), "contract", contract=contract.name)
        )
    return False


def parse_entry(
    entry: Mapping[str, object], table: TableSetup, *, stored: bool = False
) -> PlayedHand | RamschHand | CountedHand:
    """Check a round entry (see the module docstring); raise EntryError with every problem.

    ``stored``: a hand already stored, replayed because a hand before it changed. Such a hand
    keeps 1 or 119 card points (grandfathered: they were accepted before the refusal existed,
    rules.md §1), so that a table holding one is never stuck; an entry being written (a new
    hand, an edit, an import) is refused them."""
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
                contracts=", ".join(contract.key for contract in contracts_at(table)),
            )
        )
        raise_if_any(problems)
    assert contract is not None
    if not _check_contract_at(contract, table, problems):
        raise_if_any(problems)
    if contract.ramsch:
        return _parse_ramsch(contract, entry, table, problems, stored)
    problems.extend(
        _not_for(contract, str(key))
        for key in entry
        if key in RAMSCH_FIELDS
        and key not in ("contract", "klopfen")
        and _says_something(entry, str(key))
        and contract.played
    )
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
    klopfen = _parse_klopfen(entry, table, problems)
    if contract.tout:
        result = _result_of_tout(contract, entry, problems, stored)
    elif contract.bettel:
        result = _result_of_bettel(contract, entry, problems)
    elif contract is SIE:
        result = _result_of_sie(contract, entry, problems)
    else:
        result = _result_of_plain_game(contract, entry, problems, stored)
    raise_if_any(problems)
    assert declarer is not None
    assert result is not None
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
        klopfen,
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
            else _("a Sie's 8 runners count by themselves here: leave laufende out")
            if contract is SIE and table.option_str("tout") == TOUT_DOUBLE
            else _("runners do not count in a {contract}")
        )
        problems.append(problem(message, "laufende", contract=contract.name))
        return 0
    count = _whole_number(entry, "laufende", contract.most_laufende, problems)
    return count or 0


def _parse_klopfen(entry: Mapping[str, object], table: TableSetup, problems: list[Problem]) -> int:
    """The knocks entered; 0, like leaving the field out, is accepted everywhere."""
    return _parse_house_count(
        entry, "klopfen", _("Klopfen is not played at this table"), table, problems
    )


def _parse_house_count(
    entry: Mapping[str, object],
    option: str,
    not_played: str,
    table: TableSetup,
    problems: list[Problem],
    field: str = "",
) -> int:
    """How many players knocked or pushed (at most one each), where the table's ``option``
    plays it; 0, like leaving the field out, is accepted everywhere."""
    field = field or option
    if not entry.get(field):
        _whole_number(entry, field, 0, problems)  # still rejects false, "" and the like
        return 0
    if not table.option_bool(option):
        problems.append(problem(not_played, field))
        return 0
    return _whole_number(entry, field, PLAYERS, problems) or 0


def _parse_ramsch(
    contract: Contract,
    entry: Mapping[str, object],
    table: TableSetup,
    problems: list[Problem],
    stored: bool = False,
) -> RamschHand:
    """A Ramsch: card points adding up to 120, the Jungfrauen, or a Durchmarsch (see the module
    docstring, "House games")."""
    for key in entry:
        if key in CONTRACT_FIELDS and key not in RAMSCH_FIELDS and _says_something(entry, key):
            problems.append(
                problem(
                    _("a Ramsch cannot be doubled: nobody declared it (Klopfen still counts)"),
                    "doublings",
                )
                if key == "doublings"
                else _not_for(contract, key)
            )
    klopfen = _parse_klopfen(entry, table, problems)
    durchmarsch = (
        _seated(entry, "durchmarsch", table, problems)
        if _says_something(entry, "durchmarsch")
        else None
    )
    before = len(problems)
    card_points = _ramsch_card_points(entry, table, problems, stored)
    points_refused = len(problems) > before
    if durchmarsch is not None and card_points is not None:
        if card_points.get(durchmarsch, 0) != TOTAL_CARD_POINTS:
            problems.append(
                problem(
                    _("a Durchmarsch takes all 120 card points, and {name} has {points}"),
                    "card_points",
                    name=durchmarsch,
                    points=card_points.get(durchmarsch, 0),
                )
            )
    elif card_points is None and not points_refused and not _says_something(entry, "durchmarsch"):
        problems.append(
            problem(
                _("a Ramsch needs each player's card points, or who made the Durchmarsch"),
                "card_points",
            )
        )
    jungfrau = _ramsch_jungfrau(entry, table, card_points, problems)
    if jungfrau and _says_something(entry, "durchmarsch"):
        problems.append(
            problem(
                _("a Durchmarsch has no Jungfrau to enter: the other three took no trick anyway"),
                "jungfrau",
            )
        )
    tie_break = _ramsch_tie_break(entry, table, card_points, problems)
    geschoben = _parse_geschoben(entry, table, problems)
    raise_if_any(problems)
    return RamschHand(card_points, jungfrau, durchmarsch, klopfen, tie_break, geschoben)


def _parse_geschoben(
    entry: Mapping[str, object], table: TableSetup, problems: list[Problem]
) -> int:
    """How many players pushed (schieben) in a Schieberramsch (rules.md §20)."""
    return _parse_house_count(
        entry,
        "schieberramsch",
        _("Schieberramsch is not played at this table"),
        table,
        problems,
        field="geschoben",
    )


def _ramsch_tie_break(
    entry: Mapping[str, object],
    table: TableSetup,
    card_points: Mapping[str, int] | None,
    problems: list[Problem],
) -> RamschTieBreak | None:
    """Who loses a tie for the most card points, where the table breaks it (option
    ``ramsch_tie``, rules.md §12): the tied players' tricks, then who took the highest trump.
    None where nothing is broken; a tie-break field given there is refused."""
    rule = table.option_str("ramsch_tie")
    given = [field for field in TIE_FIELDS if _says_something(entry, field)]
    tied = ramsch_losers(card_points) if card_points else ()
    if rule == RAMSCH_TIE_ALL_LOSE or len(tied) < 2:
        why = (
            _(
                "{field} does not apply: at this table every player tied for the most card "
                "points loses"
            )
            if rule == RAMSCH_TIE_ALL_LOSE
            else _("{field} only breaks a tie for the most card points")
        )
        problems.extend(problem(why, field, field=field) for field in given)
        return None
    tricks = _tied_tricks(entry, table, card_points or {}, tied, problems)
    if tricks is None:
        return None
    most = max(tricks.values())
    still = tuple(player for player in tied if tricks[player] == most)
    trump = entry.get("highest_trump")
    if rule == RAMSCH_TIE_TRICKS or len(still) == 1:
        if _says_something(entry, "highest_trump"):
            problems.append(
                problem(
                    _("highest_trump only breaks a tie on tricks too"),
                    "highest_trump",
                )
            )
        return RamschTieBreak(tricks, None, still)
    if trump not in still:
        problems.append(
            problem(
                _("{names} took as many tricks: name which of them took the highest trump"),
                "highest_trump",
                names=Listed(still, _("and")),
            )
        )
        return None
    assert isinstance(trump, str)
    return RamschTieBreak(tricks, trump, (trump,))


def _tied_tricks(
    entry: Mapping[str, object],
    table: TableSetup,
    card_points: Mapping[str, int],
    tied: Sequence[str],
    problems: list[Problem],
) -> dict[str, int] | None:
    """The tricks of each player tied for the most card points (and of them only), each
    possible with his card points, 8 at most together; None if any is wrong."""
    raw = entry.get("tricks")
    before = len(problems)
    if not isinstance(raw, Mapping):
        raw = {}
    tricks: dict[str, int] = {}
    for player, value in raw.items():
        if player not in table.players:
            problems.append(problem(_("{name} is not at this table"), "tricks", name=str(player)))
        elif player not in tied:
            if not says_nothing(value):
                problems.append(
                    problem(
                        _(
                            "only the players tied for the most card points give their tricks, "
                            "and {name} is not one of them"
                        ),
                        "tricks",
                        name=str(player),
                    )
                )
        elif isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= TRICKS:
            problems.append(
                problem(
                    _("tricks for {name} must be a whole number from 1 to 8"), "tricks", name=player
                )
            )
        elif card_points[player] > most_card_points(value):
            needed = next(
                n for n in range(TRICKS + 1) if most_card_points(n) >= card_points[player]
            )
            problems.append(
                problem(
                    _("{points} card points need at least {tricks} of the 8 tricks"),
                    "tricks",
                    points=card_points[player],
                    tricks=needed,
                )
            )
        else:
            tricks[player] = value
    # A tied player whose tricks were refused above is not missing too.
    missing = [player for player in tied if raw.get(player) is None or raw.get(player) == ""]
    if missing:
        problems.append(
            problem(
                _("{names} tie for the most card points: give their tricks"),
                "tricks",
                names=Listed(tuple(tied), _("and")),
            )
        )
    if len(problems) > before:
        return None
    if sum(tricks.values()) > TRICKS:
        problems.append(
            problem(
                _("the tied players' tricks add up to {total}; a hand has 8"),
                "tricks",
                total=sum(tricks.values()),
            )
        )
        return None
    return tricks


def _ramsch_card_points(
    entry: Mapping[str, object], table: TableSetup, problems: list[Problem], stored: bool = False
) -> dict[str, int] | None:
    """Each player's card points (players left out took 0), adding up to 120; None when the
    entry gives none (or only zeros, which say nothing). A ``stored`` hand keeps 1 or 119."""
    raw = entry.get("card_points")
    if says_nothing(raw):
        return None
    if not isinstance(raw, Mapping):
        problems.append(problem(_("card_points must give a number for each player"), "card_points"))
        return None
    before = len(problems)
    points = dict.fromkeys(table.players, 0)
    for player, value in raw.items():
        if player not in points:
            problems.append(
                problem(_("{name} is not at this table"), "card_points", name=str(player))
            )
        elif isinstance(value, bool) or not isinstance(value, int):
            problems.append(
                problem(
                    _("card points for {name} must be a whole number"), "card_points", name=player
                )
            )
        elif not 0 <= value <= TOTAL_CARD_POINTS:
            problems.append(
                problem(
                    _("card points for {name} must be between 0 and 120, not {points}"),
                    "card_points",
                    name=player,
                    points=value,
                )
            )
        elif not stored and not possible_card_points(value):
            problems.append(impossible_player_points(player, value))
        else:
            points[player] = value
    if len(problems) > before:
        return None
    total = sum(points.values())
    if total != TOTAL_CARD_POINTS:
        problems.append(
            problem(
                _("the card points must add up to 120, not {total}"), "card_points", total=total
            )
        )
        return None
    return points


def impossible_player_points(player: str, points: int) -> Problem:
    """The refusal of a player's 1 or 119 card points in a Ramsch (rules.md §1, §12)."""
    return problem(
        _("nobody can take 1 or 119 card points, as no card is worth 1: {name} has {points}"),
        "card_points",
        name=player,
        points=points,
    )


def _ramsch_jungfrau(
    entry: Mapping[str, object],
    table: TableSetup,
    card_points: Mapping[str, int] | None,
    problems: list[Problem],
) -> tuple[str, ...]:
    """The players who took no trick: seated, each once, with no card points, at most two."""
    raw = entry.get("jungfrau")
    if says_nothing(raw):
        return ()
    if not isinstance(raw, list):
        problems.append(problem(_("jungfrau must list the players who took no trick"), "jungfrau"))
        return ()
    named: list[str] = []
    for value in raw:
        if value not in table.players:
            problems.append(problem(_("{name} is not at this table"), "jungfrau", name=str(value)))
        elif value in named:
            problems.append(
                problem(_("{name} is a Jungfrau only once"), "jungfrau", name=str(value))
            )
        else:
            assert isinstance(value, str)
            named.append(value)
    for player in named:
        points = card_points.get(player, 0) if card_points else 0
        if points:
            problems.append(
                problem(
                    _("{name} took no trick (Jungfrau), so cannot have {points} card points"),
                    "jungfrau",
                    name=player,
                    points=points,
                )
            )
    if len(named) > MAX_JUNGFRAUEN and not _says_something(entry, "durchmarsch"):
        others = [player for player in table.players if player not in named]
        problems.append(
            problem(
                _(
                    "three players without a trick mean {name} took every trick: enter it as "
                    "{name}'s Durchmarsch"
                ),
                "jungfrau",
                name=others[0] if len(others) == 1 else ", ".join(others),
            )
        )
    return tuple(named)


def _parse_counted(entry: Mapping[str, object], table: TableSetup) -> CountedHand:
    problems = fields_not_applying(entry, POINTS_FIELDS, CONTRACT_FIELDS)
    raw = entry["points"]
    points = dict.fromkeys(table.players, 0)
    if not isinstance(raw, Mapping):
        problems.append(problem(_("points must give a number for each player"), "points"))
        raise_if_any(problems)
    assert isinstance(raw, Mapping)
    for player, value in read_counts(
        raw,
        points,
        problems,
        unknown=lambda name: problem(_("{name} is not at this table"), "points", name=name),
        not_whole=lambda name: problem(
            _("points for {name} must be a whole number"), "points", name=name
        ),
        negative=True,
    ):
        if value is not None:
            points[player] = value
    total = sum(points.values())
    if not problems and total != 0:
        problems.append(
            problem(_("the points must add up to zero, not {total}"), "points", total=total)
        )
    raise_if_any(problems)
    return CountedHand(points)


# -- a hand entered at the table ----------------------------------------------------------------
#
# The hand form sends what was tapped (``TableHand``); ``table_entry`` decides what a hand needs
# and forbids for its contract and turns it into the round entry above, which ``parse_entry``
# then checks as it checks a scoresheet's. Its problems are the players' words: what is still to
# enter, or a result that contradicts the card points or the tricks.

# How a contract's result is entered at the table: card points or won/lost ("plain"), won/lost or
# tricks only ("tout": all 8 win; "bettel": none win), each player's card points ("ramsch"), or
# nothing at all (a Sie wins unplayed; a pass scores nothing).
RESULT_PLAIN = "plain"
RESULT_TOUT = "tout"
RESULT_BETTEL = "bettel"
RESULT_RAMSCH = "ramsch"
RESULT_NONE = "none"

# The message of the problem that only says what is still to be entered.
STILL_TO_ENTER = _("Still to enter: {missing}.")


def result_kind(contract: Contract) -> str:
    """How the contract's result is entered (games/plugins/schafkopf/rules.md §4, §8, §9, §12,
    §13)."""
    if contract.ramsch:
        return RESULT_RAMSCH
    if not contract.played or contract is SIE:
        return RESULT_NONE
    if contract.bettel:
        return RESULT_BETTEL
    return RESULT_TOUT if contract.tout else RESULT_PLAIN


_RESULT_FIELDS = {
    RESULT_PLAIN: frozenset(
        {"declarer_won", "declarer_points", "declarer_tricks", "schneider", "schwarz"}
    ),
    RESULT_TOUT: frozenset({"declarer_won", "declarer_tricks"}),
    RESULT_BETTEL: frozenset({"declarer_won", "declarer_tricks"}),
    RESULT_RAMSCH: frozenset({"card_points", "jungfrau", "durchmarsch"}),
    RESULT_NONE: frozenset(),
}


def fields_for(contract: Contract, table: TableSetup) -> frozenset[str]:
    """The entry fields a contract asks for at this table; the others do not apply to it, and
    ``table_entry`` refuses them.

    >>> table = Schafkopf().setup(["Ann", "Bob", "Cy", "Di"], {})
    >>> sorted(fields_for(SIE, table))
    ['declarer']
    >>> sorted(fields_for(WENZ_TOUT, table))
    ['declarer', 'declarer_tricks', 'declarer_won', 'doublings']
    """
    fields = set(_RESULT_FIELDS[result_kind(contract)])
    if contract.played:
        fields.add("declarer")
    if contract.has_partner:
        fields.add("partner")
    if contract.suits:
        fields.add("suit")
    if contract.can_be_doubled:
        fields.add("doublings")
    if table.option_bool("runners") and laufende_count_in(contract, table.option_str("tout")):
        fields.add("laufende")
    if table.option_bool("klopfen") and contract.can_be_knocked:
        fields.add("klopfen")
    if contract.ramsch and table.option_bool("schieberramsch"):
        fields.add("geschoben")
    if contract.ramsch and table.option_str("ramsch_tie") != RAMSCH_TIE_ALL_LOSE:
        fields.add("tricks")
        if table.option_str("ramsch_tie") == RAMSCH_TIE_TRICKS_TRUMP:
            fields.add("highest_trump")
    return frozenset(fields)


@dataclass(frozen=True)
class TableHand:
    """A hand as tapped at the table, before ``table_entry`` reads it: every field as the
    players left it, blank (None, False, 0, empty) where nothing was entered. ``card_points``
    has one value per player who was given one (a Ramsch's blanks are left out)."""

    contract: str
    declarer: str | None = None
    partner: str | None = None
    suit: str | None = None
    declarer_won: bool | None = None
    schneider: bool = False
    schwarz: bool = False
    declarer_points: int | None = None
    declarer_tricks: int | None = None
    doublings: int = 0
    laufende: int = 0
    klopfen: int = 0
    card_points: Mapping[str, int] | None = None
    jungfrau: tuple[str, ...] = ()
    durchmarsch: str | None = None
    # A Ramsch's tie for the most card points, where the table breaks it (rules.md §12).
    tricks: Mapping[str, int] | None = None
    highest_trump: str | None = None
    geschoben: int = 0


def table_entry(hand: TableHand, table: TableSetup) -> dict[str, object]:
    """The round entry for a hand tapped at the table; raise EntryError, in the players' words,
    while something is still to enter or the result contradicts the card points or tricks.

    The card points decide won or lost and Schneider (games/plugins/schafkopf/rules.md §4), and
    the tricks a Tout or a Bettel (§8, §13): a won or lost picked as well is checked against them
    and then left to them. A field the contract does not ask for (``fields_for``) is refused: in
    the players' words where it is a result or a Ramsch's figure, else in ``parse_entry``'s.

    >>> table = Schafkopf().setup(["Ann", "Bob", "Cy", "Di"], {})
    >>> table_entry(TableHand("solo", declarer="Ann", declarer_points=75, declarer_won=True), table)
    {'contract': 'solo', 'declarer': 'Ann', 'declarer_points': 75}
    """
    contract = CONTRACTS_BY_KEY.get(hand.contract)
    if contract is None:
        raise_if_any(
            [
                problem(
                    _("contract must be one of {contracts}"),
                    "contract",
                    contracts=", ".join(c.key for c in contracts_at(table)),
                )
            ]
        )
    assert contract is not None
    missing = _still_to_enter(contract, hand, table)
    if missing:
        raise_if_any([problem(STILL_TO_ENTER, "", missing=Listed(tuple(missing), _("and")))])
    points = hand.declarer_points
    if contract.played and points is not None and points in IMPOSSIBLE_CARD_POINTS:
        # Before a won or lost tapped against them: what is wrong is the points (rules.md §1).
        raise_if_any([impossible_declarer_points(points)])
    contradiction = _contradiction(contract, hand)
    if contradiction is not None:
        raise_if_any([contradiction])
    entry = (
        _table_ramsch_entry(hand, table) if contract.ramsch else _table_played_entry(contract, hand)
    )
    asked = fields_for(contract, table)
    extra = [key for key in entry if key != "contract" and key not in asked]
    if extra:
        # A field the contract does not ask for: a result, card points or a Ramsch's figures
        # in the players' words; the rest (a partner in a Solo, a Stoß on a Sie) in
        # parse_entry's, which says why.
        worded = [key for key in extra if key in _TAPPED_FIELD_WORDS]
        raise_if_any(
            [
                problem(
                    _("A {contract} does not ask for {what}."),
                    key,
                    contract=contract.name,
                    what=_TAPPED_FIELD_WORDS[key],
                )
                for key in worded
            ]
        )
        parse_entry(entry, table)
        raise_if_any([_not_for(contract, key) for key in extra])
    return entry


# What a player tapped, in words, for a field its contract does not ask for (``table_entry``).
_TAPPED_FIELD_WORDS = {
    "declarer_won": _("a result (won or lost)"),
    "declarer_points": _("card points"),
    "declarer_tricks": _("tricks"),
    "schneider": _("Schneider"),
    "schwarz": _("Schwarz"),
    "card_points": _("each player's card points"),
    "jungfrau": _("a Jungfrau"),
    "durchmarsch": _("a Durchmarsch"),
    "declarer": _("a declarer"),
    "tricks": _("each tied player's tricks"),
    "highest_trump": _("the highest trump"),
}


def _result_given(hand: TableHand) -> bool:
    return (
        hand.declarer_points is not None
        or hand.declarer_tricks is not None
        or hand.declarer_won is not None
    )


def _still_to_enter(contract: Contract, hand: TableHand, table: TableSetup) -> list[str]:
    """What the contract needs that is not entered yet (rules.md §3: a declarer, and in a
    Sauspiel the partner; §4, §8, §13: the result; §12: a Ramsch's card points)."""
    kind = result_kind(contract)
    missing = []
    if contract.played and hand.declarer is None:
        missing.append(_("the declarer"))
    if contract.has_partner and hand.partner is None:
        missing.append(_("the partner"))
    if kind == RESULT_PLAIN and not _result_given(hand):
        missing.append(_("the result (won or lost, or the card points)"))
    if kind in (RESULT_TOUT, RESULT_BETTEL) and not _result_given(hand):
        missing.append(_("the result (won or lost)"))
    if kind == RESULT_RAMSCH and hand.durchmarsch is None and _ramsch_points(hand, table) is None:
        missing.append(
            _("each player's card points (one may be left blank: he took the rest of 120)")
        )
    return missing


def _contradiction(contract: Contract, hand: TableHand) -> Problem | None:
    """Won or lost, or Schneider, picked against what the card points or the tricks say
    (rules.md §4: 61 win, 91 or more or 30 or less is Schneider; §8: a Tout needs all 8 tricks;
    §13: a Bettel none)."""
    kind = result_kind(contract)
    points, tricks, won = hand.declarer_points, hand.declarer_tricks, hand.declarer_won
    if kind == RESULT_PLAIN and points is not None and 0 <= points <= TOTAL_CARD_POINTS:
        if won is not None and won != declarer_wins(points):
            message = (
                _("{points} card points win the game, but Lost is picked.")
                if declarer_wins(points)
                else _("{points} card points lose the game, but Won is picked.")
            )
            return problem(message, "", points=points)
        if hand.schneider and not (is_schneider(points) or hand.schwarz):
            return problem(
                _("{points} card points are not Schneider: that takes 91 or more, or 30 or less."),
                "",
                points=points,
            )
    counted = tricks is not None and 0 <= tricks <= TRICKS
    if kind == RESULT_TOUT and counted and won is not None and won != (tricks == TRICKS):
        return problem(
            _("A Tout is won with all 8 tricks only: the tricks and the result disagree.")
        )
    if kind == RESULT_BETTEL and counted and won is not None and won != (tricks == 0):
        return problem(
            _("A Bettel is won only without a single trick: the tricks and the result disagree.")
        )
    return None


def _table_played_entry(contract: Contract, hand: TableHand) -> dict[str, object]:
    entry: dict[str, object] = {"contract": contract.key}
    for name, value in (
        ("declarer", hand.declarer),
        ("partner", hand.partner),
        ("suit", hand.suit),
    ):
        if value:
            entry[name] = value
    entry.update(_table_result(contract, hand))
    for name, count in (
        ("doublings", hand.doublings),
        ("laufende", hand.laufende),
        ("klopfen", hand.klopfen),
    ):
        if count:
            entry[name] = count
    # A Ramsch's fields do not apply here: passed on for parse_entry to refuse.
    if hand.card_points and any(hand.card_points.values()):
        entry["card_points"] = dict(hand.card_points)
    if hand.jungfrau:
        entry["jungfrau"] = list(hand.jungfrau)
    if hand.durchmarsch:
        entry["durchmarsch"] = hand.durchmarsch
    if hand.geschoben:
        entry["geschoben"] = hand.geschoben
    entry.update(_table_tie_break(hand))
    return entry


def _table_tie_break(hand: TableHand) -> dict[str, object]:
    """The tricks and highest trump as tapped (rules.md §12), where any was."""
    entry: dict[str, object] = {}
    if hand.tricks:
        entry["tricks"] = dict(hand.tricks)
    if hand.highest_trump:
        entry["highest_trump"] = hand.highest_trump
    return entry


def _table_result(contract: Contract, hand: TableHand) -> dict[str, object]:
    """How the played contract went: the card points decide won or lost and Schneider, the
    tricks a Tout or a Bettel; a won or lost that agrees with them (``_contradiction`` has
    refused one that does not) is left to them."""
    entry: dict[str, object] = {}
    points, tricks, won = hand.declarer_points, hand.declarer_tricks, hand.declarer_won
    if points is not None:
        entry["declarer_points"] = points
        if tricks is not None:
            entry["declarer_tricks"] = tricks
        elif hand.schwarz:
            entry["schwarz"] = True
        if not contract.tout:
            won = None
    elif tricks is not None:
        entry["declarer_tricks"] = tricks
        if contract.tout or contract.bettel:
            won = None
    else:
        if hand.schneider:
            entry["schneider"] = True
        if hand.schwarz:
            entry["schwarz"] = True
    if won is not None:
        entry["declarer_won"] = won
    return entry


def _ramsch_points(hand: TableHand, table: TableSetup) -> dict[str, int] | None:
    """Each player's card points as entered (rules.md §12, §15): a Jungfrau left blank took 0, and
    one other player left blank took the rest of the 120. None while more are missing."""
    given: dict[str, int | None] = {
        player: (hand.card_points or {}).get(player) for player in table.players
    }
    for player in hand.jungfrau:
        if given.get(player) is None:
            given[player] = 0
    blank = [player for player, points in given.items() if points is None]
    if len(blank) > 1:
        return None
    points = {player: value or 0 for player, value in given.items()}
    if blank:
        rest = TOTAL_CARD_POINTS - sum(points.values())
        # Nothing sensible is left for him: parse_entry says the total is wrong.
        points[blank[0]] = rest if 0 <= rest <= TOTAL_CARD_POINTS else 0
    return points


def _table_ramsch_entry(hand: TableHand, table: TableSetup) -> dict[str, object]:
    """A Durchmarsch, or every player's card points and the Jungfrauen (rules.md §12)."""
    entry: dict[str, object] = {"contract": RAMSCH.key}
    if hand.durchmarsch is not None:
        entry["durchmarsch"] = hand.durchmarsch
    else:
        entry["card_points"] = _ramsch_points(hand, table) or {}
        if hand.jungfrau:
            entry["jungfrau"] = list(hand.jungfrau)
    entry.update(_table_tie_break(hand))
    if hand.klopfen:
        entry["klopfen"] = hand.klopfen
    if hand.geschoben:
        entry["geschoben"] = hand.geschoben
    # The played contracts' fields do not apply to a Ramsch: passed on for parse_entry to
    # refuse (a Stoß with the reason a Ramsch cannot be doubled).
    played: tuple[tuple[str, object], ...] = (
        ("declarer", hand.declarer),
        ("partner", hand.partner),
        ("suit", hand.suit),
        ("declarer_won", hand.declarer_won),
        ("schneider", hand.schneider or None),
        ("schwarz", hand.schwarz or None),
        ("declarer_points", hand.declarer_points),
        ("declarer_tricks", hand.declarer_tricks),
        ("doublings", hand.doublings or None),
        ("laufende", hand.laufende or None),
    )
    entry.update((name, value) for name, value in played if value is not None)
    return entry


# -- the game -----------------------------------------------------------------------------------


class Schafkopf(Game):
    """Schafkopf for four: a Sauspiel two against two, the other contracts one against three."""

    resumes_from_totals = True

    key = "schafkopf"
    name = _("Schafkopf")
    ends_when_players_stop = True
    # Each Solo, Wenz, Geier, Tout, Sie or Bettel won (SchafkopfTurnier counts them per player).
    counts_soli = True
    min_players = PLAYERS
    max_players = FIVE_PLAYERS
    dealer_sits_out_at = FIVE_PLAYERS
    option_specs = (
        OptionSpec(
            "tariff",
            dict(DEFAULT_TARIFF),
            _("Tariff"),
            _(
                "What each game is worth per player, and what Schneider and Schwarz add "
                "(Bettel and Ramsch count only where the table plays them); change any of them."
            ),
            minimum=1,
            maximum=100_000,
            part_labels=TARIFF_LABELS,
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
            "wenz_runners_from",
            2,
            _("Laufende in a Wenz or Geier from"),
            _(
                "Where only the four Unter (Wenz, Farbwenz) or the four Ober (Geier, Farbgeier) "
                "are the runners, they count from 2 on, or from 3 on."
            ),
            minimum=WENZ_RUNNERS_FROM[0],
            maximum=WENZ_RUNNERS_FROM[-1],
            requires="runners",
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
                    _(
                        "Twice the Wenz or Solo value with its Laufende, nothing else added; a "
                        "Sie four times the Solo value."
                    ),
                ),
            ),
        ),
        OptionSpec(
            "ramsch",
            False,
            _("Ramsch when everybody passes"),
            _(
                "When everybody passes, the hand is played out each for himself: the most card "
                "points lose and pay each other player the Ramsch tariff, doubled for each "
                "Jungfrau (a player without a trick); a Durchmarsch (every trick) wins a Solo "
                "won Schwarz from each."
            ),
        ),
        OptionSpec(
            "ramsch_tie",
            RAMSCH_TIE_ALL_LOSE,
            _("Ramsch: a tie for the most card points"),
            _(
                "Who loses when players tie for the most card points in a Ramsch: all of them, "
                "or the one who took more tricks; with the same tricks too, all of those, or the "
                "one who took the highest trump."
            ),
            choices=(
                Choice(RAMSCH_TIE_ALL_LOSE, _("All of them lose")),
                Choice(RAMSCH_TIE_TRICKS, _("More tricks lose")),
                Choice(RAMSCH_TIE_TRICKS_TRUMP, _("More tricks, then the highest trump, lose")),
            ),
            requires="ramsch",
        ),
        OptionSpec(
            "schieberramsch",
            False,
            _("Schieberramsch"),
            _(
                "In a Ramsch each player may push (schieben) once before the first card: each "
                "push doubles what the loser pays."
            ),
            requires="ramsch",
        ),
        OptionSpec(
            "bettel",
            False,
            _("Bettel and Bettel Brett"),
            _(
                "A game alone against three that is won without taking a single trick, worth "
                "the Bettel tariff; Bettel Brett, with open cards, twice that."
            ),
        ),
        OptionSpec(
            "geier",
            False,
            _("Geier and Geier-Tout"),
            _(
                "A game alone against three in which only the four Ober are trumps, worth the "
                "Wenz tariff; its Tout is a Tout."
            ),
        ),
        OptionSpec(
            "farbwenz",
            False,
            _("Farbwenz and Farbgeier"),
            _(
                "A Wenz or a Geier with a suit the declarer names as trumps too, worth the Solo "
                "tariff; their Touts are Touts."
            ),
        ),
        OptionSpec(
            "hochzeit",
            False,
            _("Hochzeit"),
            _(
                "A player with a single trump may give it to another player, who becomes his "
                "partner: scored as a Sauspiel."
            ),
        ),
        OptionSpec(
            "bock",
            False,
            _("Bock rounds"),
            _(
                "After a game the table chose below, the next games are Bock games, each worth "
                "twice its value, on top of knocks and Stoß."
            ),
        ),
        OptionSpec(
            "bock_games",
            PLAYERS,
            _("Bock games in a Bock round"),
            _("How many games a Bock round doubles: 4 is one round of the table."),
            minimum=1,
            maximum=2 * PLAYERS,
            requires="bock",
        ),
        OptionSpec(
            "bock_doubled",
            BOCK_DOUBLED_RETOUR,
            _("Bock after a doubled game"),
            _("Whether a game doubled by Stoß (Kontra) or by Retour (Re) starts a Bock round."),
            choices=(
                Choice(BOCK_DOUBLED_OFF, _("Never")),
                Choice(BOCK_DOUBLED_STOSS, _("After a Stoß")),
                Choice(BOCK_DOUBLED_RETOUR, _("After a Retour")),
            ),
            requires="bock",
        ),
        OptionSpec(
            "bock_sixty",
            True,
            _("Bock after 60:60"),
            _("A game lost with 60 card points starts a Bock round."),
            requires="bock",
        ),
        OptionSpec(
            "bock_schneider",
            False,
            _("Bock after a game alone won Schneider"),
            _(
                "A Wenz, Solo or other game alone (not a Tout or Bettel) won Schneider starts "
                "a Bock round."
            ),
            requires="bock",
        ),
        OptionSpec(
            "bock_runde",
            False,
            _("Bock after every full round"),
            _(
                "Once each player has dealt in a round without Bock games, a Bock round starts, "
                "whatever was played: plain and Bock rounds take turns."
            ),
            requires="bock",
        ),
        OptionSpec(
            "doppelbock",
            False,
            _("Doppelbock"),
            _(
                "A Bock round started while Bock games are still owed doubles them again: "
                "each of those games is a Doppelbock, worth four times its value. Otherwise it "
                "is played after them."
            ),
            requires="bock",
        ),
        OptionSpec(
            "klopfen",
            False,
            _("Klopfen (Legen)"),
            _(
                "Players may knock while the cards are dealt: each knock doubles the hand's "
                "value, on top of any Stoß."
            ),
        ),
        OptionSpec(
            "cents_per_point",
            0,
            _("Money per point"),
            _(
                "How much one point is worth when the evening is settled, in cents (in yen for "
                "the yen); 0 plays for points only. It changes how amounts are shown, never the "
                "scores."
            ),
            minimum=0,
            maximum=10_000,
        ),
        OptionSpec(
            "currency",
            "EUR",
            _("Currency"),
            _(
                "The currency the money per point is counted in. A league's table takes the "
                "league's currency."
            ),
            choices=CURRENCIES,
        ),
    )

    def parse_entry(
        self, entry: Mapping[str, object], table: TableSetup
    ) -> PlayedHand | RamschHand | CountedHand:
        return parse_entry(entry, table)

    def score_round(
        self,
        entry: Mapping[str, object],
        table: TableSetup,
        earlier: Sequence[RoundScore] = (),
        *,
        stored: bool = False,
    ) -> RoundScore:
        """``stored``: a stored hand replayed, which keeps 1 or 119 card points (``parse_entry``).
        Whether the hand is a Bock game follows from the hands before (rules.md §19), a full
        Runde being a hand dealt by each player at the table."""
        # Only a table that plays Bock reads the hands before: the others score each hand
        # alone, at the same cost however many came before.
        bock = (
            bock_level([score.breakdown for score in earlier], table, len(table.players))
            if table.option_bool("bock")
            else 0
        )

        def score_four(
            entry: Mapping[str, object], table: TableSetup, earlier: Sequence[RoundScore]
        ) -> RoundScore:
            return self._score_four(entry, table, stored=stored, bock=bock)

        if len(table.players) == FIVE_PLAYERS:
            return score_at_five(entry, table, earlier, score_four)
        return score_four(entry, table, earlier)

    def _score_four(
        self, entry: Mapping[str, object], table: TableSetup, *, stored: bool, bock: int
    ) -> RoundScore:
        parsed = parse_entry(entry, table, stored=stored)
        if isinstance(parsed, CountedHand):
            counted = SchafkopfPointsBreakdown(dict(parsed.points))
            return RoundScore(dict(parsed.points), counted.to_json())
        # A Bock round follows from the hands before (rules.md §19), so a table that plays it
        # is scored from them (``resume_state`` then says None).
        if isinstance(parsed, RamschHand):
            return score_ramsch(parsed, table, bock)
        return score_hand(parsed, table, bock)

    def read_breakdown(self, data: object) -> SchafkopfBreakdown:
        """A stored breakdown of this game as its dataclass (see ``read_breakdown``)."""
        return read_breakdown(data)

    def game_state(self, rounds: Sequence[RoundScore], table: TableSetup) -> GameState:
        """The running balance; an evening ends when the players stop, so it never finishes
        (rule text "ゲームの終了条件は特に決まっていない")."""
        after_each = running_totals(table.sides, rounds)
        totals = after_each[-1] if after_each else dict.fromkeys(table.sides, 0)
        return GameState(totals, after_each)

    def resume_state(
        self, totals: Mapping[Side, int], hands: int, score: RoundScore, table: TableSetup
    ) -> GameState | None:
        """The balance so far plus the hand's payments; the evening never ends by itself. None
        at a table that plays Bock rounds: whether a hand is a Bock game follows from the hands
        before it (rules.md §19)."""
        if not self.resumes_at(table):
            return None
        return resumed_state(totals_after(table.sides, totals, score), hands)

    def resumes_at(self, table: TableSetup) -> bool:
        """Not at a table that plays Bock rounds (rules.md §19): the hands before decide; nor
        at a table of five, where who sits out follows from the deal."""
        return not table.option_bool("bock") and len(table.players) == PLAYERS

    def total_text(self, total: int, table: TableSetup, style: NumberStyle) -> str:
        # A balance around zero: signed, and in money where the table plays for it.
        return amount(total, table, style)

    def tracker(self, table: TableSetup, first_dealer: int = 0) -> RoundTracker:
        return SchafkopfTracker(self, table, first_dealer)


class SchafkopfTracker(RoundTracker):
    """At a table of five the tracker knows who deals each hand, so the hand it scores names
    the dealer as the player who sits out, whatever the entry said: a hand moved or deleted
    before it changes the deal, and the hands after follow it. A stored hand replayed keeps
    1 or 119 card points (``rescore``, ``parse_entry``)."""

    game: Schafkopf

    def score(self, entry: Mapping[str, object]) -> RoundScore:
        return self._scored(entry, stored=False)

    def rescore(self, entry: Mapping[str, object]) -> RoundScore:
        return self._scored(entry, stored=True)

    def _scored(self, entry: Mapping[str, object], *, stored: bool) -> RoundScore:
        if len(self.table.players) == FIVE_PLAYERS:
            entry = {**entry, SITS_OUT: self.table.players[self.next_dealer()]}
        return self.game.score_round(entry, self.table, self.scores, stored=stored)


def sits_out_at(table: TableSetup, dealer: int) -> str | None:
    """Who sits out the hand ``dealer`` (a seat) deals: at a table of five the dealer, so the
    four who play are the others and each player sits out every fifth game (the tournament
    practice in /work/shared/tournaments/NOTES.md §1: tables of five when a field does not
    divide by four, as SchafkopfTurnierplaner draws them and as a Doppelkopf table of five
    plays); nobody at a table of four.

    >>> table = TableSetup("schafkopf", {}, ("Ann", "Bob", "Cy", "Di", "Ed"))
    >>> [sits_out_at(table, seat) for seat in range(6)]
    ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Ann']
    """
    if len(table.players) != FIVE_PLAYERS:
        return None
    return table.players[dealer % FIVE_PLAYERS]


def _sitter_named(entry: Mapping[str, object], table: TableSetup) -> str:
    value = entry.get(SITS_OUT)
    if says_nothing(value):
        raise_if_any(
            [problem(_("at a table of five, say who deals and sits out this hand"), SITS_OUT)]
        )
    if value not in table.players:
        raise_if_any([problem(_("{name} is not at this table"), SITS_OUT, name=str(value))])
    assert isinstance(value, str)
    return value


def _names_in(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping | list | tuple):
        return [str(item) for item in value]
    return []


def score_at_five(
    entry: Mapping[str, object],
    table: TableSetup,
    earlier: Sequence[RoundScore],
    score_four: Callable[[Mapping[str, object], TableSetup, Sequence[RoundScore]], RoundScore],
) -> RoundScore:
    """A hand at a table of five: the four who do not deal play it as a table of four would,
    and the dealer, sitting out, scores 0 (``sits_out_at``). The entry names the dealer in
    ``sits_out``; a declarer, partner, Ramsch player or points naming the dealer are refused.
    """
    sitter = _sitter_named(entry, table)
    rest = {key: value for key, value in entry.items() if key != SITS_OUT}
    named = [
        name
        for field in ("declarer", "partner", "durchmarsch", "jungfrau", "card_points", "tricks")
        for name in _names_in(rest.get(field))
    ]
    points = rest.get("points")
    if isinstance(points, Mapping) and sitter in points:
        if points[sitter] not in (0, None):
            named.append(sitter)
        rest["points"] = {name: value for name, value in points.items() if name != sitter}
    if sitter in named:
        raise_if_any([problem(_("{name} deals this hand and sits out"), SITS_OUT, name=sitter)])
    four = TableSetup(
        table.game,
        table.options,
        tuple(player for player in table.players if player != sitter),
        table.teams,
    )
    score = score_four(rest, four, earlier)
    return RoundScore(
        {player: score.points.get(player, 0) for player in table.players}, score.breakdown
    )


def score_hand(hand: PlayedHand, table: TableSetup, bock: int = 0) -> RoundScore:
    """One hand's payments: game value and zero-sum settlement (games/plugins/schafkopf/rules.md
    §6-§7); everybody passed scores nothing (§2). ``bock``: 1 for a Bock game, 2 for a
    Doppelbock (§19)."""
    contract = hand.contract
    tout_rule = table.option_str("tout")
    laufende = hand.laufende
    if contract is SIE and table.option_bool("runners"):
        laufende = SIE_LAUFENDE  # only counted in a Sie under tout "double" (value_parts)
    parts = value_parts(
        contract,
        schneider=hand.schneider,
        schwarz=hand.schwarz,
        laufende=laufende,
        doublings=hand.doublings,
        klopfen=hand.klopfen,
        tariff=table.option_mapping("tariff"),
        tout=tout_rule,
        wenz_runners_from=table.option_int("wenz_runners_from"),
        bock=bock,
    )
    if contract.played:
        points = settle(table.players, hand.declarer_side, hand.declarer_won, parts.per_opponent)
    else:
        points = dict.fromkeys(table.players, 0)
    breakdown = ContractBreakdown(
        contract=contract,
        suit=hand.suit,
        declarer=hand.declarer or None,
        partner=hand.partner,
        declarer_side=hand.declarer_side,
        declarer_won=hand.declarer_won if contract.played else None,
        declarer_points=hand.declarer_points,
        declarer_tricks=hand.declarer_tricks,
        base=parts.base,
        schneider=hand.schneider,
        schwarz=hand.schwarz,
        schneider_value=parts.schneider,
        schwarz_value=parts.schwarz,
        laufende=LaufendePart(laufende if parts.laufende else hand.laufende, parts.laufende),
        tout=tout_rule if contract.tout else None,
        factor=parts.factor,
        value_before_doublings=parts.before_doublings,
        klopfen=hand.klopfen,
        doublings=hand.doublings,
        multiplier=parts.multiplier,
        game_value=parts.per_opponent,
        bock=bock > 0,
        doppelbock=bock == DOPPELBOCK,
    )
    return RoundScore(points, breakdown.to_json())


def score_ramsch(hand: RamschHand, table: TableSetup, bock: int = 0) -> RoundScore:
    """A Ramsch's payments (games/plugins/schafkopf/rules.md §12; the readings in the module
    docstring, "House games"): the most card points lose and pay each other player, all of them on a
    tie; each Jungfrau doubles; a Durchmarsch wins from everyone."""
    players = table.players
    parts = ramsch_value_parts(
        jungfrauen=len(hand.jungfrau),
        durchmarsch=hand.durchmarsch is not None,
        klopfen=hand.klopfen,
        tariff=table.option_mapping("tariff"),
        bock=bock,
        geschoben=hand.geschoben,
    )
    if hand.durchmarsch is not None:
        losers = tuple(player for player in players if player != hand.durchmarsch)
    else:
        assert hand.card_points is not None
        losers = hand.tie_break.losers if hand.tie_break else ramsch_losers(hand.card_points)
    winners = [player for player in players if player not in losers]
    points = settle_ramsch(players, losers, parts.per_opponent)
    breakdown = RamschBreakdown(
        card_points=dict(hand.card_points) if hand.card_points is not None else None,
        losers=losers,
        winners=tuple(winners),
        jungfrau=hand.jungfrau,
        durchmarsch=hand.durchmarsch,
        base=parts.base,
        schneider_value=parts.schneider,
        schwarz_value=parts.schwarz,
        factor=parts.factor,
        value_before_doublings=parts.before_doublings,
        klopfen=hand.klopfen,
        multiplier=parts.multiplier,
        game_value=parts.per_opponent,
        schneider=hand.durchmarsch is not None,
        schwarz=hand.durchmarsch is not None,
        tie_break=hand.tie_break,
        bock=bock > 0,
        doppelbock=bock == DOPPELBOCK,
        geschoben=hand.geschoben,
    )
    return RoundScore(points, breakdown.to_json())


# -- the breakdown ------------------------------------------------------------------------------
#
# A hand's breakdown as typed values (breakdowns.py; the module docstring shows each kind):
# ``to_json()`` is exactly what the engine stores, ``from_json`` reads it back.

_players = list_of(string)
_name_or_null = nullable(string)
_whole_or_null = nullable(integer)


def _contract(value: object, path: str) -> Contract:
    """A contract a declarer plays, or everybody passing: a Ramsch has its own breakdown."""
    keys = tuple(key for key in CONTRACTS_BY_KEY if key != RAMSCH.key)
    return CONTRACTS_BY_KEY[one_of(keys)(value, path)]


def _suit(value: object, path: str) -> GermanSuit:
    return GermanSuit(one_of(tuple(GermanSuit))(value, path))


@dataclass(frozen=True)
class LaufendePart:
    """The runners (games/plugins/schafkopf/rules.md §10): how many the declarer side held (a Sie's
    8 where they count in it, §9) and what they add before doubling, 0 where they do not count."""

    count: int
    value: int

    def to_json(self) -> dict[str, JSON]:
        return {"count": self.count, "value": self.value}

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown.laufende") -> LaufendePart:
        fields = Fields(data, path, ("count", "value"))
        return cls(fields.read("count", integer), fields.read("value", integer))


@dataclass(frozen=True)
class ContractBreakdown:
    """A played contract, or everybody passing (games/plugins/schafkopf/rules.md §2-§10, §13-§14):
    who played it and how it went, and the game value's parts (§6): ``factor`` x (``base`` +
    ``schneider_value`` + ``schwarz_value`` + the Laufende's value) =
    ``value_before_doublings``, x ``multiplier`` (2^(``klopfen`` + ``doublings``)) =
    ``game_value``, what each opponent pays or receives. When everybody passed, ``declarer``,
    ``partner`` and ``declarer_won`` are None and ``declarer_side`` is empty.

    Hands stored before the house games (Klopfen, Bettel Brett, the Sie under ``tout:
    "double"``) have no ``factor`` and ``klopfen``: ``from_json`` reads them as no knock and
    the factor they had then (2 for a Tout under ``tout: "double"``, else 1), and ``to_json``
    then writes both.
    """

    kind: ClassVar[str] = "contract"

    contract: Contract
    suit: GermanSuit | None
    declarer: str | None
    partner: str | None
    declarer_side: tuple[str, ...]
    declarer_won: bool | None
    declarer_points: int | None
    declarer_tricks: int | None
    base: int
    schneider: bool
    schwarz: bool
    schneider_value: int
    schwarz_value: int
    laufende: LaufendePart
    tout: str | None
    factor: int
    value_before_doublings: int
    klopfen: int
    doublings: int
    multiplier: int
    game_value: int
    # A game of a Bock round (rules.md §19), its ``multiplier`` doubled once more; the key is
    # written only then, so every hand stored before Bock rounds reads the same.
    bock: bool = False
    # A game of two overlapping Bock rounds (option ``doppelbock``): ``bock`` too, and its
    # ``multiplier`` doubled twice; written only then.
    doppelbock: bool = False

    def to_json(self) -> dict[str, JSON]:
        stored = self._stored()
        if self.bock:
            stored["bock"] = True
        if self.doppelbock:
            stored["doppelbock"] = True
        return stored

    def _stored(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "contract": self.contract.key,
            "suit": self.suit.value if self.suit else None,
            "declarer": self.declarer,
            "partner": self.partner,
            "declarer_side": list(self.declarer_side),
            "declarer_won": self.declarer_won,
            "declarer_points": self.declarer_points,
            "declarer_tricks": self.declarer_tricks,
            "base": self.base,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "schneider_value": self.schneider_value,
            "schwarz_value": self.schwarz_value,
            "laufende": self.laufende.to_json(),
            "tout": self.tout,
            "factor": self.factor,
            "value_before_doublings": self.value_before_doublings,
            "klopfen": self.klopfen,
            "doublings": self.doublings,
            "multiplier": self.multiplier,
            "game_value": self.game_value,
        }

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> ContractBreakdown:
        keys = [key for key in _CONTRACT_KEYS if key not in _LATER_CONTRACT_KEYS]
        fields = Fields(data, path, keys, optional=_LATER_CONTRACT_KEYS)
        fields.expect("kind", cls.kind)
        tout = fields.read("tout", nullable(one_of((TOUT_FLAT, TOUT_DOUBLE))))
        factor = fields.maybe("factor", integer)
        return cls(
            contract=fields.read("contract", _contract),
            suit=fields.read("suit", nullable(_suit)),
            declarer=fields.read("declarer", _name_or_null),
            partner=fields.read("partner", _name_or_null),
            declarer_side=fields.read("declarer_side", _players),
            declarer_won=fields.read("declarer_won", nullable(boolean)),
            declarer_points=fields.read("declarer_points", _whole_or_null),
            declarer_tricks=fields.read("declarer_tricks", _whole_or_null),
            base=fields.read("base", integer),
            schneider=fields.read("schneider", boolean),
            schwarz=fields.read("schwarz", boolean),
            schneider_value=fields.read("schneider_value", integer),
            schwarz_value=fields.read("schwarz_value", integer),
            laufende=fields.read("laufende", LaufendePart.from_json),
            tout=tout,
            factor=factor if factor is not None else 2 if tout == TOUT_DOUBLE else 1,
            value_before_doublings=fields.read("value_before_doublings", integer),
            klopfen=fields.maybe("klopfen", integer) or 0,
            doublings=fields.read("doublings", integer),
            multiplier=fields.read("multiplier", integer),
            game_value=fields.read("game_value", integer),
            bock=bool(fields.maybe("bock", boolean)),
            doppelbock=bool(fields.maybe("doppelbock", boolean)),
        )


# The keys in the order to_json writes them: its fields' order.
_CONTRACT_KEYS = ("kind", *(field.name for field in dataclass_fields(ContractBreakdown)))
# Keys the house games added (issue 17, item 1; Bock rounds, issue 34); hands stored before
# then lack them.
_LATER_CONTRACT_KEYS = ("factor", "klopfen", "bock", "doppelbock")


@dataclass(frozen=True)
class RamschBreakdown:
    """A Ramsch (games/plugins/schafkopf/rules.md §12, §14): each player's card points (None for a
    Durchmarsch entered without them), the ``losers``, each paying ``game_value`` to each of
    the ``winners``, the Jungfrauen and the Durchmarsch's player; the value's parts as in a
    contract, ``factor`` being 2^(Jungfrauen), and ``schneider`` and ``schwarz`` true for a
    Durchmarsch (a Solo won Schwarz). A Ramsch is never doubled and has no declarer: its
    ``doublings`` are always 0 and ``declarer_won`` None."""

    kind: ClassVar[str] = "ramsch"
    contract: ClassVar[Contract] = RAMSCH
    doublings: ClassVar[int] = 0
    declarer_won: ClassVar[None] = None

    card_points: Mapping[str, int] | None
    losers: tuple[str, ...]
    winners: tuple[str, ...]
    jungfrau: tuple[str, ...]
    durchmarsch: str | None
    base: int
    schneider_value: int
    schwarz_value: int
    factor: int
    value_before_doublings: int
    klopfen: int
    multiplier: int
    game_value: int
    schneider: bool
    schwarz: bool
    # Only where the table broke a tie for the most card points (option ``ramsch_tie``): the
    # key is left out otherwise, so every Ramsch stored before the option reads the same.
    tie_break: RamschTieBreak | None = None
    # A game of a Bock round (rules.md §19), or of two (Doppelbock): written only then, as for
    # a contract.
    bock: bool = False
    doppelbock: bool = False
    # How many players pushed in a Schieberramsch (rules.md §20), each doubling; written only
    # when some did.
    geschoben: int = 0

    def to_json(self) -> dict[str, JSON]:
        stored = self._stored()
        if self.tie_break is not None:
            stored["tie_break"] = self.tie_break.to_json()
        if self.bock:
            stored["bock"] = True
        if self.doppelbock:
            stored["doppelbock"] = True
        if self.geschoben:
            stored["geschoben"] = self.geschoben
        return stored

    def _stored(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "contract": self.contract.key,
            "card_points": dict(self.card_points) if self.card_points is not None else None,
            "losers": list(self.losers),
            "winners": list(self.winners),
            "jungfrau": list(self.jungfrau),
            "durchmarsch": self.durchmarsch,
            "base": self.base,
            "schneider_value": self.schneider_value,
            "schwarz_value": self.schwarz_value,
            "factor": self.factor,
            "value_before_doublings": self.value_before_doublings,
            "klopfen": self.klopfen,
            "doublings": self.doublings,
            "multiplier": self.multiplier,
            "game_value": self.game_value,
            "declarer_won": self.declarer_won,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
        }

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> RamschBreakdown:
        fields = Fields(data, path, _RAMSCH_KEYS, optional=_LATER_RAMSCH_KEYS)
        for key, value in (
            ("kind", cls.kind),
            ("contract", cls.contract.key),
            ("doublings", cls.doublings),
            ("declarer_won", cls.declarer_won),
        ):
            fields.expect(key, value)
        return cls(
            card_points=fields.read("card_points", nullable(mapping_of(integer))),
            losers=fields.read("losers", _players),
            winners=fields.read("winners", _players),
            jungfrau=fields.read("jungfrau", _players),
            durchmarsch=fields.read("durchmarsch", _name_or_null),
            base=fields.read("base", integer),
            schneider_value=fields.read("schneider_value", integer),
            schwarz_value=fields.read("schwarz_value", integer),
            factor=fields.read("factor", integer),
            value_before_doublings=fields.read("value_before_doublings", integer),
            klopfen=fields.read("klopfen", integer),
            multiplier=fields.read("multiplier", integer),
            game_value=fields.read("game_value", integer),
            schneider=fields.read("schneider", boolean),
            schwarz=fields.read("schwarz", boolean),
            tie_break=fields.maybe(
                "tie_break", lambda value, at: RamschTieBreak.from_json(value, at)
            ),
            bock=bool(fields.maybe("bock", boolean)),
            doppelbock=bool(fields.maybe("doppelbock", boolean)),
            geschoben=fields.maybe("geschoben", integer) or 0,
        )


# Written only when they say something (the tie-break, Bock rounds, the Schieberramsch).
_LATER_RAMSCH_KEYS = ("tie_break", "bock", "doppelbock", "geschoben")
_RAMSCH_KEYS = (
    "kind",
    "contract",
    "doublings",
    "declarer_won",
    *(
        field.name
        for field in dataclass_fields(RamschBreakdown)
        if field.name not in _LATER_RAMSCH_KEYS
    ),
)


@dataclass(frozen=True)
class SchafkopfPointsBreakdown:
    """A hand the table settled itself (games/plugins/schafkopf/rules.md §15): each player's points,
    adding up to zero. ``declarer_won``, ``schneider``, ``schwarz``, ``multiplier`` and
    ``game_value`` are there as null, as in the other kinds.

    >>> SchafkopfPointsBreakdown({"Ann": 20, "Bob": -20, "Cy": 0, "Di": 0}).to_json()
    {'kind': 'points', 'points': {'Ann': 20, 'Bob': -20, 'Cy': 0, 'Di': 0},
     'declarer_won': None, 'schneider': None, 'schwarz': None, 'multiplier': None,
     'game_value': None}
    """

    kind: ClassVar[str] = "points"
    declarer_won: ClassVar[None] = None
    schneider: ClassVar[None] = None
    schwarz: ClassVar[None] = None
    multiplier: ClassVar[None] = None
    game_value: ClassVar[None] = None

    points: Mapping[str, int]

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"kind": self.kind, "points": dict(self.points)}
        data.update(dict.fromkeys(_NULL_IN_POINTS))
        return data

    @classmethod
    def from_json(cls, data: object, path: str = "breakdown") -> SchafkopfPointsBreakdown:
        fields = Fields(data, path, ("kind", "points", *_NULL_IN_POINTS))
        fields.expect("kind", cls.kind)
        for key in _NULL_IN_POINTS:
            fields.expect(key, None)
        return cls(fields.read("points", mapping_of(integer)))


_NULL_IN_POINTS = ("declarer_won", "schneider", "schwarz", "multiplier", "game_value")

SchafkopfBreakdown = ContractBreakdown | RamschBreakdown | SchafkopfPointsBreakdown


def read_breakdown(data: object) -> SchafkopfBreakdown:
    """A stored Schafkopf breakdown as its dataclass; raise BreakdownError if it is not one the
    engine writes (or wrote: see ``ContractBreakdown``)."""
    kind = kind_of(data, ("contract", "ramsch", "points"))
    if kind == "points":
        return SchafkopfPointsBreakdown.from_json(data)
    if kind == "ramsch":
        return RamschBreakdown.from_json(data)
    return ContractBreakdown.from_json(data)


GAMES: tuple[Game, ...] = (Schafkopf(),)

OFFERED_AFTER = "swoops"
