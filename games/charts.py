"""Charts of a table, built from its scored state; ``games.standings.charts`` lays them out.

Drawn by ``templates/games/charts/line_chart.html``, styled by ``static/css/charts.css``.
"""

from __future__ import annotations

from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.scoring import GameState, TableSetup
from games.scoring.registry import SCOPA_FAMILY
from games.standings.charts import LineChart, Series, final_values, line_chart


def running_totals_chart(setup: TableSetup, state: GameState) -> LineChart | None:
    """Each side's total after every hand, from 0 at the start, with the total the game is
    played to (or out at); None before the second hand, when a line would say nothing."""
    after_each = state.totals_after_each_round
    if len(after_each) < 2:
        return None
    series = [
        Series(side, (0, *(totals.get(side, 0) for totals in after_each))) for side in setup.sides
    ]
    separator = str(get_format("DECIMAL_SEPARATOR"))
    hands = len(after_each)
    threshold, threshold_label = _threshold(setup)
    if setup.game == "schafkopf" and setup.option_int("cents_per_point"):
        # The scoreboard shows money there; the chart stays in points, so say so.
        title = _("Running totals in points")
    else:
        title = _("Running totals")
    return line_chart(
        title=title,
        x_labels=[_("Start"), *(str(number) for number in range(1, hands + 1))],
        series=series,
        threshold=threshold,
        threshold_label=threshold_label,
        x_heading=_("Hand"),
        description=ngettext(
            "After %(count)s hand: %(totals)s", "After %(count)s hands: %(totals)s", hands
        )
        % {
            "count": hands,
            "totals": final_values(series, decimal_separator=separator),
        },
        dom_id="running-totals",
        decimal_separator=separator,
    )


def _threshold(setup: TableSetup) -> tuple[int | None, str]:
    """The total the game turns on, and its label as the scoreboard words it."""
    if setup.game in SCOPA_FAMILY:
        target = setup.option_int("target")
        return target, _("Playing to %(target)s") % {"target": target}
    if setup.game == "ciapano":
        limit = setup.option_int("elimination_at")
        return limit, _("Out at %(limit)s") % {"limit": limit}
    if setup.game == "swoops" and not setup.option_int("rounds"):
        # With a fixed number of rounds the limit no longer ends the game.
        limit = setup.option_int("limit")
        return limit, _("Limit %(limit)s") % {"limit": limit}
    # Schafkopf has no end total: balances go up and down around zero.
    return None, ""
