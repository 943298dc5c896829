"""`president bench ai-worker`'s run: a real worker process answers every request fed to
it on a real (authenticated, embedded) NATS, and its CPU is counted."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from president.contract import DecisionRequest
from president_tools.loadtest.decisions import (
    DecisionBenchOptions,
    decision_requests,
    run_decision_bench,
)

pytestmark = pytest.mark.integration


def test_the_requests_are_every_turn_of_whole_rounds_with_growing_views() -> None:
    bodies = decision_requests(120)

    requests = [DecisionRequest.model_validate_json(body) for body in bodies]
    assert len(requests) == 120
    assert len({(r.table_id, r.stream_version) for r in requests}) == 120
    first_table = [r for r in requests if r.table_id == requests[0].table_id]
    assert len(first_table) > 10  # a round is many turns
    sizes = [len(orjson.dumps(orjson.loads(b)["view"])) for b in bodies[: len(first_table)]]
    assert sizes[0] != sizes[-1]  # the views change over the round


@pytest.mark.timeout(120)
@pytest.mark.parametrize("rate", [0.0, 300.0], ids=["queue-full", "steady-rate"])
def test_every_request_is_decided_answered_and_its_cpu_counted(tmp_path: Path, rate: float) -> None:
    options = DecisionBenchOptions(decisions=300, warmup=50, rate=rate)

    report = run_decision_bench(options, tmp_path)

    assert report["decisions"] == 300  # the run returns once the engine got them all
    assert report["seconds"] > 0 and report["decisions_per_s"] > 0
    assert report["worker_cpu_s"] > 0
    assert report["cpu_us_per_decision"] == pytest.approx(
        1e6 * report["worker_cpu_s"] / 300, rel=0.01
    )
    if rate:
        assert report["seconds"] >= 300 / rate * 0.9  # the requests were paced
