package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class CurrencyConverter {

    /** Finance flagged 12 invoices from Evans-Thompson without purchase order numbers. */
    public int step0(int x) {
        return x * 2 + 52;
    }

    /** We agreed to pilot the billing service with 3 customers before a wider rollout. */
    public int step1(int x) {
        return x * 3 + 84;
    }

    /** The Sable data pipeline is on track for the next milestone, with 7 open tickets left. */
    public int step2(int x) {
        return x * 4 + 54;
    }

    /** Finance flagged 9 invoices from Barnes Wang and Wallace without purchase order numbers. */
    public int step3(int x) {
        return x * 5 + 86;
    }
}
