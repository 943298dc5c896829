"""The lobby API's work, over NATS as the ``web`` identity (table commands only): create a
table with its options and AI seats, take a seat for a person, start the game; and the
seat tickets the auth callout redeems (docs/security.md, "Browsers")."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from nats.errors import Error as NatsError
from president.client import CommandRejected, PresidentClient
from president.client.client import new_command_id
from president.contract import Accepted, CreateTable, Rejected, TableOptions, TableSummary
from pydantic import ValidationError

from services.web.clients import Caller
from services.web.errors import LobbyError
from services.web.quotas import GAME, OPEN, Quotas
from services.web.tickets import issue_ticket, pass_matches, seat_pass

SWEEP_BATCH = 16
"""Tables whose status one sweep asks at once."""


@dataclass(frozen=True)
class SeatGrant:
    """What the page gets for a seat: its token (game commands), a ticket (one NATS
    connection) and the pass that gets it fresh tickets later."""

    table_id: str
    seat: int
    seat_token: str
    ticket: str
    seat_pass: str

    def to_json(self) -> dict[str, Any]:
        return {
            "table_id": self.table_id,
            "seat": self.seat,
            "seat_token": self.seat_token,
            "ticket": self.ticket,
            "pass": self.seat_pass,
        }


TABLE_FIELDS = {"players": "players", "name": "name", "ai": "ai_seats"}
"""The request's fields that are ``CreateTable``'s (request name -> the command's)."""
OPTION_FIELDS = tuple(TableOptions.model_fields)
"""The request's fields that are the table's options (``TableOptions``: rounds, clock...)."""


def create_command(body: Mapping[str, Any]) -> CreateTable:
    """The ``CreateTable`` of a request body, validated by the contract's own strict model
    (the bus's: no ``"5"`` for 5, no seat ``"01"``): ``players``, ``name``, ``ai`` (seat ->
    level; the other seats are for people) and the options (``rounds``, ``revolution``,
    the clock's); ``LobbyError`` 400 ``bad_request`` names the field it refused."""
    unknown = sorted(set(body) - set(TABLE_FIELDS) - set(OPTION_FIELDS))
    if unknown:
        raise LobbyError(400, "bad_request", {"field": unknown[0][:64]})
    wire: dict[str, Any] = {
        "command_id": new_command_id(),
        "options": {key: body[key] for key in OPTION_FIELDS if key in body},
    }
    wire.update({ours: body[key] for key, ours in TABLE_FIELDS.items() if key in body})
    try:
        return CreateTable.model_validate_json(json.dumps(wire))
    except ValidationError as error:
        raise LobbyError(400, "bad_request", _invalid_fields(error)) from error


async def _nothing_waits() -> int:
    return 0


@dataclass
class Lobby:
    """Table commands for the pages within their quotas, and the tickets of the seats it
    took. ``ai_backlog``: the decisions queued for the AI workers (``backlog.CachedCount``)."""

    client: PresidentClient
    ticket_secret: bytes = field(repr=False)
    ticket_ttl_s: float = 60.0
    clock: Callable[[], float] = time.time
    quotas: Quotas = field(default_factory=Quotas)
    table_expiry_s: float = 600.0
    """Seconds an unstarted table it opened stays open before it closes it."""
    _adopted: bool = field(default=False, init=False, repr=False)
    ai_backlog: Callable[[], Awaitable[int]] = _nothing_waits

    async def create_table(self, caller: Caller, command: CreateTable) -> str:
        """Open a table for ``caller``, within its quota and the ceilings."""
        slot = await self.quotas.open_table(caller, command, await self.ai_backlog())
        try:
            accepted: Accepted = await self._table_command(self._accepted(command))
        except BaseException:
            await self.quotas.cancel(OPEN, slot)
            raise
        assert accepted.table_id is not None
        await self.quotas.keep(OPEN, slot, accepted.table_id)
        return accepted.table_id

    async def take_seat(
        self, table_id: str, body: Mapping[str, Any], owner: str | None = None
    ) -> SeatGrant:
        """Seat a person at ``table_id``; ``owner``: the platform login's subject, the only
        one its pass then buys tickets for (None: anonymous, the pass alone)."""
        name, seat = body.get("name"), body.get("seat")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= 32:
            raise LobbyError(400, "bad_request", {"field": "name"})
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise LobbyError(400, "bad_request", {"field": "seat"})
        taken, token = await self._table_command(
            self.client.take_seat(table_id, name.strip(), seat)
        )
        return SeatGrant(
            table_id,
            taken,
            token,
            self.ticket(table_id, taken),
            seat_pass(self.ticket_secret, table_id, taken, owner),
        )

    async def start(self, caller: Caller, table_id: str) -> None:
        """Start ``table_id``'s game for ``caller``, within its quota and the ceilings."""
        slot = await self.quotas.start_game(caller, await self.ai_backlog())
        try:
            await self._table_command(self.client.start_game(table_id))
        except BaseException:
            await self.quotas.cancel(GAME, slot)
            raise
        await self.quotas.keep(GAME, slot, table_id)
        await self.quotas.forget(OPEN, table_id)

    async def table(self, table_id: str) -> dict[str, Any]:
        summary: TableSummary = await self._table_command(self.client.get_table(table_id))
        return summary.model_dump(mode="json")

    async def sweep(self) -> None:
        """Close the tables it opened that stayed unstarted ``table_expiry_s`` (through the
        command path: ``CloseTable``), and give back the slots of the games that ended
        (their table's status); a few at a time: the sweep is no flood of its own. Every
        replica sweeps the one ledger, so the tables of a replica that died are closed and
        its games given back by the others. The first sweep adopts the open tables the
        lobby lists (see :meth:`adopt`)."""
        if not self._adopted:
            await self.adopt()
        expired = await self.quotas.older_than(OPEN, self.table_expiry_s)
        for at in range(0, len(expired), SWEEP_BATCH):
            await asyncio.gather(*(self._close(t) for t in expired[at : at + SWEEP_BATCH]))
        playing = list(await self.quotas.held(GAME))
        for at in range(0, len(playing), SWEEP_BATCH):
            batch = playing[at : at + SWEEP_BATCH]
            statuses = await asyncio.gather(*(self._status(table_id) for table_id in batch))
            for table_id, status in zip(batch, statuses, strict=True):
                if status in ("finished", None):
                    await self.quotas.forget(GAME, table_id)

    async def adopt(self) -> None:
        """Count the tables the lobby lists open or playing (the newest 100 of each) that
        the ledger lacks (those of a ledger started afresh: its bucket was deleted), so
        that they are still closed (never before their time: they are at least as old as
        this process; one another identity opened is refused, ``FORBIDDEN``, and dropped)
        and the games in play count towards the ceiling until they end."""
        for status, kind in (("open", OPEN), ("playing", GAME)):
            listed = await self.client.list_tables(status)
            await self.quotas.adopt(kind, [summary.table_id for summary in listed])
        self._adopted = True

    async def _close(self, table_id: str) -> None:
        """Close an expired table; whatever the table service answers but no answer (it
        started meanwhile, it is closed already...), it counts no more."""
        try:
            await self.client.close_table(table_id)
        except CommandRejected:
            pass
        except (TimeoutError, NatsError):
            return  # the next sweep asks again
        await self.quotas.forget(OPEN, table_id)

    async def _status(self, table_id: str) -> str | None:
        """The table's status (None: no such table), or "unknown" when none answered."""
        try:
            return (await self.client.get_table(table_id)).status
        except CommandRejected as rejected:
            return None if rejected.code == "UNKNOWN_TABLE" else "unknown"
        except (TimeoutError, NatsError):
            return "unknown"

    def ticket(self, table_id: str, seat: int) -> str:
        """A fresh ticket for ``seat`` (one NATS connection, within ``ticket_ttl_s``)."""
        return issue_ticket(
            self.ticket_secret, table_id, seat, now=self.clock(), ttl_s=self.ticket_ttl_s
        )

    def refresh(self, table_id: str, seat: int, proof: object, owner: str | None = None) -> str:
        """A fresh ticket for a page that shows the seat's pass, sent by the seat's
        ``owner`` (``LobbyError`` 403 ``bad_pass`` else)."""
        if not isinstance(proof, str) or not pass_matches(
            self.ticket_secret, table_id, seat, proof, owner
        ):
            raise LobbyError(403, "bad_pass")
        return self.ticket(table_id, seat)

    async def _accepted(self, command: CreateTable) -> Accepted:
        reply = await self.client.send(command)
        if isinstance(reply, Rejected):
            raise CommandRejected(reply)
        assert isinstance(reply, Accepted), reply
        return reply

    async def _table_command(self, call: Any) -> Any:
        try:
            self.quotas.command()
        except LobbyError:
            call.close()  # never sent
            raise
        try:
            return await call
        except CommandRejected as rejected:
            if rejected.code == "RATE_LIMITED":  # the bus's budget of web, not this client's
                raise LobbyError(503, "BUSY", {"ceiling": "bus"}, retry_after=1) from rejected
            status = 404 if rejected.code == "UNKNOWN_TABLE" else 409
            raise LobbyError(status, rejected.code, rejected.reply.params) from rejected
        except ValueError as error:  # the contract's validation (options out of range)
            raise LobbyError(400, "bad_request", _invalid_fields(error)) from error
        except (TimeoutError, NatsError) as error:  # no table service answered in time
            raise LobbyError(503, "unavailable") from error


def _invalid_fields(error: ValueError) -> dict[str, Any]:
    """The names of the request's fields the contract refused (codes, not pydantic's
    English): an option by its own name, ``ai_seats`` as the request's ``ai``."""
    if not isinstance(error, ValidationError):
        return {}
    ours = {wire: key for key, wire in TABLE_FIELDS.items()}
    fields = sorted({_field(e["loc"], ours) for e in error.errors()})
    return {"field": fields[0]} if len(fields) == 1 else {"fields": fields[:10]}


def _field(loc: tuple[int | str, ...], ours: Mapping[str, str]) -> str:
    if len(loc) > 1 and loc[0] == "options":
        return str(loc[1])
    return ours.get(str(loc[0]), ".".join(str(part) for part in loc))
