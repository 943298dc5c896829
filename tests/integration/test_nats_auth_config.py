"""The rendered nats-server configuration: the checked-in deployment file is what the
generator renders, a real nats-server accepts it with the passwords from its environment,
and the multi-tenant form keeps every platform in its own account."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import json
import re
import secrets
import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import nats
import pytest
from nats.aio.client import Client
from nats.js.api import StreamConfig
from president.bus.auth import (
    ROLES,
    AuthConfig,
    Permissions,
    Secret,
    Tenant,
    User,
    multi_tenant,
    password_env,
    render_auth_conf,
    single_account,
)
from president.bus.command_server import REQUEST_INFO, CommandServer
from president.bus.connect import connect
from president.bus.identity import Requester
from president.bus.nats_jwt import new_account_seed, public_key
from president_tools.cli.infra import render_deployment_auth
from president_tools.infra.certs import make_ca, make_server_certificate
from president_tools.infra.nats import HOST, nats_server_binary, nats_url
from president_tools.infra.probes import nats_server_answers
from president_tools.infra.processes import free_port, stop_process

from tests.support.manifests import AUTH_CONF, named, render
from tests.support.waiting import eventually
from tests.support.wire import refused_login

ROOT = Path(__file__).resolve().parents[2]
CHECKED_IN = AUTH_CONF
"""The one rendered file: the k8s Secret `nats-auth` (both overlays) and docker compose
both mount it."""


def test_the_checked_in_auth_conf_is_what_the_generator_renders() -> None:
    assert CHECKED_IN.read_text() == render_deployment_auth("president", [])


@contextlib.contextmanager
def _server(config: str, directory: Path, env: dict[str, str]) -> Iterator[str]:
    port = free_port(HOST)
    conf = directory / "nats.conf"
    conf.write_text(config)
    log = directory / "nats.log"
    args = [str(nats_server_binary()), "-c", str(conf), "-a", HOST, "-p", str(port)]
    with log.open("ab") as out:
        process = subprocess.Popen(
            [*args, "-js", "-sd", str(directory / "js")],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        for _ in range(400):
            if nats_server_answers(HOST, port):  # JetStream is up before clients are let in
                break
            if process.poll() is not None:
                raise RuntimeError(log.read_text())
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(0.05)
        else:
            raise RuntimeError(f"nats-server did not answer: {log.read_text()}")
        yield nats_url(port)
    finally:
        stop_process(process.pid, (15,))
        process.wait()


async def test_nats_server_takes_the_deployment_file_with_passwords_from_its_environment(
    tmp_path: Path,
) -> None:
    env = {password_env(role): f"pw-{role}" for role in ROLES} | _NOT_SECRET
    (tmp_path / "auth.conf").write_text(CHECKED_IN.read_text())  # as the Secret mounts it
    with _server('include "auth.conf"\n', tmp_path, env) as url:
        client = await connect(f"nats://table:pw-table@{url.partition('://')[2]}", "t")
        await client.close()
        # a failed static login goes on to the auth callout (no responder here): the
        # server refuses it when its callout wait (2 s) ends
        refusal = await refused_login(url, user="table", password="pw-relay")
        assert refusal.error == "Authorization Violation"


TENANTS = [Tenant("acme"), Tenant("globex")]


@pytest.fixture
async def platforms(tmp_path: Path) -> AsyncIterator[dict[str, str]]:
    """A server with one account per platform (literal passwords); yields user -> URL."""
    users = {t.user(role): f"pw-{t.user(role)}" for t in TENANTS for role in ROLES}
    config = render_auth_conf(
        multi_tenant(TENANTS, {user: Secret(literal=pw) for user, pw in users.items()})
    )
    with _server(config, tmp_path, {}) as url:
        host = url.partition("://")[2]
        yield {user: f"nats://{user}:{pw}@{host}" for user, pw in users.items()}


async def test_each_platform_sees_only_its_own_tables(platforms: dict[str, str]) -> None:
    clients: list[Client] = []

    async def as_user(user: str) -> Client:
        client = await connect(platforms[user], user)
        clients.append(client)
        return client

    try:
        acme_relay = await as_user("acme-relay")
        # the events go out on the relays' command-account identities
        acme_events = await as_user("acme-relay-commands")
        globex_events = await as_user("globex-relay-commands")
        acme_reader = await as_user("acme-integrator")
        globex_reader = await as_user("globex-integrator")
        seat = "president.evt.table.t1.seat.0"
        acme_hand = await acme_reader.subscribe("president.evt.table.*.seat.*")
        globex_hand = await globex_reader.subscribe("president.evt.table.*.seat.*")
        await acme_reader.flush()
        await globex_reader.flush()

        # the same subject and stream name in both accounts: two separate spaces
        acme_js = acme_relay.jetstream()
        await acme_js.add_stream(StreamConfig(name="PRESIDENT_EVENTS", subjects=[seat]))
        await acme_events.jetstream().publish(seat, b"acme's hand")
        await globex_events.publish(seat, b"globex's hand")
        await globex_events.flush()

        assert (await acme_hand.next_msg(timeout=5)).data == b"acme's hand"
        # delivered in order: had acme's message crossed over, it would come first
        assert (await globex_hand.next_msg(timeout=5)).data == b"globex's hand"
        with pytest.raises(nats.js.errors.NotFoundError):
            await globex_reader.jetstream().stream_info("PRESIDENT_EVENTS")
        assert (await acme_reader.jetstream().stream_info("PRESIDENT_EVENTS")).state.messages == 1

        # a platform's commands reach its own table service only
        globex_table = await as_user("globex-table")
        await globex_table.subscribe("president.cmd.table.*", cb=_answer)
        await globex_table.flush()
        with pytest.raises(nats.errors.NoRespondersError):
            await acme_reader.request("president.cmd.table.ListTables", b"{}", timeout=5)
        answer = await globex_reader.request("president.cmd.table.ListTables", b"{}", timeout=5)
        # through the platform's import: the server names the sender, in the sender's account
        assert json.loads(answer.data) == {"acc": "PLATFORM_GLOBEX", "user": "globex-integrator"}
    finally:
        for client in clients:
            await client.close()


async def test_a_responder_answers_attested_requests_and_drops_any_other(tmp_path: Path) -> None:
    """A client's command crosses the import and arrives stamped with its user; a request
    published inside the command account (here by an ``insider`` given a publish right no
    deployment has) carries no stamp: the command server drops it unanswered."""
    passwords = {role: Secret(literal=f"pw-{role}") for role in ROLES}
    main, commands, *web = single_account("president", passwords).accounts
    insider = User(
        "insider",
        Secret(literal="pw-insider"),
        Permissions(publish=("president.cmd.>",), subscribe=("_INBOX.insider.>",)),
    )
    commands = dataclasses.replace(commands, users=(*commands.users, insider))
    config = AuthConfig((main, commands, *web))
    seen: list[Requester | None] = []

    def admit(subject: str, data: bytes, requester: Requester | None) -> bytes:
        seen.append(requester)
        return b"answered"

    async def run(subject: str, command: object, requester: object) -> bytes:
        raise AssertionError("admit answers every request")

    with _server(render_auth_conf(config), tmp_path, {}) as url:
        host = url.partition("://")[2]
        clients = [
            await connect(f"nats://{user}:pw-{user}@{host}", user)
            for user in ("table", "integrator", "insider")
        ]
        table, integrator, outsider = clients
        server = CommandServer(
            table,
            "president.cmd.table.*",
            "q",
            admit,
            run,
            max_workers=1,
            service="test",
            busy=b"busy",
        )
        try:
            await server.start()
            await table.flush()
            subject = "president.cmd.table.ListTables"
            # the attested request first: its answer shows the responder subscribed, so
            # the outsider's silence below is the responder's drop (a loaded CI run once
            # saw "no responders" for a request sent right after the subscription's flush)
            forged = {REQUEST_INFO: '{"acc":"PRESIDENT","user":"ai-worker"}'}
            answer = await _request_once_subscribed(integrator, subject, forged)
            assert answer.data == b"answered"
            with pytest.raises(nats.errors.TimeoutError):
                await outsider.request(subject, b"{}", timeout=1)
            assert seen == [Requester("integrator")]
        finally:
            await server.stop(1)
            for client in clients:
                await client.close()


async def _request_once_subscribed(
    client: Client, subject: str, headers: dict[str, str]
) -> nats.aio.msg.Msg:
    """A request answered, asked again while the server says nobody listens yet (as a
    client does): the responder's interest, not its timing, is what the test is about."""
    answers: list[nats.aio.msg.Msg] = []

    async def answered() -> bool:
        try:
            answers.append(await client.request(subject, b"{}", timeout=5, headers=headers))
        except nats.errors.NoRespondersError:
            return False
        return True

    await eventually(answered, 10, f"an answer on {subject}", every=0.1)
    return answers[0]


async def _answer(message: nats.aio.msg.Msg) -> None:
    info = json.loads((message.headers or {}).get(REQUEST_INFO, "{}"))
    await message.respond(json.dumps({"acc": info.get("acc"), "user": info.get("user")}).encode())


_NOT_SECRET = {
    "NATS_CALLOUT_ISSUER": public_key(new_account_seed()),
    "NATS_WEB_ORIGIN": "https://play.example",
}
"""The server's variables that are not made-up hex: the callout's issuer (an account
public key) and the web origin."""


def _server_env(deployment: str) -> dict[str, str]:
    """The nats-server's environment, every secret a made-up hex value: compose's password
    variables; in k8s the StatefulSet's variables as the kubelet sets them (a secret's
    key, the pod's name, a value with each ``$(NAME)`` of an earlier variable expanded:
    the route URLs with the route identity in them)."""
    env = {password_env(role): f"pw-{role}" for role in ROLES} | {"SERVER_NAME": "nats-0"}
    env |= _NOT_SECRET

    if deployment == "compose":
        return env
    statefulset = named(render(deployment), "StatefulSet", "nats")
    for variable in statefulset["spec"]["template"]["spec"]["containers"][0]["env"]:
        name, source = variable["name"], variable.get("valueFrom", {})
        if "value" in variable:
            env[name] = re.sub(r"\$\((\w+)\)", lambda m: env[m[1]], variable["value"])
        elif name in _NOT_SECRET:
            env[name] = _NOT_SECRET[name]
        elif "secretKeyRef" in source:
            env[name] = secrets.token_hex(16)
        elif "fieldRef" in source:
            env[name] = "nats-0"
    return env


def _nats_config_files(deployment: str) -> dict[str, str]:
    """The NATS server's configuration directory as committed (compose) or as an overlay
    renders it (the nats-config ConfigMap and the nats-auth Secret, projected together)."""
    if deployment == "compose":
        return {
            "nats.conf": (ROOT / "deploy" / "nats" / "nats.conf").read_text(),
            "auth.conf": CHECKED_IN.read_text(),  # docker-compose.yml mounts it beside
        }
    objects = render(deployment)
    files: dict[str, str] = dict(named(objects, "ConfigMap", "nats-config")["data"])
    auth = named(objects, "Secret", "nats-auth")["data"]["auth.conf"]
    files["auth.conf"] = base64.b64decode(auth).decode()
    return files


@pytest.mark.parametrize("deployment", ["compose", "dev", "prod"])
def test_the_deployments_nats_conf_is_valid_with_tls_and_the_generated_auth(
    deployment: str, tmp_path: Path
) -> None:
    """nats-server -t on the committed configuration, its paths moved under tmp_path:
    the TLS blocks (client port, and routes in prod), the include of the generated
    auth.conf (the checked-in file, unchanged) and its password variables."""
    ca = make_ca(tmp_path)
    cert = make_server_certificate(tmp_path, "nats", ["nats"])
    files = _nats_config_files(deployment)
    assert files["auth.conf"] == CHECKED_IN.read_text()
    config = tmp_path / "config"
    config.mkdir()
    for name, text in files.items():
        for old, new in (
            ("/certs/nats.pem", cert.cert),
            ("/certs/nats-key.pem", cert.key),
            ("/etc/nats-certs/nats/tls.crt", cert.cert),
            ("/etc/nats-certs/nats/tls.key", cert.key),
            ("/etc/nats-certs/nats/ca.crt", ca),
            ("/var/run/nats/", f"{tmp_path}/"),
            ("/data", tmp_path / "js"),
        ):
            text = text.replace(old, str(new))
        (config / name).write_text(text)
    done = subprocess.run(
        [str(nats_server_binary()), "-c", str(config / "nats.conf"), "-t"],
        env=_server_env(deployment),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "include auth.conf" in files["nats.conf"]
    assert "tls {" in files["nats.conf"] + files.get("tls.conf", "")


async def test_a_login_the_callout_leaves_unanswered_is_never_served_while_it_waits(
    tmp_path: Path,
) -> None:
    """While the auth callout's wait runs (no responder here), whatever an anonymous client
    sent after its CONNECT, a SUB and a PUB, is never read: nothing reaches the watcher
    nor the anonymous client, though the watcher publishes on its SUB all along."""
    passwords = {role: Secret(literal=f"pw-{role}") for role in ROLES}
    watcher = User("watcher", Secret(literal="pw-watcher"), Permissions(("seen.>",), ("seen.>",)))
    accounts = single_account(
        "president",
        passwords,
        extra_users=(watcher,),
        callout_issuer=public_key(new_account_seed()),
    )
    with _server(render_auth_conf(accounts), tmp_path, {}) as url:
        client = await connect(f"nats://watcher:pw-watcher@{url.partition('://')[2]}", "watcher")
        try:
            published = await client.subscribe("seen.from_anonymous")
            await client.flush()
            login = asyncio.create_task(
                refused_login(
                    url, after=b"SUB seen.to_anonymous 1\r\nPUB seen.from_anonymous 2\r\nhi\r\n"
                )
            )
            while not login.done():
                await client.publish("seen.to_anonymous", b"for nobody")
                await asyncio.wait([login], timeout=0.05)
            refusal = login.result()
            await client.flush()
            assert refusal.error == "Authorization Violation"
            assert set(refusal.lines[:-1]) <= {"PING"}  # no MSG, no PONG
            assert published.pending_msgs == 0
        finally:
            await client.close()
