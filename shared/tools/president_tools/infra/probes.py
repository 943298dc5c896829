"""Whether a server answers its own protocol (a TCP accept alone can be anything), without
logging in."""

from __future__ import annotations

import socket
import struct
from urllib.parse import urlsplit

from president.bus.connect import server_list

_SSL_REQUEST = struct.pack("!ii", 8, 80877103)


def nats_server_answers(host: str, port: int, timeout: float = 1.0) -> bool:
    """Whether a NATS server greets on host:port."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.settimeout(timeout)
            return sock.recv(5) == b"INFO "
    except OSError:
        return False


def nats_answers(nats_url: str, timeout: float = 1.0) -> bool:
    """Whether any server of ``nats_url`` (one URL or a comma list) greets."""
    for server in server_list(nats_url):
        parts = urlsplit(server if "://" in server else f"nats://{server}")
        if parts.hostname and nats_server_answers(parts.hostname, parts.port or 4222, timeout):
            return True
    return False


def postgres_server_answers(host: str, port: int, timeout: float = 1.0) -> bool:
    """Whether a PostgreSQL server answers an SSLRequest on host:port."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.settimeout(timeout)
            sock.sendall(_SSL_REQUEST)
            return sock.recv(1) in (b"S", b"N")
    except OSError:
        return False


def postgres_answers(database_url: str, timeout: float = 1.0) -> bool:
    """Whether the server of a ``postgresql://`` URL answers (host and port of the URL)."""
    parts = urlsplit(database_url)
    return postgres_server_answers(parts.hostname or "localhost", parts.port or 5432, timeout)
