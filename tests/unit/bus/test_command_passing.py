"""The command subscriber passes a request on to another instance at most MAX_PASSING at
once: beyond, a flood is admitted here (its rate limit, its sender's line), never piled
up in tasks waiting for answers."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from president.bus.requests import MAX_PASSING, CommandServer

pytestmark = pytest.mark.unit


class Message:
    def __init__(self, n: int):
        self.subject = "p.cmd.game.t1"
        self.reply = f"_INBOX.x.{n}"
        self.data = b"{}"
        self.headers: dict[str, str] | None = None


class SlowPeer:
    """A connection whose passed-on requests are answered only when ``answer`` is set."""

    def __init__(self) -> None:
        self.answer = asyncio.Event()
        self.asked = 0
        self.replies: list[tuple[str, bytes]] = []

    async def request(self, subject: str, data: bytes, **_: Any) -> Any:
        self.asked += 1
        await self.answer.wait()
        return Message(0)

    async def publish(self, subject: str, data: bytes) -> None:
        self.replies.append((subject, data))


async def test_beyond_max_passing_a_request_is_admitted_here() -> None:
    peer = SlowPeer()
    admitted: list[Any] = []

    def admit(message: Any, requester: Any) -> bytes:
        admitted.append(message)
        return b"RATE_LIMITED"  # refused at once here: no slot taken

    async def never(message: Any, command: Any, requester: Any) -> bytes:
        raise AssertionError("nothing is admitted to a slot")

    server = CommandServer(
        peer,  # type: ignore[arg-type]
        "p.cmd.game.*",
        "engine",
        admit,
        never,
        max_workers=1,
        service="test",
        busy=b"busy",
        forward=lambda subject: "p.engine.fwd.other",
    )
    for n in range(MAX_PASSING + 5):
        await server._received(Message(n))  # type: ignore[arg-type]
    await asyncio.sleep(0)

    assert peer.asked == MAX_PASSING
    assert len(admitted) == 5
    assert [data for _, data in peer.replies] == [b"RATE_LIMITED"] * 5
    peer.answer.set()
    await asyncio.sleep(0.01)
    assert len(peer.replies) == MAX_PASSING + 5  # the owner's answers relayed
