"""Forms turn what a player tapped into a scoring entry; the engine says whether it is valid."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.scoring import GAMES, EntryError, Game, Problem, RoundScore, TableSetup
from games.scoring.cards import DECK, SETTEBELLO, Card, DeckStyle, parse_card
from games.scoring.options import OptionSpec
from games.scoring.scopa import most_cards, most_coins, prime_point, primiera

MODE_CARDS = "cards"
MODE_POINTS = "points"
MAX_SCOPAS = 20


def problem_text(problem: Problem) -> str:
    return problem.text(_)


def add_problems(
    form: forms.Form, error: EntryError, fields: Mapping[str, str] | None = None
) -> None:
    """Show the engine's problems on the form, on the field they concern where there is one."""
    for problem in error.problems:
        field = (fields or {}).get(problem.field)
        form.add_error(field if field in form.fields else None, problem_text(problem))


# -- new table ----------------------------------------------------------------------------------


def option_field(spec: OptionSpec) -> forms.Field:
    if spec.kind == "bool":
        return forms.BooleanField(
            label=_(spec.label), help_text=_(spec.help), required=False, initial=spec.default
        )
    if spec.kind == "int":
        return forms.IntegerField(
            label=_(spec.label),
            help_text=_(spec.help),
            required=False,
            min_value=spec.minimum,
            max_value=spec.maximum,
            widget=forms.NumberInput(
                attrs={"placeholder": str(spec.default), "inputmode": "numeric"}
            ),
        )
    return forms.ChoiceField(
        label=_(spec.label),
        help_text=_(spec.help),
        choices=[(choice.value, _(choice.label)) for choice in spec.choices],
        initial=spec.default,
        required=False,
        widget=forms.RadioSelect,
    )


class NewTableForm(forms.Form):
    game = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=[(key, game.name) for key, game in GAMES.items()],
        widget=forms.RadioSelect,
        initial="scopa",
    )
    first_dealer = forms.TypedChoiceField(
        label=gettext_lazy("Deals first"),
        coerce=int,
        initial=0,
        required=False,
        empty_value=0,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        key = self.data.get("game") if self.is_bound else self.initial.get("game")
        self.rules: Game = GAMES.get(str(key), GAMES["scopa"])
        for seat in range(self.rules.max_players):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=_("Player %(number)s") % {"number": seat + 1},
                max_length=40,
                required=seat < self.rules.min_players,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "list": "recent-players",
                        "autocapitalize": "words",
                    }
                ),
            )
        self.fields["first_dealer"].choices = [
            (seat, _("Player %(number)s") % {"number": seat + 1})
            for seat in range(self.rules.max_players)
        ]
        for spec in self.rules.option_specs:
            self.fields[f"opt_{spec.name}"] = option_field(spec)

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.rules.max_players)]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[f"opt_{spec.name}"] for spec in self.rules.option_specs]

    def players(self) -> list[str]:
        return [
            self.cleaned_data[f"player_{seat}"].strip()
            for seat in range(self.rules.max_players)
            if self.cleaned_data.get(f"player_{seat}", "").strip()
        ]

    def options(self) -> dict[str, object]:
        """The options that differ from the game's defaults: what the table chose."""
        chosen: dict[str, object] = {}
        for spec in self.rules.option_specs:
            if spec.requires and not self.cleaned_data.get(f"opt_{spec.requires}"):
                continue
            value = self.cleaned_data.get(f"opt_{spec.name}")
            if value is None or value == "":
                continue
            if value != spec.default:
                chosen[spec.name] = value
        return chosen

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        players = self.players()
        if cleaned.get("first_dealer", 0) >= len(players):
            self.add_error("first_dealer", _("The first dealer must be one of the players."))
            return cleaned
        try:
            self.setup = self.rules.setup(players, self.options())
        except EntryError as error:
            add_problems(self, error)
        return cleaned


# -- one hand -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SidePreview:
    side: str
    cards: int
    coins: int
    primiera_sum: int
    primiera_complete: bool
    primiera_best: tuple[str, ...]
    points: int | None


@dataclass(frozen=True)
class HandPreview:
    sides: tuple[SidePreview, ...]
    unassigned: int
    settebello: str | None
    prime_label: str
    score: RoundScore | None


class HandForm(forms.Form):
    """A Scopa-family hand: every card to a side and the scopas, or points counted by hand."""

    mode = forms.ChoiceField(
        choices=[
            (MODE_CARDS, gettext_lazy("Tap cards")),
            (MODE_POINTS, gettext_lazy("Enter points")),
        ],
        initial=MODE_CARDS,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, setup: TableSetup, rules: Game, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.setup = setup
        self.rules = rules
        self.sides = setup.sides
        self.score: RoundScore | None = None
        side_choices = [("", "-")] + [(str(i), side) for i, side in enumerate(self.sides)]
        for card in DECK:
            self.fields[f"card_{card.code}"] = forms.ChoiceField(
                choices=side_choices, required=False, widget=forms.RadioSelect
            )
        for i, side in enumerate(self.sides):
            self.fields[f"scopas_{i}"] = forms.IntegerField(
                label=side, min_value=0, max_value=MAX_SCOPAS, initial=0, required=False
            )
            self.fields[f"points_{i}"] = forms.IntegerField(
                label=side, min_value=0, max_value=99, initial=0, required=False
            )
            if setup.options.get("scopa_d_assi"):
                self.fields[f"ace_sweeps_{i}"] = forms.IntegerField(
                    label=side, min_value=0, max_value=4, initial=0, required=False
                )
        if setup.options.get("capotto"):
            self.fields["capotto"] = forms.ChoiceField(
                label=_("Capotto (all ten coins)"),
                choices=[("", _("nobody"))] + [(str(i), side) for i, side in enumerate(self.sides)],
                required=False,
            )

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], sides: tuple[str, ...]) -> dict[str, Any]:
        """Form values for an entry already stored, so it can be edited."""
        index = {side: str(i) for i, side in enumerate(sides)}
        if "points" in entry:
            initial: dict[str, Any] = {"mode": MODE_POINTS}
            for side, points in entry["points"].items():
                initial[f"points_{index[side]}"] = points
            if entry.get("capotto"):
                initial["capotto"] = index[entry["capotto"]]
            return initial
        initial = {"mode": MODE_CARDS}
        taken: set[str] = set()
        for side, codes in entry["captures"].items():
            for code in codes:
                card = parse_card(code)
                initial[f"card_{card.code}"] = index[side]
                taken.add(card.code)
        missing = [side for side in sides if side not in entry["captures"]]
        if len(missing) == 1:
            for card in DECK:
                if card.code not in taken:
                    initial[f"card_{card.code}"] = index[missing[0]]
        for key in ("scopas", "ace_sweeps"):
            for side, count in (entry.get(key) or {}).items():
                initial[f"{key}_{index[side]}"] = count
        return initial

    def card_fields(self) -> list[forms.BoundField]:
        return [self[f"card_{card.code}"] for card in DECK]

    def _count(self, name: str) -> int:
        value = self.cleaned_data.get(name)
        return int(value) if value else 0

    def captures(self) -> dict[str, list[str]]:
        captures: dict[str, list[str]] = {side: [] for side in self.sides}
        for card in DECK:
            chosen = self.cleaned_data.get(f"card_{card.code}")
            if chosen not in (None, ""):
                captures[self.sides[int(chosen)]].append(card.code)
        return captures

    def entry(self) -> dict[str, object]:
        if self.cleaned_data.get("mode") == MODE_POINTS:
            entry: dict[str, object] = {
                "points": {side: self._count(f"points_{i}") for i, side in enumerate(self.sides)}
            }
            capotto = self.cleaned_data.get("capotto")
            if capotto:
                entry["capotto"] = self.sides[int(capotto)]
            return entry
        entry = {
            "captures": self.captures(),
            "scopas": {side: self._count(f"scopas_{i}") for i, side in enumerate(self.sides)},
        }
        if self.setup.options.get("scopa_d_assi"):
            entry["ace_sweeps"] = {
                side: self._count(f"ace_sweeps_{i}") for i, side in enumerate(self.sides)
            }
        return entry

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        if cleaned.get("mode") == MODE_CARDS:
            unassigned = sum(1 for card in DECK if not cleaned.get(f"card_{card.code}"))
            if unassigned:
                self.add_error(
                    None,
                    _("%(count)s cards are not assigned to a side yet.") % {"count": unassigned}
                    if unassigned > 1
                    else _("1 card is not assigned to a side yet."),
                )
                return cleaned
        try:
            self.score = self.rules.score_round(self.entry(), self.setup)
        except EntryError as error:
            add_problems(self, error)
        return cleaned

    def preview(self) -> HandPreview | None:
        """What the hand is worth so far: counters and primiera while cards are still being
        assigned, the points once the hand is complete and valid."""
        if not self.is_bound:
            return None
        valid = self.is_valid()
        if self.cleaned_data.get("mode") == MODE_POINTS:
            return None
        captures = {
            side: frozenset(parse_card(code) for code in codes)
            for side, codes in self.captures().items()
        }
        cards, coins = most_cards(captures), most_coins(captures)
        pirate = bool(getattr(self.rules, "prime_rule_option", ""))
        sums: dict[str, tuple[int, bool, tuple[str, ...]]] = {}
        if pirate:
            primes = prime_point(captures, str(self.setup.options.get("prime_rule")))
            for side, count in primes.counts.items():
                sums[side] = (count.total, True, ())
        else:
            result = primiera(captures, str(self.setup.options.get("primiera_incomplete")))
            for side, hand in result.hands.items():
                sums[side] = (hand.total, hand.complete, tuple(c.code for c in hand.best.values()))
        score = self.score if valid else None
        assigned: set[Card] = set().union(*captures.values())
        seven = next((side for side, taken in captures.items() if SETTEBELLO in taken), None)
        return HandPreview(
            sides=tuple(
                SidePreview(
                    side=side,
                    cards=cards.counts[side],
                    coins=coins.counts[side],
                    primiera_sum=sums[side][0],
                    primiera_complete=sums[side][1],
                    primiera_best=sums[side][2],
                    points=score.points[side] if score else None,
                )
                for side in self.sides
            ),
            unassigned=len(DECK) - len(assigned),
            settebello=seven,
            prime_label=_("Primes") if pirate else _("Primiera"),
            score=score,
        )


class ScoresheetUploadForm(forms.Form):
    scoresheet = forms.FileField(
        label=gettext_lazy("Scoresheet JSON file"),
        help_text=gettext_lazy(
            "A table exported from Scorekeeper, or written by hand in the scoresheet format."
        ),
    )


def deck_style(setup: TableSetup) -> DeckStyle:
    rules = GAMES[setup.game]
    style = getattr(rules, "deck_style", None)
    return style(setup.options) if style else DeckStyle.ITALIAN
