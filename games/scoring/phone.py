"""What the phone runs with no signal (static/js/offline-engine.js, in Pyodide): a table's
scoresheet (docs/scoresheet.md, the hands waiting on the phone appended as rounds) scored by
these very rules, hand by hand, as the server scores it. Pure, like the rest of this package:
scorekeeper/offline_engine.py zips it with the engines for the phone.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence

from .base import RoundScore, TableSetup
from .errors import EntryError, problem
from .i18n import gettext_noop as _
from .numbers import NumberStyle
from .posted import Before, NotScorable, Values, check_hand_form, form_values
from .registry import GAMES
from .scoresheet import Scoresheet, read_scoresheet

EntryReader = Callable[[Values, TableSetup, Before], dict[str, object]]


def score(
    document: object, first_dealer: int = 0, numbers: NumberStyle | None = None
) -> dict[str, object]:
    """Each hand's points and the totals after it, scored in order until the first hand the
    engine refuses (its problems, in English, with the hand's number); then the totals, whether
    the game is over and who won, after the hands that scored: as numbers, and written as the
    scoreboard writes them in the page's language (``numbers``), and the seat that deals next
    while the game goes on."""
    try:
        sheet = read_scoresheet(document)
    except (EntryError, ValueError) as error:
        return {"ok": False, "problems": _problems(error), "rounds": [], "totals": {}}
    return _scored(sheet, first_dealer, numbers=numbers or NumberStyle())[0]


def _scored(
    sheet: Scoresheet,
    first_dealer: int,
    pending: Sequence[Values] = (),
    reader: EntryReader | None = None,
    numbers: NumberStyle | None = None,
) -> tuple[dict[str, object], list[RoundScore]]:
    """``score`` of a sheet read, its ``pending`` hands (a form's values) read by ``reader``
    one at a time after its rounds, each as the table stands before it; and the hands that
    scored."""
    tracker = sheet.game.tracker(sheet.table, first_dealer)
    entries: list[Mapping[str, object]] = []
    scored: list[RoundScore] = []
    problems: list[dict[str, object]] = []

    def rounds() -> Iterator[Mapping[str, object]]:
        yield from sheet.rounds
        for values in pending:
            if reader is None:
                return
            check_hand_form(values)
            before = Before(tracker.scores, tracker.next_dealer())
            yield reader(values, sheet.table, before)

    try:
        for entry in rounds():
            entries.append(entry)
            scored.append(tracker.add(entry))
    except EntryError as error:
        # Refused by the engine, or by the hand's form as its reader reads it.
        problems = _problems(error.in_round(len(scored) + 1))
    except NotScorable:
        pass  # the hand waits for the server to say what is wrong
    state = tracker.state()
    finished = state.finished_after_round
    if not problems and finished is not None and finished < len(scored):
        # As score_table says it.
        over = problem(
            _("the game was already over after round {finished}"), "rounds", finished=finished
        )
        problems = _problems(EntryError([over.in_round(finished + 1)]))
        # The hands after the end score nothing: the table as it stood when it was decided.
        tracker = sheet.game.tracker(sheet.table, first_dealer)
        scored = [tracker.add(entry) for entry in entries[:finished]]
        state = tracker.state()
    result = {
        "ok": not problems,
        "problems": problems,
        "rounds": [{"points": dict(each.points)} for each in scored],
        "totals": dict(state.totals),
        "totals_text": {
            side: sheet.game.total_text(total, sheet.table, numbers or NumberStyle())
            for side, total in state.totals.items()
        },
        # As the scoreboard says who deals next (tables/page.scoreboard_context): nobody once
        # the game is over.
        "next_dealer": None if state.finished else tracker.next_dealer(),
        "totals_after_each_round": [dict(totals) for totals in state.totals_after_each_round],
        "finished": state.finished,
        "winners": list(state.winners),
        "eliminated": list(state.eliminated),
    }
    return result, scored


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


def entry_reader(game: str) -> EntryReader | None:
    """The game package's reader of its hand form (``<package>.posted.read_entry``), if it has
    one: the package is the one its engine lives in."""
    package = type(GAMES[game]).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.posted")
    except ModuleNotFoundError:
        return None
    reader: EntryReader | None = getattr(module, "read_entry", None)
    return reader


def score_pending(
    document: Mapping[str, object],
    hands: Sequence[Sequence[Sequence[str]]],
    first_dealer: int = 0,
    numbers: NumberStyle | None = None,
) -> dict[str, object]:
    """The hands kept on the phone (each the fields its form would have posted) read as rounds
    by the game's own reader and scored after the table's stored ones (``document``, its
    scoresheet): ``pending``, for each kept hand in order, its points or why it has none yet
    (a hand after one that could not be read or scored waits too), and in ``pending_text``
    what its row in the history will show once stored (``Game.row_points``, each number as
    ``Game.total_text`` writes it: a Schafkopf hand's "+1.50 €", a Briscola deal's card
    points, a Ciapanò deal's players who played it) or None; and the totals, whether the game
    is over and who won, with those that scored. Each is read as the table stands before it,
    the hands before it scored (``posted.Before``)."""
    sheet = read_scoresheet(document)
    stored = len(sheet.rounds)
    reader = entry_reader(sheet.table.game)
    values = [form_values(fields) for fields in hands]
    result, scored = _scored(sheet, first_dealer, values, reader, numbers)
    problems = result["problems"]
    assert isinstance(problems, list)
    style = numbers or NumberStyle()
    pending: list[dict[str, object]] = []
    written: list[dict[str, str] | None] = []
    for index in range(len(hands)):
        number = stored + index + 1
        if number <= len(scored):
            hand = scored[number - 1]
            pending.append({"points": dict(hand.points)})
            # As the hand's row in the history will show it once stored.
            shown = sheet.game.row_points(hand.points, hand.breakdown, sheet.table)
            written.append(
                {
                    side: sheet.game.total_text(each, sheet.table, style)
                    for side, each in shown.items()
                }
            )
        else:
            why = [each["text"] for each in problems if each["round"] == number]
            pending.append({"problem": why[0] if why else ""})
            written.append(None)
    return {
        **result,
        "stored": stored,
        "pending": pending,
        "pending_text": written,
        "readable": reader is not None,
    }


def score_pending_json(
    document: str, hands: str, first_dealer: int = 0, numbers: str = "{}"
) -> str:
    """``score_pending`` from and to JSON text; ``numbers``, the page's ``NumberStyle``."""
    style = NumberStyle.from_json(json.loads(numbers))
    result = score_pending(json.loads(document), json.loads(hands), first_dealer, style)
    return json.dumps(result, ensure_ascii=False)
