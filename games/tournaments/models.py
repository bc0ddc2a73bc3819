"""What a tournament stores: the event, its entrants, its rounds and each round's tables.

A round table scores on an ordinary live ``games.Table`` (every guarantee a table has comes
with it); the tournament keeps only who sat where, by start number, and a result the director
entered by hand. Standings are never stored: they are read from the tables' hands, so a
correction to any hand moves them."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import (
    Club,
    League,
    Player,
    Table,
    game_choices,
    new_link_token,
    new_public_id,
)


class Pairing(models.TextChoices):
    """How a later round is seated: groups that avoid meeting again (Schafkopf, Ciapanò,
    Swoops), or Swiss pairing with no rematch (one against one, and pairs)."""

    GROUPS = "groups", _("tables that avoid meeting again")
    SWISS = "swiss", _("Swiss pairing")


class Partners(models.TextChoices):
    """Pair against pair: pairs that enter together and keep their partners, or individuals
    drawn into pairs afresh each round (Scopone, Briscola: NOTES.md section 2, [I7, I8])."""

    FIXED = "fixed", _("fixed pairs, entered together")
    DRAWN = "drawn", _("drawn each round")


class TieBreak(models.TextChoices):
    """What ranks entrants equal on points (Swiss: on match points, Buchholz and point
    difference), as the tournament's rules name it before the start [F5]: nothing (they share a
    place, as SchafkopfTurnier ranks [R1]), the Soli won (Schafkopf: points, then Soli [R1]),
    then lots [P3], or lots alone ("decided by lot for all places" [P3])."""

    SHARE = "share", _("equal entrants share a place")
    SOLI = "soli", _("then the most Soli won")
    SOLI_LOT = "soli-lot", _("then the most Soli won, then lots")
    LOT = "lot", _("then lots")


class Status(models.TextChoices):
    ENTRY = "entry", _("taking entries")
    PLAYING = "playing", _("playing")
    FINISHED = "finished", _("finished")


class Tournament(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    # The secret of the big screen's watch link (no sign-in).
    watch_token = models.CharField(
        max_length=32, unique=True, default=new_link_token, editable=False
    )
    name = models.CharField(_("name"), max_length=60)
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    pairing = models.CharField(max_length=10, choices=Pairing.choices, default=Pairing.GROUPS)
    # Pair against pair: fixed pairs, or partners drawn each round.
    partners = models.CharField(max_length=10, choices=Partners.choices, default=Partners.FIXED)
    # What ranks entrants equal on points.
    tie_break = models.CharField(max_length=10, choices=TieBreak.choices, default=TieBreak.SHARE)
    # Players per table (Swiss: two sides, so 2 for one against one, 4 for pairs).
    table_size = models.PositiveSmallIntegerField(default=4)
    rounds_planned = models.PositiveSmallIntegerField(default=2)
    # Games each table plays in a round (Schafkopf: 24, 32 or 48); None: the game to its end.
    games_per_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Keep apart at the tables those whose start numbers follow each other, who came in together
    # (SchafkopfTurnier's draw does).
    keep_neighbours_apart = models.BooleanField(default=False)
    # Most entrants taken; None: no cap.
    cap = models.PositiveSmallIntegerField(null=True, blank=True)
    # The match points a Swiss bye gives: a win's (1) unless the rules say otherwise (FIDE
    # C.04.1), or a draw's (0.5).
    bye_points = models.FloatField(default=1.0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTRY)
    # A league of the club its tables count in (optional).
    league = models.ForeignKey(
        League, on_delete=models.SET_NULL, null=True, blank=True, related_name="tournaments"
    )
    # The prizes by place, first place first, as the director named them.
    prizes = models.JSONField(default=list, blank=True)
    # Bumped by every write to the tournament, its entrants and rounds: a form out of date
    # is refused (409) rather than overwriting.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def in_pairs(self) -> bool:
        """Whether each entrant is a pair of partners (Swiss pairing at tables of four, the
        pairs fixed)."""
        return self.pair_against_pair and self.partners == Partners.FIXED

    @property
    def partners_drawn(self) -> bool:
        """Whether each entrant plays alone and is drawn a partner each round."""
        return self.pair_against_pair and self.partners == Partners.DRAWN

    @property
    def by_soli(self) -> bool:
        return self.tie_break in (TieBreak.SOLI, TieBreak.SOLI_LOT)

    @property
    def by_lot(self) -> bool:
        return self.tie_break in (TieBreak.SOLI_LOT, TieBreak.LOT)

    @property
    def pair_against_pair(self) -> bool:
        return self.pairing == Pairing.SWISS and self.table_size == 4


class Entrant(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    # Given on entry and never changed: the draw, the lists and the standings name it.
    number = models.PositiveSmallIntegerField()
    # A pair's is its two players' ("Ann & Cy"), as its team is named at the table.
    name = models.CharField(_("name"), max_length=90)
    # The club's player the entrant scores as at the tables (made from the name at the door).
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    # A pair's second player, who sits opposite the first (Scopone, Briscola in pairs).
    partner = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="partner_entries"
    )
    # The token of the entry form that added the entrant: the same form sent again (a phone
    # retrying the post) adds one entrant.
    entry_token = models.CharField(max_length=64, blank=True, default="", editable=False)
    # Drawn no more from this round on; None while still playing.
    dropped_from_round = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="one_entrant_per_start_number"
            ),
            models.UniqueConstraint(
                "tournament", Lower("name"), name="entrant_name_unique_in_tournament"
            ),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="start_number_from_1"),
            models.UniqueConstraint(
                fields=["tournament", "entry_token"],
                condition=~models.Q(entry_token=""),
                name="one_entrant_per_entry_token",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"


class TournamentRound(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        CLOSED = "closed", _("closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    # Its address: no URL path holds a sequential number, a round's included.
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    number = models.PositiveSmallIntegerField()
    # The draw's seed, recorded so anyone can draw the round again and check it was fair.
    seed = models.CharField(max_length=64)
    # Start numbers that sit this round out (a Swiss bye).
    byes = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    drawn_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            # What makes two directors drawing the same round at once draw it once.
            models.UniqueConstraint(
                fields=["tournament", "number"], name="one_tournament_round_per_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class RoundTable(models.Model):
    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="tables")
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)
    number = models.PositiveSmallIntegerField()
    # Start numbers in seat order.
    seats = models.JSONField(default=list)
    # A table of five where the dealer sits out each game.
    sitting_out_each_game = models.BooleanField(default=False)
    # The live table it scores on; kept if the table goes to the trash.
    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, null=True, blank=True, related_name="tournament_tables"
    )
    # The secret of the link that lets the players at this table, for this round only, score it.
    link_token = models.CharField(
        max_length=32, unique=True, default=new_link_token, editable=False
    )
    # Points by start number ({"7": 12, ...}), entered by the director when the table could not
    # finish; with the reason, which the club's log keeps too.
    manual_result = models.JSONField(null=True, blank=True)
    manual_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_round_table_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class LogKind(models.TextChoices):
    """What a tournament's writes are called in the club's log (``ClubChange.kind``, which
    takes any key of twenty characters: these are the tournament's own, so adding one needs no
    migration of the ``games`` app)."""

    CREATED = "tournament-created", _("tournament created")
    ENTRANT_ADDED = "entrant-added", _("entrant added")
    ENTRANT_DROPPED = "entrant-dropped", _("entrant dropped out")
    ROUND_DRAWN = "round-drawn", _("round drawn")
    RESULT_BY_HAND = "result-by-hand", _("table result entered by hand")
    ROUND_CLOSED = "round-closed", _("round closed")
    FINISHED = "tournament-finished", _("tournament finished")
