"""Every workload of both overlays runs under Pod Security "restricted" with probes,
requests and limits, a PodDisruptionBudget, topology spread and NetworkPolicies."""

from __future__ import annotations

import pytest

from tests.k8s.pod_security import (
    availability_shortfalls,
    container_shortfalls,
    restricted_shortfalls,
)
from tests.support.manifests import OVERLAYS, Manifest, named, render, workloads

pytestmark = pytest.mark.unit


def _shortfalls(workload: Manifest, objects: list[Manifest]) -> list[str]:
    return [
        *restricted_shortfalls(workload),
        *container_shortfalls(workload),
        *availability_shortfalls(workload, objects),
    ]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_workload_meets_the_production_bar(overlay: str) -> None:
    objects = render(overlay)
    found = {
        f"{w['kind']}/{w['metadata']['name']}": shortfalls
        for w in workloads(objects)
        if (shortfalls := _shortfalls(w, objects))
    }
    assert len(workloads(objects)) == 7  # nats, relay, table, engine, ai-worker, auditor, web
    assert found == {}


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_namespace_enforces_the_restricted_profile(overlay: str) -> None:
    labels = named(render(overlay), "Namespace", "president")["metadata"]["labels"]
    assert labels["pod-security.kubernetes.io/enforce"] == "restricted"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_postgres_pods_get_a_disruption_budget_from_the_operator(overlay: str) -> None:
    cluster = named(render(overlay), "Cluster", "president-pg")
    assert cluster["spec"].get("enablePDB", True) is True


def test_a_workload_that_falls_short_is_reported() -> None:
    objects = render("prod")
    engine = named(objects, "Deployment", "president-engine")
    president = engine["spec"]["template"]["spec"]["containers"][0]
    del president["securityContext"]["capabilities"]
    del president["livenessProbe"]
    del president["resources"]["limits"]
    engine["spec"]["template"]["spec"]["securityContext"]["seccompProfile"]["type"] = "Unconfined"
    engine["spec"]["template"]["metadata"]["labels"]["app.kubernetes.io/name"] = "loose"
    assert set(_shortfalls(engine, objects)) >= {
        "president: capabilities not dropped (ALL)",
        "migrate: seccomp profile Unconfined",
        "president: no livenessProbe",
        "president: no memory in limits",
        "no PodDisruptionBudget",
    }
