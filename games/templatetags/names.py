from collections.abc import Iterable

from django import template

from games import short_names
from games.scoring.base import Game
from games.words import player_count_words

register = template.Library()


@register.filter
def short_among(name: object, sides: Iterable[object]) -> str:
    """``{{ name|short_among:sides }}``: see ``games.short_names.short_among``."""
    return short_names.short_among(name, sides)


@register.filter
def players_words(game: Game) -> str:
    """How many play ``game``: "4 players", "2 or 4 players", "3 to 8 players"."""
    return player_count_words(game.player_counts)
