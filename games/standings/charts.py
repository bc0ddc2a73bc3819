"""Line-chart geometry for server-rendered SVG: plain numbers in, coordinates and labels out.

A template draws the result (``templates/games/charts/line_chart.html``); nothing here knows
about HTML, colours or the language. Every coordinate is in SVG user units of a ``width`` by
``height`` viewBox, y growing downwards. Text is measured by an estimate (``font_size`` times
an average character width), which is enough to keep labels apart: the template draws all text
at ``font_size`` in a sans-serif face.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from games.scoring.numbers import MINUS

# 320 units drawn across a 310-px box on a 360-px phone: 15 units are 14.5 px, the least a
# player must read.
FONT_SIZE = 15
# How many colours the stylesheet defines; further series reuse them from the start.
COLOURS = 8
# Average advance of a digit or letter in a sans-serif face, as a share of the font size.
_CHAR_WIDTH = 0.62
# Above this many values per series a dot on each would blur into the line.
_MAX_DOTS = 20
_GAP = 4.0  # between an axis label and what it labels
_END_MARKER = 3.5  # radius of the marker on each line's last value

_YOf = Callable[[float], float]
_Format = Callable[[float], str]


@dataclass(frozen=True)
class Series:
    """One line: a value for each x label, and optionally a band (lower, upper) around each,
    such as a rating's uncertainty."""

    name: str
    values: tuple[float, ...]
    band: tuple[tuple[float, float], ...] | None = None


class Point(NamedTuple):
    """A point of the drawing (a named tuple: a chart makes one per value of each series, and
    a frozen dataclass took four times as long to make)."""

    x: float
    y: float


@dataclass(frozen=True)
class Tick:
    """An axis label: the value it stands for (for the x axis, the index of the x label),
    where it goes (y on the value axis, x on the x axis) and its text."""

    value: float
    position: float
    label: str


@dataclass(frozen=True)
class SeriesLine:
    """A series as drawn."""

    name: str
    # Index of its colour: the series' position in the chart, wrapping after COLOURS.
    colour: int
    # The polyline's ``points`` attribute: "x,y x,y ...".
    points: str
    # The band's polygon ``points`` (upper edge left to right, lower edge back); "" without one.
    band: str
    # A dot for each value, when there are few enough to tell apart; else empty.
    dots: tuple[Point, ...]
    # The last value: where the end marker goes.
    last: Point
    # Where the end label (the last value) is drawn: right of the marker, at this height,
    # moved up or down so that no two series' labels overlap.
    label_x: float
    label_y: float
    last_label: str


@dataclass(frozen=True)
class ThresholdLine:
    """A horizontal line across the plot at a value that matters (the target, the limit)."""

    value: float
    y: float
    label: str
    # The label's baseline: just above the line, or below it when the line is at the top.
    label_y: float


@dataclass(frozen=True)
class TableRow:
    """One x label with each series' value at it, formatted, in series order."""

    label: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class LineChart:
    dom_id: str
    title: str
    # A one-sentence summary for screen readers (the SVG's <desc>).
    description: str
    width: int
    height: int
    font_size: int
    # The plot area, inside the axis labels.
    plot_left: float
    plot_top: float
    plot_right: float
    plot_bottom: float
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    # The height of 0 when it lies in the value range (a stronger grid line); else None.
    zero_y: float | None
    threshold: ThresholdLine | None
    lines: tuple[SeriesLine, ...]
    # The numbers table: the heading of the x column, then one row per x label.
    x_heading: str
    rows: tuple[TableRow, ...]
    decimals: int

    @property
    def empty(self) -> bool:
        """Nothing to draw: no series or no x labels."""
        return not self.lines

    @property
    def plot_width(self) -> float:
        return self.plot_right - self.plot_left

    @property
    def plot_height(self) -> float:
        return self.plot_bottom - self.plot_top

    @property
    def series_names(self) -> tuple[str, ...]:
        return tuple(line.name for line in self.lines)

    @property
    def y_labels_x(self) -> float:
        """Where the value axis's labels end (they are right-aligned to it)."""
        return _round(self.plot_left - _GAP)

    @property
    def x_labels_y(self) -> float:
        """The baseline of the x axis's labels, under the plot."""
        return _round(self.plot_bottom + self.font_size + _GAP / 2)

    @property
    def threshold_label_x(self) -> float:
        """Where the threshold's label starts: at the left, as lines reach a target late."""
        return _round(self.plot_left + _GAP)


def line_chart(
    *,
    title: str,
    x_labels: Sequence[str],
    series: Sequence[Series],
    threshold: float | None = None,
    threshold_label: str = "",
    width: int = 320,
    height: int = 180,
    x_heading: str = "",
    description: str = "",
    dom_id: str = "chart",
    decimals: int | None = None,
    decimal_separator: str = ".",
) -> LineChart:
    """Lay out a line chart of ``series`` over ``x_labels``; every series needs a value (and
    its band, if any, a pair) for each x label, else ValueError.

    ``threshold`` draws a line labelled ``threshold_label`` (the value itself when empty) and
    the value axis always reaches it. ``decimals`` formats every number (None: 0 when every
    value is whole, else 1); ``decimal_separator`` is the language's. ``description`` defaults
    to each series' last value ("Ann 11, Bob 6"). ``dom_id`` must be unique on the page.
    """
    _check(x_labels, series)
    count = len(x_labels)
    if decimals is None:
        decimals = _decimals_for(series)
    if not description:
        description = final_values(series, decimals=decimals, decimal_separator=decimal_separator)
    font = FONT_SIZE
    if not series or not count:
        return LineChart(
            dom_id=dom_id,
            title=title,
            description=description,
            width=width,
            height=height,
            font_size=font,
            plot_left=0,
            plot_top=0,
            plot_right=width,
            plot_bottom=height,
            y_ticks=(),
            x_ticks=(),
            zero_y=None,
            threshold=None,
            lines=(),
            x_heading=x_heading,
            rows=(),
            decimals=decimals,
        )

    def number(value: float) -> str:
        return format_number(value, decimals, decimal_separator)

    low, high = _value_range(series, threshold)
    top = font / 2 + _GAP
    bottom = height - font - 2 * _GAP
    tick_values = nice_ticks(low, high, max(1, int((bottom - top) // (font * 2.6))), decimals == 0)
    low, high = tick_values[0], tick_values[-1]

    def y_of(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    # Ticks are round numbers: "20", not "20.0", even on a chart of ratings.
    tick_decimals = _decimals_of_step(tick_values)
    y_labels = [format_number(value, tick_decimals, decimal_separator) for value in tick_values]
    last_labels = [number(line.values[-1]) for line in series]
    left = max(
        _text_width(max(y_labels, key=len)) + 2 * _GAP,
        _text_width(x_labels[0]) / 2 + 1,
    )
    right = width - max(
        _text_width(max(last_labels, key=len)) + _END_MARKER + 2 * _GAP,
        _text_width(x_labels[-1]) / 2 + 1,
    )
    xs = _x_positions(count, left, right)

    lines = []
    for index, line in enumerate(series):
        points = tuple(
            Point(_round(x), _round(y_of(value))) for x, value in zip(xs, line.values, strict=True)
        )
        lines.append(
            SeriesLine(
                name=line.name,
                colour=index % COLOURS,
                # Rounded already (``Point`` above): written as they are.
                points=" ".join(f"{point.x:g},{point.y:g}" for point in points),
                band=_band(xs, line.band, y_of),
                dots=points if count <= _MAX_DOTS else (),
                last=points[-1],
                label_x=_round(points[-1].x + _END_MARKER + _GAP),
                label_y=0.0,
                last_label=last_labels[index],
            )
        )
    label_ys = spread([line.last.y for line in lines], font + 1, top, bottom)
    lines = [
        replace(line, label_y=_round(label_y))
        for line, label_y in zip(lines, label_ys, strict=True)
    ]

    threshold_line = None
    if threshold is not None:
        y = y_of(threshold)
        label_y = y - _GAP if y - font - _GAP >= 0 else y + font + _GAP / 2
        threshold_line = ThresholdLine(
            threshold, _round(y), threshold_label or number(threshold), _round(label_y)
        )

    return LineChart(
        dom_id=dom_id,
        title=title,
        description=description,
        width=width,
        height=height,
        font_size=font,
        plot_left=_round(left),
        plot_top=_round(top),
        plot_right=_round(right),
        plot_bottom=_round(bottom),
        y_ticks=tuple(
            Tick(value, _round(y_of(value)), label)
            for value, label in zip(tick_values, y_labels, strict=True)
        ),
        x_ticks=tuple(
            Tick(index, _round(xs[index]), x_labels[index])
            for index in _x_label_indexes(x_labels, xs)
        ),
        zero_y=_round(y_of(0)) if low <= 0 <= high else None,
        threshold=threshold_line,
        lines=tuple(lines),
        x_heading=x_heading,
        rows=tuple(
            TableRow(label, tuple(_cell(line, index, number) for line in series))
            for index, label in enumerate(x_labels)
        ),
        decimals=decimals,
    )


def final_values(
    series: Sequence[Series], *, decimals: int | None = None, decimal_separator: str = "."
) -> str:
    """Each series' last value after its name: "Ann 11, Bob 6" (a description's numbers)."""
    if decimals is None:
        decimals = _decimals_for(series)
    # "Ann 25,3, Bob 24,1" would hide where one value ends in a language with decimal commas.
    joiner = "; " if decimal_separator == "," and decimals else ", "
    return joiner.join(
        f"{line.name} {format_number(line.values[-1], decimals, decimal_separator)}"
        for line in series
        if line.values
    )


def format_number(value: float, decimals: int, decimal_separator: str = ".") -> str:
    """``value`` rounded to ``decimals`` places, with a real minus sign; never "−0"."""
    if decimals == 0 and type(value) is int:
        # A whole number of points, as most are: the same text, a third of the time.
        return f"{MINUS}{-value}" if value < 0 else str(value)
    text = f"{abs(value):.{decimals}f}".replace(".", decimal_separator)
    return f"{MINUS}{text}" if round(value, decimals) < 0 else text


def nice_ticks(low: float, high: float, max_intervals: int, whole: bool) -> tuple[float, ...]:
    """Evenly spaced round values (steps of 1, 2 or 5 times a power of ten) from at or below
    ``low`` to at or above ``high``, at most ``max_intervals`` steps apart; whole steps only
    when ``whole``. ``low`` must be below ``high``."""
    for step in _nice_steps((high - low) / max_intervals, whole):
        # The epsilon keeps 0.3 / 0.1 = 2.9999999999999996 from adding a step on each side.
        first = math.floor(low / step + 1e-9)
        last = math.ceil(high / step - 1e-9)
        if last - first <= max_intervals:
            return tuple(_clean(k * step) for k in range(first, last + 1))
    raise AssertionError("unreachable: the steps grow without bound")


def spread(positions: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Move ``positions`` (label heights) apart until each is at least ``gap`` from the next,
    keeping their order and, where there is room, staying between ``low`` and ``high``."""
    order = sorted(range(len(positions)), key=lambda index: positions[index])
    placed = [min(max(positions[index], low), high) for index in order]
    for at in range(1, len(placed)):
        placed[at] = max(placed[at], placed[at - 1] + gap)
    if placed and placed[-1] > high:
        placed[-1] = high
        for at in range(len(placed) - 2, -1, -1):
            placed[at] = min(placed[at], placed[at + 1] - gap)
    result = [0.0] * len(positions)
    for index, position in zip(order, placed, strict=True):
        result[index] = position
    return result


# -- helpers ------------------------------------------------------------------------------------


def _check(x_labels: Sequence[str], series: Sequence[Series]) -> None:
    for line in series:
        if len(line.values) != len(x_labels):
            raise ValueError(
                f"{line.name} has {len(line.values)} values for {len(x_labels)} x labels"
            )
        if line.band is not None and len(line.band) != len(line.values):
            raise ValueError(f"{line.name} has {len(line.band)} band pairs for its values")
        if not all(math.isfinite(value) for value in _values_of(line)):
            raise ValueError(f"{line.name} has a value that is not a finite number")


def _values_of(line: Series) -> Iterator[float]:
    yield from line.values
    for lower, upper in line.band or ():
        yield lower
        yield upper


def _decimals_for(series: Sequence[Series]) -> int:
    whole = all(float(value).is_integer() for line in series for value in _values_of(line))
    return 0 if whole else 1


def _value_range(series: Sequence[Series], threshold: float | None) -> tuple[float, float]:
    values = [value for line in series for value in _values_of(line)]
    if threshold is not None:
        values.append(threshold)
    low, high = min(values), max(values)
    if high < 0:
        # Balances below zero read against the zero line (Schafkopf).
        high = 0
    if low == high:
        # A flat line needs a range around it; one that does not go below 0 needlessly.
        return (low, low + 1) if low == 0 else (max(low - 1, 0) if low > 0 else low - 1, low + 1)
    return low, high


def _nice_steps(at_least: float, whole: bool) -> Iterator[float]:
    power = math.floor(math.log10(at_least))
    if whole:
        power = max(power, 0)
    while True:
        for base in (1, 2, 5):
            step = base * 10.0**power
            if step >= at_least * (1 - 1e-9):
                yield step
        power += 1


def _clean(value: float) -> float:
    # 3 * 0.1 is 0.30000000000000004: round away the binary noise, and -0.0.
    return round(value, 9) + 0.0


def _decimals_of_step(ticks: Sequence[float]) -> int:
    if len(ticks) < 2:
        return 0
    step = ticks[1] - ticks[0]
    decimals = 0
    while decimals < 6 and not math.isclose(step * 10**decimals, round(step * 10**decimals)):
        decimals += 1
    return decimals


def _text_width(text: str) -> float:
    return len(text) * FONT_SIZE * _CHAR_WIDTH


def _x_positions(count: int, left: float, right: float) -> list[float]:
    if count == 1:
        return [(left + right) / 2]
    return [left + index * (right - left) / (count - 1) for index in range(count)]


def _x_label_indexes(x_labels: Sequence[str], xs: Sequence[float]) -> list[int]:
    """Which x labels fit: every k-th (k = 1, 2, 5, 10, 20, ...), the first and the last."""
    last = len(x_labels) - 1

    def apart(first: int, second: int) -> bool:
        room = xs[second] - xs[first]
        return room >= (_text_width(x_labels[first]) + _text_width(x_labels[second])) / 2 + _GAP

    for step in _nice_steps(1, whole=True):
        shown = list(range(0, last + 1, int(step)))
        if shown[-1] != last:
            if len(shown) > 1 and not apart(shown[-1], last):
                shown.pop()
            shown.append(last)
        if all(apart(a, b) for a, b in itertools.pairwise(shown)):
            return shown
        if len(shown) <= 2:
            # Even the first and the last collide: the last hand is the one to show.
            return [last] if last and not apart(0, last) else shown
    raise AssertionError("unreachable: the steps grow without bound")


def _round(value: float) -> float:
    return round(value, 1) + 0.0


def _points(points: Sequence[Point]) -> str:
    return " ".join(f"{_coordinate(point.x)},{_coordinate(point.y)}" for point in points)


def _coordinate(value: float) -> str:
    return f"{_round(value):g}"


def _band(
    xs: Sequence[float],
    band: tuple[tuple[float, float], ...] | None,
    y_of: _YOf,
) -> str:
    if not band:
        return ""
    if len(xs) == 1:
        # One value: a band of no width would not show, so give it the end marker's width.
        (lower, upper) = band[0]
        xs = [xs[0] - _END_MARKER, xs[0] + _END_MARKER]
        band = ((lower, upper), (lower, upper))
    upper_edge = [Point(x, y_of(upper)) for x, (_, upper) in zip(xs, band, strict=True)]
    lower_edge = [Point(x, y_of(lower)) for x, (lower, _) in zip(xs, band, strict=True)]
    return _points([*upper_edge, *reversed(lower_edge)])


def _cell(line: Series, index: int, number: _Format) -> str:
    value = number(line.values[index])
    if line.band is None:
        return value
    lower, upper = line.band[index]
    return f"{value} ({number(lower)}\u2013{number(upper)})"
