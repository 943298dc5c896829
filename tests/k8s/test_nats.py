"""The NATS servers are what the official Helm chart (nats 2.14.2, cluster and JetStream
enabled) renders: topology, probes, lame-duck shutdown, disruption budget, routes."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from president.bus.auth import COMMANDS_IDENTITY, ROLES, SERVICE_ROLES, password_env

from tests.support.manifests import (
    AUTH_CONF,
    COMPOSE,
    OVERLAYS,
    Manifest,
    compose,
    is_president_image,
    named,
    pod_spec,
    president_containers,
    render,
    secret_keys,
)

pytestmark = pytest.mark.unit

REPLICAS = {"dev": 1, "prod": 3}
ROUTE_SECRET = "president-nats-route"
ROUTE_USER, ROUTE_PASSWORD = "NATS_ROUTE_USER", "NATS_ROUTE_PASSWORD"
"""The servers' environment variables of the route identity (cluster.conf)."""


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
    assert re.search(r'^pid_file: "?/var/run/nats/nats.pid"?$', config, re.M)
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
    routes = [re.fullmatch(r"tls://[^@]+@([\w.-]+):6222", url) for url in _routes(objects)]
    expected = [f"nats-{i}.{headless['metadata']['name']}" for i in range(replicas)]
    assert [route[1] if route else None for route in routes] == (expected if replicas > 1 else [])


def _routes(objects: list[Manifest]) -> list[str]:
    """The route URLs of cluster.conf: each ``$VARIABLE`` of its routes list is the value
    the server's environment gives it (they hold the route password)."""
    match = re.search(r"routes: \[(.*?)\]", _config_files(objects)["cluster.conf"], re.S)
    if match is None:
        return []
    server = named(objects, "StatefulSet", "nats")["spec"]["template"]["spec"]["containers"][0]
    values = {env["name"]: env.get("value") for env in server["env"]}
    return [values[name] for name in re.findall(r"\$(\w+)", match[1])]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_routes_authenticate_as_the_route_identity_of_its_secret(overlay: str) -> None:
    """Every server demands the route identity of a route and dials the others with it:
    the user and password of the Secret president-nats-route, read by the NATS servers
    only (a president pod holds no route password)."""
    objects, _, server = _nats(overlay)
    cluster = _config_files(objects)["cluster.conf"]
    secrets = {
        env["name"]: env["valueFrom"]["secretKeyRef"]
        for env in server["env"]
        if "secretKeyRef" in env.get("valueFrom", {})
    }
    assert secrets[ROUTE_USER] == {"name": ROUTE_SECRET, "key": "username"}
    assert secrets[ROUTE_PASSWORD] == {"name": ROUTE_SECRET, "key": "password"}
    assert {"username", "password"} <= secret_keys(objects, ROUTE_SECRET)
    for workload, container in president_containers(objects):
        sources = [*container.get("envFrom", []), *container.get("env", [])]
        assert ROUTE_SECRET not in str(sources), workload["metadata"]["name"]
    if REPLICAS[overlay] == 1:
        assert _routes(objects) == []
        return
    authorization = re.search(r"authorization \{(.*?)\}", cluster, re.S)
    assert authorization is not None
    assert re.findall(r"(user|password): \$(\w+)", authorization[1]) == [
        ("user", ROUTE_USER),
        ("password", ROUTE_PASSWORD),
    ]
    routes = _routes(objects)
    assert len(routes) == REPLICAS[overlay]
    login = f"tls://$({ROUTE_USER}):$({ROUTE_PASSWORD})@"
    assert all(route.startswith(login) for route in routes)
    # Kubernetes expands $(NAME) only for variables defined before it in the list.
    order = [env["name"] for env in server["env"]]
    for name in re.findall(r"\$(\w+)", cluster):
        if name.startswith("NATS_ROUTE_") and name not in (ROUTE_USER, ROUTE_PASSWORD):
            assert order.index(name) > order.index(ROUTE_PASSWORD)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_one_server_at_a_time_may_be_disrupted(overlay: str) -> None:
    budget = named(render(overlay), "PodDisruptionBudget", "nats")
    assert budget["spec"]["maxUnavailable"] == 1


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_clients_and_routes_use_tls_verified_against_the_namespace_ca(overlay: str) -> None:
    objects, _, _ = _nats(overlay)
    files = _config_files(objects)
    assert "cert_file" in files["tls.conf"] and "include tls.conf" in files["nats.conf"]
    if REPLICAS[overlay] > 1:
        assert "verify: true" in files["cluster.conf"]
    certificate = named(objects, "Certificate", "nats-tls")
    assert "*.nats-headless.president.svc.cluster.local" in certificate["spec"]["dnsNames"]
    assert "nats.president.svc.cluster.local" in certificate["spec"]["dnsNames"]
    config = named(objects, "ConfigMap", "president-config")["data"]
    assert config["PRESIDENT_NATS_URL"].startswith("tls://nats.president.svc.cluster.local:")
    ca_file = Path(config["PRESIDENT_NATS_TLS_CA"])
    for workload, container in president_containers(objects):
        if container["args"][0] == "migrate":
            continue
        mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
        volume = mounts[str(ca_file.parent)]
        (source,) = [v for v in pod_spec(workload)["volumes"] if v["name"] == volume]
        assert source["secret"]["secretName"] == certificate["spec"]["secretName"]
        assert source["secret"]["items"] == [{"key": "ca.crt", "path": ca_file.name}]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_reloader_watches_every_file_the_server_reads(overlay: str) -> None:
    """The chart's reloader gets one -config per file: nats.conf, its includes and the
    certificates (a renewed certificate or a new auth.conf must reload the server)."""
    objects, statefulset, server = _nats(overlay)
    (reloader,) = [c for c in pod_spec(statefulset)["containers"] if c["name"] == "reloader"]
    args = reloader["args"]
    watched = {args[i + 1] for i, arg in enumerate(args) if arg == "-config"}
    (config_dir,) = {str(Path(server["args"][1]).parent)}
    files = _config_files(objects)
    read = {f"{config_dir}/nats.conf"}
    for text in files.values():
        read |= {f"{config_dir}/{name}" for name in re.findall(r"^include (\S+)", text, re.M)}
        read |= set(re.findall(r'(?:cert|key|ca)_file: "?([^"\s]+)', text))
    assert read <= watched
    mounted = {m["mountPath"] for m in reloader["volumeMounts"]}
    assert all(any(path.startswith(m + "/") for m in mounted) for path in read)


def test_prod_runs_one_server_per_node() -> None:
    _, statefulset, _ = _nats("prod")
    spread = statefulset["spec"]["template"]["spec"]["topologySpreadConstraints"]
    assert {
        "topologyKey": "kubernetes.io/hostname",
        "whenUnsatisfiable": "DoNotSchedule",
    }.items() <= spread[0].items()


def _bytes(size: str) -> int:
    units = {"": 1, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30}
    match = re.fullmatch(r"(\d+)(Ki|Mi|Gi|)", size)
    assert match, size
    return int(match[1]) * units[match[2]]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_stream_replicas_match_the_servers_and_the_streams_fit_each_store(overlay: str) -> None:
    """JetStream reserves every stream's max_bytes on each server holding a replica when
    it creates the stream: with one replica per server, the three streams together must
    fit one server's store, or creating them fails ("insufficient storage resources")."""
    objects, statefulset, _ = _nats(overlay)
    config = named(objects, "ConfigMap", "president-config")["data"]
    assert int(config["PRESIDENT_STREAM_REPLICAS"]) == statefulset["spec"]["replicas"]
    assert int(config["PRESIDENT_STREAM_REPLICAS"]) == REPLICAS[overlay]
    (store,) = re.findall(r"max_file_store: (\w+)", _config_files(objects)["jetstream.conf"])
    sizes = [int(config[f"PRESIDENT_{stream}_MAX_BYTES"]) for stream in ("EVENTS", "PROMPTS", "AI")]
    assert all(size > 0 for size in sizes)
    assert sum(sizes) <= _bytes(store)
    (claim,) = statefulset["spec"]["volumeClaimTemplates"]
    assert _bytes(store) < _bytes(claim["spec"]["resources"]["requests"]["storage"])
    assert float(config["PRESIDENT_EVENTS_MAX_AGE"]) > 0


def _auth_password_variables() -> set[str]:
    """The environment variables the checked-in auth.conf takes passwords from."""
    return set(re.findall(r"password: \$(\w+)", AUTH_CONF.read_text()))


def _config_variables() -> set[str]:
    """Every environment variable the compose server's configuration refers to."""
    texts = [AUTH_CONF.read_text(), (COMPOSE.parent / "nats" / "nats.conf").read_text()]
    return {name for text in texts for name in re.findall(r"\$(NATS_\w+)", text)}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_servers_include_the_generated_auth_conf_from_its_secret(overlay: str) -> None:
    objects, _, server = _nats(overlay)
    files = _config_files(objects)
    assert "include auth.conf" in files["nats.conf"]
    auth = named(objects, "Secret", "nats-auth")["data"]["auth.conf"]
    assert base64.b64decode(auth).decode() == AUTH_CONF.read_text()
    given = {
        env["name"]
        for env in server["env"]
        if env["name"].endswith("_PASSWORD") and env["name"] != ROUTE_PASSWORD
    }
    assert given == _auth_password_variables() == {password_env(role) for role in ROLES}


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
    for role in set(ROLES) - set(SERVICE_ROLES) - set(COMMANDS_IDENTITY.values()):
        assert passwords[password_env(role)]["name"] == f"president-nats-{role}"
    for workload, container in president_containers(objects):
        role = container["args"][0]
        if role == "migrate":
            continue
        # its own identity first (president web's callout identity follows, checked above)
        secret = next(
            source["secretRef"]["name"]
            for source in container["envFrom"]
            if source.get("secretRef", {}).get("name", "").startswith("president-nats-")
        )
        expected = {"name": secret, "key": "PRESIDENT_NATS_PASSWORD"}
        assert passwords[password_env(role)] == expected, workload["metadata"]["name"]
        if role in COMMANDS_IDENTITY:  # its second identity, from the same Secret
            expected = {"name": secret, "key": "PRESIDENT_NATS_COMMANDS_PASSWORD"}
            commands = password_env(COMMANDS_IDENTITY[role])
            assert passwords[commands] == expected, workload["metadata"]["name"]


def test_compose_gives_server_and_service_the_same_password() -> None:
    services = compose()["services"]
    server = services["nats"]["environment"]
    passwords = {name for name in server if name.endswith("_PASSWORD")}
    assert passwords == _auth_password_variables()
    assert set(server) - passwords == _config_variables() - passwords
    roles = set()
    for name, service in services.items():
        if is_president_image(service.get("image", "")) and name != "migrate":
            role = service["command"][0]
            assert service["environment"]["PRESIDENT_NATS_USER"] == role
            password = service["environment"]["PRESIDENT_NATS_PASSWORD"]
            assert password == server[password_env(role)]
            assert password.startswith("${" + password_env(role) + ":?"), name
            if role in COMMANDS_IDENTITY:
                commands = COMMANDS_IDENTITY[role]
                assert service["environment"]["PRESIDENT_NATS_COMMANDS_USER"] == commands
                password = service["environment"]["PRESIDENT_NATS_COMMANDS_PASSWORD"]
                assert password == server[password_env(commands)], name
            roles.add(role)
    assert roles == {*SERVICE_ROLES, "web"}


def test_compose_mounts_the_one_rendered_auth_conf_beside_a_tls_nats_conf() -> None:
    nats = compose()["services"]["nats"]
    auth = [v for v in nats["volumes"] if v.endswith(":/etc/nats/auth.conf:ro")]
    assert [(COMPOSE.parent / v.split(":")[0]).resolve() for v in auth] == [AUTH_CONF]
    conf = (COMPOSE.parent / "nats" / "nats.conf").read_text()
    assert "include auth.conf" in conf and "tls {" in conf
    assert "./nats/nats.conf:/etc/nats/nats.conf:ro" in nats["volumes"]
