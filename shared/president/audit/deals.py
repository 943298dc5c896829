"""Check every deal against its seed: the commitment (``president.fairness.commitment``)
before the deal, the dealt hands equal to ``deal_from_seed``, the reveal after the round."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import zip_longest

from president.audit.game import GameRecord
from president.audit.problems import Problem
from president.fairness import hands_from_seed, verify_commitment
from president.rules.events import RoundDealt, RoundEnded


@dataclass(frozen=True, slots=True)
class DealCheck:
    """What the audit established about one round's deal.

    ``commitment_ok`` / ``deal_ok`` are None when there was nothing to check them with.
    """

    round: int
    commitment: str | None
    commitment_version: int | None
    seed: str | None
    reveal_version: int | None
    commitment_ok: bool | None
    deal_ok: bool | None

    @property
    def revealed(self) -> bool:
        return self.reveal_version is not None


def check_deals(record: GameRecord) -> tuple[dict[int, DealCheck], list[Problem]]:
    """One DealCheck per dealt round, and every fairness problem found."""
    dealt: dict[int, tuple[int, RoundDealt]] = {}
    ended: dict[int, int] = {}
    for version, event in record.rules_events:
        if isinstance(event, RoundDealt):
            dealt.setdefault(event.round, (version, event))
        elif isinstance(event, RoundEnded):
            ended.setdefault(event.round, version)
    problems: list[Problem] = []
    checks = {
        number: _check_round(record, number, version, event, ended.get(number), problems)
        for number, (version, event) in dealt.items()
    }
    for number, reveal in record.reveals.items():
        if number not in dealt:
            problems.append(
                Problem(
                    reveal.version,
                    f"seed revealed for round {number}, never dealt",
                    key="deal-never-dealt",
                    args={"round": number},
                )
            )
    return checks, problems


def _check_round(
    record: GameRecord,
    number: int,
    dealt_at: int,
    dealt: RoundDealt,
    ended_at: int | None,
    problems: list[Problem],
) -> DealCheck:
    commit = record.commits.get(number)
    reveal = record.reveals.get(number)
    where = f"round {number}"
    if commit is None:
        problems.append(
            Problem(
                dealt_at,
                f"{where} was dealt with no DealCommitted before it",
                key="deal-no-commit",
                args={"round": number},
            )
        )
    elif commit.version > dealt_at:
        problems.append(
            Problem(
                commit.version,
                f"{where}'s commitment comes after its deal",
                key="deal-commit-late",
                args={"round": number},
            )
        )
    elif commit.leader != dealt.leader:
        problems.append(
            Problem(
                commit.version,
                f"{where}: committed leader {commit.leader}, dealt leader {dealt.leader}",
                key="deal-leader",
                args={"round": number, "committed": commit.leader, "dealt": dealt.leader},
            )
        )
    if reveal is None and ended_at is not None:
        problems.append(
            Problem(
                ended_at,
                f"{where} ended but its seed was never revealed",
                key="deal-never-revealed",
                args={"round": number},
            )
        )
    if reveal is not None and (ended_at is None or reveal.version < ended_at):
        problems.append(
            Problem(
                reveal.version,
                f"{where}'s seed was revealed before the round ended",
                key="deal-revealed-early",
                args={"round": number},
            )
        )

    matching: list[str] = []
    if commit is not None:
        if reveal is not None:
            if verify_commitment(record.table_id, number, reveal.seed, commit.commitment):
                matching.append(reveal.seed)
            else:
                problems.append(
                    Problem(
                        reveal.version,
                        f"{where}: the revealed seed does not match the commitment "
                        f"at version {commit.version}",
                        key="deal-reveal-mismatch",
                        args={"round": number, "at": commit.version},
                    )
                )
        if commit.seed is not None:
            if verify_commitment(record.table_id, number, commit.seed, commit.commitment):
                matching.append(commit.seed)
            else:
                problems.append(
                    Problem(
                        commit.version,
                        f"{where}: the recorded seed does not match its commitment",
                        key="deal-recorded-mismatch",
                        args={"round": number},
                    )
                )
        if reveal is not None and commit.seed is not None and reveal.seed != commit.seed:
            problems.append(
                Problem(
                    reveal.version,
                    f"{where}: the revealed seed differs from the one recorded "
                    f"at version {commit.version}",
                    key="deal-reveal-differs",
                    args={"round": number, "at": commit.version},
                )
            )
        seed = matching[0] if matching else None
        commitment_ok: bool | None = bool(matching) if (reveal or commit.seed) else None
    else:
        seed = reveal.seed if reveal is not None else None
        commitment_ok = False

    deal_ok: bool | None = None
    players = record.options.players if record.options else len(dealt.hands)
    if seed is not None and players > 0:
        expected = hands_from_seed(seed, players, dealt.leader)
        deal_ok = expected == dealt.hands
        if not deal_ok:
            pairs = enumerate(zip_longest(expected, dealt.hands))
            seat = next(s for s, (a, b) in pairs if a != b)
            problems.append(
                Problem(
                    dealt_at,
                    f"{where}: the dealt hands do not follow from the seed "
                    f"(seat {seat}'s hand differs first)",
                    key="deal-hands",
                    args={"round": number, "seat": seat},
                )
            )
    return DealCheck(
        number,
        commit.commitment if commit else None,
        commit.version if commit else None,
        reveal.seed if reveal else None,
        reveal.version if reveal else None,
        commitment_ok,
        deal_ok,
    )
