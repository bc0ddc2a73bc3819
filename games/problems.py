"""The engine's problems, shown on the form field they concern, in the player's language."""

from __future__ import annotations

from collections.abc import Mapping

from django import forms
from django.utils.translation import gettext as _

from games.scoring import EntryError, Problem

# The status of a page that shows a form again with its problems, having saved nothing.
UNPROCESSABLE = 422
# The status of a write refused because the page it came from is out of date.
CONFLICT = 409


def problem_text(problem: Problem) -> str:
    return problem.text(_)


def add_problems(
    form: forms.Form, error: EntryError, fields: Mapping[str, str] | None = None
) -> None:
    """Show the engine's problems on the form, on the field they concern where there is one."""
    for problem in error.problems:
        field = (fields or {}).get(problem.field)
        form.add_error(field if field in form.fields else None, problem_text(problem))
