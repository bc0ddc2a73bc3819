"""What the phone runs with no signal (static/js/offline-engine.js, in Pyodide): a table's
scoresheet (docs/scoresheet.md, the hands waiting on the phone appended as rounds) scored by
these very rules, hand by hand, as the server scores it. Pure, like the rest of this package:
scorekeeper/offline_engine.py zips it with the engines for the phone.
"""

from __future__ import annotations

import json
from .base import RoundScore
from .errors import EntryError
from .scoresheet import read_scoresheet


def score(document: object, first_dealer: int = 0) -> dict[str, object]:
    """Each hand's points and the totals after it, scored in order until the first hand the
    engine refuses (its problems, in English, with the hand's number); then the totals, whether
    the game is over and who won, after the hands that scored."""
    try:
        sheet = read_scoresheet(document)
    except (EntryError, ValueError) as error:
        return {"ok": False, "problems": _problems(error), "rounds": [], "totals": {}}
    tracker = sheet.game.tracker(sheet.table, first_dealer)
    scored: list[RoundScore] = []
    problems: list[dict[str, object]] = []
    for number, entry in enumerate(sheet.rounds, start=1):
        try:
            scored.append(tracker.add(entry))
        except EntryError as error:
            problems = _problems(error.in_round(number))
            break
    state = tracker.state()
    if not problems and state.finished_after_round is not None:
        if state.finished_after_round < len(scored):
            problems = [
                {
                    "text": f"round {state.finished_after_round + 1}: the game was already over",
                    "round": state.finished_after_round + 1,
                    "field": "rounds",
                }
            ]
    return {
        "ok": not problems,
        "problems": problems,
        "rounds": [{"points": dict(each.points)} for each in scored],
        "totals": dict(state.totals),
        "totals_after_each_round": [dict(totals) for totals in state.totals_after_each_round],
        "finished": state.finished,
        "winners": list(state.winners),
        "eliminated": list(state.eliminated),
    }


def _problems(error: Exception) -> list[dict[str, object]]:
    if isinstance(error, EntryError):
        return [
            {"text": each.text(), "round": each.round_number, "field": each.field}
            for each in error.problems
        ]
    return [{"text": str(error), "round": None, "field": ""}]


def score_json(text: str, first_dealer: int = 0) -> str:
    """``score`` from and to JSON text: what crosses from JavaScript and back."""
    document = json.loads(text)
    return json.dumps(score(document, first_dealer), ensure_ascii=False)
