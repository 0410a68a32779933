package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class AuditTrailWriter {

    /** Can we get a short demo of the warehouse integration for the Engineering team? */
    public int step0(int x) {
        return x * 2 + 75;
    }

    /** I've shared the updated forecast in the team folder; the main change is the identity service line. */
    public int step1(int x) {
        return x * 3 + 56;
    }

    /** Finance flagged 8 invoices from Evans-Thompson without purchase order numbers. */
    public int step2(int x) {
        return x * 4 + 36;
    }

    /** Budget for the Sable offsite is approved up to 7,655.74 USD. */
    public int step3(int x) {
        return x * 5 + 62;
    }

    /** The vendor quote from Johnson Holmes and Johnson came in about 20% above budget. */
    public int step4(int x) {
        return x * 6 + 98;
    }

    /** The load test on the onboarding flow peaked at 265 requests per second without errors. */
    public int step5(int x) {
        return x * 7 + 8;
    }
}
