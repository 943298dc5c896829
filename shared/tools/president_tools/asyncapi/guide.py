"""The contract's guide for integrators and consumers: the AsyncAPI document's description
(prose, kept apart from the generator)."""

from __future__ import annotations

from president.contract.base import (
    MAX_JSON_DEPTH,
    MAX_MESSAGE_BYTES,
    MAX_PAYLOAD,
    MAX_QUEUED,
    SCHEMA_VERSION,
)
from president.contract.headers import (
    EVENT_ID,
    MSG_ID,
    POSITION,
    VERSION,
)
from president.contract.subjects import DEFAULT_PREFIX, Subjects
from president.contract.view import PLAYED_DIGITS
from president.rules import RULES_VERSION

_P = Subjects(DEFAULT_PREFIX).events_stream.removesuffix("_EVENTS")

DESCRIPTION = f"""\
The message contract of the President services (CardVerse variant, {RULES_VERSION}).

Commands go by NATS request-reply and always get exactly one reply: Accepted (the
versions and log positions of the events the command appended), Rejected (a stable
code), or a query result. Every command carries a `command_id`: the same id twice from
the same identity is answered the same and has one effect. Command ids are scoped per
sender (the NATS identity the server attests) and per stream: another identity's
command of the same id is another command, and never answers or blocks this one. Ids
starting `timeout:`, `takeover:` or `start:` are the engine's own (internal, never on the
bus) and `ai:` ids the AI workers': any other identity's command under them is FORBIDDEN,
unread. A command may carry `expected_version` (the version of the stream it writes); a
mismatch is STALE_VERSION and changes nothing. In the exchange two seats owe a return at
once and the other's return moves the stream on: do not send the prompt's
`stream_version` as the `expected_version` of a ReturnCards; send none (the rules check
the return is owed) or a fresh GetView's. A seat's commands and GetView are accepted only
from the identity that took the seat (an AI seat's: the AI workers'); another identity
holding a valid token gets FORBIDDEN. A table remembers who opened it (its TableCreated's
attested sender): the public lobby's identity (`web`) gets FORBIDDEN for TakeSeat, SeatAI
and StartGame at a table it did not open.
Malformed input (not JSON, unknown command, a wrong field) is Rejected with MALFORMED.
Nothing on the wire is display text: a Rejected's `detail` is English for logs, and a
client words the refusal from its `code` and `params` (listed per code in `x-params`).

Nothing is coerced: a `boolean` is `true` or `false`; an `integer` is written as one (`2`,
not `2.0`, `"2"` or `true`); a `number` is a JSON number (not a string, not a boolean);
an object key that is a seat number (`ai_seats`) is canonical (`"0"`, `"1"`...: no sign,
leading zero or space); no object names a key twice. Anything else is MALFORMED.

Limits (every command and query): a body of at most {MAX_MESSAGE_BYTES} bytes (larger is
MESSAGE_TOO_LARGE, refused unread, no `command_id` echoed), JSON nested at most
{MAX_JSON_DEPTH} deep, every string field within its `maxLength` and `pattern` below (no
control characters anywhere), else MALFORMED. The same `command_id` from the same
identity with another command (type, subject or body) is COMMAND_ID_REUSED and changes
nothing. Each client identity may send `PRESIDENT_COMMAND_RATE` commands a second
(bursts of `PRESIDENT_COMMAND_BURST`) to each service instance: beyond, RATE_LIMITED,
unread; an admitted command waits for a slot in its sender's own line (the senders take
turns), and an identity with {MAX_QUEUED} waiting is answered RATE_LIMITED too. It may
hold `PRESIDENT_MAX_OPEN_TABLES` open tables: beyond, TOO_MANY_TABLES. The NATS server
takes no message over {MAX_PAYLOAD} bytes (its `max_payload`, the same in every
deployment): a client that publishes one gets `-ERR 'Maximum Payload Violation'` and its
connection closed, and no service reads it.

An event message the NATS server would refuse (larger than its `max_payload`, or refused
again and again) is replaced in its place by a reference with the same subject and
headers plus `President-Withheld` (why), whose payload is `{{"type": "EventWithheld",
"event_id", "stream_id", "version", "position", "event_type", "part", "size", "reason"}}`:
the event stays in the Postgres log. No accepted command can cause one.

Events leave only through the relay, from the committed Postgres log, on JetStream.
Public subjects never carry a card that was not played, nor a round's seed before
its reveal; a seat's private events and its turn prompts go to that seat's subjects
only. Every subject starts with a configurable prefix (here `{DEFAULT_PREFIX}`).
Envelope version: `schema_version` = {SCHEMA_VERSION}; `type` names the message.

A PublicEvent's `data` is the stored event's data (`<Type>Data` below) except for
RoundDealt, CardsGiven and CardsReturned (`<Type>PublicData`: sizes and counts only),
GameCreated (seats without `token_sha256` and `taken_by`) and DealCommitted (without `seed`, which
SeedRevealed publishes when the round ends). A SeatEvent carries the private part:
RoundDealt as `RoundDealtSeatData`, CardsGiven/CardsReturned whole, to the two seats
concerned only. TurnPrompt, ViewReply and DecisionRequest carry the seat's view
(`SeatView`: own hand, counts, order, trick, exchange, legal actions, and the round so
far as `played`, the cards played, a {PLAYED_DIGITS}-hex-digit card mask, and `moves`, how
many moves it has had); ViewReply (GetView) also carries the round's `history`.

Contract revisions (the document's `info.version` is envelope.revision.0): 1.1 makes
SeatView's `history` optional and leaves it out of TurnPrompt and DecisionRequest, so that
a prompt's size does not grow with the round; it adds `played` and `moves`, always sent.
The whole history comes from GetView, or from the public events a client follows. A 1.1
reader reads 1.0 views too (history, no `played`/`moves`). Readers that refuse unknown
fields upgrade first.

## Following a table (consumer's guide)

Streams and subjects (`{{P}}` is the prefix upper-cased, here `{_P}`):
- `{_P}_EVENTS` holds every event message. `<prefix>.evt.table.<table_id>.public`:
  each event of the game stream `game-<table_id>` once, versions 1, 2, 3, ... in
  order. `<prefix>.evt.table.<table_id>.seat.<n>`: seat n's private parts (its hand
  in each RoundDealt, the exchange cards it gave or got), fewer versions.
  `<prefix>.evt.lobby.<table_id>`: the events of `table-<table_id>` (seats, start).
- `{_P}_PROMPTS`: `<prefix>.evt.table.<table_id>.seat.<n>.prompt`, seat n's turns.
- `{_P}_AI`: `<prefix>.ai.decide` (games with a person at the table) and
  `<prefix>.ai.batch` (all-AI games), work for AI workers (internal; one consumer each,
  so an interactive decision never waits behind the batch's).

Versions and sequences. Each event message says which stored event it is, in its
payload and in headers: `version` / `{VERSION}` (its version in `stream_id`,
from 1, no gaps), `position` / `{POSITION}` (its place in the whole log),
`event_id` / `{EVENT_ID}`. Its JetStream stream sequence counts the messages of
all tables, so it is not a function of the version; it is in the message's JetStream
metadata (nats-py: `msg.metadata.sequence.stream`).
The relay publishes in log order, so on one subject the version grows with the
sequence: the sequence where version v+1 starts is the least sequence whose next
message on the subject has a version above v (a binary search with the stream's
`next_by_subj` message look-up; `president.client.sequence_after_version`).

Resuming after a crash, without missing or double-handling an event:
1. Handle an event and save its `version` (and, optionally, its stream sequence) in
   the same transaction as the handling's effects.
2. On start, look up the sequence after the saved version (or take the saved
   sequence + 1) and create an ordered consumer filtered on the subject with
   `deliver_policy` `by_start_sequence` and `opt_start_seq` = that sequence.
3. Skip any message whose version is not above the saved one (a guard: the relay
   stores each event's message once; `{MSG_ID}` de-duplicates its retries within
   the stream's 120 s duplicate window, and after any downtime it resumes from the
   `President-*` headers of the last stored message). On the public subject a
   version above saved + 1 is a gap (messages removed by the stream's limits):
   take the current state from GetView and go on from its `stream_version`.
   `president.client.PresidentClient.public_events(table_id, after_version=v)`
   does step 2 and the skip of step 3 (a gap shows as a jump in `version`).
A client without saved state calls GetView (the view as of `stream_version` s) and
follows the public subject after version s. A turn prompt is current while the view
lists legal actions for the seat and no TurnEnded of its turn followed it; send the
decision with a command id derived from (`table_id`, `stream_version`, `seat`), as AI
workers do, so a resend after a crash is a duplicate, not a second move.

Retention, as the streams are created by default (the first process that needs a
stream creates it; every process brings an existing one to the deployment's
settings, which may differ): `{_P}_EVENTS` keeps messages 7 days, oldest dropped
first also when a deployment sets a size limit (the Postgres log, kept forever, is
the source of truth either way; a gap is handled as above);
`{_P}_PROMPTS` keeps a prompt 15 minutes (a prompt matters while its turn lasts);
`{_P}_AI` is a work queue (a request is removed once a worker acknowledges it).
Duplicate window: 120 s on each.

Consumers a client may create. All connections of one identity share its inbox
prefix `_INBOX.<user>` (no other identity may read it). A client identity may create
ephemeral ordered consumers, as many as it likes (the create request without a name:
nats-py `js.subscribe(..., ordered_consumer=True)`), and one consumer named after its
user, push or pull (nats-py `js.pull_subscribe(subject, durable="<user>", stream=...)`),
with info, delete, pull and ack on that name only; any other name is refused (so is an
ephemeral pull consumer, whose name the client draws, and nats.js
`js.consumers.get()` of another name, which hangs on the refused request). A JetStream
subscribe must name the stream (`stream=`): the stream look-up by subject is refused.
Nobody may create, update, delete or read the info of another identity's consumer by its
name; an ordered consumer's create request naming an existing consumer in its body does
update it (the server checks the subject only), so a named consumer is safe only under a
name no client can learn (the engines' reactor consumer has a secret part, and the
engine checks and heals it) and a client should check its own's configuration when it
matters. The `auditor`
identity reads public and lobby events only: its own consumer may filter only those.

Lobby. ListTables reads the lobby projection, which the table service updates from
the log shortly after each append (woken by Postgres NOTIFY, typically within a
second while it runs): eventually consistent, so a table just created or a seat just
taken may be missing for a moment. GetTable reads the table's stream from the log at request
time (its seats, name, options and `version`, the table stream's version to use as
`expected_version`), so it shows every accepted table command at once; its `status`
is `playing` from the stored start request on and `finished` once the projection
has seen the game's end. To watch the lobby live: consume `<prefix>.evt.lobby.*`
from a start time a little before calling ListTables (`deliver_policy`
`by_start_time`: the projection may lag the stream), and apply a table's events only
above its summary's `version` (LobbyEvent `version` is the table stream's version).

## Turn clocks and absent players

Table options `turn_seconds`, `exchange_seconds`, `takeover_level`,
`away_after` (no `turn_seconds` and no `exchange_seconds`: no clock, a table waits as long
as it takes). Every append that makes a seat due records its deadline
(`TurnDeadlineSet`); the seat's TurnPrompt carries it in `clock`, and GetView's reply
carries the time left. An AI seat's clock is three times the phase's. When a deadline
passes with no action the engine appends `TurnTimedOut` and the takeover level's action
(metadata `actor` = `takeover`, `takeover_seat`, `takeover_level`, `takeover_reason`)
under the command id `timeout:<table>:<turn version>:<seat>`; an action that arrives
after it is Rejected with TURN_TIMED_OUT. `away_after` time-outs in a row make the seat
away (`SeatAway`): an away or departed seat is played at once (`TurnDeadlineSet` with
`seconds` 0, then the takeover under `takeover:<table>:<turn version>:<seat>`). `Leave`,
`Away` and `Back` (with the seat token, idempotent) record `SeatLeft`, `SeatAway` and
`SeatBack`; `Back` gives a seat that is due a fresh clock. When a seat's turn ends (it
acted, timed out, was taken over, or the phase changed) a `TurnEnded` follows its
TurnPrompt on the seat's prompt subject (message id `<table>:<turn version>:<seat>:end`).
"""
