"""``manage.py score FILE``: score a scoresheet (docs/scoresheet.md).

Prints the result as JSON on standard output. Bad input exits with status 2 and one line per
problem on standard error, each naming the round and the card or field.

Scoring a file needs no Django: the engine is pure Python, and so is the upload check. Setting
Django up (settings, every app, the system checks) would take several times as long as the
scoring, so ``manage.py`` hands a plain ``score FILE`` (or ``score -``) to ``main`` here before
Django is imported. Any other arguments (``--help``, an option, a mistake) go to the management
command (``games/management/commands/score.py``), which answers them as Django's commands do
and scores through the same ``scored_text``; ``main`` writes its output as such a command
writes it, so both paths print the same bytes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence

from games.scoring import EntryError
from games.scoring.scoresheet import GameNotSupported, score_scoresheet
from games.uploads import HoldsNul, TooDeep, check_document

BAD_INPUT = 2


class BadInput(Exception):
    """The file cannot be scored; ``lines`` say why, one problem each."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(lines)
        self.lines = lines


def scored_text(path: str, encoding: str | None) -> str:
    """The result for the scoresheet at ``path`` (``-``: standard input) as JSON text that
    ``encoding`` (the output's) can write; ``BadInput`` when it cannot be scored."""
    try:
        # Bytes, as the web import reads an upload: json then finds a UTF-8 BOM or UTF-16 by
        # itself, where a text stream would have to guess the encoding first.
        if path == "-":
            document = json.load(getattr(sys.stdin, "buffer", sys.stdin))
        else:
            with open(path, "rb") as handle:
                document = json.load(handle)
        # The web import's checks, so a file this command scores also imports; but for lone
        # surrogates, which its output writes as JSON escapes where a page could show none.
        check_document(document, lone_surrogates_allowed=True)
    except OSError as error:
        raise BadInput([f"{path}: {error.strerror}"]) from None
    except (RecursionError, TooDeep):
        raise BadInput([f"{path}: nests too deeply to be a scoresheet"]) from None
    except HoldsNul:
        raise BadInput([f"{path}: holds a NUL character, which no name or value may"]) from None
    except (ValueError, UnicodeDecodeError) as error:
        raise BadInput([f"{path}: not valid JSON ({error})"]) from None
    try:
        result = score_scoresheet(document)
    except GameNotSupported as error:
        raise BadInput([f"{error.game}: not supported yet"]) from None
    except EntryError as error:
        raise BadInput([problem.text() for problem in error.problems]) from None
    text = json.dumps(result, indent=2, ensure_ascii=False)
    try:
        text.encode(encoding or "utf-8")
    except UnicodeEncodeError:
        # A lone surrogate (a JSON "\ud800" in a name) has no UTF-8 form, and a terminal's
        # encoding may lack a name's letters: ASCII escapes say the same in valid JSON.
        text = json.dumps(result, indent=2)
    return text


def takes(arguments: Sequence[str]) -> bool:
    """Whether ``main`` answers these arguments (those after ``score``) as the management
    command would: exactly one, the file or ``-``, and no option."""
    return len(arguments) == 1 and (arguments[0] == "-" or not arguments[0].startswith("-"))


def main(path: str) -> int:
    """Score the file and write what the management command writes; the exit status."""
    try:
        text = scored_text(path, getattr(sys.stdout, "encoding", None))
    except BadInput as bad:
        style = _error_style()
        for line in bad.lines:
            sys.stderr.write(style(_ended(line)))
        return BAD_INPUT
    sys.stdout.write(_ended(text))
    return 0


def _ended(text: str) -> str:
    # A management command's every write ends its line.
    return text if text.endswith("\n") else text + "\n"


def _error_style() -> Callable[[str], str]:
    """How a management command styles its errors: in the error colour when standard error is a
    terminal and Django's colour rules (standard output a terminal, DJANGO_COLORS) allow it."""
    if not (hasattr(sys.stderr, "isatty") and sys.stderr.isatty()):
        return str
    # Imported only here: it brings in django.core.management, which the path that scores a
    # good file, or writes its errors to a file or pipe, has no need of.
    from django.core.management.color import color_style

    return color_style().ERROR
