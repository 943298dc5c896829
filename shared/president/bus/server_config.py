"""The whole nats-server configuration, rendered from one place: the blocks (listeners,
JetStream, cluster, TLS) and every deployment's files (k8s, compose); ``auth.conf`` comes
from ``president.bus.auth``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from president.contract.subjects import PARTITIONS

LAME_DUCK = ("lame_duck_grace_period: 10s", "lame_duck_duration: 30s")
"""Draining on SIGTERM, as the official Helm chart sets it (k8s and compose)."""
PING = ('ping_interval: "10s"', "ping_max: 2")
"""A client that answers no ping for about 30 s (frozen, cut off) is dropped with its
subscriptions: a frozen engine's partitions go to the others (every server)."""

SubjectMapping = tuple[str, str]
"""A subject mapping: the subjects a message is published on, the subject it is given."""


def command_mapping(prefix: str, partitions: int = PARTITIONS) -> SubjectMapping:
    """The game commands mapped to their table's partition, in the account that answers
    them: ``<p>.cmd.game.<table_id>`` to ``<p>.cmd.game.<table_id>.<partition>``, the
    partition being FNV-1a 32 of the table id modulo ``partitions``
    (``president.contract.subjects.partition_of``). A mapping of the exporting account
    applies to the requests that arrive through the other accounts' service imports.
    ``prefix`` may hold ``*`` tokens (a server for any prefix: the tests')."""
    tokens = prefix.split(".")
    wildcards = [i for i, token in enumerate(tokens) if token == "*"]
    for n, i in enumerate(wildcards, start=1):
        tokens[i] = f"{{{{wildcard({n})}}}}"
    table = len(wildcards) + 1
    target = f"{{{{wildcard({table})}}}}.{{{{partition({partitions},{table})}}}}"
    return f"{prefix}.cmd.game.*", ".".join(tokens) + f".cmd.game.{target}"


def render_mappings(mappings: Sequence[SubjectMapping], indent: str = "") -> list[str]:
    """A ``mappings {}`` block (at the top: the open server's one account; in an account)."""
    if not mappings:
        return []
    return _block("mappings", [f"{quoted(a)}: {quoted(b)}" for a, b in mappings], indent)


@dataclass(frozen=True)
class Tls:
    """A ``tls {}`` block: the server's certificate, and with ``ca_file`` the CA it checks
    peers against (``verify``: peers must present a certificate of that CA)."""

    cert_file: str
    key_file: str
    ca_file: str | None = None
    verify: bool = False
    timeout: int | None = 2


@dataclass(frozen=True)
class JetStream:
    """A ``jetstream {}`` block: where and how much the server stores."""

    store_dir: str
    max_file_store: str | None = None
    max_memory_store: int | None = None


@dataclass(frozen=True)
class Cluster:
    """A ``cluster {}`` block. ``user`` and ``password`` are what a route must present
    (config values as written: ``$NATS_ROUTE_USER`` or a quoted literal); ``routes`` the
    peers' route URLs, with the same credentials in them (nats-server takes a route's
    credentials only from its URL)."""

    name: str
    user: str
    password: str
    routes: tuple[str, ...]
    port: int | None = None
    listen: str | None = None
    no_advertise: bool = False
    tls: Tls | None = None


@dataclass(frozen=True)
class WebSocket:
    """A ``websocket {}`` listener, for browsers: TLS (``tls``) unless on loopback
    (``tls`` None renders ``no_tls``); ``allowed_origins``: the web page's origins, an
    upgrade from any other ``Origin`` is refused."""

    port: int
    allowed_origins: tuple[str, ...]
    host: str | None = None
    tls: Tls | None = None


def quoted(value: str) -> str:
    """A configuration string, quoted unless it is a ``$VARIABLE`` reference."""
    return value if value.startswith("$") else json.dumps(value)


def _block(name: str, lines: Sequence[str], indent: str) -> list[str]:
    return [f"{indent}{name} {{", *(f"{indent}  {line}" for line in lines), f"{indent}}}"]


def render_tls(tls: Tls, indent: str = "") -> list[str]:
    lines = [f"cert_file: {quoted(tls.cert_file)}", f"key_file: {quoted(tls.key_file)}"]
    if tls.ca_file is not None:
        lines.append(f"ca_file: {quoted(tls.ca_file)}")
    if tls.verify:
        lines.append("verify: true")
    if tls.timeout is not None:
        lines.append(f"timeout: {tls.timeout}")
    return _block("tls", lines, indent)


def render_jetstream(jetstream: JetStream) -> list[str]:
    lines = [f"store_dir: {quoted(jetstream.store_dir)}"]
    if jetstream.max_file_store is not None:
        lines.append(f"max_file_store: {jetstream.max_file_store}")
    if jetstream.max_memory_store is not None:
        lines.append(f"max_memory_store: {jetstream.max_memory_store}")
    return _block("jetstream", lines, "")


def render_cluster(cluster: Cluster) -> list[str]:
    lines = [f"name: {quoted(cluster.name)}"]
    if cluster.listen is not None:
        lines.append(f"listen: {quoted(cluster.listen)}")
    if cluster.port is not None:
        lines.append(f"port: {cluster.port}")
    if cluster.no_advertise:
        lines.append("no_advertise: true")
    lines += _block(
        "authorization",
        [f"user: {quoted(cluster.user)}", f"password: {quoted(cluster.password)}", "timeout: 2"],
        "",
    )
    lines += ["routes: [", *(f"  {quoted(route)}" for route in cluster.routes), "]"]
    if cluster.tls is not None:
        lines += render_tls(cluster.tls)
    return _block("cluster", lines, "")


def render_websocket(websocket: WebSocket) -> list[str]:
    lines = [] if websocket.host is None else [f"host: {quoted(websocket.host)}"]
    lines.append(f"port: {websocket.port}")
    if websocket.tls is None:
        lines.append("no_tls: true")
    else:
        lines += render_tls(websocket.tls)
    origins = ", ".join(quoted(origin) for origin in websocket.allowed_origins)
    lines.append(f"allowed_origins: [{origins}]")
    return _block("websocket", lines, "")


def render_server(
    *,
    server_name: str | None = None,
    host: str | None = None,
    port: int = 4222,
    http_port: int | None = None,
    lame_duck: bool = False,
    pid_file: str | None = None,
    jetstream: JetStream | None = None,
    cluster: Cluster | None = None,
    tls: Tls | None = None,
    websocket: WebSocket | None = None,
    includes: Sequence[str] = (),
    auth: str | None = None,
    mappings: Sequence[SubjectMapping] = (),
) -> str:
    """One server's configuration: its name, pings, listeners, store, routes and client
    TLS, the browsers' WebSocket listener, then ``includes`` (files beside it) and ``auth``
    (the text of an ``auth.conf``, whose accounts carry their mappings); ``mappings``: the
    open server's (no accounts: ``command_mapping`` at the top)."""
    out: list[str] = []
    if server_name is not None:
        out.append(f"server_name: {quoted(server_name)}")
    out += PING
    if lame_duck:
        out += LAME_DUCK
    if pid_file is not None:
        out.append(f"pid_file: {quoted(pid_file)}")
    if host is not None:
        out.append(f"host: {quoted(host)}")
    out.append(f"port: {port}")
    if http_port is not None:
        out.append(f"http_port: {http_port}")
    if jetstream is not None:
        out += render_jetstream(jetstream)
    if cluster is not None:
        out += render_cluster(cluster)
    if tls is not None:
        out += render_tls(tls)
    if websocket is not None:
        out += render_websocket(websocket)
    out += render_mappings(mappings)
    out += [f"include {name}" for name in includes]
    text = "\n".join(out) + "\n"
    return text if auth is None else text + auth


# The deployments' files. Each is generated (``president infra nats-config``) and checked
# in; tests/integration/test_nats_config.py checks that they equal what this renders.

K8S_CERTS = "/etc/nats-certs/nats"
K8S_TLS = Tls(f"{K8S_CERTS}/tls.crt", f"{K8S_CERTS}/tls.key", f"{K8S_CERTS}/ca.crt")
K8S_ROUTES = 3
"""The StatefulSet's servers (statefulset.yaml builds NATS_ROUTE_<i> for each)."""


def _comment(text: str) -> str:
    return "".join(f"# {line}".rstrip() + "\n" for line in text.strip("\n").splitlines())


_K8S_NATS = """
The server part of the official NATS Helm chart's nats.conf (chart nats 2.14.2 with
config.cluster.enabled and config.jetstream.enabled), split into includes so the
overlays replace one part: jetstream.conf (the store), cluster.conf (routes), tls.conf
(client TLS) and auth.conf (accounts, users and permissions: rendered by
`president infra nats-auth` into k8s/base/nats/auth.conf, mounted from the Secret
nats-auth; its passwords are $NATS_<ROLE>_PASSWORD references to the environment).
Generated by president.bus.server_config (president infra nats-config): do not edit.
"""
_K8S_CLUSTER = """
Routes between the three servers of the StatefulSet, by their stable DNS names on the
headless Service, over mutual TLS (the chart's config/cluster.yaml with
cluster.tls.enabled: tls:// routes) and as the route identity of the Secret
president-nats-route: a server joins only with a certificate of the namespace CA and the
route password. nats-server takes a route's credentials only from its URL, so the URLs
come from the environment: statefulset.yaml builds NATS_ROUTE_<i> =
tls://<user>:<password>@nats-<i>.nats-headless:6222 from the Secret (the password must
be URL-safe: hex). The dev overlay, one server, has no routes.
"""
_K8S_JETSTREAM = """
File storage on the volume, capped below its 10Gi (the chart caps it at the volume's
size); nothing in memory.
"""
_K8S_TLS = """
Clients connect with TLS (tls://...:4222), verified against the namespace CA; the
reloader reloads the server when cert-manager renews the certificate.
"""
_K8S_WEBSOCKET = """
Browsers (president web's page) connect over WebSocket with TLS from the same certificate,
only from the web origin ($NATS_WEB_ORIGIN, an upgrade with another Origin is refused),
with a seat's user JWT from the auth callout (auth.conf; docs/security.md).
"""
WEBSOCKET_PORT = 8443
WEB_ORIGIN = "$NATS_WEB_ORIGIN"
_DEV_CLUSTER = "A single server: no routes (a laptop cluster runs one NATS pod)."
_DEV_JETSTREAM = "The dev overlay's 2Gi volume."
_COMPOSE = """
One NATS server with JetStream for docker compose: the settings of the Kubernetes servers
(k8s/base/nats/nats.conf) without the cluster routes; TLS only (browsers: WebSocket with
TLS from $NATS_WEB_ORIGIN), every identity from the generated auth.conf
(k8s/base/nats/auth.conf, mounted beside this file).
Generated by president.bus.server_config (president infra nats-config): do not edit.
"""


def _lines(lines: Sequence[str]) -> str:
    return "\n".join(lines) + "\n"


def k8s_files() -> dict[str, str]:
    """``k8s/base/nats/``: nats.conf and the includes an overlay may replace."""
    cluster = Cluster(
        name="nats",
        port=6222,
        no_advertise=True,
        user="$NATS_ROUTE_USER",
        password="$NATS_ROUTE_PASSWORD",
        routes=tuple(f"$NATS_ROUTE_{i}" for i in range(K8S_ROUTES)),
        tls=Tls(K8S_TLS.cert_file, K8S_TLS.key_file, K8S_TLS.ca_file, verify=True),
    )
    server = render_server(
        server_name="$SERVER_NAME",
        lame_duck=True,
        pid_file="/var/run/nats/nats.pid",
        http_port=8222,
        includes=("jetstream.conf", "cluster.conf", "tls.conf", "websocket.conf", "auth.conf"),
    )
    websocket = WebSocket(
        WEBSOCKET_PORT, (WEB_ORIGIN,), tls=Tls(K8S_TLS.cert_file, K8S_TLS.key_file)
    )
    return {
        "nats.conf": _comment(_K8S_NATS) + server,
        "cluster.conf": _comment(_K8S_CLUSTER) + _lines(render_cluster(cluster)),
        "jetstream.conf": _comment(_K8S_JETSTREAM)
        + _lines(render_jetstream(JetStream("/data", "8Gi", 0))),
        "tls.conf": _comment(_K8S_TLS) + _lines(render_tls(K8S_TLS)),
        "websocket.conf": _comment(_K8S_WEBSOCKET) + _lines(render_websocket(websocket)),
    }


def k8s_dev_files() -> dict[str, str]:
    """``k8s/overlays/dev/``: one server (no routes) on a smaller volume."""
    return {
        "cluster.conf": _comment(_DEV_CLUSTER),
        "jetstream.conf": _comment(_DEV_JETSTREAM)
        + _lines(render_jetstream(JetStream("/data", "1536Mi", 0))),
    }


def compose_files() -> dict[str, str]:
    """``deploy/nats/``: the compose server (auth.conf is mounted beside it)."""
    server = render_server(
        server_name="nats-compose",
        lame_duck=True,
        http_port=8222,
        jetstream=JetStream("/data", "8Gi", 0),
        tls=Tls("/certs/nats.pem", "/certs/nats-key.pem"),
        websocket=WebSocket(
            WEBSOCKET_PORT, (WEB_ORIGIN,), tls=Tls("/certs/nats.pem", "/certs/nats-key.pem")
        ),
        includes=("auth.conf",),
    )
    return {"nats.conf": _comment(_COMPOSE) + server}


DEPLOYMENT_FILES = {
    "k8s/base/nats": k8s_files,
    "k8s/overlays/dev": k8s_dev_files,
    "deploy/nats": compose_files,
}
"""Every checked-in server configuration: its folder (from the repository's root) and
the function that renders its files."""
