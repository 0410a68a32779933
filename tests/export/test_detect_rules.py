"""The cheap rules: IDs near the words that announce them, private host names, user names in home folders, known
names found again, and the false positives they and the pattern recognizers must not produce."""

from __future__ import annotations

import functools

import pytest

from edgeagent.export.detect.builtin import default_detectors
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.hosts import is_doc_host, is_public_host
from edgeagent.export.detect.personal import Addresses, BirthDates, Handles
from edgeagent.export.detect.rules import ContextIds, KnownNames, PathUsernames, PrivateHosts
from edgeagent.export.detect.spans import Detector, Span, detect
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import sanitize


@functools.cache
def detectors() -> tuple[Detector, ...]:
    return tuple(default_detectors(models=False))  # the rules under test, without the NER model's own findings


def found(detector, text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.text(text)) for s in detector.detect(text)]


def all_found(text: str, extra: tuple = ()) -> list[tuple[str, str]]:
    return [(s.kind, s.text(text)) for s in detect(text, [*detectors(), *extra])]


class FakeNer:
    """Stands in for the NER model: tags the capitalised names it is given, as spaCy would, and nothing else."""

    name = "fake-ner"

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def detect(self, text: str) -> list[Span]:
        spans = []
        for value, kind in self.names.items():
            start = text.find(value)
            while start >= 0:
                spans.append(Span(start, start + len(value), kind, self.name))
                start = text.find(value, start + 1)
        return spans


@pytest.mark.parametrize("text, value", [
    ("Your order #A1B2C3D4 has shipped", "A1B2C3D4"),
    ("account number: 12345678", "12345678"),
    ('{"customer_id": "CUST-88213"}', "CUST-88213"),
    ("userId=u839201", "u839201"),
    ("Ticket no. INC0012345 was closed", "INC0012345"),
    ("invoice INV-2024-0042 is overdue", "INV-2024-0042"),
    ("transaction ID is TX99812AB", "TX99812AB"),
    ("payment id 150000", "150000"),
])
def test_ids_after_announcing_words_are_found(text, value):
    assert found(ContextIds(), text) == [("ID", value)]
    assert value not in sanitize(text, "redact", detectors(), PlaceholderRegistry()).text


@pytest.mark.parametrize("text", [
    "on the order of 100000 units",  # "of" is not between a word and its ID
    "order 42 arrived",  # too short
    "uid 1000 and gid 1000",
    "the user config lives in config.toml",  # no digit
    "account created 2024-05-01",  # a date
    "transaction history for 2019-2022",
    "payment 150000 received",  # an amount
    "the customer asked for a refund",
    "pid 123456 exited",  # "id" inside another word
])
def test_ordinary_numbers_and_words_near_id_words_stay(text):
    assert found(ContextIds(), text) == []


@pytest.mark.parametrize("text, host", [
    ("ssh to jira.acme-corp.com and check", "jira.acme-corp.com"),
    ("DB_HOST=db01.prod.internal", "db01.prod.internal"),
    ("our wiki is acme.atlassian.net", "acme.atlassian.net"),  # a tenant of a public service names its owner
    ("mail relay: smtp.globex.co.uk.", "smtp.globex.co.uk"),
    ("see Initech.com for details", "Initech.com"),
    ("api.hooli.dev answers", "api.hooli.dev"),
    # two labels under a private network's suffix: a machine on a home or office network, not a word TLD
    ("hostname = kitchen-pi.local", "kitchen-pi.local"),
    ("the build box is ci7.lan", "ci7.lan"),
    ("ssh vault.internal first", "vault.internal"),
])
def test_private_hosts_are_found(text, host):
    assert found(PrivateHosts(), text) == [("HOST", host)]


@pytest.mark.parametrize("text", [
    "edit detect.py and config.toml, then README.md and setup.cfg.in",
    "self.name = os.path.join(user.email, data.id)",
    "built with Node.js and ASP.NET, e.g. this, i.e. that",
    "see github.com, docs.python.org, en.wikipedia.org and requests.readthedocs.io",
    "test data at example.com and foo.example",
    "the module edgeagent.export.detect and results.info",
    "alice.smith@acme-corp.com wrote",  # an e-mail is presidio's, not a bare host
    "https://intranet.acme-corp.com/page",  # a URL is presidio's
    "version 1.2.3 and 3.14 and v2.0",
])
def test_files_code_public_services_and_versions_are_not_hosts(text):
    assert found(PrivateHosts(), text) == []


def test_public_and_documentation_hosts():
    assert is_public_host("docs.python.org") and is_public_host("github.com") and is_public_host("api.github.com")
    assert not is_public_host("acme.slack.com") and not is_public_host("acme-corp.com")
    assert is_doc_host("docs.python.org") and is_doc_host("developer.mozilla.org") and not is_doc_host("github.com")


@pytest.mark.parametrize("text, name", [
    ('File "/home/marta/src/app.py", line 3', "marta"),
    ("cd /Users/kwame.o/Desktop", "kwame.o"),
    (r"C:\Users\Priya\AppData\Local", "Priya"),
    (r'{"path": "C:\\Users\\Priya\\notes.txt"}', "Priya"),
    ("/var/home/li_wei/.config", "li_wei"),
    ("file:///home/olu/report.pdf", "olu"),
])
def test_user_names_in_home_folders_are_found(text, name):
    assert found(PathUsernames(), text) == [("USERNAME", name)]


@pytest.mark.parametrize("text", [
    "src/home/views.py and app/Users/model.rb",  # folders named home/Users inside a project
    "/home/ec2-user/app and /home/jenkins/.ssh and C:\\Users\\Public\\Desktop",  # no one's name
    "/home/<USERNAME_1>/notes.txt",  # already a placeholder
])
def test_project_folders_and_generic_accounts_are_not_user_names(text):
    assert found(PathUsernames(), text) == []


def test_known_names_are_found_again_in_any_case():
    text = "Priya Raman approved it. Later PRIYA pinged raman, and priya raman closed the ticket."
    spans = all_found(text, (FakeNer({"Priya Raman": "PERSON"}),))
    assert [v for k, v in spans if k == "PERSON"] == ["Priya Raman", "PRIYA", "raman", "priya raman"]


def test_declared_person_names_count_as_known():
    text = "Bo Tanaka sent it; TANAKA signed."
    spans = detect(text, [*detectors(), DeclaredSecrets([("Bo Tanaka", "PERSON")])])
    assert [s.text(text) for s in spans] == ["Bo Tanaka", "TANAKA"]


def test_names_coordinated_with_a_known_name_are_found():
    text = "Notes from Priya Raman and jonas weber, then KOFI MENSAH and Priya Raman agreed."
    spans = all_found(text, (FakeNer({"Priya Raman": "PERSON"}),))
    assert ("PERSON", "jonas weber") in spans and ("PERSON", "KOFI MENSAH") in spans


@pytest.mark.parametrize("text", [
    "Priya Raman and the team reviewed it.",
    "Priya Raman and reviewed the plan.",  # a lone lower-case word after "and" is not a name
    "Priya Raman and then left.",
])
def test_words_next_to_a_known_name_are_not_names(text):
    spans = all_found(text, (FakeNer({"Priya Raman": "PERSON"}),))
    assert spans == [("PERSON", "Priya Raman")]


def test_common_words_in_known_names_are_not_found_everywhere():
    text = "Will Grace said we will keep the grace period."
    spans = all_found(text, (FakeNer({"Will Grace": "PERSON"}),))
    assert spans == [("PERSON", "Will Grace")]


@pytest.mark.parametrize("text, name", [
    ("ask dr patel about it", "patel"),
    ("Ms. Johnson said yes", "Johnson"),
    ("cc Dr Jane Okafor", "Jane Okafor"),
    ("MR OKONKWO called", "OKONKWO"),
])
def test_names_after_honorifics_are_found(text, name):
    assert found(KnownNames(), text) == [("PERSON", name)]


@pytest.mark.parametrize("text", ["the dr said", "I miss the old days", "prof the value"])
def test_honorifics_before_common_words_are_not_names(text):
    assert found(KnownNames(), text) == []


@pytest.mark.parametrize("text", [
    "worked there 2019-2022 as lead",  # a year range, not a phone
    "from 1998/2004 on",
    "Mozilla/5.0 (X11) Chrome/110.0.0.0 Safari/537.36",  # a version, not an IP
    "upgrade to v10.2.0.1 or version 4.3.2.1",
    "call Apple support at 1-800-275-2273",  # a public toll-free number
    "see https://docs.python.org/3/library/re.html and https://developer.mozilla.org/en-US/docs/Web",
])
def test_pattern_false_positives_are_gone(text):
    assert all_found(text) == []


@pytest.mark.parametrize("text, kind", [
    ("call me at (415) 555-0132", "PHONE"),
    ("the server is 10.0.0.12 now", "IP"),
    ("https://docs.python.org/3/search.html?q=priya", "URL"),  # a query can carry anything
    ("https://wiki.acme-corp.com/page", "URL"),
])
def test_real_phones_ips_and_private_urls_are_still_found(text, kind):
    assert [k for k, _ in all_found(text)] == [kind]


# --- handles, addresses, birth dates, values found again ---------------------------------------------------------


@pytest.mark.parametrize("text, handles", [
    ("cc @sharon_duke and @ruyo, please review", ["sharon_duke", "ruyo"]),
    ("michael_will: anyone seen the deploy fail?\ndesousap: yes, rolled back at 14:02", ["michael_will", "desousap"]),
    ("margaud.boulay — today at 9:12\nhey, is this a scam?", ["margaud.boulay"]),
    ("sshd[2211]: Failed password for amedeo.saragat from <IP_1> port 52114", ["amedeo.saragat"]),
    ("Mein Benutzer ist silva.heintze.", ["silva.heintze"]),
    ("scp build.tar.gz agordon@backup-03.example.net:/srv/", ["agordon"]),
    ('DATABASE_URL = "postgresql://azahara34:hunter2@db.internal:5432/orders"', ["azahara34"]),
    ("Reporter: Gérard Aubry (gerard59)", ["gerard59"]),
])
def test_user_handles_are_found(text, handles):
    assert [v for _, v in found(Handles(), text)] == handles


def test_a_handle_is_found_everywhere_once_known():
    text = "@ann29 can you look?\n> ann29: LGTM. Thanks ann29."
    assert [v for _, v in found(Handles(), text)] == ["ann29", "ann29", "ann29"]


@pytest.mark.parametrize("text", [
    "@property\ndef name(self) -> str:",  # a decorator
    "    @pytest.mark.slow\n    def test_x():",
    "npm i @types/node and mail me at jo@example.com",
    "note: remember to rotate the logs tonight",  # a heading, not a speaker
    "User guide: see the user interface chapter",  # no handle-shaped word after "user"
    "the test ran as expected",
])
def test_decorators_headings_and_prose_are_not_handles(text):
    assert found(Handles(), text) == []


@pytest.mark.parametrize("text, address", [
    ("Shipping address: 15 Kerry Burgs, Barnetthaven", "15 Kerry Burgs"),
    ("Damage at 834 Alexandra Stream Apt. 951, East Charlesview", "834 Alexandra Stream Apt. 951"),
    ("Kind regards\nFlat 8, Ann Fork\nTel. 0141 496 0000", "Flat 8, Ann Fork"),
    ("confirmé au 52, rue Thibaut Petit, Laroche", "52, rue Thibaut Petit"),
    ("product day at Zoeyweg 5, Asch.", "Zoeyweg 5"),
    ("her address is Atzlerplatz 5-4 in case", "Atzlerplatz 5-4"),
    ("Costanzo Donà: Via Renzo, 82 Piano 9", "Via Renzo, 82 Piano 9"),
    ('"address": "Praça Gonçalves, 32"', "Praça Gonçalves, 32"),
])
def test_street_addresses_are_found(text, address):
    assert [v for _, v in found(Addresses(), text)] == [address]


@pytest.mark.parametrize("text", [
    "step 4 Click Run to start the job",
    "we shipped 3 Pro Max units in Spring 2024",
    "sent via Slack 3 times, then Plaza Hotel",
    "Python 3 Way of doing things, and Keyring 2024",
])
def test_numbers_next_to_capitalised_words_are_not_addresses(text):
    assert found(Addresses(), text) == []


@pytest.mark.parametrize("text, date", [
    ("Policy holder: Yinthe van Klaarwater, born 1950-05-21, policy", "1950-05-21"),
    ("DATE OF BIRTH: 15/06/2002   NATIONAL ID: 1", "15/06/2002"),
    ("geboren am 14.09.1977 in Aurich", "14.09.1977"),
    ("DOB: March 3, 1985", "March 3, 1985"),
])
def test_birth_dates_are_found(text, date):
    assert [v for _, v in found(BirthDates(), text)] == [date]


def test_other_dates_are_not_birth_dates():
    assert found(BirthDates(), "released 2024-05-01; the build was born of necessity") == []


def test_a_value_found_once_is_replaced_everywhere():
    # /home/mfarias makes "mfarias" a user name; the sshd line names it again without any context a rule knows.
    text = 'File "/home/mfarias/app.py"\nFailed password for mfarias from 10.0.0.5'
    out = sanitize(text, "strict", detectors(), PlaceholderRegistry())
    assert "mfarias" not in out.text and not out.refused


@pytest.mark.parametrize("text, value", [
    ("We have CUST-944662 on file", "CUST-944662"),
    ("Laptop LT-82889 can't reach mail", "LT-82889"),
    ("GET /account/ACX9OHK0Y2/statements", "ACX9OHK0Y2"),
    ("Comprei (pedido 876897148) e o produto", "876897148"),
])
def test_more_ids_are_found(text, value):
    assert [v for _, v in found(ContextIds(), text)] == [value]


def test_public_references_are_not_ids():
    assert found(ContextIds(), "see CVE-2024-12345, ISO-27001 and RFC-91101") == []


def test_cloud_host_names_spell_an_ip():
    assert found(PrivateHosts(), "node ip-10-246-162-249 is down") == [("IP", "10-246-162-249")]


@pytest.mark.parametrize("text, plate", [
    ("can you return the van (reg KM21 TRX) by six", "KM21 TRX"),
    ("reg. no. WX71 ABC, MOT due in June", "WX71 ABC"),
    ("mein Kennzeichen ist HH-AB 1234 seit März", "HH-AB 1234"),
    ("el coche con matrícula 2231 HKP está en el taller", "2231 HKP"),
    ("kenteken 45-XKR-7 staat op mijn naam", "45-XKR-7"),
    ("the number plate is GJ19 OPL", "GJ19 OPL"),
])
def test_vehicle_registrations_after_their_word_are_ids(text, plate):
    assert found(ContextIds(), text) == [("ID", plate)]


@pytest.mark.parametrize("text", [
    "registration is open until May 3",
    "Reg. 2024 and the EVENT in 2025",  # digits alone are a year
    "plates of food for 12 people",
    "edit the registry key HKLM, then reboot",
])
def test_registration_words_without_a_plate(text):
    assert found(ContextIds(), text) == []


@pytest.mark.parametrize("text, plate", [
    ("my car is a blue Golf, LB07 SEO, parked outside", "LB07 SEO"),
    ("the van KT68ZMV needs an MOT", "KT68ZMV"),
])
def test_uk_registrations_are_ids_with_no_word_before(text, plate):
    assert found(ContextIds(), text) == [("ID", plate)]


@pytest.mark.parametrize("text", [
    "the part is QX12 ABC",  # no Q in a memory tag
    "model AB30 XYZ",  # 30 is no age identifier
    "room BC12 on floor 2, and CA15 at noon",  # no three letters after
])
def test_shapes_near_a_uk_registration_are_left(text):
    assert found(ContextIds(), text) == []


@pytest.mark.parametrize("text, app", [
    ('defaultConfig { applicationId "com.lunafern.budgetbee" }', "com.lunafern.budgetbee"),
    ('<manifest package="io.quillstack.notes">', "io.quillstack.notes"),
    ("bundle id: com.pebblecart.ios, team 4F2", "com.pebblecart.ios"),
    ("https://play.google.com/store/apps/details?id=de.kaffeezeit.app", "de.kaffeezeit.app"),
])
def test_an_apps_own_identifier_is_an_id(text, app):
    assert found(ContextIds(), text) == [("ID", app)]


@pytest.mark.parametrize("text", [
    "import com.google.android.material.button.MaterialButton",
    'namespace "com.example.myapp"',
    "package androidx.compose.ui",
    "the package name is too long",
])
def test_public_and_example_app_identifiers_are_left(text):
    assert found(ContextIds(), text) == []


def test_national_numbers_whose_check_digits_hold_are_ids_anywhere():
    text = "meu CPF: 529.982.247-25; número PESEL 44051401359; outro 529.982.247-26 e 44051401358"
    assert found(ContextIds(), text) == [("ID", "529.982.247-25"), ("ID", "44051401359")]
    assert found(ContextIds(), "111.111.111-11 and 99133112345") == []  # a repeated digit; month 13
