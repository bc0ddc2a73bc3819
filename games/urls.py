from django.urls import path

from games import abandon_views, club_views, league_views, settlement_views, views

app_name = "games"

# Every club's record is addressed by a random public id, never a sequential number: an
# address can be neither guessed nor walked. Invite and watch links carry a secret token.
urlpatterns = [
    path("", views.home, name="home"),
    path("tables/new/", views.table_new, name="table_new"),
    path("tables/import/", views.table_import, name="table_import"),
    path("tables/<slug:table>/", views.table_detail, name="table"),
    path("tables/<slug:table>/scoresheet.json", views.table_export, name="table_export"),
    path("tables/<slug:table>/big/", views.table_big, name="table_big"),
    path("tables/<slug:table>/changes/", views.table_changes, name="table_changes"),
    path("tables/<slug:table>/delete/", views.table_delete, name="table_delete"),
    path("tables/<slug:table>/watch-link/", views.table_watch_link, name="table_watch_link"),
    path("tables/<slug:table>/abandon/", abandon_views.table_abandon, name="table_abandon"),
    path("tables/<slug:table>/take-up/", abandon_views.table_take_up, name="table_take_up"),
    # Hands by their id, which never changes: a number shifts when an earlier hand is deleted.
    path("tables/<slug:table>/hands/<slug:hand>/", views.round_edit, name="round_edit"),
    path("tables/<slug:table>/hands/<slug:hand>/delete/", views.round_delete, name="round_delete"),
    path(
        "tables/<slug:table>/hands/<slug:hand>/restore/", views.round_restore, name="round_restore"
    ),
    path("tables/<slug:table>/stop/", league_views.table_stop, name="table_stop"),
    path("tables/<slug:table>/resume/", league_views.table_resume, name="table_resume"),
    path("watch/<slug:token>/", views.table_watch, name="table_watch"),
    path("watch/<slug:token>/big/", views.table_watch_big, name="table_watch_big"),
    path("clubs/", club_views.club_list, name="clubs"),
    path("clubs/<slug:club>/", club_views.club_detail, name="club"),
    path("clubs/<slug:club>/delete/", club_views.club_delete, name="club_delete"),
    path("clubs/<slug:club>/invites/", club_views.invite_create, name="invite_create"),
    path(
        "clubs/<slug:club>/invites/<slug:invite>/revoke/",
        club_views.invite_revoke,
        name="invite_revoke",
    ),
    path("clubs/<slug:club>/members/<slug:member>/", club_views.member_update, name="member"),
    path(
        "clubs/<slug:club>/scoresheets.json",
        league_views.scoresheets_json,
        name="scoresheets_json",
    ),
    path("join/<slug:token>/", club_views.join, name="join"),
    path("leagues/", league_views.league_list, name="leagues"),
    path("leagues/<slug:league>/", league_views.league_detail, name="league"),
    path("leagues/<slug:league>/edit/", league_views.league_edit, name="league_edit"),
    path("leagues/<slug:league>/seasons/", league_views.season_new, name="season_new"),
    path(
        "leagues/<slug:league>/seasons/<slug:season>/delete/",
        league_views.season_delete,
        name="season_delete",
    ),
    path(
        "leagues/<slug:league>/standings.csv",
        league_views.league_standings_csv,
        name="league_standings_csv",
    ),
    path(
        "leagues/<slug:league>/tables.csv",
        league_views.league_tables_csv,
        name="league_tables_csv",
    ),
    path("players/<slug:player>/", league_views.player_detail, name="player"),
    path("settle/", settlement_views.settlement, name="settlement"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:game>/", views.rules_game, name="rules_game"),
]
