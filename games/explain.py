"""A hand's breakdown in words, so anyone at the table can see why the points fell as they did."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _

from games.cardfaces import card_short, suit_label
from games.scoring.cards import DeckStyle, Suit
from games.scoring.scopa import (
    PRIME_MOST_SEVENS,
    PRIMIERA_VOID,
    REASON_BEST_PARTIAL,
    REASON_INCOMPLETE_EXCLUDED,
    REASON_NOBODY_COMPLETE,
)


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{side} {count}" for side, count in counts.items())


def _award(winner: object) -> str:
    if winner:
        return _("point to %(side)s") % {"side": winner}
    return _("tied, nobody scores")


def explain_round(breakdown: Mapping[str, object], style: DeckStyle) -> list[str]:
    """One plain sentence per category of a Scopa-family hand."""
    if breakdown.get("kind") == "points":
        lines = [
            _("Points counted at the table: %(points)s.")
            % {"points": _counts(_mapping(breakdown["points"]))}
        ]
        capotto = _mapping(breakdown.get("capotto"))
        if capotto.get("winner"):
            lines.append(_("Capotto: %(side)s took all ten coins.") % {"side": capotto["winner"]})
        return lines
    lines: list[str] = []
    for key, label in (("cards", _("Cards")), ("coins", _("Coins"))):
        part = _mapping(breakdown[key])
        lines.append(f"{label}: {_counts(_mapping(part['counts']))}: {_award(part['winner'])}.")
    seven_key = "settebello" if "settebello" in breakdown else "seven_of_coins"
    seven_label = _("Settebello") if seven_key == "settebello" else _("Seven of coins")
    lines.append(
        _("%(label)s: %(side)s.")
        % {"label": seven_label, "side": _mapping(breakdown[seven_key])["winner"]}
    )
    primiera = _mapping(breakdown["primiera"])
    if seven_key == "settebello":
        lines.append(explain_primiera(primiera, style))
    else:
        lines.append(explain_primes(primiera))
    scopas = {side: n for side, n in _mapping(breakdown["scopas"]).items() if n}
    if scopas:
        lines.append(_("Scopas: %(counts)s.") % {"counts": _counts(scopas)})
    ace_sweeps = _mapping(breakdown.get("ace_sweeps"))
    made = {side: n for side, n in _mapping(ace_sweeps.get("counts")).items() if n}
    if made:
        if ace_sweeps.get("score"):
            text = _("Ace sweeps, scored as scopas: %(counts)s.")
        else:
            text = _("Ace sweeps, not scored at this table: %(counts)s.")
        lines.append(text % {"counts": _counts(made)})
    if "re_bello" in breakdown:
        lines.append(_("Re bello: %(side)s.") % {"side": _mapping(breakdown["re_bello"])["winner"]})
    napoli = _mapping(breakdown.get("napoli"))
    if napoli.get("winner"):
        lines.append(
            _("Napoli: %(side)s holds the coin run %(run)s, %(points)s points.")
            % {
                "side": napoli["winner"],
                "run": " ".join(card_short(code, style) for code in _list(napoli["run"])),
                "points": napoli["points"],
            }
        )
    capotto = _mapping(breakdown.get("capotto"))
    if capotto.get("winner"):
        lines.append(
            _("Capotto: %(side)s took all ten coins and wins the game.")
            % {"side": capotto["winner"]}
        )
    return lines


def explain_primiera(primiera: Mapping[str, object], style: DeckStyle) -> str:
    values = _mapping(primiera["values"])
    parts = []
    for side, raw in values.items():
        value = _mapping(raw)
        best = _mapping(value["best"])
        cards = " ".join(card_short(str(code), style) for code in best.values())
        if value["complete"]:
            parts.append(f"{side} {value['sum']} ({cards})")
        else:
            missing = ", ".join(suit_label(suit, style) for suit in Suit if suit.value not in best)
            parts.append(
                _("%(side)s %(sum)s (%(cards)s; no %(missing)s)")
                % {"side": side, "sum": value["sum"], "cards": cards or "-", "missing": missing}
            )
    reason = primiera.get("reason")
    winner = primiera.get("winner")
    if reason == REASON_INCOMPLETE_EXCLUDED and winner:
        why = _("point to %(side)s: a complete primiera beats any incomplete one") % {
            "side": winner
        }
    elif reason == REASON_BEST_PARTIAL:
        why = _("nobody is complete, so the best partial sum wins: point to %(side)s") % {
            "side": winner
        }
    elif reason == REASON_NOBODY_COMPLETE:
        why = _("nobody is complete, and at this table that means nobody scores")
    else:
        why = _award(winner)
    if primiera.get("rule") == PRIMIERA_VOID and reason != REASON_NOBODY_COMPLETE:
        why += " " + _("(an incomplete primiera never wins here)")
    return _("Primiera: %(values)s: %(why)s.") % {"values": "; ".join(parts), "why": why}


def explain_primes(primes: Mapping[str, object]) -> str:
    values = _mapping(primes["values"])
    if primes.get("rule") == PRIME_MOST_SEVENS:
        parts = [
            _("%(side)s %(sevens)s sevens, %(fives)s fives, %(threes)s threes")
            % {"side": side, **_mapping(raw)}
            for side, raw in values.items()
        ]
    else:
        parts = [f"{side} {_mapping(raw)['sum']}" for side, raw in values.items()]
    return _("Primes: %(values)s: %(why)s.") % {
        "values": "; ".join(parts),
        "why": _award(primes.get("winner")),
    }


def _mapping(value: object) -> Mapping[str, object]:
    return value if isinstance(value, Mapping) else {}


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []
