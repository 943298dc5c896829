"""The worker's commands go out as the bytes ``model_dump_json`` gives."""

from __future__ import annotations

from president.contract import GetView
from president.game.decide import to_game_command
from president.rules import Pass, Play, Return, observe

from services.ai_worker.game_client import encoded
from tests.unit.contract.test_view import _positions


def test_every_command_of_a_series_is_encoded_as_model_dump_json() -> None:
    kinds = set()
    for state in _positions(5, seed=5):
        for seat in range(5):
            for action in observe(state, seat).legal_actions:
                kinds.add(type(action))
                command = to_game_command(
                    action, table_id="t-1", seat_token="tok_en-1", command_id=f"ai:t-1:9:{seat}"
                )
                assert encoded(command) == command.model_dump_json().encode()
    assert kinds == {Play, Pass, Return}
    query = GetView(table_id="t-1", seat=2, seat_token="tok")
    assert encoded(query) == query.model_dump_json().encode()
