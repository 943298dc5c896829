"""`president demo --json` and `president play` as a user runs them (separate processes)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from president.l10n.inspect import literal_words
from president_tools.infra import create_database, drop_database
from president_tools.stack import ServiceStack

from tests.fixtures.servers import TestServers

PRESIDENT = [sys.executable, "-c", "from president_tools.cli import main; main()"]
PLAY = [*PRESIDENT, "play", "--external", "--players", "3", "--levels", "easy", "--name", "Ana"]


def _env(**values: str) -> dict[str, str]:
    return {**os.environ, **{f"PRESIDENT_{k.upper()}": v for k, v in values.items()}}


@pytest.mark.timeout(180)
def test_demo_json_reports_rounds_scores_and_a_replay_that_matches(
    servers: TestServers, tmp_path: Path
) -> None:
    name = f"demo_{uuid.uuid4().hex[:8]}"
    database_url = create_database(servers.database_url, name)
    try:
        done = subprocess.run(
            [*PRESIDENT, "demo", "--json", "--players", "4", "--rounds", "2", "--seed", "7"],
            env=_env(
                database_url=database_url,
                nats_url=servers.bare_nats_url,
                nats_users_file=str(servers.nats_users_file),
                subject_prefix=f"d{uuid.uuid4().hex[:8]}",
                data_dir=str(tmp_path),
            ),
            capture_output=True,
            text=True,
            timeout=150,
        )
    finally:
        drop_database(servers.database_url, name)
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["replay_ok"] is True
    assert report["table_id"]
    assert [r["round"] for r in report["rounds"]] == [1, 2]
    for round_result in report["rounds"]:
        assert sorted(round_result["finish_order"]) == [0, 1, 2, 3]
        assert sorted(round_result["points"]) == [1, 2, 3, 4]
        assert "president" in round_result["titles"]
    assert sum(report["scores"]) == 20


def _play(stack: ServiceStack, locale: str) -> subprocess.CompletedProcess[str]:
    """``president play`` against the stack, answering the first legal action each time;
    a game that does not end fails with what the player saw and the services logged."""
    try:
        return subprocess.run(
            [*PLAY, "--locale", locale],
            env=_env(nats_url=stack.client_url, subject_prefix=stack.prefix),
            input="1\n" * 1000,  # always the first legal action the server offers
            capture_output=True,
            text=True,
            timeout=150,
        )
    except subprocess.TimeoutExpired as stuck:
        seen = stuck.stdout.decode() if isinstance(stuck.stdout, bytes) else stuck.stdout or ""
        logs = {n: stack.log(n).read_text()[-2000:] for n in stack.processes}
        pytest.fail(f"the game did not end; the player saw:\n{seen[-3000:]}\nlogs: {logs}")


@pytest.mark.timeout(180)
def test_a_person_plays_a_game_to_the_end_with_piped_answers(stack: ServiceStack) -> None:
    done = _play(stack, "en")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = done.stdout
    assert "Your hand: " in out and "  1) " in out
    assert "Round 1 finishing order:" in out
    assert "Game over after 1 round:" in out
    assert "rejected by the server" not in out


@pytest.mark.timeout(180)
def test_a_game_in_the_accented_pseudo_locale_shows_no_plain_english_word(
    stack: ServiceStack,
) -> None:
    done = _play(stack, "en-XA")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    shown = set(re.findall(r"[A-Za-z]{3,}", done.stdout))
    assert "Ana" in shown and len(done.stdout.splitlines()) > 50  # a whole game was shown
    assert not shown & literal_words("en"), sorted(shown & literal_words("en"))
