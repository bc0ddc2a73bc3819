"""What a saved hand writes besides its rows: one index entry for each index of the tables it
writes to, so none is kept that another already gives. A table's hands, their points and its
log are read by table (and hand) through their unique pairs, which start with that column."""

from __future__ import annotations

import pytest
from django.db import connection

from games.models import Round, RoundPoints, TableChange

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("model", "column", "pair"),
    [
        (Round, "table_id", ["table_id", "number"]),
        (RoundPoints, "round_id", ["round_id", "side"]),
        (TableChange, "table_id", ["table_id", "version"]),
    ],
)
def test_a_foreign_key_a_unique_pair_starts_with_has_no_index_of_its_own(
    model: type[Round | RoundPoints | TableChange], column: str, pair: list[str]
) -> None:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)

    indexed = [
        name
        for name, constraint in found.items()
        if (constraint["index"] or constraint["unique"]) and not constraint["primary_key"]
    ]
    assert [name for name in indexed if found[name]["columns"] == [column]] == []
    assert [name for name in indexed if found[name]["columns"] == pair and found[name]["unique"]]
