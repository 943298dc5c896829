"""Both overlays render with plain `kubectl kustomize` and every object is one the API
server accepts: Kubernetes' kinds for the oldest and newest supported release, the custom
resources against the published CRD schemas of their operators."""

from __future__ import annotations

import pytest

from tests.k8s.schemas import (
    KUBERNETES_VERSIONS,
    crd_errors,
    group_version_kind,
    has_crd_schema,
    kubernetes_errors,
)
from tests.support.manifests import OVERLAYS, named, render

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_overlay_renders_the_whole_system_in_one_namespace(overlay: str) -> None:
    objects = render(overlay)
    kinds = {obj["kind"] for obj in objects}
    assert {"Namespace", "StatefulSet", "Deployment", "Cluster", "ScaledObject"} <= kinds
    for obj in objects:
        if obj["kind"] != "Namespace":
            assert obj["metadata"].get("namespace") == "president", obj["metadata"]["name"]


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_kubernetes_object_validates_strictly(overlay: str, version: str) -> None:
    problems = {
        f"{obj['kind']}/{obj['metadata']['name']}": errors
        for obj in render(overlay)
        if not has_crd_schema(obj)
        if (errors := kubernetes_errors(obj, version))
    }
    assert problems == {}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_custom_resource_uses_only_fields_of_its_published_crd(overlay: str) -> None:
    problems = {
        f"{obj['kind']}/{obj['metadata']['name']}": errors
        for obj in render(overlay)
        if has_crd_schema(obj)
        if (errors := crd_errors(obj))
    }
    assert problems == {}


def test_a_field_the_crd_does_not_know_fails_the_check() -> None:
    cluster = named(render("prod"), "Cluster", "president-pg")
    cluster["spec"]["postgresql"]["synchronous"]["quorum"] = 1
    cluster["spec"]["instances"] = "three"
    errors = crd_errors(cluster)
    assert any("quorum" in error for error in errors), errors
    assert any(error.startswith("spec/instances") for error in errors), errors


def test_an_invalid_kubernetes_object_fails_the_check() -> None:
    nats = named(render("prod"), "StatefulSet", "nats")
    nats["spec"]["template"]["spec"]["containers"][0]["livenessProbe"]["httpGet"]["paht"] = "/"
    assert kubernetes_errors(nats, KUBERNETES_VERSIONS[0]) != []


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_object_has_a_schema_to_check_it_against(overlay: str) -> None:
    builtin_groups = {"", "apps", "policy", "networking.k8s.io", "batch"}
    for obj in render(overlay):
        group, _, kind = group_version_kind(obj)
        assert has_crd_schema(obj) or group in builtin_groups, f"{obj['apiVersion']} {kind}"
