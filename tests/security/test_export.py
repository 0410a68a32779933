"""Declared secrets and contact details against the export layer: cut at a digest's limit, split across files,
encoded, or in a file's name. A real run asks a loopback cloud (the anthropic SDK over HTTP) for advice, and
what that server received is read back, decoded the ways a reader could decode it."""

from __future__ import annotations

import codecs
import html
import re
import urllib.parse

import pytest

from tests.security.harness import SECRET, Place, call, held, place, run

EMAIL = "priya.raman@acme-corp.com"


@pytest.fixture
def p(tmp_path) -> Place:
    pl = place(tmp_path)
    (pl.ws / ".edgeagent-secrets").write_text(f"{SECRET}\n")
    return pl


def strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def readable(text: str) -> str:
    """What a reader of the payload could recover: percent, HTML and backslash escapes decoded, spacing folded."""
    for _ in range(3):
        text = urllib.parse.unquote(html.unescape(text))
        text = re.sub(r"\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}",
                      lambda m: codecs.decode(m.group(), "unicode_escape"), text)
    return " ".join(text.replace("\xa0", " ").split())


def sent(cloud) -> str:
    return readable("\n".join(strings(cloud.seen)))


def prefixes(secret: str, shortest: int = 9) -> list[str]:
    return [secret[:n] for n in range(shortest, len(secret) + 1)]


def ask(p: Place, cloud, reads: list[dict], mode: str, question: str = "What should I do next?"):
    c = cloud(["Carry on with the task."] * 4)
    r = run(p, [*reads, call("ask_cloud", question=question)], strategy="advisor", cloud=c.target,
            extra=("--export-mode", mode))
    held(p, r)
    return c, r


@pytest.mark.parametrize("mode", ["redact", "strict"])
def test_a_secret_cut_at_the_digest_limit_does_not_leave(p, cloud, mode):
    for cut in range(100, 125, 3):  # the secret straddles the digest's cut somewhere in this range
        (p.ws / f"n{cut}.txt").write_text("x" * cut + f" {SECRET} launches in May\n")
    c, _ = ask(p, cloud, [call("read_file", path=f"n{cut}.txt") for cut in range(100, 125, 3)], mode)
    text = sent(c)
    assert not [x for x in prefixes(SECRET) if x in text]


@pytest.mark.parametrize("mode", ["redact", "strict"])
def test_a_secret_split_across_two_files_does_not_leave(p, cloud, mode):
    (p.ws / "a.txt").write_text("Project Blue\n")
    (p.ws / "b.txt").write_text("bird\n")
    c, _ = ask(p, cloud, [call("read_file", path="a.txt"), call("read_file", path="b.txt")], mode)
    assert "Project Blue" not in sent(c)


ENCODED = {
    "percent": "Project%20Bluebird", "nbsp": "Project&nbsp;Bluebird",
    "numeric": "".join(f"&#{ord(ch)};" for ch in SECRET), "hex-entities": "".join(f"&#x{ord(ch):x};" for ch in SECRET),
    "json-escape": "Proj\\u0065ct Bluebird", "all-percent": "".join(f"%{b:02X}" for b in SECRET.encode()),
    "py-escape": "Pro\\x6aect Bluebird",
}


@pytest.mark.parametrize("mode", ["redact", "strict"])
@pytest.mark.parametrize("form", sorted(ENCODED))
def test_an_encoded_secret_does_not_leave(p, cloud, mode, form):
    (p.ws / "enc.txt").write_text(f"codename: {ENCODED[form]}\n")
    c, _ = ask(p, cloud, [call("read_file", path="enc.txt")], mode, question=f"Is {ENCODED[form]} on track?")
    assert SECRET not in sent(c)


@pytest.mark.parametrize("mode", ["redact", "strict"])
@pytest.mark.parametrize("form", ["priya.raman\\u0040acme-corp.com", "priya.raman%40acme-corp.com",
                                  "priya.raman&#64;acme-corp.com", "priya.raman&commat;acme-corp.com"])
def test_an_encoded_address_does_not_leave(p, cloud, mode, form):
    (p.ws / "contact.txt").write_text(f"write to {form} about the contract\n")
    c, _ = ask(p, cloud, [call("read_file", path="contact.txt")], mode, question=f"Should I email {form}?")
    assert EMAIL not in sent(c)


@pytest.mark.parametrize("mode", ["redact", "strict"])
def test_a_secret_in_a_file_name_does_not_leave(p, cloud, mode):
    (p.ws / f"{SECRET} plan.txt").write_text("launch in May\n")
    (p.ws / "docs").mkdir()
    (p.ws / "docs" / f"{SECRET.replace(' ', '_')}.md").write_text("notes\n")
    c, _ = ask(p, cloud, [call("list_dir", path="."), call("list_dir", path="docs")], mode)
    text = sent(c)
    assert SECRET not in text and SECRET.replace(" ", "_") not in text
