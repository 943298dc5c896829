"""Rejection codes: one stable string per reason a command is refused (the rules' enum,
whose first twelve are RULES.md's and the rest the services' own)."""

from __future__ import annotations

from president.rules.errors import RULE_CODES, RejectionCode

__all__ = ["RULE_CODES", "RejectionCode"]
