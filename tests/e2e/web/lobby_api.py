"""The lobby API as an HTTP client sees it (aiohttp): one visitor is one ``Visitor``, its
own cookie jar (its browser id) and, if asked, its own forwarded address and token."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiohttp


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict[str, Any]
    headers: Mapping[str, str]

    @property
    def code(self) -> str | None:
        return self.body.get("code")


@dataclass
class Visitor:
    """A client of the lobby API at ``url`` (``http://127.0.0.1:port``), whose requests
    come from ``origin`` (the page's, unless a test says otherwise)."""

    session: aiohttp.ClientSession
    url: str
    origin: str | None
    headers: dict[str, str]

    async def get(self, path: str) -> Answer:
        async with self.session.get(self.url + path, headers=self.headers) as response:
            return await _answer(response)

    async def post(
        self,
        path: str,
        body: object = None,
        *,
        raw: bytes | None = None,
        content_type: str = "application/json",
        origin: str | None = "page",
    ) -> Answer:
        headers = {**self.headers, "Content-Type": content_type}
        sent_origin = self.origin if origin == "page" else origin
        if sent_origin is not None:
            headers["Origin"] = sent_origin
        data = raw if raw is not None else json.dumps({} if body is None else body).encode()
        async with self.session.post(self.url + path, data=data, headers=headers) as response:
            return await _answer(response)

    async def create(self, **body: Any) -> Answer:
        return await self.post("/api/tables", body)

    async def sit(self, table_id: str, name: str = "Ann", seat: int | None = 0) -> Answer:
        return await self.post(f"/api/tables/{table_id}/seats", {"name": name, "seat": seat})

    async def start(self, table_id: str) -> Answer:
        return await self.post(f"/api/tables/{table_id}/start", {})


async def _answer(response: aiohttp.ClientResponse) -> Answer:
    try:
        body = await response.json(content_type=None)
    except ValueError:
        body = {}
    return Answer(response.status, body if isinstance(body, dict) else {}, dict(response.headers))


@asynccontextmanager
async def visitor(
    url: str, origin: str | None, *, address: str | None = None, token: str | None = None
) -> AsyncIterator[Visitor]:
    """A fresh visitor (no cookie yet); ``address``: the X-Forwarded-For it sends."""
    headers = {}
    if address is not None:
        headers["X-Forwarded-For"] = address
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    jar = aiohttp.CookieJar(unsafe=True)  # cookies of an IP address's site too
    async with aiohttp.ClientSession(cookie_jar=jar) as session:
        yield Visitor(session, url.rstrip("/"), origin, headers)
