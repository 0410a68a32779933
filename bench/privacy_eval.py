"""Export-layer privacy on the labelled corpora: unit leaks per entity type, over-redaction, strict refusals, speed.

    python -m edgeagent.bench.privacy_eval [--corpus both|faker|real] [--mode redact|strict|private]
                                           [--detectors default] [--json] [--limit N]

Two corpora, side by side: `faker`, generated from templates (bench/privacy_corpus.py, kept for regression), and
`real`, hand-written realistic text annotated by hand (bench/privacy_real/items.jsonl: lower-case names, brands
and places in running text, IDs, handles, eight languages). Each item goes through `sanitize`, the call the exporter makes, with a fresh
placeholder registry as a new run would have. A unit (a distinct private value of an item) leaks when its value,
ignoring case and whitespace, is still in what would be sent; in strict mode a refused request sends nothing.
Over-redaction is the share of non-private characters inside replaced spans. Strict refusals are the share of
requests strict mode refuses: with no declared secrets that is exactly the exporter's refusal (`residual`).
Throughput is input KB (1000 bytes of UTF-8) per second through the chosen mode, single-threaded, by wall clock and
by process CPU time (the figure for one core on a busy machine).

`private` restates each text with the edge model first (export/restate.py), then redacts the restatement. Its
over-redaction cannot be counted in characters (the text is rewritten), so every mode also reports kept words: the
share of the text's words of three letters or more, outside private units, still in what would be sent (a rough
measure of what the cloud still gets to work with). Private's throughput includes the model's time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from edgeagent.errors import BadInput, EdgeAgentError
from edgeagent.export.detect.builtin import default_detectors, detectors_from
from edgeagent.export.detect.spans import Detector
from edgeagent.export.placeholders import PlaceholderRegistry
from edgeagent.export.sanitize import Sanitized, sanitize

GOALS = {"leak_rate": 0.10, "over_redaction": 0.05, "strict_refusals": 0.05}  # issue 13's bar on this corpus
_SPACE = re.compile(r"\s+")


def leaked(value: str, output: str) -> bool:
    """`value` is in `output` ignoring case and whitespace, as a whole word where it starts or ends with one."""
    chars = _SPACE.sub("", value).casefold()
    if not chars:
        return False
    pattern = r"\s*".join(map(re.escape, chars))
    if chars[0].isalnum() or chars[0] == "_":
        pattern = r"(?<!\w)" + pattern
    if chars[-1].isalnum() or chars[-1] == "_":
        pattern += r"(?!\w)"
    return re.search(pattern, output.casefold()) is not None


def over_redacted(length: int, private: Sequence[tuple[int, int]], replaced: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(non-private characters inside `replaced` spans, all non-private characters) of a text of `length`."""
    mask = bytearray(length)
    for start, end in private:
        mask[start:end] = b"\x01" * (end - start)
    hit = sum(end - start - sum(mask[start:end]) for start, end in replaced)
    return hit, length - sum(mask)


@dataclass
class Tally:
    units: Counter = field(default_factory=Counter)
    leaked: Counter = field(default_factory=Counter)
    partial: Counter = field(default_factory=Counter)  # not leaked whole, but some characters kept

    def add(self, key: str, was_leaked: bool, was_partial: bool) -> None:
        self.units[key] += 1
        self.leaked[key] += was_leaked
        self.partial[key] += was_partial and not was_leaked

    def rows(self) -> dict[str, dict]:
        return {k: {"units": n, "leaked": self.leaked[k], "leak_rate": _rate(self.leaked[k], n),
                    "partial": self.partial[k]} for k, n in sorted(self.units.items(), key=lambda kv: -kv[1])}


_WORD = re.compile(r"[^\W\d_]{3,}")


def kept_words(item, sent: str) -> tuple[int, int]:
    """(words of the item's text outside its units still in `sent`, all such words), case-folded."""
    private = [(u.start, u.end) for u in item.units]
    words = [m.group().casefold() for m in _WORD.finditer(item.text)
             if not any(s < m.end() and m.start() < e for s, e in private)]
    out = {w.casefold() for w in _WORD.findall(sent)}
    return sum(w in out for w in words), len(words)


def score_item(item, result: Sanitized, refused: bool, rewritten: bool = False) -> dict:
    """One item's units (distinct type and value) with leaked / partly kept, its over-redaction counts (none for a
    rewritten text: its spans are not the item's) and its kept words."""
    sent = "" if refused else result.text
    replaced = [] if rewritten else [(s.start, s.end) for s in result.spans]
    units: dict[tuple[str, str], dict] = {}
    for u in item.units:
        key = (u.type, _SPACE.sub("", u.value).casefold())
        entry = units.setdefault(key, {"type": u.type, "value": u.value, "leaked": leaked(u.value, sent),
                                       "partial": False})
        kept = u.end - u.start - sum(max(0, min(e, u.end) - max(s, u.start)) for s, e in replaced)
        entry["partial"] |= bool(sent) and kept > 0
    hit, nonprivate = over_redacted(len(item.text), [(u.start, u.end) for u in item.units], replaced)
    kept, words = kept_words(item, sent)
    return {"units": list(units.values()), "over_chars": hit, "nonprivate_chars": nonprivate, "kept_words": kept,
            "words": words}


REAL_ITEMS = Path(__file__).resolve().parent / "privacy_real" / "items.jsonl"


def real_corpus(path: Path = REAL_ITEMS, split: str | None = None) -> list:
    """The hand-written set as corpus items: each annotated value is a unit wherever it occurs in the text (whole,
    case-sensitive); a value the text does not hold is a BadInput naming the item. `split`: only its `dev` half (odd
    ids: tune detectors on it) or its `test` half (even ids: report it)."""
    from edgeagent.bench.privacy_corpus import Item, Unit

    items = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        data = json.loads(line)
        if split is not None and data.get("split") != split:
            continue
        units = []
        for u in data["units"]:
            starts = [m.start() for m in re.finditer(re.escape(u["value"]), data["text"])]
            if not starts:
                raise BadInput(f"{path}:{n}: {data['id']}: {u['value']!r} is not in its text")
            units += [Unit(i, i + len(u["value"]), u["type"], u["value"]) for i in starts]
        items.append(Item(data["id"], data["locale"], data["category"], "hand-written", data["text"],
                          tuple(sorted(units, key=lambda u: (u.start, u.end)))))
    return items


def load_detectors(spec: str) -> list[Detector]:
    """`default`, `patterns` (the default set without the entity model: a fresh install before its first use),
    `none`, names of default detectors (`presidio,detect-secrets`) and `module:Class` hooks (`module:factory` for a
    function returning detectors)."""
    tokens = [t for t in re.split(r"[,\s]+", spec) if t]
    needs_defaults = any(t != "none" and ":" not in t for t in tokens)
    defaults = default_detectors() if needs_defaults else []  # builds presidio: not for `none` or hooks alone
    chosen: list[Detector] = []
    for token in tokens:
        if token == "default":
            chosen += defaults
        elif token == "patterns":
            chosen += default_detectors(models=False)
        elif token == "none":
            continue
        elif ":" in token:
            chosen += _hook(token)
        else:
            named = [d for d in defaults if d.name == token]
            if not named:
                known = ", ".join(["default", "patterns", "none", *(d.name for d in defaults), "module:Class"])
                raise ValueError(f"unknown detector {token!r}: use {known}")
            chosen += named
    return chosen


def _ensure_entity_model(spec: str) -> None:
    """`default` means what `redact` runs: the entity model, prepared on first use as `redact` prepares it. Where it
    can't be had, the figures are of patterns only, and stderr says so before any of them."""
    if "default" not in re.split(r"[,\s]+", spec):
        return
    from edgeagent.export import ner_model

    folder, why = ner_model.ensure(lambda stage: print(stage, file=sys.stderr))
    if folder is None:
        print(f"warning: no entity model ({why}): these figures are of patterns only, without names of people, "
              "organisations and places (`edgeagent models prepare en-core-web-sm`)", file=sys.stderr)


def _hook(path: str) -> list[Detector]:
    """`module:Class` or `module:factory`, called without arguments; a factory may return a list of detectors."""
    try:
        return detectors_from(path)
    except BadInput as e:
        raise ValueError(str(e)) from None


def _pass(texts: Sequence[str], mode: str, detectors: Sequence[Detector],
          restate: Callable[[str], str] | None = None) -> tuple[list[Sanitized], list[str], float, float]:
    """Each text through sanitize(mode) (restated first by `restate`): the results, the texts sanitized, and the
    wall and CPU seconds of it all."""
    wall, cpu = time.perf_counter(), time.process_time()
    sent = [restate(t) for t in texts] if restate else list(texts)
    results = [sanitize(t, mode, detectors, PlaceholderRegistry()) for t in sent]
    return results, sent, time.perf_counter() - wall, time.process_time() - cpu


def evaluate(items, detectors: Sequence[Detector], mode: str = "redact", setup_s: float = 0.0,
             restate: Callable[[str], str] | None = None) -> dict:
    """The report for `items` through `sanitize(mode)`; strict is also run (untimed) for refusals in redact mode.
    `setup_s` (building the detectors) is reported with the first call's time, which loads what they import lazily.
    `private` mode needs `restate` (the edge model's rewrite): redact then reads what it wrote."""
    if not items:
        raise ValueError("no items to evaluate")
    if mode == "private" and restate is None:
        raise ValueError("private mode needs a restater")
    plain = "redact" if mode == "private" else mode
    t0 = time.perf_counter()
    sanitize(restate(items[0].text) if restate else items[0].text, plain, detectors, PlaceholderRegistry())
    setup_s += time.perf_counter() - t0
    results, sent, wall_s, cpu_s = _pass([it.text for it in items], plain, detectors, restate)
    strict = results if mode == "strict" else _pass(sent, "strict", detectors)[0]
    refused = [r.refused for r in strict]
    by_type, by_category = Tally(), Tally()
    over = nonprivate = kept = words = 0
    samples = []
    for it, result, was_refused in zip(items, results, refused):
        scored = score_item(it, result, was_refused and mode == "strict", rewritten=restate is not None)
        over, nonprivate = over + scored["over_chars"], nonprivate + scored["nonprivate_chars"]
        kept, words = kept + scored["kept_words"], words + scored["words"]
        if restate is not None:  # what the rewrite made of each text, to read beside the figures
            samples.append({"id": it.id, "sent": result.text,
                            "leaked": [u["value"] for u in scored["units"] if u["leaked"]]})
        for u in scored["units"]:
            by_type.add(u["type"], u["leaked"], u["partial"])
            by_category.add(it.category, u["leaked"], u["partial"])
    units, n_leaked = sum(by_type.units.values()), sum(by_type.leaked.values())
    size = sum(len(it.text.encode()) for it in items)
    report: dict[str, Any] = {
        # which corpus these numbers are for: the same seed, size and Faker version give the same digest
        "corpus_sha256": hashlib.sha256("".join(it.to_json() + "\n" for it in items).encode()).hexdigest()[:16],
        "mode": mode,
        "detectors": [d.name for d in detectors],
        "items": len(items),
        "kb": round(size / 1000, 1),
        "units": units,
        "leaked": n_leaked,
        "leak_rate": _rate(n_leaked, units),
        "partial": sum(by_type.partial.values()),
        "by_type": by_type.rows(),
        "by_category": by_category.rows(),
        "over_redaction": None if restate else _rate(over, nonprivate),
        "kept_words": _rate(kept, words),
        "over_redacted_chars": over,
        "nonprivate_chars": nonprivate,
        "strict_refusals": _rate(sum(refused), len(items)),
        "strict_refused": sum(refused),
        "throughput_kb_s": round(size / 1000 / wall_s, 1) if wall_s else None,
        "throughput_cpu_kb_s": round(size / 1000 / cpu_s, 1) if cpu_s else None,
        "seconds_per_item": round(wall_s / len(items), 3),
        "setup_s": round(setup_s, 2),
    }
    report["goals_met"] = {k: report[k] <= v for k, v in GOALS.items() if report[k] is not None}
    if samples:
        report["sent"] = samples
    return report


def _rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def _print(report: dict, seed: int) -> None:
    pct = _pct
    goal = lambda k: (f"goal <= {pct(GOALS[k])}: {'met' if report['goals_met'][k] else 'MISSED'}"
                      if k in report["goals_met"] else "(not counted for a rewritten text)")
    print(f"{report['items']} items (seed {seed}, corpus {report['corpus_sha256']}), {report['kb']} KB, "
          f"{report['units']} private units; "
          f"mode {report['mode']}; detectors: {', '.join(report['detectors']) or '(none)'}")
    print(f"unit leak {pct(report['leak_rate'])} ({report['leaked']} of {report['units']}; "
          f"{report['partial']} more partly kept)  {goal('leak_rate')}")
    for name, row in report["by_type"].items():
        print(f"  {name:<12} {pct(row['leak_rate']):>6}  ({row['leaked']} of {row['units']}, {row['partial']} partly)")
    print(f"over-redaction {pct(report['over_redaction'])} of non-private characters "
          f"({report['over_redacted_chars']} of {report['nonprivate_chars']})  {goal('over_redaction')}")
    print(f"kept words {pct(report['kept_words'])} of the words outside private units")
    print(f"strict refusals {pct(report['strict_refusals'])} of requests "
          f"({report['strict_refused']} of {report['items']})  {goal('strict_refusals')}")
    print(f"throughput ({report['mode']}, one thread) {report['throughput_kb_s']} KB/s wall, "
          f"{report['throughput_cpu_kb_s']} KB/s CPU, {report['seconds_per_item']} s per text; "
          f"setup {report['setup_s']} s")


def _print_side_by_side(reports: dict[str, dict]) -> None:
    """One column per corpus: the headline figures, then leak per unit type."""
    pct = _pct
    names = list(reports)
    first = next(iter(reports.values()))
    print(f"mode {first['mode']}; detectors: {', '.join(first['detectors']) or '(none)'}")
    rows = [("items", lambda r: str(r["items"])), ("KB", lambda r: str(r["kb"])),
            ("private units", lambda r: str(r["units"])),
            ("unit leak", lambda r: f"{pct(r['leak_rate'])} ({r['leaked']})"),
            ("partly kept", lambda r: str(r["partial"])),
            ("over-redaction", lambda r: pct(r["over_redaction"])),
            ("kept words", lambda r: pct(r["kept_words"])),
            ("strict refusals", lambda r: f"{pct(r['strict_refusals'])} ({r['strict_refused']})"),
            ("KB/s (one thread)", lambda r: str(r["throughput_kb_s"])),
            ("s per text", lambda r: str(r["seconds_per_item"]))]
    print(f"{'':<20}" + "".join(f"{n:>18}" for n in names))
    for label, cell in rows:
        print(f"{label:<20}" + "".join(f"{cell(reports[n]):>18}" for n in names))
    print("unit leak by type")
    types = sorted({t for r in reports.values() for t in r["by_type"]})
    for t in types:
        cells = [reports[n]["by_type"].get(t) for n in names]
        print(f"  {t:<18}" + "".join(f"{(pct(c['leak_rate']) + ' of ' + str(c['units'])) if c else '-':>18}"
                                     for c in cells))
    for n in names:
        missed = [k for k, ok in reports[n]["goals_met"].items() if not ok]
        print(f"{n}: goals (leak <= 10%, over-redaction <= 5%, refusals <= 5%) "
              f"{'met' if not missed else 'MISSED: ' + ', '.join(missed)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("both", "faker", "real"), default="both",
                        help="faker: generated from templates; real: hand-written realistic text; both side by side")
    parser.add_argument("--split", choices=("dev", "test"), default=None,
                        help="only this half of the real corpus: tune on dev, report test (default: all of it)")
    parser.add_argument("--mode", choices=("redact", "strict", "private"), default="redact",
                        help="private: each text restated by the edge model first (slow: seconds per text)")
    parser.add_argument("--restate-model", default=None,
                        help="the model that restates in private mode (default: export.restate_model, else the "
                             "default edge model)")
    parser.add_argument("--detectors", default="default",
                        help="default, patterns (without the entity model), none, default detector names "
                             "(comma-separated) or module:Class hooks")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--limit", type=int, default=None, help="only the first N items of each corpus")
    parser.add_argument("--size", type=int, default=None, help="faker corpus size (default: the corpus's own)")
    parser.add_argument("--seed", type=int, default=None, help="faker corpus seed (default: the corpus's own)")
    parser.add_argument("--cpu", type=int, default=None, help="pin to this CPU (default: the scheduler's choice)")
    args = parser.parse_args(argv)
    for name in ("limit", "size"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            parser.error(f"--{name} must be >= 1")
    from edgeagent.bench import privacy_corpus

    seed = privacy_corpus.SEED if args.seed is None else args.seed
    size = privacy_corpus.SIZE if args.size is None else args.size
    if args.cpu is not None and hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {args.cpu})
        except OSError as e:
            parser.error(f"--cpu {args.cpu}: {e.strerror}")
    corpora: dict[str, list] = {}
    try:
        if args.corpus in ("both", "faker"):
            corpora["faker"] = privacy_corpus.corpus(min(size, args.limit or size), seed)
        if args.corpus in ("both", "real"):
            corpora["real"] = real_corpus(split=args.split)[: args.limit]
    except ImportError as e:
        sys.exit(f"error: the faker corpus needs Faker ({e}): pip install 'edgeagent[privacy-eval]'")
    except (OSError, BadInput, ValueError, KeyError) as e:
        sys.exit(f"error: the real corpus: {e}")
    t0 = time.perf_counter()
    _ensure_entity_model(args.detectors)
    try:
        detectors = load_detectors(args.detectors)
    except (ValueError, EdgeAgentError) as e:  # a hook that does not load, a default detector's bad config
        parser.error(str(e))
    restate = None
    if args.mode == "private":
        from edgeagent.export.restate import Restater, load_restate_model, restate_model

        model = args.restate_model or restate_model()
        try:
            restate = Restater(load_restate_model(model))
        except EdgeAgentError as e:
            parser.error(f"--restate-model {model}: {e}")
    setup = time.perf_counter() - t0
    reports = {}
    for name, items in corpora.items():
        reports[name] = evaluate(items, detectors, args.mode, setup, restate)
        setup = 0.0  # built once, for the first corpus
    if "faker" in reports:
        reports["faker"]["seed"] = seed
    if args.json:
        print(json.dumps(reports if len(reports) > 1 else next(iter(reports.values())), indent=2))
    elif len(reports) > 1:
        _print_side_by_side(reports)
    else:
        _print(next(iter(reports.values())), seed)


if __name__ == "__main__":
    main()
