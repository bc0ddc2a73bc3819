"""What a standings table shows: its columns per game, its rows with ratings, and its order.

The pages and the CSV export share these, so a column reads the same on screen and in a file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.formatting import money, signed
from games.hands import HAND_ENTRIES, HandEntry
from games.leagues.selectors import SkillBoard
from games.standings.rating import Skill
from games.standings.stats import StandingRow

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# Movements smaller than this are noise from rounding; the arrow stays flat.
STEADY = 0.05


@dataclass
class Standing:
    """A player's line: the summed results, the rating now and its movement."""

    row: StandingRow
    skill: Skill | None
    # The change in rating since before the last session; None if they did not play in it.
    movement: float | None
    new: bool = False
    rank: int = 0
    # Ranked below a player whose rating (mu) reads lower: its uncertainty is larger.
    less_certain: bool = False

    @property
    def movement_size(self) -> float:
        return abs(self.movement or 0.0)

    @property
    def direction(self) -> str:
        if self.movement is None:
            return ""
        if self.movement > STEADY:
            return "up"
        if self.movement < -STEADY:
            return "down"
        return "steady"


@dataclass(frozen=True)
class Column:
    key: str
    label: StrOrPromise
    # The header on a phone, where every column must fit.
    short: StrOrPromise
    value: Callable[[Standing], float]
    text: Callable[[Standing], str]
    # Lower is better (an average place, a Swoops total): its natural order is ascending.
    ascending: bool = False


def _money_text(standing: Standing) -> str:
    return " ".join(
        money(cents, 1, currency) for currency, cents in sorted(standing.row.money.items())
    )


def _rating_value(standing: Standing) -> float:
    return standing.skill.conservative if standing.skill else float("-inf")


def _rating_text(standing: Standing) -> str:
    if standing.skill is None:
        return ""
    return f"{number_format(standing.skill.mu, 1)} ±{number_format(standing.skill.sigma, 1)}"


RATING = Column("rating", _("Rating"), _("Rating"), _rating_value, _rating_text)
PLAYED = Column(
    "played",
    _("Games played"),
    pgettext_lazy("games played", "P"),
    lambda s: s.row.played,
    lambda s: str(s.row.played),
)
WINS = Column(
    "wins", _("Wins"), pgettext_lazy("wins", "W"), lambda s: s.row.wins, lambda s: str(s.row.wins)
)
WIN_RATE = Column(
    "win_rate",
    _("Win rate"),
    _("Win %"),
    lambda s: s.row.win_rate,
    # Translators: a win rate; German and French put a space before the percent sign.
    lambda s: _("%(percent)s%%") % {"percent": number_format(100 * s.row.win_rate, 0)},
)
POINTS_PER_GAME = Column(
    "points_per_game",
    _("Points per game"),
    _("Pts/g"),
    lambda s: s.row.points_per_game,
    lambda s: number_format(s.row.points_per_game, 1),
)
POINTS_DIFFERENCE = Column(
    "points_difference",
    _("Points difference: own total minus the best other side's, summed over the games"),
    _("+/−"),
    lambda s: s.row.points_difference,
    lambda s: signed(s.row.points_difference),
)
BALANCE = Column(
    "balance",
    _("Balance in points"),
    _("Balance"),
    lambda s: s.row.balance,
    lambda s: signed(s.row.balance),
)
BALANCE_PER_HAND = Column(
    "balance_per_hand",
    _("Balance per hand"),
    _("/hand"),
    lambda s: s.row.balance_per_hand,
    lambda s: signed(s.row.balance_per_hand, 1),
)
MONEY = Column(
    "money",
    _("Money won or lost at tables with a value per point"),
    _("Money"),
    lambda s: sum(s.row.money.values()),
    _money_text,
)
ELIMINATIONS = Column(
    "eliminations",
    _("Eliminations: games the player went out of"),
    pgettext_lazy("eliminations", "Out"),
    lambda s: s.row.eliminations,
    lambda s: str(s.row.eliminations),
    ascending=True,
)
AVERAGE_PLACE = Column(
    "average_place",
    _("Average finishing place"),
    _("Place"),
    lambda s: s.row.average_place,
    lambda s: number_format(s.row.average_place, 2),
    ascending=True,
)
AVERAGE_TOTAL = Column(
    "average_total",
    _("Average total (lower is better)"),
    _("Avg"),
    lambda s: s.row.average_total,
    lambda s: number_format(s.row.average_total, 1),
    ascending=True,
)

_COMMON = (RATING, PLAYED, WINS, WIN_RATE)
# Every column by its key: a game's hand entry names its own measures by these.
COLUMNS: dict[str, Column] = {
    column.key: column
    for column in (
        *_COMMON,
        POINTS_PER_GAME,
        POINTS_DIFFERENCE,
        BALANCE,
        BALANCE_PER_HAND,
        MONEY,
        ELIMINATIONS,
        AVERAGE_PLACE,
        AVERAGE_TOTAL,
    )
}


def _hand_entry(game: str | None) -> HandEntry:
    """The game's hand entry; for all games together (or a game the pages do not offer), the
    base one, whose measure every game has: the average place."""
    return HAND_ENTRIES.get(game or "") or HandEntry()


def columns_for(game: str | None) -> tuple[Column, ...]:
    """The columns of a standings table: every game's, then the game's own measures
    (``HandEntry.standings_measures``)."""
    return (*_COMMON, *(COLUMNS[key] for key in _hand_entry(game).standings_measures))


# The columns after the rank and the name that a 360-px phone shows: more were cut off at the
# edge of its box (static/css/leagues.css hides the rest on a screen that narrow).
PHONE_COLUMNS = 3


def columns_on_screen(game: str | None) -> tuple[Column, ...]:
    """The same columns in the order a page shows them: a phone shows only the first
    ``PHONE_COLUMNS``, so the rating comes first, then the game's own measures (for all games,
    the average place), then the win rate, then games played and won; a game whose players care
    most about its own figures (a Schafkopf evening's balance and money) puts them before the
    rating (``HandEntry.standings_on_screen``). Files keep ``columns_for``'s order."""
    entry = _hand_entry(game)
    if entry.standings_on_screen:
        return tuple(COLUMNS[key] for key in entry.standings_on_screen)
    own = tuple(COLUMNS[key] for key in entry.standings_measures)
    return (RATING, *own, WIN_RATE, PLAYED, WINS)


def mark_less_certain(lines: Iterable[Standing]) -> None:
    """Mark each player ranked below someone whose rating reads lower. The rank is by mu − 3σ,
    so a newcomer's 26.0 ±8.0 sits below a regular's 24.0 ±2.0: the rating column then does not
    read in rank order, and the marked lines say why. Compared as shown, to one decimal."""
    rated = sorted(
        (line for line in lines if line.skill is not None),
        key=lambda line: line.skill.conservative if line.skill else 0.0,
        reverse=True,
    )
    lowest_above = float("inf")
    index = 0
    while index < len(rated):
        # Lines that rank equal are not above one another.
        tied = [rated[index]]
        while index + len(tied) < len(rated) and _ranks_equal(
            rated[index], rated[index + len(tied)]
        ):
            tied.append(rated[index + len(tied)])
        for line in tied:
            line.less_certain = _shown_mu(line) > lowest_above
        lowest_above = min(lowest_above, *(_shown_mu(line) for line in tied))
        index += len(tied)


def _shown_mu(line: Standing) -> float:
    return round(line.skill.mu, 1) if line.skill else 0.0


def _ranks_equal(first: Standing, second: Standing) -> bool:
    return _rating_value(first) == _rating_value(second)


def league_standings(rows: Iterable[StandingRow], board: SkillBoard) -> list[Standing]:
    """Join the summed results with the ratings; movement is since before the last session."""
    lines: list[Standing] = []
    for row in rows:
        skill = board.now.get(row.player)
        before = board.before_last_session.get(row.player)
        movement = None
        if skill is not None and before is not None and before != skill:
            movement = skill.mu - before.mu
        new = skill is not None and before is None
        lines.append(Standing(row, skill, movement, new=new))
    return lines


def sort_standings(lines: list[Standing], column: Column, descending: bool) -> list[Standing]:
    """Sorted by a column, best first unless asked otherwise, names breaking ties; the rank
    is the place in this order, shared by equal values."""
    ordered = sorted(lines, key=lambda line: line.row.name.casefold())
    ordered.sort(key=column.value, reverse=descending)
    previous: float | None = None
    for index, line in enumerate(ordered, start=1):
        value = column.value(line)
        if value != previous:
            line.rank = index
            previous = value
        else:
            line.rank = ordered[index - 2].rank
    return ordered
