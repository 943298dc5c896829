"""The ports the embedded servers and the services listen on are picked below the kernel's
ephemeral range, so an outgoing connection cannot take one between the pick and the bind."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from president_tools.infra import processes
from president_tools.infra.processes import LISTEN_PORTS, free_port

pytestmark = pytest.mark.unit


def test_a_picked_port_is_below_the_ephemeral_range_and_can_be_bound() -> None:
    for _ in range(20):
        port = free_port()
        assert LISTEN_PORTS[0] <= port < LISTEN_PORTS[1]
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind(("127.0.0.1", port))


def test_a_port_someone_listens_on_is_not_picked(monkeypatch: pytest.MonkeyPatch) -> None:
    busy, other = free_port(), free_port()
    processes._PICKED.difference_update({busy, other})
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", busy))
        taken.listen()
        tries = iter([busy, other])
        monkeypatch.setattr(processes.random, "randrange", lambda low, high: next(tries))
        assert free_port() == other


def test_a_machine_whose_ephemeral_range_starts_low_gets_the_kernels_pick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    low_range = tmp_path / "ip_local_port_range"
    low_range.write_text("1024\t65535\n")
    monkeypatch.setattr(processes, "EPHEMERAL_RANGE", low_range)
    picked: list[int] = []
    monkeypatch.setattr(processes.random, "randrange", lambda *a: picked.append(1) or 10000)
    port = free_port()
    assert not picked and 0 < port < 65536  # no room below the range: port 0's pick


def test_picks_in_a_row_differ_before_any_is_bound() -> None:
    ports = [free_port() for _ in range(200)]
    assert len(set(ports)) == len(ports)
