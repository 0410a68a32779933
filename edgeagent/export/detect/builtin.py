"""The detector set an export runs: a table of built-in rows, walked by one loop, plus detectors named in config.

A row names, by dotted path, a detector class or a factory ("module:name", called with no arguments) that returns a
detector or a list of them: a factory returns [] where its detector cannot run, e.g. its model is not installed. A
row marked `optional` may be missing from the install altogether. Nothing heavy is imported until a row is built.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass

from edgeagent.config import check_path
from edgeagent.errors import BadInput
from edgeagent.export.detect.declared import DeclaredSecrets
from edgeagent.export.detect.spans import Detector


@dataclass(frozen=True)
class Row:
    target: str  # "module:Class" or "module:factory" (-> Detector | list[Detector])
    optional: bool = False  # the target's module may be missing (a detector shipped separately): then skipped
    model: bool = False  # runs a model (NER): left out of the pattern-only set (`default_detectors(models=False)`)


BUILTIN: tuple[Row, ...] = (
    Row("edgeagent.export.detect.secrets:SecretPlugins"),
    Row("edgeagent.export.provider_keys:ProviderKeys"),  # the provider key formats detect-secrets lacks
    Row("edgeagent.export.detect.pii:PresidioPatterns"),
    Row("edgeagent.export.detect.cards:CardNumbers"),  # issuer ranges and lengths presidio's card pattern lacks
    Row("edgeagent.export.detect.assignments:SecretAssignments"),  # .env/YAML values detect-secrets drops
    Row("edgeagent.export.detect.assignments:AccessCodes"),  # "code porte 4821B", "admin/Eircom1985", "SSID x"
    Row("edgeagent.export.detect.phones:PhoneNumbers"),  # "+" numbers presidio finds invalid, leading-0 national ones
    Row("edgeagent.export.detect.phones:PhoneExtensions"),  # its `expand` adds "x123" to the numbers found
    Row("edgeagent.export.detect.rules:ContextIds"),
    Row("edgeagent.export.detect.rules:PrivateHosts"),
    Row("edgeagent.export.detect.rules:PathUsernames"),
    Row("edgeagent.export.detect.personal:Handles"),
    Row("edgeagent.export.detect.devices:DeviceNames"),  # "jwc-pc", "DESKTOP-7F3K2LQ", "laptop HS-LT-0442"
    Row("edgeagent.export.detect.logins:LoginNames"),  # plain logins where only a login can stand (access logs, ...)
    Row("edgeagent.export.detect.places:Places"),  # towns and cities the entity model misses ("em Florianópolis")
    Row("edgeagent.export.detect.personal:Addresses"),
    Row("edgeagent.export.detect.personal:BirthDates"),
    Row("edgeagent.export.detect.mail_names:MailNames"),  # "Name <addr>" and names on To/From/Cc lines
    Row("edgeagent.export.detect.people:NameFields"),  # "SURNAME: KOHL", `"name": "Ann Lee"`
    Row("edgeagent.export.detect.people:Greetings"),  # "Bonjour Philippine,", the name under "Regards,"
    Row("edgeagent.export.detect.people:AddressedNames"),  # "ask Precious first", "dire à Hugo"
    Row("edgeagent.export.detect.people:ChatSpeakers"),  # "2023-12-11 19:06 - Adam: ..."
    Row("edgeagent.export.detect.people:CsvColumns"),  # name, city, company, phone columns under a header
    # Person, organisation and place names: [] until `edgeagent models prepare en-core-web-sm` installed the model.
    Row("edgeagent.export.ner:entity_detectors", optional=True, model=True),
    Row("edgeagent.export.detect.rules:KnownNames"),  # its `expand` reads what every detector found
)


def default_detectors(declared: DeclaredSecrets | None = None, extra: Sequence[Detector] = (),
                      paths: Sequence[str] = (), models: bool = True) -> list[Detector]:
    """The standard detector set: declared secrets (if any), every available BUILTIN row (without `models`: only
    those that run no model), then the detectors named by dotted path in `paths` (config `export.detectors`), then
    hooks in `extra`. A bad path raises BadInput."""
    detectors: list[Detector] = []
    if declared is not None and declared.entries:
        detectors.append(declared)
    for row in BUILTIN:
        if row.model and not models:
            continue
        if not (row.optional and importlib.util.find_spec(row.target.partition(":")[0]) is None):
            detectors += detectors_from(row.target)
    for path in paths:
        detectors += detectors_from(path)
    detectors += list(extra)
    return detectors


def load_detector(path: str) -> Detector:
    """Build the detector class at `path` ("pkg.mod:Class") with no arguments; a one-line BadInput naming the path
    if it cannot be imported, is not there, fails to build or is not a Detector."""
    built = detectors_from(path)
    if len(built) != 1:
        raise BadInput(f"detector {path!r}: gave {len(built)} detectors, expected one")
    return built[0]


def detectors_from(path: str) -> list[Detector]:
    """The detectors a class or factory at `path` ("pkg.mod:name") builds with no arguments (a factory may return a
    list); a one-line BadInput naming the path if it cannot be imported or built, or builds something else."""
    factory = _resolve(path)
    try:
        made = factory()
    except Exception as e:  # noqa: BLE001 - a configured class is foreign code: any failure is a one-line error
        raise BadInput(f"detector {path!r}: failed to build ({type(e).__name__}: {e})") from None
    made = list(made) if isinstance(made, (list, tuple)) else [made]
    for detector in made:
        if not isinstance(detector, Detector):
            raise BadInput(f"detector {path!r}: not a detector (needs a `name` and `detect(text) -> list[Span]`)")
    return made


def _resolve(path: str):
    problem = check_path(path)
    if problem:
        raise BadInput(f"detector {path!r}: {problem}")
    module_name, _, attr = path.partition(":")
    try:
        obj = importlib.import_module(module_name)
    except ImportError as e:
        raise BadInput(f"detector {path!r}: cannot import {module_name} ({e})") from None
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise BadInput(f"detector {path!r}: {module_name} has no {attr}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise BadInput(f"detector {path!r}: {attr} is not callable")
    return obj
