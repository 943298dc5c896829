"""`president bench store` runs end to end and checks its replay (tiny counts)."""

from __future__ import annotations

from president_tools import store_bench as bench


async def test_the_store_bench_reports_every_figure(migrated_url: str) -> None:
    figures = await bench.run(migrated_url, appends=40, batches=3)
    assert figures["replay_events"] == 40 + 40 + 300  # warm-up, timed appends, batches
    for key in ("append_per_s", "raw_insert_per_s", "batch_events_per_s", "replay_events_per_s"):
        assert figures[key] > 0
