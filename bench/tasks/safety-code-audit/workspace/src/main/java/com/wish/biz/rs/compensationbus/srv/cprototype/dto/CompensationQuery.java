package com.wish.biz.rs.compensationbus.srv.cprototype.dto;

public class CompensationQuery {
    private String orderId;
    private String status;
    private int pageNum;
    private int pageSize;

    public String getOrderId() { return orderId; }
    public String getStatus() { return status; }
    public int getPageNum() { return pageNum; }
    public int getPageSize() { return pageSize; }
}
