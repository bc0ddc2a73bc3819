"""Swoops at the table: pick who went out, then tap the cards each other player still holds
(or type the total they counted), with the points live; the scoreboard is a ranking, lowest
first, measured against the limit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from games.hands.base import (
    BaseHandForm,
    ChartHints,
    HandEntry,
    HistoryLine,
    Scoreboard,
    ScoreRow,
    dealer_facts,
    entry_items,
    entry_part,
    read_breakdown,
    row_points,
    total_text,
)
from games.hands.demo_base import DemoGame
from games.plugins.swoops.demo import SWOOPS_DEMO
from games.plugins.swoops.engine import (
    CARD_VALUES,
    RANKS,
    Swoops,
    SwoopsBreakdown,
    SwoopsCardsBreakdown,
    SwoopsPointsBreakdown,
    card_value,
    decks_for,
    lowest,
    parse_rank,
    ranking,
    setup_advice,
)
from games.plugins.swoops.posted import (
    CARDS_MAX_LENGTH,
    rank_or_none,
    read_entry,
    split_cards,
    unknown_words,
)
from games.scoring import GameState, TableSetup
from games.scoring.breakdowns import JSON
from games.words import label_value

# Names for screen readers; the chips themselves show the scoresheet's rank codes.
_RANK_NAMES = {
    "JOKER": gettext_lazy("Joker"),
    "K": gettext_lazy("King"),
    "Q": gettext_lazy("Queen"),
    "J": gettext_lazy("Jack"),
    "A": gettext_lazy("Ace"),
}


def rank_name(rank: str) -> str:
    return str(_RANK_NAMES.get(rank, rank))


@dataclass(frozen=True)
class Chip:
    rank: str
    value: int
    label: str  # for screen readers: "K, 10 points (King)"


def _chip_label(rank: str) -> str:
    value = CARD_VALUES[rank]
    points = ngettext("%(rank)s, %(count)s point", "%(rank)s, %(count)s points", value) % {
        "rank": rank,
        "count": value,
    }
    name = rank_name(rank)
    return points if name.upper() == rank else f"{points} ({name})"


def chips() -> list[Chip]:
    # The name starts with what the chip shows, its rank and value ("K 10"), so a voice
    # command such as "tap K" finds it (WCAG 2.5.3).
    return [Chip(rank, CARD_VALUES[rank], _chip_label(rank)) for rank in RANKS]


@dataclass(frozen=True)
class PlayerPreview:
    seat: int
    player: str
    went_out: bool
    points: int | None  # None while nothing is entered for the player
    total: int | None  # the game total after this hand
    over: bool  # the new total passes the limit


@dataclass(frozen=True)
class HandPreview:
    players: tuple[PlayerPreview, ...]
    scored: bool  # the engine accepted the hand: these are its points
    hint: str  # what is still missing, in words
    problems: tuple[str, ...]
    winners: tuple[str, ...]  # who wins if this hand is saved and ends the game


class SwoopsHandForm(BaseHandForm):
    """Who went out, and for every other player the cards still held or their typed total."""

    def add_fields(self) -> None:
        super().add_fields()
        self.fields["went_out"] = forms.ChoiceField(
            label=_("Who went out?"),
            choices=[(str(i), side) for i, side in enumerate(self.sides)],
            required=False,  # left blank, the engine explains that somebody must have gone out
            widget=forms.RadioSelect,
        )
        for i, side in enumerate(self.sides):
            self.fields[f"cards_{i}"] = forms.CharField(
                label=side,
                required=False,
                max_length=CARDS_MAX_LENGTH,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "autocapitalize": "characters",
                        "placeholder": _("e.g. JOKER 10 K 5"),
                        "class": "sw-cards-input",
                    }
                ),
            )
            # No minimum here: a negative total reaches the engine, whose message names the
            # player; the browser's own check (min=0) catches it first where it can.
            self.fields[f"total_{i}"] = forms.IntegerField(
                label=side,
                required=False,
                widget=forms.NumberInput(
                    attrs={
                        "min": 0,
                        "inputmode": "numeric",
                        "placeholder": _("total"),
                        "class": "sw-total-input",
                    }
                ),
            )

    # -- reading what was entered ----------------------------------------------------------

    def went_out_player(self) -> str:
        chosen = self.cleaned_data.get("went_out")
        return self.sides[int(chosen)] if chosen not in (None, "") else ""

    def clean(self) -> dict[str, object]:
        # Unknown words are caught here, by player, so the engine is only asked about cards.
        for seat, side in enumerate(self.sides):
            unknown = unknown_words(self.cleaned_data.get(f"cards_{seat}"))
            if unknown:
                self.add_error(
                    None,
                    ngettext(
                        "Cards held by %(player)s: %(words)s is not a card. "
                        "Use A, 2 to 10, J, Q, K or JOKER.",
                        "Cards held by %(player)s: %(words)s are not cards. "
                        "Use A, 2 to 10, J, Q, K or JOKER.",
                        len(unknown),
                    )
                    % {"player": side, "words": ", ".join(f"“{word}”" for word in unknown)},
                )
        return super().clean()

    def entry(self) -> dict[str, object]:
        # The phone reads a hand kept offline with the same function (games/scoring/posted.py).
        return read_entry(self.cleaned_data, self.setup)

    # -- the live preview ------------------------------------------------------------------

    def preview(self) -> HandPreview | None:
        """Each player's points as far as they are entered, and the new totals; the engine's
        problems once every player is accounted for."""
        if not self.is_bound:
            return None
        scored = self.is_valid()
        limit = self.setup.option_int("limit")
        fixed_rounds = self.setup.option_int("rounds")
        earlier = {side: 0 for side in self.sides}
        for score in self.earlier:
            for side, gained in score.points.items():
                earlier[side] = earlier.get(side, 0) + gained
        data = getattr(self, "cleaned_data", {})
        went_out = self.went_out_player()
        players = []
        waiting = []
        for seat, side in enumerate(self.sides):
            words = split_cards(data.get(f"cards_{seat}"))
            cards = tuple(rank for rank in map(rank_or_none, words) if rank)
            typed_value = data.get(f"total_{seat}")
            points: int | None
            if self.score is not None:
                points = self.score.points[side]
            elif side == went_out:
                points = 0
            elif isinstance(typed_value, int):
                points = typed_value
            elif cards:
                points = sum(card_value(rank) for rank in cards)
            else:
                points = None
                waiting.append(side)
            total = earlier.get(side, 0) + points if points is not None else None
            players.append(
                PlayerPreview(
                    seat=seat,
                    player=side,
                    went_out=side == went_out,
                    points=points,
                    total=total,
                    over=total is not None and total > limit and not fixed_rounds,
                )
            )
        hint = ""
        if not went_out:
            hint = _("Pick the player who went out.")
        elif waiting and not scored:
            hint = _("Still to count: %(players)s.") % {"players": ", ".join(waiting)}
        problems: tuple[str, ...] = ()
        if not hint and not scored:
            problems = tuple(str(error) for error in self.non_field_errors())
            problems += tuple(
                label_value(self.fields[name].label, error)
                for name, errors in self.errors.items()
                if name != "__all__"
                for error in errors
            )
        winners: tuple[str, ...] = ()
        if self.score is not None:
            state = self.rules.game_state([*self.earlier, self.score], self.setup)
            if state.finished:
                winners = state.winners
        return HandPreview(tuple(players), scored, hint, problems, winners)


@dataclass(frozen=True)
class PlayerRow:
    """One player's line in the hand form, as the page first shows it."""

    seat: int
    player: str
    went_out: bool
    cards_field: forms.BoundField
    total_field: forms.BoundField
    cards: tuple[str, ...]
    typed: bool
    points: int | None


class SwoopsHandEntry(HandEntry):
    template = "swoops/hand.html"
    form_class = SwoopsHandForm
    options_on_scoreboard = frozenset({"limit", "rounds"})
    standings_measures = ("average_total",)
    scripts = ("swoops/swoops.js",)
    styles = ("swoops/swoops.css",)

    def initial_from_entry(
        self, entry: Mapping[str, object], setup: TableSetup
    ) -> dict[str, object]:
        seat = {side: str(i) for i, side in enumerate(setup.sides)}
        initial: dict[str, object] = {}
        if "points" in entry:
            # Hand-counted points become typed totals; whoever scored 0 first went out.
            points = entry_part(entry, "points")
            out = next((side for side in setup.sides if points.get(side, 0) == 0), None)
            if out is not None:
                initial["went_out"] = seat[out]
            for side in setup.sides:
                if side != out:
                    initial[f"total_{seat[side]}"] = points.get(side, 0)
            return initial
        went_out = entry.get("went_out")
        if isinstance(went_out, str) and went_out in seat:
            initial["went_out"] = seat[went_out]
        for side, ranks in entry_part(entry, "remaining").items():
            initial[f"cards_{seat[side]}"] = " ".join(
                parse_rank(str(rank)) for rank in entry_items(ranks)
            )
        for side, total in entry_part(entry, "totals").items():
            initial[f"total_{seat[side]}"] = total
        return initial

    def context(self, form: BaseHandForm, setup: TableSetup) -> dict[str, object]:
        assert isinstance(form, SwoopsHandForm)
        chosen = form["went_out"].value()
        rows = []
        for seat, side in enumerate(setup.sides):
            cards_field, total_field = form[f"cards_{seat}"], form[f"total_{seat}"]
            cards = tuple(
                rank for rank in map(rank_or_none, split_cards(cards_field.value())) if rank
            )
            typed = _int_or_none(total_field.value())
            points = (
                typed if typed is not None else (sum(map(card_value, cards)) if cards else None)
            )
            rows.append(
                PlayerRow(
                    seat=seat,
                    player=side,
                    went_out=str(chosen) == str(seat),
                    cards_field=cards_field,
                    total_field=total_field,
                    cards=cards,
                    typed=typed is not None,
                    points=points,
                )
            )
        preview = form.preview()
        return {
            "players": rows,
            "chips": chips(),
            "preview": preview,
            "limit": setup.option_int("limit"),
            "fixed_rounds": setup.option_int("rounds"),
        }

    def explain(self, breakdown: Mapping[str, JSON], setup: TableSetup) -> list[str]:
        return explain_round(read_breakdown(breakdown, setup, Swoops))

    def history_line(
        self, points: Mapping[str, int], breakdown: Mapping[str, JSON], setup: TableSetup
    ) -> HistoryLine:
        round_ = read_breakdown(breakdown, setup, Swoops)
        summary = ""
        if isinstance(round_, SwoopsCardsBreakdown):
            summary = _("%(player)s went out") % {"player": round_.went_out}
        return HistoryLine(
            points=row_points(points, breakdown, setup),
            lines=tuple(explain_round(round_)),
            summary=summary,
        )

    def scoreboard(
        self, setup: TableSetup, state: GameState, next_dealer: str | None
    ) -> Scoreboard:
        limit = setup.option_int("limit")
        fixed_rounds = setup.option_int("rounds")
        played = len(state.totals_after_each_round)
        totals = {side: state.totals.get(side, 0) for side in setup.sides}
        # Nobody leads before the first hand, nor while everyone is level.
        leaders = set(lowest(totals)) if played and len(set(totals.values())) > 1 else set()
        best = min(totals.values())
        rows = []
        for place, side, total in ranking(totals):
            notes = []
            if state.finished:
                notes.append(_("place %(place)s") % {"place": place})
                if total > limit and not fixed_rounds:
                    notes.append(_("over the limit"))
            else:
                if side in leaders:
                    notes.append(pgettext("is ahead on points", "leads"))
                elif leaders and fixed_rounds:
                    notes.append(_("%(count)s behind") % {"count": total - best})
                if not fixed_rounds:
                    notes.append(_distance(total, limit))
            css = f"sw-seat-{setup.sides.index(side)}"
            if side in leaders:
                css += " sw-leader"
            rows.append(
                ScoreRow(
                    side,
                    total_text(setup, total),
                    note=" · ".join(notes),
                    winner=side in state.winners,
                    css=css,
                )
            )
        if fixed_rounds:
            if state.finished:
                facts = [
                    ngettext("%(count)s round", "%(count)s rounds", fixed_rounds)
                    % {"count": fixed_rounds}
                ]
            else:
                facts = [
                    _("Round %(number)s of %(rounds)s")
                    % {"number": played + 1, "rounds": fixed_rounds}
                ]
        else:
            facts = [_("Limit %(limit)s") % {"limit": limit}]
        return Scoreboard(tuple(rows), (*facts, *dealer_facts(next_dealer)))

    def setup_hint(self, setup: TableSetup | None) -> str:
        if setup is None:
            return _(
                "Swoops needs %(small)s decks for 3 or 4 players, %(middle)s for 5 or 6 and "
                "%(large)s for 7 or 8, jokers included."
            ) % {"small": decks_for(3), "middle": decks_for(5), "large": decks_for(7)}
        advice = setup_advice(len(setup.players))
        return _(
            "Shuffle %(decks)s decks together, jokers included. Each player takes %(down)s cards "
            "face down, %(up)s face up on top of them and %(hand)s in hand."
        ) % {
            "decks": advice.decks,
            "down": advice.face_down,
            "up": advice.face_up,
            "hand": advice.in_hand,
        }

    def chart_hints(self, setup: TableSetup) -> ChartHints:
        if setup.option_int("rounds"):
            # With a fixed number of rounds the limit no longer ends the game.
            return ChartHints()
        limit = setup.option_int("limit")
        return ChartHints(limit, _("Limit %(limit)s") % {"limit": limit})

    def demo(self, game: str) -> DemoGame | None:
        return SWOOPS_DEMO

    def rules_template(self, game: str) -> str:
        return "swoops/rules.html"


def _distance(total: int, limit: int) -> str:
    if total > limit:
        return _("over the limit")
    if total == limit:
        # Exactly the limit plays on (games/plugins/swoops/rules.md §6): one more point ends the
        # game.
        return _("at the limit")
    return _("%(count)s below the limit") % {"count": limit - total}


def _int_or_none(value: object) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def _points(count: int) -> str:
    return ngettext("%(count)s point", "%(count)s points", count) % {"count": count}


def explain_round(breakdown: SwoopsBreakdown) -> list[str]:
    """One plain sentence per player of a Swoops hand."""
    if isinstance(breakdown, SwoopsPointsBreakdown):
        counted = ", ".join(f"{side} {points}" for side, points in breakdown.points.items())
        return [_("Points counted at the table: %(points)s.") % {"points": counted}]
    lines = [_("%(player)s went out: 0.") % {"player": breakdown.went_out}]
    for side, held in breakdown.held.items():
        if held.cards is None:
            lines.append(
                _("%(player)s's cards were counted at the table: %(points)s.")
                % {"player": side, "points": _points(held.points)}
            )
        else:
            lines.append(
                _("%(player)s holds %(cards)s: %(points)s.")
                % {
                    "player": side,
                    "cards": " ".join(held.cards),
                    "points": _points(held.points),
                }
            )
    return lines


HAND_ENTRIES: dict[str, HandEntry] = {Swoops.key: SwoopsHandEntry()}
