"""Who is asking, for the lobby's quotas: the connecting address as the ingress reports it
(``X-Forwarded-For`` read only from a trusted proxy) and a per-browser id the lobby issues
in a cookie (signed, so only ids it issued count), or a platform login's subject."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

BROWSER_COOKIE = "president_browser"
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
"""A trusted proxy's address or CIDR."""


@dataclass(frozen=True)
class Caller:
    """One request's client: ``address`` (the quota of everyone behind it) and ``key``
    (the client's own quota: ``b:<browser id>``, or ``s:<subject>`` when logged in);
    ``issued``: a browser id to set in the cookie (None: it sent a valid one)."""

    address: str
    key: str
    issued: str | None = None
    subject: str | None = None


def trusted_networks(text: str) -> tuple[Network, ...]:
    """The proxies of ``PRESIDENT_WEB_TRUSTED_PROXIES`` (addresses or CIDRs, commas)."""
    return tuple(ipaddress.ip_network(part.strip()) for part in text.split(",") if part.strip())


def client_address(peer: str | None, forwarded: str | None, trusted: Sequence[Network]) -> str:
    """The client's address: ``peer`` unless it is a trusted proxy, then the last address
    of ``X-Forwarded-For`` that is not one (each proxy appends the one it saw; the
    addresses before it are the client's to write, so never believed)."""
    address = peer or "unknown"
    if not forwarded or not is_trusted(address, trusted):
        return address
    for hop in reversed([part.strip() for part in forwarded.split(",")]):
        if not is_trusted(hop, trusted):
            return hop if _parses(hop) else address
    return address


def is_trusted(address: str, trusted: Sequence[Network]) -> bool:
    """Whether ``address`` is one of the ``trusted`` proxies."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted)


def _parses(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


def _mac(secret: bytes, browser: str) -> str:
    return hmac.new(secret, f"browser|{browser}".encode(), hashlib.sha256).hexdigest()[:32]


def browser_id(secret: bytes, cookie: str | None) -> tuple[str, str | None]:
    """The browser id a valid ``cookie`` names, or a new one and the cookie that carries it
    (a cookie the lobby did not sign is replaced, not believed)."""
    if cookie and len(cookie) <= 80:
        browser, _, mac = cookie.partition(".")
        if browser and hmac.compare_digest(mac.encode(), _mac(secret, browser).encode()):
            return browser, None
    browser = secrets.token_urlsafe(16)
    return browser, f"{browser}.{_mac(secret, browser)}"
