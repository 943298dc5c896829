"""The cache of stream heads that lets an append skip reading the stream first."""

from __future__ import annotations

from typing import NamedTuple


class Head(NamedTuple):
    """A stream's last version and its hash (0 and the genesis hash when empty)."""

    version: int
    hash: str


class HeadCache:
    """The most recently used stream heads, at most `size` of them.

    A stale head is harmless: the append statement only inserts after a head that is
    still the stream's last committed event, and reloads otherwise.
    """

    def __init__(self, size: int = 100_000) -> None:
        self._size = size
        self._heads: dict[str, Head] = {}

    def get(self, stream_id: str) -> Head | None:
        return self._heads.get(stream_id)

    def put(self, stream_id: str, head: Head) -> None:
        self._heads.pop(stream_id, None)
        self._heads[stream_id] = head
        if len(self._heads) > self._size:
            del self._heads[next(iter(self._heads))]

    def forget(self, stream_id: str) -> None:
        self._heads.pop(stream_id, None)
