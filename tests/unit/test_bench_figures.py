"""The arithmetic of ``bench e2e``'s closing-note figures (``loadtest.figures``)."""

from __future__ import annotations

import pytest
from president_tools.loadtest.figures import (
    Window,
    bytes_per_action,
    cpu_ms_per_action,
    figures,
    ratio_to_pg_commits,
    role_of,
)

WINDOW = Window(
    actions=500,
    seconds=5.0,
    cpu_s_by_process={
        "relay-1": 0.1,
        "table-1": 0.05,
        "engine-1": 0.25,
        "engine-2": 0.2,
        "ai-worker-1": 0.1,
        "auditor-1": 0.05,
    },
    cpu_s_by_server={"postgres": 0.2, "nats-server-1": 0.15, "nats-server-2": 0.05},
    prompt_bytes=400_000,
    decision_request_bytes=300_000,
)


def test_a_process_name_gives_its_role_and_a_server_name_stays_whole() -> None:
    assert role_of("engine-2") == "engine"
    assert role_of("ai-worker-11") == "ai-worker"
    assert role_of("nats-server") == "nats-server"
    assert role_of("postgres") == "postgres"


def test_the_ratio_is_actions_per_second_over_bare_commits_per_second() -> None:
    assert ratio_to_pg_commits(WINDOW.actions_per_s, 1000.0) == pytest.approx(0.1)
    assert ratio_to_pg_commits(100.0, None) is None
    assert ratio_to_pg_commits(100.0, 0.0) is None


def test_cpu_per_action_is_given_per_process_and_summed_by_kind() -> None:
    ms = cpu_ms_per_action(WINDOW)

    assert ms is not None
    assert ms["engine-1"] == pytest.approx(0.5) and ms["engine-2"] == pytest.approx(0.4)
    assert ms["postgres"] == pytest.approx(0.4)
    assert ms["services"] == pytest.approx(0.2 + 0.1 + 0.5 + 0.4 + 0.2)  # no auditor
    assert ms["servers"] == pytest.approx(0.4 + 0.3 + 0.1)
    assert ms["all"] == pytest.approx(ms["services"] + 0.1 + ms["servers"])  # with it


def test_no_action_gives_no_per_action_figure_rather_than_a_division_by_zero() -> None:
    idle = Window(actions=0, seconds=5.0, cpu_s_by_process={"engine-1": 0.1})

    assert cpu_ms_per_action(idle) is None
    assert bytes_per_action(1000, 0) is None
    assert bytes_per_action(None, 10) is None
    assert figures(idle, 1000.0)["ratio_to_pg_commits"] == 0.0


def test_the_report_keys_of_the_closing_note() -> None:
    report = figures(WINDOW, 2000.0)

    assert report["ratio_to_pg_commits"] == pytest.approx(0.05)
    assert report["cpu_s_by_server"] == dict(WINDOW.cpu_s_by_server)
    assert report["cpu_ms_per_action"] == cpu_ms_per_action(WINDOW)
    assert report["prompt_bytes_per_action"] == pytest.approx(800.0)
    assert report["decision_request_bytes_per_action"] == pytest.approx(600.0)
