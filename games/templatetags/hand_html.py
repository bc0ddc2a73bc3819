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
