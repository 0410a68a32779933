"""`edgeagent models pull` against a loopback stand-in for the Hugging Face Hub (HF_ENDPOINT), with files
the test makes: a fresh pull, an interrupted pull resumed, a corrupted file refused, an unknown repo."""

from __future__ import annotations

import hashlib
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from click.testing import CliRunner

from edgeagent.cli import cli
from edgeagent.models.pull import choose_files, default_name

COMMIT = "0123456789abcdef0123456789abcdef01234567"


class StandInHub:
    """Serves repos {repo: {file: bytes}} the way the hub's API and resolve endpoints do, with faults on demand."""

    def __init__(self, repos: dict[str, dict[str, bytes]]) -> None:
        self.repos = repos
        self.declared: dict[tuple[str, str], bytes] = {}  # what model_info says a file is, when it differs
        self.cut_after: int | None = None  # drop the connection after this many body bytes...
        self.cuts = 0  # ...this many times (huggingface_hub retries a few times within one pull)
        self.ranges: list[str] = []
        hub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def _repo_file(self):
                m = re.fullmatch(r"/([\w.-]+/[\w.-]+)/resolve/([^/]+)/(.+)", self.path.split("?")[0])
                if not m or m.group(1) not in hub.repos or m.group(3) not in hub.repos[m.group(1)]:
                    return None, None
                return m.group(1), m.group(3)

            def _missing(self, code: str) -> None:
                self.send_response(404)
                self.send_header("X-Error-Code", code)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def _head(self, repo: str, name: str, body: bytes, status: int = 200, extra: dict | None = None) -> None:
                sha = hashlib.sha256(hub.declared.get((repo, name), body)).hexdigest()
                self.send_response(status)
                self.send_header("X-Repo-Commit", COMMIT)
                self.send_header("ETag", f'"{sha}"')
                self.send_header("X-Linked-Etag", f'"{sha}"')
                self.send_header("Accept-Ranges", "bytes")
                for k, v in (extra or {}).items():
                    self.send_header(k, v)
                self.end_headers()

            def do_HEAD(self):
                repo, name = self._repo_file()
                if repo is None:
                    return self._missing("EntryNotFound")
                self._head(repo, name, hub.repos[repo][name], extra={"Content-Length": str(len(hub.repos[repo][name]))})

            def do_GET(self):
                path = self.path.split("?")[0]
                m = re.fullmatch(r"/api/models/([\w.-]+/[\w.-]+)(?:/revision/[^/]+)?", path)
                if m:
                    if m.group(1) not in hub.repos:
                        return self._missing("RepoNotFound")
                    siblings = []
                    for name, body in hub.repos[m.group(1)].items():
                        declared = hub.declared.get((m.group(1), name), body)
                        siblings.append({"rfilename": name, "size": len(declared), "blobId": "0" * 40,
                                         "lfs": {"size": len(declared), "sha256": hashlib.sha256(declared).hexdigest(),
                                                 "pointerSize": 134}})
                    data = json.dumps({"id": m.group(1), "sha": COMMIT, "siblings": siblings}).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                    return
                repo, name = self._repo_file()
                if repo is None:
                    return self._missing("EntryNotFound")
                body = hub.repos[repo][name]
                start, status, extra = 0, 200, {}
                rng = self.headers.get("Range")
                if rng:
                    hub.ranges.append(rng)
                    start = int(re.match(r"bytes=(\d+)-", rng).group(1))
                    status = 206
                    extra["Content-Range"] = f"bytes {start}-{len(body) - 1}/{len(body)}"
                extra["Content-Length"] = str(len(body) - start)
                self._head(repo, name, body, status, extra)
                chunk = body[start:]
                if hub.cut_after is not None and hub.cuts > 0:
                    chunk, hub.cuts = chunk[: hub.cut_after], hub.cuts - 1
                    self.wfile.write(chunk)
                    self.wfile.flush()
                    self.close_connection = True
                    return
                self.wfile.write(chunk)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


GGUF = b"GGUF" + bytes(range(256)) * 400  # a tiny file with the GGUF magic, ~100 KB


@pytest.fixture
def hub(monkeypatch, home, tmp_path):
    monkeypatch.setenv("EDGEAGENT_MODELS", str(tmp_path / "models"))  # pulled models stay out of the shared dir
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.setenv("HF_HUB_DISABLE_XET", "1")
    started = []

    def start(repos):
        started.append(StandInHub(repos))
        monkeypatch.setenv("HF_ENDPOINT", started[-1].url)
        return started[-1]

    yield start
    for h in started:
        h.close()


def _error_line(result) -> str:
    """The one error line; progress lines may precede it on stderr, a traceback never."""
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in result.output and result.exception is None or \
        isinstance(result.exception, SystemExit), result.output
    return errors[0]


def pull(*args):
    return CliRunner().invoke(cli, ["models", "pull", *args])


def test_a_fresh_pull_of_a_gguf_file_becomes_a_named_model_with_its_commit_and_hashes(hub, tmp_path):
    hub({"someone/Tiny-GGUF": {"tiny-q4.gguf": GGUF, "tiny-q8.gguf": GGUF[:-7], "README.md": b"# tiny"}})
    r = pull("someone/Tiny-GGUF", "--file", "tiny-q4.gguf")
    assert r.exit_code == 0, r.output
    assert "tiny-q4: pulled for the llamacpp backend" in r.stdout
    folder = tmp_path / "models" / "tiny-q4" / "gguf"
    assert (folder / "tiny-q4.gguf").read_bytes() == GGUF
    manifest = json.loads((folder / "edgeagent-model.json").read_text())
    assert manifest["revision"] == COMMIT and manifest["source"] == "hub:someone/Tiny-GGUF"
    assert manifest["sha256"] == {"tiny-q4.gguf": hashlib.sha256(GGUF).hexdigest()}
    assert manifest["files"]["tiny-q4.gguf"]["sha256"] == hashlib.sha256(GGUF).hexdigest()  # what loads check
    assert not (folder / ".cache").exists() and not list((tmp_path / "models" / "tiny-q4").glob(".*pulling*"))


def test_an_interrupted_pull_resumes_where_it_stopped(hub, tmp_path):
    h = hub({"someone/tiny": {"tiny.gguf": GGUF}})
    h.cut_after, h.cuts = 5_000, 50  # more drops than one pull retries: the first command gives up
    first = pull("someone/tiny")
    assert first.exit_code == 2 and _error_line(first).endswith("run the same command to resume")
    assert not (tmp_path / "models" / "tiny" / "gguf").exists()
    h.cuts, h.ranges = 0, []
    second = pull("someone/tiny")
    assert second.exit_code == 0, second.output
    start = int(h.ranges[0].removeprefix("bytes=").split("-")[0])
    assert 5_000 <= start < len(GGUF)  # it asked only for what the first command had not fetched
    assert (tmp_path / "models" / "tiny" / "gguf" / "tiny.gguf").read_bytes() == GGUF


def test_a_corrupted_file_is_refused_and_not_kept(hub, tmp_path):
    h = hub({"someone/tiny": {"tiny.gguf": GGUF}})
    h.declared[("someone/tiny", "tiny.gguf")] = GGUF[:-1] + b"X"  # the hub's record says other bytes
    r = pull("someone/tiny")
    assert r.exit_code == 2 and "sha256" in _error_line(r)
    assert not (tmp_path / "models" / "tiny" / "gguf").exists()


def test_an_unknown_repo_is_a_one_line_error_with_exit_2(hub):
    hub({})
    r = pull("nobody/nothing")
    assert r.exit_code == 2 and _error_line(r).startswith("error: nobody/nothing: repo or file not found on http://127.0.0.1:")


def test_which_files_a_repo_gives():
    assert choose_files(["a.gguf", "README.md"], None) == ("gguf", ["a.gguf"])
    assert choose_files(["config.json", "model.safetensors", "tokenizer.json", "README.md", "x.png"], None) == (
        "hf", ["config.json", "model.safetensors", "tokenizer.json"])
    assert choose_files(["genai_config.json", "model.onnx", "model.onnx.data", "README.md"], None)[0] == "onnx"
    with pytest.raises(Exception, match="choose one with --file"):
        choose_files(["a-q4.gguf", "a-q8.gguf"], None)
    with pytest.raises(Exception, match="no GGUF file"):
        choose_files(["README.md"], None)
    assert default_name("Qwen/Qwen3-0.6B-GGUF", "Qwen3-0.6B-Q8_0.gguf") == "qwen3-0.6b-q8_0"
