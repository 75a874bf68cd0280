"""Kubernetes' Pod Security Standards, "restricted" profile (which includes "baseline"), as checks on a pod spec.

No API server runs here to enforce `pod-security.kubernetes.io/enforce: restricted`, so this
reads a pod template as the admission controller does, control by control, from
https://kubernetes.io/docs/concepts/security/pod-security-standards/ (policy version 1.33).
Each problem names the container and the field.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Tuple

RESTRICTED_VOLUMES = {"configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "persistentVolumeClaim", "projected",
                      "secret"}
SAFE_SYSCTLS = {"kernel.shm_rmid_forced", "net.ipv4.ip_local_port_range", "net.ipv4.ip_unprivileged_port_start",
                "net.ipv4.tcp_syncookies", "net.ipv4.ping_group_range", "net.ipv4.ip_local_reserved_ports",
                "net.ipv4.tcp_keepalive_time", "net.ipv4.tcp_fin_timeout", "net.ipv4.tcp_keepalive_intvl",
                "net.ipv4.tcp_keepalive_probes"}


def containers(pod: Dict[str, Any]) -> Iterator[Tuple[str, Dict[str, Any]]]:
    """Every container of the pod with where it sits: containers, initContainers, ephemeralContainers."""
    for kind in ("initContainers", "containers", "ephemeralContainers"):
        for container in pod.get(kind) or []:
            yield f"{kind}[{container.get('name')}]", container


def restricted(pod: Dict[str, Any]) -> List[str]:
    """What keeps `pod` (a PodSpec) from the restricted profile; empty when it passes."""
    problems: List[str] = []
    context = pod.get("securityContext") or {}
    for field in ("hostNetwork", "hostPID", "hostIPC"):
        if pod.get(field):
            problems.append(f"spec.{field} is true")
    for volume in pod.get("volumes") or []:
        kinds = set(volume) - {"name"}
        if not kinds <= RESTRICTED_VOLUMES:
            problems.append(f"volume {volume.get('name')}: {', '.join(sorted(kinds))} is not an allowed volume type")
    for sysctl in context.get("sysctls") or []:
        if sysctl.get("name") not in SAFE_SYSCTLS:
            problems.append(f"spec.securityContext.sysctls: {sysctl.get('name')} is not a safe sysctl")
    if context.get("runAsUser") == 0:
        problems.append("spec.securityContext.runAsUser is 0")
    pod_seccomp = (context.get("seccompProfile") or {}).get("type")
    if pod_seccomp == "Unconfined":
        problems.append("spec.securityContext.seccompProfile is Unconfined")
    for where, container in containers(pod):
        problems += _container(where, container, context, pod_seccomp)
    return problems


def _container(where: str, container: Dict[str, Any], pod: Dict[str, Any], pod_seccomp: Any) -> List[str]:
    """The restricted profile's checks on one container, with the pod's securityContext as its defaults."""
    problems = []
    own = container.get("securityContext") or {}
    if own.get("privileged"):
        problems.append(f"{where}: privileged")
    if own.get("allowPrivilegeEscalation") is not False:
        problems.append(f"{where}: securityContext.allowPrivilegeEscalation must be false")
    non_root = own.get("runAsNonRoot", pod.get("runAsNonRoot"))
    if non_root is not True:
        problems.append(f"{where}: runAsNonRoot must be true (in the container or the pod)")
    if own.get("runAsUser") == 0:
        problems.append(f"{where}: securityContext.runAsUser is 0")
    seccomp = (own.get("seccompProfile") or {}).get("type", pod_seccomp)
    if seccomp not in ("RuntimeDefault", "Localhost"):
        problems.append(f"{where}: seccompProfile must be RuntimeDefault or Localhost (in the container or the pod)")
    capabilities = own.get("capabilities") or {}
    if "ALL" not in (capabilities.get("drop") or []):
        problems.append(f"{where}: securityContext.capabilities.drop must include ALL")
    added = set(capabilities.get("add") or [])
    if added - {"NET_BIND_SERVICE"}:
        problems.append(f"{where}: capabilities.add may only be NET_BIND_SERVICE: {', '.join(sorted(added))}")
    if own.get("procMount", "Default") != "Default":
        problems.append(f"{where}: procMount must be Default")
    if (own.get("windowsOptions") or {}).get("hostProcess"):
        problems.append(f"{where}: windowsOptions.hostProcess")
    for port in container.get("ports") or []:
        if port.get("hostPort"):
            problems.append(f"{where}: hostPort {port['hostPort']}")
    return problems
