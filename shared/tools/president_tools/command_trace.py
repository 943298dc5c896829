"""How far a game command travels through the code: the project calls from the engine's
subscription callback (bytes in) to its reply's publish (bytes out), wired as an engine
process wires them over the in-memory store, for a move accepted and one with a forged token."""

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
from types import CodeType, FrameType
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
    codes: tuple[CodeType, ...] = field(default=(), compare=False, repr=False)
    """The code of each call of ``route``."""

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
    codes: list[CodeType] = []

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
            codes.append(frame.f_code)
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
    route = tuple(f"{_short(c.co_filename)}:{c.co_qualname}" for c in codes)
    return Trace(len(frames), len(set(frames.values())), elsewhere, route, tuple(codes)), reply


def _short(file: str) -> str:
    """``file`` from its package's folder on (``president/game/fold.py``)."""
    for root in ROOTS:
        if file.startswith(root):
            return Path(root).name + "/" + file[len(root) :]
    return file


class _Bus:
    """The command connection of an engine on a server that authenticates: it subscribes
    nothing and keeps the replies published."""

    is_closed = False

    def __init__(self) -> None:
        self._server_info = {"auth_required": True}
        self.replies: asyncio.Queue[bytes] = asyncio.Queue()

    async def subscribe(self, *_: Any, **__: Any) -> None:
        return None

    async def publish(self, _subject: str, payload: bytes) -> None:
        self.replies.put_nowait(payload)
        sys.setprofile(None)  # the route ends here: what runs after (a reaction) is not its


@dataclass(frozen=True)
class Traced:
    """The traces of an accepted ``command`` (its type) and of a refused one; ``cpu_ms``:
    the CPU milliseconds per untraced command, by outcome (none asked: empty)."""

    accepted: Trace
    refused: Trace
    command: str
    cpu_ms: dict[str, float]


async def trace_game_commands(*, route: bool = False, cpu: int = 0) -> dict[str, Any]:
    """The figures of :func:`game_command_traces`; with ``route``, each trace's calls in
    order; with ``cpu``, the CPU milliseconds per command."""
    traced = await game_command_traces(cpu)
    figures = {"accepted": traced.accepted.to_json(route), "refused": traced.refused.to_json(route)}
    for outcome, ms in traced.cpu_ms.items():
        figures[outcome]["cpu_ms"] = ms
    return figures


async def game_command_traces(cpu: int = 0) -> Traced:
    """Trace an accepted ``PlayCards`` and a refused one (a forged token) from the
    subscription's callback (``CommandServer._received``) to the reply's publish, through
    the parts an engine process wires (``services.engine.main.command_side``: group commit,
    the partitions it owns, its reactions queued: the turn clock's alarms are theirs) over
    the in-memory store, on a warm game; with ``cpu``, the CPU milliseconds per command of
    ``cpu`` untraced accepted and refused commands (games played out on tables of their
    own, a new one when one ends)."""
    from nats.aio.msg import Msg
    from president.bus.command_server import REQUEST_INFO
    from president.clock import SystemClock
    from president.contract import Subjects, stream_id_of_table
    from president.contract.subjects import PARTITIONS, partition_of
    from president.game.decide import to_game_command
    from president.game.events import GameStartRequested, SeatTaken, TableCreated
    from president.game.fold import seats_to_act
    from president.game.seats import token_sha256
    from president.rules.engine import legal_actions
    from president.store import NewEvent
    from president.store.memory import InMemoryEventStore

    from services.engine.cache import GameCache
    from services.engine.main import command_side
    from services.engine.partitions import Partitions
    from services.engine.reactor import Reactions
    from services.engine.settings import EngineSettings

    store: Any = InMemoryEventStore()
    counter = itertools.count(1)
    settings = EngineSettings(token_secret="trace", command_rate=1e6, command_burst=1_000_000)
    subjects = Subjects(settings.subject_prefix)
    bus: Any = _Bus()
    cache = GameCache(store, settings.engine_cache_size, budget_mb=settings.engine_cache_mb)
    partitions = Partitions(
        bus, subjects, "trace", gained=_none, lost=_none, forget=cache.forget_partitions
    )
    partitions.owned = set(range(PARTITIONS))  # one engine: every table is its own
    clock = SystemClock()
    reactions = Reactions(_no_reaction)  # queued and run as an engine's; nothing published
    engine, server = command_side(
        store,
        bus,
        settings,
        subjects,
        clock=clock,
        cache=cache,
        react=reactions.queue.put_nowait,  # as an engine hands its commits over
        owns=partitions.owns,
        new_seed=lambda: f"{next(counter):064x}",
    )
    await server.start()
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

    commands: list[str] = []

    async def request(table_id: str, number: int, token: str | None = None) -> Msg:
        """The next seat's first legal action, as the owning engine receives it: on the
        subject with the table's partition, stamped with its sender by the server."""
        game = await engine.load(table_id)
        assert game.state is not None
        seat = seats_to_act(game.state)[0]
        action = legal_actions(game.state, seat)[0]
        command = to_game_command(
            action,
            table_id=table_id,
            seat_token=token or f"token-{seat}",
            command_id=f"trace-{number}",
        )
        commands.append(command.type)
        return Msg(
            bus,
            subject=f"{subjects.game_command(table_id)}.{partition_of(table_id)}",
            reply="_INBOX.trace",
            data=command.model_dump_json().encode(),
            headers={REQUEST_INFO: json.dumps({"user": REQUESTER})},
        )

    async def answered(message: Msg) -> bytes:
        await server._received(message)
        return await bus.replies.get()  # type: ignore[no-any-return]

    async def move(number: int, token: str | None = None) -> tuple[Trace, bytes]:
        message = await request(TABLE, number, token)
        # the reactions to the commits before, run after their replies, are not its route
        while reactions.busy:  # noqa: ASYNC110 (a plain put: no event to wait on)
            await asyncio.sleep(0)
        return await _traced(answered(message))

    await open_table(TABLE)
    # The game loaded and cached, and each outcome's metrics once (their labelled children
    # are cached after a process's first): as for every move after a table's first.
    await move(0)
    await move(-1, token="forged-token")
    accepted, accepted_reply = await move(1)
    refused, refused_reply = await move(2, token="forged-token")
    assert b'"Accepted"' in accepted_reply, accepted_reply
    assert b"BAD_TOKEN" in refused_reply, refused_reply
    command = commands[-2]
    cpu_ms: dict[str, float] = {}
    if cpu:
        tables = (f"cpu-{n}" for n in itertools.count())
        table_id = next(tables)
        await open_table(table_id)
        spent = {"accepted": 0.0, "refused": 0.0}
        for number in range(cpu):
            game = await engine.load(table_id)
            if game.state is None or not seats_to_act(game.state):
                table_id = next(tables)
                await open_table(table_id)
            for outcome, token, expected in (
                ("refused", "forged-token", b"BAD_TOKEN"),
                ("accepted", None, b'"Accepted"'),
            ):
                message = await request(table_id, number, token)
                started = time.process_time()
                reply = await answered(message)
                spent[outcome] += time.process_time() - started
                assert expected in reply, reply
        cpu_ms = {outcome: round(s * 1000 / cpu, 4) for outcome, s in spent.items()}
    return Traced(accepted, refused, command, cpu_ms)


async def _none(_: set[int]) -> None:
    return None


async def _no_reaction(_table_id: str, _first: int, _last: int) -> None:
    return None


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
