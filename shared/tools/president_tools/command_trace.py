"""How far one game command travels through the code: the calls of project functions from
the engine's request entry point (bytes in) to its reply (bytes out), traced with the
in-memory adapters, for an accepted move and for one refused for a forged seat token."""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import sys
import time
from dataclasses import dataclass, field
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
    route: tuple[str, ...] = field(default=(), compare=False)
    """The calls in the order they were entered, each ``file:function``."""

    def to_json(self, route: bool = False) -> dict[str, Any]:
        figures: dict[str, Any] = {
            "calls": self.calls,
            "files": self.files,
            "returns_to_another_file": self.returns_to_another_file,
        }
        if route:
            figures["route"] = list(self.route)
        return figures


def _project(frame: FrameType | None) -> str | None:
    if frame is None:
        return None
    name = frame.f_code.co_filename
    return name if name.startswith(ROOTS) else None


async def _traced(request: Any) -> tuple[Trace, bytes]:
    frames: dict[int, str] = {}
    keep: list[FrameType] = []  # alive until the end, so no id is reused
    returned_to: dict[int, str | None] = {}
    route: list[str] = []

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
            route.append(f"{_short(file)}:{frame.f_code.co_name}")
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
    return Trace(len(frames), len(set(frames.values())), elsewhere, tuple(route)), reply


def _short(file: str) -> str:
    """``file`` from its package's folder on (``president/game/fold.py``)."""
    for root in ROOTS:
        if file.startswith(root):
            return Path(root).name + "/" + file[len(root) :]
    return file


async def trace_game_commands(*, route: bool = False, cpu: int = 0) -> dict[str, Any]:
    """Trace an accepted ``PlayCards``/``Pass`` and a refused one (a forged token); with
    ``route``, each with its calls in order; with ``cpu``, the CPU milliseconds per
    command of ``cpu`` untraced accepted and refused commands (games played out on
    tables of their own, a new one when one ends)."""
    from president.bus.identity import Requester
    from president.contract import stream_id_of_table
    from president.game.decide import to_game_command
    from president.game.events import GameStartRequested, SeatTaken, TableCreated
    from president.game.fold import seats_to_act
    from president.game.seats import token_sha256
    from president.rules.engine import legal_actions
    from president.store import NewEvent
    from president.store.memory import InMemoryEventStore

    from services.engine.requests import handle_request
    from services.engine.use_cases import Engine

    store = InMemoryEventStore()
    counter = itertools.count(1)
    engine = Engine(store, secret="trace", new_seed=lambda: f"{next(counter):064x}")
    players = 4

    async def open_table(table_id: str) -> None:
        events = [
            TableCreated(table_id=table_id, players=players),
            *(
                SeatTaken(seat=s, player_name=f"p{s}", token_sha256=token_sha256(f"token-{s}"))
                for s in range(players)
            ),
            GameStartRequested(),
        ]
        await store.append(
            stream_id_of_table(table_id),
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
        await engine.start_game(table_id)

    async def request(table_id: str, number: int, token: str | None = None) -> tuple[str, bytes]:
        """The subject and body of the next seat's first legal action."""
        game = await engine.games.load(table_id)
        assert game.state is not None
        seat = seats_to_act(game.state)[0]
        action = legal_actions(game.state, seat)[0]
        command = to_game_command(
            action,
            table_id=table_id,
            seat_token=token or f"token-{seat}",
            command_id=f"trace-{number}",
        )
        return f"president.cmd.game.{table_id}", command.model_dump_json().encode()

    async def move(number: int, token: str | None = None) -> tuple[Trace, bytes]:
        subject, raw = await request(TABLE, number, token)
        requester = Requester(REQUESTER)  # one a request, as the subscriber reads the header
        return await _traced(handle_request(engine, subject, raw, requester))

    await open_table(TABLE)
    # The game loaded and cached, and each outcome's metrics once (their labelled children
    # are cached after a process's first): as for every move after a table's first.
    await move(0)
    await move(-1, token="forged-token")
    accepted, accepted_reply = await move(1)
    refused, refused_reply = await move(2, token="forged-token")
    assert b'"Accepted"' in accepted_reply, accepted_reply
    assert b"BAD_TOKEN" in refused_reply, refused_reply
    figures = {"accepted": accepted.to_json(route), "refused": refused.to_json(route)}
    if cpu:
        tables = (f"cpu-{n}" for n in itertools.count())
        table_id = next(tables)
        await open_table(table_id)
        spent = {"accepted": 0.0, "refused": 0.0}
        for number in range(cpu):
            game = await engine.games.load(table_id)
            if game.state is None or not seats_to_act(game.state):
                table_id = next(tables)
                await open_table(table_id)
            for outcome, token, expected in (
                ("refused", "forged-token", b"BAD_TOKEN"),
                ("accepted", None, b'"Accepted"'),
            ):
                subject, raw = await request(table_id, number, token)
                started = time.process_time()
                reply = await handle_request(engine, subject, raw, Requester(REQUESTER))
                spent[outcome] += time.process_time() - started
                assert expected in reply, reply
        for outcome, seconds in spent.items():
            figures[outcome]["cpu_ms"] = round(seconds * 1000 / cpu, 4)
    return figures


def command_figures(*, route: bool = False, cpu: int = 0) -> dict[str, Any]:
    """:func:`trace_game_commands` in an event loop of its own."""
    return asyncio.run(trace_game_commands(route=route, cpu=cpu))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The trace's flags: ``--route`` and ``--cpu``."""
    parser.add_argument(
        "--route", action="store_true", help="print each traced command's calls in order"
    )
    parser.add_argument(
        "--cpu",
        nargs="?",
        type=int,
        const=200,
        default=0,
        metavar="N",
        help="the CPU milliseconds per command of N untraced commands (200)",
    )


if __name__ == "__main__":
    arguments = argparse.ArgumentParser(description=__doc__)
    add_arguments(arguments)
    options = arguments.parse_args()
    print(json.dumps(command_figures(route=options.route, cpu=options.cpu), indent=2))
