"""The demo club's Tressette tables: a natural game ends when a side reaches the target alone
in the lead; a table of a fixed number of hands ends on exactly its last."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games.hands.demo_base import DemoTable, PlannedTable
from games.plugins.tressette.demo import TRESSETTE_DEMO


def demo_table(players: list[str], seed: int) -> DemoTable:
    plan = PlannedTable(
        game="tressette",
        players=players,
        options={"target": "31"},
        started_at=datetime(2026, 11, 27, tzinfo=UTC),
        first_dealer=0,
        counted=True,
        seed=seed,
    )
    return DemoTable(plan, dict.fromkeys(players, 0.0))


@pytest.mark.parametrize("hands", [1, 2, 3, 4, 20, 500])
@pytest.mark.parametrize("players", [["Ann", "Bob"], ["Ann", "Bob", "Cy", "Di"]])
def test_a_table_of_fixed_hands_ends_on_its_last(hands: int, players: list[str]) -> None:
    table = demo_table(players, seed=hands)
    entries, scores = TRESSETTE_DEMO.play(table, hands)

    state = table.rules.game_state(scores, table.setup)
    assert len(entries) == len(scores) == hands
    assert state.finished_after_round == hands


@pytest.mark.parametrize("seed", range(5))
def test_a_natural_game_ends_at_the_target(seed: int) -> None:
    table = demo_table(["Ann", "Bob"], seed)
    _entries, scores = TRESSETTE_DEMO.play(table, None)

    state = table.rules.game_state(scores, table.setup)
    assert state.finished_after_round == len(scores)
    assert max(sum(score.points[side] for score in scores) for side in table.setup.sides) >= 31
