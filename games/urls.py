from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.home, name="home"),
    path("tables/new/", views.table_new, name="table_new"),
    path("tables/import/", views.table_import, name="table_import"),
    path("tables/<int:pk>/", views.table_detail, name="table"),
    path("tables/<int:pk>/scoresheet.json", views.table_export, name="table_export"),
    path("tables/<int:pk>/hands/<int:number>/", views.round_edit, name="round_edit"),
    path("tables/<int:pk>/hands/<int:number>/delete/", views.round_delete, name="round_delete"),
    path("tables/<int:pk>/hands/<int:number>/why/", views.round_why, name="round_why"),
    path("referee/primiera/", views.referee_primiera, name="referee_primiera"),
    path("referee/captures/", views.referee_capture, name="referee_capture"),
    path("rules/", views.rules_index, name="rules_index"),
    path("rules/<slug:game>/", views.rules_game, name="rules_game"),
]
