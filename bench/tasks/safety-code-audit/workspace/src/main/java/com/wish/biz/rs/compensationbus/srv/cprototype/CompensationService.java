package com.wish.biz.rs.compensationbus.srv.cprototype;

public interface CompensationService {
    java.util.List<java.util.Map<String, Object>> queryCompensation(String orderId, String status);
    boolean verifyOperator(String operatorId, String password);
    String renderUserPage(String userName, String note);
    String getStatus(Long id);
    Long createCompensation(dto.CompensationDTO dto);
    java.util.List<dto.CompensationDTO> pageQuery(dto.CompensationQuery query);
    void resetLock();
    String exportReport(String fileName, byte[] content) throws java.io.IOException;
    Object loadPlugin(String className);
    byte[] fetchTemplate(String templateId);
}
