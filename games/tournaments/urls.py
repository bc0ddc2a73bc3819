"""A tournament's addresses, by its random public id; a table's link and the big screen by
their secret tokens. Named in the ``games`` namespace (``games/urls.py`` includes them)."""

from django.urls import path

from games.tournaments import exports, views

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/<slug:tournament>/", views.tournament_detail, name="tournament"),
    path(
        "tournaments/<slug:tournament>/entrants/",
        views.entrant_add,
        name="tournament_entrant_add",
    ),
    path(
        "tournaments/<slug:tournament>/entrants/<slug:entrant>/drop/",
        views.entrant_drop,
        name="tournament_entrant_drop",
    ),
    path("tournaments/<slug:tournament>/rounds/", views.round_draw, name="tournament_draw"),
    path(
        "tournaments/<slug:tournament>/rounds/<slug:round>/",
        views.round_seats,
        name="tournament_round",
    ),
    path(
        "tournaments/<slug:tournament>/rounds/<slug:round>/close/",
        views.round_close,
        name="tournament_round_close",
    ),
    path(
        "tournaments/<slug:tournament>/tables/<slug:table>/link/",
        views.table_link_page,
        name="tournament_table",
    ),
    path(
        "tournaments/<slug:tournament>/tables/<slug:table>/result/",
        views.table_result,
        name="tournament_table_result",
    ),
    path(
        "tournaments/<slug:tournament>/standings/",
        views.standings,
        name="tournament_standings",
    ),
    path(
        "tournaments/<slug:tournament>/standings.csv",
        exports.standings_csv,
        name="tournament_standings_csv",
    ),
    path(
        "tournaments/<slug:tournament>/standings.json",
        exports.standings_json,
        name="tournament_standings_json",
    ),
    path(
        "tournaments/<slug:tournament>/finish/",
        views.tournament_finish,
        name="tournament_finish",
    ),
    path("tournaments/<slug:tournament>/rules/", views.tournament_rules, name="tournament_rules"),
    path("play/<slug:token>/", views.table_link_open, name="tournament_table_link"),
    path("screen/<slug:token>/", views.big_screen, name="tournament_screen"),
]
