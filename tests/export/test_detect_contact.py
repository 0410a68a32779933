"""Phone numbers presidio's validity check misses, card numbers its pattern misses, secrets in .env and YAML lines,
the names in mail headers, plain login names, and the false positives the wider rules must not produce."""

from __future__ import annotations

import pytest

from edgeagent.export.detect.assignments import SecretAssignments
from edgeagent.export.detect.cards import CardNumbers
from edgeagent.export.detect.logins import LoginNames
from edgeagent.export.detect.mail_names import MailNames
from edgeagent.export.detect.phones import PhoneExtensions, PhoneNumbers
from edgeagent.export.detect.pii import PresidioPatterns
from edgeagent.export.detect.spans import detect

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
    ("Tel 0049 30 12345678", "0049 30 12345678"),  # "00" for "+", as Europeans dial abroad
    ("name,city,phone\nAnne Roy,Lyon,0430511999\n", "0430511999"),  # a CSV field
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
    "id 00123456789012 and total 1,234,567,890",  # zero-padded, unformatted; thousands separators
    'ALPHABET = "abcdefghijklmnopqrstuvwxyz" + "0123456789-._~"',  # a digit alphabet, though a valid French number
    "free support line 0800 123 4567",  # toll-free lines are public, also right after a phone word
    "call the helpline at 1-800-275-2273 or 0800 800 150",
])
def test_ordinary_numbers_are_not_phones(text: str) -> None:
    assert [kind for _, kind in found(text) if kind == "PHONE"] == []


def test_numbers_in_table_columns_are_not_one_phone() -> None:
    assert PhoneNumbers().detect("texttable (1.7.0)                       1071.4         90.0") == []


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


# --- Secrets assigned to a key naming one --------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("SMTP_USER=ops@example.org\nSMTP_PASSWORD=&@Pj(Vs8#U4\n", "&@Pj(Vs8#U4"),  # symbols first, a "(" inside
    ("export GITHUB_TOKEN=(W5Y*m#h#*0&I", "(W5Y*m#h#*0&I"),
    ("DB_PASSWORD=postgres", "postgres"),  # a bare word is the password in a .env line
    ("  db.pass: Hunter22!", "Hunter22!"),
    ('api_key: "x9-Fq2!aa"', "x9-Fq2!aa"),
    ("password: hunter22", "hunter22"),
])
def test_secret_assignments(text: str, value: str) -> None:
    assert [s.text(text) for s in SecretAssignments().detect(text)] == [value]
    # replaced whole, with the brackets it holds
    assert [s.text(text) for s in detect(text, [SecretAssignments()]) if s.kind == "SECRET"] == [value]


@pytest.mark.parametrize("text", [
    "password = get_password()",
    "token = self.token",
    'password = os.environ["PW"]',
    "SECRET_KEY=${SECRET_KEY}",
    "max_tokens: 512",
    "token_limit=4096",
    "password: ********",
    "password=<your password>",
    "if password == user_password:",
    "the password is wrong",
    "PASSWORD_FILE=/run/secrets/db",
    '"-c", "core.askPass=false", "-c"',  # a quoted option list
    'token = m.group().rstrip("=").replace("-", "+")',  # a call chain
    "bypass :meth:`__getattr__`",  # "bypass" ends in "pass" but names no password
    "SECRET: NOTE: keeps its value",  # a label, not a value
    'write_text(f\'api_key = "{key}"\')',  # a template
    '{"kv_bytes_per_token": 1024}',  # a count of tokens
    "underscore_token: Optional[Dict[str, int]] = None",
])
def test_not_secret_assignments(text: str) -> None:
    assert SecretAssignments().detect(text) == []


def test_secret_assignment_references_and_paths() -> None:
    for text in ("SMTP_PASSWORD=$^0LJ8S)Tjg", "SMTP_PASSWORD=i(tSQJ)I#D1ls"):  # "$" and "x(" that are not code
        assert [s.text(text) for s in SecretAssignments().detect(text)] == [text.split("=", 1)[1]]
    for text in ("sudo: ann : TTY=pts/0 ; PWD=/home/ann ; COMMAND=/bin/ls", "key_file: ~/.ssh/id_rsa",
                 "password = cfg.db.password", "token: {{ vault_token }}", "SECRET=$SECRET_FROM_CI"):
        assert SecretAssignments().detect(text) == [], text


# --- Names of mail senders and recipients ----------------------------------------------------------------------------

def test_mail_display_names_and_header_names() -> None:
    text = ('To: Priya Raman <priya.raman@example.com>, "Lee, Ann" <ann@example.org>\n'
            "From: Jan van der Berg\nCc: All staff\nSubject: Budget for Q3\n\n"
            "On Mon, Jun 3, Chloé Martin <c.martin@example.fr> wrote:\n> De : Jonas Weber")
    assert [(s.text(text), s.kind) for s in MailNames().detect(text)] == [
        ("Priya Raman", "PERSON"), ("Lee, Ann", "PERSON"), ("Chloé Martin", "PERSON"), ("Jan van der Berg", "PERSON"),
        ("Jonas Weber", "PERSON")]


@pytest.mark.parametrize("text", [
    "To: team@example.com\nCc: All Staff, Support Team",  # addresses and groups, no display name
    "From: Mark",  # one word: a first name or an ordinary word, left to NER
    "Subject: Meeting Notes From Legal",  # subjects are not header lists of people
    "contact Support <help@example.com> or Sales <sales@example.com>",
    "Note: Build Failed on main",  # not a mail header
])
def test_mail_lines_without_names(text: str) -> None:
    assert MailNames().detect(text) == []


# --- Login names where only a login can stand ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "login"), [
    ('203.0.113.7 - alice [10/Oct/2024:13:55:36 +0000] "GET / HTTP/1.1" 200 512', "alice"),  # access log user field
    ('FATAL: password authentication failed for user "roch"', "roch"),
    ("GRANT ALL ON db.* TO user 'hannya'@'localhost';", "hannya"),
    ("sshd[412]: session opened user=hannya by (uid=0)", "hannya"),
    ("Hallo, mein Benutzername ist hannya.", "hannya"),
    ("my username is jesselk, thanks", "jesselk"),
    ("User amancioc cannot log in to the VPN since Monday", "amancioc"),
    ("Reporter: Edward Bennett (bennette)", "bennette"),  # a handle built from the name before it
    ("Reporter: João Felipe Silva (jsilva)", "jsilva"),
    ("export DB_USER=etl_nightly\n", "etl_nightly"),  # a .env or shell line that sets a user
    ("my username for the school portal is okafor_t3, can you", "okafor_t3"),  # where, between the word and "is"
    ("mein Benutzername bei der Sparkasse ist lwagner", "lwagner"),
    ("Assignee: mtanaka (Mei Tanaka)", "mtanaka"),  # the name in brackets after the handle built from it
    ("SMTP_LOGIN='mailer.ops'\nSMTP_PORT=587", "mailer.ops"),
    ("[mail]\nsmtp_host = mx.lan\nsmtp_user = hbrandt\n", "hbrandt"),  # an INI file's user key
    ("you can add me on discord, im lunar_moth7", "lunar_moth7"),  # a handle on a platform
    ("Bug 4411, raised by k.odhiambo on Tuesday", "k.odhiambo"),  # behind a report
])
def test_login_names(text: str, login: str) -> None:
    assert [(s.text(text), s.kind) for s in LoginNames().detect(text)] == [(login, "USERNAME")]


@pytest.mark.parametrize("text", [
    '10.0.0.1 - - [10/Oct/2024:13:55:36 +0000] "GET / HTTP/1.1" 200',  # no user: "-"
    "the username is required",
    "Username: your_username",
    "user=root",
    "Reporter: Edward Bennett (admin)",  # a role in brackets, not built from the name
    "Call Ada Lovelace (tomorrow)",
    "see the user interface and the login page",
    "the user account is locked and the user still cannot log in",
    "def __init__(self, username: bytes | str, password: str):",  # type annotations
    "username = str(username)",
    "If only the username is present, a colon-separated username:password string",
    "DB_USER=${APP_USER}\nMAX_USERS=40",  # a reference and a count
    "user = request.user",  # code, not configuration
    "the username on the sign-up form is required",
    "ask mom (Maria Lopez) and see the docs (Getting Started)",  # brackets after words not built into a handle
    "reported by the night shift, on slack as usual",  # no handle after the cue
    "[db]\nuser = self\n",  # a placeholder word, not a login
    "users = [ann, bo]\nuser = ann_2\n",  # code with a list, not a file of [sections]
])
def test_not_login_names(text: str) -> None:
    assert LoginNames().detect(text) == []


# --- Documentation URLs are references -------------------------------------------------------------------------------

def test_documentation_folders_of_public_services_are_not_redacted() -> None:
    for url in ("https://www.postgresql.org/docs/15/sql-select.html", "https://kubernetes.io/docs/concepts/pods/"):
        assert found(f"see {url} for details", (PresidioPatterns(),)) == []
    for url in ("https://github.com/acme-corp/docs/blob/main/README.md",  # a tenant's repository, not documentation
                "https://kubernetes.io/docs/tasks?user=ann",  # a query can carry anything
                "https://wiki.acme-corp.com/docs/onboarding",  # a private host
                "https://www.postgresql.org/list/pgsql-general/"):  # not a documentation folder
        assert found(f"see {url} for details", (PresidioPatterns(),)) == [(url, "URL")], url


@pytest.mark.parametrize(("text", "value"), [
    ("Shared pre-shared key for the legacy clients: 7Hq-vX2m-Lp9R-t4wZ (do not paste it anywhere else).",
     "7Hq-vX2m-Lp9R-t4wZ"),
    ("The guest wifi password is Tr0ub4dor&3x, it changes monthly.", "Tr0ub4dor&3x"),
    ("Licence key ABCD-1234-EF56-7788 was bought in March: ABCD-1234-EF56-7788", "ABCD-1234-EF56-7788"),
    ("Recovery code: 4f9a-22c1-9e0b", "4f9a-22c1-9e0b"),
    # the abbreviation people type, and the same sentence in the other languages people write to it
    ("router's pw is Blue7Heron#22 now", "Blue7Heron#22"),
    ("Das WLAN-Passwort lautet Kiefer55Weg", "Kiefer55Weg"),
    ("le mot de passe du wifi est Lapin2024vert", "Lapin2024vert"),
    ("la contraseña del portal es Nube31cielo", "Nube31cielo"),
    ("a senha do roteador é Rio2019mar", "Rio2019mar"),
    ("het wachtwoord van de nas is Molen88Wind", "Molen88Wind"),
    ("hasło do wifi to Las2023zielony", "Las2023zielony"),
    ("ルーターのパスワードはYuki2025kaze", "Yuki2025kaze"),
    ("路由器密码是Feng2025shui", "Feng2025shui"),
])
def test_credentials_handed_over_in_prose(text: str, value: str) -> None:
    found = {s.text(text) for s in SecretAssignments().detect(text)}
    assert found == {value}


@pytest.mark.parametrize("text", [
    "The password is stored in the vault; ask Sam.",
    "Your password was reset on 2025-03-04 by the helpdesk.",
    "The API key is documented at https://docs.example.com/keys2024.",
    "Token limit: 4096 per request.",
    "The recovery code is printed on the card you got.",
    "Primary key: customer_id, foreign key: order_id",
    "das Passwort ist zu kurz, bitte ein längeres wählen",
    "le mot de passe est expiré depuis hier",
])
def test_prose_that_names_a_credential_without_one(text: str) -> None:
    assert SecretAssignments().detect(text) == []
