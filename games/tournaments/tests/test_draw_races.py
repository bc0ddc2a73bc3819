"""Two directors drawing the same round at the same moment: one round is drawn, once, with
one live table per table of the draw, and both phones are answered with it."""

from __future__ import annotations

from functools import partial

import pytest
from django.db import connection

from games.models import Table
from games.tournaments import services
from games.tournaments.models import RoundTable, TournamentRound
from games.tournaments.tests.helpers import schafkopf_night
from tests.concurrency import at_once, errors

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgresql_pass]


def test_two_directors_drawing_round_one_at_once_draw_it_once() -> None:
    tournament = schafkopf_night(entrants=8)
    tables_before = Table.objects.count()
    draw = partial(services.round_draw, tournament, number=1, version=tournament.version)
    outcomes = at_once([draw, draw])
    print(f"\ndraw x2 on {connection.vendor}: {[outcome.value for outcome in outcomes]}")
    assert errors(outcomes) == []
    assert TournamentRound.objects.filter(tournament=tournament).count() == 1
    drawn = TournamentRound.objects.get(tournament=tournament)
    assert {outcome.value.pk for outcome in outcomes} == {drawn.pk}
    assert RoundTable.objects.filter(round=drawn).count() == 2
    assert Table.objects.count() == tables_before + 2
