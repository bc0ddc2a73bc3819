"""Scopa, Scopone and Pirate Scopa at the table: every card tapped to the side that took it
(or the points counted by hand), a live preview, and each hand explained in words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.cardfaces import card_short, cards_short, deck_style, suit_label
from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    Scoreboard,
    ScoreRow,
    Tool,
    dealer_facts,
    entry_part,
    on_first_read,
    read_breakdown,
    total_text,
)
from games.hands.demo_base import DemoGame
from games.hands.html import Figure, SideCount
from games.hands.tap_cards import (
    MODE_POINTS,
    TapCardsForm,
    TapCardsHandEntry,
)
from games.plugins.scopa.demo import SCOPA_DEMOS
from games.plugins.scopa.engine import (
    DECLARATION_FIELDS,
    GAMES,
    PRIME_MOST_SEVENS,
    PRIMIERA_VOID,
    REASON_BEST_PARTIAL,
    REASON_INCOMPLETE_EXCLUDED,
    REASON_MORE_SUITS,
    REASON_NOBODY_COMPLETE,
    CapottoPart,
    NapoliPart,
    PirateScopaCardsBreakdown,
    PrimePart,
    PrimieraPart,
    ScopaBreakdown,
    ScopaCardsBreakdown,
    ScopaFamily,
    ScopaPointsBreakdown,
    most_cards,
    most_coins,
    prime_point,
    primiera,
)
from games.plugins.scopa.posted import (
    MAX_DECLARATIONS,
    MAX_POINTS,
    MAX_SCOPAS,
    most_ace_sweeps,
    read_entry,
)
from games.scoring import Game, GameState, RoundScore, TableSetup
from games.scoring.breakdowns import JSON
from games.scoring.cards import SETTEBELLO, Card, DeckStyle, Suit

# The games whose rules pages the referees cite: Scopa's for the primiera and the
# captures, Pirate Scopa's for the primes.
SCOPA_RULES = "scopa"
PRIMES_RULES = "pirate-scopa"


@dataclass(frozen=True)
class SidePreview:
    side: str
    cards: int
    coins: int
    primiera_sum: int
    primiera_complete: bool
    primiera_best: tuple[str, ...]
    points: int | None


@dataclass(frozen=True)
class HandPreview:
    sides: tuple[SidePreview, ...]
    unassigned: int
    settebello: str | None
    prime_label: str
    score: RoundScore | None
    # Why a hand with every card assigned cannot be saved (a scopa on a side without cards),
    # so the preview says it before Save does.
    problems: tuple[str, ...] = ()


class ScopaHandForm(TapCardsForm):
    """A Scopa-family hand: every card to a side and the scopas, or points counted by hand."""

    def add_fields(self) -> None:
        super().add_fields()
        setup = self.setup
        for i, side in enumerate(self.sides):
            self.fields[f"scopas_{i}"] = forms.IntegerField(
                label=side, min_value=0, max_value=MAX_SCOPAS, initial=0, required=False
            )
            self.fields[f"points_{i}"] = forms.IntegerField(
                label=side, min_value=0, max_value=MAX_POINTS, initial=0, required=False
            )
            if setup.options.get("scopa_d_assi"):
                # Four aces, and in Cirulla the matta declared an ace (cirulla.md §5).
                self.fields[f"ace_sweeps_{i}"] = forms.IntegerField(
                    label=side,
                    min_value=0,
                    max_value=most_ace_sweeps(setup),
                    initial=0,
                    required=False,
                )
            if self.declares():
                # The engine holds them to the deals a side had (cirulla.md §3).
                for name in DECLARATION_FIELDS:
                    self.fields[f"{name}_{i}"] = forms.IntegerField(
                        label=side,
                        min_value=0,
                        max_value=MAX_DECLARATIONS,
                        initial=0,
                        required=False,
                    )
        if setup.options.get("capotto"):
            self.fields["capotto"] = forms.ChoiceField(
                label=_("Capotto (all ten coins)"),
                choices=[("", _("nobody"))] + [(str(i), side) for i, side in enumerate(self.sides)],
                required=False,
            )

    def declares(self) -> bool:
        return isinstance(self.rules, ScopaFamily) and self.rules.declares

    @classmethod
    def initial_from_entry(
        cls, entry: Mapping[str, object], sides: tuple[str, ...]
    ) -> dict[str, object]:
        """Form values for an entry already stored, so it can be edited."""
        index = {side: str(i) for i, side in enumerate(sides)}
        if "points" in entry:
            initial: dict[str, object] = {"mode": MODE_POINTS}
            for side, points in entry_part(entry, "points").items():
                initial[f"points_{index[side]}"] = points
            capotto = entry.get("capotto")
            if capotto:
                initial["capotto"] = index[str(capotto)]
            return initial
        initial = cls.initial_captures(entry, sides)
        for key in ("scopas", "ace_sweeps", *DECLARATION_FIELDS):
            for side, count in entry_part(entry, key).items():
                initial[f"{key}_{index[side]}"] = count
        return initial

    def side_counts(
        self, taken: Mapping[str, frozenset[Card]] | None = None
    ) -> tuple[SideCount, ...]:
        """Each side's cards and coins so far, counted by the engine: the preview's counters
        and the numbers on the side picker's buttons, with or without JavaScript."""
        taken = self.taken() if taken is None else taken
        cards, coins = most_cards(taken), most_coins(taken)
        return tuple(
            SideCount(
                index,
                side,
                (
                    Figure("cards", _("cards"), cards.counts[side]),
                    Figure("coins", _("coins"), coins.counts[side]),
                ),
            )
            for index, side in enumerate(self.sides)
        )

    def entry(self) -> dict[str, object]:
        # The phone reads a hand kept offline with the same function (games/scoring/posted.py).
        return read_entry(self.cleaned_data, self.setup)

    def preview(self) -> HandPreview | None:
        """What the hand is worth so far: counters and primiera while cards are still being
        assigned, the points once the hand is complete and valid."""
        if not self.is_bound:
            return None
        valid = self.is_valid()
        if self.by_points():
            return None
        captures = self.taken()
        counts = self.side_counts(captures)
        pirate = bool(getattr(self.rules, "prime_rule_option", ""))
        sums: dict[str, tuple[int, bool, tuple[str, ...]]] = {}
        if pirate:
            primes = prime_point(captures, str(self.setup.options.get("prime_rule")))
            for side, count in primes.counts.items():
                sums[side] = (count.total, True, ())
        else:
            result = primiera(captures, str(self.setup.options.get("primiera_incomplete")))
            for side, hand in result.hands.items():
                sums[side] = (hand.total, hand.complete, tuple(c.code for c in hand.best.values()))
        score = self.score if valid else None
        unassigned = self.unassigned(captures)
        # While cards are left the only complaint would be those cards, which the caption counts.
        problems = () if valid or unassigned else tuple(str(e) for e in self.non_field_errors())
        seven = next((side for side, taken in captures.items() if SETTEBELLO in taken), None)
        return HandPreview(
            sides=tuple(
                SidePreview(
                    side=count.side,
                    cards=count["cards"],
                    coins=count["coins"],
                    primiera_sum=sums[count.side][0],
                    primiera_complete=sums[count.side][1],
                    primiera_best=sums[count.side][2],
                    points=score.points[count.side] if score else None,
                )
                for count in counts
            ),
            unassigned=unassigned,
            settebello=seven,
            prime_label=_("Primes") if pirate else _("Primiera"),
            score=score,
            problems=problems,
        )


class ScopaHandEntry(TapCardsHandEntry):
    # The engine scores a hand of this game on its own; so does the preview.
    form_uses_earlier = False
    template = "scopa/hand.html"
    form_class = ScopaHandForm
    options_on_scoreboard = frozenset({"target"})
    blank_options = MappingProxyType({"scopa_d_assi": True, "capotto": True})
    why_url_name = "scopa:round_why"
    standings_measures = ("points_per_game", "points_difference")

    def initial_from_entry(
        self, entry: Mapping[str, object], setup: TableSetup
    ) -> dict[str, object]:
        return ScopaHandForm.initial_from_entry(entry, setup.sides)

    def typed_points(self, breakdown: Mapping[str, JSON]) -> bool:
        return breakdown.get("kind") == ScopaPointsBreakdown.kind

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, object]:
        assert isinstance(form, ScopaHandForm)
        tapped = self.tap_context(form, setup)
        preview = form.preview()
        return {
            **tapped,
            "preview": preview,
            # The chip names the seven of coins as the table's deck does (7♦, 7 of Denari).
            "settebello_card": card_short(SETTEBELLO, deck_style(setup)),
            "preview_lines": explain_round(
                read_breakdown(preview.score.breakdown, setup, ScopaFamily), deck_style(setup)
            )
            if preview and preview.score
            else [],
            "steppers": on_first_read(
                lambda: self.points_steppers(
                    form, setup, "scopas", "ace_sweeps", *DECLARATION_FIELDS, "points"
                )
            ),
        }

    def explain(self, breakdown: Mapping[str, JSON], setup: TableSetup) -> list[str]:
        return explain_round(read_breakdown(breakdown, setup, ScopaFamily), deck_style(setup))

    def scoreboard(
        self, setup: TableSetup, state: GameState, next_dealer: str | None
    ) -> Scoreboard:
        target = setup.option_int("target")
        rows = []
        for side in setup.sides:
            total = state.totals.get(side, 0)
            to_go = max(target - total, 0)
            rows.append(
                ScoreRow(
                    side,
                    total_text(setup, total),
                    note="" if state.finished else _("%(count)s to go") % {"count": to_go},
                    winner=side in state.winners,
                )
            )
        facts = [_("Playing to %(target)s") % {"target": target}, *dealer_facts(next_dealer)]
        return Scoreboard(tuple(rows), tuple(facts))

    def seating_help(self, rules: Game) -> str:
        if not rules.plays_in_teams(4, rules.resolve_options({})):
            return ""
        return _(
            "With four at a Scopa or Scopone table, partners sit opposite: players 1 and 3 play "
            "against 2 and 4."
        )

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        target = setup.option_int("target")
        return ChartHints(target, _("Playing to %(target)s") % {"target": target})

    def demo(self, game: str) -> DemoGame | None:
        return SCOPA_DEMOS.get(game)

    def rules_template(self, game: str) -> str:
        return f"scopa/rules/{game}.html"


def _counts(counts: Mapping[str, object]) -> str:
    return ", ".join(f"{side} {count}" for side, count in counts.items())


def _award(winner: object) -> str:
    if winner:
        return _("point to %(side)s") % {"side": winner}
    return _("tied, nobody scores")


def _capotto_winner(capotto: CapottoPart | None) -> str | None:
    return capotto.winner if capotto else None


def explain_round(breakdown: ScopaBreakdown, style: DeckStyle) -> list[str]:
    """One plain sentence per category of a Scopa-family hand."""
    if isinstance(breakdown, ScopaPointsBreakdown):
        lines = [
            _("Points counted at the table: %(points)s.") % {"points": _counts(breakdown.points)}
        ]
        capotto = _capotto_winner(breakdown.capotto)
        if capotto:
            lines.append(_("Capotto: %(side)s took all ten coins.") % {"side": capotto})
        return lines
    lines = []
    for part, sentence in (
        # Translators: "Cards: Ann 22, Bob 18: point to Ann."
        (breakdown.cards, _("Cards: %(counts)s: %(award)s.")),
        # Translators: "Coins: Ann 5, Bob 5: tied, nobody scores."
        (breakdown.coins, _("Coins: %(counts)s: %(award)s.")),
    ):
        lines.append(sentence % {"counts": _counts(part.counts), "award": _award(part.winner)})
    if isinstance(breakdown, PirateScopaCardsBreakdown):
        seven_label, seven = _("Seven of coins"), breakdown.seven_of_coins
    else:
        seven_label, seven = _("Settebello"), breakdown.settebello
    lines.append(_("%(label)s: %(side)s.") % {"label": seven_label, "side": seven.winner})
    if isinstance(breakdown, PirateScopaCardsBreakdown):
        lines.append(explain_primes(breakdown.primiera))
    else:
        lines.append(explain_primiera(breakdown.primiera, style))
    scopas = {side: n for side, n in breakdown.scopas.items() if n}
    if scopas:
        lines.append(_("Scopas: %(counts)s.") % {"counts": _counts(scopas)})
    if isinstance(breakdown, ScopaCardsBreakdown):
        lines.extend(_explain_extras(breakdown, style))
    return lines


def _explain_extras(breakdown: ScopaCardsBreakdown, style: DeckStyle) -> list[str]:
    """The sentences for the parts a table's options add (rules.md §7)."""
    lines = []
    ace_sweeps = breakdown.ace_sweeps
    made = {side: n for side, n in ace_sweeps.counts.items() if n} if ace_sweeps else {}
    if ace_sweeps and made:
        if ace_sweeps.score:
            text = _("Ace sweeps, scored as scopas: %(counts)s.")
        else:
            text = _("Ace sweeps, not scored at this table: %(counts)s.")
        lines.append(text % {"counts": _counts(made)})
    if breakdown.re_bello is not None:
        lines.append(_("Re bello: %(side)s.") % {"side": breakdown.re_bello.winner})
    if breakdown.napoli and breakdown.napoli.winner:
        text = _("Napoli: %(side)s holds the coin run %(run)s, %(points)s points.")
        lines.append(_coin_run(text, breakdown.napoli, style))
    capotto = _capotto_winner(breakdown.capotto)
    if capotto:
        lines.append(
            _("Capotto: %(side)s took all ten coins and wins the game.") % {"side": capotto}
        )
    return lines + _explain_cirulla(breakdown, style)


def _explain_cirulla(breakdown: ScopaCardsBreakdown, style: DeckStyle) -> list[str]:
    """Cirulla's declarations, grande and piccola (cirulla.md §3-§4)."""
    lines = []
    declarations = breakdown.declarations
    if declarations is not None:
        low = {side: n for side, n in declarations.low.items() if n}
        if low:
            lines.append(
                _("Low hands declared (3 points each): %(counts)s.") % {"counts": _counts(low)}
            )
        trios = {side: n for side, n in declarations.three_of_a_kind.items() if n}
        if trios:
            lines.append(
                _("Three of a kind declared (10 points each): %(counts)s.")
                % {"counts": _counts(trios)}
            )
    if breakdown.grande and breakdown.grande.winner:
        lines.append(
            _("Grande: %(side)s holds the king, queen and jack of coins, 5 points.")
            % {"side": breakdown.grande.winner}
        )
    if breakdown.piccola and breakdown.piccola.winner:
        text = _("Piccola: %(side)s holds the coin run %(run)s, %(points)s points.")
        lines.append(_coin_run(text, breakdown.piccola, style))
    return lines


def _coin_run(text: str, run: NapoliPart, style: DeckStyle) -> str:
    """Napoli's or the piccola's sentence: who holds the coin run, the run and its points."""
    cards = cards_short((card.code for card in run.run), style)
    return text % {"side": run.winner, "run": cards, "points": run.points}


def explain_primiera(primiera: PrimieraPart, style: DeckStyle) -> str:
    parts = []
    for side, value in primiera.values.items():
        cards = cards_short((card.code for card in value.best.values()), style)
        if value.complete:
            parts.append(f"{side} {value.sum} ({cards})")
        else:
            missing = ", ".join(suit_label(suit, style) for suit in Suit if suit not in value.best)
            parts.append(
                _("%(side)s %(sum)s (%(cards)s; no %(missing)s)")
                % {"side": side, "sum": value.sum, "cards": cards or "-", "missing": missing}
            )
    reason = primiera.reason
    winner = primiera.winner
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
    elif reason == REASON_MORE_SUITS and winner:
        why = _(
            "nobody is complete, and at this table the most suits come first: point to %(side)s"
        ) % {"side": winner}
    else:
        why = _award(winner)
    if primiera.rule == PRIMIERA_VOID and reason != REASON_NOBODY_COMPLETE:
        why += " " + _("(an incomplete primiera never wins here)")
    return _("Primiera: %(values)s: %(why)s.") % {"values": "; ".join(parts), "why": why}


def explain_primes(primes: PrimePart) -> str:
    if primes.rule == PRIME_MOST_SEVENS:
        parts = [
            _("%(side)s %(sevens)s sevens, %(fives)s fives, %(threes)s threes")
            % {"side": side, "sevens": value.sevens, "fives": value.fives, "threes": value.threes}
            for side, value in primes.values.items()
        ]
    else:
        parts = [f"{side} {value.sum}" for side, value in primes.values.items()]
    return _("Primes: %(values)s: %(why)s.") % {
        "values": "; ".join(parts),
        "why": _award(primes.winner),
    }


_ENTRY = ScopaHandEntry()

HAND_ENTRIES: dict[str, HandEntry] = {game.key: _ENTRY for game in GAMES}

# The referees, in the header and on the home page and the rules index.
TOOLS: tuple[Tool, ...] = (
    Tool(
        gettext_lazy("Who wins the primiera?"),
        "scopa:referee_primiera",
        nav_label=gettext_lazy("Referee"),
    ),
    Tool(gettext_lazy("What may this card take?"), "scopa:referee_capture"),
)
