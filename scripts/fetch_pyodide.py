"""``make pyodide`` (part of ``make install``): the Pyodide runtime the phone scores pending hands
with when it has no signal (static/js/offline-engine.js, scorekeeper/offline_engine.py).

Fetches the pinned npm tarball from the npm registry (never a CDN at run time), checks its
sha256, and unpacks the five files a browser needs into vendor/pyodide/<version>/ (git-ignored),
each beside its gzip copy: /offline/pyodide-<version>/<name> serves them
(scorekeeper/offline_engine.py), outside the static files, so that collectstatic neither hashes
nor compresses 13 MB on every deploy. Does nothing when they are there.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import sys
import tarfile
import urllib.request
from pathlib import Path

VERSION = "314.0.7"
TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
# What loadPyodide fetches: its module, the runtime, the standard library and the lock file.
FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Served compressed, each of them: the standard library's zip too (a little smaller, and the
# server's GZipMiddleware leaves an answer already encoded alone).
GZIPPED = frozenset(FILES)
TARGET = Path(__file__).resolve().parent.parent / "vendor" / "pyodide" / VERSION


def installed(target: Path = TARGET) -> bool:
    return all((target / name).is_file() for name in FILES) and all(
        (target / f"{name}.gz").is_file() for name in GZIPPED
    )


def main() -> int:
    if installed():
        return 0
    print(f"Fetching Pyodide {VERSION} from the npm registry...", file=sys.stderr)
    with urllib.request.urlopen(TARBALL, timeout=120) as answer:
        data = answer.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        print(f"{TARBALL}: sha256 {digest}, expected {SHA256}", file=sys.stderr)
        return 1
    TARGET.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for name in FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                print(f"{TARBALL} holds no {name}", file=sys.stderr)
                return 1
            body = member.read()
            (TARGET / f"{name}.part").write_bytes(body)
            (TARGET / f"{name}.part").replace(TARGET / name)
            if name in GZIPPED:
                packed = gzip.compress(body, compresslevel=9, mtime=0)
                (TARGET / f"{name}.gz.part").write_bytes(packed)
                (TARGET / f"{name}.gz.part").replace(TARGET / f"{name}.gz")
    return 0


if __name__ == "__main__":
    sys.exit(main())
