"""Device names, which carry their owners' names: the systems' defaults, name-and-device-word names, and names after a
word that announces a device; product names, settings and code are left alone."""

from __future__ import annotations

import pytest

from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.devices import DeviceNames


@pytest.mark.parametrize(("text", "name"), [
    ("Remote Desktop to DESKTOP-Q4M81ZT says the credentials are wrong", "DESKTOP-Q4M81ZT"),  # Windows' default
    ("the share shows up as LAPTOP-3KD9F0AB on the network", "LAPTOP-3KD9F0AB"),
    ("AirDrop only sees Priyas-MacBook-Air, not my phone", "Priyas-MacBook-Air"),  # macOS's default
    ("backups from okafor-pc stopped last week", "okafor-pc"),  # a name joined to a device word
    ("pair the watch with the galaxy-de-lucia phone", "galaxy-de-lucia"),
    ("the asset register lists laptop FN-NB-2231 as lost", "FN-NB-2231"),  # a code after the word
    ("Device: Fairphone 4 ('ivo-fp4'), app version 3.1", "ivo-fp4"),  # a quoted name a few words on
])
def test_device_names(text: str, name: str) -> None:
    assert {(s.text(text), s.kind) for s in DeviceNames().detect(text)} == {(name, "HOST")}


@pytest.mark.parametrize("text", [
    "install android-sdk and open android-studio",  # technical parts
    "the phone-number field and the pixel-ratio setting",  # ordinary English parts
    "a galaxy-s23 case and an iphone-15 charger",  # model codes
    "the laptop is slow and the phone is fine",
    "device = torch.device('cpu')",  # code
    "a laptop-friendly layout, mobile-first",
])
def test_not_device_names(text: str) -> None:
    assert DeviceNames().detect(text) == []


def test_device_names_are_in_the_default_set() -> None:
    assert "device-names" in {d.name for d in default_detectors(models=False)}
