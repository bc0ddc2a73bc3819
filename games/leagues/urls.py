"""A league's addresses (and a season's, a player's), by their random public ids; the
settlement. Named in the ``games`` namespace (``games/urls.py`` includes them)."""

from django.urls import path

from games.leagues import exports, settlement_views, views

urlpatterns = [
    path("leagues/", views.league_list, name="leagues"),
    path("leagues/<slug:league>/", views.league_detail, name="league"),
    path("leagues/<slug:league>/edit/", views.league_edit, name="league_edit"),
    path("leagues/<slug:league>/seasons/", views.season_new, name="season_new"),
    path(
        "leagues/<slug:league>/seasons/<slug:season>/delete/",
        views.season_delete,
        name="season_delete",
    ),
    path(
        "leagues/<slug:league>/standings.csv",
        exports.league_standings_csv,
        name="league_standings_csv",
    ),
    path(
        "leagues/<slug:league>/tables.csv",
        exports.league_tables_csv,
        name="league_tables_csv",
    ),
    path("players/<slug:player>/", views.player_detail, name="player"),
    path("settle/", settlement_views.settlement, name="settlement"),
]
