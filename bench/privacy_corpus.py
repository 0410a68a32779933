"""A labelled corpus for the export layer: requests a user would send an agent, with every private unit's span.

    python -m edgeagent.bench.privacy_corpus [--size 500] [--seed 13] > corpus.jsonl

Mail, notes, chat, support tickets, code and logs from many templates, filled with Faker values in eight locales
(people, organisations, places, addresses, IDs, usernames, host names, e-mails, phones, bank and card numbers, IPs,
private URLs, secrets, dates of birth) next to non-private look-alikes (year ranges, version strings, public support numbers,
documentation URLs, product names, capitalised common words) so over-redaction is measured as well as leaks.

The corpus is generated at run time rather than committed: the templates are the reviewable source, another
`--seed` gives a fresh corpus to check a change was not tuned to this one, and Faker is pinned to one exact
version (pyproject's `privacy-eval` and `test` extras) so a seed always yields the same items.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import string
import unicodedata
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import date

from edgeagent.export.normalize import normalize

SEED = 13
SIZE = 500
LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_BR")
CATEGORIES = ("mail", "notes", "chat", "ticket", "code", "log")
TYPES = ("PERSON", "ORG", "LOCATION", "ADDRESS", "ID", "USERNAME", "HOST", "EMAIL", "PHONE", "IBAN", "CREDIT_CARD",
         "IP", "URL", "SECRET", "DOB")  # fmt: skip
_TLD = {"en_US": "com", "en_GB": "co.uk", "de_DE": "de", "fr_FR": "fr", "es_ES": "es", "it_IT": "it", "nl_NL": "nl",
        "pt_BR": "com.br"}  # fmt: skip
SLOT_RE = re.compile(r"\[\[([a-z_]+)(?::(\w+))?(?:\|(\w+))?\]\]")


@dataclass(frozen=True)
class Unit:
    """One occurrence of a private value: `text[start:end] == value`."""

    start: int
    end: int
    type: str
    value: str


@dataclass(frozen=True)
class Item:
    id: str
    locale: str
    category: str
    template: str
    text: str
    units: tuple[Unit, ...]

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> Item:
        data = json.loads(line)
        return cls(**{**data, "units": tuple(Unit(**u) for u in data["units"])})


# ---------------------------------------------------------------------------------------------------------------------
# Templates: [[slot:ref|modifier]]; the same slot and ref give the same value within an item. Modifiers: lower, upper.
# ---------------------------------------------------------------------------------------------------------------------

TEMPLATES: list[tuple[str, str, str]] = [
    # --- mail ---
    ("mail_reschedule", "mail", """Draft a reply to this mail for me:

From: [[person:a]] <[[email:a]]>
Subject: Thursday review

Hi [[first:b]],
Will we still meet on Thursday? [[org:x]] moved their audit, so I could do 10:30 instead.
Best,
[[first:a]]"""),
    ("mail_invoice", "mail", """Summarise this and tell me what I owe:

Dear [[person:b]],
please find attached invoice no. [[invoice]] for the consulting days in March. The amount of [[amount]] is due
within 30 days to IBAN [[iban]] ([[org:x]]).
Kind regards
[[person:a]]
[[org:x]] | [[address:x]] | Tel. [[phone:a]]"""),
    ("mail_forward_lowercase", "mail", """can you forward this to [[first:b|lower]] [[last:b|lower]] and cc [[email:c]]? it's about the
[[city:p]] office move. [[first:a|lower]] said the lease with [[org:x]] ends in june"""),
    ("mail_thread", "mail", """Here's the thread, what should I answer?

> On Mon, [[person:a]] wrote:
> May I ask whether the contract with [[org:x]] was renewed for [[year_range]]?
> We have [[customer_id]] on file as their customer number.

Not yet, [[first:b]] is checking with legal in [[city:p]]."""),
    ("mail_signature", "mail", """Reply politely that we can't make it.

Hello,
we would love to invite you to our product day at [[address:p]], [[city:p]].
Mark your calendar!

--
[[person:a]]
Event Manager, [[org:x]]
[[phone:a]] | [[email:a]] | www.[[domain:x]]"""),
    ("mail_german", "mail", """Bitte beantworte diese Mail kurz:

Hallo [[first:a]],
kannst du mir die Zugangsdaten für [[host:x]] schicken? Mein Benutzer ist [[user:b]].
Viele Grüße
[[person:b]]
[[org:x]], [[city:p]]"""),
    ("mail_bounce", "mail", """Why did this bounce?

Delivery to the following recipient failed permanently:
     [[email:a]]
Technical details: 550 5.1.1 The email account that you tried to reach does not exist. Please try
double-checking the recipient's email address. Learn more at https://support.google.com/mail/answer/6596
Reporting-MTA: dns; [[host:x]]"""),
    ("mail_hr", "mail", """Write a short, kind answer to [[first:a]]:

Hi, it's [[first:a]] [[last:a]] from the [[city:p]] team. I've been out sick since Monday and my manager
[[person:b]] asked me to send the certificate. My employee ID is [[employee_id]]. Bill me for the courier if needed.
[[first:a]]"""),
    # --- notes ---
    ("notes_meeting", "notes", """Turn these notes into action items:

Meeting w/ [[org:x]] ([[date]])
- [[person:a]] (their CTO) wants the migration done by Q3
- budget approved for [[year_range]], contact: [[phone:a]]
- next: [[first:b]] sends the SOW, I check the [[product]] export
- Grant them read access to the shared drive"""),
    ("notes_contacts", "notes", """Clean up this contact list into a table:

[[last:a]], [[first:a]] - [[phone:a]] - [[city:p]]
[[first:b]] [[last:b]] ([[org:x]]) [[email:b]]
[[person:c]]: [[address:c]]"""),
    ("notes_travel", "notes", """Plan my trip from these notes:
flight to [[city:p]] on the 14th, hotel booking ref [[booking_ref]]
meet [[person:a]] at [[org:x]], [[address:x]]
dinner with [[first:b|lower]] on friday
passport number in the drawer, don't forget charger for [[product]]"""),
    ("notes_medical", "notes", """Remind me what to bring:
appointment with Dr. [[last:a]] at [[org:x]] next Tuesday, patient no. [[patient_id]]
insurance card, the letter from [[person:b]]
May need fasting; the pharmacy said to call [[support_number]] for the app"""),
    ("notes_renovation", "notes", """Summarise what's left to do for the flat:
- painter [[person:a]] quoted [[amount]], phone [[phone:a]]
- [[org:x]] delivers the kitchen to [[address:p]]
- electricity contract number [[contract_id]]
- landlord [[first:b]] wants photos before [[date]]"""),
    ("notes_lookalike", "notes", """Turn this into a checklist:
- upgrade [[product]] to [[version]] (release notes: [[doc_url]])
- supported from [[year_range]], LTS ends [[date]]
- Chrome/110.0.0.0 and Firefox 118 both fine
- Hope the migration script handles the 2019 data"""),
    # --- chat ---
    ("chat_slack", "chat", """Summarise this channel for me:

[[user:a]]: anyone seen the deploy to [[host:x]] fail?
[[user:b]]: yes, [[first:c]] rolled it back at 14:02
[[user:a]]: ok, pinging [[org:x]] support
[[user:b]]: Chase them, they promised a fix for [[year_range]] contracts"""),
    ("chat_whatsapp", "chat", """Who do I still owe money?

[[date]] 19:04 - [[first:a]]: I paid the restaurant, [[amount]] each
[[date]] 19:06 - [[first:b]]: sent it to your account [[iban]]
[[date]] 19:07 - [[first:a]]: thanks [[first:b|lower]]! [[first:c]] still missing
[[date]] 19:15 - [[first:c]]: will do tomorrow, call me at [[phone:c]]"""),
    ("chat_lowercase", "chat", """translate to french: hey [[first:a|lower]], can you ask [[first:b|lower]] [[last:b|lower]] if [[org:x]] still
has the flat in [[city:p|lower]]? my number changed, it's [[phone:a]] now"""),
    ("chat_discord", "chat", """Is this a scam?

[[user:a]] — today at 9:12
hey i'm from [[org:x]] support, send me your account id and the code we texted to [[phone:b]]
[[user:b]] — today at 9:13
my id is [[account_id]], who are you?"""),
    ("chat_family", "chat", """help me write a birthday message for grandma [[first:a]], she lives in [[city:p]] now with
[[first:b]]. her address is [[address:p]] in case i send flowers"""),
    ("chat_teams", "chat", """Reply for me in this chat: yes, Thursday works.

[[person:a]] (External - [[org:x]]): Hi! Could we move our sync? Will Thursday at 3 work for you?
[[person:a]] (External - [[org:x]]): I'll bring [[person:b]] from our [[city:p]] office."""),
    ("chat_lookalike", "chat", """Which of these should I install?
a) [[product]] [[version]]
b) the older one from [[year_range]]
Mark this: the docs at [[doc_url]] recommend a) but May's release notes mention a bug with
Chrome/110.0.0.0 on Windows NT 10.0"""),
    # --- tickets ---
    ("ticket_refund", "ticket", """Classify this support ticket:

Ticket #[[ticket_no]] from [[person:a]] ([[email:a]])
Order [[order_id]] arrived damaged. I paid with card [[card]] and want a refund. You can reach me on
[[phone:a]] after 6pm. Shipping address: [[address:a]], [[city:a]]"""),
    ("ticket_login", "ticket", """Draft the answer to this ticket:

User [[user:a]] cannot log in to [[url:x]] since the password reset. Account number [[account_id]],
registered to [[person:a]] at [[org:x]]. Browser: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36
(KHTML, like Gecko) Chrome/110.0.0.0 Safari/537.36"""),
    ("ticket_bank", "ticket", """What is the customer asking for?

Customer: [[person:a]], customer ID [[customer_id]]
"Hello, transaction [[txn_id]] on [[date]] was charged twice to IBAN [[iban]]. I called your hotline
[[support_number]] but nobody answered. Please refund it to the same account."
Agent notes: verified via [[phone:a]], lives in [[city:a]]"""),
    ("ticket_it", "ticket", """Prioritise this IT ticket:

Reporter: [[first:a]] [[last:a]] ([[user:a]])
Laptop [[asset_tag]] can't reach [[host:x]] from the [[city:p]] VPN. ping to [[ip:x]] times out, 8.8.8.8 works.
OS: macOS 14.2.1, Python 3.11.4. Started after the [[version]] update."""),
    ("ticket_delivery", "ticket", """Write a short apology for this complaint:

I ordered from [[org:x]] three weeks ago (order no. [[order_id]]) and the parcel is still stuck in [[city:p]].
The tracking number [[tracking]] shows nothing. Please call me, [[person:a]], [[phone:a]].
Bill payments and your team promised me a call back twice."""),
    ("ticket_insurance", "ticket", """Summarise this claim:

Policy holder: [[person:a]], born [[birth_date:a]], policy [[policy_id]]
Damage at [[address:a]], [[city:a]]: water from the flat of [[person:b]] above.
Contact the property manager [[org:x]] at [[email:x]]."""),
    ("ticket_lookalike", "ticket", """Is this a bug in our app or in the browser?

Steps: open the dashboard in Chrome/110.0.0.0 on Windows NT 10.0, export the [[year_range]] report to CSV.
Expected: file downloads. Actual: HTTP 500. Works in Firefox/118.0. See [[doc_url]] for the API.
Call Microsoft support on 1-800-642-7676 was no help. Build [[version]], commit [[sha]]."""),
    # --- code ---
    ("code_config", "code", """Why does this config fail to connect?

```python
DATABASE_URL = "postgresql://[[user:a]]:[[url_password]]@[[host:x]]:5432/orders"
ADMIN_EMAIL = "[[email:a]]"
SUPPORT_PHONE = "[[phone:a]]"
API_KEY = "[[api_key]]"
```"""),
    ("code_test_fixture", "code", """Refactor this test fixture:

```python
def make_customer():
    return Customer(name="[[person:a]]", company="[[org:x]]", city="[[city:p]]",
                    iban="[[iban]]", customer_id="[[customer_id]]")
```"""),
    ("code_env", "code", """Which of these variables are unused?

```
SMTP_HOST=[[host:x]]
SMTP_USER=[[email:a]]
SMTP_PASSWORD=[[password]]
GITHUB_TOKEN=[[gh_token]]
LOG_LEVEL=info
PYTHON_VERSION=3.11.4
```"""),
    ("code_git", "code", """Explain what changed in these commits:

commit [[sha]]
Author: [[person:a]] <[[email:a]]>
Date:   Tue [[date]]

    Fix export for [[year_range]] reports (see [[doc_url]])

commit [[sha:b]]
Author: [[person:b]] <[[email:b]]>

    Bump [[product]] to [[version]]"""),
    ("code_sql", "code", """Optimise this query:

SELECT o.id, o.total FROM orders o JOIN customers c ON c.id = o.customer_id
WHERE c.email = '[[email:a]]' AND c.last_name = '[[last:a]]' AND o.created_at > '2019-01-01'
-- asked by [[first:b]] for the [[org:x]] audit"""),
    ("code_json", "code", """Write a JSON schema for this payload:

{"customer": {"name": "[[person:a]]", "phone": "[[phone:a]]", "address": "[[address:a]]"},
 "account": "[[account_id]]", "card_last4": "4242", "ip": "[[ip:x]]",
 "user_agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/110.0.0.0"}"""),
    ("code_shell", "code", """This script fails, why?

```bash
scp build.tar.gz [[user:a]]@[[host:x]]:/home/[[user:a]]/releases/
ssh [[user:a]]@[[ip:x]] 'sudo systemctl restart api'
export AWS_ACCESS_KEY_ID=[[aws_key]]
```"""),
    ("code_lookalike", "code", """Review this function:

```python
def supported(version: str) -> bool:
    # Versions from the 2019-2022 range are EOL, see [[doc_url]]
    major = int(version.split(".")[0])
    return major >= 110  # e.g. Chrome/110.0.0.0
```
Will this work with "[[version]]"?"""),
    # --- logs ---
    ("log_auth", "log", """What happened here?

[[date]] 03:12:45 sshd[2211]: Failed password for [[user:a]] from [[ip:x]] port 52114 ssh2
[[date]] 03:12:49 sshd[2211]: Accepted publickey for [[user:a]] from [[ip:x]] port 52114 ssh2
[[date]] 03:13:02 sudo: [[user:a]] : TTY=pts/0 ; PWD=/home/[[user:a]] ; COMMAND=/usr/bin/apt upgrade"""),
    ("log_traceback", "log", """Fix this error:

Traceback (most recent call last):
  File "/home/[[user:a]]/projects/billing/export.py", line 88, in <module>
    send_report(to="[[email:b]]", customer="[[org:x]]")
  File "/usr/lib/python3.11/smtplib.py", line 654, in login
smtplib.SMTPAuthenticationError: (535, b'5.7.8 Username and Password not accepted')"""),
    ("log_web", "log", """Any suspicious requests?

[[ip:x]] - - [[[date]]:10:01:22 +0000] "GET /account/[[account_id]]/statements HTTP/1.1" 200 5120 "-" "Mozilla/5.0 (Windows NT 10.0) Chrome/110.0.0.0"
[[ip:y]] - [[user:a]] [[[date]]:10:01:40 +0000] "POST /login HTTP/1.1" 302 0 "https://[[domain:x]]/login" "curl/8.4.0"
127.0.0.1 - - [[[date]]:10:02:00 +0000] "GET /health HTTP/1.1" 200 2 "-" "kube-probe/1.29\""""),
    ("log_app", "log", """Summarise the errors:

level=error ts=[[date]]T08:15:02Z msg="payment declined" user_id=[[account_id]] customer="[[person:a]]"
level=warn ts=[[date]]T08:15:09Z msg="retrying" host=[[host:x]] attempt=2
level=error ts=[[date]]T08:15:20Z msg="webhook failed" url=[[url:x]] status=503
level=info ts=[[date]]T08:16:00Z msg="service started" version=[[version]]"""),
    ("log_mail", "log", """Why was this mail rejected?

postfix/smtp[3312]: 4F2A91C0: to=<[[email:a]]>, relay=[[host:x]][[[ip:x]]]:25, delay=1.2, status=bounced
(host [[host:x]] said: 550 5.7.1 Message rejected: sender [[email:b]] not authorised)"""),
    ("log_k8s", "log", """Why is this pod crashing?

$ kubectl logs api-7d9f8-xk2lq -n [[org_slug:x]]
Connecting to postgres at [[host:x]]:5432 as [[user:a]]
FATAL: password authentication failed for user "[[user:a]]"
Kubernetes v1.29.2, image [[version]], node ip-[[ip_dashed]]"""),
    ("log_lookalike", "log", """Why is this so slow?

[[date]] 10:00:01 INFO  worker started, pid 4121, Python 3.11.4
[[date]] 10:00:02 INFO  GET https://api.github.com/repos/psf/requests/releases 200 in 812ms
[[date]] 10:00:03 WARN  rate limited, retry after 60s (see [[doc_url]])
[[date]] 10:01:03 INFO  fetched [[year_range]] archive, 1,204 items, user agent Chrome/110.0.0.0
[[date]] 10:01:04 INFO  Will retry the [[product]] sync in 5 minutes"""),
    # --- mixed, more names in unusual places ---
    ("mail_cc_list", "mail", """Who should I add to this meeting?

To: [[first:a]] [[last:a]]; [[first:b]] [[last:b]]; [[email:c]]
Cc: [[person:d]]
Subject: [[org:x]] onboarding - [[city:p]]"""),
    ("notes_names_initials", "notes", """Summarise:
call w/ [[initial_last:a]] and [[first:b]] re: [[org:x]] renewal. [[last:a]] wants 3 yrs, [[first:b]] only 1.
follow-up with [[first_last_lower:c]] from procurement"""),
    ("ticket_username_path", "ticket", """The backup job fails with:
rsync: opendir "/Users/[[user:a]]/Library/Mobile Documents" failed: Permission denied (13)
rsync: write failed on "/mnt/nas/[[user:b]]/backup": No space left on device (28)
It ran as [[user:a]] on [[host:x]]. Please advise."""),
    ("chat_support_lookalike", "chat", """Is this number legit?

They told me to call Apple at 1-800-275-2273 and the docs link was [[doc_url]].
Will they ask for my [[product]] password? The message was sent [[date]].
Grant access is fine, they said, but I'm not sure."""),
    ("notes_spanish", "notes", """Resume estas notas en inglés:
reunión con [[person:a]] de [[org:x]] en [[city:p]]
teléfono [[phone:a]], correo [[email:a]]
presupuesto [[year_range]] aprobado, falta el contrato [[contract_id]]"""),
    ("mail_french", "mail", """Traduis en anglais :

Bonjour [[first:a]],
merci pour votre message. Le rendez-vous avec [[person:b]] chez [[org:x]] est confirmé au
[[address:p]], [[city:p]]. En cas de souci, appelez le [[phone:b]].
Cordialement,
[[first:c]] [[last:c]]"""),
    ("form_caps", "ticket", """Fill in the missing fields of this form:

SURNAME: [[last:a|upper]]   FIRST NAME: [[first:a|upper]]
DATE OF BIRTH: [[birth_date:a]]   NATIONAL ID: [[national_id]]
ADDRESS: [[address:a|upper]], [[city:a|upper]]
EMPLOYER: [[org:x|upper]]
SIGNATURE: ____________"""),
    ("chat_mentions", "chat", """Summarise the review thread:

@[[user:a]] can you take a look before Friday? cc @[[user:b]]
> [[user:b]]: LGTM, but [[first:c]]'s laptop still runs the old [[product]]
> [[user:a]]: will check with [[first:c|lower]] tomorrow"""),
    ("mail_out_of_office", "mail", """Should I wait or contact someone else?

Automatic reply: I am out of the office until [[date]] with limited access to email.
For urgent matters please contact my colleague [[person:b]] ([[email:b]], [[phone:b]]).
Regards, [[person:a]] | [[org:x]] | [[city:p]]"""),
    ("ticket_portuguese", "ticket", """Traduza e resuma este chamado:

Olá, meu nome é [[person:a]], CPF [[national_id]]. Comprei na [[org:x]] (pedido [[order_id]]) e o produto
não chegou em [[city:a]]. Meu telefone é [[phone:a]]. Obrigado!"""),
    ("code_csv", "code", """Deduplicate this CSV:

name,email,city,phone
[[person:a]],[[email:a]],[[city:a]],[[phone:a]]
[[person:b]],[[email:b]],[[city:b]],[[phone:b]]
[[person:a|lower]],[[email:a]],[[city:a]],"""),
    ("notes_possessive", "notes", """make a gift list:
- [[first:a]]'s birthday on the 12th, she likes [[product]]
- [[first:b|lower]] and [[first:c|lower]] (neighbours at [[address:p]])
- secret santa at [[org:x]]: I drew [[person:d]]"""),
]

_LOCALE_ONLY = {"mail_german": ("de_DE",), "notes_spanish": ("es_ES",), "mail_french": ("fr_FR",),
                "ticket_portuguese": ("pt_BR",)}


# ---------------------------------------------------------------------------------------------------------------------
# Slot values
# ---------------------------------------------------------------------------------------------------------------------

PRODUCTS = ("Excel", "Outlook", "Slack", "Jira", "PostgreSQL 15", "Kubernetes", "Zoom", "Google Sheets", "VS Code",
            "Docker Desktop", "Microsoft Teams", "Notion", "Dropbox", "Visual Studio", "Android Studio")  # fmt: skip
VERSIONS = ("Chrome/110.0.0.0", "v2.14.1", "3.11.4", "Firefox/118.0", "1.29.2", "v20.11.0", "10.0.19045",
            "14.2.1", "OpenSSL 3.0.2", "2.0.0-rc.1", "5.15.0-91-generic", "Safari/537.36")  # fmt: skip
DOC_URLS = (
    "https://docs.python.org/3/library/datetime.html",
    "https://developer.mozilla.org/en-US/docs/Web/HTTP/Status/429",
    "https://learn.microsoft.com/en-us/windows/wsl/install",
    "https://kubernetes.io/docs/concepts/workloads/pods/",
    "https://www.rfc-editor.org/rfc/rfc9110",
    "https://docs.github.com/en/rest/releases",
    "https://www.postgresql.org/docs/15/sql-select.html",
)
SUPPORT_NUMBERS = ("1-800-642-7676", "1-800-275-2273", "0800 800 150", "+1 800 892 5234", "111")
_WORDS = ("alpha", "build", "mail", "db", "api", "files", "vpn", "git", "ci", "backup", "crm", "erp")


class _Ctx:
    """Per-item value source: a seeded Faker for the locale and a seeded Random for everything else."""

    def __init__(self, fake, rng: random.Random, locale: str) -> None:
        self.fake, self.rng, self.locale = fake, rng, locale
        self.values: dict[tuple[str, str], str] = {}
        self.people: dict[str, tuple[str, str]] = {}
        self.orgs: dict[str, str] = {}

    def person(self, ref: str) -> tuple[str, str]:
        if ref not in self.people:
            self.people[ref] = (self.fake.first_name(), self.fake.last_name())
        return self.people[ref]

    def org(self, ref: str) -> str:
        if ref not in self.orgs:
            self.orgs[ref] = self.fake.company()
        return self.orgs[ref]

    def code(self, alphabet: str, n: int) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))


def _ascii(value: str) -> str:
    folded = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]", "", folded.lower())


def _username(ctx: _Ctx, ref: str) -> str:
    first, last = (_ascii(p) or "user" for p in ctx.person(ref))
    shapes = (f"{first[0]}{last}", f"{first}.{last}", f"{first}{last[0]}", f"{first}{ctx.rng.randint(1, 99)}",
              f"{last}{first[0]}", f"{first}_{last[:4]}")  # fmt: skip
    return ctx.rng.choice(shapes)[:20]


def _domain(ctx: _Ctx, ref: str) -> str:
    words = [w for w in (_ascii(w) for w in ctx.org(ref).split()) if len(w) > 2][:2] or ["corp"]
    return f"{'-'.join(words)}.{_TLD[ctx.locale]}"


def _email(ctx: _Ctx, ref: str) -> str:
    first, last = (_ascii(p) or "user" for p in ctx.person(ref))
    local = ctx.rng.choice((f"{first}.{last}", f"{first[0]}{last}", f"{first}", f"{last}.{first[0]}"))
    domain = _domain(ctx, "x") if ctx.rng.random() < 0.5 else ctx.fake.free_email_domain()
    return f"{local}@{domain}"


def _host(ctx: _Ctx, ref: str) -> str:
    word, n = ctx.rng.choice(_WORDS), ctx.rng.randint(1, 12)
    return ctx.rng.choice((f"{word}-{n:02d}.{_domain(ctx, ref)}", f"{word}{n}.int.{_domain(ctx, ref)}",
                           f"{word}.{_domain(ctx, ref)}"))  # fmt: skip


def _city(ctx: _Ctx, ref: str) -> str:
    # Faker 40's it_IT builds its city list from a set, in an order that changes with PYTHONHASHSEED: sort it.
    lists = [p.cities for p in ctx.fake.get_providers() if isinstance(getattr(p, "cities", None), (list, tuple))]
    return ctx.rng.choice(sorted(lists[0])) if lists and lists[0] else ctx.fake.city()


def _api_key(ctx: _Ctx) -> str:
    alnum = string.ascii_letters + string.digits
    slack = f"xoxb-{ctx.code(string.digits, 12)}-{ctx.code(string.digits, 13)}-{ctx.code(alnum, 24)}"
    return ctx.rng.choice((f"sk-proj-{ctx.code(alnum, 48)}", f"sk_live_{ctx.code(alnum, 24)}",
                           f"AIza{ctx.code(alnum + '-_', 35)}", slack))


UPPER_DIGITS = string.ascii_uppercase + string.digits

# slot -> (unit type or None for non-private, value(ctx, ref))
SLOTS: dict[str, tuple[str | None, Callable[[_Ctx, str], str]]] = {
    "person": ("PERSON", lambda c, r: " ".join(c.person(r))),
    "first": ("PERSON", lambda c, r: c.person(r)[0]),
    "last": ("PERSON", lambda c, r: c.person(r)[1]),
    "initial_last": ("PERSON", lambda c, r: f"{c.person(r)[0][0]}. {c.person(r)[1]}"),
    "first_last_lower": ("PERSON", lambda c, r: " ".join(c.person(r)).lower()),
    "user": ("USERNAME", _username),
    "email": ("EMAIL", lambda c, r: _email(c, r) if r != "x" else f"info@{_domain(c, r)}"),
    "org": ("ORG", lambda c, r: c.org(r)),
    "org_slug": ("ORG", lambda c, r: _domain(c, r).split(".")[0]),
    "domain": ("HOST", _domain),
    "host": ("HOST", _host),
    "url": ("URL", lambda c, r: f"https://{c.rng.choice(('portal', 'intranet', 'hooks'))}.{_domain(c, r)}/"
                                f"{c.rng.choice(('login', 'api/v1/events', 'wiki/Onboarding'))}"),
    "city": ("LOCATION", _city),
    "address": ("ADDRESS", lambda c, r: c.fake.street_address().replace("\n", ", ")),
    "phone": ("PHONE", lambda c, r: c.fake.phone_number()),
    "iban": ("IBAN", lambda c, r: c.fake.iban()),
    "card": ("CREDIT_CARD", lambda c, r: c.fake.credit_card_number()),
    "ip": ("IP", lambda c, r: c.fake.ipv4_private() if c.rng.random() < 0.6 else c.fake.ipv4_public()),
    "ip_dashed": ("IP", lambda c, r: c.fake.ipv4_private().replace(".", "-")),
    "password": ("SECRET", lambda c, r: c.fake.password(length=c.rng.randint(10, 16))),
    # inside a URL's userinfo: people pick (or percent-encode away) characters that would break the URL
    "url_password": ("SECRET", lambda c, r: c.fake.password(length=c.rng.randint(10, 16), special_chars=False)),
    "api_key": ("SECRET", lambda c, r: _api_key(c)),
    "gh_token": ("SECRET", lambda c, r: "ghp_" + c.code(string.ascii_letters + string.digits, 36)),
    "aws_key": ("SECRET", lambda c, r: "AKIA" + c.code(UPPER_DIGITS, 16)),
    "account_id": ("ID", lambda c, r: c.rng.choice((c.code(string.digits, 10), c.fake.bban(),
                                                    f"AC{c.code(UPPER_DIGITS, 8)}"))),
    "customer_id": ("ID", lambda c, r: c.rng.choice((f"CUST-{c.code(string.digits, 6)}", c.code(UPPER_DIGITS, 9),
                                                     c.code(string.digits, 8)))),
    "order_id": ("ID", lambda c, r: c.rng.choice((f"{c.code(string.digits, 3)}-{c.code(string.digits, 7)}",
                                                  f"ORD{c.code(UPPER_DIGITS, 9)}", c.code(string.digits, 9)))),
    "txn_id": ("ID", lambda c, r: c.code("0123456789abcdef", 16) if c.rng.random() < 0.5 else c.code(UPPER_DIGITS, 12)),
    "employee_id": ("ID", lambda c, r: f"E{c.code(string.digits, 6)}"),
    "patient_id": ("ID", lambda c, r: c.code(string.digits, 8)),
    "policy_id": ("ID", lambda c, r: f"{c.code(string.ascii_uppercase, 2)}-{c.code(string.digits, 8)}"),
    "contract_id": ("ID", lambda c, r: c.rng.choice((c.code(string.digits, 11), f"K{c.code(UPPER_DIGITS, 9)}"))),
    "booking_ref": ("ID", lambda c, r: c.code(UPPER_DIGITS, 6)),
    "tracking": ("ID", lambda c, r: f"1Z{c.code(UPPER_DIGITS, 16)}"),
    "asset_tag": ("ID", lambda c, r: f"LT-{c.code(string.digits, 5)}"),
    "national_id": ("ID", lambda c, r: c.fake.ssn()),
    "birth_date": ("DOB", lambda c, r: c.fake.date_between_dates(date(1940, 1, 1), date(2005, 12, 31)).strftime(
        c.rng.choice(("%d/%m/%Y", "%Y-%m-%d", "%d.%m.%Y")))),
    # non-private look-alikes
    "invoice": (None, lambda c, r: f"{c.rng.randint(2021, 2025)}-{c.rng.randint(1, 999):03d}"),
    "ticket_no": (None, lambda c, r: str(c.rng.randint(1000, 99999))),
    "amount": (None, lambda c, r: c.rng.choice(("EUR ", "€", "$", "£")) + f"{c.rng.randint(20, 9000):,}.00"),
    # fixed bounds: Faker's relative ones ("-3y", "today") would change the corpus from one day to the next
    "date": (None, lambda c, r: c.fake.date_between_dates(date(2022, 1, 1), date(2025, 12, 31)).isoformat()),
    "year_range": (None, lambda c, r: f"{(y := c.rng.randint(2015, 2022))}-{y + c.rng.randint(1, 4)}"),
    "version": (None, lambda c, r: c.rng.choice(VERSIONS)),
    "product": (None, lambda c, r: c.rng.choice(PRODUCTS)),
    "doc_url": (None, lambda c, r: c.rng.choice(DOC_URLS)),
    "support_number": (None, lambda c, r: c.rng.choice(SUPPORT_NUMBERS)),
    "sha": (None, lambda c, r: c.code("0123456789abcdef", 7)),
}
_MODIFIERS = {"lower": str.lower, "upper": str.upper}

# ---------------------------------------------------------------------------------------------------------------------


def _render(template: str, ctx: _Ctx) -> tuple[str, list[Unit]]:
    out: list[str] = []
    units: list[Unit] = []
    pos = length = 0
    for m in SLOT_RE.finditer(template):
        literal = template[pos : m.start()]
        out.append(literal)
        length += len(literal)
        slot, ref, modifier = m.group(1), m.group(2) or "", m.group(3)
        kind, make = SLOTS[slot]
        value = ctx.values.get((slot, ref))
        if value is None:
            value = ctx.values[(slot, ref)] = normalize(make(ctx, ref).strip())
        if modifier:
            value = _MODIFIERS[modifier](value)
        if kind is not None:
            units.append(Unit(length, length + len(value), kind, value))
        out.append(value)
        length += len(value)
        pos = m.end()
    out.append(template[pos:])
    return "".join(out), units


def _unambiguous(text: str, units: list[Unit]) -> bool:
    """Each private value occurs only inside labelled spans ("Ann" in "Ann Lee" too), never in the non-private text,
    so finding it in the output means private text leaked."""
    for u in units:  # IGNORECASE, not casefold(): folding "ß" to "ss" would shift the offsets
        for m in re.finditer(r"(?<!\w)" + re.escape(u.value) + r"(?!\w)", text, re.IGNORECASE):
            if not any(v.start <= m.start() and m.end() <= v.end for v in units):
                return False
    return True


_FAKERS: dict[str, object] = {}


def _faker(locale: str):
    from faker import Faker  # only the corpus needs it; the runtime never imports it

    if locale not in _FAKERS:
        _FAKERS[locale] = Faker(locale)
    return _FAKERS[locale]


def item(index: int, seed: int = SEED) -> Item:
    """The corpus item at `index`: its template by position (every template is used), its locale and values from
    a Random seeded with (seed, index), so any prefix of the corpus is the same items."""
    name, category, template = TEMPLATES[index % len(TEMPLATES)]
    for attempt in range(20):
        rng = random.Random(f"{seed}:{index}:{attempt}")
        locale = rng.choice(_LOCALE_ONLY.get(name, LOCALES))
        fake = _faker(locale)
        fake.seed_instance(rng.getrandbits(64))
        text, units = _render(template, _Ctx(fake, rng, locale))
        if _unambiguous(text, units):
            return Item(f"{seed}-{index:04d}", locale, category, name, text, tuple(units))
    raise RuntimeError(f"template {name}: no unambiguous rendering in 20 attempts")


def corpus(size: int = SIZE, seed: int = SEED) -> list[Item]:
    """`size` items, deterministic for a given seed and Faker version."""
    return [item(i, seed) for i in range(size)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=SIZE)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    if args.size < 0:
        parser.error("--size must be >= 0")
    for it in corpus(args.size, args.seed):
        print(it.to_json())


if __name__ == "__main__":
    main()
