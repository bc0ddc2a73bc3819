"""What the app stores: players, tables with their seats, and each hand with its points per side.

The scoring itself lives in ``games.scoring``; a round keeps the entry exactly as it was entered,
so it can be re-scored, edited and exported, plus its points per side so totals are a database
aggregate.
"""

from __future__ import annotations

import base64
import secrets

from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.scoring import GAMES, Game, TableSetup, Team


def game_choices() -> list[tuple[str, str]]:
    return [(key, game.name) for key, game in GAMES.items()]


def new_public_id() -> str:
    """A random id for URLs: 80 bits in 16 lower-case letters and digits, so an address can
    neither be guessed nor shift when other rows come and go."""
    return base64.b32encode(secrets.token_bytes(10)).decode().lower()


def new_hand_token() -> str:
    """The token a new-hand form carries, so a save retried by a phone is stored once."""
    return secrets.token_urlsafe(16)


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


class League(models.Model):
    """A club or family that keeps standings over years: the games it counts and its members.

    A table played for the league counts once it is finished; seasons are only date ranges
    over the league's tables, so a new season keeps all history.
    """

    name = models.CharField(_("name"), max_length=60)
    # Game keys the league counts, in the registry's order.
    games = models.JSONField(_("games"), default=list)
    members = models.ManyToManyField(Player, related_name="leagues", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(Lower("name"), name="league_name_unique_ignoring_case"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def game_names(self) -> list[str]:
        return [str(GAMES[key].name) for key in self.games if key in GAMES]


class Season(models.Model):
    """A named date range of a league; a table counts for the season its game finished in."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=60)
    starts_on = models.DateField(_("starts on"))
    ends_on = models.DateField(_("ends on"))

    class Meta:
        ordering = ["league", "-starts_on"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_it_starts",
            ),
            models.UniqueConstraint(
                "league", Lower("name"), name="one_season_per_name_ignoring_case"
            ),
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
    league = models.ForeignKey(
        League, on_delete=models.SET_NULL, null=True, blank=True, related_name="tables"
    )
    # A default rather than auto_now_add, so imported and demo tables keep their own dates.
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    winners = models.JSONField(default=list, blank=True)
    # Kept with the result, so standings never read the hands.
    hands_played = models.PositiveIntegerField(default=0)
    # Bumped by every write to the table or its hands: a form carries the version it was
    # rendered at, and a write from an out-of-date form is refused instead of overwriting.
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["finished_at", "-updated_at"]),
            models.Index(fields=["league", "finished_at"]),
        ]

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
    # The seat's result once the table is finished (all empty before): its side's total and
    # finishing place, whether the side won, and whether the player went out (Ciapanò).
    total = models.BigIntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    won = models.BooleanField(default=False)
    eliminated = models.BooleanField(default=False)
    # The side's total minus the best other side's, and the money won or lost where the table
    # played for money (in cents of ``currency``): standings sum them in the database.
    margin = models.BigIntegerField(null=True, blank=True)
    money_cents = models.BigIntegerField(null=True, blank=True)
    currency = models.CharField(max_length=3, blank=True)

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
    """One hand: the entry as entered and the breakdown the engine gave it.

    A hand is addressed by ``public_id``, which never changes; ``number`` is its place in the
    table's order, for display, and closes up when an earlier hand is deleted.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    # The token of the form that recorded the hand: the same form sent twice stores it once.
    hand_token = models.CharField(max_length=64, blank=True, default="", editable=False)
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
            models.UniqueConstraint(
                fields=["table", "hand_token"],
                condition=~models.Q(hand_token=""),
                name="one_round_per_token",
            ),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.table} round {self.number}"


class RoundPoints(models.Model):
    """A side's points in one hand; a table's totals are the sum of these."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="points")
    side = models.CharField(max_length=90)
    points = models.BigIntegerField()

    class Meta:
        ordering = ["round", "id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "side"], name="one_score_per_side_and_round"),
        ]

    def __str__(self) -> str:
        return f"{self.side}: {self.points}"


class Rating(models.Model):
    """A player's skill after one finished league table, in one scope: one game, or all of the
    league's games together (``scope`` empty). The rows of a scope replay the league's tables in
    the order they finished, so the latest row is the current rating."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="ratings")
    scope = models.CharField(max_length=20, blank=True)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    # The table's finished_at, kept here so the latest rating per player is one indexed read.
    finished_at = models.DateTimeField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        ordering = ["league", "scope", "finished_at", "table_id"]
        indexes = [
            models.Index(fields=["league", "scope", "finished_at"]),
            models.Index(fields=["player", "scope", "finished_at"]),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "scope", "table", "player"], name="one_rating_per_table"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.mu:.1f} ± {self.sigma:.1f}"


class TableChange(models.Model):
    """One write to a table, as the audit log keeps it: what happened, at which version, and
    the hand before and after. A form out of date is told what changed since its version."""

    class Kind(models.TextChoices):
        RECORDED = "recorded", _("hand recorded")
        EDITED = "edited", _("hand edited")
        DELETED = "deleted", _("hand deleted")
        STOPPED = "stopped", _("evening ended")
        RESUMED = "resumed", _("evening taken up again")
        IMPORTED = "imported", _("table imported")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
    # The table's version after this change.
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices)
    # The hand concerned, by its public id (kept after the hand is deleted) and its number then.
    hand_id = models.CharField(max_length=16, blank=True)
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    # The hand as it was and as it became: entry, points per side, dealer, token.
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["table", "version"]
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="one_change_per_version"),
        ]

    def __str__(self) -> str:
        return f"{self.table} v{self.version}: {self.kind}"
