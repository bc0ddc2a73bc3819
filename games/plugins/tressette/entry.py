"""Tressette at the table: the cards each side took, tapped as in Scopa, with the side that took
the last trick, or the card points counted at the table; the declarations either way; a live
preview of each side's points (games/plugins/tressette/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    Scoreboard,
    ScoreRow,
    dealer_facts,
    entry_part,
    read_breakdown,
    total_text,
)
from games.hands.card_points import CardPointsForm, CardPointsHandEntry
from games.hands.demo_base import DemoGame
from games.hands.html import SideCount
from games.hands.tap_cards import MODE_POINTS
from games.plugins.tressette.demo import TRESSETTE_DEMO
from games.plugins.tressette.engine import (
    ACCUSE_RANKS,
    DECLARATIONS,
    HAND_POINTS,
    LAST_TRICK,
    NAPOLETANE,
    SUITS,
    Tressette,
    TressetteBreakdown,
    points_of_cards,
)
from games.plugins.tressette.posted import ACCUSE_COUNTS, read_entry
from games.scoring import Game, GameState, RoundScore, TableSetup
from games.scoring.breakdowns import JSON
from games.scoring.card_points import POINTS
from games.scoring.cards import Card

# The accuse's choices: none, three or four of the rank (rules.md §4).
ACCUSE_CHOICES = [(count, count) for count in ACCUSE_COUNTS]


@dataclass(frozen=True)
class HandPreview:
    sides: tuple[SideCount, ...]
    unassigned: int
    score: RoundScore | None
    lines: tuple[str, ...]
    problems: tuple[str, ...] = ()


class TressetteHandForm(CardPointsForm):
    """One hand: every card to the side that took it and who took the last trick, or the card
    points counted at the table; each side's declarations either way (rules.md §6)."""

    def add_fields(self) -> None:
        super().add_fields()
        options = self.setup.options
        self.fields[LAST_TRICK] = forms.ChoiceField(
            label=_("Last trick taken by"),
            choices=[("", "—")] + [(str(i), side) for i, side in enumerate(self.sides)],
            required=False,
        )
        for i, side in enumerate(self.sides):
            self.fields[f"points_{i}"] = forms.IntegerField(
                label=side, min_value=0, max_value=HAND_POINTS, initial=0, required=False
            )
            if options.get("napoletana"):
                self.fields[f"{NAPOLETANE}_{i}"] = forms.IntegerField(
                    label=side, min_value=0, max_value=SUITS, initial=0, required=False
                )
            if options.get("accuse"):
                for rank in ACCUSE_RANKS:
                    self.fields[f"{rank}_{i}"] = forms.ChoiceField(
                        label=side, choices=ACCUSE_CHOICES, initial="0", required=False
                    )

    @classmethod
    def initial_from_entry(
        cls, entry: Mapping[str, object], sides: tuple[str, ...]
    ) -> dict[str, object]:
        index = {side: str(i) for i, side in enumerate(sides)}
        if POINTS in entry:
            initial: dict[str, object] = {"mode": MODE_POINTS}
            for side, points in entry_part(entry, POINTS).items():
                initial[f"points_{index[side]}"] = points
        else:
            initial = cls.initial_captures(entry, sides)
            last = entry.get(LAST_TRICK)
            if last in index:
                initial[LAST_TRICK] = index[str(last)]
        for side, parts in entry_part(entry, DECLARATIONS).items():
            if side in index and isinstance(parts, Mapping):
                for part, value in parts.items():
                    initial[f"{part}_{index[side]}"] = (
                        value if part == NAPOLETANE else str(value or 0)
                    )
        return initial

    def points_of(self, cards: frozenset[Card]) -> int:
        return points_of_cards(cards, False)

    def entry(self) -> dict[str, object]:
        # The phone reads a hand kept offline with the same function (games/scoring/posted.py).
        return read_entry(self.cleaned_data, self.setup)

    def preview(self) -> HandPreview | None:
        """Each side's cards and card points so far; the hand's points once every card has a
        side and the last trick an owner (or the points add up)."""
        parts = self.preview_parts()
        if parts is None:
            return None
        hand = read_breakdown(parts.score.breakdown, self.setup, Tressette) if parts.score else None
        lines = tuple(explain_hand(hand)) if hand else ()
        return HandPreview(parts.sides, parts.unassigned, parts.score, lines, parts.problems)


def _listed(points: Mapping[str, int]) -> str:
    return ", ".join(f"{side} {value}" for side, value in points.items())


def explain_hand(hand: TressetteBreakdown) -> list[str]:
    """The hand in words: the card points, how they were entered, and the declarations."""
    if hand.entered == POINTS:
        lines = [
            _("Card points counted at the table: %(points)s.")
            % {"points": _listed(hand.card_points)}
        ]
    else:
        lines = [
            _("Card points from the cards taken, the last trick (%(side)s) included: %(points)s.")
            % {"side": hand.last_trick, "points": _listed(hand.card_points)}
        ]
    declared = {side: value for side, value in hand.declared.items() if value}
    if declared:
        lines.append(_("Declarations: %(points)s.") % {"points": _listed(declared)})
    return lines


class TressetteHandEntry(CardPointsHandEntry):
    # A hand is scored on its own; so is its preview.
    form_uses_earlier = False
    template = "tressette/hand.html"
    form_class = TressetteHandForm
    options_on_scoreboard = frozenset({"target"})

    def initial_from_entry(
        self, entry: Mapping[str, object], setup: TableSetup
    ) -> dict[str, object]:
        return TressetteHandForm.initial_from_entry(entry, setup.sides)

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, object]:
        assert isinstance(form, TressetteHandForm)
        return {
            **self.tap_context(form, setup),
            "preview": form.preview(),
            "steppers": self.points_steppers(form, setup, "points", NAPOLETANE),
            "declared": any(
                form.value_as_it_stands(name) not in (None, "", "0", 0)
                for name in form.fields
                if name.startswith((NAPOLETANE, *ACCUSE_RANKS))
            ),
            "accuse": [
                (label, [(side, form[f"{rank}_{i}"]) for i, side in enumerate(setup.sides)])
                for rank, label in (
                    ("aces", gettext_lazy("Three or four aces")),
                    ("twos", gettext_lazy("Three or four 2s")),
                    ("threes", gettext_lazy("Three or four 3s")),
                )
                if f"{rank}_0" in form.fields
            ],
        }

    def explain(self, breakdown: Mapping[str, JSON], setup: TableSetup) -> list[str]:
        return explain_hand(read_breakdown(breakdown, setup, Tressette))

    def scoreboard(
        self, setup: TableSetup, state: GameState, next_dealer: str | None
    ) -> Scoreboard:
        target = int(setup.option_str("target"))
        rows = tuple(
            ScoreRow(
                side, total_text(setup, state.totals.get(side, 0)), winner=side in state.winners
            )
            for side in setup.sides
        )
        facts = [_("Game to %(target)s") % {"target": target}, *dealer_facts(next_dealer)]
        return Scoreboard(rows, tuple(facts))

    def seating_help(self, rules: Game) -> str:
        return _(
            "With four at a Tressette table, partners sit opposite: players 1 and 3 play "
            "against 2 and 4."
        )

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        target = int(setup.option_str("target"))
        return ChartHints(target, _("Game to %(target)s") % {"target": target})

    def demo(self, game: str) -> DemoGame | None:
        return TRESSETTE_DEMO

    def rules_template(self, game: str) -> str:
        return "tressette/rules.html"


HAND_ENTRIES: dict[str, HandEntry] = {Tressette.key: TressetteHandEntry()}
