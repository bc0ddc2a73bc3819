"""The referees: settle a primiera or a capture dispute from the cards, no table needed.

The rules come from ``games.scoring`` (``scopa.primiera``, ``scopa.prime_point``,
``captures.legal_captures``); this module only turns taps into cards and verdicts into words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django import forms
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.cardfaces import CardFace, card_face, suit_label
from games.hands.base import entry_items, entry_part
from games.hands.html import add_card_fields
from games.plugins.scopa.captures import (
    KIND_ACE_TAKES_ALL,
    KIND_FIFTEEN,
    KIND_SINGLE,
    KIND_SUM,
    Capture,
    CaptureRules,
    is_pirate_scopa,
    is_scopa,
    legal_captures,
    may_trail,
)
from games.plugins.scopa.engine import (
    PRIME_MOST_SEVENS,
    PRIME_SUM,
    PRIMIERA_BEST_PARTIAL,
    PRIMIERA_VALUES,
    PRIMIERA_VOID,
    REASON_BEST_PARTIAL,
    REASON_HIGHEST_SUM,
    REASON_INCOMPLETE_EXCLUDED,
    REASON_NOBODY_COMPLETE,
    PrimeResult,
    PrimieraHand,
    PrimieraResult,
    prime_point,
    primiera,
)
from games.plugins.scopa.entry import PRIMES_RULES, SCOPA_RULES
from games.scoring import GAMES, TableSetup
from games.scoring.cards import (
    DECK,
    MATTA,
    Card,
    DeckStyle,
    Rank,
    Suit,
    parse_card,
    rank_name,
)
from games.words import label_value

KIND_PRIMIERA = "primiera"
KIND_PRIMES = "primes"
# The capture referee's rules, for ``rules_url``.
KIND_CAPTURES = "captures"
MAX_SIDES = 4
DEFAULT_NAMES = (
    gettext_lazy("Side A"),
    gettext_lazy("Side B"),
    gettext_lazy("Side C"),
    gettext_lazy("Side D"),
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


@dataclass(frozen=True)
class SideCards:
    """A side on the primiera referee: its best card per suit and its sum."""

    name: str
    index: int
    best: tuple[tuple[str, CardFace | None, int], ...]  # per suit: suit name, card, value
    total: int
    complete: bool
    card_count: int


@dataclass(frozen=True)
class Verdict:
    rule_label: str
    winner: str | None
    sentence: str
    table_rule: bool


def primiera_sides(
    result: PrimieraResult, captures: Mapping[str, frozenset[Card]], style: DeckStyle
) -> list[SideCards]:
    sides = []
    for index, (name, hand) in enumerate(result.hands.items()):
        best = tuple(
            (
                suit_label(suit, style),
                card_face(hand.best[suit], style) if suit in hand.best else None,
                PRIMIERA_VALUES[hand.best[suit].rank] if suit in hand.best else 0,
            )
            for suit in Suit
        )
        sides.append(SideCards(name, index, best, hand.total, hand.complete, len(captures[name])))
    return sides


@dataclass(frozen=True)
class PrimieraTable:
    """The sides side by side: one row per suit, so four sides still fit a phone."""

    names: tuple[str, ...]
    rows: tuple[tuple[str, tuple[tuple[CardFace | None, int], ...]], ...]
    sums: tuple[tuple[int, bool], ...]


def primiera_table(sides: Sequence[SideCards]) -> PrimieraTable:
    suits = [suit_name for suit_name, _face, _value in sides[0].best] if sides else []
    return PrimieraTable(
        names=tuple(side.name for side in sides),
        rows=tuple(
            (suit, tuple((side.best[row][1], side.best[row][2]) for side in sides))
            for row, suit in enumerate(suits)
        ),
        sums=tuple((side.total, side.complete) for side in sides),
    )


def primiera_verdicts(
    captures: Mapping[str, frozenset[Card]], table_rule: str, style: DeckStyle
) -> list[Verdict]:
    """The verdict under the table's convention, and under the other one when it differs
    (games/plugins/scopa/rules.md §4: the rule text's best partial sum, or the house rule that an
    incomplete primiera is void)."""
    labels = {
        PRIMIERA_BEST_PARTIAL: _("Rule text (best partial sum)"),
        PRIMIERA_VOID: _("House rule (incomplete is void)"),
    }
    results = {rule: primiera(captures, rule) for rule in (PRIMIERA_BEST_PARTIAL, PRIMIERA_VOID)}
    order = [table_rule, *(rule for rule in results if rule != table_rule)]
    verdicts = [
        Verdict(
            labels[rule],
            results[rule].winner,
            primiera_sentence(results[rule], style),
            rule == table_rule,
        )
        for rule in order
    ]
    if verdicts[0].winner == verdicts[1].winner:
        return verdicts[:1]
    return verdicts


def _lacks(name: str, hand: PrimieraHand, style: DeckStyle) -> str:
    suits = [suit_label(suit, style) for suit in hand.missing_suits]
    if len(suits) == len(Suit):
        return _("%(side)s has no cards") % {"side": name}
    return _("%(side)s lacks %(suits)s") % {"side": name, "suits": _join_and(suits)}


def _join_and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("%(items)s and %(last)s") % {"items": ", ".join(items[:-1]), "last": items[-1]}


def primiera_sentence(result: PrimieraResult, style: DeckStyle) -> str:
    """Why the primiera goes where it does, in one plain sentence (games/plugins/scopa/rules.md
    §4)."""
    hands = result.hands
    if not any(hand.best for hand in hands.values()):
        return _("Tap the cards each side took to see who wins the primiera.")
    winner = result.winner
    incomplete = [name for name, hand in hands.items() if not hand.complete]
    lacks = "; ".join(_lacks(name, hands[name], style) for name in incomplete)
    if result.reason == REASON_INCOMPLETE_EXCLUDED and winner:
        sentence = _("%(lacks)s, so %(winner)s's complete primiera (%(sum)s) wins") % {
            "lacks": lacks,
            "winner": winner,
            "sum": hands[winner].total,
        }
        higher = [name for name in incomplete if hands[name].total > hands[winner].total]
        if higher:
            sentence += " " + ngettext(
                "although %(sides)s sums higher (%(sums)s)",
                "although %(sides)s sum higher (%(sums)s)",
                len(higher),
            ) % {
                "sides": _join_and(higher),
                "sums": ", ".join(str(hands[name].total) for name in higher),
            }
        return sentence + "."
    if result.reason == REASON_HIGHEST_SUM and winner:
        others = [name for name in hands if name != winner]
        return _("Every side has all four suits; %(winner)s's %(sum)s beats %(others)s.") % {
            "winner": winner,
            "sum": hands[winner].total,
            "others": _join_and([f"{name} {hands[name].total}" for name in others]),
        }
    if result.reason == REASON_BEST_PARTIAL and winner:
        return _(
            "Nobody has all four suits (%(lacks)s), so the best partial sum wins: %(winner)s "
            "with %(sum)s."
        ) % {"lacks": lacks, "winner": winner, "sum": hands[winner].total}
    if result.reason == REASON_NOBODY_COMPLETE:
        return _(
            "Nobody has all four suits (%(lacks)s), and with this house rule an incomplete "
            "primiera never wins: nobody scores it."
        ) % {"lacks": lacks}
    # A tie at the top among those who compete.
    competing = {
        name: hand.total
        for name, hand in hands.items()
        if hand.complete or not any(h.complete for h in hands.values())
    }
    top = max(competing.values())
    tied = [name for name, total in competing.items() if total == top]
    return _("%(sides)s tie at %(sum)s, so nobody scores the primiera.") % {
        "sides": _join_and(tied),
        "sum": top,
    }


def prime_verdicts(captures: Mapping[str, frozenset[Card]], table_rule: str) -> list[Verdict]:
    """Pirate Scopa's prime point under the table's rule, and the other when it differs
    (games/plugins/scopa/pirate-scopa.md §4-§5)."""
    labels = {
        PRIME_SUM: _("Rule text (highest sum of primes)"),
        PRIME_MOST_SEVENS: _("Simplified rule (most sevens)"),
    }
    results = {rule: prime_point(captures, rule) for rule in (PRIME_SUM, PRIME_MOST_SEVENS)}
    order = [table_rule, *(rule for rule in results if rule != table_rule)]
    verdicts = [
        Verdict(
            labels[rule], results[rule].winner, prime_sentence(results[rule]), rule == table_rule
        )
        for rule in order
    ]
    if verdicts[0].winner == verdicts[1].winner:
        return verdicts[:1]
    return verdicts


def prime_sentence(result: PrimeResult) -> str:
    counts = result.counts
    if not any(count.total for count in counts.values()):
        return _("Tap the 2s, 3s, 5s and 7s each side took to see who wins the primes.")
    if result.rule == PRIME_SUM:
        sums = _join_and([f"{name} {count.total}" for name, count in counts.items()])
        if result.winner:
            return _("Prime sums: %(sums)s: point to %(winner)s.") % {
                "sums": sums,
                "winner": result.winner,
            }
        return _("Prime sums: %(sums)s: a tie at the top, so nobody scores it.") % {"sums": sums}
    parts = []
    contenders = list(counts)
    for rank_index, label in enumerate((_("sevens"), _("fives"), _("threes"))):
        values = {name: counts[name].sevens_fives_threes[rank_index] for name in contenders}
        parts.append(
            label_value(label, ", ".join(f"{name} {value}" for name, value in values.items()))
        )
        top = max(values.values())
        contenders = [name for name, value in values.items() if value == top]
        if len(contenders) == 1:
            break
    if result.winner:
        return _("Most sevens (%(counts)s): point to %(winner)s.") % {
            "counts": "; ".join(parts),
            "winner": result.winner,
        }
    return _("Most sevens (%(counts)s): still tied, so nobody scores it.") % {
        "counts": "; ".join(parts)
    }


# -- captures -----------------------------------------------------------------------------------

ON_TABLE = "0"
PLAYED = "1"
VARIANT_STANDARD = "standard"
VARIANT_QUINDICI = "quindici"
VARIANT_ASSI = "assi"
VARIANT_PIRATE = "pirate"
VARIANT_CIRULLA = "cirulla"


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


def _matta_ranks() -> list[tuple[str, str]]:
    """What the matta may be declared as: any rank but its own, by value and name."""
    return [
        (rank.value, f"{rank.number} ({_(rank_name(rank, DeckStyle.ITALIAN))})")
        if rank.number in (1, 8, 9, 10)
        else (rank.value, str(rank.number))
        for rank in Rank
        if rank is not MATTA.rank
    ]


@dataclass(frozen=True)
class CaptureChoice:
    cards: tuple[str, ...]  # cards in words, e.g. "Cavallo of Spade"
    reason: str
    sweep: str  # "" when the capture leaves cards on the table


@dataclass(frozen=True)
class CaptureRuling:
    played: str
    table: tuple[str, ...]
    choices: tuple[CaptureChoice, ...]
    summary: str
    may_trail: bool
    matta: str = ""  # Cirulla: the value a declared matta counts as, when it is in play


def capture_ruling(form: CaptureRefereeForm, style: DeckStyle) -> CaptureRuling | None:
    """Every legal capture for the played card, and whether each sweeps (captures.py)."""
    played = form.played_cards()
    if len(played) != 1:
        return None
    card = played[0]
    table = form.table_cards()
    rules = form.rules()
    captures = legal_captures(table, card, rules)
    last = bool(form.value("last_card"))
    choices = tuple(
        CaptureChoice(
            tuple(_card_name(taken, style) for taken in capture.cards),
            _capture_reason(capture, card, rules),
            _sweep_text(capture, last, form),
        )
        for capture in captures
    )
    trail = may_trail(table, card, rules)
    name = _card_name(card, style)
    if not captures:
        summary = _("%(card)s takes nothing: it stays on the table.") % {"card": name}
    elif len(captures) == 1:
        summary = _("%(card)s must take this:") % {"card": name}
        if trail:
            summary = _("%(card)s may take this, or stay on the table:") % {"card": name}
    else:
        summary = ngettext(
            "%(card)s has %(count)s choice; the player picks one:",
            "%(card)s has %(count)s choices; the player picks one:",
            len(captures),
        ) % {"card": name, "count": len(captures)}
        if trail:
            summary = _("%(card)s may take one of these, or stay on the table:") % {"card": name}
    matta = ""
    if rules.cirulla and rules.matta is not None and MATTA in (card, *table):
        matta = _("The matta counts as %(value)s, as it was declared, for the whole hand.") % {
            "value": rules.value_of(MATTA)
        }
    return CaptureRuling(
        played=name,
        table=tuple(_card_name(each, style) for each in table),
        choices=choices,
        summary=summary,
        may_trail=trail,
        matta=matta,
    )


def _card_name(card: Card, style: DeckStyle) -> str:
    # Players name a figure by its rank ("Cavallo"), never by the corner letter ("C").
    return card_face(card, style).name


def _capture_reason(capture: Capture, played: Card, rules: CaptureRules) -> str:
    # The values as the rules counted them: a declared matta at its declared value.
    values = " + ".join(str(value) for value in capture.values)
    played_value = rules.value_of(played)
    if capture.kind == KIND_ACE_TAKES_ALL:
        if rules.cirulla:
            return _("Cirulla: a played ace takes every card on a table that holds no ace.")
        return _("Scopa d'Assi: a played ace takes every card on the table.")
    if capture.kind == KIND_FIFTEEN:
        return _("%(cards)s and the played %(played)s make 15.") % {
            "cards": values,
            "played": played_value,
        }
    if capture.kind == KIND_SINGLE:
        if rules.scopa_d_assi and played.number == 1:
            return _("An ace on the table: the played ace takes only that ace.")
        return _(
            "A card of the same value: it must be taken rather than any sum (a single card "
            "beats a sum)."
        )
    assert capture.kind == KIND_SUM
    return _("No single %(value)s on the table, so the sum %(sum)s is allowed.") % {
        "value": played_value,
        "sum": values,
    }


def _sweep_text(capture: Capture, last_card: bool, form: CaptureRefereeForm) -> str:
    if not capture.sweeps:
        return ""
    if form.value("variant") == VARIANT_PIRATE:
        # The last card of the round takes the final trick whenever it takes anything.
        final = last_card or bool(form.value("final_trick"))
        if is_pirate_scopa(capture, final):
            return _("It sweeps the table: scopa!")
        return _(
            "It clears the table, but in Pirate Scopa the final trick taken is not a scopa when "
            "it takes the only cards left on the table."
        )
    scores = is_scopa(
        capture,
        last_card,
        last_play_sweep_counts=bool(form.value("last_play_sweep_counts")),
        ace_sweep_is_scopa=not form.value("ace_sweep_not_scopa"),
    )
    if scores:
        return _("It sweeps the table: scopa!")
    if last_card and not form.value("last_play_sweep_counts"):
        return _("It clears the table, but the last card of a hand never makes a scopa.")
    return _("It clears the table, but at this table an ace sweep is not a scopa.")


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
