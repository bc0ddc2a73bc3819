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

BAD_INPUT = 2


class Command(BaseCommand):
    help = "Score a scoresheet JSON file (use - for standard input) and print the result."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the scoresheet JSON file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            if path == "-":
                document = json.load(sys.stdin)
            else:
                with open(path, encoding="utf-8") as handle:
                    document = json.load(handle)
        except OSError as error:
            self._fail([f"{path}: {error.strerror}"])
        except (ValueError, UnicodeDecodeError) as error:
            self._fail([f"{path}: not valid JSON ({error})"])
        try:
            result = score_scoresheet(document)
        except GameNotSupported as error:
            self._fail([f"{error.game}: not supported yet"])
        except EntryError as error:
            self._fail([problem.text() for problem in error.problems])
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))

    def _fail(self, lines: list[str]) -> None:
        for line in lines:
            self.stderr.write(line)
        sys.exit(BAD_INPUT)
