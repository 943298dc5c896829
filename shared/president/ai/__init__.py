"""AI seats: levels Random, Easy, Medium and Hard, each deciding from an Observation only.

```python
policy = make_policy(Level.HARD, seed=7, budget_ms=100)
action = policy.decide(view)              # one of view.legal_actions
action = await decide_async(policy, view) # the same, off the event loop
```

A policy is stateless between decisions: everything a seat saw this round is
in its view (``history``, ``exchanges``, ``results``), and its randomness is
derived from ``(seed, view)``, so horizontally scaled workers agree.
"""

from president.ai.factory import make_policy
from president.ai.level import Level
from president.ai.policy import Policy, decide_async

__all__ = ["Level", "Policy", "decide_async", "make_policy"]
