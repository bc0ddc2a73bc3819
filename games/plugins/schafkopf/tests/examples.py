"""The table and the entries the Schafkopf engine tests work with: four players, Ann and Cy the
declarer side of a Sauspiel, Bob alone in a solo."""

from __future__ import annotations

from games.scoring import TableSetup, get_game

FOUR = ("Ann", "Bob", "Cy", "Di")


def at(**options: object) -> TableSetup:
    return get_game("schafkopf").setup(list(FOUR), options)


def sauspiel(**fields: object) -> dict[str, object]:
    return {"contract": "sauspiel", "declarer": "Ann", "partner": "Cy", **fields}


def alone(contract: str, **fields: object) -> dict[str, object]:
    return {"contract": contract, "declarer": "Bob", **fields}


def two_against_two(value: int) -> dict[str, int]:
    """Ann and Cy (the declarer side) receive ``value`` each; negative when they lose."""
    return {"Ann": value, "Bob": -value, "Cy": value, "Di": -value}


def bob_alone(value: int) -> dict[str, int]:
    """Bob plays alone and receives ``value`` from each opponent; negative when he loses."""
    return {"Ann": -value, "Bob": 3 * value, "Cy": -value, "Di": -value}
