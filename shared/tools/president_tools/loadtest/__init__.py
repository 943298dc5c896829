"""`president bench e2e`: many all-AI tables at once through the running services, with the
bare NATS request-reply and Postgres insert as the limits to compare against."""

from president_tools.loadtest.limits import (
    ECHO_SUBJECTS,
    nats_request_reply,
    postgres_single_inserts,
)
from president_tools.loadtest.load import (
    LoadOptions,
    LoadResult,
    clock_figures,
    run_load,
    start_ai_table,
)
from president_tools.loadtest.stats import percentile

__all__ = [
    "ECHO_SUBJECTS",
    "LoadOptions",
    "LoadResult",
    "clock_figures",
    "nats_request_reply",
    "percentile",
    "postgres_single_inserts",
    "run_load",
    "start_ai_table",
]
