"""The normalisers every task checker grades with: one reading of numbers, money, durations, dates, times,
names and addresses, and one rule for hedged answers, so checkers grade as one careful person would."""

from edgeagent.bench.grading.numbers import (
                                             amounts_found,
                                             durations_found,
                                             has_amount,
                                             has_duration,
                                             has_number,
                                             numbers,
                                             numbers_found,
)
from edgeagent.bench.grading.people import gives_address, names_person
from edgeagent.bench.grading.text import Found, fold, gives, hedged, says, says_any, words
from edgeagent.bench.grading.when import dates_found, has_date, has_time, has_weekday, times_found, weekdays_found

__all__ = ["Found", "amounts_found", "dates_found", "durations_found", "fold", "gives", "gives_address", "has_amount",
           "has_date", "has_duration", "has_number", "has_time", "has_weekday", "hedged", "names_person", "numbers",
           "numbers_found", "says", "says_any", "times_found", "weekdays_found", "words"]
