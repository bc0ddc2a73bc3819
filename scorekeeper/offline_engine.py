"""The rules the phone scores pending hands with when it has no signal: the pure engine itself
(games/scoring, each game package's engine and the pure modules it imports), zipped for
Pyodide, so there is no second set of rules to drift (issue 33, item 3).

``/offline/engine.zip`` is made from the very modules the server imports, when first asked, and
answered with an ETag (its digest): the service worker keeps it beside the Pyodide runtime
(vendor/pyodide/<version>/, fetched by ``make pyodide``, served at /offline/pyodide-<version>/
with its gzip copies and cached for good: the version is in the path) and both are fetched in the
background after a page has loaded (templates/pwa/service-worker.js, "warm"), never on a
connection marked save-data. static/js/offline-engine.js loads them only when a pending hand
needs scoring, and runs ``games.scoring.phone``.
"""

from __future__ import annotations

import functools
import hashlib
import io
import zipfile
from pathlib import Path

from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from games.http import asked_for
from games.scoring.registry import GAME_PACKAGES

BASE_DIR = Path(__file__).resolve().parent.parent
PYODIDE_VERSION = "314.0.7"
PYODIDE_DIR = BASE_DIR / "vendor" / "pyodide" / PYODIDE_VERSION
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The module worker that runs Pyodide off the page's thread (its unhashed static name).
WORKER = "js/offline-engine-worker.js"
# Each game package's pure modules besides its engine: those its engine imports, and the
# referees' (their query's reader and their verdicts, static/js/referee-offline.js).
PURE_EXTRAS: dict[str, tuple[str, ...]] = {
    "games.plugins.scopa": ("captures", "referee_query", "rulings")
}
# A fixed time in the zip, so the same modules make the same bytes (and the same ETag).
ZIP_TIME = (2020, 1, 1, 0, 0, 0)


def pyodide_installed() -> bool:
    return all((PYODIDE_DIR / name).is_file() for name in PYODIDE_FILES)


def pyodide_urls() -> list[str]:
    """The runtime's addresses, when ``make pyodide`` has fetched it; else none (the phone then
    scores nothing offline, and its kept hands wait unscored)."""
    if not pyodide_installed():
        return []
    return [reverse("offline_pyodide", args=[PYODIDE_VERSION, name]) for name in PYODIDE_FILES]


CONTENT_TYPES = {
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".json": "application/json",
}


@require_safe
@cache_control(max_age=365 * 24 * 60 * 60, public=True, immutable=True)
def pyodide(request: HttpRequest, version: str, name: str) -> FileResponse:
    """/offline/pyodide-<version>/<name>: one of the runtime's files, its gzip copy where the
    browser takes one. Never changes under its address."""
    if version != PYODIDE_VERSION or name not in PYODIDE_FILES or not pyodide_installed():
        raise Http404
    path = PYODIDE_DIR / name
    packed = PYODIDE_DIR / f"{name}.gz"
    content_type = CONTENT_TYPES[Path(name).suffix]
    if "gzip" in request.headers.get("Accept-Encoding", "") and packed.is_file():
        response = FileResponse(packed.open("rb"), content_type=content_type)
        response["Content-Encoding"] = "gzip"
    else:
        response = FileResponse(path.open("rb"), content_type=content_type)
    response["Vary"] = "Accept-Encoding"
    return response


def engine_modules() -> list[str]:
    """The files the phone imports, relative to the project: the scoring package, and each game
    package's engine with its pure extras and its hand form's reader (``posted``, where it has
    one). Package ``__init__`` files are written empty."""
    modules = sorted(
        str(path.relative_to(BASE_DIR)) for path in (BASE_DIR / "games" / "scoring").glob("*.py")
    )
    for package in GAME_PACKAGES:
        folder = package.replace(".", "/")
        for name in ("engine", *PURE_EXTRAS.get(package, ()), "posted"):
            if (BASE_DIR / folder / f"{name}.py").is_file():
                modules.append(f"{folder}/{name}.py")
    return modules


def package_inits(modules: list[str]) -> list[str]:
    folders = {str(Path(module).parent) for module in modules}
    for folder in list(folders):
        parts = Path(folder).parts
        folders.update(str(Path(*parts[:end])) for end in range(1, len(parts)))
    return sorted(f"{folder}/__init__.py" for folder in folders)


@functools.cache
def engine_zip() -> tuple[bytes, str]:
    """The zip's bytes and their digest."""
    modules = engine_modules()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for init in package_inits(modules):
            if init not in modules:
                archive.writestr(zipfile.ZipInfo(init, ZIP_TIME), "")
        for module in modules:
            info = zipfile.ZipInfo(module, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, (BASE_DIR / module).read_bytes())
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:32]


@require_safe
def engine(request: HttpRequest) -> HttpResponse:
    """/offline/engine.zip: asked again on each visit with a signal (a 304 until a deploy
    changes the rules), kept by the service worker for when there is none."""
    data, digest = engine_zip()
    etag = f'"{digest}"'
    if etag in asked_for(request):
        response: HttpResponse = HttpResponseNotModified()
    else:
        response = HttpResponse(data, content_type="application/zip")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response
