"""``manage.py club_owner`` and ``manage.py guests_remove``, and the services behind them."""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command, execute_from_command_line
from django.core.management.base import CommandError
from django.utils import timezone

from games.clubs import access as club_access
from games.clubs import services as club_services
from games.models import (
    Club,
    ClubChange,
    GuestAccount,
    League,
    Membership,
    Player,
    Role,
    Round,
    Seat,
    Table,
    TableChange,
)
from games.tables import services as table_services
from tests.factories import points_entry

pytestmark = pytest.mark.django_db

User = get_user_model()


def run(name: str, *args: str) -> str:
    out = io.StringIO()
    call_command(name, *args, stdout=out)
    return out.getvalue()


def refused(name: str, *args: str) -> str:
    """The command's message; it must fail with status 2."""
    with pytest.raises(CommandError) as error:
        call_command(name, *args, stdout=io.StringIO())
    assert error.value.returncode == 2
    return str(error.value)


def club_with_table(name: str) -> Club:
    """A club as the migration leaves one: records, and no members."""
    club = Club.objects.create(name=name)
    table = table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, points_entry(Ann=3, Bob=1))
    return club


def owners(club: Club) -> list[str]:
    return sorted(club.memberships.filter(role=Role.OWNER).values_list("user__username", flat=True))


# -- club_owner ---------------------------------------------------------------------------------


def test_club_owner_makes_the_account_owner_of_the_only_club() -> None:
    club = club_with_table("Our club")
    User.objects.create_user("ann", password="x")

    out = run("club_owner", "ann")

    assert f'"ann" now owns the club "Our club" ({club.public_id}).' in out
    assert owners(club) == ["ann"]
    change = ClubChange.objects.exclude(kind=ClubChange.Kind.TABLE_CREATED).get(club=club)
    assert (change.kind, change.subject, change.user, change.after) == (
        ClubChange.Kind.MEMBER_JOINED,
        "ann",
        None,
        {"role": "owner"},
    )


def test_club_owner_twice_leaves_one_membership() -> None:
    club = club_with_table("Our club")
    User.objects.create_user("ann", password="x")

    run("club_owner", "ann")
    out = run("club_owner", "ann")

    assert "already owns" in out
    assert Membership.objects.filter(club=club).count() == 1
    membership_changes = ClubChange.objects.exclude(kind=ClubChange.Kind.TABLE_CREATED)
    assert membership_changes.filter(club=club).count() == 1


def test_club_owner_raises_a_member_to_owner() -> None:
    club = club_with_table("Our club")
    ann = User.objects.create_user("ann", password="x")
    Membership.objects.create(club=club, user=ann, role=Role.VIEWER)

    run("club_owner", "ann")

    assert owners(club) == ["ann"]
    assert Membership.objects.filter(club=club).count() == 1
    change = ClubChange.objects.exclude(kind=ClubChange.Kind.TABLE_CREATED).get(club=club)
    assert (change.kind, change.user, change.before, change.after) == (
        ClubChange.Kind.ROLE_CHANGED,
        None,
        {"role": "viewer"},
        {"role": "owner"},
    )


def test_club_owner_with_several_clubs_lists_them_and_asks_for_club() -> None:
    ours = club_with_table("Our club")
    theirs = club_with_table("Thursday table")
    User.objects.create_user("ann", password="x")

    message = refused("club_owner", "ann")

    assert "--club" in message
    assert f"{ours.public_id}  Our club" in message
    assert f"{theirs.public_id}  Thursday table" in message
    assert not Membership.objects.exists()

    run("club_owner", "ann", "--club", theirs.public_id)
    assert owners(theirs) == ["ann"]
    assert owners(ours) == []


def test_club_owner_exits_with_status_2_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    club_with_table("Our club")
    club_with_table("Thursday table")
    User.objects.create_user("ann", password="x")

    with pytest.raises(SystemExit) as exit_:
        execute_from_command_line(["manage.py", "club_owner", "ann"])

    assert exit_.value.code == 2
    assert "Thursday table" in capsys.readouterr().err


def test_club_owner_refuses_an_unknown_club() -> None:
    club = club_with_table("Our club")
    User.objects.create_user("ann", password="x")

    message = refused("club_owner", "ann", "--club", "nosuchclub")

    assert 'no club "nosuchclub"' in message
    assert club.public_id in message
    assert not Membership.objects.exists()


def test_club_owner_with_no_club_says_so() -> None:
    User.objects.create_user("ann", password="x")

    assert "no club" in refused("club_owner", "ann")


def test_club_owner_without_create_refuses_a_missing_account() -> None:
    club_with_table("Our club")

    message = refused("club_owner", "nobody")

    assert '"nobody"' in message
    assert "createsuperuser" in message
    assert "--create" in message
    assert not User.objects.exists()
    assert not Membership.objects.exists()


def test_club_owner_create_takes_the_password_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club = club_with_table("Our club")
    monkeypatch.setenv("SCOREKEEPER_OWNER_PASSWORD", "tarocchi-at-nine")

    def no_prompt(prompt: str = "") -> str:
        raise AssertionError("asked for a password although the environment has one")

    monkeypatch.setattr("getpass.getpass", no_prompt)

    out = run("club_owner", "ann", "--create")

    assert 'Created the account "ann".' in out
    ann = User.objects.get(username="ann")
    assert ann.check_password("tarocchi-at-nine")
    assert owners(club) == ["ann"]

    # Again: the account exists, nothing changes.
    run("club_owner", "ann", "--create")
    assert User.objects.filter(username="ann").count() == 1
    assert Membership.objects.filter(club=club).count() == 1


def test_club_owner_create_keeps_an_existing_accounts_password(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club = club_with_table("Our club")
    User.objects.create_user("ann", password="the-old-one")
    monkeypatch.setenv("SCOREKEEPER_OWNER_PASSWORD", "tarocchi-at-nine")

    run("club_owner", "ann", "--create")

    assert User.objects.get(username="ann").check_password("the-old-one")
    assert owners(club) == ["ann"]


def prompts(monkeypatch: pytest.MonkeyPatch, *answers: str) -> list[str]:
    monkeypatch.delenv("SCOREKEEPER_OWNER_PASSWORD", raising=False)
    asked: list[str] = []
    replies = iter(answers)

    def getpass(prompt: str = "") -> str:
        asked.append(prompt)
        return next(replies)

    monkeypatch.setattr("getpass.getpass", getpass)
    return asked


def test_club_owner_create_asks_for_the_password_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    club = club_with_table("Our club")
    asked = prompts(monkeypatch, "briscola-1987", "briscola-1987")

    run("club_owner", "ann", "--create")

    assert len(asked) == 2
    assert User.objects.get(username="ann").check_password("briscola-1987")
    assert owners(club) == ["ann"]


@pytest.mark.parametrize(
    ("answers", "says"),
    [
        (("briscola-1987", "briscola-1988"), "differ"),
        (("", ""), "empty"),
        (("12345678", "12345678"), "refused"),
    ],
)
def test_club_owner_create_refuses_a_bad_password(
    monkeypatch: pytest.MonkeyPatch, answers: tuple[str, str], says: str
) -> None:
    club = club_with_table("Our club")
    prompts(monkeypatch, *answers)

    assert says in refused("club_owner", "ann", "--create")
    assert not User.objects.exists()
    assert not club.memberships.exists()


# -- guests_remove ------------------------------------------------------------------------------


def guest(days_ago: int) -> Any:
    """A guest account as a first visit makes one (with a club of its own, holding a table),
    last seen that many days ago."""
    user = club_access.guest_create()
    club = Club.objects.get(memberships__user=user)
    table = table_services.table_create(club=club, game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, points_entry(Ann=3, Bob=1), by=user)
    GuestAccount.objects.filter(user=user).update(
        last_seen=timezone.localdate() - timedelta(days=days_ago)
    )
    return user


def test_guests_remove_takes_an_old_guest_with_its_club_and_tables() -> None:
    old = guest(days_ago=401)
    club = Club.objects.get(memberships__user=old)

    assert run("guests_remove") == "Removed 1 guest account and 1 club.\n"

    assert not User.objects.filter(pk=old.pk).exists()
    assert not GuestAccount.objects.exists()
    assert not Club.objects.filter(pk=club.pk).exists()
    for model in (Membership, Table, Seat, Round, Player, League, ClubChange, TableChange):
        assert not model.objects.exists(), model


def test_guests_remove_keeps_a_recent_guest() -> None:
    recent = guest(days_ago=400)  # exactly N days is not older than N days
    club = Club.objects.get(memberships__user=recent)

    assert run("guests_remove") == "Removed 0 guest accounts and 0 clubs.\n"

    assert GuestAccount.objects.filter(user=recent).exists()
    assert owners(club) == [recent.username]
    assert Table.objects.filter(club=club).count() == 1


def test_guests_remove_days_option() -> None:
    guest(days_ago=31)
    guest(days_ago=29)

    assert run("guests_remove", "--days", "30") == "Removed 1 guest account and 1 club.\n"
    assert GuestAccount.objects.count() == 1
    assert "--days" in refused("guests_remove", "--days", "0")


def test_guests_remove_in_a_shared_club_promotes_the_longest_standing_member() -> None:
    old = guest(days_ago=500)
    shared = Club.objects.create(name="Thursday table")
    now = timezone.now()
    Membership.objects.create(club=shared, user=old, role=Role.OWNER, joined_at=now - timedelta(3))
    bea = User.objects.create_user("bea")
    cy = User.objects.create_user("cy")
    # Cy joined after Bea, though Cy holds the higher role: Bea has been there longest.
    Membership.objects.create(club=shared, user=cy, role=Role.SCORER, joined_at=now)
    Membership.objects.create(club=shared, user=bea, role=Role.VIEWER, joined_at=now - timedelta(2))
    table = table_services.table_create(club=shared, game="scopa", players=["Ann", "Bob"])
    table_services.round_record(table, points_entry(Ann=3, Bob=1), by=old)

    assert run("guests_remove") == "Removed 1 guest account and 1 club.\n"

    assert not User.objects.filter(pk=old.pk).exists()
    assert Club.objects.get() == shared  # the guest's own club went
    assert owners(shared) == ["bea"]
    assert Membership.objects.get(club=shared, user=cy).role == Role.SCORER
    assert Round.objects.filter(table=table).count() == 1
    assert TableChange.objects.get(table=table).user is None
    logged = [
        (change.kind, change.subject, change.user, change.before, change.after)
        for change in ClubChange.objects.filter(club=shared)
    ]
    assert logged[-2:] == [
        (ClubChange.Kind.MEMBER_REMOVED, old.username, None, {"role": "owner"}, None),
        (ClubChange.Kind.ROLE_CHANGED, "bea", None, {"role": "viewer"}, {"role": "owner"}),
    ]


def test_guests_remove_promotes_no_one_while_an_owner_stays() -> None:
    old = guest(days_ago=500)
    shared = Club.objects.create(name="Thursday table")
    Membership.objects.create(club=shared, user=old, role=Role.OWNER)
    bea = User.objects.create_user("bea")
    Membership.objects.create(club=shared, user=bea, role=Role.OWNER)
    cy = User.objects.create_user("cy")
    Membership.objects.create(
        club=shared, user=cy, role=Role.VIEWER, joined_at=timezone.now() - timedelta(30)
    )

    club_services.guests_remove(timezone.localdate())

    assert owners(shared) == ["bea"]
    assert Membership.objects.get(club=shared, user=cy).role == Role.VIEWER


def test_guests_remove_leaves_clubs_without_guests_alone() -> None:
    """The club the migration made has no members until club_owner runs: not a guest's."""
    ours = club_with_table("Our club")
    guest(days_ago=500)

    assert club_services.guests_remove(timezone.localdate()) == (1, 1)

    assert Club.objects.get() == ours
    assert Table.objects.filter(club=ours).count() == 1


def test_guests_remove_dry_run_changes_nothing() -> None:
    old = guest(days_ago=500)
    shared = Club.objects.create(name="Thursday table")
    Membership.objects.create(club=shared, user=old, role=Role.OWNER)
    Membership.objects.create(club=shared, user=User.objects.create_user("bea"), role=Role.VIEWER)
    before = {
        model.__name__: model.objects.count()
        for model in (User, GuestAccount, Club, Membership, Table, Round, ClubChange)
    }

    out = run("guests_remove", "--dry-run")

    assert out == "Would remove 1 guest account and 1 club (dry run: nothing was changed).\n"
    after = {
        model.__name__: model.objects.count()
        for model in (User, GuestAccount, Club, Membership, Table, Round, ClubChange)
    }
    assert after == before
    assert owners(shared) == [old.username]
