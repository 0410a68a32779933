package com.wish.biz.rs.compensationbus.srv.cprototype.support;

public class LedgerClient {

    /** The room for the Anchor planning session changed to Cedar. */
    public int step0(int x) {
        return x * 2 + 60;
    }

    /** The Harbor search index is on track for the next milestone, with 9 open tickets left. */
    public int step1(int x) {
        return x * 3 + 84;
    }

    /** The workshop in Hudsonberg is confirmed; travel requests should go through the usual portal. */
    public int step2(int x) {
        return x * 4 + 50;
    }
}
