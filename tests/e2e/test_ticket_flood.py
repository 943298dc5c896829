"""A flood of bad seat tickets on the browsers' door to the WebSocket listener (issue 34:
at 600-1,200 refusals a second the games kept 45-57 % of their pace; "a bad-ticket flood
does not slow a game below 70 %").

nats-server spent about half a millisecond of CPU on each refused connect (an HTTP
upgrade, a client, a fresh user nkey and a signed authorization request, whatever the
callout answers: docs/security.md), so the door in ``president web`` holds each address
to its budget of bad tickets and resets the rest before nats-server sees them.

The flooding process runs on the same shared 2-core machine as the platform, so what the
games keep is measured against a control (``president_tools.loadtest.tickets``): half of
the flood's length before it and half after, a process burns the CPU the flooder burned
per second, with no flood. Two assertions, each with a wide margin on both sides:

- What one refused connect costs nats-server: its CPU during the flood beyond what the
  control says it spends on as many game actions, per attempt. A CPU clock, not a pace,
  and normalised by the games' own work, so the machine's load moves it little: the
  server side before the door cost 0.4-0.67 ms (five measurements, idle and under the
  games), the door leaves 0.01-0.03; the ceiling of 0.15 ms fails the first by three
  times and holds the second by five.
- The issue's line, the games' actions/s during the flood against the control's
  (``kept_vs_control``) at least 0.7: it was 0.68-0.78 before the door (0.94 when two
  busy loops starved the flooder, which is why the cost per attempt above is what tells
  the old code from the new); with the door the flood's server side is a few hundredths
  of a core and the games keep 0.9-1.0 of the control. Windows of 12 s and 6 + 6 s span
  several of the all-AI games' lifetimes, where the 4 s windows of before swung by up to
  30 % with no flood at all."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from president_tools.cli.bench_tickets import run_ticket_bench
from president_tools.loadtest.tickets import TicketFloodOptions
from president_tools.stack import ServiceStack

from tests.e2e.web.conftest import web_stack

NATS_MS_AT_MOST = 0.15
"""nats-server's CPU per refused attempt beyond its game work (the code before the door:
0.4-0.67 ms; with it 0.01-0.03)."""
WEB_MS_AT_MOST = 0.25
"""The web process's CPU per attempt (the door's resets; before it, the callout's empty
answers: 0.09-0.16 ms, and 0.36-0.39 ms when it still checked every request)."""
KEPT_AT_LEAST = 0.7
"""The issue's line: the games' pace during the flood against the control's."""


@pytest.fixture(scope="module")
def stack(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceStack]:
    yield from web_stack(database_url, tmp_path_factory.mktemp("tickets"))


@pytest.mark.alone
@pytest.mark.timeout(300)
def test_a_bad_ticket_flood_leaves_the_games_their_pace(
    stack: ServiceStack, capsys: pytest.CaptureFixture[str]
) -> None:
    report = run_ticket_bench(stack, TicketFloodOptions(before=4.0, seconds=12.0))
    flood, control = report["flood"], report["control"]
    cost = report["flood_ms_per_attempt"]
    with capsys.disabled():
        print(
            f"\nbad-ticket flood: {flood['attempts']} attempts at {flood['per_s']}/s;"
            f" tables {report['before_actions_per_s']} -> {report['during_actions_per_s']}"
            f" actions/s, kept {report['kept']:.0%}; control"
            f" {report['control_actions_per_s']} actions/s"
            f" ({' and '.join(str(half['actions_per_s']) for half in control['halves'])}),"
            f" kept_vs_control {report['kept_vs_control']:.0%}; answers {flood['answers']};"
            f" CPU ms per attempt: nats-server {cost.get('nats-server')}, web"
            f" {cost.get('web-1')}; the flooder's own {flood['sending_cpu_s']} s in"
            f" {flood['seconds']} s, the control's {report['control_cpu_s']} s in"
            f" {control['window_s']} s; CPU s before {report['cpu_s_before']}, during"
            f" {report['cpu_s_during']}, control {report['cpu_s_control']}"
        )
    for attempts in (flood, control["probe"]):
        answers = attempts["answers"]
        assert "accepted" not in answers
        refused = sum(answers.get(name, 0) for name in ("refused", "reset", "http 429"))
        assert refused > attempts["attempts"] * 0.9, attempts
    assert report["games_ended"] == report["games_started"]
    assert cost["nats-server"] <= NATS_MS_AT_MOST, report
    assert cost["web-1"] <= WEB_MS_AT_MOST, report
    assert report["kept_vs_control"] >= KEPT_AT_LEAST, report
