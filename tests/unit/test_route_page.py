"""docs/route.md is the route the code takes now: regenerated, it reads the same."""

from __future__ import annotations

import pytest
from president_tools.route_page import LOOP, PAGE, _code_of, page

pytestmark = pytest.mark.unit


def test_the_route_page_matches_the_code() -> None:
    assert PAGE.read_text(encoding="utf-8") == page(), (
        "docs/route.md no longer matches the code: run `president route --write` and read"
        " the difference"
    )


def test_every_stop_of_the_loop_after_the_commit_is_a_function_of_the_code() -> None:
    stops = [stop for _, _, part in LOOP for stop in part]
    assert len(stops) > 10
    for stop in stops:
        assert _code_of(stop).co_name == stop.rpartition(".")[2].rpartition(":")[2]
    with pytest.raises(AttributeError):
        _code_of("services.engine.reactor:Reactor.no_such_stop")
