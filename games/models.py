"""What the app stores: players, tables with their seats, and each hand with its points per side.

The scoring itself lives in ``games.scoring``; a round keeps the entry exactly as it was entered,
so it can be re-scored, edited and exported, plus its points per side so totals are a database
aggregate.
"""

from __future__ import annotations

import base64
import secrets
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import connection, models
from django.db.models.expressions import RawSQL
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.scoring import GAMES, Game, GameState, TableSetup, Team
from games.scoring.options import CURRENCIES

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# The currencies a league may count its money in: those of the money games' currency option
# (games.formatting.CURRENCIES says how each is written). Marked in games.scoring.
CURRENCY_CHOICES = [(choice.value, _(choice.label)) for choice in CURRENCIES]


def game_choices() -> list[tuple[str, StrOrPromise]]:
    # The names are marked in games.scoring (which has no Django): translated when shown.
    return [(key, _(game.name)) for key, game in GAMES.items()]


def new_public_id() -> str:
    """A random id for URLs: 80 bits in 16 lower-case letters and digits, so an address can
    neither be guessed nor shift when other rows come and go."""
    return base64.b32encode(secrets.token_bytes(10)).decode().lower()


def new_link_token() -> str:
    """The secret of an invite or watch link: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_hand_token() -> str:
    """The token a new-hand form carries, so a save retried by a phone is stored once."""
    return secrets.token_urlsafe(16)


def token_given(column: str) -> str:
    """SQL: ``column`` (quoted, and qualified where it must be) holds a token, written as the
    partial unique index of each kind of token writes its condition (``~Q(<token>="")``: a
    blank one is no token, and many rows have it). A lookup by token names it so the database
    reads that index: SQLite takes a partial index only for a query that holds the same term,
    and PostgreSQL's generic plan for a statement psycopg has prepared cannot tell from
    ``token = $1`` that the token is not blank. Without it, such a lookup read every row it
    could not rule out by another index: every hand of the table, every table, every guest."""
    return f"NOT ({column} = '')"


def has_token(model: type[models.Model], field: str) -> RawSQL:
    """``token_given`` as a filter of ``model``'s rows by their ``field``."""
    q = connection.ops.quote_name
    column = f"{q(model._meta.db_table)}.{q(field)}"
    return RawSQL(token_given(column), (), output_field=models.BooleanField())


class Club(models.Model):
    """Who owns the records: a family, a Thursday table, a Stammtisch. Tables, players and
    leagues belong to one club, and only its members see them."""

    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    name = models.CharField(_("name"), max_length=60)
    created_at = models.DateTimeField(default=timezone.now)
    # In the trash: gone for its members (clubs.access leaves it out), restorable by its owners
    # until ``manage.py trash_purge`` deletes it for good (clubs.services.TRASH_DAYS).
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["name", "created_at"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    """What a member may do, each role including the ones below it."""

    VIEWER = "viewer", _("viewer")
    SCORER = "scorer", _("scorer")
    OWNER = "owner", _("owner")

    @property
    def rank(self) -> int:
        return list(Role).index(self)

    def allows(self, needed: Role) -> bool:
        return self.rank >= Role(needed).rank


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.SCORER)
    joined_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["club", "joined_at"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


class RemovedMember(models.Model):
    """An account an owner took out of the club: no invite link makes it a member again until
    an owner lets it back in, which restores the membership under its old public id and role.
    (A member who leaves on their own is not kept here: they may come back by any link.)"""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="removed_members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The removed membership's: the owner's "Let back in" addresses it, and gets it back.
    public_id = models.CharField(max_length=16, unique=True, editable=False)
    role = models.CharField(_("role"), max_length=10, choices=Role.choices)
    removed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    removed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_removal_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} removed from {self.club}"


class Invite(models.Model):
    """A link that makes whoever opens it a member of the club, until revoked or expired."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    token = models.CharField(max_length=32, unique=True, default=new_link_token, editable=False)
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.SCORER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["club", "-created_at"]

    def __str__(self) -> str:
        return f"invite to {self.club} as {self.role}"

    def is_open(self) -> bool:
        now = timezone.now()
        return self.revoked_at is None and (self.expires_at is None or self.expires_at > now)


class GuestAccount(models.Model):
    """Marks an account made silently for a first-time visitor (no password, no name asked).

    ``last_seen`` moves on at most once a day, so guests gone for long can be removed."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="guest"
    )
    created_at = models.DateTimeField(default=timezone.now)
    last_seen = models.DateField(default=timezone.localdate)
    # The token of the form whose post made the guest (a join form's): the same form posted
    # again without the session cookie the first answer set signs in to this guest rather
    # than making another.
    first_write_token = models.CharField(max_length=64, blank=True, default="", editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["first_write_token"],
                condition=~models.Q(first_write_token=""),
                name="one_guest_per_first_write_token",
            ),
        ]

    def __str__(self) -> str:
        return f"guest {self.user}"


class AccountSettings(models.Model):
    """What an account chose for itself and takes to every phone it signs in on: today the
    language of the pages (empty: the browser's or the phone's cookie decides)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="account_settings"
    )
    language = models.CharField(_("language"), max_length=8, blank=True, choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"settings of {self.user}"


class RateCounter(models.Model):
    """How often one key (a limited action and an account or an address) was used in one
    window of time; games.ratelimit counts here, in the database every app server shares."""

    key = models.CharField(max_length=150)
    # The window's start, in seconds since the epoch.
    window = models.BigIntegerField()
    count = models.PositiveIntegerField(default=0)
    # The window's end: a counter past it counts for nothing and is removed.
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "window"], name="ratecounter_key_window"),
        ]

    def __str__(self) -> str:
        return f"{self.key} @ {self.window}: {self.count}"


class ClubChange(models.Model):
    """The audit log of a club's writes outside a table's hands: leagues, seasons, members,
    invites and links. Who, when, what, and the before and after."""

    class Kind(models.TextChoices):
        CLUB_CREATED = "club-created", _("club created")
        CLUB_RENAMED = "club-renamed", _("club renamed")
        LEAGUE_CREATED = "league-created", _("league created")
        LEAGUE_EDITED = "league-edited", _("league changed")
        SEASON_CREATED = "season-created", _("season added")
        SEASON_DELETED = "season-deleted", _("season deleted")
        MEMBER_JOINED = "member-joined", _("member joined")
        ROLE_CHANGED = "role-changed", _("role changed")
        MEMBER_REMOVED = "member-removed", _("member removed")
        MEMBER_LET_BACK = "member-let-back", _("member let back in")
        INVITE_CREATED = "invite-created", _("invite link made")
        INVITE_REVOKED = "invite-revoked", _("invite link revoked")
        WATCH_LINK = "watch-link", _("watch link changed")
        TABLE_CREATED = "table-created", _("table started")
        TABLE_DELETED = "table-deleted", _("table deleted")
        TABLE_ABANDONED = "table-abandoned", _("table abandoned")
        TABLE_TAKEN_UP = "table-taken-up", _("table taken up again")
        TABLE_RESTORED = "table-restored", _("table restored")
        TABLE_PURGED = "table-purged", _("deleted table removed for good")
        CLUB_DELETED = "club-deleted", _("club deleted")
        CLUB_RESTORED = "club-restored", _("club restored")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    subject = models.CharField(max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    # The kinds a domain with models of its own logs here (a tournament's), each registered by
    # its app when it is ready: adding one needs no migration of this app.
    kinds_elsewhere: dict[str, StrOrPromise] = {}

    class Meta:
        ordering = ["club", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.club}: {self.kind} {self.subject}"

    def kind_label(self) -> StrOrPromise:
        """What happened, in the reader's language."""
        return ClubChange.kinds_elsewhere.get(self.kind) or self.get_kind_display()


class DeletedClub(models.Model):
    """That a club was deleted, by whom and when: its log goes with it, so this row, which
    nothing of the club's cascades to, keeps the fact for the accounts that were its members
    (their clubs list shows it)."""

    # The club's own public id and name, as they were.
    public_id = models.CharField(max_length=16, editable=False)
    name = models.CharField(_("name"), max_length=60)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    deleted_at = models.DateTimeField(default=timezone.now)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="+", blank=True)

    def __str__(self) -> str:
        return f"{self.name} deleted"


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    name = models.CharField(_("name"), max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                "club", Lower("name"), name="player_name_unique_in_club_ignoring_case"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class League(models.Model):
    """A club or family that keeps standings over years: the games it counts and its members.

    A table played for the league counts once it is finished; seasons are only date ranges
    over the league's tables, so a new season keeps all history.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="leagues")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    name = models.CharField(_("name"), max_length=60)
    # Game keys the league counts, in the registry's order.
    games = models.JSONField(_("games"), default=list)
    members = models.ManyToManyField(Player, related_name="leagues", blank=True)
    # The money of the league's tables played for money: a table takes it when it is started.
    currency = models.CharField(
        _("currency"), max_length=3, default="EUR", choices=CURRENCY_CHOICES
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by every edit: an edit form from before another phone's edit is refused (409).
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                "club", Lower("name"), name="league_name_unique_in_club_ignoring_case"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def game_names(self) -> list[str]:
        return [str(_(GAMES[key].name)) for key in self.games if key in GAMES]


class Season(models.Model):
    """A named date range of a league; a table counts for the season its game finished in."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
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


class LiveTables(models.Manager["Table"]):
    """The tables not in the trash. ``Table.objects`` and every relation's ``tables`` (a club's,
    a league's) read through it, so a deleted table is left out of every list, lookup and
    league without each query having to say so; ``Table.with_deleted`` sees the trash too."""

    def get_queryset(self) -> models.QuerySet[Table]:
        return super().get_queryset().filter(deleted_at__isnull=True)


class Table(models.Model):
    """One match: a game, its options as chosen, and who sits where."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tables")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    # The secret of the table's read-only watch link; empty while there is none.
    watch_token = models.CharField(max_length=32, blank=True, default="", editable=False)
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
    # Set aside unfinished: off the "In progress" list, counted nowhere, and taking no hands
    # until it is taken up again. Never finished at the same time (a constraint).
    abandoned_at = models.DateTimeField(null=True, blank=True)
    winners = models.JSONField(default=list, blank=True)
    # Kept with the result, so standings never read the hands.
    hands_played = models.PositiveIntegerField(default=0)
    # Bumped by every write to the table or its hands: a form carries the version it was
    # rendered at, and a write from an out-of-date form is refused instead of overwriting.
    version = models.PositiveIntegerField(default=0)
    # Where the hands left the game at ``version``: {"version", "hands", "totals",
    # "last_dealer"} (services.tally_of). A save at that version resumes from it rather than
    # read and replay every hand, where the game allows (Game.resume_state); at any other
    # version it is out of date and ignored, so a write that does not keep it up to date
    # costs the next save one replay, never a wrong total.
    tally = models.JSONField(null=True, blank=True, editable=False)
    # In the trash: left out everywhere (``LiveTables``) with its hands and log kept, so an
    # owner can restore it until ``manage.py trash_purge`` deletes it for good.
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    with_deleted = models.Manager()
    objects = LiveTables()

    class Meta:
        # Not the first manager declared: the default one, which a club's and a league's
        # ``tables`` read through, is the one that leaves the trash out.
        default_manager_name = "objects"
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["finished_at", "-updated_at"]),
            models.Index(fields=["league", "finished_at"]),
            models.Index(fields=["club", "finished_at", "-updated_at"]),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["watch_token"],
                condition=~models.Q(watch_token=""),
                name="one_table_per_watch_token",
            ),
            # What keeps an abandoned table out of standings and ratings, which count
            # finished tables only.
            models.CheckConstraint(
                condition=models.Q(abandoned_at__isnull=True) | models.Q(finished_at__isnull=True),
                name="abandoned_table_is_unfinished",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_game_display()} #{self.pk}"

    @property
    def rules(self) -> Game:
        return GAMES[self.game]

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def is_abandoned(self) -> bool:
        return self.abandoned_at is not None

    def winning_player_count(self) -> int:
        """How many players won, a side of two counting two: "Ann & Cy win!" agrees with it.
        Uses prefetched seats when there are any."""
        won = sum(1 for seat in self.seats.all() if (seat.team or seat.player.name) in self.winners)
        return max(won, len(self.winners))

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


def with_seats(tables: models.QuerySet[Table]) -> models.QuerySet[Table]:
    """The tables with their seats and players in seat order, in one more query for all of
    them (every list of tables shows who sat down)."""
    return tables.prefetch_related(
        models.Prefetch(
            "seats", queryset=Seat.objects.select_related("player").order_by("position")
        )
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

    # No index of its own: the unique (table, number) one starts with it and serves every read
    # by table (in order of number, too) and the cascade, and every saved hand wrote both.
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="rounds", db_index=False
    )
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    # The token of the form that recorded the hand: the same form sent twice stores it once.
    hand_token = models.CharField(max_length=64, blank=True, default="", editable=False)
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField(help_text="The dealer's seat position.")
    entry = models.JSONField()
    breakdown = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    # Set by services.round_record on the hand it returns: the points each side scored, so the
    # page that recorded it need not read them back.
    points_scored: dict[str, int] | None = None
    # Set with it: the game's state after this hand, as the write path worked it out.
    state_after: GameState | None = None

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

    # No index of its own: the unique (round, side) one starts with it (as Round.table).
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="points", db_index=False
    )
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
        RESTORED = "restored", _("hand restored")
        ABANDONED = "abandoned", _("table abandoned")
        TAKEN_UP = "taken-up", _("table taken up again")

    # No index of its own: the unique (table, version) one starts with it (as Round.table).
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="changes", db_index=False
    )
    # Who made the change; empty for changes made before accounts, or by a removed account.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
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
