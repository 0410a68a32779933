"""Places the entity model misses, signatures, names after a verb that addresses someone, and short access codes:
found where the text uses them so, left alone where the same words are ordinary ones. Texts written for this test."""

from __future__ import annotations

import pytest

from edgeagent.export.detect.assignments import AccessCodes
from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.people import AddressedNames, Greetings
from edgeagent.export.detect.places import Places
from edgeagent.export.detect.rules import ContextIds


def found(detector, text: str) -> list[str]:
    return sorted(s.text(text) for s in detector.detect(text))


@pytest.mark.parametrize(("text", "places"), [
    ("my cousin drives down from Sheffield on friday", ["Sheffield"]),  # after a word that introduces a place
    ("vamos estar em Curitiba a semana toda", ["Curitiba"]),  # in Portuguese
    ("the printer in the Reading office is jammed again", ["Reading"]),  # an ordinary word, after "in the"
    ("Parcel went to the depot, Wolverhampton sorted it late", ["Wolverhampton"]),  # rare: capitalised mid-sentence
    ("Milton Keynes and Aberdeen both need the new rota", ["Aberdeen", "Milton Keynes"]),  # two words, one name
])
def test_places_in_running_text(text: str, places: list[str]) -> None:
    assert found(Places(), text) == places
    assert {s.kind for s in Places().detect(text)} == {"LOCATION"}


@pytest.mark.parametrize("text", [
    "We meet in March to set the Date field.",  # a month, and an ordinary word that is also a town
    "## How To Buy A Date Range Filter",  # a title: capitals say nothing
    "Please buy the Mobile plan before Time runs out.",
    "Reading the report now, then the summary.",  # opening a sentence, an ordinary word
    "Set the Split option on the Orange widget.",
    "Wir treffen uns zum Essen im Hof, danach in der Halle.",  # German nouns that are towns too
])
def test_words_that_are_also_towns_are_left_alone(text: str) -> None:
    assert found(Places(), text) == []


@pytest.mark.parametrize(("text", "names"), [
    ("Team,\nthe router at the shop is down again.\n- Farida", ["Farida"]),  # after a dash, last line
    ("Hallo Jonas,\nanbei die Liste.\nGruß, Yusuf", ["Jonas", "Yusuf"]),  # after the sign-off, same line
    ("Hi Kemi,\ncan you take the van on sat?\nOlu", ["Kemi", "Olu"]),  # alone, under a greeting, no ordinary word
])
def test_signatures_on_the_last_line(text: str, names: list[str]) -> None:
    assert found(Greetings(), text) == names


@pytest.mark.parametrize("text", [
    "Shopping:\n- Eggs\n- Bread",  # the end of a list
    "Hi Kemi,\nsee you at six\nThanks",  # a closing word alone
    "Release notes\nAll tests pass\nApproved",  # no greeting: a last word is not a name
])
def test_last_lines_that_are_no_signature(text: str) -> None:
    assert "Bread" not in found(Greetings(), text) and "Thanks" not in found(Greetings(), text)
    assert "Approved" not in found(Greetings(), text)


@pytest.mark.parametrize(("text", "names"), [
    ("can someone swap shifts with me on sunday? ask Chidinma first", ["Chidinma"]),
    ("tu peux dire à Baptiste que la réunion est annulée ?", ["Baptiste"]),  # French, two words before the name
    ("Kun je een bedankje schrijven aan Femke voor het feest?", ["Femke"]),  # Dutch
])
def test_names_after_a_verb_that_addresses_someone(text: str, names: list[str]) -> None:
    assert found(AddressedNames(), text) == names


@pytest.mark.parametrize("text", [
    "Please ask Support to reset it and tell Finance by noon.",  # teams
    "Let me know when the build is green, or let Docker restart it.",  # "let" names tools as often as people
    "ask Google for the error message",  # a word far too common to be taken for a name
    "Die Ware kam mit Verspätung an Bord, bitte Rechnung prüfen.",  # German nouns are capitalised after any word
])
def test_teams_and_common_words_after_such_verbs_are_no_names(text: str) -> None:
    assert found(AddressedNames(), text) == []


@pytest.mark.parametrize(("text", "secrets"), [
    ("the gate code is 7731A, leave the parcel inside", ["7731A"]),
    ("odbierz paczkę, kod odbioru 418 220", ["418 220"]),  # Polish, digits in groups
    ("digicode 52B19 puis 2e étage", ["52B19"]),
    ("router at 192.168.1.1, login admin/Summer2019!", ["Summer2019!"]),  # a password joined to the admin login
])
def test_access_codes_and_joined_admin_passwords(text: str, secrets: list[str]) -> None:
    assert found(AccessCodes(), text) == secrets


@pytest.mark.parametrize("text", [
    "pin 3 of the header carries the clock",  # no code: one digit
    "the API returned code 200 after the retry",  # "code" alone names no access code
    "grant user:admin to the group",  # an action, not a password
])
def test_codes_that_open_nothing_are_left_alone(text: str) -> None:
    assert [s for s in AccessCodes().detect(text) if s.kind == "SECRET"] == []


def test_a_wifi_network_name_after_ssid_is_an_id() -> None:
    assert [(s.kind, s.text("SSID Okafor_Family5G, password on the fridge"))
            for s in AccessCodes().detect("SSID Okafor_Family5G, password on the fridge")] == [("ID", "Okafor_Family5G")]
    assert AccessCodes().detect("the SSID is hidden, so add the network by hand") == []


@pytest.mark.parametrize(("text", "value"), [
    ("CPF 123.456.789-00.", "123.456.789-00"),  # after its word, a CPF whose check digits fail still is one
    ("Factuurnummer 2023-4471 staat open", "2023-4471"),  # a compound of the ID word and "nummer"
    ("dad's MRN 0071-993-2, ward 4", "0071-993-2"),  # a medical record number
    ("NI number JT 12 34 56 B, tax code on the letter", "JT 12 34 56 B"),  # a UK National Insurance number's shape
])
def test_ids_after_their_word(text: str, value: str) -> None:
    assert [s.text(text) for s in ContextIds().detect(text)] == [value]


def test_the_default_set_runs_the_new_detectors() -> None:
    names = {d.name for d in default_detectors(models=False)}
    assert {"places", "addressed-names", "access-codes"} <= names


@pytest.mark.parametrize(("text", "parts"), [
    ("Paket bitte an Gartenweg 3, 50667 Köln schicken", ["50667 Köln", "Gartenweg 3"]),  # a town of the list
    ("envoyez-le au 8 rue des Lilas, 31000 Toulouse", ["31000 Toulouse", "8 rue des Lilas"]),
    ("Mijn adres: Dorpsstraat 40, 3512 JK Utrecht", ["3512 JK Utrecht", "Dorpsstraat 40"]),
    ("ul. Polna 12/4, 00-635 Warszawa", ["00-635 Warszawa", "ul. Polna 12/4"]),  # an abbreviated street
    ("Rua das Flores 77, apto 3, Recife - PE, 50030-230", ["50030-230", "Rua das Flores 77, apto 3"]),  # a bare code after a street
    ("return it to 22 Mill Lane, Bristol BS1 4DJ", ["22 Mill Lane", "BS1 4DJ"]),  # UK: the shape alone
    ("billing: 500 Pine St, Portland, OR 97205", ["500 Pine St", "OR 97205"]),  # US: after the state
])
def test_postcodes_with_their_town_or_after_a_street(text: str, parts: list[str]) -> None:
    from edgeagent.export.detect.personal import Addresses

    got = found(Addresses(), text)
    assert all(any(p in g for g in got) for p in parts) and all(any(g in p for p in parts) for g in got)


@pytest.mark.parametrize("text", [
    "In 2024 Revenue grew 12% over Q3 2025 London targets",  # years
    "We sold 1500 Tickets and 12000 Units",  # counts before a capitalised word that is no town
    "see RFC 2616 Section 5 and order 55312 from Zalando",
    "14 Elm Road has 2 bedrooms for 1200 GBP",  # a price after a street
])
def test_numbers_that_are_no_postcode(text: str) -> None:
    from edgeagent.export.detect.personal import Addresses

    assert [p for p in found(Addresses(), text) if "Elm Road" not in p] == []


def test_a_list_of_names_is_followed_from_one_known_name() -> None:
    from edgeagent.export.detect.rules import KnownNames
    from edgeagent.export.detect.spans import Span

    text = "Thabo, Lerato and Sipho are on the rota; para mi suegra Lupe, quiero decirle hola"
    known = [Span(text.index("Sipho"), text.index("Sipho") + 5, "PERSON", "ner"),
             Span(text.index("Lupe"), text.index("Lupe") + 4, "PERSON", "ner")]
    got = {s.text(text) for s in KnownNames().expand(text, known)}
    assert {"Thabo", "Lerato"} <= got  # two steps along the list
    assert not any("suegra" in g for g in got)  # past the first step only Capitalised words are names


@pytest.mark.parametrize(("text", "names"), [
    ("The router at the depot is offline again. Olumide is on site Thursday.", ["Olumide"]),
    ("Thandeka told me the keys are with reception, and Okafor agreed to cover.", ["Okafor", "Thandeka"]),
    ("Rashida is off sick, so Brannagh can't make it either.", ["Brannagh", "Rashida"]),
])
def test_names_before_what_is_said_only_of_people(text: str, names: list[str]) -> None:
    assert found(AddressedNames(), text) == names


@pytest.mark.parametrize("text", [
    "Copilot suggested a fix and Docker wants more memory.",  # software suggests and wants as people do
    "Support told me to wait; Legal agreed.",  # teams
    "The customer told us twice. Nobody replied.",  # common words
    "Mark told me",  # a word too common to be taken for a name on this evidence
])
def test_software_teams_and_words_before_such_verbs_are_no_names(text: str) -> None:
    assert found(AddressedNames(), text) == []
