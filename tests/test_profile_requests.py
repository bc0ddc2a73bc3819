"""scripts/profile_requests.py (make profile): how it puts each request's time down to the
middleware, the hooks and the view. Its run is never part of the tests."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import override_settings

from tests.scripts import load_script

profile = load_script("profile_requests")


def test_a_marker_stands_above_each_middleware_and_one_above_the_view() -> None:
    marked = profile.marked_middleware(["a.First", "b.Second"])
    assert marked[1::2] == ["a.First", "b.Second"]
    assert len(marked) == 5
    parts = [getattr(profile, path.rsplit(".", 1)[-1]) for path in marked[::2]]
    assert [part.__name__ for part in parts] == ["Marker"] * 3


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """A clock the test moves by hand."""
    now = [0.0]
    monkeypatch.setattr(profile, "CLOCK", lambda: now[0])
    return now


def test_each_part_is_given_its_own_time_without_what_it_called(clock: list[float]) -> None:
    recorder = profile.Recorder()
    recorder.enter("outer")
    clock[0] += 0.001
    recorder.enter("inner")
    clock[0] += 0.004
    recorder.leave()
    clock[0] += 0.002
    recorder.leave()
    assert recorder.spent.parts == pytest.approx({"outer": 3.0, "inner": 4.0})
    assert recorder.part == profile.HANDLER


def _view(request: HttpRequest) -> HttpResponse:
    return HttpResponse(b"ok")


urlpatterns: list[Any] = []


@pytest.mark.usefixtures("requests_keep_the_connection")
def test_the_instrumented_application_times_every_middleware_and_answers_as_before() -> None:
    from django.urls import path

    urlpatterns[:] = [path("bare/", _view)]
    stack = [
        "django.middleware.common.CommonMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
    ]
    with override_settings(MIDDLEWARE=stack, ROOT_URLCONF=__name__):
        application, order = profile.instrumented_application()
        phone = profile.InProcessPhone(application)
        status, body = phone.request("GET", "/bare/")
    assert (status, body) == (200, "ok")
    assert order == [
        profile.HANDLER, "CommonMiddleware", "CsrfViewMiddleware",
        "CsrfViewMiddleware.process_view", profile.VIEW,
    ]  # fmt: skip
    assert set(phone.spent.parts) <= set(order)
    assert profile.VIEW in phone.spent.parts
    assert "CommonMiddleware" in phone.spent.parts
