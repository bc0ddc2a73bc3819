"""What the app stores: players, tables with their seats, and each hand with its points per side.

The scoring itself lives in ``games.scoring``; a round keeps the entry exactly as it was entered,
so it can be re-scored, edited and exported, plus its points per side so totals are a database
aggregate.
"""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from games.scoring import GAMES, Game, TableSetup, Team


def game_choices() -> list[tuple[str, str]]:
    return [(key, game.name) for key, game in GAMES.items()]


class Player(models.Model):
    name = models.CharField(_("name"), max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), name="player_name_unique_ignoring_case"),
        ]

    def __str__(self) -> str:
        return self.name


class Table(models.Model):
    """One match: a game, its options as chosen, and who sits where."""

    # A callable, so adding a game to the registry needs no migration.
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    # The options as the table chose them; the effective options add the game's defaults.
    options = models.JSONField(default=dict, blank=True)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    winners = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["finished_at", "-updated_at"])]

    def __str__(self) -> str:
        return f"{self.get_game_display()} #{self.pk}"

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def setup(self) -> TableSetup:
        """The table as the scoring engine sees it. Uses prefetched seats when there are any."""
        prefetched = "seats" in getattr(self, "_prefetched_objects_cache", {})
        rows = self.seats.all() if prefetched else self.seats.select_related("player")
        seats = sorted(rows, key=lambda seat: seat.position)
        teams: dict[str, list[str]] = {}
        for seat in seats:
            if seat.team:
                teams.setdefault(seat.team, []).append(seat.player.name)
        return TableSetup(
            game=self.game,
            options=self.rules.resolve_options(self.options),
            players=tuple(seat.player.name for seat in seats),
            teams=tuple(Team(name, tuple(members)) for name, members in teams.items()),
        )


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    # Positions run in the direction of play, from 0.
    position = models.PositiveSmallIntegerField()
    team = models.CharField(max_length=90, blank=True)

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_seat_per_position"),
            models.UniqueConstraint(fields=["table", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.table} ({self.position})"

    @property
    def side(self) -> str:
        return self.team or self.player.name


class Round(models.Model):
    """One hand: the entry as entered and the breakdown the engine gave it."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField(help_text="The dealer's seat position.")
    entry = models.JSONField()
    breakdown = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_round_per_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.table} round {self.number}"


class RoundPoints(models.Model):
    """A side's points in one hand; a table's totals are the sum of these."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="points")
    side = models.CharField(max_length=90)
    points = models.IntegerField()

    class Meta:
        ordering = ["round", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "side"], name="one_score_per_side_and_round"),
        ]

    def __str__(self) -> str:
        return f"{self.side}: {self.points}"
