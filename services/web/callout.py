"""The auth callout responder: nats-server asks it about each connection of no static
identity; a valid seat ticket is answered with a user JWT of that seat, anything else
with an error (docs/security.md, "Browsers")."""

from __future__ import annotations

import base64
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from president.bus.auth import CALLOUT_SUBJECT, SEAT_MAX_TTL_S, seat_permissions, seat_user
from president.bus.connect import NatsCredentials, connect
from president.bus.nats_jwt import JwtError, decode, encode, public_key
from president.settings import MissingSecretError

from services.web.settings import WebSettings
from services.web.tickets import SpentTickets, TicketError, redeem_ticket

log = logging.getLogger(__name__)

REQUEST_AUDIENCE = "nats-authorization-request"
"""The ``aud`` of every authorization request nats-server signs."""


@dataclass(frozen=True)
class CalloutConfig:
    """What the responder signs with and grants: the issuer seed (the ``issuer`` of the
    server's ``auth_callout``), the lobby's ticket secret, the subject prefix, the account
    the seats are placed in and their user JWTs' lifetime."""

    issuer_seed: str = field(repr=False)
    ticket_secret: bytes = field(repr=False)
    prefix: str = "president"
    account: str = "PRESIDENT_SEATS"
    user_ttl_s: float = SEAT_MAX_TTL_S
    bad_tickets_per_s: float = 1.0
    bad_ticket_burst: int = 20
    address_budget: bool = True
    """Whether the responder holds each source address to its budget of bad tickets
    (False behind the door, ``services.web.door``: the addresses it would see are the
    door's own, and the door holds the clients' to it)."""

    def __post_init__(self) -> None:
        if not 0 < self.user_ttl_s <= SEAT_MAX_TTL_S:
            raise ValueError(f"user_ttl_s must be in (0, {SEAT_MAX_TTL_S}]")


def callout_config(settings: WebSettings) -> CalloutConfig:
    """The responder's configuration from ``settings``; MissingSecretError names a missing
    secret, and an issuer that is not the seed's public key stops it too."""
    seed, secret = settings.web_callout_seed, settings.web_ticket_secret
    if seed is None or secret is None:
        missing = "PRESIDENT_WEB_CALLOUT_SEED" if seed is None else "PRESIDENT_WEB_TICKET_SECRET"
        raise MissingSecretError(f"{missing} is not set")
    issuer = public_key(seed)
    if settings.web_callout_issuer not in (None, issuer):
        raise ValueError("PRESIDENT_WEB_CALLOUT_ISSUER is not the seed's public key")
    return CalloutConfig(
        seed,
        secret.encode(),
        prefix=settings.subject_prefix,
        account=settings.web_callout_account,
        user_ttl_s=settings.web_user_ttl,
        bad_tickets_per_s=settings.web_callout_bad_tickets_per_s,
        bad_ticket_burst=settings.web_callout_bad_ticket_burst,
        address_budget=settings.web_door_port is None,
    )


async def start_callout(settings: WebSettings, nats_url: str) -> tuple[Client, CalloutResponder]:
    """The responder running on a connection of its own as the callout identity."""
    credentials = NatsCredentials(
        settings.web_callout_user,
        settings.web_callout_password,
        settings.nats_tls_ca,
        settings.nats_tls_cert,
        settings.nats_tls_key,
    )
    responder = CalloutResponder(callout_config(settings))
    client = await connect(nats_url, f"{settings.instance_id}-callout", credentials)
    await responder.start(client)
    return client, responder


class CalloutRefused(Exception):
    """An authorization request answered with an error (its stable ``code``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def user_claims(
    config: CalloutConfig, table_id: str, seat: int, user_nkey: str, now: float
) -> dict[str, Any]:
    """The user JWT's claims of one seat (permissions: ``president.bus.auth``)."""
    permissions = seat_permissions(config.prefix, table_id, seat)
    return {
        "sub": user_nkey,
        "name": seat_user(table_id, seat),
        "aud": config.account,
        "exp": int(now + config.user_ttl_s),
        "nats": {
            "pub": {"allow": list(permissions.publish)},
            "sub": {"allow": list(permissions.subscribe)},
            "subs": -1,
            "data": -1,
            "payload": -1,
            "allowed_connection_types": ["WEBSOCKET"],
            "type": "user",
        },
    }


MAX_ADDRESSES = 100_000
"""Source addresses whose bad tickets are remembered at most (the oldest go first)."""


@dataclass
class BadTickets:
    """Bad tickets per source address: a bucket of ``burst`` refilled at ``per_s`` a
    second. While an address's bucket is empty, its connections are refused before the
    request is verified or a ticket read, with no answer signed: a flood from one address
    costs the responder a few microseconds each (good tickets never take from it)."""

    per_s: float
    burst: int
    _buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    refused: int = 0
    """Connections refused unread (the address over its budget)."""

    def _tokens(self, address: str, now: float) -> float:
        tokens, at = self._buckets.get(address, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - at) * self.per_s)

    def allows(self, address: str, now: float) -> bool:
        return self._tokens(address, now) >= 1.0

    def spend(self, address: str, now: float) -> None:
        tokens = self._tokens(address, now) - 1.0
        self._buckets.pop(address, None)  # to the end: the oldest go first
        self._buckets[address] = (tokens, now)
        if len(self._buckets) > MAX_ADDRESSES:
            del self._buckets[next(iter(self._buckets))]


def _peek(request: bytes) -> dict[str, Any] | None:
    """The claims of an authorization request, read without checking the server's
    signature (only the server publishes requests; a refusal needs no proof)."""
    try:
        claims = request.split(b".", 2)[1]
        payload = json.loads(base64.urlsafe_b64decode(claims + b"=" * (-len(claims) % 4)))
    except (IndexError, ValueError):
        return None
    return payload if isinstance(payload, dict) else None


def source_address(request: bytes) -> str | None:
    """The client's address in an authorization request (unchecked, see ``_peek``)."""
    try:
        host = (_peek(request) or {})["nats"]["client_info"]["host"]
    except (KeyError, TypeError):
        return None
    return host if isinstance(host, str) else None


def authorize(
    request: bytes,
    config: CalloutConfig,
    spent: SpentTickets,
    *,
    now: float,
    bad: BadTickets | None = None,
) -> bytes:
    """The signed answer to one authorization request: a user JWT for the seat the ticket
    (the connection's ``auth_token``) grants, or an error code; empty when the request
    itself is unreadable, or comes from an address over its budget of bad tickets
    (``bad``: then nothing is verified, read or signed), and nats-server refuses the
    connection at once."""
    address = None if bad is None else source_address(request)
    if bad is not None and address is not None and not bad.allows(address, now):
        bad.refused += 1
        return b""
    try:
        claims = decode(request.decode(), issuer_prefix="N")
        nats = claims["nats"]
        user_nkey, server_id = str(nats["user_nkey"]), str(nats["server_id"]["id"])
        if claims["iss"] != server_id or claims.get("aud") != REQUEST_AUDIENCE:
            raise JwtError("not a request of the server that signed it")
    except (JwtError, UnicodeDecodeError, KeyError, TypeError) as error:
        log.warning("unreadable authorization request: %s", error)
        return b""
    response: dict[str, Any] = {"type": "authorization_response"}
    try:
        response["jwt"] = encode(
            _grant(nats, config, spent, user_nkey, now), config.issuer_seed, now=now
        )
    except CalloutRefused as refused:
        response["error"] = refused.code
        if bad is not None and address is not None:
            bad.spend(address, now)
    return encode(
        {"sub": user_nkey, "aud": server_id, "nats": response}, config.issuer_seed, now=now
    ).encode()


def _grant(
    nats: dict[str, Any], config: CalloutConfig, spent: SpentTickets, user_nkey: str, now: float
) -> dict[str, Any]:
    client = nats.get("client_info") or {}
    if client.get("type") != "websocket":
        raise CalloutRefused("websocket_only")
    token = (nats.get("connect_opts") or {}).get("auth_token")
    if not isinstance(token, str) or not token:
        raise CalloutRefused("ticket_missing")
    try:
        ticket = redeem_ticket(config.ticket_secret, token, now=now)
        spent.spend(ticket, now=now)
    except TicketError as error:
        raise CalloutRefused(error.code) from error
    return user_claims(config, ticket.table_id, ticket.seat, user_nkey, now)


@dataclass
class CalloutResponder:
    """Answers ``$SYS.REQ.USER.AUTH`` on a connection of the ``callout`` identity; the
    tickets it redeemed are remembered here (one responder: see docs/security.md)."""

    config: CalloutConfig
    clock: Callable[[], float] = time.time
    spent: SpentTickets = field(default_factory=SpentTickets)
    bad: BadTickets | None = None
    answered: int = 0
    busy_s: float = 0.0
    """The CPU time (this thread's) spent answering, for the cost per connection."""
    _subscription: Subscription | None = None

    def __post_init__(self) -> None:
        if self.bad is None and self.config.address_budget:
            self.bad = BadTickets(self.config.bad_tickets_per_s, self.config.bad_ticket_burst)

    async def start(self, nc: Client) -> None:
        self._subscription = await nc.subscribe(CALLOUT_SUBJECT, cb=self._answer)

    async def stop(self) -> None:
        if self._subscription is not None:
            await self._subscription.unsubscribe()
            self._subscription = None

    async def _answer(self, msg: Msg) -> None:
        try:
            started = time.thread_time()
            answer = authorize(msg.data, self.config, self.spent, now=self.clock(), bad=self.bad)
            self.busy_s += time.thread_time() - started
            await msg.respond(answer)
            self.answered += 1
        except Exception:  # a responder that dies refuses every browser: log, go on
            log.exception("auth callout request failed")
