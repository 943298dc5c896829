"""Every checked-in nats-server configuration is what president.bus.server_config renders."""

from __future__ import annotations

from pathlib import Path

import pytest
from president.bus.server_config import (
    DEPLOYMENT_FILES,
    Cluster,
    JetStream,
    Tls,
    WebSocket,
    render_server,
    render_websocket,
)

ROOT = Path(__file__).resolve().parents[3]
CHECKED_IN = [
    (folder, name, text)
    for folder, render in DEPLOYMENT_FILES.items()
    for name, text in render().items()
]


@pytest.mark.parametrize(("folder", "name", "text"), CHECKED_IN, ids=lambda v: str(v)[:40])
def test_the_checked_in_file_is_the_rendered_one(folder: str, name: str, text: str) -> None:
    path = ROOT / folder / name
    assert path.read_text() == text, f"{path} is stale: run `president infra nats-config`"


def test_every_file_the_k8s_server_includes_is_rendered() -> None:
    files = DEPLOYMENT_FILES["k8s/base/nats"]()
    includes = [
        line.split()[1] for line in files["nats.conf"].splitlines() if line.startswith("include ")
    ]
    assert includes[-1] == "auth.conf"  # president infra nats-auth renders it
    assert set(includes[:-1]) <= set(files)
    assert set(DEPLOYMENT_FILES["k8s/overlays/dev"]()) <= set(includes)


def test_a_server_renders_listeners_store_routes_tls_and_auth_in_order() -> None:
    text = render_server(
        server_name="n1",
        host="127.0.0.1",
        port=4333,
        http_port=8333,
        jetstream=JetStream("/tmp/js dir", "8MB"),
        cluster=Cluster("c", "route", "$ROUTE_PASSWORD", ("nats-route://a:b@h:1",), listen="h:2"),
        tls=Tls("/c.pem", "/k.pem", timeout=None),
        auth="accounts {}\n",
    )
    assert text.splitlines() == [
        'server_name: "n1"',
        'ping_interval: "10s"',
        "ping_max: 2",
        'host: "127.0.0.1"',
        "port: 4333",
        "http_port: 8333",
        "jetstream {",
        '  store_dir: "/tmp/js dir"',
        "  max_file_store: 8MB",
        "}",
        "cluster {",
        '  name: "c"',
        '  listen: "h:2"',
        "  authorization {",
        '    user: "route"',
        "    password: $ROUTE_PASSWORD",
        "    timeout: 2",
        "  }",
        "  routes: [",
        '    "nats-route://a:b@h:1"',
        "  ]",
        "}",
        "tls {",
        '  cert_file: "/c.pem"',
        '  key_file: "/k.pem"',
        "}",
        "accounts {}",
    ]


def test_a_websocket_listener_has_tls_unless_on_loopback_and_one_origin() -> None:
    loopback = render_websocket(WebSocket(8080, ("http://127.0.0.1:8000",), host="127.0.0.1"))
    assert "  no_tls: true" in loopback
    assert '  allowed_origins: ["http://127.0.0.1:8000"]' in loopback
    served = render_websocket(WebSocket(8443, ("$NATS_WEB_ORIGIN",), tls=Tls("c.pem", "k.pem")))
    assert "no_tls: true" not in served and '    cert_file: "c.pem"' in served
    assert "  allowed_origins: [$NATS_WEB_ORIGIN]" in served
