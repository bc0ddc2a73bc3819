"""The hand forms' busiest markup, built in Python (games/hands/html.py) instead of a template
render per card, radio and stepper."""

from typing import Any

from django import template
from django.forms.boundfield import BoundWidget
from django.utils.safestring import SafeString

from games.cardfaces import CardFace
from games.hands import html

register = template.Library()


@register.simple_tag
def card_grid(grid: html.Grid) -> SafeString:
    """``{% card_grid grid %}``: the whole tap grid (games/card_grid.html)."""
    return html.card_grid_html(grid)


@register.simple_tag
def card_face(face: CardFace) -> SafeString:
    """``{% card_face face %}``: one card's face (games/card_face.html)."""
    return html.card_face_html(face)


@register.simple_tag
def steppers(rows: Any) -> SafeString:
    """``{% steppers rows %}``: a stepper per (side, bound number field)."""
    return html.steppers_html(rows)


@register.filter
def option_input(option: BoundWidget) -> SafeString:
    """``{{ radio|option_input }}``: the same <input> as ``{{ radio.tag }}``, without a
    template render."""
    return html.option_input(option)


@register.simple_tag
def mode_switch(mode: Any, legend: str) -> SafeString:
    """``{% mode_switch form.mode legend %}``: tap the cards or enter the points."""
    return html.mode_switch_html(mode, legend)


@register.simple_tag
def side_picker(side_counts: Any, side_indexes: Any) -> SafeString:
    """``{% side_picker side_counts side_indexes %}``: a button per side with its figures."""
    return html.side_picker_html(side_counts, side_indexes)


@register.simple_tag
def side_counts(count: Any, oob: bool = False) -> SafeString:
    """``{% side_counts count oob %}``: one side's figures, out of band with a preview."""
    return html.side_counts_html(count, oob)


@register.simple_tag
def rest_buttons(side_indexes: Any) -> SafeString:
    """``{% rest_buttons side_indexes %}``: "All remaining cards to X" for each side."""
    return html.rest_buttons_html(side_indexes)
