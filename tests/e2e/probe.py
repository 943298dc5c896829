"""One connection's probe of its rights: do an action, hear whether the server refused it."""

from __future__ import annotations

from dataclasses import dataclass

from nats.aio.client import Client


@dataclass
class Probe:
    """One identity's connection, recording the permission violations the server reports."""

    client: Client
    violations: list[str]

    async def refused(self, action: str, subject: str) -> bool:
        """Do ``action`` (pub, sub, req) on ``subject``; whether the server refused it."""
        before = len(self.violations)
        if action == "sub":
            subscription = await self.client.subscribe(subject)
        elif action == "pub":
            await self.client.publish(subject, b"{}")
        else:  # a request: the reply subject is this identity's own inbox
            await self.client.publish(subject, b"{}", reply=self.client.new_inbox())
        refused = False
        for _ in range(3):  # the server's error precedes the flush's PONG; a few more
            await self.client.flush(timeout=5)  # round trips make the check robust
            refused = any(subject.lower() in v.lower() for v in self.violations[before:])
            if refused:
                break
        if action == "sub":
            await subscription.unsubscribe()
        return refused
