"""How an app server's worker keeps Python's cyclic garbage collector out of a request's way
(scorekeeper/wsgi.py does this once it has started; ``make bench`` times pages the same way).

Two settings, each measured on the table page with ``gc.callbacks`` (ms of collection per
request, 10 hands / 500 hands):
- ``gc.freeze()`` what a worker starts with (Django, the project, the URL patterns and views):
  it lives as long as the worker, and the full passes no longer walk it.
- Young collections less often: by default one runs every 700 new container objects, two a
  table page and seven a save at 500 hands, and every tenth of those promotes into a full
  pass over whatever the worker has kept since it started. Almost everything a request makes
  is freed by reference counting when the response is sent; the collector is only there for
  reference cycles, which a run every 20,000 objects still reclaims. A save went from 1.6 to
  0.5 ms of collection at 10 hands and from 4.5 to 1.8 ms at 500; a page from 1.4 to 0.5 ms.
"""

import gc

YOUNG_COLLECTION_EVERY = 20_000
THRESHOLDS = (YOUNG_COLLECTION_EVERY, 10, 10)


def settle() -> None:
    """Freeze what lives now and collect the young generation less often (see above)."""
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
