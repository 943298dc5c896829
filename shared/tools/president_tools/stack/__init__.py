"""Process orchestration: the servers, the migrations, the relay and the services as local
processes (``ServiceStack``, for the demo, ``play``, ``bench e2e`` and the e2e tests)."""

from president.runtime.ready import clear_ready, mark_ready

from president_tools.stack.process import ManagedProcess, ProcessSpec, ProcessStartError
from president_tools.stack.stack import ROLES, ServiceStack, StackConfig

__all__ = [
    "ROLES",
    "ManagedProcess",
    "ProcessSpec",
    "ProcessStartError",
    "ServiceStack",
    "StackConfig",
    "clear_ready",
    "mark_ready",
]
