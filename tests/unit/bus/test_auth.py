"""The permissions' data and their rendering (the server's behaviour is tested on a real
nats-server in tests/e2e/test_bus_security.py)."""

from __future__ import annotations

import pytest
from president.bus.auth import (
    CALLOUT_ROLES,
    COMMAND_ROLES,
    ROLES,
    Secret,
    inbox_prefix,
    render_auth_conf,
    role_permissions,
    seat_permissions,
    seat_user,
    single_account,
)
from president.bus.command_server import REQUEST_INFO, attested_requester
from president.bus.identity import Requester

pytestmark = pytest.mark.unit


def _conf() -> str:
    return render_auth_conf(single_account("president", {r: Secret(literal=r) for r in ROLES}))


def test_an_empty_allow_list_is_rendered_as_deny_everything() -> None:
    # nats-server reads an empty allow-list as no restriction at all
    assert role_permissions("table", "president").publish == ()
    table = _conf().split('user: "table"')[1].split('user: "engine"')[0]
    assert 'publish: { deny: [">"] }' in table


def test_no_identity_may_subscribe_to_everything_or_to_all_inboxes() -> None:
    for role in ROLES:
        permissions = role_permissions(role, "president")
        assert ">" not in permissions.subscribe and "_INBOX.>" not in permissions.subscribe
        inboxes = [s for s in permissions.subscribe if s.startswith("_INBOX")]
        # the engine instances pass commands on to one another and read the answers
        responders = (*COMMAND_ROLES, *CALLOUT_ROLES)
        own = role not in responders or role in ("engine-commands", "relay-commands")
        assert inboxes == ([f"_INBOX.{role}.>"] if own else [])


def test_the_command_account_answers_only_commands_and_only_engines_say_they_live() -> None:
    between = ("president.engine.peers",)
    table = role_permissions("table", "president")
    assert table.publish == () and table.responder
    assert table.subscribe == ("president.cmd.table.*",)
    engine = role_permissions("engine-commands", "president")
    prompts = ("president.evt.table.*.seat.*.prompt", "president.ai.decide", "president.ai.batch")
    assert engine.publish == (*between, *prompts) and engine.responder
    assert engine.subscribe == (
        "president.cmd.game.*.*",  # mapped to their partition
        "president.cmd.game.*",  # as sent, for one release
        *between,
        "_INBOX.engine-commands.>",
    )
    for role in set(ROLES) - {"engine-commands"}:  # none of them may pass a command on
        permissions = role_permissions(role, "president")
        assert not [s for s in permissions.publish if s.endswith(".engine.peers")], role
    for role in set(ROLES) - set(COMMAND_ROLES) - set(CALLOUT_ROLES):
        permissions = role_permissions(role, "president")
        assert not permissions.responder, role
        assert not [s for s in permissions.subscribe if ".cmd." in s], role


def test_the_main_account_imports_the_commands_with_the_senders_identity_shared() -> None:
    conf = _conf()
    main, commands = conf.split("  PRESIDENT_COMMANDS {")
    assert 'user: "table"' in commands and 'user: "engine-commands"' in commands
    assert 'user: "integrator"' in main and 'user: "table"' not in main
    assert "jetstream: enabled" not in commands
    for subject in ("president.cmd.table.*", "president.cmd.game.*"):
        imported = (
            f'{{ service: {{ account: "PRESIDENT_COMMANDS", subject: "{subject}" }}, share: true }}'
        )
        assert imported in main
        to = '["PRESIDENT", "PRESIDENT_SEATS"]' if ".game." in subject else '["PRESIDENT"]'
        assert f'{{ service: "{subject}", accounts: {to} }}' in commands


def test_only_the_command_accounts_publishers_send_what_browsers_read() -> None:
    """The events and prompts go out on the command account's identities (no JetStream:
    no consumer delivers there) and reach the main account's streams by a service import;
    no identity of the main account may publish them (docs/security.md)."""
    events = (
        "president.evt.table.*.public",
        "president.evt.table.*.seat.*",
        "president.evt.lobby.*",
    )
    relay = role_permissions("relay-commands", "president")
    assert relay.publish == events and relay.subscribe == ("_INBOX.relay-commands.>",)
    for role in set(ROLES) - set(COMMAND_ROLES):
        published = role_permissions(role, "president").publish
        assert not [s for s in published if s.startswith(("president.evt", "president.ai"))]
    main = _conf().split("  PRESIDENT_COMMANDS {")[0]
    for subject in (*events, "president.evt.table.*.seat.*.prompt", "president.ai.decide"):
        assert f'{{ service: "{subject}", accounts: ["PRESIDENT_COMMANDS"] }}' in main


def test_the_seats_account_imports_only_what_a_seat_may_read_from_the_command_account() -> None:
    passwords = {r: Secret(literal=r) for r in ROLES}
    conf = render_auth_conf(single_account("president", passwords, callout_issuer="$ISSUER"))
    seats = conf.split("  PRESIDENT_SEATS {")[1].split("  PRESIDENT_CALLOUT {")[0]
    source = '{{ account: "PRESIDENT_COMMANDS", subject: "president.{}" }}'
    imports = seats.split("imports: [")[1].split("\n    ]")[0].strip().splitlines()
    assert [line.strip() for line in imports] == [
        *(
            f"{{ stream: {source.format(s)} }}"
            for s in ("evt.table.*.public", "evt.table.*.seat.*", "evt.table.*.seat.*.prompt")
        ),
        f"{{ service: {source.format('cmd.game.*')}, share: true }}",
    ]
    assert "users:" not in seats and "jetstream" not in seats and "exports" not in seats


def test_no_anonymous_user_and_no_default_user() -> None:
    assert "no_auth_user" not in _conf() and "authorization" not in _conf()


def test_user_names_are_plain_tokens() -> None:
    assert inbox_prefix("acme-integrator") == "_INBOX.acme-integrator"
    with pytest.raises(ValueError, match="bad NATS user"):
        inbox_prefix("a.b")


def test_env_passwords_are_references_and_literals_are_quoted() -> None:
    assert Secret(env="NATS_RELAY_PASSWORD").render() == "$NATS_RELAY_PASSWORD"
    assert Secret(literal='a"b').render() == '"a\\"b"'


@pytest.mark.parametrize(
    ("user", "role"),
    [
        ("integrator", "integrator"),
        ("acme-integrator", "integrator"),
        ("ai-worker", "ai-worker"),
        ("acme-engine-commands", "engine-commands"),
        ("harness", None),
    ],
)
def test_the_requester_is_the_user_the_server_stamped(user: str, role: str | None) -> None:
    info = f'{{"acc":"PRESIDENT","user":"{user}","name":"x","kind":"Client"}}'
    requester = attested_requester({REQUEST_INFO: info})
    assert requester == Requester(user) and requester.role == role


@pytest.mark.parametrize(
    "headers",
    [None, {}, {"Other": "x"}, {REQUEST_INFO: "not json"}, {REQUEST_INFO: '{"acc":"A"}'}],
)
def test_a_request_without_a_stamped_user_has_no_requester(
    headers: dict[str, str] | None,
) -> None:
    assert attested_requester(headers) is None


def test_a_seats_credentials_reach_that_seat_and_its_table_alone() -> None:
    permissions = seat_permissions("president", "t1", 2)
    assert permissions.publish == ("president.cmd.game.t1",) and not permissions.responder
    assert permissions.subscribe == (
        "president.evt.table.t1.public",
        "president.evt.table.t1.seat.2",
        "president.evt.table.t1.seat.2.prompt",
        f"_INBOX.{seat_user('t1', 2)}.>",
    )
    assert not [s for s in permissions.publish + permissions.subscribe if "*" in s or s == ">"]


def test_the_web_lobby_sends_table_commands_and_the_callout_answers_the_server_alone() -> None:
    web = role_permissions("web", "president")
    backlog = "$JS.API.CONSUMER.INFO.PRESIDENT_AI.president-ai-workers"
    kv = "$JS.API.STREAM.{}.KV_PRESIDENT_WEB_QUOTAS"
    assert web.publish == (
        "president.cmd.table.*",
        backlog,
        f"{backlog}-batch",
        "$KV.PRESIDENT_WEB_QUOTAS.>",  # its quotas' bucket, and no other
        *(kv.format(api) for api in ("INFO", "CREATE", "MSG.GET")),
    )
    assert web.subscribe == ("_INBOX.web.>",)
    callout = role_permissions("callout", "president")
    assert callout.publish == () and callout.subscribe == ("$SYS.REQ.USER.AUTH",)


def test_the_callout_delegates_only_connections_of_no_static_identity() -> None:
    passwords = {r: Secret(literal=r) for r in ROLES}
    conf = render_auth_conf(single_account("president", passwords, callout_issuer="$ISSUER"))
    accounts, callout = conf.split("authorization {")
    assert (
        "  PRESIDENT_CALLOUT {" in accounts
        and "  PRESIDENT_SEATS {" in accounts
        and 'user: "callout"' in accounts
    )
    assert "issuer: $ISSUER" in callout and 'auth_users: ["callout"]' in callout
    assert 'allowed_accounts: ["PRESIDENT_CALLOUT"]' in callout
    assert "authorization" not in _conf()  # without an issuer, no callout


def test_the_command_account_maps_each_game_command_to_its_partition() -> None:
    commands = _conf().split("  PRESIDENT_COMMANDS {")[1]
    assert (
        '"president.cmd.game.*": "president.cmd.game.{{wildcard(1)}}.{{partition(64,1)}}"'
        in commands
    )


def _contract_subjects(prefix: str) -> set[str]:
    """Every subject and wildcard ``Subjects`` defines for ``prefix``."""
    from president.contract import Subjects

    subjects = Subjects(prefix)
    found = {subjects.game_partition("*"), subjects.ai_worker_stats("*")}
    for name in dir(Subjects):
        if isinstance(getattr(Subjects, name), property) and not name.startswith("_"):
            value = getattr(subjects, name)
            found.update(value if isinstance(value, list) else [value])
    return found


@pytest.mark.parametrize("prefix", ["president", "acme.tables", "*"])
def test_every_subject_a_role_may_use_is_one_the_contract_defines(prefix: str) -> None:
    # The allow-lists name the contract's subjects, never a pattern of their own;
    # what remains is JetStream's API ($JS...), the server's ($SYS...) and inboxes.
    contract = _contract_subjects(prefix)
    for role in ROLES:
        permissions = role_permissions(role, prefix)
        for subject in (*permissions.publish, *permissions.subscribe):
            if not subject.startswith(("$", "_INBOX")):
                assert subject in contract, f"{role}: {subject} is not in Subjects"
