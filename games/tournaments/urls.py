"""A tournament's addresses, by its random public id; a table's link and the big screen by
their secret tokens. Named in the ``games`` namespace (``games/urls.py`` includes them).

A tournament's own pages sit under one prefix, "tournaments/<id>/", so an address outside
it is turned away in one comparison, and one under it tries only its tournament's pages
(resolving the standings tried some 60 patterns, 70 us of the page, before it came first)."""

from django.urls import include, path

from games.tournaments import exports, views

one_tournament = [
    path("", views.tournament_detail, name="tournament"),
    path("standings/", views.standings, name="tournament_standings"),
    path("entrants/", views.entrant_add, name="tournament_entrant_add"),
    path("entrants/<slug:entrant>/drop/", views.entrant_drop, name="tournament_entrant_drop"),
    path("rounds/", views.round_draw, name="tournament_draw"),
    path("rounds/<slug:round>/", views.round_seats, name="tournament_round"),
    path("rounds/<slug:round>/close/", views.round_close, name="tournament_round_close"),
    path("tables/<slug:table>/link/", views.table_link_page, name="tournament_table"),
    path("tables/<slug:table>/result/", views.table_result, name="tournament_table_result"),
    path("standings.csv", exports.standings_csv, name="tournament_standings_csv"),
    path("standings.json", exports.standings_json, name="tournament_standings_json"),
    path("finish/", views.tournament_finish, name="tournament_finish"),
    path("rules/", views.tournament_rules, name="tournament_rules"),
]

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/<slug:tournament>/", include(one_tournament)),
    path("screen/<slug:token>/", views.big_screen, name="tournament_screen"),
    path("play/<slug:token>/", views.table_link_open, name="tournament_table_link"),
]
