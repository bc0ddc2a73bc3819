"""Briscola at the table: the cards each side took, tapped as in Scopa, or the card points
counted at the table; a live preview of each side's card points; the match as deals won
(games/plugins/briscola/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    HistoryLine,
    Scoreboard,
    ScoreRow,
    dealer_facts,
)
from games.hands.demo_base import DemoGame
from games.hands.tap_cards import (
    MODE_POINTS,
    Figure,
    SideCount,
    TapCardsForm,
    TapCardsHandEntry,
)
from games.plugins.briscola.demo import BRISCOLA_DEMO
from games.plugins.briscola.engine import (
    DECK_POINTS,
    Briscola,
    card_points,
    deals_needed,
)
from games.scoring import Game, GameState, RoundScore, TableSetup
from games.scoring.cards import Card


@dataclass(frozen=True)
class DealPreview:
    sides: tuple[SideCount, ...]
    unassigned: int
    score: RoundScore | None
    result: str
    problems: tuple[str, ...] = ()


class BriscolaHandForm(TapCardsForm):
    """One deal: every card to the side that took it, or the card points counted at the table
    (rules.md §5)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i, side in enumerate(self.sides):
            self.fields[f"points_{i}"] = forms.IntegerField(
                label=side, min_value=0, max_value=DECK_POINTS, initial=0, required=False
            )

    @classmethod
    def initial_from_entry(cls, entry: Mapping[str, Any], sides: tuple[str, ...]) -> dict[str, Any]:
        if "points" in entry:
            index = {side: str(i) for i, side in enumerate(sides)}
            initial: dict[str, Any] = {"mode": MODE_POINTS}
            for side, points in entry["points"].items():
                initial[f"points_{index[side]}"] = points
            return initial
        return cls.initial_captures(entry, sides)

    def side_counts(
        self, taken: Mapping[str, frozenset[Card]] | None = None
    ) -> tuple[SideCount, ...]:
        taken = self.taken() if taken is None else taken
        return tuple(
            SideCount(
                index,
                side,
                (
                    Figure("cards", _("cards"), len(taken[side])),
                    Figure("points", _("card points"), sum(map(card_points, taken[side]))),
                ),
            )
            for index, side in enumerate(self.sides)
        )

    def entry(self) -> dict[str, object]:
        if self.by_points():
            return {
                "points": {side: self.count(f"points_{i}") for i, side in enumerate(self.sides)}
            }
        return {"captures": self.captures()}

    def preview(self) -> DealPreview | None:
        """Each side's card points so far and the cards left; the deal's result once every
        card has a side (or the points add up)."""
        if not self.is_bound:
            return None
        valid = self.is_valid()
        score = self.score if valid else None
        result = deal_result(score.breakdown) if score else ""
        if self.by_points():
            # Typed points: the result once they add up, else why they cannot be saved.
            problems = () if valid else tuple(str(e) for e in self.non_field_errors())
            if score is None and not problems:
                return None
            return DealPreview((), 0, score, result, problems)
        taken = self.taken()
        unassigned = self.unassigned(taken)
        problems = () if valid or unassigned else tuple(str(e) for e in self.non_field_errors())
        return DealPreview(self.side_counts(taken), unassigned, score, result, problems)


def deal_result(breakdown: Mapping[str, Any]) -> str:
    """The deal's result in words: who won it, or a draw (rules.md §3)."""
    points = breakdown.get("card_points") or {}
    counts = ", ".join(f"{side} {value}" for side, value in points.items())
    if breakdown.get("winner"):
        return _("%(side)s wins the deal (%(points)s).") % {
            "side": breakdown["winner"],
            "points": counts,
        }
    return _("60-60: the deal is a draw and counts for nobody.")


def deal_summary(breakdown: Mapping[str, Any]) -> str:
    """The history's one line before a deal is opened: who won it, the numbers beside it."""
    if breakdown.get("winner"):
        return _("%(side)s wins the deal.") % {"side": breakdown["winner"]}
    return _("60-60 is a draw: the deal counts for nobody.")


class BriscolaHandEntry(TapCardsHandEntry):
    # A deal is scored on its own; so is its preview.
    form_uses_earlier = False
    template = "briscola/hand.html"
    mode_legend = gettext_lazy("How to enter the deal")
    form_class = BriscolaHandForm
    options_on_scoreboard = frozenset({"best_of"})
    standings_measures = ("points_per_game", "points_difference")

    def initial_from_entry(self, entry: Mapping[str, Any], setup: TableSetup) -> dict[str, Any]:
        return BriscolaHandForm.initial_from_entry(entry, setup.sides)

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, Any]:
        assert isinstance(form, BriscolaHandForm)
        return {
            **self.tap_context(form, setup),
            "preview": form.preview(),
            "steppers": self.points_steppers(form, setup, "points"),
        }

    def explain(self, breakdown: Mapping[str, Any], setup: TableSetup) -> list[str]:
        points = breakdown.get("card_points") or {}
        how = (
            _("Card points counted at the table: %(points)s.")
            if breakdown.get("entered") == MODE_POINTS
            else _("Card points from the cards taken: %(points)s.")
        )
        counts = ", ".join(f"{side} {value}" for side, value in points.items())
        return [how % {"points": counts}, deal_result(breakdown)]

    def record_heading(self, number: int) -> str:
        return _("Record deal %(number)s") % {"number": number}

    def history_line(
        self, points: Mapping[str, int], breakdown: Mapping[str, Any], setup: TableSetup
    ) -> HistoryLine:
        card_points_ = breakdown.get("card_points") or {}
        return HistoryLine(
            points=tuple((side, str(card_points_.get(side, 0))) for side in setup.sides),
            lines=tuple(self.explain(breakdown, setup)),
            summary=deal_summary(breakdown),
        )

    def scoreboard(
        self, setup: TableSetup, state: GameState, next_dealer: str | None
    ) -> Scoreboard:
        best_of = int(setup.option_str("best_of"))
        needed = deals_needed(best_of)
        rows = tuple(
            ScoreRow(
                side,
                str(state.totals.get(side, 0)),
                note=""
                if state.finished
                else _("%(count)s to go") % {"count": needed - state.totals.get(side, 0)},
                winner=side in state.winners,
            )
            for side in setup.sides
        )
        facts = [
            _("Deals won, best of %(count)s") % {"count": best_of},
            *dealer_facts(next_dealer),
        ]
        return Scoreboard(rows, tuple(facts))

    def seating_help(self, rules: Game) -> str:
        return _(
            "With four at a Briscola table, partners sit opposite: players 1 and 3 play "
            "against 2 and 4."
        )

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        best_of = int(setup.option_str("best_of"))
        return ChartHints(
            deals_needed(best_of), _("Deals won, best of %(count)s") % {"count": best_of}
        )

    def demo(self, game: str) -> DemoGame | None:
        return BRISCOLA_DEMO

    def rules_template(self, game: str) -> str:
        return "briscola/rules.html"


HAND_ENTRIES: dict[str, HandEntry] = {Briscola.key: BriscolaHandEntry()}
