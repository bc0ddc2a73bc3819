"""Briscola at the table: the cards each side took, tapped as in Scopa, or the card points
counted at the table; a live preview of each side's card points; the match as deals won
(games/plugins/briscola/rules.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy, pgettext

from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    HistoryLine,
    RoundWords,
    Scoreboard,
    ScoreRow,
    dealer_facts,
    entry_part,
    read_breakdown,
    row_points,
    total_text,
)
from games.hands.card_points import CardPointsForm, CardPointsHandEntry
from games.hands.demo_base import DemoGame
from games.hands.html import SideCount
from games.hands.tap_cards import (
    MODE_POINTS,
)
from games.plugins.briscola.demo import BRISCOLA_DEMO
from games.plugins.briscola.engine import (
    DECK_POINTS,
    Briscola,
    BriscolaBreakdown,
    card_points,
    deals_needed,
)
from games.plugins.briscola.posted import read_entry
from games.scoring import Game, GameState, RoundScore, TableSetup
from games.scoring.breakdowns import JSON
from games.scoring.card_points import POINTS
from games.scoring.cards import Card


@dataclass(frozen=True)
class DealPreview:
    sides: tuple[SideCount, ...]
    unassigned: int
    score: RoundScore | None
    result: str
    problems: tuple[str, ...] = ()


class BriscolaHandForm(CardPointsForm):
    """One deal: every card to the side that took it, or the card points counted at the table
    (rules.md §5)."""

    def add_fields(self) -> None:
        super().add_fields()
        for i, side in enumerate(self.sides):
            self.fields[f"points_{i}"] = forms.IntegerField(
                label=side, min_value=0, max_value=DECK_POINTS, initial=0, required=False
            )

    @classmethod
    def initial_from_entry(
        cls, entry: Mapping[str, object], sides: tuple[str, ...]
    ) -> dict[str, object]:
        if "points" in entry:
            index = {side: str(i) for i, side in enumerate(sides)}
            initial: dict[str, object] = {"mode": MODE_POINTS}
            for side, points in entry_part(entry, "points").items():
                initial[f"points_{index[side]}"] = points
            return initial
        return cls.initial_captures(entry, sides)

    def points_of(self, cards: frozenset[Card]) -> int:
        return sum(map(card_points, cards))

    def entry(self) -> dict[str, object]:
        # The phone reads a deal kept offline with the same function (games/scoring/posted.py).
        return read_entry(self.cleaned_data, self.setup)

    def preview(self) -> DealPreview | None:
        """Each side's card points so far and the cards left; the deal's result once every
        card has a side (or the points add up)."""
        parts = self.preview_parts()
        if parts is None:
            return None
        deal = read_breakdown(parts.score.breakdown, self.setup, Briscola) if parts.score else None
        result = deal_result(deal) if deal else ""
        return DealPreview(parts.sides, parts.unassigned, parts.score, result, parts.problems)


def _card_points(deal: BriscolaBreakdown) -> str:
    return ", ".join(f"{side} {value}" for side, value in deal.card_points.items())


def deal_result(deal: BriscolaBreakdown) -> str:
    """The deal's result in words: who won it, or a draw (rules.md §3)."""
    if deal.winner:
        return _("%(side)s wins the deal (%(points)s).") % {
            "side": deal.winner,
            "points": _card_points(deal),
        }
    return _("60-60: the deal is a draw and counts for nobody.")


def deal_summary(deal: BriscolaBreakdown) -> str:
    """The history's one line before a deal is opened: who won it, the numbers beside it."""
    if deal.winner:
        return _("%(side)s wins the deal.") % {"side": deal.winner}
    return _("60-60 is a draw: the deal counts for nobody.")


def explain_deal(deal: BriscolaBreakdown) -> list[str]:
    how = (
        _("Card points counted at the table: %(points)s.")
        if deal.entered == POINTS
        else _("Card points from the cards taken: %(points)s.")
    )
    return [how % {"points": _card_points(deal)}, deal_result(deal)]


class BriscolaHandEntry(CardPointsHandEntry):
    # A deal is scored on its own; so is its preview.
    form_uses_earlier = False
    template = "briscola/hand.html"
    mode_legend = gettext_lazy("How to enter the deal")
    # A deal, as its rules and its history's lines call it (rules.md §3), never a hand.
    round_words = RoundWords(
        gettext_lazy("Record deal %(number)s"),
        gettext_lazy("Save deal"),
        gettext_lazy("Deal %(number)s"),
        gettext_lazy("Deal %(number)s recorded."),
        gettext_lazy("Deals played"),
        gettext_lazy("No deals yet."),
        gettext_lazy("Delete deal %(number)s? The totals will be recomputed."),
        gettext_lazy("Skip to the deal entry"),
        ngettext_lazy("Show the earlier deal", "Show the %(counter)s earlier deals", "counter"),
        gettext_lazy(
            "Your deal is still filled in below. If another phone recorded this same deal, clear "
            "yours; saving it will ask first."
        ),
        gettext_lazy("Clear my deal"),
        gettext_lazy("Your unsaved deal is back, as you left it."),
        gettext_lazy("Change deal %(number)s"),
        gettext_lazy("Deal %(number)s was recorded on another phone: %(scores)s"),
        gettext_lazy("Deal %(number)s was changed on another phone: now %(scores)s"),
        gettext_lazy("Deal %(number)s was deleted on another phone."),
        gettext_lazy("Your deal is still filled in below."),
        gettext_lazy("Record mine as deal %(number)s"),
        gettext_lazy("Apply my change to deal %(number)s"),
        gettext_lazy("The game is over, so your deal cannot be recorded."),
        gettext_lazy("The table was abandoned, so your deal cannot be recorded."),
        gettext_lazy("Deal"),
        gettext_lazy(
            "Every deal recorded, corrected or deleted at this table, newest first, with who did "
            "it."
        ),
        gettext_lazy("Restore this deal"),
        gettext_lazy("deal %(number)s"),
        gettext_lazy("deal recorded"),
        gettext_lazy("deal edited"),
        gettext_lazy("deal deleted"),
        gettext_lazy("deal restored"),
        gettext_lazy("Deal %(number)s changed."),
        gettext_lazy("Deal %(number)s deleted. “Changes” can restore it."),
        gettext_lazy("Deal %(number)s restored."),
        gettext_lazy("Delete deal %(number)s anyway"),
        gettext_lazy("Restore the deal anyway"),
        ngettext_lazy(
            "After %(count)s deal: %(totals)s", "After %(count)s deals: %(totals)s", "count"
        ),
        gettext_lazy(
            "Anyone with the watch link sees the scoreboard and the deals, without an account, "
            "and cannot change anything."
        ),
        gettext_lazy("Delete this table and all its deals? The club’s log keeps a copy."),  # noqa: RUF001
        gettext_lazy("Invite someone to %(club)s, to record deals on their phone"),
        gettext_lazy("This table is set aside. Take it up again (below) to record deals."),
        # Names no round in English; the shared message, so each language says it as the
        # project's catalog does.
        gettext_lazy(
            "Not saved yet: no connection. It is kept here and sent when the connection is back."
        ),
    )
    form_class = BriscolaHandForm
    options_on_scoreboard = frozenset({"best_of"})
    standings_measures = ("points_per_game", "points_difference")

    def initial_from_entry(
        self, entry: Mapping[str, object], setup: TableSetup
    ) -> dict[str, object]:
        return BriscolaHandForm.initial_from_entry(entry, setup.sides)

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, object]:
        assert isinstance(form, BriscolaHandForm)
        return {
            **self.tap_context(form, setup),
            "preview": form.preview(),
            "steppers": self.points_steppers(form, setup, "points"),
        }

    def explain(self, breakdown: Mapping[str, JSON], setup: TableSetup) -> list[str]:
        return explain_deal(read_breakdown(breakdown, setup, Briscola))

    def history_line(
        self, points: Mapping[str, int], breakdown: Mapping[str, JSON], setup: TableSetup
    ) -> HistoryLine:
        deal = read_breakdown(breakdown, setup, Briscola)
        return HistoryLine(
            points=row_points(points, breakdown, setup),
            lines=tuple(explain_deal(deal)),
            summary=deal_summary(deal),
        )

    def scoreboard(
        self, setup: TableSetup, state: GameState, next_dealer: str | None
    ) -> Scoreboard:
        best_of = int(setup.option_str("best_of"))
        needed = deals_needed(best_of)
        rows = tuple(
            ScoreRow(
                side,
                total_text(setup, state.totals.get(side, 0)),
                note=""
                if state.finished
                # Deals still to win (Scopa's "to go" counts points): its own by context.
                else pgettext("briscola", "%(count)s to go")
                % {"count": needed - state.totals.get(side, 0)},
                winner=side in state.winners,
            )
            for side in setup.sides
        )
        facts = [
            _("Deals won, best of %(count)s") % {"count": best_of},
            *dealer_facts(next_dealer),
        ]
        return Scoreboard(rows, tuple(facts))

    def seating_help(self, rules: Game) -> str:
        return _(
            "With four at a Briscola table, partners sit opposite: players 1 and 3 play "
            "against 2 and 4."
        )

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        best_of = int(setup.option_str("best_of"))
        return ChartHints(
            deals_needed(best_of), _("Deals won, best of %(count)s") % {"count": best_of}
        )

    def demo(self, game: str) -> DemoGame | None:
        return BRISCOLA_DEMO

    def rules_template(self, game: str) -> str:
        return "briscola/rules.html"


HAND_ENTRIES: dict[str, HandEntry] = {Briscola.key: BriscolaHandEntry()}
