"""A flood of bad seat tickets on the browsers' WebSocket listener (issue 34: at 600-1,200
refusals a second the games kept 45-57 % of their pace): the auth callout holds each
source address to a few bad tickets and refuses the rest of its attempts unread and
unsigned: the responder's CPU per attempt stays under 0.25 ms (the code before: 0.36-0.39).
The all-AI tables' actions/s during the flood against the test's own baseline, taken just
before it on the same stack, are printed (the issue's target: 70 %), not asserted: the
flooding process runs on the same shared 2-core machine and reaches only 200-350
attempts/s, and in seven runs the share moved between 28 and 110 % with no pattern between
the code before and after (docs/security.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from president_tools.cli.bench_tickets import run_ticket_bench
from president_tools.loadtest.tickets import TicketFloodOptions
from president_tools.stack import ServiceStack

from tests.e2e.web.conftest import web_stack

CALLOUT_MS_AT_MOST = 0.25
"""The web process's CPU per attempt during the flood (the responder's: the code before
spent 0.36-0.39 ms on each, a signature checked, a ticket read, an answer signed)."""


@pytest.fixture(scope="module")
def stack(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceStack]:
    yield from web_stack(database_url, tmp_path_factory.mktemp("tickets"))


@pytest.mark.alone
@pytest.mark.timeout(300)
def test_a_bad_ticket_flood_leaves_the_games_their_pace(
    stack: ServiceStack, capsys: pytest.CaptureFixture[str]
) -> None:
    # Shorter than the command's defaults (8 s before, 15 s of flood): what is asserted is
    # per attempt, and a few thousand attempts measure it as well.
    report = run_ticket_bench(stack, TicketFloodOptions(before=4.0, seconds=8.0))
    flood = report["flood"]
    callout_ms = report["callout_ms_per_attempt"]
    with capsys.disabled():
        print(
            f"\nbad-ticket flood: {flood['attempts']} attempts at {flood['per_s']}/s;"
            f" tables {report['before_actions_per_s']} -> {report['during_actions_per_s']}"
            f" actions/s, kept {report['kept']:.0%}; answers {flood['answers']};"
            f" the callout's CPU {callout_ms:.3f} ms per attempt; the flooder's own"
            f" {flood['flooder_cpu_s']} s; CPU s before"
            f" {report['cpu_s_before']}, during {report['cpu_s_during']}"
        )
    assert "accepted" not in flood["answers"]
    assert flood["answers"].get("refused", 0) > flood["attempts"] * 0.9, flood
    assert report["games_ended"] == report["games_started"]
    assert callout_ms <= CALLOUT_MS_AT_MOST, report
