"""The project's URLs plus one bare view, for ``manage.py bench`` only: every page's time is
printed beside the time of a view that does nothing, through the same middleware in the same
run, so a figure reads as "so many bare requests" whatever the machine."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from scorekeeper.urls import urlpatterns as project_urlpatterns


def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [path("bench/bare/", bare, name="bench_bare"), *project_urlpatterns]
