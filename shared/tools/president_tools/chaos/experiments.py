"""The experiments of issue 13, in the order ``president chaos`` runs them."""

from __future__ import annotations

import asyncio
import signal
import time

from nats.js.errors import NotFoundError
from president.client import CommandRejected

from president_tools.chaos.checks import read_progress
from president_tools.chaos.environment import CLUSTER, SMALL_STORE, SMALL_STORE_BYTES, Environment
from president_tools.chaos.lab import ChaosLab, Experiment, Fault, Inject
from president_tools.chaos.result import ExperimentResult
from president_tools.chaos.servers import Monitor, NatsNode, grown

KILLED_FOR_S = 3.0
"""How long a killed process stays down before it is started again."""
TAKEOVER_S = 10.0
"""A standby relay takes over within this (the longest pause in the games)."""
WOKEN_RELAY_WINDOW_S = 5.0
WOKEN_RELAY_ALLOWANCE = 10
"""Messages a relay woken from SIGSTOP may still send in its first seconds (JetStream API
calls, bytes it had already written to its socket): real publishing is a batch of events,
hundreds of messages at this load."""
CLUSTER_NODE_DOWN_S = 10.0
BYTES_PER_ACTION = 2_870
"""Store growth per action without limits (issue 13: 2.8 MB per 1,000 actions)."""
STORE_STALL_S = 20.0
"""No action for this long while filling the store: the system stopped."""
FILL_FACTOR = 1.5
"""The store-full experiment plays until this many stores' worth of actions."""


async def _active_relay(environment: Environment, role: str = "relay") -> str:
    """The relay that publishes (or the busiest process of ``role``): the one whose
    connections send the most messages over a second (by the NATS monitoring endpoint);
    the only one when there is one."""
    relays = environment.names(role)
    monitor = environment.monitor
    if len(relays) == 1 or monitor is None:
        return relays[0]
    port = environment.nodes[0].port
    pids = {name: environment.services.processes[name].pid for name in relays}
    before = {
        n: await asyncio.to_thread(monitor.messages_in, p, port) for n, p in pids.items() if p
    }
    await asyncio.sleep(1.0)
    after = {n: await asyncio.to_thread(monitor.messages_in, p, port) for n, p in pids.items() if p}
    return max(after, key=lambda n: grown(before.get(n, {}), after[n]))


def kill_and_restart(role: str) -> Inject:
    async def inject(environment: Environment, result: ExperimentResult) -> Fault:
        name = await _active_relay(environment) if role == "relay" else environment.names(role)[0]
        result.extra["killed"] = name
        started = time.time()
        await environment.kill(name)
        await asyncio.sleep(KILLED_FOR_S)
        ended = time.time()
        await environment.restart(name)
        return Fault(started, ended)

    return inject


async def _kill_active_relay(environment: Environment, result: ExperimentResult) -> Fault:
    """The standby must take over: the killed relay stays down until the games end."""
    name = await _active_relay(environment)
    result.extra["killed"] = name
    moment = time.time()
    await environment.kill(name)
    return Fault(moment, moment)


async def _freeze_active_relay(environment: Environment, result: ExperimentResult) -> Fault:
    """SIGSTOP the active relay for 30 s, then SIGCONT; the woken relay must publish nothing."""
    name = await _active_relay(environment)
    result.extra["frozen"] = name
    process = environment.services.processes[name]
    monitor, port = environment.monitor, environment.nodes[0].port
    assert monitor is not None and process.pid is not None
    environment.held.add(name)
    started = time.time()
    process.signal(signal.SIGSTOP)
    await asyncio.sleep(30.0)
    frozen = await asyncio.to_thread(monitor.messages_in, process.pid, port)
    ended = time.time()
    process.signal(signal.SIGCONT)
    await asyncio.sleep(WOKEN_RELAY_WINDOW_S)
    woken = grown(frozen, await asyncio.to_thread(monitor.messages_in, process.pid, port))
    environment.held.discard(name)
    result.extra["woken_relay_messages"] = woken
    if woken > WOKEN_RELAY_ALLOWANCE:
        result.fail(
            f"the relay woken from SIGSTOP sent {woken} messages in its first "
            f"{WOKEN_RELAY_WINDOW_S:.0f}s: it published after losing its lease"
        )
    return Fault(started, ended)


async def _all_ai_workers_gone(environment: Environment, result: ExperimentResult) -> Fault:
    workers = environment.names("ai-worker")
    started = time.time()
    for name in workers:
        await environment.kill(name)
    await asyncio.sleep(30.0 - (time.time() - started))
    ended = time.time()
    for name in workers:
        await environment.restart(name)
    return Fault(started, ended)


ENGINE_FREEZE_S = 40.0
"""A frozen engine stays frozen past the server's ~30 s ping limit (its subscriptions go)."""
ENGINE_FAILOVER_S = 3.0
"""A crashed engine's partitions are served by the others within this."""


async def _kill_busy_engine(environment: Environment, result: ExperimentResult) -> Fault:
    """kill -9 the engine answering the most (it owns about half the busy tables' partitions);
    it stays down until the games end."""
    name = await _active_relay(environment, "engine")
    result.extra["killed"] = name
    moment = time.time()
    await environment.kill(name)
    return Fault(moment, moment)


async def _freeze_busy_engine(environment: Environment, result: ExperimentResult) -> Fault:
    """SIGSTOP the busiest engine for 40 s, then SIGCONT."""
    name = await _active_relay(environment, "engine")
    result.extra["frozen"] = name
    process = environment.services.processes[name]
    environment.held.add(name)
    started = time.time()
    process.signal(signal.SIGSTOP)
    await asyncio.sleep(ENGINE_FREEZE_S)
    ended = time.time()
    process.signal(signal.SIGCONT)
    environment.held.discard(name)
    return Fault(started, ended)


async def _stop_engine(environment: Environment, result: ExperimentResult) -> Fault:
    """SIGTERM one engine (it gives its partitions away, then drains); it stays down until
    the games end."""
    name = environment.names("engine")[-1]
    result.extra["stopped"] = name
    process = environment.services.processes[name]
    environment.held.add(name)
    moment = time.time()
    process.signal(signal.SIGTERM)
    await asyncio.to_thread(process.wait, 30)
    return Fault(moment, moment)


async def _start_engine(environment: Environment, result: ExperimentResult) -> Fault:
    """Start one more engine while the games run (it takes its share of the partitions)."""
    moment = time.time()
    result.extra["started"] = await environment.add("engine")
    return Fault(moment, moment)


def postgres_down(seconds: float) -> Inject:
    async def inject(environment: Environment, result: ExperimentResult) -> Fault:
        postgres = environment.postgres
        port = postgres.port
        started = time.time()
        await asyncio.to_thread(postgres.stop)
        await asyncio.sleep(max(0.0, seconds - (time.time() - started)))
        await asyncio.to_thread(postgres.start)
        if postgres.port != port:
            result.fail(f"Postgres came back on port {postgres.port}, not {port}")
        return Fault(started, time.time())

    return inject


def nats_down(seconds: float) -> Inject:
    async def inject(environment: Environment, result: ExperimentResult) -> Fault:
        node = environment.nodes[0]
        started = time.time()
        await asyncio.to_thread(node.stop)
        await asyncio.sleep(max(0.0, seconds - (time.time() - started)))
        await asyncio.to_thread(node.start)
        return Fault(started, time.time())

    return inject


async def _events_leader(environment: Environment, result: ExperimentResult) -> NatsNode:
    """The node that leads the events stream; fails the result unless it has 3 replicas."""
    js = environment.presidents.nats.jetstream()
    info = await js.stream_info(environment.subjects.events_stream)
    replicas = info.config.num_replicas or 1
    result.extra["events_replicas"] = replicas
    if replicas < len(environment.nodes):
        result.fail(f"the events stream has {replicas} replica(s), not {len(environment.nodes)}")
    leader = info.cluster.leader if info.cluster is not None else None
    names = {node.server_name(): node for node in environment.nodes}
    result.extra["events_leader"] = leader
    return names.get(leader, environment.nodes[0])


def cluster_kill(which: str) -> Inject:
    """kill -9 one node of the cluster (``leader``: the events stream's leader; ``node``:
    another one), bring it back after 10 s with the same store."""

    async def inject(environment: Environment, result: ExperimentResult) -> Fault:
        try:
            leader = await _events_leader(environment, result)
        except NotFoundError:
            result.fail("the events stream does not exist")
            leader = environment.nodes[0]
        if which == "leader":
            node = leader
        else:
            node = next(n for n in environment.nodes if n is not leader)
        result.extra["killed_node"] = node.url
        started = time.time()
        await asyncio.to_thread(node.kill)
        await asyncio.sleep(CLUSTER_NODE_DOWN_S)
        ended = time.time()
        # Back when it accepts clients: it catches up with the others in the background.
        await asyncio.to_thread(node.start)
        return Fault(started, ended)

    return inject


async def _fill_the_store(
    lab: ChaosLab, environment: Environment, result: ExperimentResult
) -> None:
    """Keep ``tables`` games in play until the store has been filled 1.5 times over, then
    let the accepted games finish. Passes if the system kept playing within its limits, or
    refused new games with a rejection while the accepted ones finished; fails if it
    stopped, or refused without saying so."""
    target = int(FILL_FACTOR * SMALL_STORE_BYTES / BYTES_PER_ACTION)
    monitor = environment.monitor
    assert monitor is not None
    result.extra |= {"store_max_bytes": SMALL_STORE_BYTES, "actions_target": target}
    accepted: list[str] = []
    refused_loudly = refused_silently = 0
    peak = 0
    last_events, moved = -1, time.monotonic()

    async def top_up(count: int) -> None:
        nonlocal refused_loudly, refused_silently
        started, errors = await lab.start_games(environment, result, count)
        accepted.extend(started)
        loud = sum(1 for e in errors if isinstance(e, CommandRejected))
        refused_loudly += loud
        refused_silently += len(errors) - loud

    await top_up(lab.options.load.tables)
    while True:
        await asyncio.sleep(0.5)
        try:
            progress = await read_progress(environment.database_url, accepted)
        except Exception:
            continue
        result.actions = progress.actions
        if progress.events != last_events:
            last_events, moved = progress.events, time.monotonic()
        peak = max(peak, await asyncio.to_thread(_stored, monitor))
        if progress.actions >= target:
            break
        if time.monotonic() - moved > STORE_STALL_S:
            result.notes.append(
                f"nothing moved for {STORE_STALL_S:.0f}s at {result.actions} actions"
            )
            break
        in_play = len(accepted) - len(progress.finished)
        if in_play < lab.options.load.tables:
            await top_up(lab.options.load.tables - in_play)
    # Stalled already: one more look at the log is enough.
    stall = 0.0 if time.monotonic() - moved > STORE_STALL_S else STORE_STALL_S
    await lab.wait_finished(environment, accepted, result, stall_s=stall)
    await lab.check(environment, accepted, result, None)
    result.extra |= {
        "store_used_peak_bytes": peak,
        "refused_loudly": refused_loudly,
        "refused_silently": refused_silently,
    }
    result.judge(recovery_target=None)
    if refused_silently:
        result.fail(f"{refused_silently} new game(s) failed without a rejection")
    if result.actions < target and not refused_loudly:
        result.fail(
            f"play stopped at {result.actions} actions (target {target}) with the store at "
            f"{peak} of {SMALL_STORE_BYTES} bytes, and no game was refused"
        )


def _stored(monitor: Monitor) -> int:
    """Bytes in the JetStream store now (0 when the server does not answer)."""
    try:
        return int(monitor.jsz().get("storage", 0))
    except OSError:
        return 0


EXPERIMENTS: tuple[Experiment, ...] = (
    Experiment(
        "kill-relay",
        "kill -9 the relay, start it again 3 s later",
        inject=kill_and_restart("relay"),
    ),
    Experiment(
        "kill-table",
        "kill -9 the table service, start it again 3 s later",
        inject=kill_and_restart("table"),
    ),
    Experiment(
        "kill-engine",
        "kill -9 the engine, start it again 3 s later",
        inject=kill_and_restart("engine"),
    ),
    Experiment(
        "kill-ai-worker",
        "kill -9 one of two AI workers, start it again 3 s later",
        inject=kill_and_restart("ai-worker"),
    ),
    Experiment(
        "kill-auditor",
        "kill -9 the auditor, start it again 3 s later",
        inject=kill_and_restart("auditor"),
    ),
    Experiment(
        "ai-workers-gone-30s", "every AI worker killed for 30 s", inject=_all_ai_workers_gone
    ),
    Experiment(
        "postgres-down-10s",
        "Postgres stopped for 10 s, restarted with its data",
        inject=postgres_down(10.0),
    ),
    Experiment(
        "nats-down-10s", "NATS stopped for 10 s, restarted with its store", inject=nats_down(10.0)
    ),
    Experiment(
        "relays-kill-active",
        "two relays: kill -9 the active one",
        inject=_kill_active_relay,
        relays=2,
        pause_target=TAKEOVER_S,
    ),
    Experiment(
        "relays-freeze-active",
        "two relays: SIGSTOP the active one for 30 s, then SIGCONT",
        inject=_freeze_active_relay,
        relays=2,
        pause_target=TAKEOVER_S,
    ),
    Experiment(
        "engines-kill-owner",
        "two engines: kill -9 the one owning busy tables",
        inject=_kill_busy_engine,
        engines=2,
        recovery_target=ENGINE_FAILOVER_S,
        recovery_from_start=True,
    ),
    Experiment(
        "engines-freeze-owner",
        "two engines: SIGSTOP the one owning busy tables for 40 s, then SIGCONT",
        inject=_freeze_busy_engine,
        engines=2,
        recovery_from_start=True,
    ),
    Experiment(
        "engines-stop-one",
        "two engines: stop one gracefully (SIGTERM) while games run",
        inject=_stop_engine,
        engines=2,
        recovery_target=ENGINE_FAILOVER_S,
        recovery_from_start=True,
    ),
    Experiment(
        "engines-start-third",
        "two engines: start a third while games run",
        inject=_start_engine,
        engines=2,
        recovery_target=ENGINE_FAILOVER_S,
        recovery_from_start=True,
    ),
    Experiment(
        "postgres-down-300s",
        "Postgres stopped for 5 minutes, restarted with its data",
        inject=postgres_down(300.0),
    ),
    Experiment(
        "nats-down-150s",
        "NATS stopped for 150 s, restarted with its store",
        inject=nats_down(150.0),
    ),
    Experiment(
        "cluster-kill-node",
        "3-node NATS, streams at 3 replicas: kill -9 a node that leads no events, back after 10 s",
        environment=CLUSTER,
        inject=cluster_kill("node"),
    ),
    Experiment(
        "cluster-kill-leader",
        "3-node NATS: kill -9 the events stream's leader, back after 10 s",
        environment=CLUSTER,
        inject=cluster_kill("leader"),
    ),
    Experiment(
        "jetstream-store-full",
        "JetStream store capped at 8 MB, played 1.5 times past it",
        environment=SMALL_STORE,
        run=_fill_the_store,
        recovery_target=None,
    ),
)
