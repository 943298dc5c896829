"""The operators' alerts and dashboard: one set of rules for compose and k8s, checked and
unit-tested by promtool, and every query naming a metric the code defines (the e2e test
of the running processes checks they export them: tests/e2e/test_process_health.py)."""

from __future__ import annotations

import json
import subprocess

import prometheus_client
import pytest
import yaml
from president.runtime import metrics  # noqa: F401  (defines every metric in the registry)

from tests.support.alerts import (
    DASHBOARD,
    PROMETHEUS,
    PROMETHEUS_RULE,
    PROMTOOL,
    RULES,
    dashboard_exprs,
    metric_names_in,
    rule_exprs,
)

pytestmark = pytest.mark.unit


def defined_metrics() -> set[str]:
    """The metrics the backend defines (president.runtime.metrics) and prometheus-client's
    process collector exports, by family name."""
    return {family.name for family in prometheus_client.REGISTRY.collect()}


def test_the_operators_prometheus_rule_holds_exactly_the_compose_rules() -> None:
    plain = yaml.safe_load(RULES.read_text())
    rule = yaml.safe_load(PROMETHEUS_RULE.read_text())

    assert rule["kind"] == "PrometheusRule"
    assert rule["spec"] == plain, "copy deploy/prometheus/alerts.yml's groups into alerts.yaml"


def test_the_alerts_cover_what_an_operator_must_be_told() -> None:
    alerts = {
        rule["alert"]
        for group in yaml.safe_load(RULES.read_text())["groups"]
        for rule in group["rules"]
    }

    assert {
        "PresidentProcessNotReady",
        "PresidentRelayLagging",
        "PresidentRelayWithheldEvents",
        "PresidentAiQueueLagging",
        "PresidentRateLimitedSenders",
        "PresidentStalledTables",
        "PresidentAuditFailed",
        "PresidentAuditLate",
        "PresidentGameWithoutVerdict",
    } <= alerts


def test_promtool_accepts_the_rules_and_the_config_and_their_unit_tests_pass() -> None:
    assert PROMTOOL is not None, "make venv installs promtool (Debian's prometheus)"
    for args in (
        ["check", "rules", "alerts.yml"],
        ["check", "config", "prometheus.yml"],
        ["test", "rules", "alerts.test.yml"],
    ):
        done = subprocess.run(
            [PROMTOOL, *args], cwd=PROMETHEUS, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, (args, done.stdout, done.stderr)


@pytest.mark.parametrize("source", ["alerts", "dashboard"])
def test_every_query_names_a_metric_the_backend_defines(source: str) -> None:
    exprs = rule_exprs() if source == "alerts" else dashboard_exprs()
    named = set().union(*(metric_names_in(expr) for expr in exprs))

    assert named and named <= defined_metrics(), named - defined_metrics()


def test_a_query_of_an_unknown_metric_would_be_caught() -> None:
    named = metric_names_in("rate(president_no_such_thing_total[5m]) + president_ready")

    assert named == {"president_no_such_thing", "president_ready"}
    assert not named <= defined_metrics()


def test_the_dashboard_shows_each_panel_the_operators_need() -> None:
    dashboard = json.loads(DASHBOARD.read_text())
    titles = " | ".join(panel["title"] for panel in dashboard["panels"]).lower()
    ids = [panel["id"] for panel in dashboard["panels"]]

    assert len(ids) == len(set(ids))
    for needed in (
        "actions per second",
        "p50 / p99 by outcome",
        "rejections by code",
        "ai queue",
        "decision time by level",
        "relay lag",
        "connections up",
        "cpu by process",
        "memory by process",
        "audit verdicts",
        "verdict delay",
    ):
        assert needed in titles, needed
    for panel in dashboard["panels"]:
        assert panel["datasource"]["uid"] == "${datasource}" and panel["targets"]
