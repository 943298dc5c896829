"""What a workload lacks for production: Pod Security "restricted" (the Kubernetes Pod
Security Standards, baseline included), a read-only root filesystem, the three probes,
requests and limits, a PodDisruptionBudget, topology spread and a NetworkPolicy."""

from __future__ import annotations

from typing import Any

from tests.support.manifests import Manifest, containers, of_kind, pod_spec, selects

# Pod Security Standards, "restricted": the only volume types allowed.
RESTRICTED_VOLUMES = {
    "configMap",
    "csi",
    "downwardAPI",
    "emptyDir",
    "ephemeral",
    "persistentVolumeClaim",
    "projected",
    "secret",
}
PROBES = ("startupProbe", "readinessProbe", "livenessProbe")
RESOURCES = ("requests", "limits")


def restricted_shortfalls(workload: Manifest) -> list[str]:
    """Every rule of the "restricted" profile the pod template breaks."""
    spec = pod_spec(workload)
    pod: dict[str, Any] = spec.get("securityContext", {})
    found = [
        f"host namespace {key}" for key in ("hostNetwork", "hostPID", "hostIPC") if spec.get(key)
    ]
    for volume in spec.get("volumes", []):
        kinds = set(volume) - {"name"}
        if not kinds <= RESTRICTED_VOLUMES:
            found.append(f"volume {volume['name']}: {sorted(kinds)}")
    if pod.get("runAsUser") == 0:
        found.append("pod runs as user 0")
    for sysctl in pod.get("sysctls", []):
        found.append(f"sysctl {sysctl['name']}")
    for container in containers(workload):
        name = container["name"]
        own: dict[str, Any] = container.get("securityContext", {})
        if own.get("privileged"):
            found.append(f"{name}: privileged")
        if own.get("allowPrivilegeEscalation") is not False:
            found.append(f"{name}: allowPrivilegeEscalation is not false")
        if not own.get("runAsNonRoot", pod.get("runAsNonRoot")):
            found.append(f"{name}: runAsNonRoot is not true")
        if own.get("runAsUser", pod.get("runAsUser")) == 0:
            found.append(f"{name}: runs as user 0")
        seccomp = own.get("seccompProfile", pod.get("seccompProfile", {}))
        if seccomp.get("type") not in ("RuntimeDefault", "Localhost"):
            found.append(f"{name}: seccomp profile {seccomp.get('type')}")
        capabilities = own.get("capabilities", {})
        if "ALL" not in capabilities.get("drop", []):
            found.append(f"{name}: capabilities not dropped (ALL)")
        if set(capabilities.get("add", [])) - {"NET_BIND_SERVICE"}:
            found.append(f"{name}: adds capabilities {capabilities['add']}")
        if any(port.get("hostPort") for port in container.get("ports", [])):
            found.append(f"{name}: host port")
        if own.get("procMount", "Default") != "Default":
            found.append(f"{name}: procMount {own['procMount']}")
    return found


def container_shortfalls(workload: Manifest) -> list[str]:
    """Read-only root filesystem, requests and limits of CPU and memory; the three probes
    on every container that listens (a sidecar without a port, such as the NATS config
    reloader, has nothing to probe: the kubelet restarts it when it exits), and on at
    least one container of the pod."""
    found = []
    regular = containers(workload, init=False)
    if not any(all(probe in container for probe in PROBES) for container in regular):
        found.append("no container with all three probes")
    for container in containers(workload):
        name = container["name"]
        if container.get("securityContext", {}).get("readOnlyRootFilesystem") is not True:
            found.append(f"{name}: root filesystem is writable")
        if container in regular and container.get("ports"):
            found.extend(f"{name}: no {probe}" for probe in PROBES if probe not in container)
        resources = container.get("resources", {})
        for part in RESOURCES:
            for resource in ("cpu", "memory"):
                if resource not in resources.get(part, {}):
                    found.append(f"{name}: no {resource} in {part}")
    return found


def _pod_labels(workload: Manifest) -> dict[str, str]:
    labels: dict[str, str] = workload["spec"]["template"]["metadata"].get("labels", {})
    return labels


def availability_shortfalls(workload: Manifest, objects: list[Manifest]) -> list[str]:
    """A PodDisruptionBudget, topology spread, and NetworkPolicies (ingress and egress)."""
    labels = _pod_labels(workload)
    found = []
    if not any(
        selects(pdb["spec"]["selector"], labels) for pdb in of_kind(objects, "PodDisruptionBudget")
    ):
        found.append("no PodDisruptionBudget")
    if not pod_spec(workload).get("topologySpreadConstraints"):
        found.append("no topology spread")
    for policy_type in ("Ingress", "Egress"):
        if not any(
            selects(policy["spec"]["podSelector"], labels)
            and policy_type in policy["spec"].get("policyTypes", [])
            for policy in of_kind(objects, "NetworkPolicy")
            if policy["spec"]["podSelector"]  # the namespace-wide default deny is not enough
        ):
            found.append(f"no {policy_type} NetworkPolicy of its own")
    return found
