"""`scoresheet serve`'s routes: what each method and path gets once the key is right
(and that a wrong key gets 403 whatever the method), as the route table answers it.

The server is the real console script, started on a free loopback port.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.cli_helpers import ROOT
from tests.serve_helpers import request, serving

NOT_FOUND = (404, b"not found\n")
NOT_ALLOWED = (405, b"method not allowed\n")


def test_each_method_and_path_gets_its_status(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    shutil.copy(ROOT / "examples" / "rosbiratschka.json", game)
    with serving(game) as s:
        page = s.score  # http://127.0.0.1:PORT/KEY/
        key = page.rsplit("/", 2)[1]
        base = page[: -len(key) - 1]
        json_headers = {"Content-Type": "application/json"}
        expected = {
            ("GET", "deals/19"): NOT_FOUND,
            ("GET", "undo"): NOT_FOUND,
            ("GET", "state/x"): NOT_FOUND,
            ("GET", "/"): NOT_FOUND,
            ("GET", "static/sheet.js"): NOT_FOUND,
            ("POST", ""): NOT_FOUND,
            ("POST", "state"): NOT_FOUND,
            ("POST", "sheet.js"): NOT_FOUND,
            ("POST", "deals/123456"): NOT_FOUND,
            ("POST", "deals/19/ask/x"): NOT_FOUND,
            ("PUT", ""): NOT_ALLOWED,
            ("PUT", "deals/19"): NOT_ALLOWED,
            ("DELETE", "state"): NOT_ALLOWED,
            ("DELETE", "nowhere"): NOT_ALLOWED,
        }
        for (method, rest), answer in expected.items():
            status, body, _ = request(method, page + rest, "{}", json_headers)
            assert (status, body) == answer, (method, rest)
        for method in ("GET", "POST", "PUT"):
            status, _, headers = request(method, base + key)
            assert (status, headers["location"]) == (307, f"/{key}/"), method
            status, body, _ = request(method, base + "x" + key[1:] + "/state")
            assert (status, body) == (403, b"forbidden\n"), method
        status, body, _ = request("HEAD", page + "state")
        assert (status, body) == (200, b"")
