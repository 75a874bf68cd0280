"""The image `make image` built (localhost/lightbox:latest), and deploy/image/Containerfile, run with podman.

Each run writes into a folder mounted at /data and is compared byte for byte with the same
command run by the host's release binary (same Debian libraries, same bytes).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import List

import pytest

from conftest import FIXTURES, ROOT, manifest, release_binary, run

# This machine's sandbox needs these (docs/scale-out.md); a normal machine needs none of them.
SANDBOX = ["--runtime", "runc", "--cgroup-manager", "cgroupfs"]
RUN_LIMITS = ["--ulimit", "nofile=20000:20000", "--ulimit", "nproc=32768:32768"]
IMAGE = "localhost/lightbox:latest"
# The image's user and group (deploy/image): never root.
USER = 65532


def give_to_image_user(folder: Path) -> None:
    """Makes `folder` and what it holds the image user's, as the Job's fsGroup (or a chown of the share) makes /data."""
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, USER, USER)


def podman_run(image: str, folder: Path, arguments: List[str]) -> subprocess.CompletedProcess:
    """`podman run --rm --network none --read-only -v FOLDER:/data IMAGE ARGUMENTS`, as the image's own user.

    Read-only as in the Job; FOLDER is handed to the image's user first, as /data is in the Job.
    """
    give_to_image_user(folder)
    command = ["podman", *SANDBOX, "run", "--rm", "--network", "none", "--read-only", *RUN_LIMITS,
               "-v", f"{folder}:/data", image]
    return run(command + arguments, folder)


def same_on_host(folder: Path, arguments: List[str]) -> subprocess.CompletedProcess:
    """Runs the host's release binary in `folder`, as the image runs in /data."""
    return run([str(release_binary()), *arguments], folder)


def test_the_image_is_tagged_with_the_version_and_small() -> None:
    version = run([str(release_binary()), "--version"], ROOT).stdout.split()[1]
    shown = run(["podman", "image", "inspect", f"localhost/lightbox:{version}", IMAGE], ROOT)
    assert shown.returncode == 0, shown.stderr
    tagged, latest = json.loads(shown.stdout)
    assert tagged["Id"] == latest["Id"]
    assert tagged["Config"]["Entrypoint"] == ["/usr/local/bin/lightbox"]
    assert tagged["Config"]["WorkingDir"] == "/data"
    assert tagged["Size"] < 350_000_000, tagged["Size"]  # Noto CJK and core fonts: about 340 MB
    check_user_and_labels(tagged, version)


def provenance(*arguments: str) -> List[str]:
    """What deploy/image/labels.sh says of the tree as it is: KEY=VALUE lines, or the Containerfile's build args."""
    said = run(["bash", "deploy/image/labels.sh", *arguments], ROOT)
    assert said.returncode == 0, said.stderr
    return said.stdout.splitlines()


def check_user_and_labels(image: dict, version: str) -> None:
    """The image runs as 65532:65532 and has one label per OCI key, each with its own value, provenance among them."""
    assert image["Config"]["User"] == f"{USER}:{USER}"
    labels = image["Config"]["Labels"]
    assert labels["org.opencontainers.image.title"] == "lightbox"
    assert labels["org.opencontainers.image.version"] == version
    assert labels["org.opencontainers.image.description"].startswith("Crops, viewer snapshots and photo boards")
    assert all("=" not in value for value in labels.values()), labels
    # Where it comes from: the commit built (from git), when, the repository's URL and the licences (labels.sh).
    expected = dict(line.split("=", 1) for line in provenance())
    commit = run(["git", "rev-parse", "HEAD"], ROOT).stdout.strip()
    assert re.fullmatch(rf"{commit}(-dirty)?", labels["org.opencontainers.image.revision"]), labels
    assert labels["org.opencontainers.image.revision"] == expected["org.opencontainers.image.revision"]
    created = labels["org.opencontainers.image.created"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", created), created
    assert created <= expected["org.opencontainers.image.created"]  # RFC 3339 in UTC sorts as time does
    assert labels["org.opencontainers.image.licenses"] == expected["org.opencontainers.image.licenses"]
    source = expected.get("org.opencontainers.image.source", "")
    assert labels.get("org.opencontainers.image.source", "") == source
    assert source == "" or re.fullmatch(r"https://[^@\s]+", source), source  # never a remote's user or password


def test_the_image_runs_as_its_own_user_not_root(tmp_path: Path) -> None:
    who = run(["podman", *SANDBOX, "run", "--rm", "--network", "none", "--read-only", *RUN_LIMITS, "--entrypoint",
               "/usr/bin/id", IMAGE], tmp_path)
    assert who.returncode == 0, who.stderr
    assert who.stdout.strip() == f"uid={USER}(lightbox) gid={USER}(lightbox) groups={USER}(lightbox)"
    shutil.copyfile(FIXTURES / "photo.jpg", tmp_path / "photo.jpg")
    made = podman_run(IMAGE, tmp_path, ["crop", "photo.jpg", "--rect", "0,0,0.5,0.5", "-o", "out/crop.jpg"])
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "out" / "crop.jpg").stat().st_uid == USER and (tmp_path / "out").stat().st_uid == USER
    # A folder the user cannot write is refused as such, not written as root.
    os.chown(tmp_path, 0, 0)
    os.chmod(tmp_path, 0o755)
    refused = run(["podman", *SANDBOX, "run", "--rm", "--network", "none", "--read-only", *RUN_LIMITS, "-v",
                   f"{tmp_path}:/data", IMAGE, "crop", "photo.jpg", "--rect", "0,0,0.5,0.5", "-o", "denied.jpg"], tmp_path)
    assert refused.returncode != 0 and "Permission denied" in refused.stderr, refused.stderr
    assert not (tmp_path / "denied.jpg").exists()


def test_the_docs_podman_run_lines_work_as_written(tmp_path: Path) -> None:
    """Every `podman run` line of docs/scale-out.md, run by a shell in a folder with its photo, writes as the caller."""
    text = (ROOT / "docs" / "scale-out.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)\n```", text, re.S)
    lines = [line for block in blocks for line in block.splitlines() if line.startswith("podman run")]
    assert lines
    for line in lines:
        folder = tmp_path / f"run-{lines.index(line)}"
        folder.mkdir()
        os.chmod(folder, 0o700)  # the caller's own, as a home folder is
        shutil.copyfile(FIXTURES / "photo.jpg", folder / "photo.jpg")
        ran = run(["bash", "-c", line], folder)
        assert ran.returncode == 0, f"{line}\n{ran.stderr}"
        written = folder / "crop.jpg"
        assert written.is_file() and written.stat().st_uid == os.getuid(), line


@pytest.mark.parametrize(
    "arguments",
    [
        ["crop", "photo.jpg", "--rect", "0.1,0.2,0.5,0.6", "-o", "{out}/crop.jpg"],
        ["crop", "--manifest", "crops.csv", "--out-dir", "{out}", "--jobs", "2", "-q"],
        ["view", "photo.jpg", "pattern.png", "--screen", "390x844", "--scale", "2", "--chrome", "-o", "{out}/view.png"],
        ["board", "photo.jpg", "--captions", "Brighton \U0001F3D6 beach", "--size", "200x220", "-o", "{out}/board.png"],
    ],
    ids=["crop", "manifest", "view-with-text", "board-with-emoji"],
)
def test_a_run_in_the_image_writes_the_bytes_the_host_writes(tmp_path: Path, arguments: List[str]) -> None:
    shutil.copyfile(FIXTURES / "photo.jpg", tmp_path / "photo.jpg")
    shutil.copyfile(FIXTURES / "pattern.png", tmp_path / "pattern.png")
    manifest(tmp_path, 4, missing=False)
    inside = podman_run(IMAGE, tmp_path, [part.format(out="image") for part in arguments])
    assert all(path.stat().st_uid == USER for path in (tmp_path / "image").iterdir())
    assert inside.returncode == 0, inside.stderr
    assert inside.stderr == "", "nothing to say, not even fontconfig in a read-only container"
    host = same_on_host(tmp_path, [part.format(out="host") for part in arguments])
    assert host.returncode == 0, host.stderr
    written = sorted(path.name for path in (tmp_path / "host").iterdir())
    assert written and written == sorted(path.name for path in (tmp_path / "image").iterdir())
    for name in written:
        assert (tmp_path / "image" / name).read_bytes() == (tmp_path / "host" / name).read_bytes(), name


def test_the_containerfile_installs_what_make_image_installs() -> None:
    built = re.search(r"^packages=(\S+)$", (ROOT / "deploy/image/build.sh").read_text(), re.M)
    installed = re.search(r"--no-install-recommends ([^&\\]+)", (ROOT / "deploy/image/Containerfile").read_text())
    assert built and installed
    assert built.group(1).split(",") == installed.group(1).split()


def test_exit_codes_and_errors_come_out_of_the_image(tmp_path: Path) -> None:
    missing = podman_run(IMAGE, tmp_path, ["crop", "gone.jpg", "--rect", "0,0,1,1", "-o", "x.jpg"])
    assert missing.returncode == 1
    assert re.match(r"error: gone\.jpg: cannot open: No such file or directory", missing.stderr), missing.stderr
    usage = podman_run(IMAGE, tmp_path, ["crop", "--shard", "auto", "--manifest", "m.csv", "--out-dir", "o"])
    assert usage.returncode == 64
    assert "SLURM_ARRAY_TASK_ID" in usage.stderr


def test_the_containerfile_builds_the_same_image_from_a_bookworm_base(tmp_path: Path) -> None:
    """Builds deploy/image/Containerfile over a local bookworm base (mmdebstrap, as debian:bookworm-slim is made)."""
    base = f"localhost/lightbox-test-base:{os.getpid()}"
    built = f"localhost/lightbox-test-containerfile:{os.getpid()}"
    try:
        made = run(["mmdebstrap", "--quiet", "--variant=minbase", "--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr",
                    "bookworm", str(tmp_path / "base.tar"), "deb http://deb.debian.org/debian bookworm main",
                    "deb http://deb.debian.org/debian bookworm-updates main",
                    "deb http://deb.debian.org/debian-security bookworm-security main"], tmp_path, timeout=600)
        if made.returncode != 0:
            pytest.skip(f"no bookworm base: mmdebstrap failed: {made.stderr.strip().splitlines()[-1:]}")
        assert run(["podman", "import", str(tmp_path / "base.tar"), base], tmp_path).returncode == 0
        version = run([str(release_binary()), "--version"], ROOT).stdout.split()[1]
        build = run(["podman", *SANDBOX, "build", "--pull=never", "--network", "host", *RUN_LIMITS, "--from", base,
                     "--build-arg", f"VERSION={version}", *provenance("--build-args"),
                     "-f", "deploy/image/Containerfile", "-t", built, "."], ROOT, timeout=600)
        assert build.returncode == 0, build.stderr[-2000:]
        check_user_and_labels(json.loads(run(["podman", "image", "inspect", built], ROOT).stdout)[0], version)
        shutil.copyfile(FIXTURES / "photo.jpg", tmp_path / "photo.jpg")
        for arguments in (["crop", "photo.jpg", "--rect", "0.1,0.2,0.5,0.6", "-o", "{out}.jpg"],
                          ["view", "photo.jpg", "--screen", "200x300", "--chrome", "-o", "{out}.png"]):
            inside = podman_run(built, tmp_path, [part.format(out="image") for part in arguments])
            assert inside.returncode == 0 and inside.stderr == "", inside.stderr
            assert same_on_host(tmp_path, [part.format(out="host") for part in arguments]).returncode == 0
            output = Path(arguments[-1]).suffix
            assert (tmp_path / f"image{output}").read_bytes() == (tmp_path / f"host{output}").read_bytes()
    finally:
        run(["podman", "rmi", "--force", built, base], tmp_path)
