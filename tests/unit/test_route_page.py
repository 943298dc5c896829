"""docs/route.md is the route the code takes now: regenerated, it reads the same."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

pytestmark = pytest.mark.unit


def _route_page() -> ModuleType:
    return importlib.import_module("president_tools.route_page")


def test_the_route_page_matches_the_code() -> None:
    route_page = _route_page()
    assert route_page.PAGE.read_text(encoding="utf-8") == route_page.page(), (
        "docs/route.md no longer matches the code: run `president route --write` and read"
        " the difference"
    )


def test_every_stop_of_the_loop_after_the_commit_is_a_function_of_the_code() -> None:
    route_page = _route_page()
    stops = [stop for _, _, part in route_page.LOOP for stop in part]
    assert len(stops) > 10
    for stop in stops:
        assert route_page._code_of(stop).co_name == stop.rpartition(".")[2].rpartition(":")[2]
    with pytest.raises(AttributeError):
        route_page._code_of("services.engine.reactor:Reactor.no_such_stop")
