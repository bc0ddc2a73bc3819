"""A cap on the size of a whole request body, file uploads included.

Django's DATA_UPLOAD_MAX_MEMORY_SIZE refuses an oversized urlencoded or JSON body before it is
read, but it leaves out the files of a multipart body: those are streamed to memory or to a
temporary file, however large. This upload handler, first in FILE_UPLOAD_HANDLERS, refuses a
multipart body whose Content-Length is over REQUEST_BODY_MAX_BYTES before a byte of it is read.
The WSGI server reads no more than Content-Length, so a client cannot send more by lying.
"""

from __future__ import annotations

from typing import IO

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadhandler import FileUploadHandler


class RefuseLargeBodies(FileUploadHandler):
    """Answer 400 (RequestDataTooBig) to a multipart body over REQUEST_BODY_MAX_BYTES."""

    limit_setting = "REQUEST_BODY_MAX_BYTES"

    def handle_raw_input(
        self,
        input_data: IO[bytes],
        META: dict[str, str],
        content_length: int,
        # bytes, as MultiPartParser passes it; django-stubs says str.
        boundary: bytes,  # type: ignore[override]
        encoding: str | None = None,
    ) -> None:
        limit = getattr(settings, self.limit_setting)
        if content_length > limit:
            raise RequestDataTooBig(
                f"Request body exceeded settings.{self.limit_setting} ({limit} bytes)."
            )

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None


class RefuseLargeArchives(RefuseLargeBodies):
    """The same for a club's archive, the one upload allowed to be large: the restore page
    puts it first in its request's upload handlers, and the file goes to disk."""

    limit_setting = "ARCHIVE_MAX_BYTES"
