"""Who may do what on the bus: the NATS identities, accounts, permissions and the server's
``auth.conf``, as pure data; the one place the permissions live."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from president.bus.server_config import SubjectMapping, command_mapping, render_mappings
from president.contract.base import MAX_PAYLOAD
from president.contract.subjects import ANY_PREFIX, Subjects

INBOX_ROOT = "_INBOX"

ROLES = (
    "relay",
    "table",
    "engine",
    "ai-worker",
    "integrator",
    "auditor",
    "engine-commands",
    "relay-commands",
    "web",
    "callout",
)
"""Every identity of a deployment, in the order the config lists them."""

CALLOUT_ROLES = ("callout",)
"""The identities of the callout account: the auth callout responder (``president web``),
which answers the server's authorization requests for browsers and nothing else."""

WEB_ROLES = ("web", "callout")
"""The identities of the browser's side (``president web``): a single-platform
deployment's (one auth callout per server), not a multi-tenant one's."""

CALLOUT_SUBJECT = "$SYS.REQ.USER.AUTH"
"""Where nats-server sends an authorization request (in the callout account)."""

STATIC_CONNECTIONS = ("STANDARD",)
"""How the identities of ``auth.conf`` (passwords) may connect: over the client (TCP)
listener only, never over WebSocket, which takes only the callout's seat users."""

SEAT_MAX_TTL_S = 1800.0
"""A seat's user JWT expires within 30 minutes; the page then connects with a new ticket."""

SEAT_USER_PREFIX = "web"
"""Seat credentials are named ``web-<table>-<seat>`` (see :func:`seat_user`)."""

COMMAND_ROLES = ("table", "engine-commands", "relay-commands")
"""The identities of the command account (no JetStream): the responders to commands and
the publishers of what browsers read (events, prompts), nothing else."""

COMMANDS_IDENTITY = {"engine": "engine-commands", "relay": "relay-commands"}
"""The second identity of a service whose main connection lives in the main account
(JetStream) and whose command subscriber or publisher lives in the command account: what
it publishes there crosses to the main account's streams by a service import, and to the
seats' account by a stream import (:func:`deployment_accounts`)."""

SERVICE_ROLES = ("relay", "table", "engine", "ai-worker", "auditor")
"""The roles ``president serve <role>`` runs."""

_USER = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def inbox_prefix(user: str) -> str:
    """The inbox prefix of ``user``: its replies and push deliveries arrive under it."""
    if not _USER.match(user):
        raise ValueError(f"bad NATS user name {user!r}")
    return f"{INBOX_ROOT}.{user}"


@dataclass(frozen=True)
class Permissions:
    """Allow-lists of one identity (nats-server semantics: anything not listed is refused)."""

    publish: tuple[str, ...]
    subscribe: tuple[str, ...]
    responder: bool = False
    """``allow_responses``: may reply once to each request it received."""

    def as_config(self) -> dict[str, object]:
        config: dict[str, object] = {
            "publish": {"allow": list(self.publish)},
            "subscribe": {"allow": list(self.subscribe)},
        }
        if self.responder:
            config["allow_responses"] = True
        return config


@dataclass(frozen=True)
class _Names:
    """Subjects and stream names of one prefix (``*``: any prefix)."""

    prefix: str

    def stream(self, kind: str) -> str:
        if self.prefix == ANY_PREFIX:
            return ANY_PREFIX
        return getattr(Subjects(self.prefix), f"{kind}_stream")  # type: ignore[no-any-return]

    @property
    def quota_bucket(self) -> str:
        if self.prefix == ANY_PREFIX:
            return ANY_PREFIX
        return Subjects(self.prefix).web_quota_bucket

    @property
    def ai_consumers(self) -> tuple[str, ...]:
        if self.prefix == ANY_PREFIX:
            return (ANY_PREFIX,)
        subjects = Subjects(self.prefix)
        return (subjects.ai_consumer, subjects.ai_batch_consumer)


def _js_read(stream: str, user: str) -> list[str]:
    """What a client needs to follow a stream: ordered (ephemeral, push) consumers, which
    the server names (the legacy create subject without a name), and one consumer of its
    own named after its user (create, update, info, delete, pull, ack: ``durable=<user>``);
    and to find where to resume (one stored message by sequence and subject)."""
    return [
        f"$JS.API.STREAM.INFO.{stream}",
        f"$JS.API.STREAM.MSG.GET.{stream}",
        f"$JS.API.CONSUMER.CREATE.{stream}",
        *_js_own_consumer(stream, user),
        f"$JS.FC.{stream}.>",
    ]


def _js_own_consumer(
    stream: str, consumer: str, *, filters: Sequence[str] = (">",), delete: bool = True
) -> list[str]:
    """The rights on the one consumer ``consumer`` of ``stream``, and on no other: create
    or update it (with ``filters``, only with those filter subjects: the server checks the
    request's filter against the subject's), read its info, delete it (unless not
    ``delete``), pull from it and ack its messages."""
    create = f"$JS.API.CONSUMER.CREATE.{stream}.{consumer}"
    if filters == (">",):
        creates = [create, f"{create}.>", f"$JS.API.CONSUMER.DURABLE.CREATE.{stream}.{consumer}"]
    else:
        creates = [f"{create}.{subject}" for subject in filters]
    return [
        *creates,
        f"$JS.API.CONSUMER.INFO.{stream}.{consumer}",
        *([f"$JS.API.CONSUMER.DELETE.{stream}.{consumer}"] if delete else []),
        f"$JS.API.CONSUMER.MSG.NEXT.{stream}.{consumer}",
        *_js_ack(stream, consumer),
    ]


def _js_ack(stream: str, consumer: str) -> list[str]:
    """Acks of ``consumer``'s messages: the v1 ack subject and the v2 one (with the
    JetStream domain and account hash tokens, used by servers in a domain)."""
    return [f"$JS.ACK.{stream}.{consumer}.>", f"$JS.ACK.*.*.{stream}.{consumer}.>"]


def _js_create(stream: str) -> list[str]:
    return [f"$JS.API.STREAM.INFO.{stream}", f"$JS.API.STREAM.CREATE.{stream}"]


def role_permissions(role: str, prefix: str, user: str | None = None) -> Permissions:
    """The allow-lists of ``role`` for subject prefix ``prefix`` (inbox of ``user``)."""
    n, s = _Names(prefix), Subjects(prefix)
    events, prompts, ai = n.stream("events"), n.stream("prompts"), n.stream("ai")
    name = user or role
    inbox = [f"{inbox_prefix(name)}.>"]
    event_subjects, prompt_subjects = s.event_subjects, s.prompt_subjects
    if role == "relay":
        # The stream's keeper; its events go out on its second identity, relay-commands.
        return Permissions(
            publish=(
                *_js_create(events),
                f"$JS.API.STREAM.UPDATE.{events}",
                f"$JS.API.STREAM.MSG.GET.{events}",
            ),
            subscribe=tuple(inbox),
        )
    if role == "relay-commands":
        # Command account: the events, stored by the main account's stream (the import).
        return Permissions(publish=tuple(event_subjects), subscribe=tuple(inbox))
    if role == "table":
        # Command account: only the table commands that came through the import.
        return Permissions(publish=(), subscribe=(s.table_commands,), responder=True)
    if role == "engine-commands":
        # Game commands, and the engine instances' heartbeats (who owns which partition:
        # services.engine.partitions).
        # Its turn prompts and AI work go out here too (stored by the main account's
        # streams through the import): the prompts reach the seats' account from here.
        between = (s.engine_peers,)
        # the game commands as the server maps them to their partition, and (for one
        # release, while servers without the mapping reload) as they were sent
        games = (s.game_partition("*"), s.game_commands)
        return Permissions(
            publish=(*between, *prompt_subjects, s.ai_decide, s.ai_batch),
            subscribe=(*games, *between, *inbox),
            responder=True,
        )
    if role == "engine":
        # Streams and its consumer; prompts and AI work go out on engine-commands.
        return Permissions(
            publish=(
                *_js_create(events),
                *_js_create(prompts),
                *_js_create(ai),
                # The reactor's durable, whose name ends in a part derived from the token
                # secret (services.engine.jetstream.reactor_durable): any name, so that
                # no client may learn it from this file. Deleted and created again when
                # it drifted; a consumer of any other name is never taken over.
                *_js_own_consumer(events, ANY_PREFIX),
            ),
            subscribe=tuple(inbox),
        )
    if role == "ai-worker":
        # Its two consumers: interactive games' decisions and all-AI games'.
        consumers = [
            rights for c in n.ai_consumers for rights in _js_own_consumer(ai, c, delete=False)
        ]
        return Permissions(
            publish=(
                s.game_commands,
                s.ai_worker_stats("*"),
                *_js_create(ai),
                *consumers,
            ),
            subscribe=tuple(inbox),
        )
    if role == "integrator":
        return Permissions(
            publish=(
                s.table_commands,
                s.game_commands,
                *_js_read(events, name),
                *_js_read(prompts, name),
            ),
            subscribe=(
                *event_subjects,
                *prompt_subjects,
                s.ai_worker_stats("*"),
                *inbox,
            ),
        )
    if role == "web":
        # The lobby API: table commands (create, seat, AI seats, start, list, get) and its
        # replies, and the AI work queue's depth (the info of the workers' two consumers:
        # it is BUSY past a ceiling). No game command, no event: the browser plays with
        # its seat's identity.
        # Its quotas' KV bucket, shared by its replicas (services.web.ledger): create it,
        # read the one key, write it (compare-and-set); no other bucket or stream.
        backlog = [f"$JS.API.CONSUMER.INFO.{ai}.{c}" for c in n.ai_consumers]
        bucket = n.quota_bucket
        kv_stream = ANY_PREFIX if bucket == ANY_PREFIX else f"KV_{bucket}"
        quotas = [f"$KV.{bucket}.>", *_js_create(kv_stream), f"$JS.API.STREAM.MSG.GET.{kv_stream}"]
        return Permissions(publish=(s.table_commands, *backlog, *quotas), subscribe=tuple(inbox))
    if role == "callout":
        # Its own account: the server's authorization requests, answered once each.
        return Permissions(publish=(), subscribe=(CALLOUT_SUBJECT,), responder=True)
    if role == "auditor":
        # No seat or prompt subjects (hands of games in play): it replays the log from
        # Postgres. Live, the public and lobby events; its own consumer may filter only
        # those (no ephemeral consumers, no stored message by sequence: either would
        # reach the seat events of the stream).
        # Its verdicts go to a stream of their own, which it keeps (create, bring to the
        # settings); no command, no event subject.
        public = [s.all_public, s.all_lobby]
        audit = n.stream("audit")
        return Permissions(
            publish=(
                f"$JS.API.STREAM.INFO.{events}",
                *_js_own_consumer(events, name, filters=public),
                *s.verdict_subjects,
                *_js_create(audit),
                f"$JS.API.STREAM.UPDATE.{audit}",
            ),
            subscribe=(*public, s.all_stats, *inbox),
        )
    raise ValueError(f"unknown role {role!r}; roles: {', '.join(ROLES)}")


def seat_user(table_id: str, seat: int) -> str:
    """The user name of a browser's seat credentials, which nats-server attests on each of
    its commands (``Nats-Request-Info``): ``web-<table>-<seat>``."""
    return f"{SEAT_USER_PREFIX}-{table_id}-{seat}"


def seat_permissions(prefix: str, table_id: str, seat: int) -> Permissions:
    """The allow-lists of one seat's credentials (the user JWT the auth callout answers):
    that table's game commands; that table's public subject, that seat's events and
    prompts, its own inbox. No table command, no JetStream API, no other seat or table."""
    subjects = Subjects(prefix)
    return Permissions(
        publish=(subjects.game_command(table_id),),
        subscribe=(
            subjects.public(table_id),
            subjects.seat(table_id, seat),
            subjects.prompt(table_id, seat),
            f"{INBOX_ROOT}.{seat_user(table_id, seat)}.>",
        ),
    )


@dataclass(frozen=True)
class Secret:
    """A password: ``literal`` (embedded servers, tests) or the name of an environment
    variable of the nats-server process (``$NAME`` in the config: compose, k8s)."""

    literal: str | None = None
    env: str | None = None

    def render(self) -> str:
        if self.env is not None:
            return f"${self.env}"
        assert self.literal is not None
        return json.dumps(self.literal)


def password_env(role: str, account: str | None = None) -> str:
    """The nats-server's environment variable holding ``role``'s password (compose, k8s)."""
    scope = "" if account is None else f"{account}_"
    return f"NATS_{scope}{role}_PASSWORD".upper().replace("-", "_")


@dataclass(frozen=True)
class User:
    """One identity: its name, password and permissions."""

    name: str
    password: Secret
    permissions: Permissions


def command_subjects(prefix: str) -> tuple[str, ...]:
    """The subjects the command account exports and the main account imports."""
    subjects = Subjects(prefix)
    return (subjects.table_commands, subjects.game_commands)


def published_subjects(prefix: str) -> tuple[str, ...]:
    """What the command account's publishers send to the main account's streams (a
    service import: each message is stored there, its acknowledgement comes back)."""
    s = Subjects(prefix)
    return (*s.event_subjects, *s.prompt_subjects, s.ai_decide, s.ai_batch)


def seat_subjects(prefix: str) -> tuple[str, ...]:
    """Every subject a seat may read (its table's public events, its seat's events and
    prompts: ``seat_permissions``), which the seats' account imports as a stream."""
    s = Subjects(prefix)
    return (s.all_public, s.all_seats, *s.prompt_subjects)


@dataclass(frozen=True)
class Export:
    """A subject an account lets the accounts ``to`` use: a service (their requests on
    it come here) or, with ``stream``, a stream (its messages here go to them)."""

    subject: str
    to: tuple[str, ...]
    stream: bool = False


@dataclass(frozen=True)
class Import:
    """A subject of the account ``account``: a service, with ``share`` the server tells
    the responder who sent each request (``Nats-Request-Info``); or, with ``stream``, the
    messages published on it there."""

    account: str
    subject: str
    stream: bool = False
    share: bool = False


@dataclass(frozen=True)
class Account:
    """A NATS account: its own subject space and JetStream; nothing crosses between
    accounts but what it ``exports`` and ``imports``; ``mappings``: its subject mappings
    (the command account's: each game command to its partition)."""

    name: str
    users: tuple[User, ...]
    jetstream: bool = True
    exports: tuple[Export, ...] = ()
    imports: tuple[Import, ...] = ()
    mappings: tuple[SubjectMapping, ...] = ()


@dataclass(frozen=True)
class AuthCallout:
    """The ``auth_callout`` block (config mode): connections of no static identity go to
    the responder ``user`` in ``account``, whose answers ``issuer`` (an account public key,
    or ``$VARIABLE``) signs; ``allowed_accounts`` lists only the callout's own account, so
    the static identities of every other account keep their passwords alone."""

    issuer: str
    account: str
    user: str = "callout"


@dataclass(frozen=True)
class AuthConfig:
    accounts: tuple[Account, ...]
    extra: Mapping[str, object] = field(default_factory=dict)
    callout: AuthCallout | None = None


def deployment_users(
    prefix: str,
    passwords: Mapping[str, Secret],
    *,
    roles: Sequence[str] = ROLES,
    user_names: Mapping[str, str] | None = None,
) -> tuple[User, ...]:
    """The users of ``roles`` for ``prefix``, with their passwords."""
    names = user_names or {}
    users = []
    for role in roles:
        name = names.get(role, role)
        users.append(User(name, passwords[role], role_permissions(role, prefix, name)))
    return tuple(users)


def deployment_accounts(
    prefix: str,
    passwords: Mapping[str, Secret],
    *,
    account: str,
    user_names: Mapping[str, str] | None = None,
    extra_users: Sequence[User] = (),
    roles: Sequence[str] = ROLES,
) -> tuple[Account, ...]:
    """The accounts of one deployment: ``account`` (clients, the streams, the relay's
    and the engine's JetStream side; ``extra_users`` too) and ``<account>_COMMANDS``
    (no JetStream: the responders to commands and the publishers of events, prompts and
    AI work, which reach the streams by a service import); with the role ``callout``
    among ``roles``, ``<account>_SEATS`` (the browsers' seats, no static user) and
    ``<account>_CALLOUT`` (the auth callout's).

    The seats' account imports only from the command account: what a seat may read, as
    a stream, and its game commands. A JetStream consumer delivers in the account of its
    stream, onto any subject it is told (nats-server checks no permission there), so
    nothing the main account carries may reach a seat: only what the command account's
    own publishers send does (docs/decisions/2026-12-05-push-deliveries-and-browser-seats.md)."""
    commands, seats = f"{account}_COMMANDS", seats_account(account)
    web = "callout" in roles
    own = (*COMMAND_ROLES, *CALLOUT_ROLES)
    main_roles = [role for role in roles if role not in own]
    main = deployment_users(prefix, passwords, roles=main_roles, user_names=user_names)
    command_roles = [role for role in COMMAND_ROLES if role in roles]
    responders = deployment_users(prefix, passwords, roles=command_roles, user_names=user_names)
    table, game = command_subjects(prefix)
    published = published_subjects(prefix)
    command_exports = (
        Export(table, (account,)),
        Export(game, (account, seats) if web else (account,)),
    )
    accounts = (
        Account(
            account,
            (*main, *extra_users),
            exports=tuple(Export(subject, (commands,)) for subject in published),
            imports=tuple(Import(commands, subject, share=True) for subject in (table, game)),
        ),
        Account(
            commands,
            responders,
            jetstream=False,
            exports=(
                *command_exports,
                *(Export(s, (seats,), stream=True) for s in seat_subjects(prefix) if web),
            ),
            imports=tuple(Import(account, subject) for subject in published),
            mappings=(command_mapping(prefix),),
        ),
    )
    callout_roles = [role for role in CALLOUT_ROLES if role in roles]
    if not callout_roles:
        return accounts
    callout = deployment_users(prefix, passwords, roles=callout_roles, user_names=user_names)
    browsers = Account(
        seats,
        (),
        jetstream=False,
        imports=(
            *(Import(commands, s, stream=True) for s in seat_subjects(prefix)),
            Import(commands, game, share=True),
        ),
    )
    return (*accounts, browsers, Account(callout_account(account), callout, jetstream=False))


def seats_account(account: str) -> str:
    """The account of ``account``'s browser seats (the users the auth callout issues)."""
    return f"{account}_SEATS"


def callout_account(account: str) -> str:
    """The account of ``account``'s auth callout responder."""
    return f"{account}_CALLOUT"


def single_account(
    prefix: str,
    passwords: Mapping[str, Secret],
    *,
    account: str = "PRESIDENT",
    extra_users: Sequence[User] = (),
    callout_issuer: str | None = None,
) -> AuthConfig:
    """One deployment serving one platform: its main account, its command account and
    its callout account; with ``callout_issuer`` (the public key that signs the callout's
    answers, or a ``$VARIABLE``), the server's ``auth_callout`` block."""
    callout = None
    if callout_issuer is not None:
        callout = AuthCallout(callout_issuer, callout_account(account))
    accounts = deployment_accounts(prefix, passwords, account=account, extra_users=extra_users)
    return AuthConfig(accounts, callout=callout)


@dataclass(frozen=True)
class Tenant:
    """A platform of a multi-tenant deployment: its account name and subject prefix."""

    name: str
    prefix: str = "president"

    @property
    def account(self) -> str:
        return f"PLATFORM_{self.name.upper().replace('-', '_')}"

    def user(self, role: str) -> str:
        return f"{self.name}-{role}"


def multi_tenant(tenants: Iterable[Tenant], passwords: Mapping[str, Secret]) -> AuthConfig:
    """One NATS account per platform, each with its own identity of every role
    (``<platform>-<role>``) and its own command account: subjects and JetStream streams
    of one platform exist only in its accounts, so no identity of another platform can
    see or touch them. ``passwords`` is keyed by user name. No browser side (WEB_ROLES):
    a server has one auth callout."""
    roles = [role for role in ROLES if role not in WEB_ROLES]
    accounts: list[Account] = []
    for tenant in tenants:
        names = {role: tenant.user(role) for role in roles}
        secrets = {role: passwords[names[role]] for role in roles}
        accounts += deployment_accounts(
            tenant.prefix, secrets, account=tenant.account, user_names=names, roles=roles
        )
    return AuthConfig(tuple(accounts))


def _list(items: Iterable[str], indent: str) -> str:
    return "[\n" + "".join(f"{indent}  {json.dumps(i)}\n" for i in items) + f"{indent}]"


def _allow(items: Sequence[str], indent: str) -> str:
    # An empty allow-list would mean "no restriction" to nats-server: deny everything instead.
    if not items:
        return '{ deny: [">"] }'
    return f"{{ allow: {_list(items, indent)} }}"


def _render_user(user: User, indent: str) -> str:
    perms = user.permissions
    inner = indent + "  "
    lines = [
        f"{indent}{{",
        f"{inner}user: {json.dumps(user.name)}",
        f"{inner}password: {user.password.render()}",
        f"{inner}permissions: {{",
        f"{inner}  publish: {_allow(perms.publish, inner + '  ')}",
        f"{inner}  subscribe: {_allow(perms.subscribe, inner + '  ')}",
    ]
    if perms.responder:
        lines.append(f"{inner}  allow_responses: true")
    lines.append(f"{inner}}}")
    # Passwords over TCP only: the WebSocket listener (the browsers', the public port in
    # production) takes no static identity, only the users the auth callout issues.
    lines += [f"{inner}allowed_connection_types: {json.dumps(list(STATIC_CONNECTIONS))}"]
    lines.append(f"{indent}}}")
    return "\n".join(lines)


def _render_services(account: Account) -> list[str]:
    lines = []
    if account.exports:
        lines.append("    exports: [")
        for export in account.exports:
            kind = "stream" if export.stream else "service"
            to = json.dumps(list(export.to))
            lines.append(f"      {{ {kind}: {json.dumps(export.subject)}, accounts: {to} }}")
        lines.append("    ]")
    if account.imports:
        lines.append("    imports: [")
        for imported in account.imports:
            kind = "stream" if imported.stream else "service"
            exporter, subject = json.dumps(imported.account), json.dumps(imported.subject)
            source = f"{{ account: {exporter}, subject: {subject} }}"
            share = ", share: true" if imported.share else ""
            lines.append(f"      {{ {kind}: {source}{share} }}")
        lines.append("    ]")
    return lines


def render_limits() -> list[str]:
    """The server's limits as configuration lines: its ``max_payload``. Part of every
    ``auth.conf``; an open server (``bench e2e --no-auth``) is given them alone."""
    return [
        "# The largest message anyone may publish (president.contract.base.MAX_PAYLOAD).",
        f"max_payload: {MAX_PAYLOAD}",
    ]


def render_auth_conf(config: AuthConfig, *, header: str = "") -> str:
    """The nats-server configuration of ``config`` (include it from ``nats.conf``), with
    the server's ``max_payload`` (``president.contract.base.MAX_PAYLOAD``): the one file
    every server renders or mounts, so its message size limit cannot drift either.

    No ``no_auth_user``: a connection without credentials is refused."""
    out = ["# Generated by president.bus.auth (president infra nats-auth): do not edit."]
    if header:
        out += [f"# {line}" for line in header.splitlines()]
    out += render_limits()
    out.append("accounts {")
    for account in config.accounts:
        out.append(f"  {account.name} {{")
        if account.jetstream:
            out.append("    jetstream: enabled")
        if account.users:  # the seats' account has none: the callout issues them
            out.append("    users: [")
            out.append(",\n".join(_render_user(u, "      ") for u in account.users))
            out.append("    ]")
        out += _render_services(account)
        out += render_mappings(account.mappings, "    ")
        out.append("  }")
    out.append("}")
    if config.callout is not None:
        out += render_callout(config.callout)
    return "\n".join(out) + "\n"


def render_callout(callout: AuthCallout) -> list[str]:
    """The ``authorization { auth_callout {} }`` block of ``callout``."""
    issuer = callout.issuer if callout.issuer.startswith("$") else json.dumps(callout.issuer)
    return [
        "# Browsers: a connection of no identity above goes to the auth callout (president",
        "# web), which redeems a seat ticket for a user JWT of that seat (docs/security.md).",
        "authorization {",
        "  auth_callout {",
        f"    issuer: {issuer}",
        f"    account: {json.dumps(callout.account)}",
        f"    auth_users: [{json.dumps(callout.user)}]",
        f"    allowed_accounts: [{json.dumps(callout.account)}]",
        "  }",
        "}",
    ]


def env_passwords(roles: Sequence[str] = ROLES, account: str | None = None) -> dict[str, Secret]:
    """Every role's password as a reference to the nats-server's environment."""
    return {role: Secret(env=password_env(role, account)) for role in roles}


def _account_kind(role: str) -> str:
    if role in COMMAND_ROLES:
        return "commands"
    return "callout" if role in CALLOUT_ROLES else "main"


def permission_table(prefix: str = "president") -> list[dict[str, object]]:
    """Every role's allow-lists, as documented in docs/security.md and the AsyncAPI document."""
    rows: list[dict[str, object]] = []
    for role in ROLES:
        perms = role_permissions(role, prefix)
        rows.append(
            {
                "role": role,
                "user": role,
                "account": _account_kind(role),
                "inbox_prefix": inbox_prefix(role),
                "publish": list(perms.publish),
                "subscribe": list(perms.subscribe),
                "allow_responses": perms.responder,
            }
        )
    return rows
