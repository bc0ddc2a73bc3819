"""Charts of a table, built from its scored state; ``games.standings.charts`` lays them out.

Drawn by ``templates/games/charts/line_chart.html``, styled by ``static/css/charts.css``.
"""

from __future__ import annotations

from django.utils.formats import get_format
from django.utils.translation import gettext as _

from games.hands import hand_entry_for
from games.scoring import GameState, TableSetup
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
    entry = hand_entry_for(setup.game)
    # The total the game turns on, labelled as the scoreboard words it.
    hints = entry.chart_hints(setup)
    return line_chart(
        # Where the scoreboard shows money, the chart stays in points: it says so.
        title=_("Running totals in points") if hints.money_on_scoreboard else _("Running totals"),
        x_labels=[_("Start"), *(str(number) for number in range(1, hands + 1))],
        series=series,
        threshold=hints.threshold,
        threshold_label=hints.threshold_label,
        x_heading=str(entry.round_words.axis),
        description=entry.round_words.chart_after
        % {
            "count": hands,
            "totals": final_values(series, decimal_separator=separator),
        },
        dom_id="running-totals",
        decimal_separator=separator,
    )
