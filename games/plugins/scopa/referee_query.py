"""A referee's query (its URL's fields, or the fields its form would send) read as what the
rules are asked: the one reading the phone runs under Pyodide with no signal
(games/plugins/scopa/rulings.py), held equal to the referee forms' reading on the server
(games/plugins/scopa/referee.py) by games/plugins/scopa/tests/test_referee_query.py.

It reads as the forms do: a field's last value counts, a choice or a name that no form field
would take makes the whole form read as if empty (the form is invalid, and the referee shows
its initial state), and an empty query is the empty form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from games.plugins.scopa.captures import CaptureRules
from games.plugins.scopa.engine import (
    PRIME_MOST_SEVENS,
    PRIME_SUM,
    PRIMIERA_BEST_PARTIAL,
    PRIMIERA_VOID,
)
from games.scoring.cards import DECK, MATTA, Card, Rank

KIND_PRIMIERA = "primiera"
KIND_PRIMES = "primes"
MAX_SIDES = 4
NAME_LONGEST = 40
SIDE_COUNTS = ("2", "3", "4")
SIDE_INDEXES = tuple(str(index) for index in range(MAX_SIDES))

ON_TABLE = "0"
PLAYED = "1"
VARIANT_STANDARD = "standard"
VARIANT_QUINDICI = "quindici"
VARIANT_ASSI = "assi"
VARIANT_PIRATE = "pirate"
VARIANT_CIRULLA = "cirulla"
VARIANTS = (VARIANT_STANDARD, VARIANT_PIRATE, VARIANT_QUINDICI, VARIANT_ASSI, VARIANT_CIRULLA)
# What Cirulla's matta may be declared as: any rank but the 7 it is (an empty choice leaves it
# that 7).
MATTA_DECLARED = tuple(rank.value for rank in Rank if rank is not MATTA.rank)
CAPTURE_FLAGS = (
    "ace_on_table_takes_only_ace",
    "ace_may_be_trailed",
    "ace_sweep_not_scopa",
    "last_card",
    "last_play_sweep_counts",
    "final_trick",
)

Query = Mapping[str, str]


@dataclass(frozen=True)
class PrimieraQuery:
    """What the primiera referee judges: the game, the table's conventions, the sides' names
    (each once) and the cards each side took."""

    kind: str = KIND_PRIMIERA
    rule: str = PRIMIERA_BEST_PARTIAL
    prime_rule: str = PRIME_SUM
    names: tuple[str, ...] = ()
    taken: tuple[frozenset[Card], ...] = ()

    def captures(self) -> dict[str, frozenset[Card]]:
        return dict(zip(self.names, self.taken, strict=True))


@dataclass(frozen=True)
class CaptureQuery:
    """What the capture referee judges: the cards on the table and the ones played (one, for a
    ruling), the rules, and the moment in the hand."""

    variant: str = VARIANT_STANDARD
    table: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()
    rules: CaptureRules = field(default_factory=CaptureRules)
    last_card: bool = False
    last_play_sweep_counts: bool = False
    ace_sweep_not_scopa: bool = False
    final_trick: bool = False


class Refused(ValueError):
    """A value no field of the form takes: the form reads as empty."""


def query_values(fields: Sequence[Sequence[str]]) -> dict[str, str]:
    """A form's fields (name, value pairs, as a page sends them) as a query: the last value of
    a name counts, as the forms read a QueryDict."""
    return {str(pair[0]): str(pair[1]) for pair in fields if len(pair) == 2}


def _choice(query: Query, name: str, choices: Sequence[str], initial: str) -> str:
    """A choice field left out reads as its initial value, an empty one as none."""
    value = query.get(name, initial)
    if value != "" and value not in choices:
        raise Refused(name)
    return value


def side_names(given: Sequence[str], default_names: Sequence[str]) -> tuple[str, ...]:
    """Each side's name (its default when left blank), a name given twice made unique by its
    side's number, as the form names them."""
    names: list[str] = []
    for index, name in enumerate(given):
        name = name.strip() or default_names[index]
        names.append(name if name not in names else f"{name} ({index + 1})")
    return tuple(names)


def read_primiera(query: Query, default_names: Sequence[str]) -> PrimieraQuery:
    """The primiera referee's query; ``default_names`` are the sides' names in the page's
    language ("Side A", ...)."""
    if not query:
        return _empty_primiera(default_names)
    try:
        kind = _choice(query, "kind", (KIND_PRIMIERA, KIND_PRIMES), KIND_PRIMIERA)
        rule = _choice(query, "rule", (PRIMIERA_BEST_PARTIAL, PRIMIERA_VOID), PRIMIERA_BEST_PARTIAL)
        prime_rule = _choice(query, "prime_rule", (PRIME_SUM, PRIME_MOST_SEVENS), PRIME_SUM)
        sides = _choice(query, "sides", SIDE_COUNTS, "2")
        given = []
        for index in range(MAX_SIDES):
            # As Django's CharField: stripped, at most 40 characters, no NUL.
            name = query.get(f"name_{index}", "").strip()
            if len(name) > NAME_LONGEST or "\x00" in name:
                raise Refused(f"name_{index}")
            given.append(name)
        chosen = {card: _choice(query, f"card_{card.code}", SIDE_INDEXES, "") for card in DECK}
    except Refused:
        return _empty_primiera(default_names)
    count = int(sides or "2")
    names = side_names(given[:count], default_names)
    taken = tuple(
        frozenset(card for card in DECK if chosen[card] == str(index)) for index in range(count)
    )
    return PrimieraQuery(
        kind or KIND_PRIMIERA, rule or PRIMIERA_BEST_PARTIAL, prime_rule or PRIME_SUM, names, taken
    )


def _empty_primiera(default_names: Sequence[str]) -> PrimieraQuery:
    names = side_names(["", ""], default_names)
    return PrimieraQuery(names=names, taken=(frozenset(), frozenset()))


def _flag(query: Query, name: str) -> bool:
    """A checkbox as Django's reads it: ticked unless left out, empty or "false"."""
    value = query.get(name)
    return value is not None and value.lower() != "false" and value != ""


def read_captures(query: Query) -> CaptureQuery:
    """The capture referee's query."""
    if not query:
        return CaptureQuery()
    try:
        variant = _choice(query, "variant", VARIANTS, VARIANT_STANDARD) or VARIANT_STANDARD
        chosen = {
            card: _choice(query, f"card_{card.code}", (ON_TABLE, PLAYED), "") for card in DECK
        }
        # Checked whatever the variant, as the form checks every field; counted in Cirulla only.
        matta = _choice(query, "matta", MATTA_DECLARED, "")
    except Refused:
        return CaptureQuery()
    flags = {name: _flag(query, name) for name in CAPTURE_FLAGS}
    assi = variant == VARIANT_ASSI
    return CaptureQuery(
        variant=variant,
        table=tuple(card for card in DECK if chosen[card] == ON_TABLE),
        played=tuple(card for card in DECK if chosen[card] == PLAYED),
        rules=CaptureRules(
            quindici=variant == VARIANT_QUINDICI,
            scopa_d_assi=assi,
            cirulla=variant == VARIANT_CIRULLA,
            ace_on_table_takes_only_ace=assi and flags["ace_on_table_takes_only_ace"],
            ace_may_be_trailed=assi and flags["ace_may_be_trailed"],
            matta=Rank(matta) if matta and variant == VARIANT_CIRULLA else None,
        ),
        last_card=flags["last_card"],
        last_play_sweep_counts=flags["last_play_sweep_counts"],
        ace_sweep_not_scopa=flags["ace_sweep_not_scopa"],
        final_trick=flags["final_trick"],
    )
