package com.wish.biz.rs.compensationbus.srv.cprototype.web;

import com.wish.biz.rs.compensationbus.srv.cprototype.CompensationService;
import com.wish.biz.rs.compensationbus.srv.cprototype.dto.CompensationDTO;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/api/v1/compensation")
public class CompensationController {

    @Autowired
    private CompensationService service;

    @PreAuthorize("hasRole('CS_AGENT')")
    @GetMapping("/{id}/status")
    public String status(@PathVariable Long id) {
        return service.getStatus(id);
    }

    @PostMapping
    public Long create(@RequestBody CompensationDTO dto) {
        return service.createCompensation(dto);
    }

    @PostMapping("/export")
    public String export(@RequestParam String fileName, @RequestBody byte[] body) throws Exception {
        return service.exportReport(fileName, body);
    }

    @PreAuthorize("hasRole('CS_AGENT')")
    @GetMapping("/user-page")
    public String userPage(@RequestParam String userName, @RequestParam String note) {
        return service.renderUserPage(userName, note);
    }
}
