"""The lobby API's work, over NATS as the ``web`` identity (table commands only): create a
table with its options and AI seats, take a seat for a person, start the game; and the
seat tickets the auth callout redeems (docs/security.md, "Browsers")."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from nats.errors import Error as NatsError
from president.client import CommandRejected, PresidentClient
from president.contract import AILevel, TableSummary
from pydantic import ValidationError

from services.web.tickets import issue_ticket, pass_matches, seat_pass

CLOCK_OPTIONS = ("turn_seconds", "exchange_seconds", "takeover_level", "away_after")
"""The turn clock's options a table may be created with (``TableOptions``)."""


class LobbyError(Exception):
    """A request the lobby refuses: an HTTP ``status``, a stable ``code`` (a rejection code
    of the contract, or ``bad_request`` / ``bad_pass``) and its ``params``."""

    def __init__(self, status: int, code: str, params: Mapping[str, Any] | None = None):
        super().__init__(code)
        self.status = status
        self.code = code
        self.params = dict(params or {})


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


def _int(body: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LobbyError(400, "bad_request", {"field": key})
    return value


def table_request(body: Mapping[str, Any]) -> dict[str, Any]:
    """``PresidentClient.create_table``'s arguments from a request body: ``players``
    (3-6), ``rounds`` (1-100), ``revolution``, ``name``, ``ai`` (seat -> level; the other
    seats are for people) and the clock's options; ``LobbyError`` 400 names a bad field."""
    players = _int(body, "players", 4, 3, 6)
    ai = body.get("ai", {})
    if not isinstance(ai, Mapping):
        raise LobbyError(400, "bad_request", {"field": "ai"})
    levels = {level.value for level in AILevel}
    try:
        ai_seats = {int(seat): str(level) for seat, level in ai.items()}
    except (TypeError, ValueError) as error:
        raise LobbyError(400, "bad_request", {"field": "ai"}) from error
    if any(not 0 <= s < players or lvl not in levels for s, lvl in ai_seats.items()):
        raise LobbyError(400, "bad_request", {"field": "ai"})
    revolution = body.get("revolution", True)
    name = body.get("name", "")
    if not isinstance(revolution, bool):
        raise LobbyError(400, "bad_request", {"field": "revolution"})
    if not isinstance(name, str) or len(name) > 64:
        raise LobbyError(400, "bad_request", {"field": "name"})
    clock = {key: body[key] for key in CLOCK_OPTIONS if body.get(key) is not None}
    return {
        "players": players,
        "rounds": _int(body, "rounds", 1, 1, 100),
        "revolution": revolution,
        "name": name,
        "ai_seats": ai_seats,
        "clock": clock or None,
    }


@dataclass
class Lobby:
    """Table commands for the pages, and the tickets of the seats it took."""

    client: PresidentClient
    ticket_secret: bytes = field(repr=False)
    ticket_ttl_s: float = 60.0
    clock: Callable[[], float] = time.time

    async def create_table(self, body: Mapping[str, Any]) -> str:
        table_id: str = await self._table_command(self.client.create_table(**table_request(body)))
        return table_id

    async def take_seat(self, table_id: str, body: Mapping[str, Any]) -> SeatGrant:
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
            seat_pass(self.ticket_secret, table_id, taken),
        )

    async def start(self, table_id: str) -> None:
        await self._table_command(self.client.start_game(table_id))

    async def table(self, table_id: str) -> dict[str, Any]:
        summary: TableSummary = await self._table_command(self.client.get_table(table_id))
        return summary.model_dump(mode="json")

    def ticket(self, table_id: str, seat: int) -> str:
        """A fresh ticket for ``seat`` (one NATS connection, within ``ticket_ttl_s``)."""
        return issue_ticket(
            self.ticket_secret, table_id, seat, now=self.clock(), ttl_s=self.ticket_ttl_s
        )

    def refresh(self, table_id: str, seat: int, proof: object) -> str:
        """A fresh ticket for a page that shows the seat's pass (``LobbyError`` 403 else)."""
        if not isinstance(proof, str) or not pass_matches(
            self.ticket_secret, table_id, seat, proof
        ):
            raise LobbyError(403, "bad_pass")
        return self.ticket(table_id, seat)

    async def _table_command(self, call: Any) -> Any:
        try:
            return await call
        except CommandRejected as rejected:
            status = 404 if rejected.code == "UNKNOWN_TABLE" else 409
            raise LobbyError(status, rejected.code, rejected.reply.params) from rejected
        except ValueError as error:  # the contract's validation (options out of range)
            raise LobbyError(400, "bad_request", _invalid_fields(error)) from error
        except (TimeoutError, NatsError) as error:  # no table service answered in time
            raise LobbyError(503, "unavailable") from error


def _invalid_fields(error: ValueError) -> dict[str, Any]:
    """The names of the fields the contract refused (codes, not pydantic's English)."""
    if not isinstance(error, ValidationError):
        return {}
    fields = sorted({".".join(str(part) for part in e["loc"]) for e in error.errors()})
    return {"field": fields[0]} if len(fields) == 1 else {"fields": fields[:10]}
