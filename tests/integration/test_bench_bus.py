"""`president bench bus` measures the same handlers on FastStream and nats-py, on a real
nats-server: every message answered or acknowledged, and each handler's CPU counted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from president_tools.infra.nats import EmbeddedNats
from president_tools.loadtest.bus import FRAMEWORKS, KINDS, measure, report

pytestmark = pytest.mark.integration


@pytest.fixture
def open_nats(tmp_path: Path) -> Iterator[str]:
    server = EmbeddedNats(tmp_path / "nats", auth=False)
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_each_handler_handles_every_message_and_its_cpu_is_counted(
    open_nats: str, tmp_path: Path, framework: str, kind: str
) -> None:
    run = measure(framework, kind, open_nats, tmp_path, 3000, 8)  # CPU ticks are 10 ms

    figures = run.to_json()
    assert figures["messages"] == 3000 and figures["messages_per_s"] > 0
    assert run.cpu_s > 0  # the handler's own process worked for them
    if kind == "request":
        assert len(run.latencies_ms) == 3000  # every request answered, validated
        assert figures["p99_ms"] >= figures["p50_ms"] > 0


def test_the_report_gives_the_median_round_of_each_pair(open_nats: str, tmp_path: Path) -> None:
    runs = [measure("nats-py", "request", open_nats, tmp_path, 200, 4) for _ in range(3)]

    summary = report(runs)

    assert len(summary["runs"]) == 3
    middle = sorted(r.cpu_s / r.messages for r in runs)[1]
    assert summary["median"]["request/nats-py"]["cpu_us_per_message"] == pytest.approx(1e6 * middle)
