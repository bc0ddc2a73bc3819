"""The rules pages: every game's summary, its defaults and every house rule a table can
switch on. No account, no database."""

from __future__ import annotations

from collections.abc import Mapping

from django.http import (
    Http404,
    HttpResponse,
)
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext as _
from django.views.decorators.http import (
    require_GET,
)

from games.hands import HAND_ENTRIES, hand_entry_for
from games.http import HtmxHttpRequest
from games.scoring import GAMES
from games.scoring.options import OptionSpec
from games.words import part_value


@require_GET
def rules_index(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "games/rules_index.html", {"games": list(GAMES.values())})


@require_GET
def rules_game(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """Our summary of a game's rules, its defaults and every house rule a table can switch on."""
    rules = GAMES.get(game)
    if rules is None:
        raise Http404
    options = [
        {
            "label": _(spec.label),
            "help": _(spec.help),
            "default": _option_default(spec),
            # The choices other than the default, so every house reading is listed.
            "choices": [_(choice.label) for choice in spec.choices if choice.value != spec.default],
            "requires": next(
                (_(other.label) for other in rules.option_specs if other.name == spec.requires),
                "",
            ),
        }
        for spec in rules.option_specs
    ]
    return render(
        request,
        "games/rules_game.html",
        {
            "rules": rules,
            "game_name": _(rules.name),
            "options": options,
            "summary_template": _rules_summary(game),
            "games": list(GAMES.values()),
        },
    )


def _rules_summary(game: str) -> str | None:
    """The rules summary the game's hand entry names, if it exists (a game may have none)."""
    if game not in HAND_ENTRIES:
        return None
    name = hand_entry_for(game).rules_template(game)
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return None
    return name


def _option_default(spec: OptionSpec) -> str:
    if spec.kind == "bool":
        return _("on") if spec.default else _("off")
    for choice in spec.choices:
        if choice.value == spec.default:
            return _(choice.label)
    if isinstance(spec.default, Mapping):
        return ", ".join(part_value(spec, name, value) for name, value in spec.default.items())
    if spec.default == 0:
        # 0 means "not used" for the whole-number options that allow it (fixed rounds, money).
        return _("none")
    return str(spec.default)
