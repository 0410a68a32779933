"""Phone numbers presidio's validity check misses, card numbers its pattern misses, and the false positives the
wider rules must not produce."""

from __future__ import annotations

import pytest

from edgeagent.export.detect import detect
from edgeagent.export.detect.cards import CardNumbers
from edgeagent.export.detect.phones import PhoneExtensions, PhoneNumbers
from edgeagent.export.detect.pii import PresidioPatterns

PHONES = (PresidioPatterns(), PhoneNumbers(), PhoneExtensions())


def found(text: str, detectors=PHONES) -> list[tuple[str, str]]:
    return [(s.text(text), s.kind) for s in detect(text, detectors)]


@pytest.mark.parametrize(("text", "number"), [
    ("phone +31(0)282 502283\n", "+31(0)282 502283"),  # the trunk "(0)" of numbers written for abroad and home
    ("Tel. +44(0)20 7946 0958", "+44(0)20 7946 0958"),
    ("Meu telefone é +55 27 6283-4625.", "+55 27 6283-4625"),  # possible for Brazil, not valid: still a phone
    ("En cas de souci, appelez le 0630709588.", "0630709588"),  # valid French mobile, unformatted
    ("Handynummer: 0151 23456789", "0151 23456789"),
    ("Tel. 3793917153", "3793917153"),  # no trunk 0, but right after "Tel."
    ("my number changed, it's 0314404250 now", "0314404250"),
])
def test_phone_numbers_found(text: str, number: str) -> None:
    assert (number, "PHONE") in found(text)


@pytest.mark.parametrize("text", [
    "from 2019-2022 we sold 1234567890 units",  # a year range and a bare count
    "Chrome/110.0.0.0 build 20240101 at 12:30",  # a version, a date stamp, a time
    "the price was 12345678.90 EUR",
    "order 0000123456 shipped",  # a zero-padded ID is not a valid number anywhere
    "logged on 2024-04-26 10:01:40 +0000",
    "ids 4555305047 and 3715450279 in the table",  # ten digits with no phone word before them
    "ISBN 978-3-16-148410-0",
    "call me back about invoice 2024/118 of 12.05.2024",
    "free support line 0800 123 4567",  # toll-free lines are public, also right after a phone word
    "call the helpline at 1-800-275-2273 or 0800 800 150",
])
def test_ordinary_numbers_are_not_phones(text: str) -> None:
    assert [kind for _, kind in found(text) if kind == "PHONE"] == []


def test_extension_goes_with_the_number() -> None:
    assert found("call 415-555-0132x3795 after 6") == [("415-555-0132x3795", "PHONE")]
    assert found("Phone: +1 415-555-0132 ext. 12, thanks") == [("+1 415-555-0132 ext. 12", "PHONE")]
    # no number before it: "x86" and "ext 4" stay text
    assert found("built for x86 with ext 4 support") == []


# --- Payment cards -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("number", [
    "2223 0031 2200 3222",  # Mastercard 2-series
    "2276630398861952",
    "4960094951932516570",  # 19-digit Visa
    "3782-822463-10005",  # Amex, 4-6-5
    "6011 0009 9013 9424",  # Discover
])
def test_cards_by_issuer_range_and_luhn(number: str) -> None:
    text = f"I paid with {number}, please refund it."
    assert [(s.text(text), s.kind) for s in CardNumbers().detect(text)] == [(number, "CREDIT_CARD")]


@pytest.mark.parametrize("text", [
    "order 4111111111111112 shipped",  # Luhn fails
    "1234 5678 9012 3456",  # not an issuer range
    "event at 1700000000000 ms",  # a millisecond timestamp: 1-led
    "4111 1111-1111 1111",  # mixed separators: not how a card is written
    "total 4,111,111,111,111,111 bytes",
    "between 2019-2022 and 2023-2024",
    "v4.111.111.111.111",
])
def test_numbers_that_are_not_cards(text: str) -> None:
    assert CardNumbers().detect(text) == []
