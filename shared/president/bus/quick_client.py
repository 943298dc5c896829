"""The project's nats-py client: nats-py's, with headers parsed in fewer steps and
subscriptions whose messages a plain function takes straight from the read loop."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from nats.aio.client import Client
from nats.aio.subscription import Subscription

log = logging.getLogger(__name__)

_CRLF = b"\r\n"
_WHITESPACE = re.compile(r"\s")
"""What ``str.isspace`` is true of (re's ``\\s`` on a str pattern)."""

InlineHandler = Callable[[str, bytes, "dict[str, str] | None"], None]
"""Takes a message's subject, payload and headers (None when it has none); returns at
once and never blocks: it runs inside the connection's read loop."""


def parse_header_lines(raw: bytes) -> dict[str, str]:
    """``Client._parse_header_lines`` of nats-py 2.16, the same dictionary for any bytes:
    a ``Name: Value`` line a header, names ASCII without whitespace, values stripped and
    decoded as UTF-8 (``replace``). nats-py tests each name's characters one by one in a
    generator (a tenth of an engine's CPU in the bench's profile); one search does it."""
    out: dict[str, str] = {}
    for line in raw.split(_CRLF):
        name, sep, value = line.partition(b":")
        if not sep:
            continue
        try:
            key = name.strip().decode("ascii")
        except UnicodeDecodeError:
            continue
        if _WHITESPACE.search(key) is None:
            out[key] = value.strip().decode("utf-8", "replace")
    return out


class QuickClient(Client):
    """nats-py's client with :func:`parse_header_lines` and :meth:`subscribe_inline`
    (nothing else differs)."""

    _parse_header_lines = staticmethod(parse_header_lines)

    def __init__(self) -> None:
        super().__init__()
        self._inline: dict[int, InlineHandler] = {}

    async def subscribe_inline(self, subject: str, handler: InlineHandler) -> Subscription:
        """Subscribe to ``subject`` with ``handler`` called in the read loop for each
        message: no ``Msg``, queue or task per message, as nats-py's callbacks take (the
        acks of pipelined publishes: three per action in the engine). The subscription is
        nats-py's own otherwise: renewed on reconnect, ended by ``unsubscribe``."""
        subscription = await self.subscribe(subject)
        self._inline[subscription._id] = handler
        return subscription

    def _remove_sub(self, sid: int, max_msgs: int = 0) -> None:
        self._inline.pop(sid, None)
        super()._remove_sub(sid, max_msgs)

    async def _process_msg(
        self, sid: int, subject: bytes, reply: bytes, data: bytes, headers: bytes
    ) -> None:
        handler = self._inline.get(sid)
        if handler is None or sid not in self._subs:
            await super()._process_msg(sid, subject, reply, data, headers)
            return
        self.stats["in_msgs"] += 1
        self.stats["in_bytes"] += len(data)
        parsed = await self._process_headers(headers)
        try:
            handler(subject.decode(), data, parsed)
        except Exception:  # an escaped error would end the read loop: the connection's end
            log.exception("inline handler of subscription %s failed", sid)
