"""Wording shared by the pages, put together in the player's language."""

from __future__ import annotations

from django.utils.translation import gettext as _


def label_value(label: object, value: object) -> str:
    """A label and what it says, such as "Tariff: Sauspiel 20" or "Cards: not a number": the
    translator decides the punctuation and the order."""
    # Translators: a label and its value, such as "Tariff: Sauspiel 20". Write the colon and
    # the spacing as your language does.
    return _("%(label)s: %(value)s") % {"label": label, "value": value}
