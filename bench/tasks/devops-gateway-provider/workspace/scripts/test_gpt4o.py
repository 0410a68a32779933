"""Connectivity check for the OpenAI-compatible provider configured in .env."""

import json
import os
import urllib.request

base = os.environ["OPENAI_BASE_URL"].rstrip("/")
key = os.environ["OPENAI_API_KEY"]
req = urllib.request.Request(base + "/models", headers={"Authorization": f"Bearer {key}"})
with urllib.request.urlopen(req, timeout=20) as r:
    print("HTTP", r.status)
    print([m["id"] for m in json.load(r)["data"]])
body = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "Say ok."}]}).encode()
req = urllib.request.Request(base + "/chat/completions", data=body,
                             headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
with urllib.request.urlopen(req, timeout=60) as r:
    print(json.load(r)["choices"][0]["message"]["content"])
