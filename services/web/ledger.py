"""The ledger of the lobby's counted quotas, one book every web replica reads and writes:
``MemoryLedger`` (one process) and ``KvLedger`` (one NATS KV key written by compare-and-set).
Why: docs/decisions/2026-12-05-public-lobby-quotas.md."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from nats.js.errors import KeyNotFoundError, KeyWrongLastSequenceError
from nats.js.kv import KeyValue

T = TypeVar("T")

KEY = "book"
"""The bucket's one key: every count is one compare-and-set on it."""


@dataclass(frozen=True)
class Slot:
    """A slot counted against ``keys`` since ``since`` (wall-clock seconds: every replica
    reads it)."""

    keys: tuple[str, ...]
    since: float


Book = dict[str, dict[str, Slot]]
"""kind (open, game) -> slot (a table id, or a pending command's) -> what it holds."""


class Ledger(Protocol):
    async def read(self) -> Book: ...

    async def change(self, edit: Callable[[Book], T]) -> T:
        """Apply ``edit`` to the book as it is now, atomically; its result, or what it
        raised (then nothing changed)."""
        ...


def _copy(book: Book) -> Book:
    return {kind: dict(slots) for kind, slots in book.items()}


class MemoryLedger:
    """One process's book: an edit runs with no ``await`` inside, so none interleaves."""

    def __init__(self) -> None:
        self._book: Book = {}

    async def read(self) -> Book:
        return _copy(self._book)

    async def change(self, edit: Callable[[Book], T]) -> T:
        book = _copy(self._book)
        result = edit(book)
        self._book = book
        return result


def encode(book: Book) -> bytes:
    return json.dumps(
        {
            kind: {slot: [list(held.keys), held.since] for slot, held in slots.items()}
            for kind, slots in book.items()
        },
        separators=(",", ":"),
    ).encode()


def decode(raw: bytes) -> Book:
    return {
        kind: {slot: Slot(tuple(keys), float(since)) for slot, (keys, since) in slots.items()}
        for kind, slots in json.loads(raw).items()
    }


class KvLedger:
    """The book as one key of a JetStream KV bucket (``president.bus.streams.quota_bucket``),
    shared by every web replica."""

    def __init__(self, kv: KeyValue, key: str = KEY) -> None:
        self._kv = kv
        self._key = key

    async def read(self) -> Book:
        return decode((await self._get())[0])

    async def change(self, edit: Callable[[Book], T]) -> T:
        while True:
            raw, revision = await self._get()
            book = decode(raw)
            result = edit(book)
            written = encode(book)
            if written == raw:
                return result  # nothing to write
            try:
                await self._kv.update(self._key, written, last=revision)
            except KeyWrongLastSequenceError:
                continue  # another replica wrote first: edit what it wrote
            return result

    async def _get(self) -> tuple[bytes, int]:
        """The key's value and revision (``{}`` and 0 before its first write: ``last=0``
        then writes only if nobody else did)."""
        try:
            entry = await self._kv.get(self._key)
        except KeyNotFoundError:
            return b"{}", 0
        return entry.value or b"{}", entry.revision or 0
