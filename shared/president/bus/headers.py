"""A nats-py client that parses message headers as nats-py does, in fewer steps."""

from __future__ import annotations

import re

from nats.aio.client import Client

_CRLF = b"\r\n"
_WHITESPACE = re.compile(r"\s")
"""What ``str.isspace`` is true of (re's ``\\s`` on a str pattern)."""


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


class QuickHeadersClient(Client):
    """nats-py's client with :func:`parse_header_lines` (nothing else differs)."""

    _parse_header_lines = staticmethod(parse_header_lines)
