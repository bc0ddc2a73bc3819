"""Wording shared by the pages, put together in the player's language."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.scoring.options import OptionSpec


def label_value(label: object, value: object) -> str:
    """A label and what it says, such as "Tariff: Sauspiel 20" or "Cards: not a number": the
    translator decides the punctuation and the order."""
    # Translators: a label and its value, such as "Tariff: Sauspiel 20". Write the colon and
    # the spacing as your language does.
    return _("%(label)s: %(value)s") % {"label": label, "value": value}


def player_count_words(counts: Sequence[int]) -> str:
    """How many play a game, as the rules pages say it: "4 players", "2 or 4 players",
    "3 to 8 players" (``counts`` from fewest to most, as ``Game.player_counts`` gives them)."""
    fewest, most = counts[0], counts[-1]
    if fewest == most:
        return ngettext("%(count)d player", "%(count)d players", most) % {"count": most}
    if len(counts) == 2 and most - fewest > 1:
        return _("%(fewest)d or %(most)d players") % {"fewest": fewest, "most": most}
    return _("%(fewest)d to %(most)d players") % {"fewest": fewest, "most": most}


def option_value(spec: OptionSpec, value: str) -> str:
    """An option and its value, as the scoreboard and the rules pages name them."""
    return label_value(_(spec.label), value)


def part_value(spec: OptionSpec, part: str, value: object) -> str:
    """One part of a mapping option with its number: "Sauspiel 20"."""
    return f"{_(spec.part_label(part))} {value}"
