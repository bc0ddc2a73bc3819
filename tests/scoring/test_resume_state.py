"""``Game.resume_state``: a game that resumes its state from the totals (what a save at a long
table does instead of replaying every hand) reaches exactly the state that ``game_state`` of
all the rounds gives, hand after hand, up to the hand that ends the game; and it scores a round
without looking at the earlier ones, as it promises."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.scoring import GAMES, EntryError, RoundScore
from tests.entries import entries, table_plans
from tests.kits import sample_setup


def test_the_games_that_resume_and_those_that_replay() -> None:
    """A game that says it resumes from the totals answers, and no other does (each package's
    tests say which its games are: games/plugins/<game>/tests/test_hooks.py)."""
    answers = {
        key
        for key, game in GAMES.items()
        if game.resume_state({}, 0, RoundScore({}, {}), sample_setup(key)) is not None
    }
    assert answers == {key for key, game in GAMES.items() if game.resumes_from_totals}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_resumed_state_is_the_state_of_all_the_rounds(game: str, data: st.DataObject) -> None:
    rules = GAMES[game]
    plan = data.draw(table_plans(game), label="table")
    setup = rules.setup(plan.players, plan.options)
    scores: list[RoundScore] = []
    state = rules.game_state(scores, setup)
    for step in range(data.draw(st.integers(1, 14), label="hands")):
        entry = data.draw(entries(setup, dict(state.totals), state.eliminated), label=f"{step}")
        try:
            score = rules.score_round(entry, setup, scores)
        except EntryError:
            continue
        resumed = rules.resume_state(state.totals, len(scores), score, setup)
        scores.append(score)
        state = rules.game_state(scores, setup)
        if resumed is None:
            assert not rules.resumes_at(setup)
            return
        assert rules.resumes_at(setup)
        # It scores a round alone as it does after the others.
        assert rules.score_round(entry, setup) == score
        assert dict(resumed.totals) == dict(state.totals)
        assert resumed.totals_after_each_round == (state.totals,)
        assert (resumed.finished, resumed.winners, resumed.eliminated) == (
            state.finished,
            state.winners,
            state.eliminated,
        )
        assert resumed.finished_after_round == state.finished_after_round
        if state.finished:
            return
