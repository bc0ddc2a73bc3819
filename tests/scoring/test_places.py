"""Finishing places: the winners first, then each game's own order."""

from dataclasses import replace

from games.scoring import GAMES, RoundScore
from games.scoring.base import competition_places


def _scores(*points: dict[str, int]) -> list[RoundScore]:
    return [RoundScore(dict(hand), {}) for hand in points]


def test_competition_places_share_a_place_and_skip_the_next():
    places = competition_places(["A", "B", "C", "D"], lambda side: ({"A": 1, "B": 1}.get(side, 2),))
    assert places == {"A": 1, "B": 1, "C": 3, "D": 3}


def test_scopa_winner_first_then_highest_total():
    rules = GAMES["pirate-scopa"]
    setup = rules.setup(["Ann", "Bob", "Cy"])
    state = rules.game_state(_scores({"Ann": 5, "Bob": 11, "Cy": 7}), setup)
    assert state.winners == ("Bob",)
    assert rules.places(state, setup) == {"Bob": 1, "Cy": 2, "Ann": 3}


def test_swoops_lowest_total_is_first():
    rules = GAMES["swoops"]
    setup = rules.setup(["Ann", "Bob", "Cy"], {"limit": 10})
    state = rules.game_state(_scores({"Ann": 0, "Bob": 12, "Cy": 4}), setup)
    assert state.winners == ("Ann",)
    assert rules.places(state, setup) == {"Ann": 1, "Cy": 2, "Bob": 3}


def test_ciapano_whoever_stays_in_longer_finishes_higher():
    """games/plugins/ciapano/rules.md §6: the last player left wins, then whoever stayed in longer,
    and among players who went out in the same deal the lower total places better. Cy goes out
    first with 31, then Ann and Bob in the same deal; Bob's 32 is better than Ann's 35, so Bob
    is second."""
    rules = GAMES["ciapano"]
    setup = rules.setup(["Ann", "Bob", "Cy", "Di"])
    state = rules.game_state(
        _scores(
            {"Ann": 20, "Bob": 20, "Cy": 31, "Di": 0},
            {"Ann": 15, "Bob": 12, "Di": 5},
        ),
        setup,
    )
    assert state.winners == ("Di",)
    assert rules.places(state, setup) == {"Di": 1, "Bob": 2, "Ann": 3, "Cy": 4}


def test_schafkopf_evening_ended_by_the_players_best_balance_wins():
    rules = GAMES["schafkopf"]
    setup = rules.setup(["Ann", "Bob", "Cy", "Di"])
    state = rules.game_state(_scores({"Ann": 30, "Bob": -10, "Cy": -10, "Di": -10}), setup)
    assert not state.finished
    winners = rules.stopped_winners(state)
    assert winners == ("Ann",)
    places = rules.places(replace(state, winners=winners), setup)
    assert places == {"Ann": 1, "Bob": 2, "Cy": 2, "Di": 2}


def test_teams_place_as_sides():
    rules = GAMES["scopone"]
    setup = rules.setup(["Ann", "Bob", "Cy", "Di"])
    state = rules.game_state(_scores({"Ann & Cy": 11, "Bob & Di": 4}), setup)
    assert rules.places(state, setup) == {"Ann & Cy": 1, "Bob & Di": 2}
