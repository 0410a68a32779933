"""Export layer: detectors, merging, declared secrets, placeholders and sanitize modes (no network, ever)."""

from __future__ import annotations

import functools
import json
import random
import string
import subprocess
import sys

import pytest

from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.spans import Detector, Span, detect
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import Sanitized, sanitize

RND = random.Random(20240517)


def _random_token(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(RND.choice(alphabet) for _ in range(n))


@functools.cache
def detectors() -> tuple[Detector, ...]:
    # presidio's import takes seconds (spaCy/transformers); build the detectors once per test session.
    return tuple(default_detectors(models=False))  # the patterns under test; NER has its own tests


def found(text: str, dets=None) -> list[tuple[str, str]]:
    """(kind, covered text) for every merged span."""
    return [(s.kind, s.text(text)) for s in detect(text, dets if dets is not None else detectors())]


def kinds_of(text: str) -> set[str]:
    return {kind for kind, _ in found(text)}


# --- presidio recognizers -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("email", ["alice.smith@example.com", "bob+tag@mail.example.co.uk", "ops@corp.internal",
                                   "sam.okafor@northwind.example", "ci@build.test",
                                   "a0@co.io", "pages@github.io"])  # a domain that is itself a public suffix
def test_emails(email):
    assert ("EMAIL", email) in found(f"Contact {email} for access.")


@pytest.mark.parametrize("name, email", [("alice.smith@example.com.vcf", "alice.smith@example.com"),
                                         ("bob@mail.example.co.uk.eml", "bob@mail.example.co.uk"),
                                         ("ops@corp.internal.backup.txt", "ops@corp.internal")])
def test_an_address_in_a_file_name_is_found_without_the_extension(name, email):
    # The suffix check fails on the whole name (".vcf" is no public suffix): the address must not pass with it.
    assert ("EMAIL", email) in found(f"Workspace files (2): {name}, notes.md")


@pytest.mark.parametrize("text", ["a@b", "user@localhost", "@decorator\ndef f(): pass", "Message-ID: <248639.98@mail>"])
def test_not_emails(text):
    assert "EMAIL" not in kinds_of(text)


@pytest.mark.parametrize(
    "phone", ["+1 (415) 555-2671", "+44 20 7946 0958", "020 7946 0958", "415-555-2671", "+49 30 901820"]
)
def test_phones(phone):
    assert ("PHONE", phone) in found(f"call {phone} today")


@pytest.mark.parametrize("text", ["2024-05-17", "v3.11.7", "order 12345", "size 36166 bytes", "at 12:53:07"])
def test_not_phones(text):
    assert kinds_of(text) == set()


@pytest.mark.parametrize("card", ["4111 1111 1111 1111", "5500-0000-0000-0004", "4111111111111111", "378282246310005"])
def test_credit_cards_with_valid_checksum(card):
    assert ("CREDIT_CARD", card) in found(f"card: {card}.")


@pytest.mark.parametrize("card", ["4111 1111 1111 1112", "5500-0000-0000-0005", "4111111111111112"])
def test_credit_cards_with_invalid_checksum_are_not_flagged(card):
    assert found(f"card: {card}.") == []


@pytest.mark.parametrize("iban", ["DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32", "NL91ABNA0417164300"])
def test_ibans_with_valid_checksum(iban):
    assert ("IBAN", iban) in found(f"pay to {iban} please")


@pytest.mark.parametrize("iban", ["DE89 3704 0044 0532 0130 01", "GB82 WEST 1234 5698 7654 33"])
def test_ibans_with_invalid_checksum_are_not_flagged(iban):
    assert "IBAN" not in kinds_of(f"pay to {iban} please")


@pytest.mark.parametrize(
    "ip", ["192.168.1.20", "10.0.0.1", "203.0.113.0/24", "2001:db8::8a2e:370:7334", "2001:0db8:85a3:0:0:8a2e:0370:7334"]
)
def test_ip_addresses(ip):
    assert ("IP", ip) in found(f"host {ip} is down")


@pytest.mark.parametrize("text", ["std::vector<int> v;", "xs[::2]", "version 1.2.3", "300.1.2.3 is not an address"])
def test_not_ip_addresses(text):
    assert "IP" not in kinds_of(text)


def test_ssn_formatted_and_invalid_ones():
    assert ("SSN", "536-22-1234") in found("SSN 536-22-1234 on file")
    assert "SSN" not in kinds_of("SSN 000-12-3456 and 666-12-3456")  # never-issued areas: invalidated by presidio


@pytest.mark.parametrize(
    "url",
    [
        "https://api.example.com:8443/v1/orders?page=2&token=abc",
        "http://localhost:8080/admin",
        "https://example.org/a_(b)/c",
        "www.example.org/path/to/page",
    ],
)
def test_urls_whole(url):
    assert ("URL", url) in found(f"see {url} now")


def test_url_drops_trailing_sentence_punctuation():
    assert found("(see https://example.com/docs).") == [("URL", "https://example.com/docs")]


@pytest.mark.parametrize("text", ["open detect.py and README.md", "os.path.join(a, b)", "run ./scripts/build.sh"])
def test_file_names_are_not_urls(text):
    assert kinds_of(text) == set()


# --- detect-secrets plugins -----------------------------------------------------------------------------------------


def test_aws_access_key_id():
    key = "AKIA" + _random_token(16, string.ascii_uppercase + string.digits)
    assert found(f"aws_access_key_id = {key}\n") == [("SECRET", key)]


def test_github_token():
    token = "ghp_" + _random_token(36)
    assert found(f"export GH={token}") == [("SECRET", token)]


def test_stripe_and_slack_tokens():
    stripe = "sk_live_" + _random_token(24)
    slack = "xoxb-123456789012-123456789012-" + _random_token(24, string.ascii_lowercase + string.digits)
    assert found(f"{stripe} and {slack}") == [("SECRET", stripe), ("SECRET", slack)]


PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n"
    "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n"
    "-----END RSA PRIVATE KEY-----"
)


def test_pem_private_key_block_is_one_span():
    text = f"key file:\n{PEM}\nnext line"
    assert found(text) == [("SECRET", PEM)]


def test_pem_private_key_block_inside_json():
    text = json.dumps({"key": PEM + "\n", "note": "ok"})
    assert found(text) == [("SECRET", json.dumps(PEM)[1:-1])]


def test_truncated_private_key_still_covers_the_body():
    text = "\n".join(PEM.splitlines()[:2]) + "\n"
    (kind, covered), = found(text)
    assert kind == "SECRET" and covered.startswith("-----BEGIN RSA") and PEM.splitlines()[1] in covered


JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"
    ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)


def test_jwt_including_signature():
    assert found(f"Authorization: Bearer {JWT}.") == [("SECRET", JWT)]


@pytest.mark.parametrize("n", [24, 32, 40, 64])
def test_high_entropy_strings(n):
    token = _random_token(n)
    assert found(f'client = Client(token="{token}")') == [("SECRET", token)]


def test_hex_digests_are_flagged():
    digest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"
    assert found(f"commit {digest}") == [("SECRET", digest)]


def test_keyword_assignments():
    text = 'DB_PASSWORD=hunter2xyz\n{"user": "bob", "password": "s3cr3t-pw"}\napi_key: "abcd1234"\n'
    assert found(text) == [("SECRET", "hunter2xyz"), ("SECRET", "s3cr3t-pw"), ("SECRET", "abcd1234")]


def test_unquoted_keyword_values_are_redacted_whole():
    text = "db:\n  password: correct horse battery staple\n  host: db.internal\n"
    # the private network's host is found too (rules.PrivateHosts)
    assert found(text) == [("SECRET", "correct horse battery staple"), ("HOST", "db.internal")]


def test_basic_auth_credentials_in_url():
    text = "clone https://deploy:Tr0ub4dor@git.example.com/repo.git now"
    ((kind, covered),) = found(text)
    assert kind == "SECRET" and "Tr0ub4dor" in covered  # URL and password merged, labelled by detect-secrets


ORDINARY = [
    "The quick brown fox jumps over the lazy dog; nothing to see here, version 3.11.7 on port 8080.",
    "def load_config(path: Path) -> dict[str, Any]:\n    return tomllib.loads(path.read_text())\n",
    "AbstractSingletonProxyFactoryBean test_export_properties_module_long_name getElementsByClassName",
    "Base64HighEntropyString SmolLM2-135M-Instruct m001_runs_steps_calls HuggingFaceTB/SmolLM2-135M-Instruct",
    "/usr/lib/python3/dist-packages/setuptools src/edgeagent/export/detect.py node_modules/react-dom/index.js",
    "uuid 550e8400-e29b-41d4-a716-446655440000 at 2024-05-17T12:30:45Z, Tue, 16 May 2024 09:32:12 +0000",
    "-rw-r--r--  1 frank staff  36166 May 25 12:53 agent.py\ntotal 184\n",
    "password = get_password()\ndef check(password: str) -> bool:\nif password == other_password:\n",
    "secret = os.environ['APP_SECRET']\napi_key = settings.api_key\nself.loader, self.api_key = loader, api_key\n",
    "==============================  ------------------------------  ______________________________",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_and_identifiers_are_not_flagged(text):
    assert found(text) == []


# --- merging and the detector hook ----------------------------------------------------------------------------------


class FixedDetector:
    """A hook detector reporting fixed offsets."""

    def __init__(self, name: str, spans: list[tuple[int, int, str]]) -> None:
        self.name = name
        self._spans = spans

    def detect(self, text: str) -> list[Span]:
        return [Span(s, e, kind, self.name) for s, e, kind in self._spans]


def test_hook_detectors_satisfy_the_protocol_and_are_included():
    hook = FixedDetector("ner", [(0, 5, "PERSON")])
    assert isinstance(hook, Detector)
    text = "Alice wrote to alice@example.com"
    spans = detect(text, list(default_detectors(extra=[hook], models=False)))
    assert [(s.kind, s.source, s.text(text)) for s in spans] == [
        ("PERSON", "ner", "Alice"),
        ("EMAIL", "presidio", "alice@example.com"),
    ]


def test_overlaps_merge_to_union_labelled_by_priority():
    text = "0123456789abcdefghij"
    dets = [
        FixedDetector("presidio", [(0, 12, "URL")]),
        FixedDetector("detect-secrets", [(5, 15, "SECRET")]),
        FixedDetector("declared", [(6, 8, "PASSWORD")]),
        FixedDetector("hook", [(17, 19, "X"), (16, 20, "Y")]),
    ]
    spans = detect(text, dets)
    expected = [(0, 15, "PASSWORD", "declared"), (16, 20, "Y", "hook")]
    assert [(s.start, s.end, s.kind, s.source) for s in spans] == expected


def test_same_source_overlap_prefers_longest_and_touching_spans_stay_apart():
    dets = [FixedDetector("presidio", [(0, 4, "A"), (2, 10, "B"), (10, 12, "C")])]
    assert [(s.start, s.end, s.kind) for s in detect("x" * 12, dets)] == [(0, 10, "B"), (10, 12, "C")]


# --- declared secrets -----------------------------------------------------------------------------------------------


def declared_found(declared: DeclaredSecrets, text: str) -> list[str]:
    return [s.text(text) for s in declared.detect(text)]


def test_declared_case_insensitive_and_whitespace_robust():
    declared = DeclaredSecrets(["correct horse battery staple"])
    text = "a CORRECT Horse\n  battery\tstaple b correcthorsebatterystaple c cor rect hor se bat tery sta ple d"
    assert declared_found(declared, text) == [
        "CORRECT Horse\n  battery\tstaple",
        "correcthorsebatterystaple",
        "cor rect hor se bat tery sta ple",
    ]


@pytest.mark.parametrize("value", ['pa"ss\\wörd-1', "line one\nline two", "tab\there ünïcödé", "emoji 🔑 key", "a/b/c"])
def test_declared_found_inside_json_dumps(value):
    declared = DeclaredSecrets([value])
    for ensure_ascii in (True, False):
        dumped = json.dumps({"config": {"secret": f"x {value} y"}, "n": 1}, ensure_ascii=ensure_ascii)
        spans = declared.detect(dumped)
        assert len(spans) == 1, (ensure_ascii, dumped)
        # what was found is the value as JSON spells it (escapes included), and nothing of it remains outside
        redacted = dumped[: spans[0].start] + "<X>" + dumped[spans[0].end :]
        assert json.loads(redacted)["config"]["secret"] == "x <X> y"


def test_declared_found_when_json_dumped_twice():
    declared = DeclaredSecrets(['say "hi"\\now'])
    twice = json.dumps(json.dumps({"v": 'say "hi"\\now'}))
    assert len(declared.detect(twice)) == 1


def test_declared_digit_forms_with_separators():
    declared = DeclaredSecrets([("4929 1234 5678 9012", "ACCOUNT"), ("+1 (415) 555-2671", "PHONE")])
    text = "a 4929-1234-5678-9012 b 4929.1234.5678.9012 c 4929123456789012 d 1-415-555-2671 e 14155552671"
    assert [(s.kind, s.text(text)) for s in declared.detect(text)] == [
        ("ACCOUNT", "4929-1234-5678-9012"),
        ("ACCOUNT", "4929.1234.5678.9012"),
        ("ACCOUNT", "4929123456789012"),
        ("PHONE", "1-415-555-2671"),
        ("PHONE", "14155552671"),
    ]


def test_declared_longest_value_wins_and_kinds_are_kept():
    declared = DeclaredSecrets([("hunter2", "PASSWORD"), ("hunter2-admin", "ACCOUNT")])
    text = "x hunter2-admin y HUNTER2 z"
    expected = [("ACCOUNT", "hunter2-admin"), ("PASSWORD", "HUNTER2")]
    assert [(s.kind, s.text(text)) for s in declared.detect(text)] == expected


def test_declared_non_ascii_text_uses_case_insensitive_path():
    declared = DeclaredSecrets(["Ärger-Straße-12"])
    text = "Adresse: ärger-STRASSE-12 / ÄRGER-STRAßE-12 / Ärger-Straße-12"
    assert declared_found(declared, text) == ["ÄRGER-STRAßE-12", "Ärger-Straße-12"]


def test_declared_secrets_file(tmp_path):
    path = tmp_path / "secrets.txt"
    path.write_text(
        "# my secrets\n\nhunter2-admin\nEMAIL: alice.private@example.com\nACCOUNT:   4929 1234 5678 9012  \n"
        "SECRET: NOTE: this whole line\nnot a KIND: prefix\n",
        encoding="utf-8",
    )
    declared = DeclaredSecrets.from_file(path)
    assert declared.entries == [
        ("hunter2-admin", "SECRET"),
        ("alice.private@example.com", "EMAIL"),
        ("4929 1234 5678 9012", "ACCOUNT"),
        ("NOTE: this whole line", "SECRET"),
        ("not a KIND: prefix", "SECRET"),
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [("EMAIL:\n", "secrets.txt:1:"), ("ok-value-1\nabc\n", "secrets.txt:2:"), ("# c\n\nPIN: 12\n", "secrets.txt:3:")],
)
def test_declared_secrets_file_errors_are_one_line(tmp_path, content, message):
    path = tmp_path / "secrets.txt"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError) as err:
        DeclaredSecrets.from_file(path)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_declared_rejects_bad_kinds():
    with pytest.raises(ValueError):
        DeclaredSecrets([("hunter2", "lower")])


# --- no network -----------------------------------------------------------------------------------------------------


NO_NETWORK_SCRIPT = """
import json, socket
attempts = []
def refuse(*args, **kwargs):
    attempts.append(repr(args)[:200])
    raise OSError("network access attempted")
socket.socket.connect = socket.socket.connect_ex = refuse
socket.getaddrinfo = socket.create_connection = refuse
from edgeagent.export.detect import DeclaredSecrets, default_detectors, detect
text = (
    "Mail alice@example.com, bob@sub.example.co.uk or x@corp.internal; see https://example.com/a?b=1 "
    "and www.example.org, host 10.1.2.3, call +44 20 7946 0958, token ghp_" + "a1B2" * 9 + " pw hunter2-admin"
)
spans = detect(text, default_detectors(DeclaredSecrets(["hunter2-admin"])))
print(json.dumps({"found": [[s.kind, s.text(text)] for s in spans], "attempts": attempts}))
"""


def test_detection_never_touches_the_network():
    # A fresh interpreter, so imports (presidio pulls in spaCy/transformers) and the email recognizer's first
    # public-suffix lookup all run with sockets refused. Attempts are recorded, not just refused: tldextract
    # swallows fetch errors and falls back to its bundled snapshot, so only the record shows whether it tried.
    out = subprocess.run([sys.executable, "-c", NO_NETWORK_SCRIPT], capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["attempts"] == []
    found_kinds = {kind for kind, _ in result["found"]}
    assert found_kinds == {"EMAIL", "URL", "IP", "PHONE", "SECRET"}
    assert ["EMAIL", "bob@sub.example.co.uk"] in result["found"] and ["EMAIL", "x@corp.internal"] in result["found"]


# --- placeholders ---------------------------------------------------------------------------------------------------


def test_placeholders_are_numbered_per_kind_in_order_of_first_appearance():
    reg = PlaceholderRegistry()
    assert reg.placeholder_for("a@x.com", "EMAIL") == "<EMAIL_1>"
    assert reg.placeholder_for("k1", "SECRET") == "<SECRET_1>"
    assert reg.placeholder_for("b@x.com", "EMAIL") == "<EMAIL_2>"
    assert reg.placeholder_for("a@x.com", "URL") == "<EMAIL_1>"  # same value, same placeholder, whatever the kind
    expected = [("<EMAIL_1>", "EMAIL", "a@x.com"), ("<SECRET_1>", "SECRET", "k1"), ("<EMAIL_2>", "EMAIL", "b@x.com")]
    assert reg.entries() == expected


def test_registry_rebuilt_from_entries_continues_numbering():
    reg = PlaceholderRegistry()
    reg.placeholder_for("a@x.com", "EMAIL")
    rebuilt = PlaceholderRegistry(reg.entries())
    assert rebuilt.placeholder_for("a@x.com", "EMAIL") == "<EMAIL_1>"
    assert rebuilt.placeholder_for("c@x.com", "EMAIL") == "<EMAIL_2>"


@pytest.mark.parametrize(
    "entries",
    [
        [("<EMAIL_1>", "URL", "a")],  # kind disagrees with the placeholder
        [("EMAIL_1", "EMAIL", "a")],  # not placeholder-shaped
        [("<A_1>", "A", "x"), ("<A_2>", "A", "x")],  # one value, two placeholders
        [("<A_1>", "A", "x"), ("<A_1>", "A", "y")],  # one placeholder, two values
    ],
)
def test_registry_rejects_inconsistent_entries(entries):
    with pytest.raises(ValueError):
        PlaceholderRegistry(entries)


def test_substitute_and_restore_with_preexisting_placeholder_text():
    reg = PlaceholderRegistry()
    text = "mail a@x.com, not <EMAIL_1> nor <LITERAL_1>; unknown <FOO_9> stays"
    start = text.index("a@x.com")
    out, used = reg.substitute(text, [Span(start, start + 7, "EMAIL", "presidio")])
    assert out == "mail <EMAIL_1>, not <LITERAL_1> nor <LITERAL_2>; unknown <LITERAL_3> stays"
    assert used == ["<EMAIL_1>", "<LITERAL_1>", "<LITERAL_2>", "<LITERAL_3>"]
    assert reg.restore(out) == text
    reply = "reply to <EMAIL_1> about <FOO_9> and <EMAIL_7>"
    assert reg.restore(reply) == "reply to a@x.com about <FOO_9> and <EMAIL_7>"


# --- sanitize -------------------------------------------------------------------------------------------------------

SAMPLE = "Ask alice@example.com about card 4111 1111 1111 1111; the key is hunter2-admin."


def test_sanitize_off_reports_spans_but_changes_nothing():
    reg = PlaceholderRegistry()
    result = sanitize(SAMPLE, "off", detectors(), reg)
    assert result == Sanitized(SAMPLE, [], result.spans, [])
    assert {s.kind for s in result.spans} == {"EMAIL", "CREDIT_CARD"} and len(reg) == 0


def test_sanitize_redact_and_strict():
    dets = [DeclaredSecrets(["hunter2-admin"]), *detectors()]
    reg = PlaceholderRegistry()
    redacted = sanitize(SAMPLE, "redact", dets, reg)
    assert redacted.text == "Ask <EMAIL_1> about card <CREDIT_CARD_1>; the key is <SECRET_1>."
    assert redacted.placeholders == ["<EMAIL_1>", "<CREDIT_CARD_1>", "<SECRET_1>"] and redacted.residual == []
    strict = sanitize(SAMPLE, "strict", dets, reg)
    assert strict.text == redacted.text and not strict.refused
    assert reg.restore(strict.text) == SAMPLE


def test_strict_ignores_what_only_substitution_makes_a_detector_see():
    # "card" is found only once "<EMAIL_1>" stands in the text: an artefact of substitution, not a leak (#13).
    class AppearsLater:
        name = "late"

        def detect(self, text: str) -> list[Span]:
            i = text.find("card")
            return [Span(i, i + 4, "X", self.name)] if "<EMAIL_1>" in text else []

    result = sanitize(SAMPLE, "strict", [*detectors(), AppearsLater()], PlaceholderRegistry())
    assert not result.refused and "<EMAIL_1>" in result.text


def test_strict_ignores_declared_values_that_only_occur_inside_our_placeholders():
    dets = [DeclaredSecrets(["ecret_1"])]  # lower-cased, "<SECRET_1>" contains it
    result = sanitize("token: ECRET_1 here", "strict", dets, PlaceholderRegistry())
    assert result.text == "token: <SECRET_1> here" and not result.refused


def test_unknown_mode_is_a_one_line_error():
    with pytest.raises(ValueError, match="unknown export mode 'loud'") as err:
        sanitize("x", "loud", detectors(), PlaceholderRegistry())
    assert "\n" not in str(err.value)
