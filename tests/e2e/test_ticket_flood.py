"""A flood of bad seat tickets on the browsers' WebSocket listener (issue 34: at 600-1,200
refusals a second the games kept 45-57 % of their pace): the auth callout holds each
source address to a few bad tickets and refuses the rest of its attempts unread and
unsigned: the responder's CPU per attempt stays under 0.25 ms (the code before: 0.36-0.39).

The flooding process runs on the same shared 2-core machine as the platform, so the
tables' actions/s during the flood against their own baseline before it (``kept``) counts
the attacker's CPU as the platform's loss, and the machine's other work besides: it moved
between 28 and 110 % over seven runs, and is printed, not asserted. The bench's control
separates the flood's cost on our side: half of the flood's length before it and half
after, a process burns the CPU the flooder burned per second (a busy loop, no flood), and
the tables' actions/s during the flood against that control (``kept_vs_control``) is what
the server side of the flood alone costs them (nats-server's upgrades and callout
requests, the web process's refusals). It is printed too, not asserted: the bench's
three quiet runs gave 72-78 %, this test's shorter windows 68 % quiet and 94 % under two
busy loops (the flooder, starved, reached 237 attempts/s instead of 515), and two
flood-free windows of one run differ by up to 30 % on this machine (docs/security.md):
a floor of 0.7 would fail on noise, and one it held reliably would catch little."""

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
    flood, control = report["flood"], report["control"]
    callout_ms = report["callout_ms_per_attempt"]
    with capsys.disabled():
        print(
            f"\nbad-ticket flood: {flood['attempts']} attempts at {flood['per_s']}/s;"
            f" tables {report['before_actions_per_s']} -> {report['during_actions_per_s']}"
            f" actions/s, kept {report['kept']:.0%}; control"
            f" {report['control_actions_per_s']} actions/s"
            f" ({' and '.join(str(half['actions_per_s']) for half in control['halves'])}),"
            f" kept_vs_control {report['kept_vs_control']:.0%}; answers {flood['answers']};"
            f" the callout's CPU {callout_ms:.3f} ms per attempt; the flooder's own"
            f" {flood['sending_cpu_s']} s in {flood['seconds']} s, the control's"
            f" {report['control_cpu_s']} s in {control['window_s']} s; CPU s before"
            f" {report['cpu_s_before']}, during {report['cpu_s_during']}, control"
            f" {report['cpu_s_control']}"
        )
    for attempts in (flood, control["probe"]):
        assert "accepted" not in attempts["answers"]
        assert attempts["answers"].get("refused", 0) > attempts["attempts"] * 0.9, attempts
    assert report["games_ended"] == report["games_started"]
    assert callout_ms <= CALLOUT_MS_AT_MOST, report
