"""`president infra up|status|down` as real subprocesses; the servers outlive `up`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import nats
import pytest
from president.bus.connect import NatsCredentials, connect
from president_tools.infra import free_port
from president_tools.infra.nats import read_users

from tests.fixtures.servers import reachable_temp_dir
from tests.support.wire import refused_login

PRESIDENT = str(Path(sys.executable).parent / "president")


def _run(
    *args: str, data_dir: Path, extra: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRESIDENT_")}
    env["PRESIDENT_DATA_DIR"] = str(data_dir)
    env.update(extra or {})
    return subprocess.run(
        [PRESIDENT, "infra", *args], env=env, capture_output=True, text=True, timeout=120
    )


@pytest.fixture(scope="module")
def data_dir() -> Iterator[Path]:
    with reachable_temp_dir() as path:
        yield path
        _run("down", data_dir=path)


@pytest.fixture(scope="module")
def urls(data_dir: Path) -> dict[str, str]:
    result = _run("up", "--json", "--no-fsync", data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    parsed: dict[str, str] = json.loads(result.stdout)
    return parsed


async def test_up_prints_urls_of_servers_that_outlive_the_command(urls: dict[str, str]) -> None:
    connection = await asyncpg.connect(urls["database_url"])
    assert await connection.fetchval("SHOW fsync") == "off"  # as asked by --no-fsync
    await connection.close()
    users = read_users(Path(urls["nats_users_file"]))
    assert set(users) >= {"relay", "table", "engine", "ai-worker", "integrator", "auditor"}
    client = await connect(urls["nats_url"], "probe", NatsCredentials("relay", users["relay"]))
    with pytest.raises(nats.js.errors.NotFoundError):  # JetStream answers; no stream yet
        await client.jetstream().stream_info("PRESIDENT_EVENTS")
    await client.close()
    # anonymous: refused once the auth callout's wait (2 s) ends, nothing answered before
    assert (await refused_login(urls["nats_url"])).error == "Authorization Violation"


def test_up_again_reuses_the_running_servers(urls: dict[str, str], data_dir: Path) -> None:
    result = _run("up", data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"export PRESIDENT_DATABASE_URL={urls['database_url']}",
        f"export PRESIDENT_NATS_URL={urls['nats_url']}",
        f"export PRESIDENT_NATS_USERS_FILE={urls['nats_users_file']}",
    ]
    assert "reusing" in result.stderr and "started" not in result.stderr


def test_up_with_exports_of_servers_that_are_gone_uses_the_embedded_ones(
    urls: dict[str, str], data_dir: Path
) -> None:
    gone = {
        "PRESIDENT_DATABASE_URL": f"postgresql://someone@127.0.0.1:{free_port()}/president",
        "PRESIDENT_NATS_URL": f"nats://127.0.0.1:{free_port()}",
    }
    result = _run("up", data_dir=data_dir, extra=gone)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"export PRESIDENT_DATABASE_URL={urls['database_url']}",
        f"export PRESIDENT_NATS_URL={urls['nats_url']}",
        f"export PRESIDENT_NATS_USERS_FILE={urls['nats_users_file']}",
    ]
    for url in gone.values():
        assert f"# {url} does not answer" in result.stderr


def test_up_with_exports_of_servers_that_answer_uses_them(
    urls: dict[str, str], data_dir: Path, tmp_path: Path
) -> None:
    exported = {
        "PRESIDENT_DATABASE_URL": urls["database_url"],
        "PRESIDENT_NATS_URL": urls["nats_url"],
    }
    result = _run("up", data_dir=tmp_path, extra=exported)  # another data dir: nothing runs there
    assert result.returncode == 0, result.stderr
    assert "does not answer" not in result.stderr and "started" not in result.stderr
    assert not (tmp_path / "servers.json").exists()


def test_status_shows_both_servers_running(urls: dict[str, str], data_dir: Path) -> None:
    result = _run("status", "--json", data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout)
    assert shown["postgres"]["running"] and shown["nats"]["running"]
    assert shown["postgres"]["url"] == urls["database_url"]
    assert shown["nats"]["url"] == urls["nats_url"]


def test_down_stops_them_and_status_then_fails(urls: dict[str, str], data_dir: Path) -> None:
    result = _run("down", data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    assert set(result.stdout.split()) >= {urls["database_url"], urls["nats_url"]}
    status = _run("status", data_dir=data_dir)
    assert status.returncode == 1
    assert "not running" in status.stdout
