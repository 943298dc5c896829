"""Stream ids of the services' streams, read in one place."""

from __future__ import annotations

import pytest
from president.contract.subjects import table_id_of_stream, table_of_stream

pytestmark = pytest.mark.unit


def test_a_table_id_may_hold_dashes_and_other_streams_are_no_tables() -> None:
    assert table_id_of_stream("game-a-b") == ("game", "a-b")
    assert table_of_stream("table-a-b") == "a-b"
    for stream in ("lobby-x", "game-", "game", "relay"):
        assert table_id_of_stream(stream) is None
        with pytest.raises(ValueError):
            table_of_stream(stream)
