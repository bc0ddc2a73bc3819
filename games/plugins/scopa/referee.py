"""The referees: settle a primiera or a capture dispute from the cards, no table needed.

The rules come from ``games.scoring`` (``scopa.primiera``, ``scopa.prime_point``,
``captures.legal_captures``) and the verdicts in words from games/plugins/scopa/rulings.py,
pure Python the phone runs too with no signal; this module holds the forms, the query each
form reads (held equal to referee_query.py's, the phone's reading) and the page's words, in
Django's translations, and written out for the phone (``offline_words``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django import forms
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from games.cardfaces import card_face, suit_label
from games.hands.base import entry_items, entry_part
from games.hands.html import add_card_fields
from games.plugins.scopa import rulings
from games.plugins.scopa.captures import CaptureRules
from games.plugins.scopa.engine import (
    PRIME_MOST_SEVENS,
    PRIME_SUM,
    PRIMIERA_BEST_PARTIAL,
    PRIMIERA_VOID,
)
from games.plugins.scopa.entry import PRIMES_RULES, SCOPA_RULES
from games.plugins.scopa.referee_query import (
    KIND_PRIMES,
    KIND_PRIMIERA,
    MATTA_DECLARED,
    MAX_SIDES,
    ON_TABLE,
    PLAYED,
    VARIANT_ASSI,
    VARIANT_CIRULLA,
    VARIANT_PIRATE,
    VARIANT_QUINDICI,
    VARIANT_STANDARD,
    CaptureQuery,
    PrimieraQuery,
)
from games.plugins.scopa.rulings import Face, messages
from games.scoring import GAMES, TableSetup
from games.scoring.cards import DECK, Card, DeckStyle, Rank, Suit, parse_card, rank_name

# The capture referee's rules, for ``rules_url``.
KIND_CAPTURES = "captures"
DEFAULT_NAMES = tuple(gettext_lazy(name) for name in rulings.DEFAULT_NAMES)


@dataclass(frozen=True)
class PageWords:
    """The verdicts' words in the page's language, and its deck's faces (rulings.Words)."""

    style: DeckStyle = DeckStyle.ITALIAN

    def gettext(self, message: str) -> str:
        return gettext(message)

    def ngettext(self, singular: str, plural: str, number: int) -> str:
        return ngettext(singular, plural, number)

    def face(self, card: Card) -> Face:
        face = card_face(card, self.style)
        return Face(face.code, face.corner, face.pip, face.suit, face.name)

    def suit(self, suit: Suit) -> str:
        return suit_label(suit, self.style)


def offline_words(words: PageWords, *, on_table: bool = False) -> str:
    """The page's words as JSON for the phone to give verdicts with no signal
    (rulings.CatalogWords): each message of rulings.py translated, each plural one for 1 and
    for more, the deck's faces and suits, and where the rules are."""
    single, plural = messages()
    return json.dumps(
        {
            "texts": {message: words.gettext(message) for message in single},
            "plurals": {
                one: [words.ngettext(one, many, 1), words.ngettext(one, many, 2)]
                for one, many in plural
            },
            "faces": {
                card.code: [face.corner, face.pip, face.suit, face.name]
                for card in DECK
                for face in (words.face(card),)
            },
            "suits": {suit.value: words.suit(suit) for suit in Suit},
            "rules": {
                kind: rules_url(kind) for kind in (KIND_PRIMIERA, KIND_PRIMES, KIND_CAPTURES)
            },
            "on_table": on_table,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def _with_initials(form_class: type[forms.Form], query: Mapping[str, object]) -> dict[str, object]:
    """The query with each choice field's default filled in where it is missing, so a link
    that names only the cards still shows which rules it was judged under."""
    data = {key: query[key] for key in query}
    for name, field in form_class.base_fields.items():
        if isinstance(field, forms.ChoiceField) and name not in data and field.initial:
            data[name] = field.initial
    return data


# -- primiera -----------------------------------------------------------------------------------


class PrimieraRefereeForm(forms.Form):
    """Which cards each side took. Only the cards that matter need tapping: cards left out
    simply belong to nobody."""

    kind = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=[
            (KIND_PRIMIERA, gettext_lazy("Scopa / Scopone: primiera")),
            (KIND_PRIMES, gettext_lazy("Pirate Scopa: primes")),
        ],
        initial=KIND_PRIMIERA,
        required=False,
        widget=forms.RadioSelect,
    )
    sides = forms.TypedChoiceField(
        label=gettext_lazy("Sides"),
        choices=[(n, str(n)) for n in range(2, MAX_SIDES + 1)],
        coerce=int,
        initial=2,
        # Whatever value is given works (returned as is); django-stubs allows only str | None.
        empty_value=2,  # type: ignore[arg-type]
        required=False,
    )
    rule = forms.ChoiceField(
        label=gettext_lazy("This table plays"),
        choices=[
            (
                PRIMIERA_BEST_PARTIAL,
                gettext_lazy("the rule text: best partial sum if nobody is complete"),
            ),
            (PRIMIERA_VOID, gettext_lazy("house rule: an incomplete primiera never wins")),
        ],
        initial=PRIMIERA_BEST_PARTIAL,
        required=False,
        widget=forms.RadioSelect,
    )
    prime_rule = forms.ChoiceField(
        label=gettext_lazy("This table plays"),
        choices=[
            (PRIME_SUM, gettext_lazy("highest sum of primes (the rule text)")),
            (PRIME_MOST_SEVENS, gettext_lazy("most sevens, then fives, then threes")),
        ],
        initial=PRIME_SUM,
        required=False,
        widget=forms.RadioSelect,
    )

    def __init__(self, data: Mapping[str, object] | None = None) -> None:
        super().__init__(data)
        for index in range(MAX_SIDES):
            self.fields[f"name_{index}"] = forms.CharField(
                label=_("Name of side %(number)s") % {"number": index + 1},
                max_length=40,
                required=False,
                widget=forms.TextInput(attrs={"placeholder": str(DEFAULT_NAMES[index])}),
            )
        add_card_fields(self, DECK, [(str(i), str(DEFAULT_NAMES[i])) for i in range(MAX_SIDES)])

    @classmethod
    def from_query(cls, query: Mapping[str, object]) -> PrimieraRefereeForm:
        return cls(_with_initials(cls, query) if query else None)

    def value(self, name: str) -> object:
        """A cleaned value, or the field's initial value while the form is unbound."""
        if self.is_bound and self.is_valid():
            value = self.cleaned_data.get(name)
            if value not in (None, ""):
                return value
        return self.initial.get(name, self.fields[name].initial)

    def choice(self, name: str) -> str:
        """A choice field's value (``value``): a rule's or the game's key."""
        return str(self.value(name))

    def side_count(self) -> int:
        return int(str(self.value("sides")))

    def names(self) -> list[str]:
        names: list[str] = []
        for index in range(self.side_count()):
            name = str(self.value(f"name_{index}") or "").strip() or str(DEFAULT_NAMES[index])
            names.append(name if name not in names else f"{name} ({index + 1})")
        return names

    def captures(self) -> dict[str, frozenset[Card]]:
        names = self.names()
        taken: dict[str, set[Card]] = {name: set() for name in names}
        for card in DECK:
            chosen = self.value(f"card_{card.code}")
            if chosen not in (None, "") and int(str(chosen)) < len(names):
                taken[names[int(str(chosen))]].add(card)
        return {name: frozenset(cards) for name, cards in taken.items()}

    def query(self) -> PrimieraQuery:
        """What the rules are asked, as this form reads it (the phone's reading,
        referee_query.read_primiera, is held equal to it)."""
        captures = self.captures()
        return PrimieraQuery(
            kind=self.choice("kind"),
            rule=self.choice("rule"),
            prime_rule=self.choice("prime_rule"),
            names=tuple(captures),
            taken=tuple(captures.values()),
        )


# -- captures -----------------------------------------------------------------------------------


class CaptureRefereeForm(forms.Form):
    variant = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        choices=[
            (VARIANT_STANDARD, gettext_lazy("Scopa, Scopone")),
            (VARIANT_PIRATE, gettext_lazy("Pirate Scopa")),
            (VARIANT_QUINDICI, gettext_lazy("Scopa di Quindici")),
            (VARIANT_ASSI, gettext_lazy("Scopa d'Assi")),
            (VARIANT_CIRULLA, gettext_lazy("Cirulla")),
        ],
        initial=VARIANT_STANDARD,
        required=False,
        widget=forms.RadioSelect,
    )
    ace_on_table_takes_only_ace = forms.BooleanField(
        label=gettext_lazy("With an ace on the table, a played ace takes only that ace"),
        required=False,
    )
    ace_may_be_trailed = forms.BooleanField(
        label=gettext_lazy("An ace may be laid on the table without taking anything"),
        required=False,
    )
    # Off by default, like every checkbox here, so a shared link means what it shows.
    ace_sweep_not_scopa = forms.BooleanField(
        label=gettext_lazy("An ace sweep does not count as a scopa"), required=False
    )
    last_card = forms.BooleanField(
        label=gettext_lazy("This is the last card of the hand"), required=False
    )
    last_play_sweep_counts = forms.BooleanField(
        label=gettext_lazy("House rule: the last card's sweep counts (Scopone scientifico)"),
        required=False,
    )
    final_trick = forms.BooleanField(
        label=gettext_lazy(
            "Pirate Scopa: this is the final trick taken in the round (nothing is taken after it)"
        ),
        required=False,
    )
    # Cirulla's matta keeps the value it was declared as for the rest of the hand
    # (cirulla.md §5); empty, it is the 7 it is.
    matta = forms.ChoiceField(
        label=gettext_lazy("The matta (7 of Coppe) was declared as"),
        required=False,
        initial="",
    )

    def __init__(self, data: Mapping[str, object] | None = None) -> None:
        super().__init__(data)
        add_card_fields(self, DECK, [(ON_TABLE, _("on the table")), (PLAYED, _("played"))])
        field = self.fields["matta"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", _("Nothing: it is a 7")), *_matta_ranks()]

    @classmethod
    def from_query(cls, query: Mapping[str, object]) -> CaptureRefereeForm:
        return cls(_with_initials(cls, query) if query else None)

    def value(self, name: str) -> object:
        if self.is_bound and self.is_valid():
            return self.cleaned_data.get(name)
        return self.initial.get(name, self.fields[name].initial)

    def table_cards(self) -> list[Card]:
        return [card for card in DECK if self.value(f"card_{card.code}") == ON_TABLE]

    def played_cards(self) -> list[Card]:
        return [card for card in DECK if self.value(f"card_{card.code}") == PLAYED]

    def rules(self) -> CaptureRules:
        variant = self.value("variant") or VARIANT_STANDARD
        assi = variant == VARIANT_ASSI
        return CaptureRules(
            quindici=variant == VARIANT_QUINDICI,
            scopa_d_assi=assi,
            cirulla=variant == VARIANT_CIRULLA,
            ace_on_table_takes_only_ace=assi and bool(self.value("ace_on_table_takes_only_ace")),
            ace_may_be_trailed=assi and bool(self.value("ace_may_be_trailed")),
            matta=self.matta_rank() if variant == VARIANT_CIRULLA else None,
        )

    def matta_rank(self) -> Rank | None:
        """The rank the matta was declared as, or None where it was not."""
        declared = self.value("matta")
        return Rank(str(declared)) if declared else None

    def query(self) -> CaptureQuery:
        """What the rules are asked, as this form reads it (the phone's reading,
        referee_query.read_captures, is held equal to it)."""
        return CaptureQuery(
            variant=str(self.value("variant") or VARIANT_STANDARD),
            table=tuple(self.table_cards()),
            played=tuple(self.played_cards()),
            rules=self.rules(),
            last_card=bool(self.value("last_card")),
            last_play_sweep_counts=bool(self.value("last_play_sweep_counts")),
            ace_sweep_not_scopa=bool(self.value("ace_sweep_not_scopa")),
            final_trick=bool(self.value("final_trick")),
        )


def _matta_ranks() -> list[tuple[str, str]]:
    """What the matta may be declared as (referee_query.MATTA_DECLARED: any rank but its own),
    by value and name."""
    return [
        (rank.value, f"{rank.number} ({_(rank_name(rank, DeckStyle.ITALIAN))})")
        if rank.number in (1, 8, 9, 10)
        else (rank.value, str(rank.number))
        for rank in map(Rank, MATTA_DECLARED)
    ]


def primiera_query(captures: Mapping[str, Sequence[str]], sides: Sequence[str]) -> dict[str, str]:
    """Referee form data for a recorded hand's captures (a side left out took the rest)."""
    data = {"sides": str(len(sides))}
    taken: set[Card] = set()
    for index, side in enumerate(sides):
        data[f"name_{index}"] = side
        for code in captures.get(side, ()):
            card = parse_card(code)
            data[f"card_{card.code}"] = str(index)
            taken.add(card)
    missing = [index for index, side in enumerate(sides) if side not in captures]
    if len(missing) == 1:
        for card in DECK:
            if card not in taken:
                data[f"card_{card.code}"] = str(missing[0])
    return data


def recorded_hand_query(entry: Mapping[str, object], setup: TableSetup) -> dict[str, str]:
    """Primiera referee form data for a recorded hand, under its table's rules: the primes
    and the table's prime rule where the game scores primes (Pirate Scopa), else the table's
    reading of an incomplete primiera where the referee offers it (the rule text and the void
    house rule; other readings open on the rule text). A hand entered as points has no
    cards: the referee opens empty."""
    captures = {
        side: [str(code) for code in entry_items(codes)]
        for side, codes in entry_part(entry, "captures").items()
    }
    data = primiera_query(captures, setup.sides)
    prime_rule = getattr(GAMES[setup.game], "prime_rule_option", "")
    if prime_rule:
        data.update(kind=KIND_PRIMES, prime_rule=setup.option_str(prime_rule))
    else:
        rule = setup.option_str("primiera_incomplete")
        if rule in (PRIMIERA_BEST_PARTIAL, PRIMIERA_VOID):
            data.update(rule=rule)
    return data


def rules_url(kind: str) -> str:
    """The rule text that explains the verdicts of a referee of this kind (a primiera kind, or
    ``KIND_CAPTURES``)."""
    game = PRIMES_RULES if kind == KIND_PRIMES else SCOPA_RULES
    return reverse("games:rules_game", args=[game])
