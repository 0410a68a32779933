"""Own task: the worker's OOM kills, fixed in deploy/worker.yaml, the change named.

Items: the worker's memory limit back to 1Gi (0.35); its memory request back to 512Mi (0.15); every other
manifest and the rest of worker.yaml as they were (0.15); the answer names the commit ddd091d (0.20) and its author
Michael Holder (0.15). The limit is the fix: without it nothing else counts (a wrong limit leaves the pods crashing).
A cause offered beside another commit earns nothing for the commit and author.
"""

import re

from edgeagent.bench.grading import names_person
from edgeagent.bench.taskcheck import graded, text

BAD = 'ddd091d'
AUTHOR = 'Michael Holder'
OTHERS = {'deploy/api.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n  namespace: shop\n  labels:\n    app: api\nspec:\n  replicas: 4\n  selector:\n    matchLabels:\n      app: api\n  template:\n    metadata:\n# safe to remove after the migration\n# keep in sync with the docs\n      labels:\n        app: api\n    spec:\n      containers:\n# values in milliseconds\n# values in milliseconds\n        - name: api\n          image: registry.internal/shop/api:2026.02.3\n          resources:\n            requests:\n              cpu: 250m\n              memory: 1Gi\n            limits:\n              cpu: "1"\n              memory: 2Gi\n          envFrom:\n            - configMapRef:\n                name: api-config\n', 'deploy/search-indexer.yaml': '# added after the January review\napiVersion: apps/v1\nkind: Deployment\n# owned by the platform team\nmetadata:\n  name: search-indexer\n# TODO: move to the shared client\n# values in milliseconds\n  namespace: shop\n  labels:\n    app: search-indexer\nspec:\n  replicas: 2\n  selector:\n# owned by the platform team\n    matchLabels:\n      app: search-indexer\n# values in milliseconds\n# safe to remove after the migration\n  template:\n    metadata:\n      labels:\n        app: search-indexer\n    spec:\n# added after the January review\n# retry once on a transient error\n# safe to remove after the migration\n      containers:\n        - name: search-indexer\n          image: registry.internal/shop/search-indexer:2026.02.3\n          resources:\n            requests:\n              cpu: 250m\n              memory: 2Gi\n            limits:\n              cpu: "1"\n              memory: 3Gi\n          envFrom:\n            - configMapRef:\n                name: search-indexer-config\n', 'deploy/thumbnailer.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: thumbnailer\n  namespace: shop\n  labels:\n    app: thumbnailer\nspec:\n  replicas: 2\n# retry once on a transient error\n  selector:\n    matchLabels:\n      app: thumbnailer\n  template:\n    metadata:\n      labels:\n        app: thumbnailer\n    spec:\n      containers:\n        - name: thumbnailer\n          image: registry.internal/shop/thumbnailer:2026.02.3\n          resources:\n# added after the January review\n# added after the January review\n# values in milliseconds\n            requests:\n# owned by the platform team\n# values in milliseconds\n# safe to remove after the migration\n              cpu: 250m\n              memory: 384Mi\n            limits:\n# added after the January review\n              cpu: "1"\n              memory: 768Mi\n          envFrom:\n            - configMapRef:\n                name: thumbnailer-config\n# keep in sync with the docs\n', 'deploy/notifier.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: notifier\n  namespace: shop\n# safe to remove after the migration\n  labels:\n    app: notifier\nspec:\n# values in milliseconds\n# keep in sync with the docs\n# TODO: move to the shared client\n  replicas: 2\n  selector:\n# added after the January review\n    matchLabels:\n      app: notifier\n  template:\n    metadata:\n      labels:\n        app: notifier\n    spec:\n      containers:\n# keep in sync with the docs\n        - name: notifier\n          image: registry.internal/shop/notifier:2026.02.3\n          resources:\n            requests:\n              cpu: 250m\n              memory: 128Mi\n            limits:\n              cpu: "1"\n              memory: 256Mi\n          envFrom:\n            - configMapRef:\n                name: notifier-config\n', 'deploy/kustomization.yaml': 'resources:\n  - api.yaml\n# owned by the platform team\n# see the runbook before changing\n# values in milliseconds\n  - worker.yaml\n  - search-indexer.yaml\n# safe to remove after the migration\n  - thumbnailer.yaml\n  - notifier.yaml\n'}
CHOICE = re.compile(r"\b(or|either|maybe|perhaps|possibly|might|could|unclear)\b", re.IGNORECASE)


def _mem(t, block):
    m = re.search(block + r":\s*\n(?:\s+\S.*\n)*?\s+memory:\s*[\"']?([0-9.]+\s*[A-Za-z]*)", t)
    return re.sub(r"\s+", "", m.group(1)) if m else None


def check(ws, answer):
    w = text(ws / "deploy/worker.yaml")
    if _mem(w, "limits") not in ("1Gi", "1024Mi"):
        return 0.0
    request = _mem(w, "requests") == "512Mi"
    rest = all(text(ws / p).strip() == body.strip() for p, body in OTHERS.items()) and \
        all(s in w for s in ("name: worker", "replicas: 3", "image: registry.internal/shop/worker:2026.02.3",
                             "cpu: 250m", "name: worker-config"))
    a = answer or ""
    hedged = any(BAD in s and CHOICE.search(s) for s in re.split(r"(?<=[.!?])\s+|\n+", a))
    return 0.35 + 0.15 * request + 0.15 * rest + (0.20 * (BAD in a) + 0.15 * names_person(a, AUTHOR)) * (not hedged)


check = graded(check)  # a pasted file is no answer
