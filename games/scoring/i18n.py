"""Translation marker for the pure scoring package.

The scoring package may not import Django, yet its messages and labels reach players. Strings are
marked with ``gettext_noop`` so ``makemessages`` collects them, and the Django layer translates them
at display time (see ``games.templatetags`` and ``games.services``).

A marked string stays marked: ``gettext_noop`` returns it as a ``Marked`` string, so a problem
whose placeholder is filled with one (a game's name, a contract's) translates that value too,
while a player's name, never marked, is left as it is.
"""


class Marked(str):
    """A string marked for translation, translated where it is shown."""

    __slots__ = ()


def gettext_noop(message: str) -> str:
    return Marked(message)
