"""The game commands' partitions: nats-server's ``partition()`` mapping, rendered into the
command account (and, on an open server, at the top), gives each table id the partition
the project computes (``president.contract.subjects.partition_of``)."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

from nats.aio.client import Client
from nats.aio.msg import Msg
from president.bus.auth import ROLES, Secret, render_auth_conf, single_account
from president.bus.connect import connect
from president.bus.server_config import command_mapping, render_server
from president.contract.subjects import PARTITIONS, Subjects, partition_of
from president_tools.infra.nats import HOST

from tests.integration.test_nats_auth_config import _server

IDS = 3000


async def _partitions_heard(requester: Client, responder: Client, prefix: str) -> dict[str, int]:
    """Each table id's partition, as the subject its request arrived on says."""
    subjects = Subjects(prefix)
    heard: dict[str, int] = {}

    async def answer(message: Msg) -> None:
        tokens = message.subject.split(".")
        heard[tokens[-2]] = int(tokens[-1])
        await message.respond(b"")

    await responder.subscribe(subjects.game_partition("*"), cb=answer)
    await responder.flush()
    table_ids = [uuid.uuid4().hex[: 1 + i % 32] + str(i) for i in range(IDS)]
    for start in range(0, IDS, 200):
        batch = table_ids[start : start + 200]
        await asyncio.gather(
            *(requester.request(subjects.game_command(t), b"{}", timeout=10) for t in batch)
        )
    assert set(heard) == set(table_ids)
    return heard


async def test_the_command_account_maps_each_table_to_the_partition_the_project_computes(
    tmp_path: Path,
) -> None:
    config = single_account("president", {role: Secret(literal=f"pw-{role}") for role in ROLES})
    with _server(render_auth_conf(config), tmp_path, {}) as url:
        host = url.partition("://")[2]
        integrator = await connect(f"nats://integrator:pw-integrator@{host}", "i")
        engine = await connect(f"nats://engine-commands:pw-engine-commands@{host}", "e")
        try:
            heard = await _partitions_heard(integrator, engine, "president")
        finally:
            await integrator.close()
            await engine.close()
    assert heard == {t: partition_of(t) for t in heard}
    assert set(heard.values()) == set(range(PARTITIONS))


async def test_an_open_server_maps_the_game_commands_of_any_prefix(tmp_path: Path) -> None:
    open_server = render_server(host=HOST, mappings=(command_mapping("*"),))
    with _server(open_server, tmp_path, {}) as url:
        client = await connect(url, "c")
        try:
            heard = await _partitions_heard(client, client, "t1")
        finally:
            await client.close()
    assert heard == {t: partition_of(t) for t in heard}
