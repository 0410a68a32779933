"""Own task (DevOps): the worker pods keep restarting (OOMKilled) since a commit "right-sized" their memory
from 1Gi/512Mi to 384Mi/256Mi; restore the limits that worked, touch nothing else, and name the change.

The workspace is the deployment repository (~45 commits over five services' manifests), with the cluster's event
log (~3,000 lines: the worker's OOM kills start after the rollout; one older thumbnailer OOM is a distractor)
and an hourly memory-peak export per pod (CSV, ~2,000 rows; the worker peaks around 700-900Mi)."""

from __future__ import annotations

import random
import tempfile
from datetime import datetime, timedelta
from pathlib import Path

from _base import Port
from devops_kit import Commit, busy_history, main, repo

from edgeagent.bench.taskgen.filler import Filler

SEED = "own-devops-worker-oom"
SERVICES = {"api": ("2Gi", "1Gi", 4), "worker": ("1Gi", "512Mi", 3), "search-indexer": ("3Gi", "2Gi", 2),
            "thumbnailer": ("768Mi", "384Mi", 2), "notifier": ("256Mi", "128Mi", 2)}


def manifest(name: str, limit: str, request: str, replicas: int) -> str:
    return f"""\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  namespace: shop
  labels:
    app: {name}
spec:
  replicas: {replicas}
  selector:
    matchLabels:
      app: {name}
  template:
    metadata:
      labels:
        app: {name}
    spec:
      containers:
        - name: {name}
          image: registry.internal/shop/{name}:2026.02.3
          resources:
            requests:
              cpu: 250m
              memory: {request}
            limits:
              cpu: "1"
              memory: {limit}
          envFrom:
            - configMapRef:
                name: {name}-config
"""


FILES = {f"deploy/{n}.yaml": manifest(n, lim, req, rep) for n, (lim, req, rep) in SERVICES.items()}
FILES["deploy/kustomization.yaml"] = "resources:\n" + "".join(f"  - {n}.yaml\n" for n in SERVICES)
FILES["README.md"] = "# shop-deploy\n\nKubernetes manifests for the shop namespace. Merges to main are applied by the " \
                     "pipeline within ten minutes.\n"


def _history(f: Filler):
    rng = random.Random(601)
    people = [f"{p.name} <{p.email}>" for p in (f.person(dept="Engineering") for _ in range(5))]
    bad = Commit(people[2], datetime(2026, 2, 20, 15, 40), "worker: right-size memory after the January profiling",
                 {"deploy/worker.yaml": lambda t: t.replace("memory: 512Mi", "memory: 256Mi")
                  .replace("memory: 1Gi", "memory: 384Mi")})
    thumb = Commit(people[4], datetime(2026, 2, 9, 11, 5), "thumbnailer: raise memory limit after OOM on large PNGs",
                   {"deploy/thumbnailer.yaml": lambda t: t.replace("memory: 512Mi", "memory: 768Mi")})
    files = dict(FILES)
    files["deploy/thumbnailer.yaml"] = manifest("thumbnailer", "512Mi", "384Mi", 2)
    hist = busy_history(rng, people, datetime(2025, 12, 15, 10, 0), 46, files, {33: thumb, 40: bad}, (12, 30))
    return hist, 40, 39


def _events(rng: random.Random, rollout: datetime) -> str:
    out = []
    t = rollout - timedelta(days=16)
    end = rollout + timedelta(days=5, hours=20)
    while t < end:
        t += timedelta(seconds=rng.randint(60, 400))
        svc = rng.choice(list(SERVICES))
        pod = f"{svc}-{rng.choice(['7d9f8', '6c4b2', '5f7a1'])}-{rng.choice(['x2k', 'm9p', 'q4z', 'h7d'])}"
        out.append(f"{t:%Y-%m-%dT%H:%M:%S}Z Normal {rng.choice(['Pulled', 'Started', 'Scheduled', 'Created'])} "
                   f"pod/{pod} " + rng.choice(["Successfully pulled image", "Started container", "Assigned to node",
                                               "Created container"]))
        if svc == "worker" and t > rollout and rng.random() < 0.5:
            out.append(f"{t + timedelta(seconds=2):%Y-%m-%dT%H:%M:%S}Z Warning OOMKilled pod/{pod} Container worker "
                       "exceeded its memory limit (384Mi)")
            out.append(f"{t + timedelta(seconds=3):%Y-%m-%dT%H:%M:%S}Z Warning BackOff pod/{pod} Back-off restarting "
                       "failed container")
    out.append(f"{rollout - timedelta(days=11, hours=3):%Y-%m-%dT%H:%M:%S}Z Warning OOMKilled pod/thumbnailer-5f7a1-q4z "
               "Container thumbnailer exceeded its memory limit (512Mi)")
    out.append(f"{rollout:%Y-%m-%dT%H:%M:%S}Z Normal ScalingReplicaSet deployment/worker Rolled out new revision "
               "(resources changed)")
    out.sort()
    return "\n".join(out) + "\n"


def _peaks(rng: random.Random, rollout: datetime) -> str:
    rows = ["hour,pod,service,memory_peak_mib"]
    t = rollout - timedelta(days=3)
    while t < rollout + timedelta(days=5):
        for svc, (lim, _r, rep) in SERVICES.items():
            base = {"api": 1300, "worker": 780, "search-indexer": 2100, "thumbnailer": 520, "notifier": 110}[svc]
            for i in range(min(rep, 2)):
                cap = 384 if (svc == "worker" and t > rollout) else 99999
                rows.append(f"{t:%Y-%m-%dT%H:00}Z,{svc}-{i},{svc},{min(cap, int(rng.gauss(base, base * 0.08)))}")
        t += timedelta(hours=3)
    return "\n".join(rows) + "\n"


def _build_with(hist):
    def build(ws: Path) -> None:
        repo(ws.parent / "workspace.gitbundle", hist)
        rollout = hist[40].when + timedelta(minutes=9)
        (ws / "ops").mkdir()
        (ws / "ops" / "kube-events.log").write_text(_events(random.Random(602), rollout))
        (ws / "ops" / "memory-peaks.csv").write_text(_peaks(random.Random(603), rollout))
    return build


CHECK = '''\
"""Own task: the worker's OOM kills, fixed in deploy/worker.yaml, the change named.

Items: the worker's memory limit back to 1Gi (0.35); its memory request back to 512Mi (0.15); every other
manifest and the rest of worker.yaml as they were (0.15); the answer names the commit {bad} (0.20) and its author
{author} (0.15). The limit is the fix: without it nothing else counts (a wrong limit leaves the pods crashing).
A cause offered beside another commit earns nothing for the commit and author.
"""

import re

from edgeagent.bench.grading import names_person
from edgeagent.bench.taskcheck import graded, text

BAD = {bad!r}
AUTHOR = {author!r}
OTHERS = {others!r}
CHOICE = re.compile(r"\\b(or|either|maybe|perhaps|possibly|might|could|unclear)\\b", re.IGNORECASE)


def _mem(t, block):
    m = re.search(block + r":\\s*\\n(?:\\s+\\S.*\\n)*?\\s+memory:\\s*[\\"']?([0-9.]+\\s*[A-Za-z]*)", t)
    return re.sub(r"\\s+", "", m.group(1)) if m else None


def check(ws, answer):
    w = text(ws / "deploy/worker.yaml")
    if _mem(w, "limits") not in ("1Gi", "1024Mi"):
        return 0.0
    request = _mem(w, "requests") == "512Mi"
    rest = all(text(ws / p).strip() == body.strip() for p, body in OTHERS.items()) and \\
        all(s in w for s in ("name: worker", "replicas: 3", "image: registry.internal/shop/worker:2026.02.3",
                             "cpu: 250m", "name: worker-config"))
    a = answer or ""
    hedged = any(BAD in s and CHOICE.search(s) for s in re.split(r"(?<=[.!?])\\s+|\\n+", a))
    return 0.35 + 0.15 * request + 0.15 * rest + (0.20 * (BAD in a) + 0.15 * names_person(a, AUTHOR)) * (not hedged)


check = graded(check)  # a pasted file is no answer
'''


def task():
    f = Filler(SEED)
    hist, bad_i, prev_i = _history(f)
    with tempfile.TemporaryDirectory() as tmp:
        hashes = repo(Path(tmp) / "b.gitbundle", hist)
    bad, prev = hashes[bad_i][:7], hashes[prev_i][:7]
    author = hist[bad_i].author.split(" <")[0]
    prev_author = hist[prev_i].author.split(" <")[0]
    # the files as they stand at HEAD
    cur: dict[str, str] = {}
    for c in hist:
        for k, v in c.files.items():
            if v is None:
                cur.pop(k, None)
            else:
                cur[k] = v
    worker_now = cur["deploy/worker.yaml"]
    fixed = worker_now.replace("memory: 256Mi", "memory: 512Mi").replace("memory: 384Mi", "memory: 1Gi")
    others = {k: v for k, v in cur.items() if k.startswith("deploy/") and k != "deploy/worker.yaml"}
    steps = [
        ("search", {"query": "OOMKilled worker"}),
        ("query", {"sql": "SELECT service, MAX(memory_peak_mib) FROM \"memory_peaks\" GROUP BY service"}),
        ("git_log", {"path": "deploy/worker.yaml"}),
        ("git_show", {"rev": bad}),
        ("read_file", {"path": "deploy/worker.yaml"}),
        ("write_file", {"path": "deploy/worker.yaml", "content": fixed}),
    ]
    answer = (f"The worker is OOMKilled because commit {bad} by {author} (\"worker: right-size memory after the "
              "January profiling\") cut its limit from 1Gi to 384Mi and its request from 512Mi to 256Mi, while it "
              "peaks around 700-900Mi. I restored limits.memory 1Gi and requests.memory 512Mi in "
              "deploy/worker.yaml; nothing else changed.")
    right = [
        dict(why="the reference fix, a short answer naming commit and author",
             answer=f"Restored 1Gi/512Mi; the cause was {bad} by {author}."),
        dict(why="the limit written as 1024Mi, author surname first", base="nothing",
             answer=f"Fixed. Culprit: commit {bad} ({author.split()[-1]}, {author.split()[0]}).",
             steps=[("write_file", {"path": "deploy/worker.yaml",
                                    "content": fixed.replace("memory: 1Gi", "memory: 1024Mi")})]),
        dict(why="extra true detail: the peaks and the older thumbnailer OOM", answer=answer +
             " (The thumbnailer OOM on 9 February is older and was already fixed.)"),
    ]
    wrong = [
        dict(kind="near-miss", why="a limit of 768Mi, under the worker's peaks", base="nothing",
             answer=f"Raised the limit; cause {bad} by {author}.",
             steps=[("write_file", {"path": "deploy/worker.yaml", "content": fixed.replace("memory: 1Gi",
                                                                                        "memory: 768Mi")})]),
        dict(kind="wrong-entity", why="raises the thumbnailer, leaves the worker at 384Mi", base="nothing",
             answer=f"Fixed the thumbnailer's memory; cause {hashes[33][:7]}.",
             steps=[("write_file", {"path": "deploy/thumbnailer.yaml",
                                    "content": others["deploy/thumbnailer.yaml"].replace("768Mi", "1Gi")})]),
        dict(kind="hedge", why="doubles the limit to 2Gi 'to be safe' and blames one of two commits",
             base="nothing", answer=f"Either {bad} by {author} or {prev} by {prev_author} caused it.",
             steps=[("write_file", {"path": "deploy/worker.yaml", "content": fixed.replace("memory: 1Gi",
                                                                                        "memory: 2Gi")})]),
        dict(kind="false-claim", why="says it restored the limit, changed nothing", base="nothing", answer=answer),
        dict(kind="dump", why="worker.yaml overwritten with the event log", base="nothing", answer="Fixed.",
             steps=[("write_file", {"path": "deploy/worker.yaml",
                                    "content": _events(random.Random(602), hist[bad_i].when)[:1900]})]),
    ]
    port = Port("devops-worker-oom", 0, "dev",
                ("Our worker pods have been crash-looping for the past few days. Work out why from the cluster "
                 "events, the memory numbers and the deploy repo, then fix the worker's manifest so it has what it "
                 "had when it was stable. Don't touch the other services. And tell me which change broke it and "
                 "who made it."),
                ["list_dir", "read_file", "search", "query", "git_log", "git_show", "git_diff", "write_file"],
                answer=answer, steps=steps,
                check=CHECK.format(bad=bad, author=author, others=others), right=right, wrong=wrong,
                category="devops")
    return port, _build_with(hist)


PORTS: list = []  # no AceBench port here: make.py's PORTS write "acebench:N" tasks
OWN = [task]  # written with source = "own" by this module's entry point

if __name__ == "__main__":
    import sys
    main(OWN, sys.argv[1:])
