"""Migrations 0003 and 0004: rounds drawn before rounds had public ids each get one of their
own. The schema moves back to 0002 and forward again (a real transaction), and is put back to
the latest migration at the end, whatever happened."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# Moving the schema takes seconds: CI runs it once, in its SQLite pass.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.sqlite_pass]


def migrate(targets: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def test_rounds_drawn_before_public_ids_each_get_one() -> None:
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        before = migrate([("tournaments", "0002_entrant_pairs")])
        club = before.get_model("games", "Club").objects.create(name="Old club")
        tournament = before.get_model("tournaments", "Tournament").objects.create(
            club=club, name="Old night", game="schafkopf", public_id="o" * 16, watch_token="w"
        )
        rounds = before.get_model("tournaments", "TournamentRound")
        for number in (1, 2):
            rounds.objects.create(tournament=tournament, number=number, seed="old")
        after = migrate([("tournaments", "0004_round_public_id_unique")])
        ids = list(
            after.get_model("tournaments", "TournamentRound").objects.values_list(
                "public_id", flat=True
            )
        )
        assert len(ids) == len(set(ids)) == 2
        assert all(len(public_id) == 16 for public_id in ids)
    finally:
        migrate(latest)
