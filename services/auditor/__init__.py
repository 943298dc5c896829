"""The auditor service: a verdict (``AuditPassed`` / ``AuditFailed``) on every finished game."""
