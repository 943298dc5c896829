"""A TCP relay between the browser and NATS's WebSocket port that can drop the line:
``cut()`` closes every connection and refuses new ones until ``restore()`` (a network
outage as the page sees it; NATS and the services stay up)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable

HOST = "127.0.0.1"


class LineProxy:
    """Listens on ``port`` (drawn at start) in a thread of its own, relaying to the
    ``upstream()`` port (known once the servers run)."""

    def __init__(self, port: int, upstream: Callable[[], int]):
        self.port = port
        self._upstream = upstream
        self._loop = asyncio.new_event_loop()
        self._writers: set[asyncio.StreamWriter] = set()
        self._cut = False
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="line-proxy", daemon=True)

    def start(self) -> LineProxy:
        self._thread.start()
        self._ready.wait(5)
        return self

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    def cut(self) -> None:
        """Drop every connection now, and every new one until :meth:`restore`."""
        self._loop.call_soon_threadsafe(self._drop)

    def restore(self) -> None:
        self._loop.call_soon_threadsafe(setattr, self, "_cut", False)

    def _drop(self) -> None:
        self._cut = True
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._serve, HOST, self.port))
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._cut:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(HOST, self._upstream())
        except OSError:
            writer.transport.abort()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, asyncio.IncompleteReadError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        self._writers.discard(writer)
        writer.transport.abort()
