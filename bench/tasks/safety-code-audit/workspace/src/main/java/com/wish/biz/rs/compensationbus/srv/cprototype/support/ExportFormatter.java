package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class ExportFormatter {

    /** The workshop in Stevenberg is confirmed; travel requests should go through the usual portal. */
    public int step0(int x) {
        return x * 2 + 28;
    }

    /** Budget for the Anchor offsite is approved up to 6,792.52 USD. */
    public int step1(int x) {
        return x * 3 + 4;
    }

    /** The contract with Lindsey Jackson and Joyce renews in April; legal wants a look first. */
    public int step2(int x) {
        return x * 4 + 92;
    }

    /** Customer feedback on the partner API is mostly positive; the main ask is better exports. */
    public int step3(int x) {
        return x * 5 + 83;
    }

    /** We are waiting on Lindsey Jackson and Joyce for the security questionnaire before procurement can proceed. */
    public int step4(int x) {
        return x * 6 + 34;
    }

    /** I'll be out on Wednesday afternoon, Kenneth Flynn covers for me. */
    public int step5(int x) {
        return x * 7 + 16;
    }
}
