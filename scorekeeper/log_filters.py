"""Filters of the log's handlers (settings.LOGGING)."""

from __future__ import annotations

import logging


class RefusalsInOneLine(logging.Filter):
    """A refused request (4xx: a role too low, a lookup outside the account's clubs, a
    malformed request) is the client's mistake, not the server's: one line says so. Django logs
    the PermissionDenied or SuspiciousOperation behind it with its traceback, which told
    nothing (always the same raise in clubs/access.py) and buried the real errors."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True
