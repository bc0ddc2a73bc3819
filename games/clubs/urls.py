"""A club's addresses, by its random public id; an invite's by its secret token. Named in the
``games`` namespace (``games/urls.py`` includes them)."""

from django.urls import path

from games.clubs import views

urlpatterns = [
    path("clubs/", views.club_list, name="clubs"),
    path("clubs/<slug:club>/", views.club_detail, name="club"),
    path("clubs/<slug:club>/delete/", views.club_delete, name="club_delete"),
    path("clubs/<slug:club>/restore/", views.club_restore, name="club_restore"),
    path("clubs/<slug:club>/invites/", views.invite_create, name="invite_create"),
    path(
        "clubs/<slug:club>/invites/<slug:invite>/revoke/",
        views.invite_revoke,
        name="invite_revoke",
    ),
    path("clubs/<slug:club>/members/<slug:member>/", views.member_update, name="member"),
    path("join/<slug:token>/", views.join, name="join"),
]
