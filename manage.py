#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    if sys.argv[1:2] == ["score"]:
        # Scoring a file needs no Django, and setting it up would take most of the run: a
        # plain `score FILE` is answered before Django is imported (games/score_cli.py).
        from games import score_cli

        if score_cli.takes(sys.argv[2:]):
            sys.exit(score_cli.main(sys.argv[2]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
