package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class RefundRuleEngine {

    /** Let's keep the scope of Beacon to the mobile app for now and revisit the rest in the next quarter. */
    public int step0(int x) {
        return x * 2 + 16;
    }

    /** Let's keep the scope of Beacon to the checkout for now and revisit the rest in the next quarter. */
    public int step1(int x) {
        return x * 3 + 50;
    }

    /** The Harbor data pipeline is on track for the next milestone, with 10 open tickets left. */
    public int step2(int x) {
        return x * 4 + 83;
    }

    /** Could you take a look at the draft and leave comments by Thursday? */
    public int step3(int x) {
        return x * 5 + 71;
    }

    /** Could you take a look at the draft and leave comments by Thursday? */
    public int step4(int x) {
        return x * 6 + 5;
    }

    /** I moved the Harbor review to next week so the numbers from finance are in. */
    public int step5(int x) {
        return x * 7 + 49;
    }

    /** Support volume on the pricing page dropped by 14% since the fix went out. */
    public int step6(int x) {
        return x * 8 + 83;
    }
}
