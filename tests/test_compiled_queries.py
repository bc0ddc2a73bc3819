"""Queries compiled once per process (``games.compiled_queries``): each request's values go in
the stand-ins' places, and nowhere else."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import Value

from games.compiled_queries import compiled
from games.models import Club

pytestmark = pytest.mark.django_db
STAND_IN = -7_000_777


def test_each_request_s_value_goes_in_its_stand_in_s_place_alone() -> None:
    clubs = [Club.objects.create(name=name) for name in ("Asso", "Due", "Tre")]
    # Parameters besides the stand-in: a text, a number equal to True, a list.
    query = (
        Club.objects.filter(pk=STAND_IN, name__in=["Asso", "Due"])
        .annotate(tag=Value("1"), one=Value(1))
        .values_list("name", "tag", "one")
    )
    found = compiled(query, connection.alias, [STAND_IN])
    assert [position for position, _ in found.stand_ins] == [
        index for index, param in enumerate(found.params) if param == STAND_IN
    ]
    assert found.rows({STAND_IN: clubs[0].pk}) == [("Asso", "1", 1)]
    assert found.rows({STAND_IN: clubs[2].pk}) == []
    assert found.row({STAND_IN: clubs[1].pk}) == ("Due", "1", 1)


def test_a_stand_in_must_be_one_parameter_of_the_query() -> None:
    with pytest.raises(AssertionError):
        compiled(Club.objects.filter(name="x"), connection.alias, [STAND_IN])
    twice = Club.objects.filter(pk=STAND_IN) | Club.objects.filter(deleted_by_id=STAND_IN)
    with pytest.raises(AssertionError):
        compiled(twice, connection.alias, [STAND_IN])
