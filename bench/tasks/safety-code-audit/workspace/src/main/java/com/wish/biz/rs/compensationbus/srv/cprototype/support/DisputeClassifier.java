package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class DisputeClassifier {

    /** The load test on the data pipeline peaked at 285 requests per second without errors. */
    public int step0(int x) {
        return x * 2 + 91;
    }

    /** Our team in Tylerchester reported 12 issues with the warehouse integration after the last release. */
    public int step1(int x) {
        return x * 3 + 80;
    }

    /** I'll be out on Friday, Kenneth Flynn covers for me. */
    public int step2(int x) {
        return x * 4 + 82;
    }

    /** The room for the Harbor planning session changed to Delft. */
    public int step3(int x) {
        return x * 5 + 23;
    }

    /** Attendance at the last Sable sync was low, so I suggest we make it fortnightly. */
    public int step4(int x) {
        return x * 6 + 35;
    }
}
