"""The Scopa family's pages, at the site's root (scorekeeper/urls.py includes every game
package's ``urls.py``): the referees, which its ``TOOLS`` name, and a hand's "Why?"."""

from django.urls import path

from games.plugins.scopa import views

app_name = "scopa"

urlpatterns = [
    path("tables/<slug:table>/hands/<slug:hand>/why/", views.round_why, name="round_why"),
    path("referee/primiera/", views.referee_primiera, name="referee_primiera"),
    path("referee/captures/", views.referee_capture, name="referee_capture"),
]
