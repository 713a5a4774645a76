"""`pnp preview --watch`: the gallery served on 127.0.0.1, the page reloading itself as each rebuild finishes.

The server is the standard library's ThreadingHTTPServer, bound to the loopback address only, and it serves
nothing but the files under OUT: a path with `..`, an empty or hidden part (a stage folder beside OUT/NAME),
a backslash or a NUL is refused, and so is any file whose real path (links followed) is not inside OUT. It
answers only a Host of 127.0.0.1 or localhost (a web page elsewhere cannot rebind a name of its own to it), at
most MAX_CLIENTS at a time, each within TIMEOUT_S.

OUT/index.html on disk stays the static gallery (no script; it opens from file://). As the server sends it, it
adds one line: templates/preview/live.js, which asks STATE every POLL_MS what the rounds have made of the page
(its version: one more each time the gallery was written anew) and which errors stand, reloads the page when the
version moves on, and shows the errors of a bad save over the page until a save mends them.
"""

from __future__ import annotations

import json
import mimetypes
import os
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from pnp.gallery.page import PAGE, write_gallery
from pnp.resources import templates

HOST = "127.0.0.1"
LIVE = "/.pnp/"                    # the server's own paths: a dot, so never a spec's folder nor a file it serves
STATE = LIVE + "state"
SCRIPT = LIVE + "live.js"
SCRIPT_FILE = templates("preview", "live.js")
FAVICON = "/favicon.ico"
POLL_MS = 250                      # how often the page asks: a reload at most a quarter of a second after a round
MAX_CLIENTS = 32                   # requests served at once; more are answered 503 at once
TIMEOUT_S = 10                     # a client that sends nothing for this long is dropped
CHUNK = 1 << 16
TYPES = {".svg": "image/svg+xml", ".pdf": "application/pdf", ".png": "image/png", ".html": "text/html; charset=utf-8",
         ".json": "application/json", ".dxf": "application/dxf", ".gif": "image/gif", ".js": "text/javascript"}
# The gallery: its own inline style, pictures and the script from here, nothing else. A picture opened alone
# (an SVG page) may not run script at all.
PAGE_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; script-src 'self'; "
               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:"


class Live:
    """The server and what the page is told: the page's version and the errors standing."""

    def __init__(self, out: Path, out_written: str, port: int = 0) -> None:
        """Bound at once (OSError: the port is taken or not allowed); serving from its own thread."""
        self.out, self.out_written = out, out_written
        self.version, self.errors = 0, ()
        self._lock = threading.Lock()
        self.server = _Server((HOST, port), _Handler)
        self.server.live = self
        self.url = f"http://{HOST}:{self.server.server_address[1]}/"
        self._thread = threading.Thread(target=self.server.serve_forever, name="pnp-preview", daemon=True)
        self._thread.start()

    def follow(self, session: Any) -> None:
        """Show the session's first round, then every round it finishes."""
        self._show(session, frozenset(), tuple(session.errors[s] for s in session.specs if s in session.errors))
        session.told.append(lambda done: self._show(session, _unchanged(session, done.built), done.errors))

    def state(self) -> bytes:
        with self._lock:
            return json.dumps({"version": self.version, "errors": list(self.errors)}).encode("utf-8")

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _show(self, session: Any, kept: frozenset[str], errors: tuple[str, ...]) -> None:
        """The gallery written anew from the specs' last good builds, then the page told."""
        from pnp.gallery.collect import collect

        try:
            write_gallery([collect(kit, self.out, self.out_written) for kit in session.good()], self.out,
                          self.out_written, kept)
        except Exception as exc:  # noqa: BLE001 - said on the page; the watch goes on
            errors = (*errors, f"pnp preview: the gallery could not be written: {type(exc).__name__}: {exc}")
        with self._lock:
            self.version += 1
            self.errors = errors


def _unchanged(session: Any, built: tuple[str, ...]) -> frozenset[str]:
    """The specs a round did not rebuild: their thumbnails stay."""
    return frozenset(kit.spec.name for kit in session.good()) - set(built)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    live: Live

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._slots = threading.BoundedSemaphore(MAX_CLIENTS)

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self._slots.acquire(blocking=False):
            try:
                request.sendall(b"HTTP/1.0 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n")
            except OSError:
                pass
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client gone mid-answer is no news; nothing is printed over the watch's lines."""


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "pnp"
    sys_version = ""
    timeout = TIMEOUT_S

    def do_GET(self) -> None:
        self._answer(send_body=True)

    def do_HEAD(self) -> None:
        self._answer(send_body=False)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the page asks four times a second."""

    def _answer(self, send_body: bool) -> None:
        live = self.server.live
        if not _local_host(self.headers.get("Host", ""), self.server.server_address[1]):
            return self._send(403, b"pnp preview answers only http://127.0.0.1 and http://localhost\n", "text/plain")
        path = urlsplit(self.path).path
        if path == STATE:
            return self._send(200, live.state(), "application/json", send_body=send_body)
        if path == SCRIPT:
            script = SCRIPT_FILE.read_text(encoding="utf-8").replace("POLL_MS", str(POLL_MS))
            return self._send(200, script.encode("utf-8"), TYPES[".js"], send_body=send_body)
        file = served_file(live.out, path)
        if file is None and path == FAVICON:   # browsers ask for one; the gallery has none
            return self._send(204, b"", "image/x-icon", send_body=send_body)
        if file is None:
            return self._send(404, b"not in the gallery's folder\n", "text/plain", send_body=send_body)
        if file.name == PAGE and file.parent == Path(os.path.realpath(live.out)):
            version = live.version   # read first: the page read after it is at least that new
            return self._send(200, _with_script(file.read_bytes(), version), TYPES[".html"], PAGE_POLICY, send_body)
        self._send_file(file, send_body)

    def _send(self, status: int, body: bytes, kind: str, policy: str = PICTURE_POLICY, send_body: bool = True) -> None:
        self.send_response(status)
        self._headers(kind, len(body), policy)
        if send_body:
            self.wfile.write(body)

    def _send_file(self, file: Path, send_body: bool) -> None:
        try:
            handle = open(file, "rb")
        except OSError:
            return self._send(404, b"not in the gallery's folder\n", "text/plain", send_body=send_body)
        with handle:
            kind = TYPES.get(file.suffix.lower()) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            self.send_response(200)
            self._headers(kind, os.fstat(handle.fileno()).st_size, PICTURE_POLICY if kind == TYPES[".svg"] else "")
            if send_body:
                shutil.copyfileobj(handle, self.wfile, CHUNK)

    def _headers(self, kind: str, length: int, policy: str) -> None:
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(length))
        self.send_header("Cache-Control", "no-store")   # a reload shows the files as they are now
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if policy:
            self.send_header("Content-Security-Policy", policy)
        self.end_headers()


def served_file(out: Path, url_path: str) -> Path | None:
    """The file under OUT a request's path names, or None: not a plain path to a regular file inside OUT."""
    try:
        path = unquote(url_path, errors="strict") if url_path.isascii() else None
    except UnicodeDecodeError:
        return None
    if not path or not path.startswith("/") or "\\" in path or "\0" in path:
        return None
    parts = path[1:].split("/")
    if parts[-1] == "":
        parts[-1] = PAGE
    if any(part in ("", ".", "..") or part.startswith(".") for part in parts):
        return None
    root = os.path.realpath(out)
    real = os.path.realpath(os.path.join(root, *parts))
    if os.path.commonpath([root, real]) != root or not os.path.isfile(real):
        return None
    return Path(real)


def _local_host(host: str, port: int) -> bool:
    return host in (f"{HOST}:{port}", f"localhost:{port}")


def _with_script(page: bytes, version: int) -> bytes:
    """The gallery with live.js added, told the version it shows."""
    tag = f'<script src="{SCRIPT}" data-version="{version}" defer></script>\n</head>'.encode("ascii")
    return page.replace(b"</head>", tag, 1)
