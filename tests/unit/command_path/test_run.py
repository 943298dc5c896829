"""Running an admitted command: its outcome is counted and logged while the command's ids
are still bound, so the outcome's line names its table and command (as the JSON logs and
the operations page promise)."""

from __future__ import annotations

import logging
from collections.abc import Mapping

import pytest
from president.command_path import run
from president.contract import Accepted, Pass
from president.runtime.logs import current_ids

pytestmark = pytest.mark.unit


class _IdsSeen(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.seen: list[tuple[str, Mapping[str, str]]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append((record.getMessage(), dict(current_ids())))


async def test_the_outcome_line_carries_the_commands_ids() -> None:
    command = Pass(command_id="c-1", table_id="t-1", seat=0, seat_token="x" * 32)

    async def handle(command: Pass, requester: object) -> Accepted:
        return Accepted(
            command_id=command.command_id, stream_id="game-t-1", first_version=3, last_version=3
        )

    logger = logging.getLogger("president.command_path.admission")
    seen, level = _IdsSeen(), logger.level
    logger.addHandler(seen)
    logger.setLevel(logging.DEBUG)
    try:
        await run("p.cmd.game.t-1", command, handle=handle, kind="game", service="engine")
    finally:
        logger.removeHandler(seen)
        logger.setLevel(level)

    assert seen.seen == [
        ("Pass: accepted", {"table_id": "t-1", "command_id": "c-1", "correlation_id": "t-1"})
    ]
    assert current_ids() == {}  # unbound once answered
