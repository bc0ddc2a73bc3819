"""Charts of a table, built from its scored state; ``games.standings.charts`` lays them out.

Drawn by ``templates/games/charts/line_chart.html``, styled by ``static/css/charts.css``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.formats import get_format
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.hands import hand_entry_for
from games.remembered import Remembered
from games.scoring import GameState, Side, TableSetup
from games.standings.charts import LineChart, Series, final_values, line_chart
from games.templatetags.chart_html import chart_figure

# The table page's chart as drawn, by what it is drawn from: its layout and markup were a third
# of a table page's time, the same for every phone at the table until the next hand (issue 31).
_DRAWN: Remembered[SafeString] = Remembered(2000)


def running_totals_chart(setup: TableSetup, state: GameState) -> LineChart | None:
    """Each side's total after every hand, from 0 at the start, with the total the game is
    played to (or out at); None before the second hand, when a line would say nothing."""
    return latest_totals_chart(
        setup, 0, [dict.fromkeys(setup.sides, 0), *state.totals_after_each_round]
    )


def latest_totals_figure(
    setup: TableSetup, first: int, after_each: Sequence[Mapping[Side, int]]
) -> SafeString:
    """``{% chart_figure %}`` of ``latest_totals_chart``: the same markup, drawn once per
    process for the same table set-up, hands, totals and language (a pure function of them)."""
    totals = tuple(tuple(each.get(side, 0) for side in setup.sides) for each in after_each)
    key = (repr(setup), first, totals, get_language())
    return _DRAWN.get(key, lambda: chart_figure(latest_totals_chart(setup, first, after_each)))


def latest_totals_chart(
    setup: TableSetup, first: int, after_each: Sequence[Mapping[Side, int]]
) -> LineChart | None:
    """The running totals from the totals after hand ``first`` (0: the start, all zero), the
    first of ``after_each``, to the last hand: the table page draws the latest hands this way
    (``TablePage.chart_totals``), so its chart does not grow with the evening."""
    if first + len(after_each) - 1 < 2:
        return None
    series = [
        Series(side, tuple(totals.get(side, 0) for totals in after_each)) for side in setup.sides
    ]
    separator = str(get_format("DECIMAL_SEPARATOR"))
    hands = first + len(after_each) - 1
    entry = hand_entry_for(setup.game)
    # The total the game turns on, labelled as the scoreboard words it.
    hints = entry.chart_hints(setup)
    return line_chart(
        # Where the scoreboard shows money, the chart stays in points: it says so.
        title=_("Running totals in points") if hints.money_on_scoreboard else _("Running totals"),
        x_labels=[
            _("Start") if first == 0 else str(first),
            *(str(number) for number in range(first + 1, hands + 1)),
        ],
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
