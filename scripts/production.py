"""``make production``: Scorekeeper as it runs in production, on one machine.

    nginx on --port (0.0.0.0:8000)  ->  gunicorn on 127.0.0.1:8001  \\
                                        gunicorn on 127.0.0.1:8002  -> one PostgreSQL

In order: ``collectstatic`` (hashed files with a gzip and a brotli copy, served by WhiteNoise as
before), ``migrate``, two gunicorn app servers (scorekeeper/gunicorn_conf.py: workers of 4
threads that keep nginx's connections open, DEBUG off) on two loopback ports, both on the
PostgreSQL of DATABASE_URL, and nginx in front on one port, its configuration
written from scripts/nginx.conf.template into a state directory (with its logs, pid and
temporary files). nginx reads every request whole before an app server sees it and takes every
answer whole at once, so slow phones (or a slowloris) never hold a gunicorn thread; it drops a
client whose header has not all come within --client-timeout seconds. Everything runs in the
foreground until Ctrl-C or SIGTERM, which stops all of it; if one part ends, the rest is stopped.

The app servers listen on 127.0.0.1 only, so the one thing that can reach them is on this
machine: they are started with TRUST_X_FORWARDED_PROTO=1 and read the phone's address from
the last X-Forwarded-For entry, the one nginx appends (scorekeeper/client_ip.py). Nothing is
kept in an app server between requests: sessions are in the database (Django's default
session engine), the rate limits' counters too (games.ratelimit), and so are the sign-in
failures (django-axes), so a phone may land on either server.

Needs SECRET_KEY, DATABASE_URL (PostgreSQL) and ALLOWED_HOSTS in the environment, and nginx
(apt-get install nginx). scripts/production.py --help lists the options.
"""

from __future__ import annotations

import argparse
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
TEMPLATE = Path(__file__).resolve().parent / "nginx.conf.template"
APP_HOST = "127.0.0.1"
# How the app servers run gunicorn: worker class, threads, keep-alive (longer than nginx's).
GUNICORN_CONFIG = "python:scorekeeper.gunicorn_conf"
TEMP_DIRS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def nginx_binary() -> str | None:
    """nginx on PATH, or Debian's in /usr/sbin (not on a plain user's PATH)."""
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None


def nginx_conf(
    state: Path, listen: str, app_ports: list[int], client_timeout: int, user: str = ""
) -> str:
    """The template with every {{name}} filled in."""
    values = {
        "state": str(state),
        "listen": listen,
        "upstream_servers": "\n".join(
            f"        server {APP_HOST}:{port} max_fails=1 fail_timeout=5s;" for port in app_ports
        ),
        "client_timeout": str(client_timeout),
        "user": f"user {user};" if user else "",
    }
    text = TEMPLATE.read_text()
    for name, value in values.items():
        text = text.replace("{{" + name + "}}", value)
    left = re.findall(r"\{\{\w+\}\}", text)
    if left:
        raise ValueError(f"nginx.conf.template: nothing fills in {', '.join(left)}")
    return text


def wait_for_port(port: int, process: subprocess.Popen[bytes], name: str, host: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{name} exited with {process.returncode}")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"{name} did not listen on {host}:{port} within 60 s")


class Production:
    """The app servers and nginx, started by ``start`` and stopped by ``stop``."""

    def __init__(
        self,
        *,
        port: int,
        app_ports: list[int],
        host: str = "0.0.0.0",
        workers: int = 0,
        client_timeout: int = 10,
        state: Path | None = None,
        static_root: Path | None = None,
        env: dict[str, str] | None = None,
        quiet: bool = False,
        postgres_only: bool = True,
    ) -> None:
        self.port = port
        self.app_ports = app_ports
        self.host = host
        self.workers = workers or max(2, os.cpu_count() or 1)
        self.client_timeout = client_timeout
        self.own_state = state is None
        self.state = (
            Path(tempfile.mkdtemp(prefix="scorekeeper-production-")) if state is None else state
        )
        self.static_root = static_root
        self.env = dict(os.environ if env is None else env)
        self.quiet = quiet
        # Two app servers share a SQLite file only on one machine: the peer bench's SQLite runs.
        self.postgres_only = postgres_only
        self.processes: list[tuple[str, subprocess.Popen[bytes]]] = []

    def app_env(self) -> dict[str, str]:
        """The app servers' environment: the caller's, DEBUG off, the forwarded headers of
        nginx trusted (only nginx, on this machine, can reach a loopback port)."""
        env = {**self.env, "DEBUG": "0", "TRUST_X_FORWARDED_PROTO": "1"}
        env.setdefault("CLIENT_IP_PROXY_COUNT", "1")
        if self.static_root is not None:
            # STATIC_ROOT moved by a settings module of the state directory's own.
            (self.state / "production_settings.py").write_text(
                "from scorekeeper.settings import *  # noqa: F403\n\n"
                f"STATIC_ROOT = {str(self.static_root)!r}\n"
            )
            env["DJANGO_SETTINGS_MODULE"] = "production_settings"
            env["PYTHONPATH"] = os.pathsep.join([str(self.state), str(BASE_DIR)])
        return env

    def check_env(self) -> None:
        url = self.env.get("DATABASE_URL", "")
        if self.postgres_only and url.split(":", 1)[0] not in {"postgres", "postgresql", "pgsql"}:
            raise SystemExit(
                "Set DATABASE_URL to the PostgreSQL both app servers share, "
                "e.g. postgres://user@dbhost:5432/scorekeeper"
            )
        if not self.env.get("SECRET_KEY"):
            raise SystemExit("Set SECRET_KEY (the same on every app server).")

    def start(self) -> None:
        self.check_env()
        nginx = nginx_binary()
        if nginx is None:
            raise SystemExit("nginx is not installed: apt-get install nginx")
        env = self.app_env()
        manage = [PYTHON, "manage.py"]
        quiet = ["-v0"] if self.quiet else []
        # Side by side: the static files are this machine's, the tables the database's.
        steps = [
            subprocess.Popen([*manage, step, "--noinput", *quiet], cwd=BASE_DIR, env=env)
            for step in ("collectstatic", "migrate")
        ]
        try:
            failed = [" ".join(map(str, step.args)) for step in steps if step.wait() != 0]
        except BaseException:
            for step in steps:
                step.terminate()
                step.wait()
            raise
        if failed:
            raise SystemExit(f"{failed[0]} failed")
        try:
            for number, port in enumerate(self.app_ports, start=1):
                command = [
                    PYTHON, "-m", "gunicorn", "--config", GUNICORN_CONFIG, "scorekeeper.wsgi",
                    "--bind", f"{APP_HOST}:{port}", "--workers", str(self.workers),
                    "--name", f"scorekeeper-app{number}",
                    "--error-logfile", str(self.state / f"app{number}.log"),
                ]  # fmt: skip
                if self.quiet:
                    command += ["--log-level", "warning"]
                process = subprocess.Popen(command, cwd=BASE_DIR, env=env)
                self.processes.append((f"app server {number}", process))
            for (name, process), port in zip(self.processes, self.app_ports, strict=True):
                wait_for_port(port, process, name, APP_HOST)
            self.start_proxy(nginx)
        except BaseException:
            self.stop()
            raise

    def start_proxy(self, nginx: str) -> None:
        """nginx alone, in front of whatever listens on the app ports (``start`` starts the app
        servers first)."""
        self.state.chmod(0o755)
        user = ""
        if os.geteuid() == 0:
            # Run as root, nginx's workers run as nobody: their temporary files must be theirs.
            user = "nobody nogroup"
            nobody = pwd.getpwnam("nobody")
        for name in TEMP_DIRS:
            (self.state / name).mkdir(exist_ok=True)
            if user:
                os.chown(self.state / name, nobody.pw_uid, nobody.pw_gid)
        conf = self.state / "nginx.conf"
        conf.write_text(
            nginx_conf(
                self.state, f"{self.host}:{self.port}", self.app_ports, self.client_timeout, user
            )
        )
        command = [
            nginx,
            "-p",
            str(self.state),
            "-e",
            str(self.state / "error.log"),
            "-c",
            str(conf),
        ]
        subprocess.run([*command, "-t", "-q"], check=True)
        process = subprocess.Popen(command)
        self.processes.append(("nginx", process))
        host = APP_HOST if self.host in ("0.0.0.0", "") else self.host
        wait_for_port(self.port, process, "nginx", host)

    def stop(self) -> None:
        """nginx first (no new requests), then the app servers; each waited for."""
        for name, process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGQUIT if name == "nginx" else signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self.processes.clear()
        if self.own_state:
            shutil.rmtree(self.state, ignore_errors=True)

    def wait(self) -> int:
        """Until one part ends (its exit code) or a signal stops everything (0)."""
        stopped: list[int] = []

        def on_signal(signum: int, _frame: FrameType | None) -> None:
            stopped.append(signum)

        signal.signal(signal.SIGTERM, on_signal)
        signal.signal(signal.SIGINT, on_signal)
        while not stopped:
            for name, process in self.processes:
                if process.poll() is not None:
                    print(f"{name} exited with {process.returncode}: stopping the rest", flush=True)
                    return process.returncode or 1
            time.sleep(0.5)
        return 0


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="nginx in front of two gunicorn app servers on one PostgreSQL."
    )
    parser.add_argument("--host", default="0.0.0.0", help="address nginx listens on (0.0.0.0)")
    parser.add_argument("--port", type=int, default=8000, help="nginx's port (8000)")
    parser.add_argument(
        "--app-ports", type=int, nargs=2, metavar="PORT",
        help="the two app servers' loopback ports (--port + 1 and + 2)",
    )  # fmt: skip
    parser.add_argument(
        "--workers", type=int, default=0, help="workers per app server (cores, at least 2)"
    )
    parser.add_argument(
        "--client-timeout", type=int, default=10,
        help="seconds a phone has to send its whole header; the longest pause in a body or "
        "while taking an answer (10)",
    )  # fmt: skip
    parser.add_argument(
        "--state",
        help="directory for nginx.conf, the logs and temporary files, kept (default: a new "
        "temporary one, removed when the set-up stops)",
    )
    args = parser.parse_args(argv)
    if args.app_ports is None:
        args.app_ports = [args.port + 1, args.port + 2]
    return args


def _stop_on_sigterm(signum: int, _frame: FrameType | None) -> None:
    # While starting up, end as on an error, so whatever was started is stopped.
    raise SystemExit(128 + signum)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    state = Path(args.state).resolve() if args.state else None
    if state is not None:
        state.mkdir(parents=True, exist_ok=True)
    production = Production(
        port=args.port,
        app_ports=args.app_ports,
        host=args.host,
        workers=args.workers,
        client_timeout=args.client_timeout,
        state=state,
    )
    try:
        production.start()
        ports = ", ".join(f"{APP_HOST}:{port}" for port in args.app_ports)
        print(
            f"Scorekeeper on http://{args.host}:{args.port}/ (nginx, {production.state}/nginx.conf)"
            f" -> app servers {ports}, {production.workers} workers each. Ctrl-C stops it.",
            flush=True,
        )
        return production.wait()
    finally:
        production.stop()


if __name__ == "__main__":
    os.chdir(BASE_DIR)
    sys.exit(main(sys.argv[1:]))
