"""A chart's drawing and the rows of its numbers table, built in Python in one pass.

A running-totals chart has a row per hand: as a template loop, a long evening's rows were most
of its table page's time (7 ms of 12 at 500 hands), and its drawing, a loop over grid lines,
labels and dots, a tenth of every table page. The same markup, escaped as the template engine
escapes (games/hands/html.py ``esc``); numbers as ``{% localize off %}`` writes them."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from games.hands.html import esc
from games.standings.charts import LineChart

register = template.Library()


@register.simple_tag
def chart_rows(chart: LineChart) -> SafeString:
    """``{% chart_rows chart %}``: a ``<tr>`` per x label, its label and each series' value."""
    return mark_safe(
        "\n".join(
            f'<tr><th scope="row">{esc(row.label)}</th>'
            + "".join(f"<td>{esc(cell)}</td>" for cell in row.cells)
            + "</tr>"
            for row in chart.rows
        )
    )


@register.simple_tag
def chart_svg(chart: LineChart) -> SafeString:
    """``{% chart_svg chart %}``: the chart's ``<svg>``, coordinates unlocalized (a German
    "161,5" is not an SVG number)."""
    dom_id = esc(chart.dom_id)
    left, right = chart.plot_left, chart.plot_right
    parts = [
        f'<svg class="chart-svg" viewBox="0 0 {chart.width} {chart.height}" width="100%" '
        f'role="img" aria-labelledby="{dom_id}-title {dom_id}-desc" '
        f'font-size="{chart.font_size}">',
        f'<title id="{dom_id}-title">{esc(chart.title)}</title>',
        f'<desc id="{dom_id}-desc">{esc(chart.description)}</desc>',
        '<g class="chart-grid">',
        *(
            f'<line x1="{left}" x2="{right}" y1="{tick.position}" y2="{tick.position}"/>'
            for tick in chart.y_ticks
        ),
    ]
    if chart.zero_y is not None:
        parts.append(
            f'<line class="chart-zero" x1="{left}" x2="{right}" '
            f'y1="{chart.zero_y}" y2="{chart.zero_y}"/>'
        )
    parts.append("</g>")
    parts.append(
        '<g class="chart-axis-labels" text-anchor="end" dominant-baseline="central">'
        + "".join(
            f'<text x="{chart.y_labels_x}" y="{tick.position}">{esc(tick.label)}</text>'
            for tick in chart.y_ticks
        )
        + "</g>"
    )
    parts.append(
        '<g class="chart-axis-labels" text-anchor="middle">'
        + "".join(
            f'<text x="{tick.position}" y="{chart.x_labels_y}">{esc(tick.label)}</text>'
            for tick in chart.x_ticks
        )
        + "</g>"
    )
    threshold = chart.threshold
    if threshold:
        parts.append(
            f'<g class="chart-threshold"><line x1="{left}" x2="{right}" y1="{threshold.y}" '
            f'y2="{threshold.y}"/><text x="{chart.threshold_label_x}" '
            f'y="{threshold.label_y}">{esc(threshold.label)}</text></g>'
        )
    parts.extend(
        f'<polygon class="chart-band chart-series-{line.colour}" points="{esc(line.band)}"/>'
        for line in chart.lines
        if line.band
    )
    for line in chart.lines:
        dots = "".join(
            f'<circle class="chart-dot" cx="{dot.x}" cy="{dot.y}" r="2"/>' for dot in line.dots
        )
        parts.append(
            f'<g class="chart-line chart-series-{line.colour}">'
            f'<polyline points="{esc(line.points)}"/>{dots}'
            f'<circle class="chart-end" cx="{line.last.x}" cy="{line.last.y}" r="3.5"/>'
            f'<text class="chart-end-label" x="{line.label_x}" y="{line.label_y}" '
            f'dominant-baseline="central">{esc(line.last_label)}</text></g>'
        )
    parts.append("</svg>")
    return mark_safe("\n".join(parts))
