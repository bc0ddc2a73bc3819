"""The made-up race at the table: each player's points typed in, a preview of the new totals
(tests/made_up_game/rules.md). The least a hand entry gives: its form, its template and the
form's values for a stored hand; every other hook keeps ``HandEntry``'s default but the chart's
line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.hands.base import BaseHandForm, ChartHints, HandEntry
from games.scoring import TableSetup
from tests.made_up_game.engine import MOST_IN_A_HAND, POINTS, MadeUpRace


class RaceHandForm(BaseHandForm):
    """A number of points per player (rules.md §1)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for index, side in enumerate(self.sides):
            self.fields[f"points_{index}"] = forms.IntegerField(
                label=side, min_value=0, max_value=MOST_IN_A_HAND, initial=0, required=False
            )

    def entry(self) -> dict[str, object]:
        return {
            POINTS: {side: self.count(f"points_{index}") for index, side in enumerate(self.sides)}
        }

    def preview(self) -> Mapping[str, int] | None:
        """The hand's points once they are valid."""
        if not self.is_bound or not self.is_valid() or self.score is None:
            return None
        return self.score.points


class RaceHandEntry(HandEntry):
    form_uses_earlier = False
    template = "made_up_game/hand.html"
    form_class = RaceHandForm

    def initial_from_entry(self, entry: Mapping[str, Any], setup: TableSetup) -> dict[str, Any]:
        points = entry.get(POINTS) or {}
        return {f"points_{index}": points.get(side, 0) for index, side in enumerate(setup.sides)}

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, Any]:
        assert isinstance(form, RaceHandForm)
        return {"preview": form.preview()}

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        target = setup.option_int("target")
        return ChartHints(target, _("First to %(target)s") % {"target": target})


HAND_ENTRIES = {MadeUpRace.key: RaceHandEntry()}
