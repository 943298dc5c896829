"""The lobby projection of a table and its game."""

from __future__ import annotations

from services.table.lobby_view import project
from tests.unit.game.test_table import started


def test_the_lobby_follows_a_table_from_open_to_playing_to_finished() -> None:
    summary = None
    for event in started("f").log:
        summary = project(summary, "table", "f", event.version, event.type, event.data)
    assert summary is not None and summary.status == "playing"
    assert [s.kind for s in summary.seats] == ["ai", "ai", "ai"]
    summary = project(summary, "game", "f", 1, "GameEnded", {"rounds": 1, "scores": [1, 2, 3]})
    assert summary is not None and summary.status == "finished"
    assert project(None, "game", "zz", 1, "GameCreated", {}) is None


def test_a_table_closed_unstarted_is_finished_in_the_lobby() -> None:
    opened = project(None, "table", "c", 1, "TableCreated", {"table_id": "c", "players": 3})
    assert opened is not None and opened.status == "open"
    closed = project(opened, "table", "c", 2, "TableClosed", {"closed_by": "web"})
    assert closed is not None and closed.status == "finished" and closed.version == 2
