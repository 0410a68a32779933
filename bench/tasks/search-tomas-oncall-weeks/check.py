import re

from edgeagent.bench.taskcheck import graded


def check(workspace, answer):
    text = (answer or "").lower()
    weeks = [("2 march", "payments"), ("16 march", "search"), ("23 march", "payments")]
    score = 0.0
    for week, service in weeks:
        day = week.split()[0]
        hit = re.search(rf"(\b{day}(st|nd|rd|th)? march|march {day}\b|2026-03-{int(day):02d})[^.;\n]*{service}"
                        rf"|{service}[^.;\n]*(\b{day}(st|nd|rd|th)? march|march {day}\b|2026-03-{int(day):02d})", text)
        score += bool(hit) / len(weeks)
    return score if "9 march" not in text else score / 2  # that week is Aiko's and Ruth's


check = graded(check)  # a pasted file is no answer
