"""Translation marker for the pure scoring package.

The scoring package may not import Django, yet its messages and labels reach players. Strings are
marked with ``gettext_noop`` so ``makemessages`` collects them, and the Django layer translates them
at display time (see ``games.templatetags`` and ``games.services``).
"""


def gettext_noop(message: str) -> str:
    return message
