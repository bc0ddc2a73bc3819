"""A clock for the upgrade database: set before Django is set up, so the models' defaults
(``default=timezone.now``) take it too, and the pages' "updated 3 hours ago" reads the same on
any day the test runs."""

from __future__ import annotations

import datetime

# A Thursday evening: the demo's seasons and evenings are counted back from this day, the live
# tables are played from 19:00 on, and the pages are read at 23:00.
BUILT_ON = datetime.datetime(2026, 11, 19, 18, 0, tzinfo=datetime.UTC)
READ_AT = datetime.datetime(2026, 11, 19, 23, 0, tzinfo=datetime.UTC)


class Clock:
    """``timezone.now``: the time set, plus ``step`` at every reading (so rows written one
    after another never share a timestamp)."""

    def __init__(self, at: datetime.datetime, step: datetime.timedelta) -> None:
        self.at = at
        self.step = step

    def __call__(self) -> datetime.datetime:
        self.at += self.step
        return self.at

    def set(self, hour: int, minute: int = 0) -> None:
        self.at = self.at.replace(hour=hour, minute=minute, second=0, microsecond=0)


def install(at: datetime.datetime, step: datetime.timedelta = datetime.timedelta(0)) -> Clock:
    """Make ``django.utils.timezone.now`` (and so ``localdate``, the models' defaults and the
    ``timesince`` filter) read this clock. Call before ``django.setup()``."""
    from django.template import defaultfilters
    from django.utils import timesince, timezone

    clock = Clock(at, step)
    timezone.now = clock
    real_timesince = timesince.timesince

    def frozen_timesince(
        d: datetime.datetime, now: datetime.datetime | None = None, *args: object, **kw: object
    ) -> str:
        return real_timesince(d, now or timezone.now(), *args, **kw)  # type: ignore[arg-type]

    defaultfilters.timesince = frozen_timesince  # type: ignore[assignment]
    return clock
