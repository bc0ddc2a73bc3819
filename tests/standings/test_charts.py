"""Line-chart geometry: where values land, which ticks and labels are drawn, and the numbers."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.standings.charts import (
    COLOURS,
    MINUS,
    LineChart,
    Series,
    final_values,
    format_number,
    line_chart,
    nice_ticks,
    spread,
)


def chart(*values: tuple[float, ...], **options: object) -> LineChart:
    """A chart of one series per tuple, named A, B, ..., over x labels 0, 1, 2, ..."""
    count = len(values[0])
    series = [Series(chr(ord("A") + index), line) for index, line in enumerate(values)]
    return line_chart(
        title="Totals",
        x_labels=[str(index) for index in range(count)],
        series=series,
        **options,  # type: ignore[arg-type]
    )


def parse(points: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in points.split())]


def y_of(result: LineChart, value: float) -> float:
    """The height of ``value`` on the value axis, from its lowest and highest ticks."""
    low, high = result.y_ticks[0], result.y_ticks[-1]
    share = (value - low.value) / (high.value - low.value)
    return low.position - share * (low.position - high.position)


# -- where values land --------------------------------------------------------------------------


def test_values_map_onto_the_plot_from_bottom_left_to_top_right() -> None:
    result = chart((0, 5, 10))

    assert result.y_ticks[0].value == 0
    assert result.y_ticks[-1].value == 10
    (x0, y0), (x1, y1), (x2, y2) = parse(result.lines[0].points)
    assert (x0, y0) == (result.plot_left, result.plot_bottom)
    assert (x2, y2) == (result.plot_right, result.plot_top)
    # Half the value, half the height; the middle hand, the middle of the width.
    assert x1 == pytest.approx((result.plot_left + result.plot_right) / 2, abs=0.1)
    assert y1 == pytest.approx((result.plot_top + result.plot_bottom) / 2, abs=0.1)
    assert result.lines[0].last.x == x2
    assert result.lines[0].last.y == y2


def test_the_plot_sits_inside_the_viewbox_with_room_for_the_labels() -> None:
    result = chart((0, 120, 250), width=320, height=180)

    assert 0 < result.plot_left < result.plot_right < 320
    assert 0 < result.plot_top < result.plot_bottom < 180
    assert result.x_labels_y <= 180
    # The longest tick label ("250") fits left of the plot.
    assert result.plot_left >= 3 * result.font_size * 0.5


def test_each_series_keeps_its_colour_by_position_and_wraps_after_eight() -> None:
    result = chart(*[tuple(float(n + k) for k in range(3)) for n in range(COLOURS + 1)])

    assert [line.colour for line in result.lines] == [*range(COLOURS), 0]


# -- value axis -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("low", "high"),
    [(0, 7), (0, 11), (-35, 120), (-90, -10), (0, 1000), (23.4, 27.9), (0.05, 0.3), (-3, 2)],
)
def test_ticks_are_round_evenly_spaced_and_cover_the_values(low: float, high: float) -> None:
    result = chart((low, high))
    ticks = [tick.value for tick in result.y_ticks]

    assert ticks[0] <= low
    assert ticks[-1] >= high
    steps = {round(b - a, 9) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1
    (step,) = steps
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 6) in (1, 2, 5)
    assert 2 <= len(ticks) <= 7
    # No more than one step of empty space at either end.
    assert ticks[1] > low
    assert ticks[-2] < high


@pytest.mark.parametrize(("low", "high"), [(-35, 120), (-90, -10), (-95, -60), (-3, 2)])
def test_ticks_include_zero_when_values_go_negative(low: float, high: float) -> None:
    result = chart((low, high))

    assert 0 in [tick.value for tick in result.y_ticks]
    assert result.zero_y == pytest.approx(y_of(result, 0), abs=0.1)
    assert f"{MINUS}" in result.y_ticks[0].label


def test_positive_values_far_from_zero_do_not_stretch_the_axis_to_zero() -> None:
    """Ratings around 25: the axis shows their range, not 0 to 30."""
    result = chart((23.4, 25.1, 27.9))

    assert result.y_ticks[0].value > 0
    assert result.zero_y is None


def test_whole_values_get_whole_ticks() -> None:
    result = chart((0, 1, 2))

    assert [tick.label for tick in result.y_ticks] == ["0", "1", "2"]


def test_nice_ticks_directly() -> None:
    assert nice_ticks(0, 11, 5, whole=True) == (0, 5, 10, 15)
    assert nice_ticks(0.1, 0.3, 4, whole=False) == (0.1, 0.15, 0.2, 0.25, 0.3)
    assert nice_ticks(-12, 3, 4, whole=True) == (-15, -10, -5, 0, 5)


# -- single point, flat lines, empty ---------------------------------------------------------


def test_a_single_point_is_drawn_in_the_middle_with_its_marker_and_row() -> None:
    result = chart((7,))

    line = result.lines[0]
    assert len(parse(line.points)) == 1
    assert line.last.x == pytest.approx((result.plot_left + result.plot_right) / 2, abs=0.1)
    assert result.y_ticks[0].value <= 7 <= result.y_ticks[-1].value
    assert [tick.label for tick in result.x_ticks] == ["0"]
    assert [row.cells for row in result.rows] == [("7",)]


def test_all_values_zero_lie_on_the_bottom_of_a_zero_to_one_axis() -> None:
    result = chart((0, 0, 0), (0, 0, 0))

    assert [tick.value for tick in result.y_ticks] == [0, 1]
    assert {y for line in result.lines for _, y in parse(line.points)} == {result.plot_bottom}


def test_all_values_equal_draw_a_flat_line_inside_the_plot() -> None:
    result = chart((5, 5, 5, 5))

    heights = {y for _, y in parse(result.lines[0].points)}
    assert len(heights) == 1
    (height,) = heights
    assert result.plot_top < height < result.plot_bottom
    assert result.y_ticks[0].value >= 0  # a flat 5 does not invent negative values


@pytest.mark.parametrize(
    "result",
    [
        line_chart(title="Totals", x_labels=["Start", "1"], series=[]),
        line_chart(title="Totals", x_labels=[], series=[Series("Ann", ())]),
    ],
)
def test_no_values_give_an_empty_chart(result: LineChart) -> None:
    assert result.empty
    assert result.lines == ()
    assert result.rows == ()


def test_a_series_without_a_value_for_each_label_is_an_error() -> None:
    with pytest.raises(ValueError, match="Ann has 2 values for 3 x labels"):
        line_chart(title="T", x_labels=["a", "b", "c"], series=[Series("Ann", (1, 2))])
    with pytest.raises(ValueError, match="band"):
        line_chart(title="T", x_labels=["a", "b"], series=[Series("Ann", (1, 2), ((0, 2),))])
    with pytest.raises(ValueError, match="finite"):
        line_chart(title="T", x_labels=["a"], series=[Series("Ann", (math.nan,))])


# -- threshold --------------------------------------------------------------------------------


def test_a_threshold_inside_the_values_is_drawn_at_its_height() -> None:
    result = chart((0, 20, 40), threshold=31, threshold_label="Out at 31")

    assert result.threshold is not None
    assert result.threshold.y == pytest.approx(y_of(result, 31), abs=0.1)
    assert result.threshold.label == "Out at 31"
    assert result.y_ticks[-1].value == 40  # the values decide the range


def test_a_threshold_above_the_values_extends_the_axis_to_show_it() -> None:
    result = chart((0, 2, 3), threshold=11)

    assert result.y_ticks[-1].value >= 11
    assert result.threshold is not None
    assert result.plot_top <= result.threshold.y < y_of(result, 3)
    # Without a label of its own, the line is labelled with its value.
    assert result.threshold.label == "11"
    assert 0 <= result.threshold.label_y <= result.height


def test_a_threshold_at_the_top_puts_its_label_under_the_line() -> None:
    result = chart((0, 10), threshold=10)

    assert result.threshold is not None
    assert result.threshold.y == result.plot_top
    assert result.threshold.label_y > result.threshold.y


def test_no_threshold_no_line() -> None:
    assert chart((0, -30, 20)).threshold is None


# -- x labels ---------------------------------------------------------------------------------


def test_few_hands_label_every_hand() -> None:
    labels = ["Start", *(str(n) for n in range(1, 8))]
    result = line_chart(title="T", x_labels=labels, series=[Series("A", tuple(range(8)))])

    assert [tick.label for tick in result.x_ticks] == labels
    assert [tick.position for tick in result.x_ticks] == [
        x for x, _ in parse(result.lines[0].points)
    ]


def test_many_hands_thin_the_x_labels_to_round_steps_with_the_first_and_last() -> None:
    labels = ["Start", *(str(n) for n in range(1, 201))]
    result = line_chart(title="T", x_labels=labels, series=[Series("A", tuple(range(201)))])

    shown = [tick.label for tick in result.x_ticks]
    assert 3 <= len(shown) <= 8
    assert shown[0] == "Start"
    assert shown[-1] == "200"
    numbers = [int(tick.value) for tick in result.x_ticks]
    steps = {b - a for a, b in itertools.pairwise(numbers)}
    assert len(steps) == 1
    # No two labels overlap, by the chart's own estimate of their width.
    for a, b in zip(result.x_ticks, result.x_ticks[1:], strict=False):
        room = b.position - a.position
        assert room >= (len(a.label) + len(b.label)) / 2 * result.font_size * 0.62


def test_the_last_hand_is_labelled_even_off_the_round_steps() -> None:
    labels = ["Start", *(str(n) for n in range(1, 58))]
    result = line_chart(title="T", x_labels=labels, series=[Series("A", tuple(range(58)))])

    assert result.x_ticks[-1].label == "57"
    assert len(result.x_ticks) < 12


def test_dots_are_drawn_on_short_series_only() -> None:
    assert len(chart(tuple(range(10))).lines[0].dots) == 10
    assert chart(tuple(range(60))).lines[0].dots == ()


# -- end labels -------------------------------------------------------------------------------


def test_end_labels_of_lines_ending_together_are_moved_apart() -> None:
    result = chart(*[(0, 10 + n * 0.1) for n in range(8)])

    heights = sorted(line.label_y for line in result.lines)
    assert all(b - a >= result.font_size for a, b in itertools.pairwise(heights))
    assert result.plot_top <= heights[0]
    assert heights[-1] <= result.plot_bottom
    assert all(line.label_x > line.last.x for line in result.lines)


def test_spread_keeps_order_and_bounds() -> None:
    assert spread([50, 50, 50], 10, 0, 100) == [50, 60, 70]
    assert spread([100, 99], 10, 0, 100) == [100, 90]
    assert spread([20, 80], 10, 0, 100) == [20, 80]


# -- bands --------------------------------------------------------------------------------------


def test_a_band_is_a_polygon_along_its_upper_edge_and_back_along_its_lower() -> None:
    series = Series("Ann", (25.0, 26.5, 28.0), ((17.0, 33.0), (20.0, 33.0), (23.0, 33.0)))
    result = line_chart(title="Rating", x_labels=["1", "2", "3"], series=[series])

    line = parse(result.lines[0].points)
    band = parse(result.lines[0].band)
    assert len(band) == 6
    upper, lower = band[:3], band[3:][::-1]
    assert [x for x, _ in upper] == [x for x, _ in line] == [x for x, _ in lower]
    for (_, top), (_, middle), (_, bottom) in zip(upper, line, lower, strict=True):
        assert top < middle < bottom
    assert upper[0][1] == pytest.approx(y_of(result, 33.0), abs=0.1)
    assert lower[0][1] == pytest.approx(y_of(result, 17.0), abs=0.1)
    # The band counts in the axis range.
    assert result.y_ticks[0].value <= 17
    assert result.y_ticks[-1].value >= 33
    assert result.rows[0].cells == ("25.0 (17.0\u201333.0)",)


def test_a_band_around_a_single_point_still_has_a_width() -> None:
    result = line_chart(
        title="Rating", x_labels=["1"], series=[Series("Ann", (25.0,), ((17.0, 33.0),))]
    )

    xs = {x for x, _ in parse(result.lines[0].band)}
    assert len(xs) == 2


def test_without_a_band_there_is_no_polygon() -> None:
    assert chart((1, 2)).lines[0].band == ""


# -- numbers ------------------------------------------------------------------------------------


def test_the_numbers_table_has_a_row_per_x_label_with_each_series() -> None:
    result = line_chart(
        title="Running totals",
        x_labels=["Start", "1", "2"],
        series=[Series("Ann", (0, 3, 11)), Series("Bob", (0, -1, 6))],
        x_heading="Hand",
    )

    assert result.series_names == ("Ann", "Bob")
    assert result.x_heading == "Hand"
    assert [(row.label, row.cells) for row in result.rows] == [
        ("Start", ("0", "0")),
        ("1", ("3", f"{MINUS}1")),
        ("2", ("11", "6")),
    ]
    assert result.description == "Ann 11, Bob 6"
    assert [line.last_label for line in result.lines] == ["11", "6"]


def test_ratings_show_one_decimal_and_points_none() -> None:
    ratings = line_chart(title="R", x_labels=["1", "2"], series=[Series("Ann", (25.0, 31.37))])
    close = line_chart(title="R", x_labels=["1", "2"], series=[Series("Ann", (25.0, 26.37))])
    points = line_chart(title="P", x_labels=["1", "2"], series=[Series("Ann", (0.0, 26.0))])

    assert [row.cells for row in ratings.rows] == [("25.0",), ("31.4",)]
    # Ticks show the decimals their step needs: "25", "30"; but "25.5".
    assert [tick.label for tick in ratings.y_ticks][:2] == ["25", "30"]
    assert [tick.label for tick in close.y_ticks][:2] == ["25.0", "25.5"]
    assert [row.cells for row in points.rows] == [("0",), ("26",)]


def test_numbers_use_the_languages_decimal_separator() -> None:
    series = [Series("Ann", (25.0, 26.37)), Series("Bob", (25.0, 23.61))]
    result = line_chart(title="R", x_labels=["1", "2"], series=series, decimal_separator=",")

    assert result.rows[1].cells == ("26,4", "23,6")
    assert result.description == "Ann 26,4; Bob 23,6"


def test_format_number() -> None:
    assert format_number(-3, 0) == f"{MINUS}3"
    assert format_number(-0.04, 1) == "0.0"  # never a negative zero
    assert format_number(1234.56, 1, ",") == "1234,6"
    assert final_values([Series("Ann", (1, 2)), Series("Bob", (4, -2))]) == f"Ann 2, Bob {MINUS}2"


@given(st.integers(min_value=-(2**53), max_value=2**53), st.sampled_from([".", ","]))
def test_a_whole_number_reads_as_the_same_number_as_a_float_would(
    value: int, separator: str
) -> None:
    # Whole numbers take a shorter way (most charts are of points): the same text.
    assert format_number(value, 0, separator) == format_number(float(value), 0, separator)
    assert format_number(value, 1, separator) == format_number(float(value), 1, separator)
