"""``python manage.py score FILE``: score a scoresheet (docs/scoresheet.md).

Prints the result as JSON on standard output. Bad input exits with status 2 and one line per
problem on standard error, each naming the round and the card or field.

``manage.py`` answers a plain ``score FILE`` itself, without setting Django up
(``games/score_cli.py``); this command answers ``call_command("score", ...)`` and any other
arguments (``--help``, Django's options), and scores through the same code.
"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandParser

from games.management.options import string
from games.score_cli import BAD_INPUT, BadInput, scored_text


class Command(BaseCommand):
    help = "Score a scoresheet JSON file (use - for standard input) and print the result."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the scoresheet JSON file, or - for standard input")

    def handle(self, *args: object, **options: object) -> None:
        try:
            text = scored_text(string(options, "file"), getattr(self.stdout, "encoding", None))
        except BadInput as bad:
            for line in bad.lines:
                self.stderr.write(line)
            sys.exit(BAD_INPUT)
        self.stdout.write(text)
