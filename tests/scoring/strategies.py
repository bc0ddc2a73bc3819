"""Hypothesis strategies for every game: a round of any game counted at the table, from the
game's test kit (tests/kits.py; each game's counted points are in its kit,
games/plugins/<game>/tests/kit.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from tests.kits import kit_for

# -- any game: a round as the table counted it ---------------------------------------------------


@st.composite
def counted_entries(draw: st.DrawFn, game: str, sides: Sequence[str]) -> dict[str, object]:
    """A round of any game for ``sides`` (those still in the game): points counted at the
    table as the rules make them, from the game's test kit (``counted_entry``: Schafkopf sums
    to zero, Swoops has one player out on 0, Ciapanò adds up to 11 or is a moon, a Scopa hand
    gives at least the settebello; for Ciapanò often aces and thirds counted, a moon now and
    then), and now and then a bad entry (a side nobody plays, or a negative count) that the
    engine must refuse."""
    if draw(st.integers(0, 12)) == 0:
        return draw(st.sampled_from([{"points": {"Zed": 1}}, {"points": {sides[0]: -1}}]))
    return kit_for(game).counted_entry(draw, game, sides)
