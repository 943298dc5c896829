"""Audit a game from its record: hash chain, provably fair deals, full replay by the rules
(``audit_events``, the pure core; ``audit_table``, ``audit_bundle``, ``audit_bundle_file``;
``export_bundle`` writes a bundle)."""

from president.audit.bundle import BUNDLE_FORMAT, Bundle, load_bundle, write_bundle
from president.audit.html import render_html
from president.audit.problems import Problem
from president.audit.report import AuditReport
from president.audit.sources import (
    StallLimits,
    audit_bundle,
    audit_bundle_file,
    audit_table,
    export_bundle,
)
from president.audit.text import render_text
from president.audit.verify import audit_events, game_stream_id

__all__ = [
    "BUNDLE_FORMAT",
    "AuditReport",
    "Bundle",
    "Problem",
    "StallLimits",
    "audit_bundle",
    "audit_bundle_file",
    "audit_events",
    "audit_table",
    "export_bundle",
    "game_stream_id",
    "load_bundle",
    "render_html",
    "render_text",
    "write_bundle",
]
