"""The web process's settings (``PRESIDENT_WEB_*`` on top of the shared ones)."""

from __future__ import annotations

from president.bus.auth import SEAT_MAX_TTL_S
from president.settings import ServiceSettings
from pydantic import Field

from services.web.tickets import TICKET_TTL_S


class WebSettings(ServiceSettings):
    """What ``president web`` needs for the browsers' credentials: the lobby's ticket
    secret, the auth callout's issuer seed and identity, and the lifetimes."""

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
