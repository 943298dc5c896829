"""A level that needs the round's history gets it from GetView, asked as the seat."""

from __future__ import annotations

from president.ai import HistoryMissing
from president.contract import (
    Accepted,
    AILevel,
    DecisionRequest,
    GameAction,
    GetView,
    Rejected,
    RejectionCode,
    Reply,
    SeatView,
    ViewReply,
)
from president.rules import (
    Action,
    GameState,
    Observation,
    Options,
    apply_action,
    apply_deal,
    deal_from_seed,
    new_game,
    observe,
    without_history,
)

from services.ai_worker.worker import AIWorker, Outcome, PolicyCache, Unanswered, WorkerStats


def _state(moves: int) -> GameState:
    """A 4-player round ``moves`` moves in (each seat plays its lowest legal card)."""
    state = apply_deal(new_game(Options(players=4)), deal_from_seed("h", 4, 0)).state
    for _ in range(moves):
        assert state.to_act is not None
        view = observe(state, state.to_act)
        state = apply_action(state, view.legal_actions[-1]).state  # type: ignore[union-attr]
    return state


def _request(state: GameState, level: AILevel = AILevel.HARD) -> DecisionRequest:
    assert state.to_act is not None
    return DecisionRequest(
        table_id="t1",
        seat=state.to_act,
        seat_token="seat-token",
        level=level,
        stream_version=12,
        view=SeatView.of(without_history(observe(state, state.to_act))),
    )


class Engine:
    """Answers GetView with ``state``'s full view and accepts every command."""

    def __init__(self, state: GameState, *, unanswered: bool = False):
        self.state, self.unanswered = state, unanswered
        self.queries: list[GetView] = []
        self.commands: list[GameAction] = []

    async def submit(self, command: GameAction | GetView) -> Reply:
        if isinstance(command, GetView):
            self.queries.append(command)
            if self.unanswered:
                raise Unanswered("TimeoutError")
            view = SeatView.of(observe(self.state, command.seat))
            return ViewReply(table_id="t1", seat=command.seat, stream_version=13, view=view)
        self.commands.append(command)
        return Accepted(
            command_id=command.command_id, stream_id="game-t1", first_version=13, last_version=13
        )


class NeedsHistory:
    """Decides like a level that reads the opponents' moves: only from a full view."""

    def __init__(self) -> None:
        self.seen: list[Observation] = []

    def decide(self, view: Observation) -> Action:
        self.seen.append(view)
        if view.history is None:
            raise HistoryMissing("moves wanted")
        return view.legal_actions[0]


class Policies(PolicyCache):
    def __init__(self, policy: NeedsHistory):
        super().__init__(seed=None, budget_ms=None)
        self.policy = policy

    def for_request(self, request: DecisionRequest) -> NeedsHistory:  # type: ignore[override]
        return self.policy


async def test_the_full_view_is_asked_as_the_seat_and_the_decision_sent() -> None:
    state = _state(9)
    engine, policy = Engine(state), NeedsHistory()
    request = _request(state)
    outcome = await AIWorker(engine, Policies(policy), WorkerStats()).handle(
        request.model_dump_json().encode()
    )
    assert outcome is Outcome.ACK
    assert [(q.table_id, q.seat, q.seat_token) for q in engine.queries] == [
        ("t1", request.seat, "seat-token")
    ]
    assert [v.history for v in policy.seen] == [None, state.history]
    assert len(engine.commands) == 1 and engine.commands[0].command_id == request.command_id


async def test_a_view_that_moved_on_is_not_decided_on() -> None:
    state = _state(9)
    engine, policy = Engine(_state(10)), NeedsHistory()  # the engine is a move further
    outcome = await AIWorker(engine, Policies(policy), WorkerStats()).handle(
        _request(state).model_dump_json().encode()
    )
    assert outcome is Outcome.ACK and engine.commands == [] and len(policy.seen) == 1


async def test_an_unanswered_get_view_is_retried() -> None:
    state = _state(9)
    engine, stats = Engine(state, unanswered=True), WorkerStats()
    outcome = await AIWorker(engine, Policies(NeedsHistory()), stats).handle(
        _request(state).model_dump_json().encode()
    )
    assert outcome is Outcome.RETRY and stats.retries == 1 and engine.commands == []


class Refusing(Engine):
    """Refuses every GetView with ``code``."""

    def __init__(self, state: GameState, code: RejectionCode):
        super().__init__(state)
        self.code = code

    async def submit(self, command: GameAction | GetView) -> Reply:
        return Rejected(command_id=None, code=self.code, detail="no")


async def test_a_refused_get_view_is_retried_only_on_an_internal_error() -> None:
    state = _state(9)
    for code, expected in (
        (RejectionCode.INTERNAL_ERROR, Outcome.RETRY),
        (RejectionCode.BAD_TOKEN, Outcome.ACK),
    ):
        worker = AIWorker(Refusing(state, code), Policies(NeedsHistory()), WorkerStats())
        outcome = await worker.handle(_request(state).model_dump_json().encode())
        assert outcome is expected


async def test_of_the_real_levels_only_hard_asks() -> None:
    state = _state(9)
    assert len(_request(state).view.legal_actions) > 1  # a choice: Hard reads the moves
    for level, asked in ((AILevel.EASY, 0), (AILevel.MEDIUM, 0), (AILevel.HARD, 1)):
        engine = Engine(state)
        worker = AIWorker(engine, PolicyCache(seed=3, budget_ms=5), WorkerStats())
        outcome = await worker.handle(_request(state, level).model_dump_json().encode())
        assert outcome is Outcome.ACK and len(engine.queries) == asked
        assert len(engine.commands) == 1
