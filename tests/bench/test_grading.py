"""The shared normalisers: each form a person writes reads as the value meant, near misses don't, and a
hedged answer is no answer."""

from __future__ import annotations

from datetime import date, time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from edgeagent.bench.grading import (
    dates_found,
    fold,
    gives_address,
    has_amount,
    has_date,
    has_duration,
    has_number,
    has_time,
    has_weekday,
    names_person,
    numbers,
    says,
    times_found,
)


@pytest.mark.parametrize("written", ["1,204.50", "1.204,50", "1 204,50", "1\u202f204,50", "1204.5", "1'204.50"])
def test_thousands_and_decimal_marks(written):
    assert has_number(f"total {written} due", 1204.5)
    assert not has_number(f"total {written} due", 1204.05)


@pytest.mark.parametrize("written, value", [("9¼", 9.25), ("9 1/4", 9.25), ("½", 0.5), ("€88k", 88000),
                                            ("1.2 million", 1.2e6), ("twelve", 12), ("forty-two", 42), ("−7", -7),
                                            ("48%", 48)])
def test_fractions_scales_words_and_signs(written, value):
    assert has_number(written, value)


def test_digits_past_a_group_of_three_make_a_decimal_not_a_thousands_mark():
    assert numbers("88.0001 and 1,2345") == [88.0001, 1.2345]


def test_a_bare_m_or_b_scales_only_an_amount_with_a_currency():
    assert has_amount("$4.2M", 4.2e6, "USD") and has_amount("revenue of USD 1.42B", 1.42e9, "USD")
    assert has_amount("€11M", 11e6, "EUR") and not has_number("45m walk", 45e6) and has_number("45m walk", 45)


def test_a_value_inside_another_number_is_not_that_value():
    assert not has_number("1,604.19 EUR", 604.19) and not has_number("1,604.19 EUR", 604193)
    assert numbers("2026-03-04") == [2026, 3, 4]


@given(st.integers(min_value=1000, max_value=9_999_999), st.integers(min_value=0, max_value=99))
def test_any_locale_writes_the_same_amount(units, cents):
    value = units + cents / 100
    us = f"{units:,}.{cents:02d}"
    de = us.replace(",", " ").replace(".", ",").replace(" ", ".")
    fr = us.replace(",", "\u00a0").replace(".", ",")
    for written in (us, de, fr):
        assert has_number(f"It came to {written}.", value), written


@pytest.mark.parametrize("written", ["5 779,47 EUR", "€5,779.47", "EUR 5.779,47", "5779.47 euros", "€ 5.779,47"])
def test_money_by_symbol_or_code(written):
    assert has_amount(written, 5779.47, "EUR")


def test_money_in_another_currency_or_with_none_is_not_the_amount():
    assert not has_amount("5,779.47 USD", 5779.47, "EUR")
    assert not has_amount("$5,779.47", 5779.47, "EUR")
    assert not has_amount("5,779.47", 5779.47, "EUR")  # the currency was asked for
    assert has_amount("5,779.47", 5779.47)


@pytest.mark.parametrize("written", ["9¼ hours", "9.25 h", "9h15", "9:15 h", "9 hours and 15 minutes", "9 h 15",
                                     "555 minutes", "555 min"])
def test_durations_in_any_unit(written):
    assert has_duration(f"It took {written} in all", 555)
    assert not has_duration(f"It took {written} in all", 545)


@pytest.mark.parametrize("written", ["2026-01-20", "20 Jan", "Jan 20th", "Tuesday 20 January 2026", "20.01.2026",
                                     "20/01/2026", "January 20, 2026", "20th of January"])
def test_dates_in_the_usual_forms(written):
    assert has_date(f"due {written}", date(2026, 1, 20))
    assert not has_date(f"due {written}", date(2026, 1, 21))


def test_a_date_before_a_full_stop_or_without_its_year():
    assert has_date("Due 17/03/2026.", date(2026, 3, 17)) and has_date("due 17/03", date(2026, 3, 17))
    assert not has_date("due 17/04", date(2026, 3, 17))


def test_yen_sign_is_yen_or_yuan_and_round_the_clock_is_no_choice():
    assert has_amount("¥2,850,000", 2850000, "CNY") and has_amount("¥2,850,000", 2850000, "JPY")
    assert has_amount("2850000元", 2850000, "CNY")
    assert has_number("on call 24/7 for the 24 hour window", 24, alone=True)


def test_an_ambiguous_numeric_date_reads_both_ways_unless_one_is_impossible():
    assert dates_found("03/04/2026")[0].readings == (date(2026, 4, 3), date(2026, 3, 4))
    assert dates_found("25/04/2026")[0].readings == (date(2026, 4, 25),)
    assert dates_found("03.04.2026")[0].readings == (date(2026, 4, 3),)  # dots are day-first


@pytest.mark.parametrize("written, at", [("10am", time(10)), ("10 a.m.", time(10)), ("10:00", time(10)),
                                         ("2:30 pm", time(14, 30)), ("14h30", time(14, 30)), ("14h", time(14)),
                                         ("noon", time(12)), ("12am", time(0)), ("3 o'clock", time(3))])
def test_times_of_day(written, at):
    assert has_time(f"meet at {written} sharp", at)


def test_a_bare_or_decimal_number_is_no_time():
    assert times_found("48 incidents, 10.5 hours") == []


def test_weekdays():
    assert has_weekday("Tue 20 Jan", 1) and has_weekday("on Thursday", 3) and not has_weekday("Tue", 3)


@pytest.mark.parametrize("answer", ["Either March (48) or December (45)", "March or December: 48/45",
                                    "48 or 45, depending on how you count", "probably 48", "48? maybe 45"])
def test_hedges_that_include_the_right_value_are_no_answer(answer):
    assert has_number(answer, 48)
    assert not has_number(answer, 48, alone=True)


@pytest.mark.parametrize("answer", ["March, with 48. December was second with 45.",
                                    "48 incidents in March, three more than December's 45",
                                    "48 (between 09:00 and 17:00)"])
def test_a_competing_value_given_as_context_is_not_a_hedge(answer):
    assert has_number(answer, 48, alone=True)


def test_a_slash_in_a_path_or_an_approximate_word_is_no_hedge():
    assert has_number("48 incidents, see reviews/2026-q1/45-day.md", 48, alone=True)
    assert has_time("the first error came around 09:14", time(9, 14), alone=True)


def test_hedged_ports_and_times():
    assert not has_number("8080 by default, or 8088", 8088, alone=True)
    assert not has_time("14:00 or 15:00 works", time(14), alone=True)
    assert has_time("Booked 14:00-15:00", time(14), alone=True)


@pytest.mark.parametrize("written", ["Aiko Tanaka", "TANAKA, Aiko", "Tanaka Aiko", "Ms. Aiko Tanaka", "aiko tanaka"])
def test_names_in_any_order_or_case(written):
    assert names_person(f"Please ask {written} today", "Aiko Tanaka")


def test_names_with_diacritics_and_wrong_people():
    assert names_person("Zoë Müller signed", "Zoe Muller") and names_person("Zoe Muller", "Zoë Müller")
    assert not names_person("Aiko Sato and Ken Tanaka", "Aiko Tanaka", window=1)
    assert not names_person("Aiko", "Aiko Tanaka")


def test_addresses_with_abbreviations_and_breaks():
    assert gives_address("12 Harbour St.\nLeith EH6 7AA", "12 Harbour Street, Leith, EH6 7AA")
    assert not gives_address("21 Harbour Street, Leith", "12 Harbour Street, Leith")


def test_fold_and_says():
    assert fold("Łódź – “Zoë”") == 'lodz - "zoe"'
    assert says("The key is HARD-CODED here", "hard coded") and not says("hardcoded", "hard coded key")
