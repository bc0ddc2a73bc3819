"""Any other game at the table: each side's points for the hand typed in (or stepped), a
preview of the hand, and the goal the table chose on the scoreboard
(games/plugins/custom/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from django import forms
from django.utils.translation import gettext as _

from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    Scoreboard,
    ScoreRow,
    dealer_facts,
    entry_part,
    offline_attrs,
    total_text,
)
from games.hands.demo_base import DemoGame
from games.plugins.custom.demo import CUSTOM_DEMO
from games.plugins.custom.engine import MOST_IN_A_HAND, PLAY_TO_TARGET, POINTS, CustomGame
from games.plugins.custom.posted import read_entry
from games.scoring import Game, GameState, TableSetup


def goal_words(setup: TableSetup) -> str:
    """How the table's game ends and who wins, in one line (rules.md §3)."""
    hands = setup.option_int("hands")
    lowest = setup.option_bool("lowest_wins")
    if hands != PLAY_TO_TARGET:
        if lowest:
            return _("Hands to play: %(hands)s; the lowest total wins") % {"hands": hands}
        return _("Hands to play: %(hands)s; the highest total wins") % {"hands": hands}
    target = setup.option_int("target")
    if lowest:
        return _("Until someone reaches %(target)s; the lowest total wins") % {"target": target}
    return _("Until someone reaches %(target)s; the highest total wins") % {"target": target}


@dataclass(frozen=True)
class HandPreview:
    """The hand as it will be recorded: each side's points, as shown."""

    rows: tuple[tuple[str, str], ...]


class CustomHandForm(BaseHandForm):
    """One hand: a whole number per side, blank for 0 (rules.md §2)."""

    def add_fields(self) -> None:
        negative = self.setup.option_bool("negative_points")
        # A phone's numeric keypad has no minus sign: where a hand may be negative, the
        # keyboard with one.
        attrs = {} if negative else {"inputmode": "numeric"}
        for index, side in enumerate(self.sides):
            self.fields[f"points_{index}"] = forms.IntegerField(
                label=side,
                min_value=-MOST_IN_A_HAND if negative else 0,
                max_value=MOST_IN_A_HAND,
                required=False,
                widget=forms.NumberInput(attrs=attrs),
            )

    def incomplete(self) -> str:
        if all(
            self.cleaned_data.get(f"points_{index}") is None for index in range(len(self.sides))
        ):
            return _("Enter the points of the hand: 0 for a side that scored nothing.")
        return ""

    def entry(self) -> dict[str, object]:
        # The phone reads a hand kept offline with the same function (games/scoring/posted.py).
        return read_entry(self.cleaned_data, self.setup)

    def preview(self) -> HandPreview | None:
        """The hand's points once they are valid."""
        if not self.is_bound or not self.is_valid() or self.score is None:
            return None
        points = self.score.points
        return HandPreview(tuple((side, signed(points[side])) for side in self.sides))


def signed(points: int) -> str:
    """A hand's points as the history shows a balance: "+12", "−5", "0"."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"\u2212{-points}"
    return "0"


class CustomHandEntry(HandEntry):
    form_uses_earlier = False
    template = "custom/hand.html"
    form_class = CustomHandForm
    options_on_scoreboard = frozenset({"target", "hands", "lowest_wins"})
    blank_options = MappingProxyType({"negative_points": True})

    def blank_form(self, form: BaseHandForm) -> None:
        # Where a hand may not be negative: the form's bound, and the keypad without a minus.
        for name, field in form.fields.items():
            if name.startswith("points_"):
                offline_attrs(field, "!negative_points", {"min": "0", "inputmode": "numeric"})

    def initial_from_entry(
        self, entry: Mapping[str, object], setup: TableSetup
    ) -> dict[str, object]:
        points = entry_part(entry, POINTS)
        return {f"points_{index}": points.get(side, 0) for index, side in enumerate(setup.sides)}

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, object]:
        assert isinstance(form, CustomHandForm)
        return {
            "preview": form.preview(),
            "steppers": [(side, form[f"points_{index}"]) for index, side in enumerate(setup.sides)],
        }

    def scoreboard(
        self, setup: TableSetup, state: GameState, next_dealer: str | None
    ) -> Scoreboard:
        rows = tuple(
            ScoreRow(
                side, total_text(setup, state.totals.get(side, 0)), winner=side in state.winners
            )
            for side in setup.sides
        )
        return Scoreboard(rows, (goal_words(setup), *dealer_facts(next_dealer)))

    def seating_help(self, rules: Game) -> str:
        return _("Playing in two teams, partners sit opposite: players 1 and 3 against 2 and 4.")

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        if setup.option_int("hands") != PLAY_TO_TARGET:
            return ChartHints()
        target = setup.option_int("target")
        return ChartHints(target, _("Target: %(target)s") % {"target": target})

    def demo(self, game: str) -> DemoGame | None:
        return CUSTOM_DEMO

    def rules_template(self, game: str) -> str:
        return "custom/rules.html"


HAND_ENTRIES: dict[str, HandEntry] = {CustomGame.key: CustomHandEntry()}
