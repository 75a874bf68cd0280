"""A terminal's Ctrl-C reaches Python, not the shared `lightbox batch` process."""
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import List

from conftest import ROOT

SCRIPT = """
import sys, time
sys.path.insert(0, {package!r})
import lightbox
box = lightbox.Lightbox({binary!r}, jobs=1)
try:
    print("ready", flush=True)  # inside the try: the signal may come as soon as the line is out
    time.sleep(60)
except KeyboardInterrupt:
    print("interrupted", flush=True)
answer = box.crop({photo!r}, rect=(0, 0, 0.5, 0.5), output={output!r})
print(answer["status"], flush=True)
print("closed", box.close(), flush=True)
"""


def test_ctrl_c_interrupts_python_and_the_client_goes_on(binary: str, photos: List[str], tmp_path: Path) -> None:
    script = tmp_path / "interrupted.py"
    output = tmp_path / "after.jpg"
    script.write_text(SCRIPT.format(package=str(ROOT / "python"), binary=binary, photo=photos[0], output=str(output)))
    # The script leads a process group of its own, as a shell's foreground job does.
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    assert process.stdout is not None
    assert process.stdout.readline() == "ready\n"
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C in the terminal sends: the whole group
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert out.splitlines() == ["interrupted", "done", "closed 0"], (out, err)
    assert output.is_file()
