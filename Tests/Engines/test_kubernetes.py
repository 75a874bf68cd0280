"""deploy/kubernetes/: validated offline against Kubernetes 1.33's schema, and its pods run here as a kubelet would.

No API server runs on this machine, so `kubernetes-validate --strict` (PyPI, bundled schemas)
checks the manifests, and each index's container is run by the host binary with the
environment and `$(VAR)` expansion the kubelet gives it, with /data in a scratch folder.
"""

from __future__ import annotations

import copy
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest
import yaml

from conftest import EXIT_CODES_LANDED, ROOT, journal, manifest, run
from pod_security import containers, restricted

FOLDER = ROOT / "deploy" / "kubernetes"
JOB = FOLDER / "crop-job.yaml"


def validate(paths: List[Path], version: str) -> subprocess.CompletedProcess:
    """`kubernetes-validate --strict -k VERSION PATHS` from this venv."""
    tool = Path(sys.executable).with_name("kubernetes-validate")
    return subprocess.run([str(tool), "--strict", "-k", version, *map(str, paths)], capture_output=True, text=True)


def job() -> dict:
    """The Job, parsed."""
    return yaml.safe_load(JOB.read_text())


def container(spec: dict) -> dict:
    """The Job's lightbox container."""
    (found,) = [c for c in spec["spec"]["template"]["spec"]["containers"] if c["name"] == "lightbox"]
    return found


def as_kubelet_runs(arguments: List[str], env: Dict[str, str], data: Path) -> List[str]:
    """The arguments with `$(VAR)` expanded from the container's environment, and /data moved to `data`."""
    expanded = [re.sub(r"\$\((\w+)\)", lambda match: env.get(match.group(1), match.group(0)), a) for a in arguments]
    return [a.replace("/data", str(data)) for a in expanded]


def test_every_manifest_is_valid_against_kubernetes_1_33() -> None:
    paths = sorted(FOLDER.glob("*.yaml"))
    assert len(paths) >= 2
    checked = validate(paths, "1.33.0")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("passed for resource") == len(paths)


def test_the_validator_catches_what_it_should(tmp_path: Path) -> None:
    # A misspelt field fails --strict, and 1.27 has no backoffLimitPerIndex: the check is real.
    misspelt = tmp_path / "misspelt.yaml"
    misspelt.write_text(JOB.read_text().replace("backoffLimitPerIndex", "backoffLimitPerIdx"))
    assert validate([misspelt], "1.33.0").returncode != 0
    assert validate([JOB], "1.27.0").returncode != 0


def test_the_policy_fails_an_index_at_once_on_the_configuration_codes_of_the_table() -> None:
    spec = job()["spec"]
    assert spec["completionMode"] == "Indexed"
    assert spec["template"]["spec"]["restartPolicy"] == "Never"
    assert spec["backoffLimitPerIndex"] >= 1 and spec["maxFailedIndexes"] >= 1
    rules = spec["podFailurePolicy"]["rules"]
    (fail,) = [rule for rule in rules if rule["action"] == "FailIndex"]
    assert fail["onExitCodes"]["containerName"] == "lightbox"
    assert fail["onExitCodes"]["operator"] == "In"
    assert sorted(fail["onExitCodes"]["values"]) == [1, 64, 65, 66, 73]
    (ignore,) = [rule for rule in rules if rule["action"] == "Ignore"]
    assert ignore["onPodConditions"] == [{"type": "DisruptionTarget", "status": "True"}]
    # docs/reliability.md's table says the same of each code.
    table = (ROOT / "docs" / "reliability.md").read_text()
    for code in fail["onExitCodes"]["values"]:
        row = re.search(rf"^\| {code} \|.*\|$", table, re.M)
        assert row and "the index fails at once" in row.group(0), code


def test_every_container_passes_pod_security_restricted() -> None:
    pod = job()["spec"]["template"]["spec"]
    assert restricted(pod) == []
    # The fields themselves, on every container (the init container is gone: --report makes its folder).
    for where, each in containers(pod):
        context = each["securityContext"]
        assert context["runAsNonRoot"] is True, where
        assert context["runAsUser"] == pod["securityContext"]["runAsUser"] > 0, where
        assert context["capabilities"] == {"drop": ["ALL"]}, where
        assert context["seccompProfile"] == {"type": "RuntimeDefault"}, where
        assert context["allowPrivilegeEscalation"] is False and context["readOnlyRootFilesystem"] is True, where
        resources = each["resources"]
        assert set(resources["requests"]) == set(resources["limits"]) == {"cpu", "memory"}, where
    assert [where for where, _ in containers(pod)] == ["containers[lightbox]"]
    assert pod["securityContext"]["fsGroup"] == pod["securityContext"]["runAsGroup"] == 65532
    assert pod["automountServiceAccountToken"] is False


def own(pod: Dict[str, Any]) -> Dict[str, Any]:
    """The lightbox container's securityContext."""
    return pod["containers"][0]["securityContext"]


@pytest.mark.parametrize(
    "breach, message",
    [
        (lambda pod: own(pod)["capabilities"].update(drop=["NET_RAW"]), "drop must include ALL"),
        (lambda pod: own(pod).update(runAsUser=0), "runAsUser is 0"),
        (lambda pod: own(pod).update(allowPrivilegeEscalation=True), "allowPrivilegeEscalation"),
        (lambda pod: own(pod).update(seccompProfile={"type": "Unconfined"}), "seccompProfile"),
        (lambda pod: [pod["securityContext"].pop("runAsNonRoot"), own(pod).pop("runAsNonRoot")],
         "runAsNonRoot must be true"),
        (lambda pod: pod.setdefault("initContainers", []).append({"name": "mkdir", "image": "x", "command": ["mkdir"]}),
         "initContainers[mkdir]: securityContext.allowPrivilegeEscalation"),
        (lambda pod: pod["volumes"].append({"name": "host", "hostPath": {"path": "/"}}), "hostPath is not an allowed"),
        (lambda pod: own(pod)["capabilities"].update(add=["SYS_ADMIN"]), "SYS_ADMIN"),
    ],
    ids=["capabilities", "root-user", "escalation", "unconfined", "may-run-as-root", "bare-init-container", "host-path",
         "added-capability"],
)
def test_the_restricted_check_catches_each_breach(breach: Any, message: str) -> None:
    pod = copy.deepcopy(job()["spec"]["template"]["spec"])
    breach(pod)
    assert any(message in problem for problem in restricted(pod)), restricted(pod)


def test_the_job_is_cleaned_up_and_the_claim_names_its_class() -> None:
    assert job()["spec"]["ttlSecondsAfterFinished"] > 0
    claim = yaml.safe_load((FOLDER / "data-claim.yaml").read_text())
    assert claim["spec"]["accessModes"] == ["ReadWriteMany"]
    assert claim["spec"]["storageClassName"]
    comments = (FOLDER / "data-claim.yaml").read_text()
    assert "storageClassName" in comments.split("apiVersion")[0] and "65532" in comments.split("apiVersion")[0]


def test_the_shard_count_and_the_completions_agree() -> None:
    spec = job()["spec"]
    arguments = container(job())["args"]
    assert f"--shard=auto/{spec['completions']}" in arguments
    assert "--resume" in arguments
    assert any("$(JOB_COMPLETION_INDEX)" in a for a in arguments if a.startswith("--report="))
    limits = container(job())["resources"]["limits"]
    assert f"--jobs={limits['cpu']}" in arguments
    # A few damaged photos exit 0; exit 1 (more than that) fails the index at once.
    assert any(a.startswith("--max-failures=") for a in arguments)


def test_the_workers_memory_fits_the_container_limit() -> None:
    """jobs x --max-memory plus 128 MB for the supervisor stays within the memory limit (docs/reliability.md)."""
    arguments = container(job())["args"]
    limit = container(job())["resources"]["limits"]["memory"]
    assert limit.endswith("Gi") or limit.endswith("Mi"), limit
    mebibytes = int(limit[:-2]) * (1024 if limit.endswith("Gi") else 1)
    value = {a.split("=", 1)[0]: a.split("=", 1)[1] for a in arguments if "=" in a}
    jobs, memory = int(value["--jobs"]), int(value["--max-memory"])
    assert memory > 0 and jobs * memory + 128 <= mebibytes, (jobs, memory, mebibytes)


def run_index(lightbox: Path, index: int, data: Path) -> subprocess.CompletedProcess:
    """Runs index `index` of the Job as its pod would: its init containers (none), then lightbox."""
    spec = job()
    env = {"JOB_COMPLETION_INDEX": str(index)}
    for init in spec["spec"]["template"]["spec"].get("initContainers", []):
        assert run(as_kubelet_runs(init["command"], env, data), data).returncode == 0
    arguments = as_kubelet_runs(container(spec)["args"], env, data)
    return run([str(lightbox), *arguments], data, env)


def test_every_index_runs_its_shard_and_a_retried_pod_finishes_it(lightbox: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    outputs = manifest(data, 20, missing=False)
    completions = job()["spec"]["completions"]
    for index in range(completions):
        finished = run_index(lightbox, index, data)
        assert finished.returncode == 0, finished.stderr
    crops = data / "crops"
    assert sorted(path.name for path in crops.iterdir()) == sorted(outputs)
    journals = [journal(data / "reports" / f"crop-index-{index}.jsonl") for index in range(completions)]
    assert sorted(name for entries in journals for name in entries) == sorted(outputs)
    # The whole manifest in one run writes the same bytes.
    whole = run([str(lightbox), "crop", "--manifest", "crops.csv", "--out-dir", "whole", "-q"], data)
    assert whole.returncode == 0, whole.stderr
    for name in outputs:
        assert (crops / name).read_bytes() == (data / "whole" / name).read_bytes(), name
    # A pod of index 3 lost before its end: its retry redoes the lost crop and keeps the rest.
    lost, *kept = sorted(journals[3])
    (crops / lost).unlink()
    before = {name: (crops / name).stat().st_mtime_ns for name in kept}
    retried = run_index(lightbox, 3, data)
    assert retried.returncode == 0, retried.stderr
    assert (crops / lost).read_bytes() == (data / "whole" / lost).read_bytes()
    assert {name: (crops / name).stat().st_mtime_ns for name in kept} == before
    assert f"1 done, 0 failed, {len(kept)} skipped" in retried.stderr


@pytest.mark.skipif(not EXIT_CODES_LANDED, reason="needs issue #20's exit codes (64-73), which the lead lands on main")
@pytest.mark.parametrize(
    "problem, code",
    [("missing manifest", 66), ("manifest is a folder", 66), ("manifest without an input column", 65),
     ("out-dir is a file", 73), ("bad option", 64)],
)
def test_a_configuration_problem_exits_with_a_code_that_fails_the_index(
    lightbox: Path, tmp_path: Path, problem: str, code: int
) -> None:
    data = tmp_path / "data"
    (data / "reports").mkdir(parents=True)
    if problem != "missing manifest":
        manifest(data, 2, missing=False)
    if problem == "manifest is a folder":
        (data / "crops.csv").unlink()
        (data / "crops.csv").mkdir()
    if problem == "manifest without an input column":
        (data / "crops.csv").write_text("photo,x,y,width,height,output\np0.jpg,0,0,1,1,a.jpg\n")
    if problem == "out-dir is a file":
        (data / "crops").write_text("a file where the folder should be")
    env = {"JOB_COMPLETION_INDEX": "0"}
    spec = job()
    arguments = as_kubelet_runs(container(spec)["args"], env, data)
    if problem == "bad option":
        arguments = [a.replace("--jobs=2", "--jobs=0") for a in arguments]
    finished = run([str(lightbox), *arguments], data, env)
    assert finished.returncode == code, finished.stderr
    (fail,) = [rule for rule in spec["spec"]["podFailurePolicy"]["rules"] if rule["action"] == "FailIndex"]
    assert code in fail["onExitCodes"]["values"]
