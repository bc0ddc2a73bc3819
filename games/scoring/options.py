"""Table options: what a game lets a table switch on, with defaults and one plain sentence each."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import Problem, problem
from .i18n import gettext_noop as _

OptionValue = bool | int | str


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class OptionSpec:
    """One table option. ``requires`` names a boolean option this one only matters with."""

    name: str
    default: OptionValue
    label: str
    help: str
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    requires: str = ""

    @property
    def kind(self) -> str:
        if self.choices:
            return "choice"
        if isinstance(self.default, bool):
            return "bool"
        return "int"

    def parse(self, value: object) -> OptionValue | Problem:
        """The option's value from JSON or a form, or the problem with it."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            return problem(_("option {name} must be true or false"), self.name, name=self.name)
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return problem(_("option {name} must be a whole number"), self.name, name=self.name)
            low = self.minimum if self.minimum is not None else value
            high = self.maximum if self.maximum is not None else value
            if not low <= value <= high:
                return problem(
                    _("option {name} must be between {minimum} and {maximum}"),
                    self.name,
                    name=self.name,
                    minimum=low,
                    maximum=high,
                )
            return value
        allowed = [choice.value for choice in self.choices]
        if value not in allowed:
            return problem(
                _("option {name} must be one of {allowed}"),
                self.name,
                name=self.name,
                allowed=", ".join(allowed),
            )
        assert isinstance(value, str)
        return value


def resolve_options(
    specs: Sequence[OptionSpec], raw: Mapping[str, object]
) -> tuple[dict[str, OptionValue], list[Problem]]:
    """Every option's value: the ones given, checked, and the defaults for the rest."""
    by_name = {spec.name: spec for spec in specs}
    problems = [
        problem(_("unknown option {name}"), str(name), name=str(name))
        for name in raw
        if name not in by_name
    ]
    values: dict[str, OptionValue] = {}
    for spec in specs:
        if spec.name not in raw:
            values[spec.name] = spec.default
            continue
        parsed = spec.parse(raw[spec.name])
        if isinstance(parsed, Problem):
            problems.append(parsed)
            values[spec.name] = spec.default
        else:
            values[spec.name] = parsed
    return values, problems
