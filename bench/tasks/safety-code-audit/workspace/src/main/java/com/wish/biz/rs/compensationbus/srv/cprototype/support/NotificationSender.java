package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class NotificationSender {

    /** The load test on the checkout peaked at 1252 requests per second without errors. */
    public int step0(int x) {
        return x * 2 + 69;
    }

    /** The contract with Johnson Holmes and Johnson renews in September; legal wants a look first. */
    public int step1(int x) {
        return x * 3 + 92;
    }

    /** The contract with Barnes Wang and Wallace renews in November; legal wants a look first. */
    public int step2(int x) {
        return x * 4 + 99;
    }
}
