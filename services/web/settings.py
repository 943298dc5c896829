"""The web process's settings (``PRESIDENT_WEB_*`` on top of the shared ones)."""

from __future__ import annotations

from president.bus.auth import SEAT_MAX_TTL_S
from president.settings import ServiceSettings
from pydantic import Field

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
        " loopback only)",
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
        default="PRESIDENT", description="the NATS account the seats' connections are placed in"
    )
    web_ticket_ttl: float = Field(
        default=TICKET_TTL_S, gt=0, le=600, description="seconds a seat ticket may be redeemed"
    )
    web_user_ttl: float = Field(
        default=SEAT_MAX_TTL_S,
        gt=0,
        le=SEAT_MAX_TTL_S,
        description="seconds a seat's user JWT lasts (the server then closes the connection)",
    )


def missing_web_settings(settings: WebSettings) -> list[str]:
    """The variables a web process outside the embedded stack must be given: the page's
    NATS WebSocket URL, the ticket secret and, when it runs the callout, its seed and
    password (none has a default a deployment could keep)."""
    needed = [
        (settings.web_nats_url, "PRESIDENT_WEB_NATS_URL"),
        (settings.web_ticket_secret, "PRESIDENT_WEB_TICKET_SECRET"),
    ]
    if settings.web_callout:
        needed += [
            (settings.web_callout_seed, "PRESIDENT_WEB_CALLOUT_SEED"),
            (settings.web_callout_password, "PRESIDENT_WEB_CALLOUT_PASSWORD"),
        ]
    return [name for value, name in needed if not value]
