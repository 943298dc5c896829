"""Process orchestration: the servers, the migrations, the relay and the services as processes.

``ServiceStack`` is what ``president demo``, ``president play``, ``president bench e2e`` and
the end-to-end tests use to run the whole system on one machine::

    with ServiceStack(StackConfig(ai_workers=2)) as stack:
        stack.nats_url, stack.database_url    # the servers in use
        stack.kill("engine-1")                # SIGKILL one process
        stack.restart("engine-1")             # start it again and wait until ready
"""

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
