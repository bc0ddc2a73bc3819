"""The tournaments the tests play: made through the services, as a director's phone would."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.models import Round, Table
from games.tables import services as table_services
from games.tournaments import services
from games.tournaments.models import RoundTable, Tournament, TournamentRound
from tests.clubs import home_club, home_owner

NAMES = (
    "Anni", "Berti", "Cilli", "Dori", "Evi", "Ferdl", "Gustl", "Hansi", "Irmi", "Jakl",
    *(f"Gast {number}" for number in range(11, 101)),
)  # fmt: skip


def schafkopf_night(entrants: int = 8, games_per_round: int = 2, rounds: int = 2) -> Tournament:
    """A Schafkopf tournament in the tests' club with its entrants entered (not drawn yet)."""
    tournament = services.tournament_create(
        club=home_club(),
        name="Preisschafkopf",
        game="schafkopf",
        table_size=4,
        rounds_planned=rounds,
        games_per_round=games_per_round,
        by=home_owner(),
    )
    for name in NAMES[:entrants]:
        services.entrant_add(tournament, name=name)
    tournament.refresh_from_db()
    return tournament


def scopa_swiss(entrants: int = 5, rounds: int = 3) -> Tournament:
    tournament = services.tournament_create(
        club=home_club(),
        name="Scopa night",
        game="scopa",
        pairing="swiss",
        table_size=2,
        rounds_planned=rounds,
    )
    for name in NAMES[:entrants]:
        services.entrant_add(tournament, name=name)
    tournament.refresh_from_db()
    return tournament


def drawn(tournament: Tournament, number: int = 1, seed: str = "fair") -> TournamentRound:
    tournament.refresh_from_db()
    return services.round_draw(tournament, number=number, seed=seed, version=tournament.version)


def live_table(round_table: RoundTable) -> Table:
    assert round_table.table is not None
    return Table.objects.get(pk=round_table.table.pk)


def play(round_table: RoundTable, points_by_seat: Mapping[int, int], times: int = 1) -> Round:
    """Record ``times`` hands at the table, each giving the seats (start numbers) these points."""
    table = live_table(round_table)
    names = [seat.player.name for seat in table.seats.select_related("player").order_by("position")]
    by_name = dict(zip(names, round_table.seats, strict=True))
    entry = {"points": {name: points_by_seat[by_name[name]] for name in names}}
    recorded = None
    for _ in range(times):
        recorded = table_services.round_record(Table.objects.get(pk=table.pk), entry)
    assert recorded is not None
    return recorded


def zero_sum(seats: Sequence[int], winner: int, stake: int = 10) -> dict[int, int]:
    """A Schafkopf hand the seat ``winner`` wins against the other three (a solo's tariff)."""
    return {seat: stake * (len(seats) - 1) if seat == winner else -stake for seat in seats}
