"""deploy/slurm/crop.sbatch on a real one-node Slurm (Debian's slurm-wlm and munge).

The cluster lives in a scratch folder: its own munge key and socket, its own ports, every
state, spool, log and pid file there; the daemons are stopped by their pids at the end.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Dict, Iterator

import pytest

from conftest import ROOT, journal, manifest, run

SCRIPT = ROOT / "deploy" / "slurm" / "crop.sbatch"


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def configuration(folder: Path) -> str:
    """slurm.conf for one node, this machine, with every path under `folder` (facts in docs/scale-out.md)."""
    host = socket.gethostname()
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1024 * 1024)
    return f"""\
ClusterName=lightboxtest
SlurmctldHost={host}
SlurmUser=root
SlurmctldPort={free_port()}
SlurmdPort={free_port()}
AuthType=auth/munge
AuthInfo=socket={folder}/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
StateSaveLocation={folder}/state
SlurmdSpoolDir={folder}/spool
SlurmctldPidFile={folder}/slurmctld.pid
SlurmdPidFile={folder}/slurmd.pid
SlurmctldLogFile={folder}/slurmctld.log
SlurmdLogFile={folder}/slurmd.log
NodeName={host} CPUs={os.cpu_count()} RealMemory={memory // 2} State=UNKNOWN
PartitionName=lightbox Nodes=ALL Default=YES MaxTime=INFINITE State=UP
"""


def stop(pid_file: Path) -> None:
    """Stops the daemon whose pid `pid_file` holds, and waits for it to go."""
    if not pid_file.exists():
        return
    pid = int(pid_file.read_text().strip())
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Dict[str, str]]:
    """A running one-node Slurm; yields the environment its clients need (SLURM_CONF)."""
    if os.geteuid() != 0:
        pytest.skip("the one-node Slurm of this test runs its daemons as root")
    folder = tmp_path_factory.mktemp("slurm")
    for name in ("state", "spool"):
        (folder / name).mkdir()
    key = folder / "munge.key"
    key.write_bytes(os.urandom(1024))
    key.chmod(0o400)
    conf = folder / "slurm.conf"
    conf.write_text(configuration(folder))
    env = {"SLURM_CONF": str(conf)}
    try:
        subprocess.run(
            ["munged", "--force", f"--socket={folder}/munge.socket", f"--key-file={key}",
             f"--pid-file={folder}/munged.pid", f"--log-file={folder}/munged.log", f"--seed-file={folder}/munge.seed"],
            check=True)
        subprocess.run(["slurmctld", "-c", "-f", str(conf)], check=True)
        subprocess.run(["slurmd", "-f", str(conf)], check=True)
        deadline = time.monotonic() + 60
        while run(["sinfo", "-h", "-o", "%T"], folder, env).stdout.strip() != "idle":
            assert time.monotonic() < deadline, (folder / "slurmctld.log").read_text()[-2000:]
            time.sleep(0.5)
        yield env
    finally:
        for daemon in ("slurmd", "slurmctld", "munged"):
            stop(folder / f"{daemon}.pid")


def task_states(job: str, cwd: Path, env: Dict[str, str]) -> Dict[str, str]:
    """Each array task's `JobState ExitCode`, from scontrol (the controller keeps finished jobs a while)."""
    shown = run(["scontrol", "-o", "show", "job", job], cwd, env).stdout
    states = {}
    for line in shown.splitlines():
        fields = dict(part.split("=", 1) for part in line.split() if "=" in part)
        states[fields["ArrayTaskId"]] = f'{fields["JobState"]} {fields["ExitCode"]}'
    return states


def wait_until_done(job: str, cwd: Path, env: Dict[str, str], timeout: float = 180) -> None:
    """Waits until no task of `job` is pending or running."""
    deadline = time.monotonic() + timeout
    while run(["squeue", "-h", "-j", job], cwd, env).stdout.strip():
        assert time.monotonic() < deadline, f"job {job} still queued after {timeout} s"
        time.sleep(0.5)


def test_an_array_of_three_crops_every_shard_once_and_a_requeued_task_finishes_its_shard(
    cluster: Dict[str, str], lightbox: Path, tmp_path: Path
) -> None:
    outputs = manifest(tmp_path, 7)
    # The whole manifest on the host, unsharded: every crop the array must make, byte for byte.
    whole = run([str(lightbox), "crop", "--manifest", "crops.csv", "--out-dir", "whole", "-q"], tmp_path)
    assert whole.returncode == 1, whole.stderr
    assert sorted(path.name for path in (tmp_path / "whole").iterdir()) == sorted(outputs)

    env = dict(cluster, LIGHTBOX=str(lightbox))
    submitted = run(["sbatch", "--parsable", "--array=1-3", f"--chdir={tmp_path}", str(SCRIPT), "crops.csv", "crops"],
                    tmp_path, env)
    assert submitted.returncode == 0, submitted.stderr
    job = submitted.stdout.strip().split(";")[0]
    wait_until_done(job, tmp_path, env)

    # Each task ran lightbox: its exit code is lightbox's (1 for the shard with the missing photo).
    logs = {task: (tmp_path / f"lightbox-crop-{job}_{task}.log").read_text() for task in "123"}
    states = task_states(job, tmp_path, env)
    assert sorted(states) == ["1", "2", "3"], states
    failed = [task for task, state in states.items() if state == "FAILED 1:0"]
    assert len(failed) == 1 and all(states[t] == "COMPLETED 0:0" for t in "123" if t not in failed), (states, logs)
    assert "gone.jpg" in logs[failed[0]]
    # --mem=1G over 2 CPUs: each worker may take (1024 - 128) / 2 MB.
    assert all("--max-memory 448" in log for log in logs.values()), logs

    # One journal per task, every good crop in exactly one, each the same bytes as the host's.
    journals = {task: journal(tmp_path / "crops-reports" / f"shard-{task}-of-3.jsonl") for task in "123"}
    seen = [name for entries in journals.values() for name in entries]
    assert sorted(seen) == sorted(list(outputs) + ["gone-a.jpg"])
    assert journals[failed[0]]["gone-a.jpg"]["status"] == "failed"
    for entries in journals.values():
        for name, entry in entries.items():
            if name != "gone-a.jpg":
                assert entry["status"] == "done", entry
                assert (tmp_path / "crops" / name).read_bytes() == (tmp_path / "whole" / name).read_bytes(), name
    assert sorted(path.name for path in (tmp_path / "crops").iterdir()) == sorted(outputs)

    # Lose one crop of task 2, requeue the task: it redoes that crop only and keeps the rest.
    shard = sorted(name for name in journals["2"] if name != "gone-a.jpg")
    lost, kept = shard[0], shard[1:]
    (tmp_path / "crops" / lost).unlink()
    before = {name: (tmp_path / "crops" / name).stat().st_mtime_ns for name in kept}
    for command in (["scontrol", "requeue", f"{job}_2"], ["scontrol", "update", f"JobId={job}_2", "StartTime=now"]):
        done = run(command, tmp_path, env)
        assert done.returncode == 0, done.stderr
    wait_until_done(job, tmp_path, env)
    assert task_states(job, tmp_path, env)["2"] == "COMPLETED 0:0"
    assert (tmp_path / "crops" / lost).read_bytes() == (tmp_path / "whole" / lost).read_bytes()
    assert {name: (tmp_path / "crops" / name).stat().st_mtime_ns for name in kept} == before
    resumed = journal(tmp_path / "crops-reports" / "shard-2-of-3.jsonl")
    assert resumed[lost]["status"] == "done"
    assert all(resumed[name]["status"] in ("done", "skipped") for name in kept)
    assert f"1 done, 0 failed, {len(kept)} skipped" in (tmp_path / f"lightbox-crop-{job}_2.log").read_text()


def test_the_script_refuses_to_run_outside_an_array(tmp_path: Path) -> None:
    clean = {name: value for name, value in os.environ.items() if not name.startswith("SLURM_")}
    result = subprocess.run(["bash", str(SCRIPT), "crops.csv", "out"], cwd=tmp_path, env=clean,
                            capture_output=True, text=True)
    assert result.returncode == 64
    assert "submit it with sbatch --array=1-N" in result.stderr
    assert not (tmp_path / "out-reports").exists()
