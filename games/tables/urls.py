"""A table's addresses, by its random public id (a hand's by its own, which never changes: a
number shifts when an earlier hand is deleted); a watch link's by its secret token. Named in
the ``games`` namespace (``games/urls.py`` includes them)."""

from django.urls import path

from games.tables import hand_views, offline_views, table_views, views, watch_views

urlpatterns = [
    path("", table_views.home, name="home"),
    path("tables/new/", table_views.table_new, name="table_new"),
    path("tables/import/", table_views.table_import, name="table_import"),
    path(
        "tables/blank/<slug:game>/<int:players>-players/",
        offline_views.table_blank,
        name="table_blank",
    ),
    path("tables/<slug:table>/", views.table, name="table"),
    path("tables/<slug:table>/scoresheet.json", views.table_export, name="table_export"),
    path("tables/<slug:table>/big/", watch_views.table_big, name="table_big"),
    path("tables/<slug:table>/changes/", hand_views.table_changes, name="table_changes"),
    path("tables/<slug:table>/delete/", table_views.table_delete, name="table_delete"),
    path("tables/<slug:table>/restore/", table_views.table_restore, name="table_restore"),
    path("tables/<slug:table>/watch-link/", table_views.table_watch_link, name="table_watch_link"),
    path("tables/<slug:table>/abandon/", table_views.table_abandon, name="table_abandon"),
    path("tables/<slug:table>/take-up/", table_views.table_take_up, name="table_take_up"),
    path("tables/<slug:table>/hands/<slug:hand>/", hand_views.round_edit, name="round_edit"),
    path(
        "tables/<slug:table>/hands/<slug:hand>/delete/",
        hand_views.round_delete,
        name="round_delete",
    ),
    path(
        "tables/<slug:table>/hands/<slug:hand>/restore/",
        hand_views.round_restore,
        name="round_restore",
    ),
    path("tables/<slug:table>/stop/", table_views.table_stop, name="table_stop"),
    path("tables/<slug:table>/resume/", table_views.table_resume, name="table_resume"),
    path("watch/<slug:token>/", watch_views.table_watch, name="table_watch"),
    path("watch/<slug:token>/big/", watch_views.table_watch_big, name="table_watch_big"),
    path("archives/restore/", table_views.club_archive_restore, name="club_archive_restore"),
    path("clubs/<slug:club>/archive.jsonl.gz", table_views.club_archive, name="club_archive"),
    path(
        "clubs/<slug:club>/scoresheets.json",
        table_views.scoresheets_json,
        name="scoresheets_json",
    ),
]
