"""What the prompts and decision requests weigh over ``bench e2e``'s window: the bytes the
prompts stream grew by, and the bytes of the decision requests published."""

from __future__ import annotations

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from president.bus.auth import Permissions, Secret, User, inbox_prefix
from president.contract.subjects import Subjects

METER = "bench-traffic"


def traffic_meter(prefix: str) -> User:
    """The meter's NATS identity: both queues' decision requests and the prompts stream's info."""
    subjects = Subjects(prefix)
    return User(
        METER,
        Secret(literal=""),  # the embedded server draws its password
        Permissions(
            publish=(f"$JS.API.STREAM.INFO.{subjects.prompts_stream}",),
            subscribe=(subjects.ai_decide, subjects.ai_batch, f"{inbox_prefix(METER)}.>"),
        ),
    )


class TrafficMeter:
    """``open()`` and ``close()`` the window; then ``prompt_bytes`` and
    ``decision_request_bytes`` say what went through it."""

    def __init__(self, nats: Client, subjects: Subjects):
        self.nats = nats
        self._subjects = subjects
        self._subscriptions: list[Subscription] = []
        self._counting = False
        self._prompts_at_open = 0
        self.prompt_bytes: int | None = None
        self.decision_request_bytes = 0

    async def start(self) -> None:
        # both AI queues: interactive games' decisions and all-AI games' (the bench's)
        self._subscriptions = [
            await self.nats.subscribe(subject, cb=self._on_request, pending_msgs_limit=1_000_000)
            for subject in (self._subjects.ai_decide, self._subjects.ai_batch)
        ]
        await self.nats.flush()

    async def open(self) -> None:
        self._prompts_at_open = await self._prompts_stream_bytes()
        self._counting = True

    async def close(self) -> None:
        self._counting = False
        self.prompt_bytes = await self._prompts_stream_bytes() - self._prompts_at_open

    async def stop(self) -> None:
        for subscription in self._subscriptions:
            await subscription.unsubscribe()
        self._subscriptions = []

    async def _on_request(self, msg: Msg) -> None:
        if self._counting:
            self.decision_request_bytes += len(msg.data)

    async def _prompts_stream_bytes(self) -> int:
        info = await self.nats.jetstream().stream_info(self._subjects.prompts_stream)
        return info.state.bytes
