"""Commands and queries by request-reply, and the event subjects, with typed replies."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Mapping
from typing import Any, TypeVar

import nats.errors
from nats.aio.client import Client
from nats.aio.msg import Msg
from pydantic import BaseModel, TypeAdapter

from president.bus.connect import NatsCredentials, connect
from president.client.follow import follow_subject, sequence_after_version, wait_for_stream
from president.contract import (
    Accepted,
    AILevel,
    Away,
    Back,
    CloseTable,
    CreateTable,
    GameWrite,
    GetTable,
    GetView,
    Leave,
    ListTables,
    Pass,
    PlayCards,
    PublicEvent,
    Rejected,
    Reply,
    ReturnCards,
    SeatAI,
    SeatEvent,
    StartGame,
    Subjects,
    TableInfo,
    TableList,
    TableOptions,
    TableSummary,
    TakeSeat,
    TurnEnded,
    TurnPrompt,
    ViewReply,
    parse_reply,
)

E = TypeVar("E", PublicEvent, SeatEvent)
_PROMPT: TypeAdapter[TurnPrompt | TurnEnded] = TypeAdapter(TurnPrompt | TurnEnded)


class CommandRejected(Exception):
    """The service refused a command; ``reply`` holds the stable code and the detail."""

    def __init__(self, reply: Rejected):
        super().__init__(f"{reply.code.value}: {reply.detail}")
        self.reply = reply

    @property
    def code(self) -> str:
        return self.reply.code.value


def new_command_id() -> str:
    return str(uuid.uuid4())


RESEND_WITHIN = 15.0
"""Seconds a request is sent again, at most, while nobody answers it."""
BACKOFF = (0.05, 1.0)
"""The first and the longest wait before a request that met "no responders" is resent."""


async def request_resending(
    client: Client, subject: str, payload: bytes, *, each: float, within: float
) -> Msg:
    """The reply to ``payload``, sent again as it was (the same command id: one effect,
    one answer) when the server says nobody listens (an engine's partitions moving to
    another after a crash) or no answer comes in ``each`` seconds, with a back-off
    that doubles up to ``BACKOFF[1]``, for ``within`` seconds at most; then the last
    error propagates."""
    loop = asyncio.get_running_loop()
    deadline, wait = loop.time() + within, BACKOFF[0]
    while True:
        try:
            return await client.request(subject, payload, timeout=each)
        except nats.errors.NoRespondersError:
            if loop.time() + wait > deadline:
                raise
            await asyncio.sleep(wait)
            wait = min(2 * wait, BACKOFF[1])
        except nats.errors.TimeoutError:
            if loop.time() >= deadline:
                raise


class PresidentClient:
    """One NATS connection to the services under one subject prefix."""

    def __init__(
        self,
        client: Client,
        subjects: Subjects,
        timeout: float = 5.0,
        resend_within: float = RESEND_WITHIN,
    ):
        self.nats = client
        self.subjects = subjects
        self.timeout = timeout
        self.resend_within = resend_within

    @classmethod
    async def connect(
        cls,
        nats_url: str,
        prefix: str = "president",
        *,
        name: str = "president-client",
        credentials: NatsCredentials | None = None,
    ) -> PresidentClient:
        """Connect as ``credentials`` (or the user written in ``nats_url``)."""
        return cls(await connect(nats_url, name, credentials), Subjects(prefix))

    async def close(self) -> None:
        if not self.nats.is_closed:
            await self.nats.close()

    # -- raw request-reply -----------------------------------------------------

    async def request(self, subject: str, payload: bytes) -> Reply:
        """Send ``payload`` and parse the reply; sent again while nobody answers
        (:func:`request_resending`, for ``resend_within`` seconds; then the NATS error
        propagates)."""
        message = await request_resending(
            self.nats, subject, payload, each=self.timeout, within=self.resend_within
        )
        return parse_reply(message.data)

    async def send(self, command: BaseModel) -> Reply:
        """Send a typed command or query to the service that handles it."""
        kind = getattr(command, "type", "")
        if isinstance(command, PlayCards | Pass | ReturnCards | Leave | Away | Back | GetView):
            subject = self.subjects.game_command(command.table_id)
        else:
            subject = self.subjects.table_command(kind)
        return await self.request(subject, command.model_dump_json().encode())

    async def _accepted(self, command: BaseModel) -> Accepted:
        reply = await self.send(command)
        if isinstance(reply, Rejected):
            raise CommandRejected(reply)
        assert isinstance(reply, Accepted), reply
        return reply

    # -- table service -----------------------------------------------------------

    async def create_table(
        self,
        *,
        players: int = 4,
        rounds: int = 1,
        revolution: bool = True,
        round_leader: str = "asshole",
        ai_seats: Mapping[int, str] | None = None,
        name: str = "",
        table_id: str | None = None,
        clock: Mapping[str, Any] | None = None,
    ) -> str:
        """Open a table; seats in ``ai_seats`` (seat -> level) get their AI at once.
        ``clock``: the turn clock's options (``turn_seconds``, ``exchange_seconds``,
        ``takeover_level``, ``away_after``; none: no clock)."""
        command = CreateTable(
            command_id=new_command_id(),
            table_id=table_id,
            name=name,
            players=players,
            options=TableOptions.model_validate(
                {
                    "rounds": rounds,
                    "revolution": revolution,
                    "round_leader": round_leader,
                    **(clock or {}),
                },
                strict=False,
            ),
            ai_seats={seat: AILevel(level) for seat, level in (ai_seats or {}).items()},
        )
        accepted = await self._accepted(command)
        assert accepted.table_id is not None
        return accepted.table_id

    async def take_seat(
        self, table_id: str, player_name: str, seat: int | None = None
    ) -> tuple[int, str]:
        """Take a seat; returns it and its token (keep the token: it is sent only once)."""
        accepted = await self._accepted(
            TakeSeat(
                command_id=new_command_id(), table_id=table_id, seat=seat, player_name=player_name
            )
        )
        assert accepted.seat is not None and accepted.seat_token is not None
        return accepted.seat, accepted.seat_token

    async def seat_ai(self, table_id: str, level: str, seat: int | None = None) -> None:
        await self._accepted(
            SeatAI(command_id=new_command_id(), table_id=table_id, seat=seat, level=AILevel(level))
        )

    async def close_table(self, table_id: str) -> None:
        """Close a table whose game has not started (the identity that opened it only)."""
        await self._accepted(CloseTable(command_id=new_command_id(), table_id=table_id))

    async def start_game(self, table_id: str) -> None:
        await self._accepted(StartGame(command_id=new_command_id(), table_id=table_id))

    async def get_table(self, table_id: str) -> TableSummary:
        reply = await self.send(GetTable(table_id=table_id))
        if isinstance(reply, Rejected):
            raise CommandRejected(reply)
        assert isinstance(reply, TableInfo), reply
        return reply.table

    async def list_tables(self, status: str | None = None) -> list[TableSummary]:
        reply = await self.send(ListTables.model_validate({"status": status}))
        if isinstance(reply, Rejected):
            raise CommandRejected(reply)
        assert isinstance(reply, TableList), reply
        return reply.tables

    # -- engine ------------------------------------------------------------------

    async def get_view(self, table_id: str, seat: int, token: str) -> ViewReply:
        reply = await self.send(GetView(table_id=table_id, seat=seat, seat_token=token))
        if isinstance(reply, Rejected):
            raise CommandRejected(reply)
        assert isinstance(reply, ViewReply), reply
        return reply

    async def act(
        self,
        table_id: str,
        seat: int,
        token: str,
        action: Mapping[str, Any],
        *,
        command_id: str | None = None,
    ) -> Reply:
        """Send a legal-action object (``{"play": [...]}``, ``{"pass": true}``,
        ``{"return": [...]}``) as its command; returns the reply (Accepted or Rejected)."""
        common: dict[str, Any] = {
            "command_id": command_id or new_command_id(),
            "table_id": table_id,
            "seat": seat,
            "seat_token": token,
        }
        command: BaseModel
        if "play" in action:
            command = PlayCards(**common, cards=list(action["play"]))
        elif "return" in action:
            command = ReturnCards(**common, cards=list(action["return"]))
        else:
            command = Pass(**common)
        return await self.send(command)

    async def leave(self, table_id: str, seat: int, token: str) -> Accepted:
        """Leave for good: the takeover level plays the seat from now on."""
        return await self._presence(Leave, table_id, seat, token)

    async def away(self, table_id: str, seat: int, token: str) -> Accepted:
        """Step away: the takeover level plays the seat at once until ``back``."""
        return await self._presence(Away, table_id, seat, token)

    async def back(self, table_id: str, seat: int, token: str) -> Accepted:
        """Come back (a turn due gets a fresh clock)."""
        return await self._presence(Back, table_id, seat, token)

    async def _presence(
        self, kind: type[Leave | Away | Back], table_id: str, seat: int, token: str
    ) -> Accepted:
        command: GameWrite = kind(
            command_id=new_command_id(), table_id=table_id, seat=seat, seat_token=token
        )
        return await self._accepted(command)

    # -- events (JetStream) ------------------------------------------------------

    def public_events(
        self, table_id: str, *, after_version: int = 0, idle_timeout: float | None = None
    ) -> AsyncIterator[PublicEvent]:
        """The table's public events of versions above ``after_version`` (0: all), in order.

        To resume after a crash, pass the version of the last event handled (saved with
        its effects): nothing is missed and nothing comes twice.
        """
        return self._events(
            self.subjects.public(table_id), PublicEvent, after_version, idle_timeout
        )

    def seat_events(
        self,
        table_id: str,
        seat: int,
        *,
        after_version: int = 0,
        idle_timeout: float | None = None,
    ) -> AsyncIterator[SeatEvent]:
        """The private events of one seat (its hand, the cards it gave or got), of versions
        above ``after_version``."""
        subject = self.subjects.seat(table_id, seat)
        return self._events(subject, SeatEvent, after_version, idle_timeout)

    async def _events(
        self, subject: str, model: type[E], after_version: int, idle_timeout: float | None
    ) -> AsyncIterator[E]:
        stream = self.subjects.events_stream
        await wait_for_stream(self.nats, stream)
        start = await sequence_after_version(self.nats, stream, subject, after_version)
        last = after_version
        messages = follow_subject(
            self.nats, stream, subject, start_sequence=start, idle_timeout=idle_timeout
        )
        async for message in messages:
            event = model.model_validate_json(message.data)
            if event.version > last:  # a guard: the relay stores each event once
                last = event.version
                yield event

    async def prompts(
        self, table_id: str, seat: int, *, idle_timeout: float | None = None
    ) -> AsyncIterator[TurnPrompt | TurnEnded]:
        """The seat's turn prompts (its view, legal actions and clock, each time it is due)
        and the end of each of its turns (``TurnEnded``: the prompt of that turn is stale)."""
        subject = self.subjects.prompt(table_id, seat)
        stream = self.subjects.prompts_stream
        async for message in follow_subject(self.nats, stream, subject, idle_timeout=idle_timeout):
            yield _PROMPT.validate_json(message.data)
