from django.urls import path

from games import league_views, settlement_views, views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("tables/new/", views.table_new, name="table_new"),
    path("tables/import/", views.table_import, name="table_import"),
    path("tables/<int:pk>/", views.table_detail, name="table"),
    path("tables/<int:pk>/scoresheet.json", views.table_export, name="table_export"),
    # Hands by their id, which never changes: a number shifts when an earlier hand is deleted.
    path("tables/<int:pk>/hands/<slug:hand>/", views.round_edit, name="round_edit"),
    path("tables/<int:pk>/hands/<slug:hand>/delete/", views.round_delete, name="round_delete"),
    path("tables/<int:pk>/hands/<slug:hand>/why/", views.round_why, name="round_why"),
    path("tables/<int:pk>/stop/", league_views.table_stop, name="table_stop"),
    path("tables/<int:pk>/resume/", league_views.table_resume, name="table_resume"),
    path("tables/scoresheets.json", league_views.scoresheets_json, name="scoresheets_json"),
    path("leagues/", league_views.league_list, name="leagues"),
    path("leagues/<int:pk>/", league_views.league_detail, name="league"),
    path("leagues/<int:pk>/edit/", league_views.league_edit, name="league_edit"),
    path("leagues/<int:pk>/seasons/", league_views.season_new, name="season_new"),
    path(
        "leagues/<int:pk>/seasons/<int:season>/delete/",
        league_views.season_delete,
        name="season_delete",
    ),
    path(
        "leagues/<int:pk>/standings.csv",
        league_views.league_standings_csv,
        name="league_standings_csv",
    ),
    path("leagues/<int:pk>/tables.csv", league_views.league_tables_csv, name="league_tables_csv"),
    path("players/<int:pk>/", league_views.player_detail, name="player"),
    path("referee/primiera/", views.referee_primiera, name="referee_primiera"),
    path("referee/captures/", views.referee_capture, name="referee_capture"),
    path("settle/", settlement_views.settlement, name="settlement"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:game>/", views.rules_game, name="rules_game"),
]
