"""Every process the deployment files start runs a `president` command that exists, and
every PRESIDENT_* variable they set is a field of a settings model."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from president.bus.auth import COMMANDS_IDENTITY

from tests.k8s.contract import (
    accepted_by_the_entry_point,
    is_president_variable,
    settings_variables,
)
from tests.support.manifests import (
    COMPOSE,
    OVERLAYS,
    Manifest,
    compose,
    is_president_image,
    named,
    of_kind,
    president_containers,
    render,
    secret_keys,
    secret_templates,
)

pytestmark = pytest.mark.unit

ROLES = {"relay", "table", "engine", "ai-worker", "auditor", "web", "migrate"}
SECOND_IDENTITY = {"web": "president-nats-callout"}
"""A process's second NATS identity in a Secret of its own (president web's callout)."""


def _secret_value(objects: list[Manifest], name: str, key: str) -> str | None:
    """A key's value in the dev overlay's generated Secret; None for a prod template."""
    for secret in of_kind(objects, "Secret"):
        if secret["metadata"]["name"] == name and key in secret.get("data", {}):
            return base64.b64decode(secret["data"][key]).decode()
    for secret in secret_templates():
        if secret["metadata"]["name"] == name:
            value: str = secret["stringData"][key]
            return value
    return None


def _variables(objects: list[Manifest], container: Manifest) -> set[str]:
    """Every variable the container gets: env, and envFrom ConfigMaps and Secrets."""
    names = {env["name"] for env in container.get("env", [])}
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            names |= set(named(objects, "ConfigMap", source["configMapRef"]["name"])["data"])
        if "secretRef" in source:
            names |= secret_keys(objects, source["secretRef"]["name"])
    return names


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_k8s_process_runs_a_president_command_that_exists(overlay: str) -> None:
    found = list(president_containers(render(overlay)))
    assert {container["args"][0] for _, container in found} == ROLES
    for workload, container in found:
        assert accepted_by_the_entry_point(container["args"]), (
            workload["metadata"]["name"],
            container["args"],
        )


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_president_variable_of_a_k8s_process_is_a_setting(overlay: str) -> None:
    objects = render(overlay)
    named_variables = set()
    for _, container in president_containers(objects):
        named_variables |= {v for v in _variables(objects, container) if is_president_variable(v)}
    missing = sorted(named_variables - settings_variables())
    assert not missing, f"no settings field reads {missing}"


def test_every_president_variable_of_the_secret_templates_is_a_setting() -> None:
    keys = set()
    for secret in secret_templates():
        keys |= {key for key in secret.get("stringData", {}) if is_president_variable(key)}
    assert keys
    missing = sorted(keys - settings_variables())
    assert not missing, f"no settings field reads {missing}"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_config_map_sets_only_president_settings(overlay: str) -> None:
    config = named(render(overlay), "ConfigMap", "president-config")["data"]
    assert all(is_president_variable(key) for key in config)
    assert config["PRESIDENT_HEALTH_PORT"] == "8080"
    assert config["PRESIDENT_LOG_FORMAT"] == "json"


NEEDS_TOKEN = {"table", "engine"}
NEEDS_DATABASE = {"relay", "table", "engine", "auditor", "web", "migrate"}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_process_gets_the_secrets_it_refuses_to_start_without(overlay: str) -> None:
    """What president.settings.require_secrets demands of a configured deployment: a NATS
    identity (the role's own user; the engine's command-account one too), the token
    secret, a password in the database URL."""
    objects = render(overlay)
    for workload, container in president_containers(objects):
        role = container["args"][0]
        where = f"{workload['metadata']['name']}/{container['name']}"
        variables = _variables(objects, container)
        if role != "migrate":
            assert {"PRESIDENT_NATS_USER", "PRESIDENT_NATS_PASSWORD"} <= variables, where
            identities = [
                s["secretRef"]["name"]
                for s in container["envFrom"]
                if s.get("secretRef", {}).get("name", "").startswith("president-nats-")
            ]
            identity = identities[0]
            assert identity == f"president-nats-{role}", where
            second_identity = [SECOND_IDENTITY[role]] if role in SECOND_IDENTITY else []
            assert identities[1:] == second_identity, where
            assert _secret_value(objects, identity, "PRESIDENT_NATS_USER") in (role, None), where
            commands = COMMANDS_IDENTITY.get(role)
            second = {"PRESIDENT_NATS_COMMANDS_USER", "PRESIDENT_NATS_COMMANDS_PASSWORD"}
            assert (second <= variables) == (commands is not None), where
            if commands is not None:
                user = _secret_value(objects, identity, "PRESIDENT_NATS_COMMANDS_USER")
                assert user in (commands, None), where
        assert ("PRESIDENT_TOKEN_SECRET" in variables) == (role in NEEDS_TOKEN), where
        web = {
            "PRESIDENT_WEB_NATS_URL",
            "PRESIDENT_WEB_TICKET_SECRET",
            "PRESIDENT_WEB_CALLOUT_SEED",
            "PRESIDENT_WEB_CALLOUT_PASSWORD",
        }  # services.web.settings.missing_web_settings
        assert (web <= variables) == (role == "web"), where
        urls = [e for e in container.get("env", []) if e["name"] == "PRESIDENT_DATABASE_URL"]
        assert bool(urls) == (role in NEEDS_DATABASE), where
        for url in urls:
            password = urlsplit(url["value"]).password
            assert password and password.startswith("$(") and password.endswith(")"), where
            assert password[2:-1] in {e["name"] for e in container["env"]}, where


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_operator_keeps_the_role_passwords_so_the_migration_sets_none(overlay: str) -> None:
    """CloudNativePG's managed roles hold president_app's and president_auditor's
    passwords; president_owner may not ALTER roles the operator made (PostgreSQL 16: no
    ADMIN OPTION on them), so the init containers leave PRESIDENT_*_ROLE_PASSWORD unset."""
    objects = render(overlay)
    for workload, container in president_containers(objects):
        if container["args"][0] == "migrate":
            variables = _variables(objects, container)
            assert "PRESIDENT_APP_ROLE_PASSWORD" not in variables, workload["metadata"]["name"]
            assert "PRESIDENT_AUDITOR_ROLE_PASSWORD" not in variables


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_services_log_in_as_the_app_role_and_only_the_migration_as_owner(overlay: str) -> None:
    for workload, container in president_containers(render(overlay)):
        urls = [
            env["value"]
            for env in container.get("env", [])
            if env["name"] == "PRESIDENT_DATABASE_URL"
        ]
        where = f"{workload['metadata']['name']}/{container['name']}"
        if container["args"][0] == "migrate":
            assert urls and urls[0].startswith("postgresql://president_owner:"), where
        elif container["args"][0] == "ai-worker":
            assert urls == [], f"{where} never touches the database"
        elif container["args"][0] in ("auditor", "web"):  # web: the replay page reads the log
            assert urls and urls[0].startswith("postgresql://president_auditor:"), where
        else:
            assert urls and urls[0].startswith("postgresql://president_app:"), where
        for url in urls:
            assert "sslmode=verify-full" in url, where


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_migration_runs_before_each_database_process_serves(overlay: str) -> None:
    for workload, container in president_containers(render(overlay)):
        if container["args"][0] in ("relay", "table", "engine"):
            assert "--no-migrate" in container["args"]
            init = workload["spec"]["template"]["spec"].get("initContainers", [])
            assert [c["args"] for c in init] == [["migrate"]], workload["metadata"]["name"]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_president_processes_are_probed_on_their_health_endpoints(overlay: str) -> None:
    for _, container in president_containers(render(overlay)):
        if container["args"][0] == "migrate":
            continue
        assert {"name": "health", "containerPort": 8080} in container["ports"]
        paths = {
            probe: container[probe]["httpGet"]["path"]
            for probe in ("startupProbe", "livenessProbe", "readinessProbe")
        }
        assert paths == {
            "startupProbe": "/livez",
            "livenessProbe": "/livez",
            "readinessProbe": "/readyz",
        }


def _compose_president_services() -> dict[str, Manifest]:
    return {
        name: service
        for name, service in compose()["services"].items()
        if is_president_image(service.get("image", ""))
    }


def _env_file_variables(path: Path) -> set[str]:
    lines = (line.strip() for line in path.read_text().splitlines())
    return {line.split("=", 1)[0] for line in lines if line and not line.startswith("#")}


def test_every_compose_service_runs_a_president_command_that_exists() -> None:
    services = _compose_president_services()
    assert {service["command"][0] for service in services.values()} == ROLES
    for name, service in services.items():
        assert accepted_by_the_entry_point(service["command"]), (name, service["command"])


def test_every_president_variable_of_compose_is_a_setting() -> None:
    """In president.env, deploy/.env and anywhere in the compose file (every service's
    environment and every ${...} it interpolates): PRESIDENT_* means a setting."""
    variables = _env_file_variables(COMPOSE.parent / "president.env.example")
    variables |= _env_file_variables(COMPOSE.parent / ".env.example")
    for service in compose()["services"].values():
        variables |= set(service.get("environment", {}))
    variables |= set(re.findall(r"\$\{(\w+)", COMPOSE.read_text()))
    variables = {v for v in variables if is_president_variable(v)}
    assert "PRESIDENT_AUDITOR_ROLE_PASSWORD" in variables
    missing = sorted(variables - settings_variables())
    assert not missing, f"no settings field reads {missing}"


def test_compose_services_are_healthy_when_ready_and_wait_for_the_migration() -> None:
    for name, service in _compose_president_services().items():
        if name == "migrate":
            owner_url = service["environment"]["PRESIDENT_DATABASE_URL"]
            assert owner_url.startswith("postgresql://president_owner:")
            assert "sslmode=verify-full" in owner_url
            continue
        assert "/readyz" in " ".join(service["healthcheck"]["test"]), name
        assert service["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert service["environment"]["PRESIDENT_NATS_USER"], name
        assert service["cap_drop"] == ["ALL"] and service["read_only"] is True, name


def test_the_dev_overlay_secrets_are_what_the_pods_expect() -> None:
    objects = render("dev")
    auth = named(objects, "Secret", "nats-auth")
    assert "auth.conf" in auth["data"]
    owner = named(objects, "Secret", "president-owner-db")
    assert base64.b64decode(owner["data"]["username"]) == b"president_owner"
