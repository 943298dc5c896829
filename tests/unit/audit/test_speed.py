"""A finished 6-player series of 10 rounds audits clean from its events and from its
bundle. How fast is the figure of ``president bench audit`` (audit_ms, the same series),
not of the suite, whose machine is as loaded as it happens to be."""

from __future__ import annotations

import io

from president.audit import audit_bundle, audit_events, write_bundle
from president.rules import Options
from president_tools.sample import play_sample_game, recorded_game


def test_a_six_player_ten_round_series_audits_clean_from_its_events_and_its_bundle() -> None:
    game = play_sample_game("speed", Options(players=6, rounds=10), seed=11)
    events = recorded_game(game)
    out = io.BytesIO()
    write_bundle(game.stream_id, game.table_id, events, out)
    assert audit_events(events).ok
    assert audit_bundle(out.getvalue()).ok
