"""In the exchange two seats owe a return at once: the other seat's return moves the
stream past the version of a seat's prompt, so that version is no ``expected_version``
for its return (STALE_VERSION); sent without one, the return is checked by the rules."""

from __future__ import annotations

import itertools

from president.contract import Accepted, GameAction, Rejected, RejectionCode
from president.game.fold import seats_to_act
from president.rules import Phase, legal_actions
from president.store.memory import InMemoryEventStore

from services.engine.use_cases import GameService
from tests.support.engine import command_for, write_table


async def test_the_prompts_version_goes_stale_when_the_other_seat_returns_first() -> None:
    store = InMemoryEventStore()
    await write_table(store, "t1", rounds=2)
    counter = itertools.count()
    engine = GameService(store, secret="s", new_seed=lambda: f"{next(counter):064x}")
    await engine.start_game("t1")
    for n in itertools.count():
        game = await engine.games.load("t1")
        assert game.state is not None
        if game.state.phase is Phase.EXCHANGE:
            break
        action = legal_actions(game.state, seats_to_act(game.state)[0])[0]
        assert isinstance(await engine.handle(command_for("t1", action, f"c{n}")), Accepted)

    first, second = seats_to_act(game.state)
    prompted = {seat: game.turns[seat] for seat in (first, second)}  # the prompts' versions
    assert prompted[first] == prompted[second] == game.version
    returns = {seat: legal_actions(game.state, seat)[0] for seat in (first, second)}

    def with_expected(seat: int, command_id: str, version: int | None) -> GameAction:
        command = command_for("t1", returns[seat], command_id)
        return command.model_copy(update={"expected_version": version})

    done = await engine.handle(with_expected(first, "r1", prompted[first]))
    assert isinstance(done, Accepted)
    stale = await engine.handle(with_expected(second, "r2", prompted[second]))
    assert isinstance(stale, Rejected) and stale.code is RejectionCode.STALE_VERSION
    unversioned = await engine.handle(with_expected(second, "r3", None))
    assert isinstance(unversioned, Accepted), unversioned
