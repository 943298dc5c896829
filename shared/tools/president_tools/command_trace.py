"""How far one game command travels through the code: the calls of project functions from
the engine's request entry point (bytes in) to its reply (bytes out), traced with the
in-memory adapters, for an accepted move and for one refused for a forged seat token."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import president

import services

ROOTS = tuple(
    str(Path(str(package.__file__)).resolve().parent) + os.sep for package in (president, services)
)
"""The library and the services (the tooling, this module included, is not counted)."""
REQUESTER = "integrator"
TABLE = "trace"


@dataclass(frozen=True)
class Trace:
    """``calls``: project functions entered (a coroutine once, however often it resumed);
    ``files``: the files they are in; ``returns_to_another_file``: calls that returned
    to a caller in another file."""

    calls: int
    files: int
    returns_to_another_file: int

    def to_json(self) -> dict[str, int]:
        return {
            "calls": self.calls,
            "files": self.files,
            "returns_to_another_file": self.returns_to_another_file,
        }


def _project(frame: FrameType | None) -> str | None:
    if frame is None:
        return None
    name = frame.f_code.co_filename
    return name if name.startswith(ROOTS) else None


async def _traced(request: Any) -> tuple[Trace, bytes]:
    frames: dict[int, str] = {}
    keep: list[FrameType] = []  # alive until the end, so no id is reused
    returned_to: dict[int, str | None] = {}

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        if event not in ("call", "return"):
            return
        file = _project(frame)
        if file is None:
            return
        key = id(frame)
        if event == "call" and key not in frames:
            frames[key] = file
            keep.append(frame)
        elif event == "return":
            returned_to[key] = _project(frame.f_back)  # the last return is the real one

    sys.setprofile(profile)
    try:
        reply: bytes = await request
    finally:
        sys.setprofile(None)
    elsewhere = sum(
        1 for key, caller in returned_to.items() if caller is not None and caller != frames[key]
    )
    return Trace(len(frames), len(set(frames.values())), elsewhere), reply


async def trace_game_commands() -> dict[str, Any]:
    """Trace an accepted ``PlayCards``/``Pass`` and a refused one (a forged token)."""
    from president.bus.identity import Requester
    from president.contract import Pass, PlayCards, stream_id_of_table
    from president.game.events import GameStartRequested, SeatTaken, TableCreated
    from president.game.fold import seats_to_act
    from president.game.tokens import token_sha256
    from president.rules import Play
    from president.rules.engine import legal_actions
    from president.store import NewEvent
    from president.store.memory import InMemoryEventStore

    from services.engine.engine import Engine
    from services.engine.mechanisms.sessions import MemoryTableSessions
    from services.engine.requests import handle_request

    store = InMemoryEventStore()
    counter = itertools.count(1)
    engine = Engine(
        store, MemoryTableSessions(store), secret="trace", new_seed=lambda: f"{next(counter):064x}"
    )
    players = 4
    events = [
        TableCreated(table_id=TABLE, players=players),
        *(
            SeatTaken(seat=s, player_name=f"p{s}", token_sha256=token_sha256(f"token-{s}"))
            for s in range(players)
        ),
        GameStartRequested(),
    ]
    await store.append(
        stream_id_of_table(TABLE),
        [
            NewEvent(
                type(e).__name__,
                e.model_dump(mode="json"),
                {"requested_by": REQUESTER} if isinstance(e, SeatTaken) else {},
            )
            for e in events
        ],
        expected_version=0,
    )
    await engine.start_game(TABLE)
    requester = Requester(REQUESTER)  # as the subscriber hands it on, from the header

    async def move(number: int, token: str | None = None) -> tuple[Trace, bytes]:
        game = await engine.games.load(TABLE)
        assert game.state is not None
        seat = seats_to_act(game.state)[0]
        action = legal_actions(game.state, seat)[0]
        command_id, token = f"trace-{number}", token or f"token-{seat}"
        command: PlayCards | Pass = (
            PlayCards(
                command_id=command_id,
                table_id=TABLE,
                seat=seat,
                seat_token=token,
                cards=list(action.cards),
            )
            if isinstance(action, Play)
            else Pass(command_id=command_id, table_id=TABLE, seat=seat, seat_token=token)
        )
        subject = f"president.cmd.game.{TABLE}"
        raw = command.model_dump_json().encode()
        return await _traced(handle_request(engine, subject, raw, requester))

    # The game loaded and cached, and each outcome's metrics once (their labelled children
    # are cached after a process's first): as for every move after a table's first.
    await move(0)
    await move(-1, token="forged-token")
    accepted, accepted_reply = await move(1)
    refused, refused_reply = await move(2, token="forged-token")
    assert b'"Accepted"' in accepted_reply, accepted_reply
    assert b"BAD_TOKEN" in refused_reply, refused_reply
    return {"accepted": accepted.to_json(), "refused": refused.to_json()}


def command_figures() -> dict[str, Any]:
    """:func:`trace_game_commands` in an event loop of its own."""
    return asyncio.run(trace_game_commands())


if __name__ == "__main__":
    print(json.dumps(command_figures(), indent=2))
