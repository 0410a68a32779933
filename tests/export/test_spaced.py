"""Values written against CJK characters with no space between are found, and only the value is replaced."""

import pytest

from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.rules import ContextIds
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import sanitize


@pytest.fixture(scope="module")
def detectors():
    return default_detectors(None)


@pytest.mark.parametrize("text, value, kind", [
    ("卡号4111111111111111请核对", "4111111111111111", "CREDIT_CARD"),
    ("我的手机号是13911401203，请回电。", "13911401203", "PHONE"),
    ("IP地址10.0.3.17无法访问", "10.0.3.17", "IP"),
    ("電話番号は09012345678です", "09012345678", "PHONE"),
    ("전화번호는010-1234-5678입니다", "010-1234-5678", "PHONE"),
    ("邮箱wang.lei@example.com谢谢", "wang.lei@example.com", "EMAIL"),
    ("身份证号377853199706267071已提交", "377853199706267071", "ID"),
    ("โทร0812345678ได้เลย", "0812345678", "PHONE"),
])
def test_a_value_against_cjk_text_is_replaced_and_the_text_kept(detectors, text, value, kind):
    registry = PlaceholderRegistry()
    sent = sanitize(text, "redact", detectors, registry).text
    assert value not in sent and f"<{kind}_1>" in sent
    assert sent.replace(f"<{kind}_1>", value) == text  # the characters around it are untouched


@pytest.mark.parametrize("text", ["升级到Python3以后，第3季度的v2版本还能用吗？", "用了2小时，花了300元，第12页"])
def test_ordinary_mixed_text_is_left_alone(detectors, text):
    assert sanitize(text, "redact", detectors, PlaceholderRegistry()).text == text


@pytest.mark.parametrize("number, found", [
    ("377853199706267071", True), ("140414200308259658", True), ("371150199101061158", True),
    ("377853199706267072", False),  # the check character does not hold
    ("377853199713267071", False),  # no 13th month
])
def test_china_resident_id_by_its_check_character(number, found):
    text = f"saw {number} on file"
    assert any(text[s.start:s.end] == number for s in ContextIds().detect(text)) == found
