"""Scoresheet JSON, version 1 (docs/scoresheet.md): read, score and write a table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from . import registry
from .base import Game, TableSetup, Team, score_table
from .errors import EntryError, Problem, problem, raise_if_any, unknown_fields
from .i18n import gettext_noop as _

FORMAT = "scoresheet/1"
DOCUMENT_FIELDS = frozenset({"format", "game", "options", "players", "teams", "rounds"})


class GameNotSupported(ValueError):
    """A game the format knows but this version of the app cannot score yet."""

    def __init__(self, game: str) -> None:
        self.game = game
        super().__init__(f"{game}: not supported yet")


@dataclass(frozen=True)
class Scoresheet:
    game: Game
    table: TableSetup
    options: Mapping[str, object]  # as written, so a round trip keeps them exactly
    rounds: tuple[Mapping[str, object], ...]


def read_scoresheet(document: object) -> Scoresheet:
    """Check a scoresheet's table (not its rounds); raise EntryError or GameNotSupported."""
    if not isinstance(document, Mapping):
        raise EntryError([problem(_("a scoresheet must be a JSON object"), "document")])
    problems: list[Problem] = unknown_fields(document, DOCUMENT_FIELDS)
    if document.get("format", FORMAT) != FORMAT:
        problems.append(problem(_("format must be {expected}"), "format", expected=FORMAT))
    key = document.get("game")
    if isinstance(key, str) and key in registry.COMING_GAMES:
        raise GameNotSupported(key)
    if not isinstance(key, str) or key not in registry.GAMES:
        problems.append(
            problem(
                _("game must be one of {games}"),
                "game",
                games=", ".join([*registry.GAMES, *registry.COMING_GAMES]),
            )
        )
    options = document.get("options", {})
    if not isinstance(options, Mapping):
        problems.append(problem(_("options must be an object"), "options"))
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        problems.append(problem(_("players must be a list of names"), "players"))
    teams = _read_teams(document.get("teams"), problems)
    rounds = document.get("rounds", [])
    if not isinstance(rounds, list) or not all(isinstance(entry, Mapping) for entry in rounds):
        problems.append(problem(_("rounds must be a list of objects"), "rounds"))
    raise_if_any(problems)
    assert isinstance(key, str)
    assert isinstance(options, Mapping)
    assert isinstance(players, list)
    assert isinstance(rounds, list)
    game = registry.GAMES[key]
    table = game.setup(players, options, teams)
    return Scoresheet(game, table, dict(options), tuple(rounds))


def _read_teams(raw: object, problems: list[Problem]) -> tuple[Team, ...] | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or not all(
        isinstance(members, list) and all(isinstance(name, str) for name in members)
        for members in raw.values()
    ):
        problems.append(problem(_("teams must map each team name to its players"), "teams"))
        return None
    return tuple(Team(str(name), tuple(members)) for name, members in raw.items())


def score_scoresheet(document: object) -> dict[str, object]:
    """What ``manage.py score`` prints (docs/scoresheet.md, "What ``score`` prints")."""
    sheet = read_scoresheet(document)
    scores, state = score_table(sheet.game, sheet.table, sheet.rounds)
    return {
        "rounds": [
            {"points": dict(score.points), "breakdown": dict(score.breakdown)} for score in scores
        ],
        "totals": dict(state.totals),
        "totals_after_each_round": [dict(totals) for totals in state.totals_after_each_round],
        "finished": state.finished,
        "winners": list(state.winners),
        "eliminated": list(state.eliminated),
    }


def write_scoresheet(
    game: str,
    options: Mapping[str, object],
    players: Sequence[str],
    teams: Sequence[Team],
    rounds: Sequence[Mapping[str, object]],
) -> dict[str, object]:
    document: dict[str, object] = {
        "format": FORMAT,
        "game": game,
        "options": dict(options),
        "players": list(players),
    }
    if teams:
        document["teams"] = {team.name: list(team.players) for team in teams}
    document["rounds"] = [dict(entry) for entry in rounds]
    return document
