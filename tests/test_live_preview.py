"""`pnp preview --watch`: the gallery served on 127.0.0.1, what the page is told after each rebuild, the errors of
a bad save shown, nothing served from outside OUT; and the page in headless Chromium (skipped, naming `make
browser`, where Chromium is absent) following an edit."""

from __future__ import annotations

import http.client
import json
import re
import signal
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import write_spec
from test_preview import CHROMIUM, CHROMIUM_ARGS
from watching import ARMED, Watching, save, wait_for

from pnp.gallery.live import served_file

BOARD = "game: asterisk\nname: live\nboard: {{side: {side}}}\noutputs: [board]\nformats: [svg, pdf]\n"


# --- what is served ------------------------------------------------------------------------------------------------

@pytest.fixture
def out(tmp_path: Path) -> Path:
    """OUT with a page, a spec's folder, a stage folder beside it, and links that lead in and out."""
    out = tmp_path / "out"
    (out / "live").mkdir(parents=True)
    (out / "index.html").write_text("<html></html>")
    (out / "live" / "board.svg").write_text("<svg/>")
    (out / ".live.abcdefgh.tmp").mkdir()
    (out / ".live.abcdefgh.tmp" / "board.svg").write_text("<svg/>")
    (tmp_path / "secret.yaml").write_text("outside")
    (out / "outside").symlink_to(tmp_path)
    (out / "inside.svg").symlink_to(out / "live" / "board.svg")
    return out


@pytest.mark.parametrize("path, served", [
    ("/", "index.html"), ("/index.html", "index.html"), ("/live/board.svg", "live/board.svg"),
    ("/live/board%2Esvg", "live/board.svg"), ("/inside.svg", "live/board.svg"),
])
def test_the_files_under_out_are_served(out: Path, path: str, served: str):
    assert served_file(out, path) == out / served


@pytest.mark.parametrize("path", [
    "/../secret.yaml", "/live/../../secret.yaml", "/%2e%2e/secret.yaml", "/%2E%2E%2Fsecret.yaml", "//etc/passwd",
    "/%2Fetc%2Fpasswd", "/outside/secret.yaml", "/.live.abcdefgh.tmp/board.svg", "/live/./board.svg",
    "/live\\board.svg", "/live/board.svg%00", "/live", "/missing.svg", "live/board.svg", "", "/%ff", "/é",
])
def test_nothing_outside_out_nor_hidden_nor_odd_is_served(out: Path, path: str):
    assert served_file(out, path) is None


# --- the server, in a process ---------------------------------------------------------------------------------------

def get(url: str, path: str, host: str | None = None, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """A request sent as written (http.client leaves `..` and `//` alone, as an attacker's client would)."""
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=10)
    try:
        connection.putrequest(method, path, skip_host=host is not None)
        if host is not None:
            connection.putheader("Host", host)
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        connection.close()


def state(url: str) -> dict:
    status, _, body = get(url, "/.pnp/state")
    assert status == 200
    return json.loads(body)


def board_facts(page: bytes) -> str:
    figure = re.search(rb'data-asset="board".*?</figure>', page, re.S).group(0).decode("utf-8")
    return re.search(r'class="facts">([^<]+)<', figure).group(1)


@pytest.fixture
def live(tmp_path: Path):
    spec = write_spec(tmp_path, BOARD.format(side=8), "live.yaml")
    watching = Watching(tmp_path, "preview", spec.name, "--out", "out", "--watch")
    try:
        watching.said(ARMED)
        url = wait_for(lambda: re.search(r"serving (http://127\.0\.0\.1:\d+/)", watching.stdout), "the address",
                       watching).group(1)
        yield spec, watching, url
    finally:
        watching.close()


def test_the_page_is_told_of_each_rebuild_and_of_a_bad_save(tmp_path: Path, live):
    spec, watching, url = live
    status, headers, page = get(url, "/")
    assert status == 200 and headers["Cache-Control"] == "no-store"
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert b'<script src="/.pnp/live.js" data-version="1" defer></script>\n</head>' in page
    assert b"<script" not in (tmp_path / "out" / "index.html").read_bytes(), "the page on disk stays static"
    status, _, script = get(url, "/.pnp/live.js")
    assert status == 200 and b'fetch("/.pnp/state"' in script and b"POLL_MS" not in script
    assert state(url) == {"version": 1, "errors": []}
    small = board_facts(page)

    save(spec, BOARD.format(side=11))
    wait_for(lambda: state(url)["version"] == 2, "version 2", watching)
    assert state(url)["errors"] == []
    page = get(url, "/")[2]
    assert b'data-version="2"' in page and board_facts(page) != small, "the new board's facts"
    assert get(url, "/live/board.svg")[2] == (tmp_path / "out" / "live" / "board.svg").read_bytes()

    save(spec, BOARD.format(side=10))
    wait_for(lambda: state(url)["version"] == 3, "version 3", watching)
    (error,) = state(url)["errors"]
    assert error.startswith("live.yaml:3: board.side: 10 gives 55 cells"), error
    assert board_facts(get(url, "/")[2]) == board_facts(page), "the last good board is still shown"

    save(spec, BOARD.format(side=8))
    wait_for(lambda: state(url)["version"] == 4, "version 4", watching)
    assert state(url)["errors"] == [] and board_facts(get(url, "/")[2]) == small
    assert watching.stop(signal.SIGINT) == 0 and "Traceback" not in watching.stderr


def test_nothing_outside_out_is_served_nor_to_another_host(tmp_path: Path, live):
    spec, watching, url = live
    (tmp_path / "out" / "outside").symlink_to(tmp_path)
    port = urlsplit(url).port
    for path in ("/../live.yaml", "/live/../../live.yaml", "/%2e%2e/live.yaml", "//etc/passwd", "/%2Fetc%2Fpasswd",
                 "/outside/live.yaml", "/.pnp/../live.yaml", "/.pnp/state/../../live.yaml"):
        status, _, body = get(url, path)
        assert status == 404 and b"game:" not in body, path
    assert get(url, "/", host=f"localhost:{port}")[0] == 200
    assert get(url, "/", host=f"evil.example:{port}")[0] == 403, "a name rebound to 127.0.0.1"
    assert get(url, "/", method="POST")[0] == 501
    assert get(url, "/live/board.svg")[1]["Content-Type"] == "image/svg+xml"
    assert watching.stop(signal.SIGTERM) == 0


def test_a_port_taken_is_exit_2(tmp_path: Path, live):
    from conftest import run_pnp

    spec, watching, url = live
    done = run_pnp("preview", str(spec), "--out", str(tmp_path / "other"), "--watch", "--port", str(urlsplit(url).port))
    assert done.returncode == 2 and "--port" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "other").exists()


# --- in a browser ----------------------------------------------------------------------------------------------------

@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed: run `make browser` (optional, see docs/contributing/tests.md) "
                                             "to open the live preview in a real browser")
def test_the_page_follows_an_edit_in_chromium(tmp_path: Path, live):
    """Edit, save, and the open page shows the new board by itself; a bad save shows its error over the page."""
    from playwright.sync_api import sync_playwright

    spec, watching, url = live
    problems: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
            page.goto(url, wait_until="load")
            showing(page, "1")
            facts = '[data-asset="board"] .facts'
            small = page.inner_text(facts)
            save(spec, BOARD.format(side=11))
            showing(page, "2")
            assert page.inner_text(facts) != small, "the new board's facts"
            assert page.evaluate("document.querySelector('[data-asset=board] img').naturalWidth") > 0
            save(spec, BOARD.format(side=10))
            page.wait_for_selector("#pnp-errors", timeout=15_000)
            assert "live.yaml:3: board.side: 10 gives 55 cells" in page.inner_text("#pnp-errors")
            assert page.inner_text(facts) != small, "the last good board"
            save(spec, BOARD.format(side=8))
            showing(page, "4")
            assert page.query_selector("#pnp-errors") is None and page.inner_text(facts) == small
        finally:
            browser.close()
    assert problems == []


def showing(page, version: str) -> None:
    """Wait until the page shows the gallery of this version (live.js marks it on the root element). Looked at from
    outside the page: its policy forbids the eval that Playwright's own waiting uses, as it should."""
    from playwright.sync_api import Error

    for _ in range(15_000 // 20):
        try:
            if page.evaluate("document.documentElement.dataset.liveVersion") == version:
                return
        except Error:   # the page is reloading
            pass
        page.wait_for_timeout(20)
    raise AssertionError(f"the page never showed version {version}")
