"""The deployment files run real `president` commands with the settings they need."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
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


def _secret_keys() -> set[str]:
    secret = yaml.safe_load((K8S / "secret.example.yaml").read_text())
    return set(secret["stringData"])


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
    secret = yaml.safe_load((K8S / "secret.example.yaml").read_text())["stringData"]
    assert secret["PRESIDENT_DATABASE_URL"].startswith("postgresql://president_app:")
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
    assert owner_url.startswith("postgresql://president:")
    assert (ROOT / "deploy" / "Dockerfile").is_file()
