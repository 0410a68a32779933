"""What leaves keeps the user's own characters around what is replaced; the detectors still read it normalised."""

import pytest

from bench.clouds import _same_call
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.exporter import Exporter, trajectory
from edgeagent.export.normalize import normalize, origins
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import sanitize

SAMPLES = [
    "杨经理、王工：\n\n客户（订单 A-1401，VIP）请联系 wang.lei@example.com，今天 10:52 前回复。",
    "area 25 m², 10² tiles, step ① then ②, the ﬁle is ready…",
    "Café José Müller called from 555\u20110199 about Zoë's visa",
    "card ４１１１ １１１１ １１１１ １１１１ on file",
    "mail a\u200bb@example.com today, soft\u00adhyphen kept out",
    "e\u0301 at the start of a line, and \u0301 alone",
    "＜EMAIL_1＞ typed by the user with wide brackets",
]


@pytest.fixture(scope="module")
def detectors():
    return default_detectors(None)


@pytest.mark.parametrize("text", SAMPLES)
@pytest.mark.parametrize("mode", ["off", "redact", "strict"])
def test_what_is_sent_reads_as_what_the_detectors_checked(detectors, text, mode):
    # The sent text, normalised, is exactly what sanitising the normalised text gives: nothing unchecked leaves.
    sent = sanitize(text, mode, detectors, PlaceholderRegistry())
    checked = sanitize(normalize(text), mode, detectors, PlaceholderRegistry())
    assert normalize(sent.text) == checked.text
    assert sent.refused == checked.refused


def test_typography_with_nothing_private_is_sent_as_written(detectors):
    text = SAMPLES[1]
    assert normalize(text) != text  # NFKC would send "m2", "102", "1", "file", "..."
    assert sanitize(text, "redact", detectors, PlaceholderRegistry()).text == text


def test_punctuation_around_a_replaced_value_stays(detectors):
    registry = PlaceholderRegistry()
    sent = sanitize(SAMPLES[0], "redact", detectors, registry).text
    assert "wang.lei@example.com" not in sent and "<EMAIL_1>" in sent
    assert "：" in sent and "（" in sent and "，" in sent  # not ":" "(" ","
    assert registry.restore(sent) == SAMPLES[0]


@pytest.mark.parametrize("text, value", [(SAMPLES[3], "４１１１"), (SAMPLES[4], "a\u200bb@example.com")])
def test_a_value_hidden_by_its_characters_goes_whole(detectors, text, value):
    # Fullwidth digits and a zero-width space are found in the normalised text; the original run goes with them.
    sent = sanitize(text, "redact", detectors, PlaceholderRegistry()).text
    assert value not in sent and "\u200b" not in sent and "1111" not in normalize(sent)


def test_a_declared_secret_in_wide_letters_is_replaced(detectors):
    secret = DeclaredSecrets(["Bluebird"])
    text = "codename：Ｂｌｕｅｂｉｒｄ，送到 ﬁnance"
    sent = sanitize(text, "redact", [secret, *detectors], PlaceholderRegistry()).text
    assert "bluebird" not in normalize(sent).lower() and "：" in sent and "ﬁnance" in sent


def test_origins_map_each_normalised_character_to_its_run():
    text = "x² ４\u200b2 e\u0301 5\u20130"
    starts, ends = origins(text)
    norm = normalize(text)
    assert len(starts) == len(ends) == len(norm)
    assert [text[a:b] for a, b in zip(starts, ends)][:2] == ["x", "²"]
    assert text[starts[norm.index("4")]:ends[norm.index("4")]] == "４\u200b"  # the format character goes with it
    assert text[starts[norm.index("5") + 1]:ends[norm.index("5") + 1]] == "\u2013"  # the dash between digits


def test_a_cloud_can_repeat_the_users_text_exactly(home):
    # A cloud that copies a subject into its call matches the user's own text again (the oracle compares so):
    # with NFKC applied to what left, "Re: 紧急：" came back as "Re: 紧急:" and no longer matched.
    args = {"to": "zhou.min@example.com", "subject": "Re: 紧急：系统不可用（第二次）", "body": "周经理您好，\n\n已处理。"}
    steps = [{"idx": 0, "tool": "draft_mail", "args": args, "observation": "saved", "ok": True}]
    ex = Exporter(None, "", None, mode="redact", detectors=default_detectors(None))
    payload, _, _ = ex._sanitize_payload("system", trajectory("reply to Zhou", steps), None)
    sent_args = next(m for m in payload["messages"] if m["role"] == "assistant")["content"][0]["input"]
    assert sent_args["subject"] == args["subject"] and sent_args["to"] != args["to"]
    assert _same_call(("draft_mail", sent_args), "draft_mail", args)
