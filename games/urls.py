from django.urls import include, path

from games import rules_views

app_name = "games"

# Every club's record is addressed by a random public id, never a sequential number: an
# address can be neither guessed nor walked. Invite and watch links carry a secret token.
# Each domain lists its own addresses; all are named in this one namespace ("games:table").
# Django tries them in order: a tournament's few prefixes first (the pages a tournament
# night's screens poll), then the tables' (every save).
urlpatterns = [
    path("", include("games.tournaments.urls")),
    path("", include("games.tables.urls")),
    path("", include("games.clubs.urls")),
    path("", include("games.leagues.urls")),
    path("rules/", rules_views.rules_index, name="rules_index"),
    path("rules/<slug:game>/", rules_views.rules_game, name="rules_game"),
]
