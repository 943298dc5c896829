"""The chaos suite's figures and verdicts, from made-up measurements."""

from __future__ import annotations

import dataclasses
import uuid
from datetime import UTC, datetime

import pytest
from president.store import RecordedEvent
from president_tools.chaos.checks import (
    game_ends,
    longest_pause,
    play_ended,
    recovery_after,
    resumed_after,
)
from president_tools.chaos.result import ExperimentResult


def test_recovery_is_the_first_action_after_the_fault_ended() -> None:
    assert recovery_after([1.0, 5.0, 12.5, 13.0], 10.0) == pytest.approx(2.5)
    assert recovery_after([1.0, 5.0], 10.0) is None


def test_the_longest_pause_counts_from_the_fault_start_to_the_end() -> None:
    assert longest_pause([11.0, 12.0, 30.0], start=10.0, end=31.0) == pytest.approx(18.0)
    assert longest_pause([], start=10.0, end=40.0) == pytest.approx(30.0)
    assert longest_pause([5.0, 50.0], start=10.0, end=40.0) == pytest.approx(30.0)


def test_the_quiet_after_every_game_ended_within_the_fault_is_no_pause() -> None:
    # Measured (relays-freeze-active): the standby published 3.7 s into a 30 s freeze and
    # the games ended 10.6 s into it; counting on to the fault's end gave a 19.5 s "pause".
    actions = [10.0, 13.7, 14.0, 20.6]
    end = play_ended(actions, fault_ended=40.0, every_game_ended=True)
    assert end == pytest.approx(20.6)
    assert longest_pause(actions, start=10.0, end=end) == pytest.approx(6.6)
    # Games still unfinished: the stretch up to the fault's end counts.
    assert play_ended(actions, fault_ended=40.0, every_game_ended=False) == pytest.approx(40.0)
    assert play_ended([45.0], fault_ended=40.0, every_game_ended=False) == pytest.approx(45.0)


def _sound(**changes: object) -> ExperimentResult:
    result = ExperimentResult(
        "kill-engine",
        fault_s=5.0,
        recovery_s=2.0,
        games_started=8,
        games_finished=8,
        audits_clean=8,
        processes={"engine-1": "ready", "relay-1": "ready"},
    )
    for key, value in changes.items():
        setattr(result, key, value)
    return result


def test_a_sound_experiment_passes_and_prints_the_issue_keys() -> None:
    result = _sound()

    result.judge()

    assert result.passed
    figures = result.to_json()
    for key in ("name", "fault_s", "recovery_s", "games_started", "games_finished"):
        assert key in figures
    for key in ("audits_clean", "events_lost", "events_doubled", "passed", "detail"):
        assert key in figures
    assert figures["verdicts"] == {"missing": 0, "doubled": 0, "failed": 0}


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"games_finished": 7}, "never finished"),
        ({"audits_clean": 7}, "not audited clean"),
        ({"pg_events_lost": 1}, "lost"),
        ({"js_events_doubled": 2}, "doubled"),
        ({"processes": {"engine-1": "not ready (/readyz 503)"}}, "not serving"),
        ({"recovery_s": None}, "no action after"),
        ({"recovery_s": 10.5}, "over 10s"),
        ({"verdicts_missing": 1}, "1 game(s) without one"),
        ({"verdicts_doubled": 1}, "1 doubled"),
        ({"verdicts_failed": 1}, "1 AuditFailed"),
    ],
)
def test_each_broken_promise_fails_the_experiment(changes: dict[str, object], reason: str) -> None:
    result = _sound(**changes)

    result.judge()

    assert not result.passed
    assert reason in result.to_json()["detail"]


def test_lost_and_doubled_add_up_the_log_and_jetstream() -> None:
    result = _sound(pg_events_lost=1, js_events_lost=2, pg_events_doubled=3, js_events_doubled=4)

    result.judge()

    assert (result.events_lost, result.events_doubled) == (3, 7)


def _action(committed_at: float) -> RecordedEvent:
    return RecordedEvent(
        stream_id="game-t1",
        version=1,
        event_id=uuid.uuid4(),
        position=1,
        tx_id=1,
        type="CardsPlayed",
        schema_version=1,
        data={},
        metadata={},
        recorded_at=datetime.fromtimestamp(committed_at, UTC),
        prev_hash="",
        hash="",
    )


def test_a_backlog_committed_before_the_fault_ended_is_no_recovery() -> None:
    backlog, resumed = _action(95.0), _action(103.0)
    published = {str(backlog.event_id): 100.5, str(resumed.event_id): 104.0}

    assert resumed_after(published, {"game-t1": [backlog, resumed]}, 100.0) == pytest.approx(4.0)
    assert resumed_after({str(backlog.event_id): 100.5}, {"game-t1": [backlog]}, 100.0) is None


def test_the_verdicts_awaited_are_one_per_game_that_ended() -> None:
    played, ended = _action(1.0), dataclasses.replace(_action(2.0), type="GameEnded")
    events = {"game-t1": [played, ended], "table-t1": [], "game-t2": [_action(3.0)]}

    assert game_ends(events) == {"t1": str(ended.event_id)}
