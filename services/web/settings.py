"""The web process's settings (``PRESIDENT_WEB_*`` on top of the shared ones)."""

from __future__ import annotations

from pathlib import Path

from president.bus.auth import SEAT_MAX_TTL_S
from president.settings import ServiceSettings
from pydantic import Field

from services.web.login import PlatformLogin
from services.web.quotas import Limits
from services.web.tickets import TICKET_TTL_S


class WebSettings(ServiceSettings):
    """What ``president web`` needs: where it serves the page and the lobby API, the
    WebSocket URL the browsers reach NATS at, and for the browsers' credentials the
    lobby's ticket secret, the auth callout's issuer seed and identity, and the lifetimes."""

    web_host: str = Field(default="0.0.0.0", description="address the page and lobby API bind")
    web_port: int = Field(
        default=8000, ge=0, le=65535, description="port of the page and the lobby API"
    )
    web_nats_url: str | None = Field(
        default=None,
        description="the NATS WebSocket URL the page connects to (wss://host:8443; ws:// on"
        " loopback only): the door's, when this process runs one",
    )
    web_door_port: int | None = Field(
        default=None,
        ge=0,
        le=65535,
        description="port of the browsers' door to the NATS WebSocket listener (on web_host;"
        " it refuses an address over its budget of bad tickets before nats-server sees it);"
        " unset: no door, browsers connect to the listener itself",
    )
    web_door_upstream: str | None = Field(
        default=None,
        description="the NATS WebSocket listener behind the door (ws://host:port, or wss://"
        " checked against PRESIDENT_NATS_TLS_CA)",
    )
    web_callout: bool = Field(
        default=True,
        description="run the auth callout responder in this process (false: it runs apart)",
    )

    web_ticket_secret: str | None = Field(
        default=None, repr=False, description="HMAC key of the seat tickets (32+ random bytes)"
    )
    web_callout_seed: str | None = Field(
        default=None,
        repr=False,
        description="account nkey seed (SA...) that signs the callout's answers; its public"
        " key is the server's auth_callout issuer",
    )
    web_callout_issuer: str | None = Field(
        default=None,
        description="the seed's public key (A...), as the NATS servers are given it: checked"
        " against the seed at start",
    )
    web_origin: str | None = Field(
        default=None,
        description="the page's origin (https://host[:port]); the NATS servers accept"
        " WebSocket upgrades from it alone",
    )
    web_callout_user: str = Field(default="callout", description="the responder's NATS identity")
    web_callout_password: str | None = Field(default=None, repr=False)
    web_callout_account: str = Field(
        default="PRESIDENT_SEATS",
        description="the NATS account the seats' connections are placed in (the platform's"
        " seats' account: it imports only what a seat may read)",
    )
    web_ticket_ttl: float = Field(
        default=TICKET_TTL_S, gt=0, le=600, description="seconds a seat ticket may be redeemed"
    )
    web_trusted_proxies: str = Field(
        default="",
        description="addresses or CIDRs (commas) of the proxies whose X-Forwarded-For names"
        " the client (the ingress); empty: the connecting address is the client's",
    )
    web_client_rate: float = Field(
        default=5.0, gt=0, description="API requests per second of one client (token bucket)"
    )
    web_client_burst: int = Field(
        default=20, ge=1, description="API requests one client may send at once"
    )
    web_clients_per_address: int = Field(
        default=4,
        ge=1,
        description="an address's quotas are this many clients' (browsers behind one NAT)",
    )
    web_client_open_tables: int = Field(
        default=2, ge=1, description="tables not yet started one client may hold open"
    )
    web_client_games: int = Field(
        default=2, ge=1, description="games one client may have running (started, not ended)"
    )
    web_max_ai_seats: int = Field(
        default=5, ge=0, le=6, description="AI seats a table opened by the lobby may have"
    )
    web_max_rounds: int = Field(
        default=20, ge=1, le=100, description="rounds a table opened by the lobby may play"
    )
    web_open_tables: int = Field(
        default=500,
        ge=1,
        description="ceiling of tables open through the lobby, every replica (beyond: BUSY)",
    )
    web_games_in_play: int = Field(
        default=100,
        ge=1,
        description="ceiling of games in play started through the lobby, every replica"
        " (beyond: BUSY)",
    )
    web_ai_backlog: int = Field(
        default=500,
        ge=1,
        description="ceiling of AI decisions queued (the AI work queue's pending and"
        " unacknowledged); beyond it the lobby starts and opens nothing (BUSY)",
    )
    web_ai_backlog_max_age: float = Field(
        default=1.0, gt=0, description="seconds the lobby trusts its last look at that count"
    )
    web_command_rate: float = Field(
        default=80.0,
        gt=0,
        description="table commands per second this process sends (below the table"
        " service's PRESIDENT_COMMAND_RATE for its identity; beyond: BUSY)",
    )
    web_command_burst: int = Field(
        default=160, ge=1, description="table commands this process may send at once"
    )
    web_busy_retry_after: int = Field(
        default=5, ge=1, description="the Retry-After (seconds) of a BUSY answer"
    )
    web_table_expiry_minutes: float = Field(
        default=10.0,
        gt=0,
        description="minutes a table the lobby opened may stay unstarted; then the lobby"
        " closes it (CloseTable) and its client's slot is free",
    )
    web_sweep_interval: float = Field(
        default=5.0,
        gt=0,
        description="seconds between the lobby's looks at its games (an ended one frees its"
        " client's slot)",
    )
    web_login: bool = Field(
        default=False,
        description="the lobby API's table requests need a platform login (a signed JWT"
        " whose subject is the client); off: anonymous clients, by address and browser id",
    )
    web_login_public_key: Path | None = Field(
        default=None, description="PEM file of the platform's public key (RSA or EC)"
    )
    web_login_jwks: Path | None = Field(
        default=None, description="JWKS file of the platform's public keys (chosen by kid)"
    )
    web_login_audience: str | None = Field(
        default=None, description="the aud a platform token must name (required with login)"
    )
    web_login_issuer: str | None = Field(
        default=None, description="the iss a platform token must name (required with login)"
    )
    web_login_algorithms: str = Field(
        default="RS256,ES256", description="the signature algorithms accepted (commas)"
    )
    web_login_leeway: float = Field(
        default=30.0, ge=0, le=300, description="seconds of clock skew allowed on exp and nbf"
    )
    web_login_cookie: str = Field(
        default="president_login",
        description="the cookie a platform token may come in (else Authorization: Bearer)",
    )
    web_user_ttl: float = Field(
        default=SEAT_MAX_TTL_S,
        gt=0,
        le=SEAT_MAX_TTL_S,
        description="seconds a seat's user JWT lasts (the server then closes the connection)",
    )
    web_callout_bad_tickets_per_s: float = Field(
        default=1.0,
        gt=0,
        description="bad tickets a second one source address may present (over the burst;"
        " beyond, the door refuses its connections before nats-server sees them, or without"
        " a door the auth callout refuses them unread and unsigned)",
    )
    web_callout_bad_ticket_burst: int = Field(
        default=20,
        ge=1,
        description="bad tickets one source address may present at once before its rate holds",
    )


def missing_web_settings(settings: WebSettings) -> list[str]:
    """The variables a web process outside the embedded stack must be given: the page's
    NATS WebSocket URL, the ticket secret, with a door the listener behind it and, when it
    runs the callout, its seed and password (none has a default a deployment could keep)."""
    needed = [
        (settings.web_nats_url, "PRESIDENT_WEB_NATS_URL"),
        (settings.web_ticket_secret, "PRESIDENT_WEB_TICKET_SECRET"),
    ]
    if settings.web_door_port is not None:
        needed.append((settings.web_door_upstream, "PRESIDENT_WEB_DOOR_UPSTREAM"))
    if settings.web_callout:
        needed += [
            (settings.web_callout_seed, "PRESIDENT_WEB_CALLOUT_SEED"),
            (settings.web_callout_password, "PRESIDENT_WEB_CALLOUT_PASSWORD"),
        ]
    return [name for value, name in needed if not value]


def platform_login(settings: WebSettings) -> PlatformLogin | None:
    """The platform login of ``settings`` (None when it is off); a ``ValueError`` names what
    a login that is on lacks (a key or key set, the audience, the issuer)."""
    if not settings.web_login:
        return None
    if settings.web_login_public_key is None and settings.web_login_jwks is None:
        raise ValueError("PRESIDENT_WEB_LOGIN needs PRESIDENT_WEB_LOGIN_PUBLIC_KEY or _JWKS")
    if not settings.web_login_audience or not settings.web_login_issuer:
        raise ValueError("PRESIDENT_WEB_LOGIN needs PRESIDENT_WEB_LOGIN_AUDIENCE and _ISSUER")
    algorithms = tuple(a.strip() for a in settings.web_login_algorithms.split(",") if a.strip())
    return PlatformLogin.from_files(
        public_key=settings.web_login_public_key,
        jwks=settings.web_login_jwks,
        audience=settings.web_login_audience,
        issuer=settings.web_login_issuer,
        algorithms=algorithms,
        leeway=settings.web_login_leeway,
        cookie=settings.web_login_cookie,
    )


def web_limits(settings: WebSettings) -> Limits:
    """The lobby's quotas and ceilings of ``settings``."""
    return Limits(
        client_rate=settings.web_client_rate,
        client_burst=settings.web_client_burst,
        clients_per_address=settings.web_clients_per_address,
        open_tables=settings.web_client_open_tables,
        games=settings.web_client_games,
        ai_seats=settings.web_max_ai_seats,
        rounds=settings.web_max_rounds,
        open_tables_total=settings.web_open_tables,
        games_in_play=settings.web_games_in_play,
        ai_backlog=settings.web_ai_backlog,
        command_rate=settings.web_command_rate,
        command_burst=settings.web_command_burst,
        retry_after=settings.web_busy_retry_after,
    )
