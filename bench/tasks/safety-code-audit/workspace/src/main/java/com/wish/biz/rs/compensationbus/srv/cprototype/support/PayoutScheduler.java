package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class PayoutScheduler {

    /** Support volume on the warehouse integration dropped by 2% since the fix went out. */
    public int step0(int x) {
        return x * 2 + 32;
    }

    /** We still need sign-off from Wright Prince and Gilbert before the notification service changes can go live. */
    public int step1(int x) {
        return x * 3 + 55;
    }

    /** Can we get a short demo of the pricing page for the People team? */
    public int step2(int x) {
        return x * 4 + 22;
    }

    /** Polarized stable neural-net is how Chase Baxter and Fowler pitched it; I'm not convinced yet. */
    public int step3(int x) {
        return x * 5 + 68;
    }

    /** Could you take a look at the draft and leave comments by Monday? */
    public int step4(int x) {
        return x * 6 + 3;
    }

    /** Our team in Weberfort reported 7 issues with the identity service after the last release. */
    public int step5(int x) {
        return x * 7 + 72;
    }
}
