"""The ports the embedded servers and the services listen on: below the kernel's ephemeral
range (an outgoing connection cannot take one between the pick and the bind), and never
one that another process of the machine was handed moments ago."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from president_tools.infra import processes
from president_tools.infra.processes import LISTEN_PORTS, RESERVED_FOR, free_port

pytestmark = pytest.mark.unit


@pytest.fixture(autouse=True)
def marks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The ports handed out, kept apart from the rest of the machine's."""
    monkeypatch.setattr(processes, "RESERVED", tmp_path / "ports")
    yield tmp_path / "ports"


def test_a_picked_port_is_below_the_ephemeral_range_and_can_be_bound() -> None:
    for _ in range(20):
        port = free_port()
        assert LISTEN_PORTS[0] <= port < LISTEN_PORTS[1]
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind(("127.0.0.1", port))


def test_a_port_someone_listens_on_is_not_picked(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        tries = iter([busy, 20000])
        monkeypatch.setattr(processes.random, "randrange", lambda low, high: next(tries))
        assert free_port() == 20000


def test_a_port_handed_out_moments_ago_is_not_picked_again(
    marks: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tries = iter([20001, 20001, 20002])
    monkeypatch.setattr(processes.random, "randrange", lambda low, high: next(tries))
    assert free_port() == 20001  # handed out: its mark is there for any other process
    assert (marks / "20001").exists()
    assert free_port() == 20002


def test_an_old_mark_does_not_hold_its_port(marks: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marks.mkdir()
    (marks / "20003").touch()
    old = time.time() - RESERVED_FOR - 1
    os.utime(marks / "20003", (old, old))
    monkeypatch.setattr(processes.random, "randrange", lambda low, high: 20003)
    assert free_port() == 20003


def test_picks_in_a_row_differ_before_any_is_bound() -> None:
    ports = [free_port() for _ in range(200)]
    assert len(set(ports)) == len(ports)


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
