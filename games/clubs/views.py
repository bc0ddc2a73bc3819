"""Clubs and accounts: members and roles, invite links, joining, and keeping a guest's games.

A visitor is never asked to sign up: the first table makes a guest account silently. "Keep my
games on other phones" gives that account a name and a password; signing in, out and changing
the password are Django's own views.
"""

from __future__ import annotations

import datetime
import math
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from games import ratelimit
from games.clubs import access, selectors, services, signin
from games.clubs.forms import readable
from games.http import HtmxHttpRequest, acting_user
from games.models import Club, Role
from games.problems import CONFLICT, UNPROCESSABLE, problem_text
from games.scoring import EntryError


class ClubNameForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Club name"), max_length=60, validators=[readable])


class InviteForm(forms.Form):
    role = forms.ChoiceField(
        label=gettext_lazy("They join as"),
        choices=[(Role.SCORER, Role.SCORER.label), (Role.VIEWER, Role.VIEWER.label)],
        initial=Role.SCORER,
    )
    days = forms.IntegerField(
        label=gettext_lazy("Works for (days)"),
        required=False,
        min_value=1,
        max_value=365,
        help_text=gettext_lazy("Empty: until you revoke it."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


# -- clubs --------------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def club_list(request: HtmxHttpRequest) -> HttpResponse:
    """The account's clubs and its role in each; a new club."""
    form = ClubNameForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid():
        try:
            ratelimit.check(request, "club")
            user = access.account_for_write(request)
        except ratelimit.RateLimited as error:
            refused = error
        else:
            club = access.club_create(user, form.cleaned_data["name"].strip())
            return redirect("games:club", club=club.public_id)
    if refused is not None:
        context = _club_list_context(request, form)
        return ratelimit.refused_form(request, "clubs/club_list.html", context, refused)
    return _render_club_list(request, form, UNPROCESSABLE if form.is_bound else 200)


def _club_list_context(request: HtmxHttpRequest, form: ClubNameForm) -> dict[str, object]:
    return {
        "memberships": selectors.memberships_of(request.user),
        "trash": selectors.clubs_in_trash(request.user),
        "trash_days": services.TRASH_DAYS,
        "deleted": selectors.clubs_deleted_for(request.user),
        "form": form,
    }


def _render_club_list(request: HtmxHttpRequest, form: ClubNameForm, status: int) -> HttpResponse:
    context = _club_list_context(request, form)
    return render(request, "clubs/club_list.html", context, status=status)


@require_http_methods(["GET", "POST"])
def club_detail(request: HtmxHttpRequest, club: str) -> HttpResponse:
    """Members, invite links and the club's log; an owner renames the club here."""
    found = access.club_for(request, club, Role.OWNER if request.method == "POST" else Role.VIEWER)
    role = access.role_in(request.user, found.pk)
    form = ClubNameForm(request.POST or None, initial={"name": found.name})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.club_rename(found, form.cleaned_data["name"], by=acting_user(request))
            except EntryError as error:
                form.add_error("name", problem_text(error.problems[0]))
            else:
                messages.success(request, _("Club renamed."))
                return redirect("games:club", club=club)
        status = UNPROCESSABLE
    return _render_club(request, found, role, form, InviteForm(), status)


def _render_club(
    request: HtmxHttpRequest,
    club: Club,
    role: Role | None,
    form: ClubNameForm,
    invite_form: InviteForm,
    status: int = 200,
    refused: ratelimit.RateLimited | None = None,
) -> HttpResponse:
    is_owner = role == Role.OWNER
    invites = []
    if is_owner:
        for invite in selectors.club_open_invites(club):
            url = request.build_absolute_uri(reverse("games:join", kwargs={"token": invite.token}))
            invites.append({"invite": invite, "url": url})
    context = {
        "club": club,
        "role": role,
        "is_owner": is_owner,
        "form": form,
        "invite_form": invite_form,
        "members": selectors.club_members(club),
        "removed": selectors.club_removed_members(club) if is_owner else [],
        "invites": invites,
        "log": selectors.club_log_latest(club),
        "trash": selectors.tables_in_trash(club) if is_owner else [],
        "trash_days": services.TRASH_DAYS,
        "roles": Role.choices,
    }
    if refused is not None:
        return ratelimit.refused_form(request, "clubs/club_detail.html", context, refused)
    return render(request, "clubs/club_detail.html", context, status=status)


@require_POST
def invite_create(request: HtmxHttpRequest, club: str) -> HttpResponse:
    found = access.club_for(request, club, Role.OWNER)
    form = InviteForm(request.POST)
    refused = None
    if form.is_valid():
        try:
            ratelimit.check(request, "invite")
        except ratelimit.RateLimited as error:
            refused = error
    if refused is not None or not form.is_valid():
        role = access.role_in(request.user, found.pk)
        name_form = ClubNameForm(initial={"name": found.name})
        return _render_club(request, found, role, name_form, form, UNPROCESSABLE, refused)
    days = form.cleaned_data.get("days")
    expires = timezone.now() + datetime.timedelta(days=days) if days else None
    services.invite_create(
        found, role=form.cleaned_data["role"], expires_at=expires, by=acting_user(request)
    )
    messages.success(request, _("Invite link made. Share it, or let them scan the code."))
    return redirect(reverse("games:club", kwargs={"club": club}) + "#invites")


@require_POST
def invite_revoke(request: HtmxHttpRequest, club: str, invite: str) -> HttpResponse:
    found = access.club_for(request, club, Role.OWNER)
    link = selectors.club_invite(found, invite)
    if link is None:
        raise Http404
    services.invite_revoke(link, by=acting_user(request))
    messages.success(request, _("Invite link revoked: it no longer works."))
    return redirect(reverse("games:club", kwargs={"club": club}) + "#invites")


@require_POST
def member_update(request: HtmxHttpRequest, club: str, member: str) -> HttpResponse:
    """An owner changes a member's role, removes them or lets a removed one back in; any
    member may leave."""
    found = access.club_for(request, club)
    if request.POST.get("let_back"):
        return _member_let_back(request, found, member)
    membership = selectors.club_member(found, member)
    if membership is None:
        raise Http404
    leaving = membership.user_id == request.user.pk and request.POST.get("remove")
    if not leaving:
        access.check_role(request.user, found.pk, Role.OWNER)
    try:
        if request.POST.get("remove"):
            services.member_remove(membership, by=acting_user(request))
        else:
            role = request.POST.get("role", "")
            if role not in Role.values:
                messages.error(request, _("Choose a role from the list."))
                return redirect("games:club", club=club)
            services.member_set_role(membership, role, by=acting_user(request))
    except EntryError as error:
        messages.error(request, problem_text(error.problems[0]))
        return redirect("games:club", club=club)
    if leaving:
        messages.success(request, _("You left %(club)s.") % {"club": found.name})
        return redirect("games:home")
    messages.success(request, _("Member changed."))
    return redirect("games:club", club=club)


def _member_let_back(request: HtmxHttpRequest, club: Club, member: str) -> HttpResponse:
    """An owner lets a removed member back in: a member again at once, as before. A second
    tap finds them back and changes nothing."""
    access.check_role(request.user, club.pk, Role.OWNER)
    removed = selectors.club_removed_member(club, member)
    if removed is None:
        if selectors.club_member(club, member) is None:
            raise Http404
        messages.info(request, _("They are a member again already."))
    else:
        services.member_let_back(removed, by=acting_user(request))
        messages.success(request, _("Let back in: they are a member again, as before."))
    return redirect(reverse("games:club", kwargs={"club": club.public_id}) + "#members")


@require_POST
def club_delete(request: HtmxHttpRequest, club: str) -> HttpResponse:
    """Delete the club with every table, player and league in it; the owner types its name."""
    found = access.club_for(request, club, Role.OWNER)
    if request.POST.get("confirm", "").strip() != found.name:
        messages.error(request, _("Type the club's name to delete it."))
        return redirect(reverse("games:club", kwargs={"club": club}) + "#delete")
    name = found.name
    services.club_delete(found, by=acting_user(request))
    access.forget_roles(request.user)
    messages.success(
        request,
        _("%(club)s was deleted. Its owners can restore it from the list of clubs.")
        % {"club": name},
    )
    return redirect("games:home")


@require_POST
def club_restore(request: HtmxHttpRequest, club: str) -> HttpResponse:
    """Take a deleted club out of the trash (its owners only), as it was."""
    found = access.club_to_restore_for(request, club)
    try:
        services.club_restore(
            found, listed=request.POST.get("deleted") or None, by=acting_user(request)
        )
    except services.TrashStale:
        messages.error(
            request,
            _("%(club)s was restored and deleted again meanwhile; look again before restoring it.")
            % {"club": found.name},
        )
        return _render_club_list(request, ClubNameForm(), CONFLICT)
    access.forget_roles(request.user)
    messages.success(request, _("%(club)s was restored.") % {"club": found.name})
    return redirect("games:club", club=club)


def club_page_stale(request: HtmxHttpRequest, club: Club, message: str) -> HttpResponse:
    """The club's page with ``message``, answering 409: a restore from its trash came after
    another change to what it named."""
    messages.error(request, message)
    role = access.role_in(request.user, club.pk)
    return _render_club(
        request, club, role, ClubNameForm(initial={"name": club.name}), InviteForm(), CONFLICT
    )


# -- invite and watch links ---------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def join(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """An invite link: says which club and role, and joins on the button (a guest account is
    made if the visitor has none)."""
    invite = selectors.invite_by_token(token)
    if invite is None or not invite.is_open():
        return render(request, "clubs/join.html", {"invite": None}, status=404)
    if request.method == "POST":
        user = access.account_for_write(request, token=request.POST.get("first_write_token", ""))
        try:
            services.club_join(invite, user)
        except EntryError as error:
            context = {"invite": invite, "refusal": problem_text(error.problems[0])}
            return render(request, "clubs/join.html", context, status=403)
        access.forget_roles(user)
        messages.success(request, _("Welcome to %(club)s.") % {"club": invite.club.name})
        return redirect("games:home")
    if selectors.is_removed_from(invite.club_id, request.user):
        context = {"invite": invite, "refusal": _(services.REMOVED_FROM_CLUB)}
        return render(request, "clubs/join.html", context, status=403)
    context = {
        "invite": invite,
        "role": access.role_in(request.user, invite.club_id),
        # Made with the page: the same form tapped twice makes one guest (account_for_write).
        "first_write_token": access.new_first_write_token(),
    }
    return render(request, "clubs/join.html", context)


# -- accounts -----------------------------------------------------------------------------------


# Generic only in django-stubs: UserCreationForm[User] would fail at runtime.
class KeepGamesForm(UserCreationForm):  # type: ignore[type-arg]
    """A name and a password for a guest account, so its games follow it to other phones."""

    email = forms.EmailField(
        label=gettext_lazy("Email (optional)"),
        required=False,
        help_text=gettext_lazy("Kept with your account; nobody else sees it."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


@require_http_methods(["GET", "POST"])
def keep_games(request: HtmxHttpRequest) -> HttpResponse:
    """Turn the guest account into a full one: the same clubs and tables, now with a name and
    a password, to sign in on other phones."""
    if not access.is_guest(request.user):
        if request.user.is_authenticated:
            messages.info(request, _("Your account already has a password."))
        return redirect("games:home" if request.user.is_authenticated else "login")
    user = request.user
    assert isinstance(user, User)
    form = KeepGamesForm(request.POST or None, instance=user)
    if request.method == "POST" and form.is_valid():
        services.guest_keep(
            user,
            username=form.cleaned_data["username"],
            email=form.cleaned_data.get("email") or "",
            password=form.cleaned_data["password1"],
        )
        update_session_auth_hash(request, user)
        request.session.pop(access.GUEST_SESSION_KEY, None)
        messages.success(
            request,
            _("Saved. Sign in as %(name)s on your other phones.") % {"name": user.get_username()},
        )
        response = redirect("games:home")
        # The phone that named the account is its owner's: no stranger's wrong passwords
        # pause it.
        signin.remember(request, response, user.get_username())
        return response
    if not form.is_bound:
        form.initial["username"] = ""
    status = UNPROCESSABLE if form.is_bound else 200
    return render(request, "registration/keep_games.html", {"form": form}, status=status)


class LoginView(auth_views.LoginView):
    """Django's sign-in; a guest who signs in brings the guest account's clubs along, so
    nothing started before signing in is lost. Besides django-axes' pause per name and
    address, an address with too many wrong passwords across names is paused, and a browser
    that signed in with a name before is exempt from both (games.clubs.signin)."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        username = request.POST.get("username", "")
        wait = signin.paused(request, username)
        if wait:
            # An unbound form: a bound one would check the password as soon as the page asks
            # for its errors. The name typed stays in it.
            form = self.get_form_class()(request, initial={"username": username})
            context = self.get_context_data(form=form, paused_minutes=math.ceil(wait / 60))
            response = self.render_to_response(context, status=ratelimit.TOO_MANY_REQUESTS)
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        if form.has_error(NON_FIELD_ERRORS, "invalid_login"):
            signin.failed(self.request, form.data.get("username"))
        return super().form_invalid(form)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        guest = acting_user(self.request) if access.is_guest(self.request.user) else None
        response = super().form_valid(form)
        user = acting_user(self.request)
        if guest is not None and user is not None and guest.pk != user.pk:
            services.guest_merge(guest, user)
        username = form.get_user().get_username()
        signin.succeeded(self.request, username)
        signin.remember(self.request, response, username)
        return response


def locked_out(
    # django-axes calls this with what it has; its arguments are not typed.
    request: HtmxHttpRequest,
    original_response: Any = None,
    credentials: Any = None,
) -> HttpResponse:
    """django-axes' answer once a name has failed to sign in too often from one address
    (settings.AXES_LOCKOUT_CALLABLE): 429, a page saying for how long."""
    cool_off = settings.AXES_COOLOFF_TIME
    minutes = math.ceil(cool_off.total_seconds() / 60) if cool_off else 0
    context = {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    return render(request, "registration/lockout.html", context, status=ratelimit.TOO_MANY_REQUESTS)
