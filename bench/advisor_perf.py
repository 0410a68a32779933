"""How much of the trajectory the advisor path exports, measured on a real 10-step run.

    python -m edgeagent.bench.advisor_perf [--json]

A scripted edge model reads the workspace's files and asks the cloud advisor twice; the cloud is
`edgeagent serve` on loopback (a scripted model), reached through the real anthropic SDK. The ratio
compares the bytes that left the device with the bytes a full-trajectory export (the `cloud`
strategy's view) would have sent at the same steps. Goal <= 0.1.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import threading
from pathlib import Path

from click.testing import CliRunner

from edgeagent.agent import prompting
from edgeagent.backends.scripted import ScriptedBackend
from edgeagent.bench import sample_workspace
from edgeagent.cli import cli
from edgeagent.serve.server import make_server
from edgeagent.store.runs import Store
from edgeagent.tools.registry import tools_for

TASK = "Prepare a short status mail for Priya (priya.natarajan@northwind.example) from my notes."


def _workspace(root: Path, sample: Path) -> Path:
    ws = root / "ws"
    shutil.copytree(sample, ws)
    # Realistic sizes: a few kilobytes per document, as meeting notes and logs are.
    for i in range(4):
        lines = [f"{d:02d}-11 standup: item {i}.{d} discussed with sam.okafor@northwind.example, follow-up owner Priya, "
                 f"budget line 4{i}{d}0 EUR, ticket NW-{1000 + 37 * d + i}." for d in range(1, 31)]
        (ws / f"minutes-{i}.md").write_text("# Minutes\n\n" + "\n".join(lines) + "\n")
    return ws


def _edge_script(path: Path) -> str:
    calls = [("list_dir", {"path": "."}), ("read_file", {"path": "notes.md"}), ("read_file", {"path": "minutes-0.md"}),
             ("ask_cloud", {"question": "What belongs in a status mail to priya.natarajan@northwind.example?"}),
             ("read_file", {"path": "minutes-1.md"}), ("read_file", {"path": "minutes-2.md"}),
             ("read_file", {"path": "minutes-3.md"}), ("search", {"query": "budget"}),
             ("ask_cloud", {"question": "How should I order the budget items in the mail?"}),
             ("finish", {"answer": "Drafted."})]
    path.write_text(json.dumps([{"tool": t, "args": a} for t, a in calls]))
    return f"scripted:{path}"


def measure(sample: Path) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        os.environ["EDGEAGENT_HOME"] = str(root / "home")
        cloud = ScriptedBackend(["Lead with dates and owners; keep it to five bullets."] * 4)
        server = make_server(lambda name: cloud, "scripted")
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            result = CliRunner().invoke(cli, ["run", TASK, "--workspace", str(_workspace(root, sample)), "--model",
                                              _edge_script(root / "edge.json"), "--cloud", f"{server.url}#default", "--strategy", "advisor",
                                              "--max-steps", "10", "--json"])
        finally:
            server.shutdown()
            server.server_close()
        if result.exit_code != 0:
            raise SystemExit(f"advisor run failed: {result.output.strip()}")
        run_id = json.loads(result.stdout)["run_id"]
        store = Store(root / "home" / "edgeagent.db")
        steps, exports = store.steps(run_id), store.exports(run_id)
        tools = tools_for(with_cloud=True)
        # What a full-trajectory export would have carried at each step that asked the cloud.
        full = [len(json.dumps(prompting.messages(TASK, steps[: e["step_idx"]], tools)).encode()) for e in exports]
        sent = [e["bytes"] for e in exports if e["status"] == "sent"]
    return {"steps": len(steps), "exports": len(exports), "exported_bytes": sum(sent),
            "full_trajectory_bytes": sum(full), "ratio": sum(sent) / sum(full)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--workspace", type=Path, default=None,
                    help="the sample workspace to copy (default: the source checkout's examples/sample-workspace)")
    args = ap.parse_args()
    r = measure(sample_workspace(args.workspace))
    if args.json:
        print(json.dumps(r, indent=2))
    else:
        print(f"{r['steps']}-step advisor run, {r['exports']} exports: {r['exported_bytes']} bytes left the device; "
              f"a full-trajectory export at the same steps: {r['full_trajectory_bytes']} bytes; "
              f"ratio {r['ratio']:.3f} (goal <= 0.1)")


if __name__ == "__main__":
    main()
