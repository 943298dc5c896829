"""The NATS servers are what the official Helm chart (nats 2.14.2, cluster and JetStream
enabled) renders: topology, probes, lame-duck shutdown, disruption budget, routes."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.k8s.manifests import (
    OVERLAYS,
    Manifest,
    compose,
    is_president_image,
    named,
    president_containers,
    render,
)

pytestmark = pytest.mark.unit

REPLICAS = {"dev": 1, "prod": 3}


def _nats(overlay: str) -> tuple[list[Manifest], Manifest, Manifest]:
    objects = render(overlay)
    statefulset = named(objects, "StatefulSet", "nats")
    server = statefulset["spec"]["template"]["spec"]["containers"][0]
    return objects, statefulset, server


def _config_files(objects: list[Manifest]) -> dict[str, str]:
    volumes = named(objects, "StatefulSet", "nats")["spec"]["template"]["spec"]["volumes"]
    (config,) = [volume for volume in volumes if volume["name"] == "config"]
    sources = config["projected"]["sources"]
    config_map = next(s["configMap"]["name"] for s in sources if "configMap" in s)
    files: dict[str, str] = dict(named(objects, "ConfigMap", config_map)["data"])
    assert any(s.get("secret", {}).get("name") == "nats-auth" for s in sources)
    return files


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_servers_are_probed_as_the_chart_probes_them(overlay: str) -> None:
    _, _, server = _nats(overlay)
    assert server["startupProbe"]["httpGet"]["path"] == "/healthz"
    assert (
        server["startupProbe"]["failureThreshold"] * server["startupProbe"]["periodSeconds"] == 900
    )
    assert server["readinessProbe"]["httpGet"]["path"] == "/healthz?js-server-only=true"
    assert server["livenessProbe"]["httpGet"]["path"] == "/healthz?js-enabled-only=true"
    assert server["livenessProbe"]["periodSeconds"] == 30


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_a_stopping_server_enters_lame_duck_mode_within_its_grace_period(overlay: str) -> None:
    objects, statefulset, server = _nats(overlay)
    assert server["lifecycle"]["preStop"]["exec"]["command"] == [
        "nats-server",
        "-sl=ldm=/var/run/nats/nats.pid",
    ]
    config = _config_files(objects)["nats.conf"]
    (duration,) = (int(d) for d in re.findall(r"lame_duck_duration: (\d+)s", config))
    assert "pid_file: /var/run/nats/nats.pid" in config
    assert statefulset["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] >= duration + 20


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_cluster_has_a_route_to_each_server_by_its_stable_name(overlay: str) -> None:
    objects, statefulset, _ = _nats(overlay)
    replicas = statefulset["spec"]["replicas"]
    assert replicas == REPLICAS[overlay]
    assert statefulset["spec"]["podManagementPolicy"] == "Parallel"
    headless = named(objects, "Service", statefulset["spec"]["serviceName"])
    assert headless["spec"]["clusterIP"] == "None"
    assert headless["spec"]["publishNotReadyAddresses"] is True
    routes = re.findall(r"(?:nats|tls)://([\w.-]+):6222", _config_files(objects)["cluster.conf"])
    expected = [f"nats-{i}.{headless['metadata']['name']}" for i in range(replicas)]
    assert routes == (expected if replicas > 1 else [])


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_one_server_at_a_time_may_be_disrupted(overlay: str) -> None:
    budget = named(render(overlay), "PodDisruptionBudget", "nats")
    assert budget["spec"]["maxUnavailable"] == 1


def test_prod_runs_tls_and_one_server_per_node() -> None:
    objects, statefulset, _ = _nats("prod")
    files = _config_files(objects)
    assert "cert_file" in files["tls.conf"] and "verify: true" in files["cluster.conf"]
    spread = statefulset["spec"]["template"]["spec"]["topologySpreadConstraints"]
    assert {
        "topologyKey": "kubernetes.io/hostname",
        "whenUnsatisfiable": "DoNotSchedule",
    }.items() <= spread[0].items()
    certificate = named(objects, "Certificate", "nats-tls")
    assert "*.nats-headless.president.svc.cluster.local" in certificate["spec"]["dnsNames"]
    config = named(objects, "ConfigMap", "president-config")["data"]
    assert config["PRESIDENT_NATS_URL"].startswith("tls://")


def _nats_server() -> str:
    beside = Path(sys.executable).parent / "nats-server"
    found = str(beside) if beside.is_file() else shutil.which("nats-server")
    assert found, "nats-server (extra `local`) is needed to check the configuration"
    return found


def test_the_dev_configuration_is_one_nats_server_accepts(tmp_path: Path) -> None:
    objects = render("dev")
    for name, text in _config_files(objects).items():
        (tmp_path / name).write_text(text)
    auth = named(objects, "Secret", "nats-auth")["data"]["auth.conf"]
    (tmp_path / "auth.conf").write_bytes(base64.b64decode(auth))
    result = subprocess.run(
        [_nats_server(), "-t", "-c", str(tmp_path / "nats.conf")],
        capture_output=True,
        text=True,
        env={"SERVER_NAME": "nats-0"},
        timeout=30,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def _password_variable(role: str) -> str:
    """The variable auth.conf names a role's password by (president.bus.auth)."""
    return f"NATS_{role.upper().replace('-', '_')}_PASSWORD"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_servers_read_each_password_from_the_secret_the_identitys_pods_read(
    overlay: str,
) -> None:
    objects, _, server = _nats(overlay)
    passwords = {
        env["name"]: env["valueFrom"]["secretKeyRef"]
        for env in server["env"]
        if "valueFrom" in env and "secretKeyRef" in env["valueFrom"]
    }
    for role in ("integrator", "auditor"):
        assert passwords[_password_variable(role)]["name"] == f"president-nats-{role}"
    for workload, container in president_containers(objects):
        role = container["args"][1]
        if role == "migrate":
            continue
        (secret,) = [
            source["secretRef"]["name"]
            for source in container["envFrom"]
            if source.get("secretRef", {}).get("name", "").startswith("president-nats-")
        ]
        expected = {"name": secret, "key": "PRESIDENT_NATS_PASSWORD"}
        assert passwords[_password_variable(role)] == expected, workload["metadata"]["name"]


def test_compose_gives_server_and_service_the_same_password() -> None:
    services = compose()["services"]
    server = services["nats"]["environment"]
    for name, service in services.items():
        if is_president_image(service.get("image", "")) and name != "migrate":
            role = service["command"][1]
            assert (
                service["environment"]["PRESIDENT_NATS_PASSWORD"]
                == server[_password_variable(role)]
            )
