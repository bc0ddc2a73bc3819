"""``python manage.py score FILE``: score a scoresheet (../shared/scoresheet-format.md).

Prints the result as JSON on standard output. Bad input exits with status 2 and one line per
problem on standard error, each naming the round and the card or field.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.scoring import EntryError
from games.scoring.scoresheet import GameNotSupported, score_scoresheet
from games.uploads import HoldsNul, TooDeep, check_document

BAD_INPUT = 2


class Command(BaseCommand):
    help = "Score a scoresheet JSON file (use - for standard input) and print the result."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the scoresheet JSON file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            # Bytes, as the web import reads an upload: json then finds a UTF-8 BOM or UTF-16
            # by itself, where a text stream would have to guess the encoding first.
            if path == "-":
                document = json.load(getattr(sys.stdin, "buffer", sys.stdin))
            else:
                with open(path, "rb") as handle:
                    document = json.load(handle)
            # The web import's checks, so a file this command scores also imports.
            check_document(document)
        except OSError as error:
            self._fail([f"{path}: {error.strerror}"])
        except (RecursionError, TooDeep):
            self._fail([f"{path}: nests too deeply to be a scoresheet"])
        except HoldsNul:
            self._fail([f"{path}: holds a NUL character, which no name or value may"])
        except (ValueError, UnicodeDecodeError) as error:
            self._fail([f"{path}: not valid JSON ({error})"])
        try:
            result = score_scoresheet(document)
        except GameNotSupported as error:
            self._fail([f"{error.game}: not supported yet"])
        except EntryError as error:
            self._fail([problem.text() for problem in error.problems])
        self.stdout.write(self._json_text(result))

    def _json_text(self, result: object) -> str:
        text = json.dumps(result, indent=2, ensure_ascii=False)
        try:
            text.encode(getattr(self.stdout, "encoding", None) or "utf-8")
        except UnicodeEncodeError:
            # A lone surrogate (a JSON "\ud800" in a name) has no UTF-8 form, and a terminal's
            # encoding may lack a name's letters: ASCII escapes say the same in valid JSON.
            text = json.dumps(result, indent=2)
        return text

    def _fail(self, lines: list[str]) -> None:
        for line in lines:
            self.stderr.write(line)
        sys.exit(BAD_INPUT)
