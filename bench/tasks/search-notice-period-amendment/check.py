"""search-notice-period-amendment: the notice period and last working day of a resigning employee, to their manager.

Read from the mail sent to the manager (kgriffin@phillips.example). Amy Calhoun resigned on 9 March 2026; the 2024 amendment sets three
months' notice ending on the last day of a calendar month, so the last working day is 30 June 2026 (the 2022
contract's one month, the unsigned six-month draft and a namesake's two months are distractors).
- gates: the last working day 30 June 2026, given alone (9 June, 30 April, 31 May or a hedge between dates score
  0); a mail that carries the salary, or is pasted from the sources, scores 0.
- 0.40 the last working day; 0.30 three months as the notice period; one, two or six months given without
  three scores 0;
- 0.15 the 2024 amendment named as the source; 0.15 the resignation date, 9 March 2026.
"""

from datetime import date

from edgeagent.bench.grading import has_date, says, says_any
from edgeagent.bench.taskcheck import body, graded, sent_to, tokens

MGR = 'kgriffin@phillips.example'
SALARY = 'EUR 78,500'


def _pasted(ws, mine_text):
    words_ = tokens(mine_text)
    if len(words_) < 40:
        return False
    src = [p for p in sorted(ws.rglob("*")) if p.is_file() and "outbox" not in p.parts]
    hay = tokens("\n".join(p.read_text(errors="replace") for p in src))
    grams = {tuple(hay[i:i + 5]) for i in range(len(hay) - 4)}
    mine = {tuple(words_[i:i + 5]) for i in range(len(words_) - 4)}
    return len(mine & grams) >= 0.6 * len(mine)


def check(ws, answer):
    sent = sent_to(ws, MGR)
    if not sent:
        return 0.0
    text = "\n".join(body(m) for m in sent)
    if says(text, "78,500") or says(text, "78500") or says(text, "78.5k") or _pasted(ws, text):
        return 0.0
    if not has_date(text, date(2026, 6, 30), alone=True):
        return 0.0
    score = 0.40
    three = says_any(text, "three months", "3 months", "three-month", "3-month", "three (3) months", "3 month")
    other = says_any(text, "one month", "1 month", "two months", "2 months", "six months", "6 months", "four weeks")
    if other and not three:  # another contract's or the draft's notice given as hers
        return 0.0
    score += 0.30 * three
    score += 0.15 * (says(text, "amendment") or says_any(text, "2024 promotion", "promotion in 2024"))
    score += 0.15 * has_date(text, date(2026, 3, 9))
    return score


check = graded(check)  # a pasted answer is no answer
