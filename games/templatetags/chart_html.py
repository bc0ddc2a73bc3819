"""A chart's drawing and the rows of its numbers table, built in Python in one pass.

A running-totals chart has a row per hand: as a template loop, a long evening's rows were most
of its table page's time (7 ms of 12 at 500 hands), and its drawing, a loop over grid lines,
labels and dots, a tenth of every table page. The same markup, escaped as the template engine
escapes (games/hands/html.py ``esc``); numbers as ``{% localize off %}`` writes them."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.hands.html import esc
from games.standings.charts import LineChart

register = template.Library()


@register.simple_tag
def chart_figure(chart: LineChart | None) -> SafeString:
    """``{% chart_figure chart %}``: the whole chart (games/charts/line_chart.html): its title,
    drawing, legend and numbers table; nothing for None or an empty chart. As one string, for
    it is on every table page and every profile (its template cost what its drawing did)."""
    if not chart or chart.empty:
        return mark_safe("")
    dom_id = esc(chart.dom_id)
    legend = "".join(
        f'<li class="chart-series-{esc(line.colour)}"><span class="chart-swatch" '
        f'aria-hidden="true"></span>{esc(line.name)} <strong>{esc(line.last_label)}</strong></li>'
        for line in chart.lines
    )
    names = "".join(f'<th scope="col">{esc(name)}</th>' for name in chart.series_names)
    # Outside the f-string, where xgettext finds it.
    show_numbers = esc(_("Show the numbers"))
    return mark_safe(
        f'\n<figure class="chart" id="{dom_id}">\n'
        f'  <figcaption class="chart-title">{esc(chart.title)}</figcaption>\n'
        f"  {chart_svg(chart)}\n"
        f'  <ul class="chart-legend">\n    {legend}\n  </ul>\n'
        '  <details class="chart-numbers">\n'
        f"    <summary>{show_numbers}</summary>\n"
        '    <div class="chart-table-scroll" role="region" tabindex="0" '
        f'aria-labelledby="{dom_id}-caption">\n'
        '      <table class="chart-table">\n'
        f'        <caption id="{dom_id}-caption" class="visually-hidden">{esc(chart.title)}'
        "</caption>\n"
        "        <thead>\n"
        f'          <tr><th scope="col">{esc(chart.x_heading)}</th>{names}</tr>\n'
        "        </thead>\n"
        "        <tbody>\n"
        f"          {chart_rows(chart)}\n"
        "        </tbody>\n"
        "      </table>\n"
        "    </div>\n"
        "  </details>\n"
        "</figure>\n"
    )


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
