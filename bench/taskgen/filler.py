"""Seeded filler for benchmark workspaces: the realistic bulk that task facts hide in.

Every task builds one `Filler` from its own seed (its id): the same seed writes byte-identical files, and two
tasks get different personas, companies, projects and texts. Nothing here reads the clock or the environment.

    from edgeagent.bench.taskgen.filler import Filler, Mail, Event, Person

    f = Filler("office-project-review")                 # seeded random.Random + Faker per task
    me = f.me                                           # the user: a Person at f.domain
    team = f.colleagues(12)                             # Persons at the user's company
    outside = f.externals(8)                            # Persons at other companies
    mails = f.mailbox(120, start, end)                  # threads (Re:/Fwd:), newsletters (HTML), notifications, CCs
    mails.append(Mail(sender=..., to=[me], subject=..., when=..., body=..., key="invite"))   # the task's facts
    paths = f.write_mailbox(ws / "inbox", mails)        # 001.eml... in date order; {key: "inbox/017.eml"}
    events = f.calendar(start, end, attendees=team)     # weekly RRULEs, TZID events, all-day events, one-offs
    f.write_ics(ws / "calendar.ics", events + [Event(...)])
    (ws / "contacts.vcf").write_text(f.vcards(team + outside))
    f.write_csv(ws / "orders.csv", *f.table("orders", 3000, start, end))
    (ws / "logs/app.log").write_text(f.log(5000, start))
    (ws / "docs/q1-plan.md").write_text(f.document("status", title="Q1 plan"))
    msgs = chat(f, ["general", "backend"], team, start.date(), end.date())   # weekday chatter, per channel
    msgs.append(Chat("dm-kevin", team[0], datetime(...), "I need the list by Tuesday", key="ask"))
    paths = write_slack_export(ws / "slack", msgs, [me, *team])        # {"ask": "slack/dm-kevin/2026-03-19.json"}
    events = keep_free(events, datetime(...), datetime(...))           # clear a window for planted events

Dates passed in are naive local datetimes (the user's wall clock) or dates; mail headers carry the user's
offset `tz` (default +00:00). Texts are workplace prose from templates with many variants, filled from
Faker (companies, cities, products, amounts) and the task's own project names: no lorem ipsum."""

from __future__ import annotations

import csv
import hashlib
import io
import random
import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from pathlib import Path
from zoneinfo import ZoneInfo

from faker import Faker

__all__ = ["DEPARTMENTS", "Chat", "Event", "Filler", "Mail", "Person", "chat", "keep_free", "stable_seed",
           "write_slack_export"]


def stable_seed(text: str) -> int:
    """A seed from text that is the same in every process (Python's hash() is salted)."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


DEPARTMENTS = {
    "Engineering": ["Software Engineer", "Senior Software Engineer", "Engineering Manager", "Staff Engineer",
                    "QA Engineer", "Site Reliability Engineer", "Frontend Developer", "Data Engineer"],
    "Product": ["Product Manager", "Senior Product Manager", "Product Designer", "UX Researcher"],
    "Sales": ["Account Executive", "Sales Manager", "Account Manager", "Sales Operations Analyst"],
    "Marketing": ["Marketing Manager", "Content Strategist", "Events Coordinator", "Growth Analyst"],
    "Finance": ["Financial Analyst", "Accounts Payable Specialist", "Controller", "Finance Manager"],
    "People": ["HR Business Partner", "Recruiter", "People Operations Specialist", "Office Manager"],
    "Operations": ["Operations Manager", "IT Support Specialist", "Facilities Coordinator", "Procurement Lead"],
    "Customer Success": ["Customer Success Manager", "Support Engineer", "Support Team Lead", "Onboarding Specialist"],
}

_PROJECT_WORDS = ["Atlas", "Beacon", "Cascade", "Delta", "Ember", "Falcon", "Granite", "Harbor", "Iris", "Juniper",
                  "Kestrel", "Lumen", "Meridian", "Nimbus", "Orchid", "Pioneer", "Quartz", "Ridge", "Summit",
                  "Tundra", "Upland", "Vector", "Willow", "Zephyr", "Anchor", "Bramble", "Cobalt", "Drift",
                  "Fjord", "Glacier", "Horizon", "Lantern", "Mosaic", "Northstar", "Osprey", "Pebble", "Sable"]
_PRODUCT_KINDS = ["mobile app", "billing service", "customer portal", "data pipeline", "search index",
                  "onboarding flow", "reporting dashboard", "partner API", "checkout", "warehouse integration",
                  "notification service", "admin console", "pricing page", "identity service"]
_ZONES = ["Europe/London", "America/New_York", "Asia/Tokyo", "Europe/Berlin", "Asia/Singapore",
          "America/Los_Angeles", "Asia/Shanghai", "Australia/Sydney"]


@dataclass(frozen=True)
class Person:
    name: str
    email: str
    org: str
    title: str = ""
    dept: str = ""
    phone: str = ""
    city: str = ""

    @property
    def first(self) -> str:
        return self.name.split()[0]

    @property
    def header(self) -> str:
        """'Name <address>' for a mail header."""
        return formataddr((self.name, self.email))


@dataclass
class Mail:
    """One message. `sender` and recipients are Persons or plain header strings. `when` is the user's wall clock."""

    sender: Person | str
    to: Sequence[Person | str]
    subject: str
    when: datetime
    body: str
    cc: Sequence[Person | str] = ()
    html: str | None = None  # an HTML alternative (newsletters); with body as its plain part
    key: str | None = None  # a name for a planted message: write_mailbox returns its path under this key
    message_id: str = ""  # filled in by write_mailbox when empty
    in_reply_to: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    attachments: Sequence[tuple[str, str, bytes]] = ()  # (filename, mime type, data)


@dataclass
class Event:
    """A VEVENT. start/end: naive wall-clock datetimes in `tz` (None: floating local time), or dates (all day)."""

    title: str
    start: datetime | date
    end: datetime | date
    location: str = ""
    description: str = ""
    attendees: Sequence[Person | str] = ()
    organizer: Person | str | None = None
    rrule: dict | None = None  # icalendar's form: {"FREQ": "WEEKLY", "BYDAY": ["MO"], "UNTIL": datetime(...)}
    tz: str | None = None
    uid: str = ""
    exdates: Sequence[datetime] = ()


def _addr(p: Person | str) -> str:
    return p.header if isinstance(p, Person) else p


def _email_of(p: Person | str) -> str:
    if isinstance(p, Person):
        return p.email
    m = re.search(r"<([^>]+)>", p)
    return m[1] if m else p


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def _ascii(text: str) -> str:
    import unicodedata
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


class Filler:
    """Seeded generators for one task's workspace. `seed`: the task id (or any text); `locale`: Faker's."""

    def __init__(self, seed: str, locale: str = "en_US", domain: str | None = None, tz: str = "+00:00",
                 me: Person | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(stable_seed(seed))
        self.fake = Faker(locale)
        self.fake.seed_instance(stable_seed(seed + "/faker"))
        self.locale = locale
        self._en = Faker("en_US")  # company names stay English-shaped in every locale
        self._en.seed_instance(stable_seed(seed + "/faker-en"))
        self._names: set[str] = set()
        self._ids = 0
        sign = -1 if tz.startswith("-") else 1
        hh, mm = tz.lstrip("+-").split(":")
        self.tzinfo = timezone(sign * timedelta(hours=int(hh), minutes=int(mm)))
        company = self._company()
        self.company = company
        self.domain = domain or (_slug(company.split()[0])[:14] or "company") + ".example"
        self.projects = self.rng.sample(_PROJECT_WORDS, 6)
        self.vendors = [self._company() for _ in range(8)]
        self.me = me or self.person(self.domain, self.company)
        self._names.add(self.me.name)

    # ------------------------------------------------------------------ people

    def _company(self) -> str:
        name = self.fake.company() if self.locale.startswith("en") else self._en.company()
        return re.sub(r"[,]", "", name)

    def _name(self) -> str:
        for _ in range(50):
            if self.locale.startswith("zh"):
                name = f"{self.fake.first_romanized_name()} {self.fake.last_romanized_name()}"
            else:
                name = f"{self.fake.first_name()} {self.fake.last_name()}"
            if name not in self._names:
                self._names.add(name)
                return name
        raise RuntimeError("ran out of distinct names")

    def person(self, domain: str | None = None, org: str | None = None, dept: str | None = None) -> Person:
        """A new person (never one already made by this Filler), at `domain` (default: the user's company)."""
        name = self._name()
        first, last = name.split()[0], name.split()[-1]
        dept = dept or self.rng.choice(list(DEPARTMENTS))
        local = self.rng.choice([f"{first}.{last}", f"{first[0]}{last}", f"{first}", f"{first}.{last[0]}"])
        return Person(name, f"{_slug(_ascii(local.replace('.', 'DOT'))).replace('dot', '.')}@{domain or self.domain}",
                      org or self.company, self.rng.choice(DEPARTMENTS[dept]), dept,
                      self.fake.numerify("+1 ###-###-####") if self.locale == "en_US" else self.fake.phone_number(),
                      self.fake.city())

    def colleagues(self, n: int) -> list[Person]:
        return [self.person() for _ in range(n)]

    def externals(self, n: int) -> list[Person]:
        """People at other companies (clients, vendors, partners): a few per company."""
        out: list[Person] = []
        while len(out) < n:
            org = self._company()
            dom = (_slug(org.split()[0])[:14] or "partner") + self.rng.choice([".example", "-group.example",
                                                                               "-inc.example"])
            out += [self.person(dom, org) for _ in range(min(n - len(out), self.rng.randint(1, 3)))]
        return out

    # ------------------------------------------------------------------ text

    def pick(self, options: Sequence):
        return self.rng.choice(options)

    def project(self) -> str:
        return self.pick(self.projects)

    def amount(self, lo: float = 200, hi: float = 20000) -> str:
        return f"{self.rng.uniform(lo, hi):,.2f}"

    def day_phrase(self, when: datetime) -> str:
        d = when + timedelta(days=self.rng.randint(1, 9))
        return self.pick([d.strftime("%A"), d.strftime("%A %-d %B"), d.strftime("%-d %b"), "end of the week",
                          "early next week", d.strftime("%b %-d")])

    def sentence(self, topic: str | None = None) -> str:
        """One plausible workplace sentence."""
        p, v, k = self.project(), self.pick(self.vendors), self.pick(_PRODUCT_KINDS)
        city, n = self.fake.city(), self.rng.randint(2, 14)
        options = [
            f"The {p} {k} is on track for the next milestone, with {n} open tickets left.",
            f"We still need sign-off from {v} before the {k} changes can go live.",
            f"I moved the {p} review to next week so the numbers from finance are in.",
            f"Could you take a look at the draft and leave comments by {self.pick(['Thursday', 'Friday', 'Monday'])}?",
            f"The vendor quote from {v} came in about {self.rng.randint(5, 30)}% above budget.",
            f"Our team in {city} reported {n} issues with the {k} after the last release.",
            f"Attendance at the last {p} sync was low, so I suggest we make it fortnightly.",
            (f"The contract with {v} renews in {self.pick(['April', 'June', 'September', 'November'])}; "
            f"legal wants a look first."),
            f"Let's keep the scope of {p} to the {k} for now and revisit the rest in the next quarter.",
            f"I've shared the updated forecast in the team folder; the main change is the {k} line.",
            f"Support volume on the {k} dropped by {n}% since the fix went out.",
            f"The workshop in {city} is confirmed; travel requests should go through the usual portal.",
            "Please update your timesheets before the end of the month so billing can close.",
            "The new onboarding checklist is live; ping me if anything is missing for your hires.",
            f"We agreed to pilot the {k} with {n} customers before a wider rollout.",
            f"The {p} retro notes are in the wiki; top theme was unclear ownership of the {k}.",
            f"Finance flagged {n} invoices from {v} without purchase order numbers.",
            (f"I'll be out on {self.pick(['Monday', 'Friday', 'Wednesday afternoon'])}, {self.pick(self._names_list())} "
            f"covers for me."),
            f"The load test on the {k} peaked at {self.rng.randint(200, 2000)} requests per second without errors.",
            f"Can we get a short demo of the {k} for the {self.pick(list(DEPARTMENTS))} team?",
            f"The room for the {p} planning session changed to {self.pick(['Aurora', 'Birch', 'Cedar', 'Delft'])}.",
            f"Customer feedback on the {k} is mostly positive; the main ask is better exports.",
            f"Budget for the {p} offsite is approved up to {self.amount(2000, 9000)} USD.",
            f"We are waiting on {v} for the security questionnaire before procurement can proceed.",
            f"{self.fake.catch_phrase()} is how {v} pitched it; I'm not convinced yet.",
        ]
        return self.pick(options)

    def _names_list(self) -> list[str]:
        return sorted(self._names) or ["a colleague"]

    def paragraph(self, n: int | None = None) -> str:
        n = n or self.rng.randint(2, 4)
        seen: list[str] = []
        while len(seen) < n:
            s = self.sentence()
            if s not in seen:
                seen.append(s)
        return " ".join(seen)

    def _greeting(self, who: Person | str) -> str:
        first = who.first if isinstance(who, Person) else "all"
        return self.pick([f"Hi {first},", f"Hello {first},", f"{first},", f"Hi {first}!", f"Dear {first},",
                          "Hi team,", "Morning,"])

    def _signoff(self, who: Person) -> str:
        return self.pick(["Thanks,", "Best,", "Cheers,", "Kind regards,", "Thanks!", "Best regards,", "—"]) + \
            f"\n{who.first if self.rng.random() < 0.6 else who.name}"

    # ------------------------------------------------------------------ mail

    def _when(self, start: datetime, end: datetime) -> datetime:
        """A working-hours moment (mostly) between start and end."""
        span = max(1, (end.date() - start.date()).days)
        for _ in range(20):
            d = start.date() + timedelta(days=self.rng.randint(0, span))
            if d.weekday() < 5 or self.rng.random() < 0.08:
                break
        t = time(self.rng.choice([7, 8, 9, 9, 10, 10, 11, 11, 13, 14, 14, 15, 16, 16, 17, 18, 21]),
                 self.rng.randint(0, 59))
        return min(max(datetime.combine(d, t), start), end)

    def _quote(self, prev: Mail) -> str:
        who = prev.sender.name if isinstance(prev.sender, Person) else str(prev.sender)
        quoted = "\n".join("> " + ln if ln else ">" for ln in prev.body.splitlines())
        return f"\n\nOn {prev.when:%a, %-d %b %Y at %H:%M}, {who} wrote:\n{quoted}"

    def direct(self, sender: Person, to: Sequence[Person], when: datetime, cc: Sequence[Person] = ()) -> Mail:
        """A one-off work mail from a colleague or contact."""
        p, k = self.project(), self.pick(_PRODUCT_KINDS)
        subject = self.pick([f"{p} update", f"Quick question about the {k}", f"{p}: next steps",
                             f"Notes from today's {p} call", f"Re-planning the {k} work", f"Budget check for {p}",
                             f"Feedback on the {k} draft", f"Heads-up: {k} change", f"{p} timeline",
                             f"Follow-up on {self.pick(self.vendors)}", f"Agenda for {self.day_phrase(when)}",
                             f"Hiring for the {p} team", f"{k.capitalize()} metrics for {when:%B}"])
        body = f"{self._greeting(to[0])}\n\n{self.paragraph()}\n\n{self.paragraph(2)}\n\n{self._signoff(sender)}"
        return Mail(sender, list(to), subject, when, body, cc=list(cc))

    def thread(self, people: Sequence[Person], start: datetime, end: datetime, length: int = 3) -> list[Mail]:
        """A conversation: a first mail and Re: replies between `people` (the user among them), quoting."""
        first_when = self._when(start, end)
        a = people[0]
        others = list(people[1:]) or [self.me]
        first = self.direct(a, others[:2], first_when, cc=others[2:4])
        out = [first]
        when = first_when
        for i in range(1, length):
            when = when + timedelta(minutes=self.rng.randint(12, 60 * 30))
            if not 7 <= when.hour < 20:  # people answer in the morning, not at 2am
                when = datetime.combine(when.date() + timedelta(days=when.hour >= 20), time(8, self.rng.randint(0, 59)))
            if when > end:
                break
            sender = people[i % len(people)]
            to = [out[-1].sender] if isinstance(out[-1].sender, Person) else others[:1]
            cc = [q for q in people if q != sender and q not in to]  # reply-all: the user stays on the thread
            body = (f"{self._greeting(to[0])}\n\n{self.paragraph(self.rng.randint(1, 3))}\n\n{self._signoff(sender)}"
                    + self._quote(out[-1]))
            subj = first.subject if first.subject.lower().startswith("re:") else "Re: " + first.subject
            out.append(Mail(sender, to, subj, when, body, cc=cc, in_reply_to="@" + str(len(out) - 1)))
        return out

    def forward(self, sender: Person, to: Person, when: datetime) -> Mail:
        """A Fwd: of an outside mail, with a short note on top."""
        src = self.rng.choice(self.externals(1))
        inner = self.direct(src, [sender], when - timedelta(hours=self.rng.randint(2, 72)))
        note = self.pick(["FYI, see below.", "Forwarding in case this is useful for you.",
                          "Can you pick this one up?", "See the note from the vendor below — thoughts?",
                          "Passing this on, it touches your area."])
        body = (f"{note}\n\n{self._signoff(sender)}\n\n---------- Forwarded message ---------\nFrom: {src.header}\n"
                f"Date: {inner.when:%a, %-d %b %Y %H:%M}\nSubject: {inner.subject}\n\n{inner.body}")
        return Mail(sender, [to], "Fwd: " + inner.subject, when, body)

    def newsletter(self, when: datetime, to: Person | None = None) -> Mail:
        """A vendor or industry newsletter with an HTML part and List-Unsubscribe."""
        org = self.pick(self.vendors)
        dom = _slug(org.split()[0]) + "-news.example"
        topics = [f"{self.fake.catch_phrase()}" for _ in range(3)]
        subject = self.pick([f"{org} Monthly: {topics[0]}", f"This week at {org}", f"{when:%B} product digest",
                             f"Your {when:%B} briefing from {org}", f"{org} insights #{self.rng.randint(20, 180)}"])
        items = [(t, self.pick([(f"Teams using the {self.pick(_PRODUCT_KINDS)} report {self.rng.randint(10, 45)}% "
                                f"faster turnaround."),
                                f"Join our webinar on {self.day_phrase(when)} to see what's new.",
                                f"Read how {self._company()} cut costs with a new approach.",
                                "Early access is open for a limited number of customers.",
                                f"Our {self.fake.city()} user meetup is back this spring."])) for t in topics]
        plain = "\n\n".join(f"{t}\n{d}" for t, d in items) + f"\n\nUnsubscribe: https://{dom}/u"
        html = ("<html><body><h1>" + subject + "</h1>" + "".join(f"<h2>{t}</h2><p>{d}</p>" for t, d in items)
                + f"<p style='font-size:10px'><a href='https://{dom}/u'>Unsubscribe</a></p></body></html>")
        return Mail(f"{org} <news@{dom}>", [to or self.me], subject, when, plain, html=html,
                    headers={"List-Unsubscribe": f"<https://{dom}/u>", "Precedence": "bulk"})

    def notification(self, when: datetime, to: Person | None = None) -> Mail:
        """A tool notification: tickets, builds, expenses, shared documents, HR portal, IT."""
        who = self.pick(self._names_list())
        n = self.rng.randint(100, 9999)
        p, k = self.project(), self.pick(_PRODUCT_KINDS)
        kinds = [
            ("Tracker", "tracker", f"[{p.upper()[:4]}-{n}] {k.capitalize()}: {self.pick(['flaky test', 'timeout on save', 'copy update', 'export fails for large files', 'permissions check'])}",
             (f"{who} assigned {p.upper()[:4]}-{n} to you.\nPriority: {self.pick(['Low', 'Medium', 'High'])}\n"
             f"Status: {self.pick(['To do', 'In progress', 'In review'])}")),
            ("CI", "ci", f"Build #{n} {self.pick(['failed', 'passed', 'fixed'])} on main ({p.lower()})",
             (f"Pipeline #{n} for {p.lower()}-{_slug(k)} finished in {self.rng.randint(3, 40)} min.\n"
             f"Triggered by {who}.")),
            ("Expenses", "expenses", (f"Expense report {self.pick(['approved', 'submitted', 'returned'])}: "
                                     f"{self.fake.city()} trip"),
             (f"Your report of {self.amount(60, 2400)} USD was {self.pick(['approved by', 'returned by', 'forwarded to'])} "
             f"{who}.\nReimbursement runs with the next payroll.")),
            ("Docs", "docs", (f"{who} shared \"{p} {self.pick(['roadmap', 'budget', 'brief', 'retro notes', 'OKRs'])}\" "
                             "with you"),
             f"{who} gave you edit access.\nOpen the document in your drive to see the latest version."),
            ("IT Service Desk", "it", f"Ticket INC{n:05d} {self.pick(['resolved', 'updated', 'opened'])}",
             (f"Your request about {self.pick(['VPN access', 'a new monitor', 'the printer on 3', 'mailbox quota', 'laptop renewal'])} "
             f"was updated. Reply to this mail to add a note.")),
            ("People Portal", "people", self.pick(["Reminder: submit your timesheet", "Open enrolment closes Friday",
                                                   "New policy acknowledgement required", "Your leave request"]),
             "Please log in to the people portal to complete this item. This is an automated message."),
            ("Calendar", "calendar", f"Updated invitation: {p} sync @ {self.day_phrase(when)}",
             f"{who} updated the event. The room is now {self.pick(['Aurora', 'Birch', 'Cedar', 'Delft', 'Elm'])}."),
        ]
        name, box, subject, body = self.pick(kinds)
        return Mail(f"{name} <no-reply-{box}@{self.domain}>", [to or self.me], subject, when, body,
                    headers={"Auto-Submitted": "auto-generated"})

    def mailbox(self, n: int, start: datetime, end: datetime, people: Sequence[Person] = (),
                to: Person | None = None) -> list[Mail]:
        """About `n` filler messages to the user between start and end: threads, direct mails with CCs, forwards,
        newsletters and notifications. `people`: who writes (default: new colleagues and externals)."""
        me = to or self.me
        people = list(people) or (self.colleagues(14) + self.externals(8))
        out: list[Mail] = []
        while len(out) < n:
            r = self.rng.random()
            if r < 0.28:
                group = [self.pick(people), me] + self.rng.sample(people, self.rng.randint(0, 2))
                group = list(dict.fromkeys(group))
                out += self.thread(group, start, end, self.rng.randint(2, 4))
            elif r < 0.48:
                cc = self.rng.sample(people, self.rng.randint(0, 2)) if self.rng.random() < 0.5 else []
                out.append(self.direct(self.pick(people), [me], self._when(start, end), cc=cc))
            elif r < 0.56:
                out.append(self.forward(self.pick(people), me, self._when(start, end)))
            elif r < 0.72:
                out.append(self.newsletter(self._when(start, end), me))
            else:
                out.append(self.notification(self._when(start, end), me))
        return out[:n]

    def message_bytes(self, m: Mail) -> bytes:
        msg = EmailMessage()
        msg["From"] = _addr(m.sender)
        msg["To"] = ", ".join(_addr(t) for t in m.to)
        if m.cc:
            msg["Cc"] = ", ".join(_addr(c) for c in m.cc)
        msg["Subject"] = m.subject
        msg["Date"] = format_datetime(m.when.replace(tzinfo=self.tzinfo))
        msg["Message-ID"] = m.message_id or self._msgid(m)
        if m.in_reply_to:
            msg["In-Reply-To"] = m.in_reply_to
            msg["References"] = m.in_reply_to
        for k, v in m.headers.items():
            msg[k] = v
        # 8bit, not base64 or quoted-printable: the text on disk reads as written (any language), as most
        # mail stores keep it, and a fact planted in a body can be found in the raw file.
        msg.set_content(textwrap.dedent(m.body).strip() + "\n", cte="8bit")
        if m.html:
            msg.add_alternative(m.html, subtype="html", cte="8bit")
        for name, mime, data in m.attachments:
            main, sub = mime.split("/", 1)
            msg.add_attachment(data, maintype=main, subtype=sub, filename=name)
        if msg.is_multipart():
            msg.set_boundary(f"==b{stable_seed(self.seed + m.subject + str(m.when)) % 10**12}==")
            for i, part in enumerate(msg.iter_parts()):
                if part.is_multipart():
                    part.set_boundary(f"==p{i}{stable_seed(self.seed + m.subject) % 10**10}==")
        return bytes(msg)

    def _msgid(self, m: Mail) -> str:
        self._ids += 1
        dom = _email_of(m.sender).split("@")[-1] or self.domain
        return f"<{m.when:%Y%m%d%H%M%S}.{stable_seed(self.seed + m.subject + str(self._ids)) % 10**9}@{dom}>"

    def write_mailbox(self, folder: Path, mails: Sequence[Mail], first: int = 1) -> dict[str, str]:
        """Write `mails` as NNN.eml in date order; Re: replies get In-Reply-To/References of their thread's
        previous message. Returns {mail.key: "folder/NNN.eml"} for keyed (planted) messages."""
        folder.mkdir(parents=True, exist_ok=True)
        ordered = sorted(mails, key=lambda m: (m.when, m.subject))
        for m in mails:  # ids first, so replies can point at their parent
            if not m.message_id:
                m.message_id = self._msgid(m)
        by_subject: dict[str, Mail] = {}
        for m in ordered:
            base = re.sub(r"^((re|fwd?|aw|wg):\s*)+", "", m.subject, flags=re.IGNORECASE)
            if m.in_reply_to.startswith("@") or (m.subject.lower().startswith("re:") and not m.in_reply_to):
                parent = by_subject.get(base)
                m.in_reply_to = parent.message_id if parent else ""
            by_subject[base] = m
        out: dict[str, str] = {}
        for i, m in enumerate(ordered, start=first):
            name = f"{i:03d}.eml"
            (folder / name).write_bytes(self.message_bytes(m))
            if m.key:
                out[m.key] = f"{folder.name}/{name}"
        return out

    # ------------------------------------------------------------------ calendar

    def calendar(self, start: date, end: date, attendees: Sequence[Person] = (), busy: float = 1.0) -> list[Event]:
        """Months of a working calendar: weekly recurring meetings (RRULE), one-offs, meetings in other time
        zones (TZID), all-day events (leave, holidays, conferences). `busy` scales the number of one-offs."""
        people = list(attendees) or self.colleagues(8)
        out: list[Event] = []
        until = datetime.combine(end, time(23, 59))
        rooms = ["Aurora", "Birch", "Cedar", "Delft", "Elm", "Fig", "Video call"]
        weekly = [("Team standup", time(9, 15), 15, ["MO", "TU", "WE", "TH", "FR"]),
                  (f"{self.projects[0]} weekly sync", time(self.rng.choice([10, 11, 14])), 45, [self.pick(["MO", "TU"])]),
                  (f"1:1 with {people[0].first}", time(self.rng.choice([13, 15, 16]), 30), 30, [self.pick(["WE", "TH"])]),
                  (f"{self.projects[1]} planning", time(self.rng.choice([10, 14])), 60, [self.pick(["TH", "FR"])])]
        first_monday = start - timedelta(days=start.weekday())
        for title, at, minutes, days in weekly:
            day0 = first_monday + timedelta(days=["MO", "TU", "WE", "TH", "FR"].index(days[0]))
            s = datetime.combine(day0, at)
            skip = [s + timedelta(weeks=self.rng.randint(2, 8))] if self.rng.random() < 0.5 else []
            out.append(Event(title, s, s + timedelta(minutes=minutes), self.pick(rooms),
                             self.pick(["", "Agenda in the team folder.", "Standing meeting."]),
                             self.rng.sample(people, min(len(people), self.rng.randint(2, 5))),
                             rrule={"FREQ": "WEEKLY", "BYDAY": days, "UNTIL": until}, exdates=skip))
        day = start
        while day <= end:
            if day.weekday() < 5:
                for _ in range(self.rng.choices([0, 1, 2, 3], [3, 4, 2, 1 * busy])[0]):
                    h = self.rng.choice([9, 10, 11, 13, 14, 15, 16])
                    s = datetime.combine(day, time(h, self.rng.choice([0, 0, 30])))
                    title = self.pick([f"{self.project()} review", f"Call with {self.pick(self.vendors)}",
                                       f"Interview: {self.pick(list(DEPARTMENTS))} candidate",
                                       f"{self.pick(_PRODUCT_KINDS).capitalize()} demo", "Budget check-in",
                                       f"Coffee with {self.pick(people).first}", "Focus time",
                                       f"{self.project()} retro", "Quarterly planning prep", "Vendor onboarding"])
                    out.append(Event(title, s, s + timedelta(minutes=self.rng.choice([30, 30, 45, 60, 90])),
                                     self.pick(rooms), attendees=self.rng.sample(people, self.rng.randint(1, 3))))
                if self.rng.random() < 0.06:  # a call set in another time zone
                    zone = self.pick(_ZONES)
                    s = datetime.combine(day, time(self.rng.choice([8, 9, 17, 18]), 0))
                    out.append(Event(f"Call with the {zone.split('/')[-1].replace('_', ' ')} office", s,
                                     s + timedelta(minutes=45), "Video call", tz=zone,
                                     attendees=self.rng.sample(people, 2)))
            if self.rng.random() < 0.03:  # all-day: leave, conference, holiday
                n = self.rng.randint(1, 3)
                out.append(Event(self.pick([f"{self.pick(people).first} out of office", "Company holiday",
                                            f"{self.fake.city()} conference", "Offsite", "Public holiday"]),
                                 day, day + timedelta(days=n)))
            day += timedelta(days=1)
        return out

    def write_ics(self, path: Path, events: Sequence[Event], name: str = "") -> None:
        """An RFC 5545 calendar; TZID events get their VTIMEZONE. Deterministic (fixed DTSTAMP, seeded UIDs)."""
        from icalendar import Calendar, Timezone, vCalAddress, vText
        from icalendar import Event as IEvent

        cal = Calendar()
        cal.add("prodid", "-//edgeagent bench//filler//EN")
        cal.add("version", "2.0")
        if name:
            cal.add("x-wr-calname", name)
        for zone_name in sorted({e.tz for e in events if e.tz}):  # in a fixed order: the file must reproduce
            cal.add_component(Timezone.from_tzid(zone_name))
        stamp = datetime(2026, 1, 1, tzinfo=timezone.utc)
        for i, e in enumerate(events):
            ev = IEvent()
            ev.add("uid", e.uid or f"{stable_seed(self.seed + e.title + str(e.start) + str(i)) % 10**12:012d}@"
                                   f"{self.domain}")
            ev.add("dtstamp", stamp)
            zone = ZoneInfo(e.tz) if e.tz else None

            def at(v: datetime | date, zone: ZoneInfo | None = zone) -> datetime | date:
                return v.replace(tzinfo=zone) if isinstance(v, datetime) and zone else v

            ev.add("dtstart", at(e.start))
            ev.add("dtend", at(e.end))
            ev.add("summary", e.title)
            if e.location:
                ev.add("location", e.location)
            if e.description:
                ev.add("description", e.description)
            if e.organizer is not None:
                org = vCalAddress("mailto:" + _email_of(e.organizer))
                if isinstance(e.organizer, Person):
                    org.params["cn"] = vText(e.organizer.name)
                ev["organizer"] = org
            for a in e.attendees:
                att = vCalAddress("mailto:" + _email_of(a))
                if isinstance(a, Person):
                    att.params["cn"] = vText(a.name)
                ev.add("attendee", att, encode=False)
            if e.rrule:
                ev.add("rrule", e.rrule)
            for x in e.exdates:
                ev.add("exdate", at(x))
            cal.add_component(ev)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(cal.to_ical())

    # ------------------------------------------------------------------ contacts

    def vcard(self, p: Person, extra: dict[str, str] | None = None) -> str:
        """One vCard 3.0; `extra` adds lines such as {"NOTE": "...", "ADR;TYPE=HOME": ";;1 Main St;..."}."""
        parts = p.name.split()
        lines = ["BEGIN:VCARD", "VERSION:3.0", f"FN:{p.name}", f"N:{parts[-1]};{' '.join(parts[:-1])};;;",
                 f"EMAIL;TYPE=WORK:{p.email}"]
        if p.phone:
            lines.append(f"TEL;TYPE=WORK:{p.phone}")
        if p.org:
            lines.append(f"ORG:{p.org}" + (f";{p.dept}" if p.dept else ""))
        if p.title:
            lines.append(f"TITLE:{p.title}")
        for k, v in (extra or {}).items():
            lines.append(f"{k}:{v}")
        return "\r\n".join(lines + ["END:VCARD"]) + "\r\n"

    def vcards(self, people: Sequence[Person], extras: dict[str, dict[str, str]] | None = None) -> str:
        """A contacts file; `extras` maps an email address to extra vCard lines for that person."""
        return "".join(self.vcard(p, (extras or {}).get(p.email)) for p in people)

    # ------------------------------------------------------------------ tables, logs, documents

    def table(self, kind: str, n: int, start: date, end: date) -> tuple[list[str], list[list[str]]]:
        """(header, rows) of a business table: 'orders', 'tickets', 'expenses', 'crm' or 'timesheets'."""
        span = max(1, (end - start).days)

        def day() -> str:
            return (start + timedelta(days=self.rng.randint(0, span))).isoformat()
        customers = [self._company() for _ in range(max(5, n // 40))]
        people = [self._name() for _ in range(max(4, n // 150))]
        if kind == "orders":
            head = ["order_id", "date", "customer", "country", "product", "quantity", "unit_price", "currency",
                    "status"]
            countries = ["US", "DE", "FR", "GB", "SE", "NL", "ES", "IT", "PL", "JP"]
            rows = [[f"SO-{10000 + i}", day(), self.pick(customers), self.pick(countries),
                     self.pick(_PRODUCT_KINDS).title(), str(self.rng.randint(1, 40)),
                     f"{self.rng.uniform(9, 900):.2f}", "USD",
                     self.rng.choices(["shipped", "delivered", "cancelled", "refunded", "pending"],
                                      [30, 50, 6, 4, 10])[0]] for i in range(n)]
        elif kind == "tickets":
            head = ["ticket_id", "opened", "customer", "subject", "priority", "status", "assignee", "hours_to_resolve"]
            rows = [[f"T-{5000 + i}", day(), self.pick(customers),
                     (f"{self.pick(_PRODUCT_KINDS).capitalize()}: "
                     f"{self.pick(['login issue', 'slow export', 'billing question', 'feature request', 'error 500', 'sync delay'])}"),
                     self.pick(["P1", "P2", "P3", "P3", "P4"]), self.pick(["open", "closed", "closed", "pending"]),
                     self.pick(people), f"{self.rng.uniform(0.2, 96):.1f}"] for i in range(n)]
        elif kind == "expenses":
            head = ["expense_id", "date", "employee", "category", "merchant", "amount", "currency", "approved"]
            rows = [[f"EX-{20000 + i}", day(), self.pick(people),
                     self.pick(["travel", "meals", "lodging", "software", "training", "office"]),
                     self.pick(self.vendors), f"{self.rng.uniform(4, 1500):.2f}", self.pick(["USD", "EUR", "GBP"]),
                     self.pick(["yes", "yes", "yes", "no", "pending"])] for i in range(n)]
        elif kind == "crm":
            head = ["account_id", "account", "tier", "status", "owner", "last_contact", "annual_value", "region"]
            rows = [[f"ACC-{3000 + i}", self._company(), self.pick(["standard", "standard", "VIP"]),
                     self.pick(["active", "active", "active", "churned", "prospect"]), self.pick(people), day(),
                     f"{self.rng.randint(5, 400) * 1000}", self.pick(["EMEA", "AMER", "APAC"])] for i in range(n)]
        elif kind == "timesheets":
            head = ["date", "employee", "project", "hours", "billable"]
            rows = [[day(), self.pick(people), self.project(), f"{self.rng.choice([0.5, 1, 1.5, 2, 3, 4, 6, 8])}",
                     self.pick(["yes", "no"])] for _ in range(n)]
        else:
            raise ValueError(f"no table kind {kind!r}")
        rows.sort(key=lambda r: r[1] if kind != "crm" else r[0])
        return head, rows

    @staticmethod
    def csv_text(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(head)
        w.writerows(rows)
        return buf.getvalue()

    def write_csv(self, path: Path, head: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.csv_text(head, rows))

    def log(self, n: int, start: datetime, services: Sequence[str] = ("api", "worker", "auth", "billing")) -> str:
        """`n` lines of an application log from `start` on: ISO time, level, service, message."""
        t = start
        lines = []
        for _ in range(n):
            t += timedelta(seconds=self.rng.expovariate(1 / 20))
            svc = self.pick(services)
            level = self.rng.choices(["INFO", "DEBUG", "WARN", "ERROR"], [70, 15, 10, 5])[0]
            msg = {
                "INFO": self.pick([(f"GET /v1/{self.pick(['orders', 'users', 'invoices', 'reports'])} 200 "
                                   f"{self.rng.randint(4, 400)}ms"), "job completed", "cache warmed",
                                   f"user session started uid={self.rng.randint(1000, 99999)}", "config reloaded"]),
                "DEBUG": self.pick(["retrying connection", f"batch size={self.rng.randint(10, 500)}",
                                    "feature flag evaluated"]),
                "WARN": self.pick([f"slow query {self.rng.randint(800, 5000)}ms", "retry 2/3 upstream timeout",
                                   "disk usage 81%", "deprecated endpoint called"]),
                "ERROR": self.pick(["upstream 502 from payments", "connection reset by peer",
                                    f"timeout after {self.rng.randint(5, 30)}s", "failed to parse payload"]),
            }[level]
            lines.append(f"{t:%Y-%m-%dT%H:%M:%S}Z {level:<5} [{svc}] {msg}")
        return "\n".join(lines) + "\n"

    def document(self, kind: str = "notes", title: str | None = None, when: date | None = None) -> str:
        """A markdown document: 'notes' (meeting notes), 'status' (status report), 'policy' or 'brief'."""
        p = self.project()
        when = when or date(2026, 1, 15)
        title = title or {"notes": f"{p} meeting notes", "status": f"{p} status report",
                          "policy": self.pick(["Travel policy", "Remote work guidelines", "Expense policy",
                                               "Equipment policy"]),
                          "brief": f"{p} project brief"}[kind]
        sections = {"notes": ["Attendees", "Discussion", "Decisions", "Follow-ups"],
                    "status": ["Summary", "Progress", "Risks", "Next steps"],
                    "policy": ["Purpose", "Scope", "Rules", "Exceptions", "Contacts"],
                    "brief": ["Background", "Goals", "Scope", "Timeline", "Team"]}[kind]
        out = [f"# {title}", "", f"_{when:%d %B %Y}_", ""]
        for s in sections:
            out += [f"## {s}", ""]
            if s == "Attendees" or s == "Team":
                out += [f"- {n}" for n in self.rng.sample(self._names_list(), min(4, len(self._names)))]
            elif s in ("Follow-ups", "Next steps", "Rules"):
                out += [f"- {self.sentence()}" for _ in range(self.rng.randint(2, 4))]
            else:
                out.append(self.paragraph())
            out.append("")
        return "\n".join(out)


@dataclass
class Chat:
    """One chat message (a Slack export line). `channel`: "general", or "dm-<handle>" for a direct message."""

    channel: str
    author: Person
    when: datetime
    text: str
    key: str | None = None  # a planted message: write_slack_export returns its file under this key


_CHAT_LINES = [
    "Deploy of {svc} went out, monitoring.", "Anyone seen flaky tests in {svc} today?",
    "PR for {svc} is up, reviews welcome.", "Reminder: retro at 4pm in {room}.", "Lunch order closes at 11:30.",
    "The staging DB is slow again, looking into it.", "Merged the {svc} fix, thanks all!",
    "Who owns the {svc} alerts these days?", "Docs for {svc} updated in the wiki.",
    "On-call handover: quiet night, one page for {svc}.", "Can someone approve my access request for {svc}?",
    "Heads-up: {svc} dependency bump tomorrow.", "Dashboard for {svc} latency is live.",
    "Is the {room} room free at 2?", "Load test for {svc} scheduled tonight.", "Rolling back {svc}, error rate spiked.",
    "Thanks for the quick review!", "Joining the call in 2 min.", "Can we push the sync to 3?", "+1, makes sense.",
]


def chat(f: Filler, channels: Sequence[str], people: Sequence[Person], start: date, end: date,
         per_day: tuple[int, int] = (0, 3)) -> list[Chat]:
    """Weekday chatter in each channel between start and end: short status lines and workplace sentences."""
    services = ["orders", "payments", "catalog", "auth", "search", "notifications", "billing", "exports"]
    rooms = ["Aurora", "Birch", "Cedar", "Delft"]
    out = []
    d = start
    while d <= end:
        if d.weekday() < 5:
            for ch in channels:
                for _ in range(f.rng.randint(*per_day)):
                    text = f.pick(_CHAT_LINES).format(svc=f.pick(services), room=f.pick(rooms))
                    if f.rng.random() < 0.35:
                        text = f.sentence()
                    out.append(Chat(ch, f.pick(people), datetime.combine(d, time(f.rng.randint(8, 18),
                                                                                   f.rng.randint(0, 59))), text))
        d += timedelta(days=1)
    return out


def write_slack_export(folder: Path, messages: Sequence[Chat], people: Sequence[Person]) -> dict[str, str]:
    """A Slack export: users.json, channels.json and <channel>/<YYYY-MM-DD>.json per day (messages in time order,
    each with user id, real name, text and ts). Returns {chat.key: "slack/<channel>/<day>.json"}."""
    import json
    folder.mkdir(parents=True, exist_ok=True)
    ids = {p.email: f"U{stable_seed(p.email) % 10**8:08d}" for p in people}
    users = [{"id": ids[p.email], "name": p.email.split("@")[0], "real_name": p.name,
              "profile": {"title": p.title, "email": p.email}} for p in people]
    (folder / "users.json").write_text(json.dumps(users, indent=1, ensure_ascii=False))
    channels = sorted({m.channel for m in messages})
    (folder / "channels.json").write_text(json.dumps([{"name": c, "is_im": c.startswith("dm-")} for c in channels],
                                                     indent=1))
    days: dict[tuple[str, date], list[Chat]] = {}
    for m in messages:
        days.setdefault((m.channel, m.when.date()), []).append(m)
    out = {}
    for (ch, day), msgs in sorted(days.items()):
        msgs.sort(key=lambda m: (m.when, m.text))
        rel = f"{ch}/{day}.json"
        (folder / ch).mkdir(exist_ok=True)
        (folder / rel).write_text(json.dumps([{"type": "message", "user": ids.get(m.author.email, "U0"),
                                               "user_profile": {"real_name": m.author.name}, "text": m.text,
                                               "ts": f"{m.when.replace(tzinfo=timezone.utc).timestamp():.6f}"}
                                              for m in msgs], indent=1, ensure_ascii=False))
        out.update({m.key: f"{folder.name}/{rel}" for m in msgs if m.key})
    return out


_BYDAY = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def keep_free(events: Sequence[Event], start: datetime, end: datetime) -> list[Event]:
    """`events` with nothing left in [start, end): one-offs there are dropped, all-day events over that day too,
    and weekly recurring events get an EXDATE for their occurrence there. Planted facts then own that window."""
    out = []
    for e in events:
        if isinstance(e.start, datetime) and isinstance(e.end, datetime):
            if e.rrule:
                days = e.rrule.get("BYDAY", [_BYDAY[e.start.weekday()]])
                d = start.date()
                while d <= end.date():
                    if _BYDAY[d.weekday()] in days and d >= e.start.date():
                        s = datetime.combine(d, e.start.time())
                        if s < end and s + (e.end - e.start) > start:
                            e.exdates = [*e.exdates, s]
                    d += timedelta(days=1)
                out.append(e)
            elif not (e.start < end and e.end > start):
                out.append(e)
        elif not (e.start <= end.date() and e.end > start.date()):  # all day: [start, end) in days
            out.append(e)
    return out
