"""The deployment files run real `president` commands with the settings they need."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from president.bus.auth import SERVICE_ROLES, password_env
from president_tools.cli import app
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "k8s"
COMPOSE = ROOT / "deploy" / "docker-compose.yml"
IMAGE = "president:0.1.0"
ROLES_WITH_DATABASE = {"relay", "table", "engine", "migrate"}


def _k8s_documents() -> list[dict[str, Any]]:
    documents: list[dict[str, Any]] = []
    for path in sorted(K8S.glob("*.yaml")):
        documents.extend(doc for doc in yaml.safe_load_all(path.read_text()) if doc)
    return documents


def _president_containers() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for doc in _k8s_documents():
        if doc["kind"] not in ("Deployment", "Job", "StatefulSet"):
            continue
        for container in doc["spec"]["template"]["spec"]["containers"]:
            if container["image"] == IMAGE:
                found.append((doc["metadata"]["name"], container))
    return found


def _accepted_by_the_cli(args: list[str]) -> bool:
    result = CliRunner().invoke(app, [*args, "--help"])
    return result.exit_code == 0


def _secrets() -> dict[str, dict[str, str]]:
    documents = yaml.safe_load_all((K8S / "secret.example.yaml").read_text())
    return {doc["metadata"]["name"]: doc["stringData"] for doc in documents if doc}


def _secret_keys() -> set[str]:
    return set(_secrets()["president-secrets"])


def test_the_kustomization_lists_files_that_exist() -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    for resource in kustomization["resources"]:
        assert (K8S / resource).is_file(), resource


def test_every_k8s_process_runs_a_president_command_that_exists() -> None:
    containers = _president_containers()
    roles = {container["args"][1] for _, container in containers}
    assert roles >= {"relay", "table", "engine", "ai-worker", "migrate"}
    for name, container in containers:
        assert _accepted_by_the_cli(container["args"]), (name, container["args"])


@pytest.mark.parametrize("key", ["PRESIDENT_DATABASE_URL", "PRESIDENT_TOKEN_SECRET"])
def test_the_secret_template_holds_what_the_services_read(key: str) -> None:
    assert key in _secret_keys()


def test_services_log_in_as_the_app_role_and_only_the_migration_as_owner() -> None:
    secret = _secrets()["president-secrets"]
    assert secret["PRESIDENT_DATABASE_URL"].startswith("postgresql://president_app:")
    assert secret["PRESIDENT_ADMIN_DATABASE_URL"].startswith("postgresql://president_owner:")
    assert "PRESIDENT_AUDITOR_ROLE_PASSWORD" in secret
    assert "PRESIDENT_APP_ROLE_PASSWORD" in secret
    for name, container in _president_containers():
        overrides = {env["name"]: env for env in container.get("env", [])}
        database = overrides.get("PRESIDENT_DATABASE_URL")
        if container["args"][1] == "migrate":
            assert database is not None, name
            key = database["valueFrom"]["secretKeyRef"]["key"]
            assert key == "PRESIDENT_ADMIN_DATABASE_URL" and key in secret
        else:
            assert database is None, f"{name} must use the app role's URL from the secret"


def test_the_config_map_sets_only_president_settings() -> None:
    config = yaml.safe_load((K8S / "config.yaml").read_text())
    assert all(key.startswith("PRESIDENT_") for key in config["data"])


def test_every_compose_service_runs_a_president_command_that_exists() -> None:
    compose = yaml.safe_load(COMPOSE.read_text())
    commands = {
        name: service["command"]
        for name, service in compose["services"].items()
        if service.get("image") == IMAGE
    }
    assert set(commands) >= {"migrate", "relay", "table", "engine", "ai-worker"}
    for name, command in commands.items():
        assert _accepted_by_the_cli(command), (name, command)
    owner_url = compose["services"]["migrate"]["environment"]["PRESIDENT_DATABASE_URL"]
    assert owner_url.startswith("postgresql://president_owner:")
    assert "sslmode=verify-full" in owner_url
    assert (ROOT / "deploy" / "Dockerfile").is_file()


def _password_variables() -> set[str]:
    """The environment variables the checked-in auth.conf takes passwords from."""
    return set(re.findall(r"password: \$(\w+)", (K8S / "nats-auth.conf").read_text()))


def test_every_compose_service_has_its_own_nats_identity() -> None:
    compose = yaml.safe_load(COMPOSE.read_text())
    services = compose["services"]
    for role in SERVICE_ROLES:
        env = services[role]["environment"]
        assert env["PRESIDENT_NATS_USER"] == role
        assert env["PRESIDENT_NATS_PASSWORD"].startswith("${" + password_env(role) + ":?")
    nats = services["nats"]
    assert "../k8s/nats-auth.conf:/etc/nats/auth.conf:ro" in nats["volumes"]
    assert set(nats["environment"]) == _password_variables()
    assert "include auth.conf" in (ROOT / "deploy" / "nats.conf").read_text()


def test_every_k8s_service_has_its_own_nats_identity_and_verifies_tls() -> None:
    keys = set(_secrets()["president-nats"])
    assert keys == _password_variables()
    config = yaml.safe_load((K8S / "config.yaml").read_text())["data"]
    assert config["PRESIDENT_NATS_URL"].startswith("tls://")
    assert "PRESIDENT_NATS_TLS_CA" in config
    roles = set()
    for name, container in _president_containers():
        role = container["args"][1]
        if role == "migrate":
            continue
        env = {item["name"]: item for item in container.get("env", [])}
        assert env["PRESIDENT_NATS_USER"]["value"] == role, name
        ref = env["PRESIDENT_NATS_PASSWORD"]["valueFrom"]["secretKeyRef"]
        assert ref == {"name": "president-nats", "key": password_env(role)}, name
        roles.add(role)
    assert roles == set(SERVICE_ROLES)


def test_the_nats_server_includes_the_generated_auth_from_its_secret() -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    generated = {item["name"]: item for item in kustomization["secretGenerator"]}
    assert generated["nats-auth"]["files"] == ["auth.conf=nats-auth.conf"]
    documents = {doc.get("metadata", {}).get("name"): doc for doc in _k8s_documents()}
    nats_conf = documents["nats-config"]["data"]["nats.conf"]
    assert "include auth/auth.conf" in nats_conf and "tls {" in nats_conf
