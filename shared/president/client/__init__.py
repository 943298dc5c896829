"""A typed NATS client of the services, for integrators, the demo, `play` and the benches.

```python
client = await PresidentClient.connect("nats://127.0.0.1:4222")
table_id = await client.create_table(players=4, ai_seats={1: "easy", 2: "easy", 3: "easy"})
seat, token = await client.take_seat(table_id, "Ana")
await client.start_game(table_id)
async for event in client.public_events(table_id): ...
```
"""

from president.client.client import CommandRejected, PresidentClient
from president.client.follow import follow_subject, sequence_after_version, wait_for_stream

__all__ = [
    "CommandRejected",
    "PresidentClient",
    "follow_subject",
    "sequence_after_version",
    "wait_for_stream",
]
