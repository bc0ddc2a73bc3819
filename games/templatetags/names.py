from collections.abc import Iterable

from django import template

from games.scoring.base import Game
from games.short_names import short_labels
from games.words import player_count_words

register = template.Library()


@register.filter
def short_among(name: object, sides: Iterable[object]) -> str:
    """``name``'s short label, distinct from those of the other sides: ``sides`` holds names,
    or (index, name) pairs as the hand templates' ``side_indexes`` do."""
    names = [str(side[1] if isinstance(side, tuple | list) else side) for side in sides]
    text = str(name)
    if text not in names:
        return text
    return short_labels(names)[names.index(text)]


@register.filter
def players_words(game: Game) -> str:
    """How many play ``game``: "4 players", "2 or 4 players", "3 to 8 players"."""
    return player_count_words(game.player_counts)
