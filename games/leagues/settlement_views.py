"""End-of-night settlement: who pays whom for the money games played on a date."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import HttpResponse, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET

from games.clubs import access as club_access
from games.formatting import money
from games.hands import offered_games
from games.http import HtmxHttpRequest
from games.leagues import selectors
from games.leagues.money import CurrencyBalances, MoneyTable, latest_money_day, money_evening
from games.models import League
from games.problems import UNPROCESSABLE
from games.scoring import GAMES
from games.standings.settlement import settle

ISO_DATE = "%Y-%m-%d"
FIRST_DAY = datetime.date(1900, 1, 1)
LAST_DAY = datetime.date(9998, 12, 31)


class SettlementForm(forms.Form):
    """The day to settle and, when the club keeps leagues, which league's tables."""

    date = forms.DateField(
        label=gettext_lazy("Day the games started"),
        # What <input type="date"> sends, whatever the language: no guessing at 01/02/2026.
        input_formats=[ISO_DATE],
        widget=forms.DateInput(attrs={"type": "date"}, format=ISO_DATE),
        error_messages={
            "required": gettext_lazy("Choose a day."),
            "invalid": gettext_lazy(
                "That is not a date. Pick one from the calendar, or write it as year-month-day "
                "(2026-11-21)."
            ),
        },
    )
    league = forms.TypedChoiceField(
        label=gettext_lazy("League"),
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": gettext_lazy("Choose a league from the list.")},
    )

    def __init__(self, data: QueryDict | None, leagues: Sequence[League]) -> None:
        super().__init__(data)
        league_field = self.fields["league"]
        assert isinstance(league_field, forms.TypedChoiceField)
        league_field.choices = [("", _("All tables")), *((lg.public_id, lg.name) for lg in leagues)]

    def clean_date(self) -> datetime.date:
        day: datetime.date = self.cleaned_data["date"]
        # Year 1 or 9999 is a typo, and the day before or after it cannot even be linked.
        if not FIRST_DAY <= day <= LAST_DAY:
            raise forms.ValidationError(
                _("Choose a day between %(first)s and %(last)s.")
                % {"first": FIRST_DAY.year, "last": LAST_DAY.year}
            )
        return day


@dataclass(frozen=True)
class TableLine:
    money_table: MoneyTable
    rate: str


@dataclass(frozen=True)
class NetLine:
    name: str
    amount: str
    # "plus", "minus" or "even", for the colour; the sign is in the text too.
    sign: str


@dataclass(frozen=True)
class PaymentLine:
    payer: str
    payee: str
    amount: str


@dataclass(frozen=True)
class CurrencySettlement:
    """One currency's part of the page, every amount already written out."""

    currency: str
    tables: list[TableLine]
    nets: list[NetLine]
    # None when the balances do not add up to zero and cannot be settled.
    payments: list[PaymentLine] | None
    summary: str


@require_GET
def settlement(request: HtmxHttpRequest) -> HttpResponse:
    """The settlement of one day (``?date=YYYY-MM-DD``, by default the latest with money
    tables, see ``money.latest_money_day``), optionally of one
    league's tables (``&league=<id>``). htmx requests get the result fragment only."""
    clubs = club_access.club_ids(request.user)
    leagues = selectors.leagues_by_name(clubs)
    data = request.GET.copy()
    if not data.get("date"):
        asked = next((lg for lg in leagues if lg.public_id == data.get("league")), None)
        data["date"] = latest_money_day(clubs, asked).isoformat()
    form = SettlementForm(data, leagues)
    context: dict[str, Any] = {
        "form": form,
        "leagues": leagues,
        # What "New table" offers when the day had no money games: the first game played for money.
        "money_game": next((key for key in offered_games() if GAMES[key].plays_for_money), ""),
    }
    status = 200
    if form.is_valid():
        day: datetime.date = form.cleaned_data["date"]
        league_id: str | None = form.cleaned_data["league"]
        league = next((lg for lg in leagues if lg.public_id == league_id), None)
        evening = money_evening(day, clubs, league.pk if league else None)
        context.update(
            day=day,
            league=league,
            sections=[_section(balances) for balances in evening.currencies],
            previous_url=_day_url(day - datetime.timedelta(days=1), league_id),
            next_url=_day_url(day + datetime.timedelta(days=1), league_id),
        )
    else:
        status = UNPROCESSABLE
    template = "leagues/settlement.html"
    if request.htmx:
        template += "#result"
    return render(request, template, context, status=status)


def _day_url(day: datetime.date, league_id: str | None) -> str:
    query = {"date": day.isoformat()}
    if league_id:
        query["league"] = league_id
    return f"{reverse('games:settlement')}?{urlencode(query)}"


def _section(balances: CurrencyBalances) -> CurrencySettlement:
    currency = balances.currency

    def amount(cents: int, *, sign: bool) -> str:
        return money(cents, 1, currency, sign=sign)

    tables = [
        TableLine(
            money_table,
            _("%(amount)s a point") % {"amount": amount(money_table.cents_per_point, sign=False)},
        )
        for money_table in balances.tables
    ]
    # Winners first, as the money will flow; the name breaks ties so the order is stable.
    ranked = sorted(balances.balances.items(), key=lambda item: (-item[1], item[0]))
    nets = [NetLine(name, amount(cents, sign=True), _sign(cents)) for name, cents in ranked]
    try:
        payments = settle(balances.balances)
    except ValueError:
        # Every stored hand sums to zero, so this means a broken table, not a bad request.
        return CurrencySettlement(
            currency,
            tables,
            nets,
            None,
            _("These balances do not add up to zero, so they cannot be settled. Check the hands."),
        )
    return CurrencySettlement(
        currency,
        tables,
        nets,
        [PaymentLine(p.payer, p.payee, amount(p.cents, sign=False)) for p in payments],
        _summary(len(payments), len(nets)),
    )


def _sign(cents: int) -> str:
    if cents > 0:
        return "plus"
    return "minus" if cents < 0 else "even"


def _summary(payments: int, players: int) -> str:
    if payments == 0:
        return _("Everybody is even: nobody pays anybody.")
    people = ngettext("%(count)d player", "%(count)d players", players) % {"count": players}
    return ngettext(
        "%(count)d payment settles %(players)s; every balance is back to zero.",
        "%(count)d payments settle %(players)s; every balance is back to zero.",
        payments,
    ) % {"count": payments, "players": people}
