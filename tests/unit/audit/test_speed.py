"""Auditing a finished 6-player series of 10 rounds takes well under one second."""

from __future__ import annotations

import io
import time

import pytest
from president.audit import audit_bundle, audit_events, write_bundle
from president.rules import Options
from president_tools.sample import play_sample_game, recorded_game


@pytest.mark.alone
def test_a_six_player_ten_round_series_audits_in_under_a_second() -> None:
    game = play_sample_game("speed", Options(players=6, rounds=10), seed=11)
    events = recorded_game(game)
    out = io.BytesIO()
    write_bundle(game.stream_id, game.table_id, events, out)
    started = time.perf_counter()
    assert audit_events(events).ok
    assert audit_bundle(out.getvalue()).ok
    assert time.perf_counter() - started < 1.0
