"""Translation marker for the pure scoring package.

The scoring package may not import Django, yet its messages and labels reach players. Strings are
marked with ``gettext_noop`` so ``makemessages`` collects them, and the Django layer translates them
at display time (see ``games.templatetags`` and ``games.tables.services``).

A marked string stays marked: ``gettext_noop`` returns it as a ``Marked`` string, so a problem
whose placeholder is filled with one (a game's name, a contract's) translates that value too,
while a player's name, never marked, is left as it is.
"""

from collections.abc import Callable
from dataclasses import dataclass


class Marked(str):
    """A string marked for translation, translated where it is shown."""

    __slots__ = ()


def gettext_noop(message: str) -> str:
    return Marked(message)


@dataclass(frozen=True)
class Listed:
    """A problem's parameter that is a list of marked items, shown in the shown language as
    Django's ``get_text_list`` writes one: "a, b and c", each item and the last word (marked,
    like the items) translated: "Still to enter: the declarer and the partner."."""

    items: tuple[str, ...]
    last_word: str

    def text(self, translate: Callable[[str], str]) -> str:
        items = [translate(item) if isinstance(item, Marked) else item for item in self.items]
        if len(items) < 2:
            return "".join(items)
        # Django's own separator, as get_text_list translates it.
        separator = translate(", ")
        return f"{separator.join(items[:-1])} {translate(self.last_word)} {items[-1]}"
