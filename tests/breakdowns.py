"""What every game's breakdown tests share (tests/scoring/test_breakdowns.py and each package's
tests/test_breakdowns.py): a breakdown as the JSON column gives it back, and the round trip
every stored breakdown makes through its game's dataclass."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, settings

from games.scoring import Breakdown, RoundScore, TableSetup, get_game

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def stored(value: object) -> Any:
    """What the JSON column gives back: through JSON text, so tuples come back as lists."""
    return json.loads(json.dumps(value))


def reordered(value: object) -> object:
    """The same JSON with every object's keys in reverse order, as PostgreSQL's jsonb may give
    them back in an order of its own."""
    if isinstance(value, dict):
        return {key: reordered(value[key]) for key in reversed(value)}
    if isinstance(value, list):
        return [reordered(item) for item in value]
    return value


def assert_round_trip(score: RoundScore, at: TableSetup) -> None:
    game = get_game(at.game)
    written = score.breakdown
    typed: Breakdown = game.read_breakdown(stored(written))
    # The same keys in the same order, with the same values.
    assert json.dumps(typed.to_json()) == json.dumps(written)
    assert game.read_breakdown(written) == typed
    assert game.read_breakdown(reordered(stored(written))) == typed
