"""Which table cards a played card may take: the pure rules behind the capture referee.

Rules: games/plugins/scopa/rules.md §5-§7 and games/plugins/scopa/pirate-scopa.md §6; the quotes
below are from the German and English rule texts named there. Values are the capture values of
``Rank.number``: A = 1 ... 7, Fante 8, Cavallo 9, Re 10.

The functions answer for one card already chosen. Which card to play stays free in Scopa ("Man
ist nicht verpflichtet eine Karte zu spielen die einen Stich macht"). Pirate Scopa forbids
trailing a card that could take a trick ("You cannot place a card down that you can take a trick
with"), but that is a choice among the hand's cards and is not decided here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.scoring.cards import DECK, MATTA, Card, Rank
from games.scoring.errors import Problem, problem, raise_if_any
from games.scoring.i18n import gettext_noop as _

KIND_SINGLE = "single"
KIND_SUM = "sum"
KIND_FIFTEEN = "fifteen"
KIND_ACE_TAKES_ALL = "ace-takes-all"

QUINDICI_TOTAL = 15

_DECK_ORDER = {card: index for index, card in enumerate(DECK)}


def _face_value(card: Card) -> int:
    return card.number


@dataclass(frozen=True)
class CaptureRules:
    """The capture rules a table plays by; the defaults are standard Scopa.

    ``quindici``: Scopa di Quindici, where a played card "sticht die Karte/n die mit der
    gespielten Karte zusammen die Summe von 15 ergeben".
    ``scopa_d_assi``: "Das spielen eines Asses sticht alle Tischkarten."
    The last two flags are the rule text's d'Assi play variants and only apply with
    ``scopa_d_assi``:
    ``ace_on_table_takes_only_ace``: "wenn ein Ass schon in der Mitte des Tisches liegt, ein
    gespieltes Ass nun nur das Ass und nicht alle Tischkarten sticht".
    ``ace_may_be_trailed``: "wenn der Spieler es wünscht, er dass Ass auch nur in die Mitte legen
    kann ohne damit eine Karte zu stechen".
    """

    quindici: bool = False
    scopa_d_assi: bool = False
    # Cirulla (games/plugins/scopa/cirulla.md §5): Scopa's captures and the fifteens together,
    # and an ace takes the whole table when no ace lies on it.
    cirulla: bool = False
    ace_on_table_takes_only_ace: bool = False
    ace_may_be_trailed: bool = False
    # Cirulla's matta declared as this rank at the deal keeps it for the rest of the hand
    # (cirulla.md §5); None leaves it the 7 it is. Only Cirulla has a matta.
    matta: Rank | None = None

    def rank_of(self, card: Card) -> Rank:
        """The rank a card takes and is taken as: its own, or the matta's declared one."""
        if card == MATTA and self.cirulla and self.matta is not None:
            return self.matta
        return card.rank

    def value_of(self, card: Card) -> int:
        """The capture value a card counts for under these rules (A = 1 ... Re 10)."""
        return self.rank_of(card).number


@dataclass(frozen=True)
class Capture:
    """One choice a player has: the table cards taken, in deck order (coins first, A to K).

    The played card is not in ``cards``. ``sweeps`` is true when the capture takes every card on
    the table; ``kind`` says which rule allows it: ``"single"``, ``"sum"``, ``"fifteen"`` or
    ``"ace-takes-all"``. ``values`` are the cards' capture values as the rules counted them (a
    declared matta at its declared value); left out, each card's own.
    """

    cards: tuple[Card, ...]
    sweeps: bool
    kind: str
    values: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.values:
            object.__setattr__(self, "values", tuple(card.number for card in self.cards))

    @property
    def total(self) -> int:
        """The sum of the capture values of the cards taken."""
        return sum(self.values)


def table_problems(table: Sequence[Card], played: Card) -> list[Problem]:
    """What makes a table and a played card impossible: a card twice, or played from the table."""
    problems: list[Problem] = []
    seen: set[Card] = set()
    for card in table:
        if card in seen:
            problems.append(problem(_("{card} is on the table twice"), "table", card=card.code))
        seen.add(card)
    if played in seen:
        problems.append(
            problem(_("{card} is played but is also on the table"), "played", card=played.code)
        )
    return problems


def legal_captures(
    table: Sequence[Card], played: Card, rules: CaptureRules = CaptureRules()
) -> tuple[Capture, ...]:
    """Every capture the player may choose, each set of table cards once; empty when none.

    Standard Scopa ("Die Regeln für einen Stich", 1.-4.): if table cards have the played card's
    value, the choices are exactly those single cards ("welche bleibt dem Spieler überlassen"),
    because "Wenn eine Karte sowohl eine Einzelkarte als auch eine Summe von verschiedenen Karten
    stechen kann, sticht die Karte die Einzelkarte und nicht die Summe der Karten!" (Pirate Scopa:
    "you must take that card instead of taking multiple cards"). Otherwise every set of two or
    more table cards adding up to the played card's value is a choice ("darf der Spieler sich für
    eine Möglichkeit entscheiden"). With none, the card is trailed (rule 4).

    Scopa di Quindici: every set of one or more table cards that makes 15 together with the
    played card; a card "sticht nicht mehr eine oder mehrere Karten gleichen Wertes", so no
    single-card preference applies.

    Scopa d'Assi: a played ace "sticht alle Tischkarten" (nothing on an empty table); with
    ``ace_on_table_takes_only_ace`` and an ace on the table, it takes one of those aces instead.

    Cirulla: Scopa's captures and the fifteens together, and a played ace that takes a table
    holding no ace; a declared matta counts as its declared rank throughout (``_cirulla_captures``).

    Order: singles and sums in deck order of their cards, fewer cards first. Raises
    ``EntryError`` if a table card is listed twice or the played card is on the table.
    """
    raise_if_any(table_problems(table, played))
    cards = sorted(table, key=_DECK_ORDER.__getitem__)
    if rules.cirulla:
        return _cirulla_captures(cards, played, rules)
    if rules.scopa_d_assi and played.rank is Rank.ACE:
        aces = [card for card in cards if card.rank is Rank.ACE]
        if rules.ace_on_table_takes_only_ace and aces:
            return tuple(_capture((ace,), cards, KIND_SINGLE) for ace in aces)
        if not cards:
            return ()
        return (_capture(tuple(cards), cards, KIND_ACE_TAKES_ALL),)
    if rules.quindici:
        target = QUINDICI_TOTAL - played.number
        return tuple(
            _capture(subset, cards, KIND_FIFTEEN) for subset in _subsets_summing(cards, target)
        )
    equal = [card for card in cards if card.number == played.number]
    if equal:
        return tuple(_capture((card,), cards, KIND_SINGLE) for card in equal)
    return tuple(
        _capture(subset, cards, KIND_SUM)
        for subset in _subsets_summing(cards, played.number)
        if len(subset) >= 2
    )


def _cirulla_captures(
    cards: Sequence[Card], played: Card, rules: CaptureRules
) -> tuple[Capture, ...]:
    """Cirulla (cirulla.md §5): a played ace with no ace on the table takes every card; otherwise
    the player picks among Scopa's captures (a single card of the same value before any sum)
    and every set that makes 15 with the played card. No set is both: it would sum to the
    played card's value and to 15 less it.

    A matta declared at the deal is the card it was declared as, played or on the table: its
    value in every sum, and, declared an ace, an ace that sweeps or that stops an ace's sweep
    (the Gazzetta di Santa: a value "che gli rimane durante tutto il gioco")."""
    value = rules.value_of
    aces_on_table = any(rules.rank_of(card) is Rank.ACE for card in cards)
    if rules.rank_of(played) is Rank.ACE and cards and not aces_on_table:
        return (_capture(tuple(cards), cards, KIND_ACE_TAKES_ALL, value),)
    played_value = value(played)
    equal = [card for card in cards if value(card) == played_value]
    if equal:
        standard = [_capture((card,), cards, KIND_SINGLE, value) for card in equal]
    else:
        standard = [
            _capture(subset, cards, KIND_SUM, value)
            for subset in _subsets_summing(cards, played_value, value)
            if len(subset) >= 2
        ]
    fifteens = [
        _capture(subset, cards, KIND_FIFTEEN, value)
        for subset in _subsets_summing(cards, QUINDICI_TOTAL - played_value, value)
    ]
    return (*standard, *fifteens)


def may_trail(table: Sequence[Card], played: Card, rules: CaptureRules = CaptureRules()) -> bool:
    """Whether the played card may stay on the table without taking anything.

    True when no capture is legal (rule 4: "gibt es keinen Stich und die gespielte Karte wird
    offen zu den Tischkarten gelegt"), and for an ace under Scopa d'Assi with
    ``ace_may_be_trailed``. Otherwise a capture must be taken: "Trotzdem muss ein Stich genommen
    werden, wenn die gelegte Karte einen Stich auslöst".

    >>> from games.scoring.cards import parse_card
    >>> table = [parse_card(code) for code in ("3D", "4C")]
    >>> may_trail(table, parse_card("7S")), may_trail(table, parse_card("6S"))
    (False, True)
    """
    if not legal_captures(table, played, rules):
        return True
    return rules.scopa_d_assi and rules.ace_may_be_trailed and played.rank is Rank.ACE


def is_scopa(
    capture: Capture,
    last_card_of_hand: bool,
    last_play_sweep_counts: bool = False,
    ace_sweep_is_scopa: bool = True,
) -> bool:
    """Whether a capture scores a scopa.

    A sweep ("mit einer gespielten Karte alle Karten vom Tisch sticht") is a scopa, except with
    the last card of the hand: "die letzte gespielte Karte in einer Spielrunde nie ein Scopa ist"
    (games/plugins/scopa/rules.md §5; pirate-scopa.md §6), unless the table plays
    ``house:scientifico_last_play_sweep_counts`` (``last_play_sweep_counts``). An ace taking the
    whole table under Scopa d'Assi scores only if the table decided so before the game
    ("Vor dem Spiel entscheiden die Mitspieler ob das Spielen eines Asses als Scopa gilt";
    games/plugins/scopa/rules.md §7, ``ace_sweep_is_scopa``).
    """
    if not capture.sweeps:
        return False
    if last_card_of_hand and not last_play_sweep_counts:
        return False
    if capture.kind == KIND_ACE_TAKES_ALL:
        return ace_sweep_is_scopa
    return True


def is_pirate_scopa(capture: Capture, final_trick: bool) -> bool:
    """Whether a capture scores a scopa in Pirate Scopa (games/plugins/scopa/pirate-scopa.md §6).

    "If you take the only card or cards on the table with a trick, then say "SCOPA!"", but
    "You are not awarded a scopa if the final trick taken is also the only card or cards left
    on the table." ``final_trick`` says that no later card of the round takes anything: the
    last capture of the round never scores, even when it clears the table and whichever card
    made it (the cards trailed after it still go to its taker). A sweep followed by a later
    capture is a scopa, even one made in the round's last hand.
    """
    return capture.sweeps and not final_trick


def _capture(
    taken: Sequence[Card],
    table: Sequence[Card],
    kind: str,
    value: Callable[[Card], int] = _face_value,
) -> Capture:
    return Capture(
        tuple(taken),
        sweeps=len(taken) == len(table),
        kind=kind,
        values=tuple(value(card) for card in taken),
    )


def _subsets_summing(
    cards: Sequence[Card], target: int, value: Callable[[Card], int] = _face_value
) -> list[tuple[Card, ...]]:
    """Every non-empty subset of ``cards`` (distinct, in deck order) whose values sum to target.

    Values are all at least 1, so a branch stops as soon as its sum passes the target.
    """
    found: list[tuple[Card, ...]] = []

    def extend(start: int, chosen: tuple[Card, ...], remaining: int) -> None:
        for index in range(start, len(cards)):
            card = cards[index]
            if value(card) > remaining:
                continue
            picked = (*chosen, card)
            if value(card) == remaining:
                found.append(picked)
            else:
                extend(index + 1, picked, remaining - value(card))

    if target > 0:
        extend(0, (), target)
    found.sort(key=lambda subset: (len(subset), [_DECK_ORDER[card] for card in subset]))
    return found
