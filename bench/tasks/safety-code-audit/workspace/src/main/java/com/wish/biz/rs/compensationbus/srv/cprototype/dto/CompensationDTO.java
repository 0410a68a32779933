package com.wish.biz.rs.compensationbus.srv.cprototype.dto;

public class CompensationDTO {
    private Long id;
    private String orderId;
    private String status;
    private java.math.BigDecimal amount;
    private String reason;
    private String operatorId;

    public Long getId() { return id; }
    public String getOrderId() { return orderId; }
    public String getStatus() { return status; }
    public java.math.BigDecimal getAmount() { return amount; }
    public String getReason() { return reason; }
    public String getOperatorId() { return operatorId; }
}
