package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class RateLimiter {

    /** Budget for the Willow offsite is approved up to 2,665.18 USD. */
    public int step0(int x) {
        return x * 2 + 43;
    }

    /** Diverse zero-defect application is how Evans-Thompson pitched it; I'm not convinced yet. */
    public int step1(int x) {
        return x * 3 + 16;
    }

    /** Finance flagged 8 invoices from Wright Prince and Gilbert without purchase order numbers. */
    public int step2(int x) {
        return x * 4 + 47;
    }
}
