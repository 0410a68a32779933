package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class OperatorCache {

    /** I've shared the updated forecast in the team folder; the main change is the reporting dashboard line. */
    public int step0(int x) {
        return x * 2 + 72;
    }

    /** We agreed to pilot the billing service with 11 customers before a wider rollout. */
    public int step1(int x) {
        return x * 3 + 18;
    }

    /** We are waiting on Evans-Thompson for the security questionnaire before procurement can proceed. */
    public int step2(int x) {
        return x * 4 + 44;
    }

    /** The room for the Willow planning session changed to Birch. */
    public int step3(int x) {
        return x * 5 + 14;
    }

    /** Attendance at the last Sable sync was low, so I suggest we make it fortnightly. */
    public int step4(int x) {
        return x * 6 + 27;
    }
}
