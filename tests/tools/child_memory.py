"""Running a tool in a child process to measure it: its outputs, wall seconds and its own peak RSS (VmHWM)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

MEMORY_CAP_KB = 300 * 1024  # a child's peak RSS; the unbounded parsers took 0.8 to 2+ GB on the hostile files
_ADDRESS_SPACE = 1 << 30  # the child's RLIMIT_AS: an unbounded parser fails fast instead of filling the machine
_CHILD = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
from pathlib import Path
from edgeagent.tools.base import ToolContext
ctx = ToolContext(Path(sys.argv[1]))
t0 = time.monotonic()
outs = {{}}
{body}
seconds = time.monotonic() - t0
hwm = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(json.dumps({{"seconds": seconds, "hwm_kb": hwm, "outs": outs}}))
"""


def in_child(ws: Path, body: str, timeout: float = 120) -> dict:
    """Run `body` (it fills `outs`) in a fresh interpreter; its outputs, wall seconds and peak RSS in kB."""
    code = _CHILD.format(limit=_ADDRESS_SPACE, body=textwrap.dedent(body))
    done = subprocess.run([sys.executable, "-c", code, str(ws)], capture_output=True, text=True, timeout=timeout,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


needs_proc = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads VmHWM from /proc")
