"""AI workers scale with KEDA on the lag of the consumer they share, from one worker up to
the overlay's maximum; nothing else sets their count."""

from __future__ import annotations

import re

import pytest
from president.contract.subjects import Subjects

from tests.support.manifests import AUTH_CONF, OVERLAYS, named, of_kind, render

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_workers_scale_on_the_decision_consumers_lag(overlay: str) -> None:
    objects = render(overlay)
    scaler = named(objects, "ScaledObject", "president-ai-worker")["spec"]
    config = named(objects, "ConfigMap", "president-config")["data"]
    subjects = Subjects(config["PRESIDENT_SUBJECT_PREFIX"])
    assert scaler["scaleTargetRef"]["name"] == "president-ai-worker"
    interactive, batch = scaler["triggers"]  # games with a person, all-AI games
    for trigger, consumer in (
        (interactive, subjects.ai_consumer),
        (batch, subjects.ai_batch_consumer),
    ):
        assert trigger["type"] == "nats-jetstream"
        assert trigger["metadata"]["stream"] == subjects.ai_stream
        assert trigger["metadata"]["consumer"] == consumer
        assert trigger["metadata"]["natsServerMonitoringEndpoint"].startswith("nats-headless.")
        assert trigger["metadata"]["account"] == interactive["metadata"]["account"]
    assert int(interactive["metadata"]["lagThreshold"]) < int(batch["metadata"]["lagThreshold"])
    trigger = interactive
    # The stream lives in the main account of the generated auth.conf the servers include
    # (the others, the command, the seats' and the callout accounts, have no JetStream).
    accounts = re.findall(r"^  ([A-Z_]+) \{$", AUTH_CONF.read_text(), flags=re.MULTILINE)
    main = trigger["metadata"]["account"]
    assert accounts == [main, "PRESIDENT_COMMANDS", "PRESIDENT_SEATS", "PRESIDENT_CALLOUT"]
    assert scaler["minReplicaCount"] == 1 < scaler["maxReplicaCount"]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_nothing_else_sets_the_number_of_workers(overlay: str) -> None:
    objects = render(overlay)
    assert of_kind(objects, "HorizontalPodAutoscaler") == []
    assert "replicas" not in named(objects, "Deployment", "president-ai-worker")["spec"]
