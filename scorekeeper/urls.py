from django.contrib.auth import views as auth_views
from django.urls import include, path

from games import club_views

# Django's own sign-in, sign-out and password views, with our templates; "keep my games" turns
# a guest account into one with a password.
accounts = [
    path("login/", club_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password_change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("keep/", club_views.keep_games, name="keep_games"),
]

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include(accounts)),
    path("", include("games.urls")),
]
