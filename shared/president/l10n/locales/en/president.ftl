# President: the reference catalogue (English, ../shared/RULES.md's words).
# Every other catalogue holds exactly these messages, with the same variables.
# Wire ids stay in the keys: title-<id>, reject-<CODE>, ai-<level>, event-<Type>, rank-<r>, suit-<s>.

## Terms: the rules' words (the sheets' words in the other catalogues)

-game-name = President
-president = President
-vice-president = Vice-President
-neutral = Neutral
-vice-asshole = Vice-Asshole
-asshole = Asshole
-pass = pass
-revolution = revolution
-round = round
-series = series
-trick = trick
-four-of-a-kind = four of a kind
-runs = runs
-hand = hand
-order-normal = normal
-order-reversed = reversed

## Titles (ids on the wire)

title-president = { -president }
title-vice_president = { -vice-president }
title-neutral = { -neutral }
title-vice_asshole = { -vice-asshole }
title-asshole = { -asshole }
# The receiver of an exchange, "to the President".
to-title = { $title ->
    [president] to the { -president }
    [vice_president] to the { -vice-president }
    [vice_asshole] to the { -vice-asshole }
    [neutral] to the { -neutral }
   *[asshole] to the { -asshole }
  }

## Cards: the rank letters (the sheets print J, Q, K as V, D, R) and the suits' names

rank-3 = 3
rank-4 = 4
rank-5 = 5
rank-6 = 6
rank-7 = 7
rank-8 = 8
rank-9 = 9
rank-10 = 10
rank-J = J
rank-Q = Q
rank-K = K
rank-A = A
rank-2 = 2
suit-C = clubs
suit-D = diamonds
suit-H = hearts
suit-S = spades

## AI levels

ai-easy = Easy
ai-easy-desc = Plays the lowest legal combination, with a little randomness and no lookahead.
ai-medium = Medium
ai-medium-desc = Keeps the top rank (2s; 3s after a revolution) and fours to take the lead back, avoids breaking pairs or triples needlessly, weighs score, turn and visible cards.
ai-hard = Hard
ai-hard-desc = Estimates the cards left per rank from the public cards and plans how to get out of its hand.
ai-random = Random
ai-player = { $level } AI { $seat }

## Rejections: a reply's code and params (its detail stays English, for logs)

reject-generic = Refused ({ $code }).
reject-BAD_ACTION = That action is malformed.
reject-WRONG_PHASE = Not now.
    .with-phase = Not now: { $phase ->
        [deal] the cards are being dealt.
        [exchange] the exchange is under way.
        [play] the cards are being played.
       *[game_over] the game is over.
    }
reject-NOT_YOUR_TURN = It is not your turn.
    .with-to_act = It is not your turn: seat { $to_act } is to act.
    .with-seat = Seat { $seat } owes no return.
reject-UNKNOWN_CARD = That is not a card.
    .with-card = “{ $card }” is not a card.
reject-DUPLICATE_CARD = The same card appears twice.
    .with-card = { $card } appears twice.
reject-EMPTY_PLAY = A play needs at least one card.
reject-TOO_MANY_CARDS = A play has at most four cards.
reject-CARD_NOT_IN_HAND = You do not hold that card.
    .with-cards = You do not hold { $cards }.
reject-MIXED_RANKS = All cards of a play must share one rank.
reject-LEADER_CANNOT_PASS = The leader of a { -trick } must play.
reject-WRONG_COUNT = Wrong number of cards.
    .with-count = { $count ->
        [one] Play exactly one card.
       *[other] Play exactly { $count } cards.
    }
reject-NOT_HIGHER = Not higher in the current order.
    .with-rank = Not higher in the current order: beat { $rank }.
reject-MALFORMED = The message is malformed.
reject-MESSAGE_TOO_LARGE = The message is too large.
    .with-max_bytes = The message is larger than { $max_bytes } bytes.
reject-RATE_LIMITED = Too many commands: slow down and send again.
reject-TOO_MANY_TABLES = You have too many open tables.
    .with-max = You already have { $max } open tables.
reject-UNKNOWN_TABLE = There is no such table.
    .with-table_id = There is no table { $table_id }.
reject-UNKNOWN_SEAT = There is no such seat.
    .with-seat = There is no seat { $seat }.
reject-SEAT_TAKEN = That seat is taken.
    .with-seat = Seat { $seat } is taken.
reject-TABLE_FULL = The table is full.
reject-TABLE_EXISTS = That table already exists.
reject-INVALID_OPTIONS = Those table options are not valid.
reject-BAD_TOKEN = That seat token is not valid.
reject-COMMAND_ID_REUSED = That command id was already used.
reject-STALE_VERSION = The table changed meanwhile: look again.
    .with-current-expected = Expected version { $expected }, the table is at { $current }.
reject-GAME_ALREADY_STARTED = The game has already started.
reject-TABLE_CLOSED = This table was closed before its game started.
reject-GAME_NOT_STARTED = The game has not started.
reject-NOT_ENOUGH_PLAYERS = Not enough players.
    .with-free = { $free ->
        [one] Not enough players: one seat is free.
       *[other] Not enough players: { $free } seats are free.
    }
reject-INTERNAL_ERROR = The server failed: send the same command again.
reject-TURN_TIMED_OUT = Too late: the time ran out and the takeover level played.
reject-FORBIDDEN = You may not send this command.
reject-SEAT_LEFT = This seat left the table.
    .with-seat = Seat { $seat } left the table.

## Events: one line each (the narration of the demo and of `president play`)

event-GameCreated = Game { $table }: { $players } players, { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }, { -revolution } { $revolution ->
        [on] on
       *[off] off
    } ({ $rules })
event-DealCommitted = Round { $round }: deal committed ({ $commitment }...), { $leader } leads
event-RoundDealt = hands dealt: { $sizes } cards
event-ExchangeStarted = exchange: the cards change hands
event-CardsGiven = exchange: { $giver } gives { $count ->
        [one] one card
       *[other] { $count } cards
    } { to-title } ({ $receiver })
event-CardsReturned = exchange: { $giver } returns { $count ->
        [one] one card
       *[other] { $count } cards
    } { to-title } ({ $receiver })
event-PlayStarted = { $leader } leads
event-CardsPlayed = { $name } { $cards }
event-Passed = { $name } { -pass }
event-OrderReversed = { $reversed ->
        [yes] REVOLUTION by { $name }: order reversed (2 lowest, 3 highest)
       *[no] REVOLUTION by { $name }: order normal again
    }
event-PlayerFinished = { $name } goes out: place { $place } ({ $title ->
        [president] { -president }
        [vice_president] { -vice-president }
        [neutral] { -neutral }
        [vice_asshole] { -vice-asshole }
       *[asshole] { -asshole }
    })
event-TrickEnded = { $name } wins the { -trick }
event-RoundEnded = Round { $round } finishing order:
event-SeedRevealed = seed revealed for round { $round }: { $seed }...
event-GameEnded = Game over after { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }: { $scores }
event-TurnDeadlineSet = { $name } is to act within { $seconds } s
event-TurnTimedOut = { $name } ran out of time: the takeover level plays
event-SeatAway = { $reason ->
        [timeouts] { $name } is away (after time-outs in a row): played at once from now on
       *[asked] { $name } is away (asked): played at once from now on
    }
event-SeatBack = { $name } is back
event-SeatLeft = { $name } left the table: the takeover level plays
round-over = ({ -round } over)
round-place = { $place }. { $name } { $title } +{ $points }
cumulative-score = cumulative score: { $scores }
score = { $name } { $score }
seat-entry = { $seat }: { $name }
seat-name = seat { $seat }

## `president play`

play-starting = Starting PostgreSQL, NATS, the relay and the services ...
play-table = Table { $table }: you are seat { $seat }; AIs: { $ais }
play-table-name = { $name }'s table
play-ai-seat = seat { $seat } { $level }
play-turn = { $reversed ->
        [yes] == Round { $round }, your turn ({ $name }), order REVERSED ==
       *[no] == Round { $round }, your turn ({ $name }), order normal ==
    }
play-return = Exchange: return { $count ->
        [one] one card
       *[other] { $count } cards
    } of your choice to { $name }
play-to-beat = To beat: { $cards } by { $name }
play-lead = You lead: play any 1 to 4 cards of one rank
play-cards-left = Cards left: { $sizes }
play-hand = Your hand: { $cards }
play-action-play = play { $cards }
play-action-return = return { $cards }
play-action-pass = { -pass }
play-ask = Your choice (number, cards like '6C 6D', or '{ -pass }'):
play-not-legal = not one of the { $count } legal actions: { $answer }
play-input-closed = (input closed)
play-rejected = rejected by the server: { $reason }
play-took-over = { $reason ->
        [timed_out] (timed out: the takeover level played for you)
        [taken_over] (taken over: the takeover level played for you)
       *[phase_changed] (the turn is over: the round or the game ended)
    }
play-clock = [clock] { $left } s left (until { $until } UTC)
play-clock-mark = [clock] { $left } s left
play-done = { $finished ->
        [yes] Game over after { $actions } of your turns.
       *[no] Game left after { $actions } of your turns.
    }
play-default-name = You
stack-failed = a service did not start: { $error }
demo-rebuilt = Rebuilt from the Postgres log: { $events } events replayed by the rules; { $match ->
        [yes] it matches what the services reported.
       *[no] MISMATCH:
    }
demo-audit = Audit (hash chain, seed commitments, replay): { $ok ->
        [yes] ok
       *[no] FAILED
    }
demo-bundle = Audit bundle written to { $path } (check it: { $command } ...)
demo-clocks = Clocks: time-outs { $timeouts }, takeover actions { $takeovers }, longest wait past a deadline { $lag } ms.
demo-played = Table { $table } played in { $seconds } s.
demo-servers = servers: { $database }  { $nats }; logs in { $path }
demo-stalled = the game stalled: no event for a while (see the service logs)
web-starting = Starting PostgreSQL, NATS, the relay, the services and the web page ...
web-logs = logs in { $path }
web-open = Open { $url } in a browser (ready in { $seconds } s); Ctrl-C stops everything.
web-external-nats = president web runs on the embedded NATS (its WebSocket listener and auth callout); with a configured NATS run { $command } (docs/settings.md)
tournament-header = games: { $games } (deals: { $deals } × rotations: { $rotations }), players: { $players }, rounds per game: { $rounds }, seed { $seed }, { $seconds } s; neutral: { $neutral } points per round
tournament-level = level
tournament-points = points/round
tournament-ci = 95% CI
tournament-first = first
tournament-last = last
tournament-p50 = p50 ms
tournament-p95 = p95 ms
tournament-order = order, fewest points first: { $order }
tournament-gap = { $higher } - { $lower }: { $difference } points per round [{ $low }, { $high }], paired deals: { $deals } ({ $higher } { $ahead ->
        [yes] ahead
       *[no] not shown ahead
    })

## The audit's account (text and HTML)

audit-title = Audit of table { $table }
audit-header = Audit of table { $table } (stream { $stream })
audit-events = { $events ->
        [one] { $events } event, chain head { $head }
       *[other] { $events } events, chain head { $head }
    }
audit-rules = rules { $rules }; options { $options }
audit-unknown = unknown
audit-unreadable = unreadable
audit-option = { $option ->
        [players] players { $value }
        [rounds] rounds { $value }
        [revolution] { -revolution } { $value ->
            [yes] on
           *[no] off
        }
        [round_leader] later rounds led by the { $value ->
            [president] { -president }
            [first_seat] first seat
           *[asshole] { -asshole }
        }
       *[other] { $option }={ $value }
    }
audit-seats = seats: { $seats }
audit-seat-human = { $seat }: human
audit-seat-ai = { $seat }: ai { $level }
audit-round = Round { $round } (versions { $first }-{ $last }), seat { $leader } leads
audit-dealt = dealt seat { $seat }: { $cards }
audit-card-count = { $count ->
        [one] one card
       *[other] { $count } cards
    }
audit-exchange = exchange (v{ $version }): seat { $giver } { $kind ->
        [gave] gave
       *[returned] returned
    } seat { $receiver } { $cards }
audit-takeover = [takeover: { $reason ->
        [timed_out] time-out
        [away] away
        [left] left
       *[other] { $reason }
    }]
audit-by = [by { $sender }]
audit-revolution = { -revolution } (v{ $version }): seat { $seat }'s { -four-of-a-kind }, order now { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
audit-out = out (v{ $version }): seat { $seat } place { $place }, { $title }
audit-points = points: { $values }
audit-titles = titles: { $values }
audit-scores = scores: { $values }
audit-seat-value = seat { $seat } { $value }
audit-in-progress = ({ -round } in progress)
audit-problem-at = PROBLEM at version { $version }: { $problem }
# The audit's problems (president.audit: Problem.key); the JSON keeps them in English.
problem-bundle-empty = the bundle is empty
problem-bundle-no-header = the bundle does not start with its header line
problem-bundle-after-head = line { $line } comes after the chain head
problem-bundle-not-event = line { $line } is neither an event nor the head
problem-bundle-not-json = line { $line } is not valid JSON
problem-bundle-not-object = line { $line } is not a JSON object
problem-bundle-format = unknown bundle format (this auditor reads { $expected })
problem-bundle-rules-version = the bundle is of another rules version; this auditor knows { $known }
problem-bundle-bad-event = line { $line } is not a valid event
problem-bundle-truncated = the bundle is truncated: it ends after version { $after } without its chain head line
problem-bundle-head-not-last = the chain head line is not the last event: events are missing or were added at the end
problem-bundle-count = the header announces another number of events than the file holds ({ $held } readable)
problem-bundle-unauditable = the bundle could not be audited
problem-file-unreadable = the file cannot be read
problem-clock-deadline-differs = the time-out of seat { $seat } names another deadline than the seat's recorded one
problem-clock-early = the time-out of seat { $seat } was recorded { $early } ms before its deadline
problem-clock-wrong-seat = a takeover for seat { $seat } recorded an action of seat { $other }
problem-clock-unjustified = a takeover action for seat { $seat } with no time-out, leave or absence before it
problem-deal-never-dealt = the seed of round { $round } was revealed, but the round was never dealt
problem-deal-no-commit = round { $round } was dealt with no commitment before it
problem-deal-commit-late = round { $round }'s commitment comes after its deal
problem-deal-leader = round { $round }: committed leader seat { $committed }, dealt leader seat { $dealt }
problem-deal-never-revealed = round { $round } ended but its seed was never revealed
problem-deal-revealed-early = round { $round }'s seed was revealed before the round ended
problem-deal-reveal-mismatch = round { $round }: the revealed seed does not match the commitment at version { $at }
problem-deal-recorded-mismatch = round { $round }: the recorded seed does not match its commitment
problem-deal-reveal-differs = round { $round }: the revealed seed differs from the one recorded at version { $at }
problem-deal-hands = round { $round }: the dealt hands do not follow from the seed (seat { $seat }'s hand differs first)
problem-game-empty = the stream holds no events
problem-game-first = the stream does not start with the game's creation
problem-game-unreadable = an event cannot be read
problem-game-second-created = the game is created a second time in the stream
problem-game-unknown-type = unknown event type
problem-game-table = the game's creation names another table
problem-game-rules-version = unknown rules version (this auditor knows { $known })
problem-game-contract = the game's creation does not match the contract
problem-game-options = the game's options are not valid
problem-game-second-commit = a second commitment for round { $round } (the first at version { $at })
problem-game-second-reveal = round { $round }'s seed was revealed twice (the first at version { $at })
problem-foreign-events = { $count ->
        [one] { $count } event
       *[other] { $count } events
    } not of this game's stream
problem-chain = hash chain: { $kind ->
        [missing] a version is missing
        [broken_link] the link to the previous event is broken
        [out_of_order] the positions are out of order
       *[edited] the content does not match its hash
    }
problem-rules-early = rules: the stream stops too early
problem-rules-illegal = rules: an illegal decision: { $code }
problem-rules-differs = rules: the recorded event is not what the rules give
problem-rules-crash = rules: the event cannot be replayed
audit-timed-out = time-out (v{ $version }): seat { $seat }{ $by }, deadline { $deadline }; the takeover level played
audit-timed-out-lag = time-out (v{ $version }): seat { $seat }{ $by }, deadline { $deadline }, recorded { $lag } ms after it; the takeover level played
audit-away = away (v{ $version }): seat { $seat }{ $by } ({ $reason ->
        [timeouts] after time-outs in a row
        [asked] asked
       *[other] { $reason }
    }): played by the takeover level at once
audit-back = back (v{ $version }): seat { $seat }{ $by }
audit-left = left (v{ $version }): seat { $seat }{ $by } ({ $name }): played by the takeover level for good
audit-no-name = no name
audit-deal-none = deal: no record
audit-deal-commitment = deal: commitment { $commitment } (v{ $version })
audit-deal-no-commitment = deal: NO commitment
audit-seed = seed { $seed } revealed at v{ $version }: { $status ->
        [yes] matches the commitment
        [no] does NOT match
       *[unknown] unchecked
    }
audit-seed-hidden = seed not revealed yet
audit-hands = dealt hands { $status ->
        [yes] follow from the seed
        [no] do NOT follow from the seed
       *[unknown] unchecked
    }
audit-move-cards = { $seat }: { $cards }
audit-move-pass = { $seat }: { -pass }
audit-move-order = [order { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }]
audit-move-out = [out, place { $place }]
audit-trick = { -trick } { $number }: { $moves } -> { $end }
audit-trick-won = won by seat { $winner }, seat { $leader } leads
audit-trick-open = left open
audit-round-missing = Round { $round } is not in the record.
audit-final = Game over, final scores: { $scores }
audit-ok = Verdict: OK. Hash chain intact (events: { $events }); seed commitments verified: { $commitments }; deals verified: { $deals }; rules events replayed without a fault: { $replayed }.
audit-failed = Verdict: FAILED, { $count ->
        [one] one problem:
       *[other] { $count } problems:
    }
audit-waiting-seats = { $count ->
        [one] seat { $seats }
       *[other] seats { $seats }
    }
audit-waiting-engine = the engine (the next deal)
audit-in-progress-stalled = ({ -round } in progress, stalled since { $since }: waiting for { $who })
audit-stalled = Verdict: stalled since { $since }: waiting for { $who }, allowed until { $limit }. Hash chain intact (events: { $events }); seed commitments verified: { $commitments }; deals verified: { $deals }; rules events replayed without a fault: { $replayed }.
html-verdict-stalled = Verdict: stalled since { $since }.
html-stalled-text = The game waits for { $who }, allowed until { $limit }.
audit-where-file = file
audit-where-version = version { $version }
html-summary = Stream { $stream }, { $events } recorded events; rules { $rules }; { $players } players, { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }, { -revolution } { $revolution ->
        [on] on
       *[off] off
    }, later rounds led by the { $leader ->
        [president] { -president }
        [first_seat] first seat
       *[asshole] { -asshole }
    }.
html-chain-head = Chain head:
html-verdict-ok = Verdict: everything checks.
html-verdict-ok-text = The hash chain is intact (events: { $events }). Seed commitments verified: { $commitments }; deals verified: { $deals }; game events replayed exactly under the rules: { $replayed }.
html-verdict-bad = Verdict: the record does NOT check.
html-problems = { $count ->
        [one] One problem found:
       *[other] { $count } problems found:
    }
html-where-file = the file
html-where-event = event { $version }
html-checked = What was checked
html-checked-chain = Hash chain: every event carries a fingerprint (SHA-256) of its content and of the event before it; an edited, removed, inserted or reordered event breaks it.
html-checked-deals = Fair deals: before each round the server published a commitment (a fingerprint of the secret seed); after the round it revealed the seed. The seed must match the commitment, and shuffling with it must give exactly the hands dealt.
html-checked-rules = Rules: every play, pass and exchange was replayed through the rules; each had to be legal for that player at that moment, and every consequence (tricks, revolutions, who went out, titles, points, exchanges) had to be what the rules give.
html-checked-clocks = Clocks: every time-out was recorded no earlier than its deadline, and every move the takeover level made for a seat followed a time-out, a departure or the seat stepping away.
html-round = Round { $round }
html-round-span = Events { $first }–{ $last }. Seat { $leader } leads.
html-round-problems = Problems in this round:
html-deal = Deal
html-no-commitment = No seed commitment was recorded before this deal.
html-commitment = Commitment (event { $version }):
html-seed = Seed revealed (event { $version }):
html-seed-ok = The seed matches the commitment.
html-seed-bad = The seed does NOT match.
html-seed-hidden = The seed is not revealed yet (the round is not over).
html-hands-ok = The hands follow from the seed.
html-hands-bad = The hands do NOT follow.
html-uncheckable = Not checkable.
html-hands = Hands as dealt
html-seat = Seat { $seat }
html-exchange = Exchange
html-exchange-row = Seat { $giver } { $kind ->
        [gave] gave (automatically)
       *[returned] returned
    } to seat { $receiver }
html-by = by { $sender }
html-tricks = Tricks
html-plays = Plays and passes
html-result = Result
html-passes = Seat { $seat } passes
html-flip = { -revolution }: order now { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
html-out = out, place { $place }
html-takeover = takeover ({ $reason ->
        [timed_out] time-out
        [away] away
        [left] left
       *[other] { $reason }
    })
html-trick-won = won by seat { $winner }; seat { $leader } leads next
html-trick-open = left open when the round ended
html-clock = Clock and presence
html-went-out = Who went out
html-went-out-row = Seat { $seat }: { $title }
html-points = Points
html-title = Title
html-score = Score
html-in-progress = This round is still being played.
html-final = Final scores

## `president web`: the browser table (services/web/static)

web-title = President
web-language = Language
web-lobby-heading = A new table
web-your-name = Your name
web-players = Players
web-rounds = Rounds
web-ai-level = AI level of the other seats
web-turn-seconds = Seconds per turn (0: no clock)
web-revolution = Revolution (four of a kind reverses the order)
web-create = Create the table and play
web-trick-heading = On the table
web-exchange-heading = Exchange
web-hand-heading = Your hand
web-pass = Pass
web-back = I am back
web-keys = Keys: Tab or arrows move between cards, Space picks a card, P plays, S passes, H goes to the hand.
web-results-heading = Results
web-new-game = A new table
web-log-heading = Plays
web-debug-heading = For integrators
web-debug-resend = Send the last command again
web-debug-events = Raw messages (subject, version)
web-debug-view = Last view
web-suit-letter-C = C
web-suit-letter-D = D
web-suit-letter-H = H
web-suit-letter-S = S
web-card = { $rank } of { $suit }
web-your-turn = Your turn.
web-your-return = Your turn: return cards.
web-game-over = Game over.
web-round-over = Round { $round } is over.
web-not-sent = Not sent yet: it goes as soon as the connection is back.
web-failed = That did not work.
web-table-heading = Table { $table }, round { $round } of { $rounds }
web-seat-score = Score { $score }
web-to-act = to act
web-out = out
web-trick-empty = Empty: { $name } leads.
web-reversed = (order reversed)
web-play = Play
web-return = Return
web-exchange-wait = The exchange is under way.
web-transfer = { $giver } → { $receiver }: { $cards }
web-round-column = Round
web-result-cell = { $title } +{ $points }
web-total = Score
web-final = Game over: { $name } went out first.
web-log-entry = { $round }: { $move }
web-clock = { $seconds } s left
web-status-connecting = Connecting…
web-status-connected = Connected
web-status-reconnecting = Connection lost: reconnecting…
web-seat-cards = { $count ->
        [one] one card
       *[other] { $count } cards
    }
web-owe-return = { $count ->
        [one] Give one card of your choice back to { $name }.
       *[other] Give { $count } cards of your choice back to { $name }.
    }

## Browser table

table-heading = Round { $round } of { $rounds }
table-pace = Pace
table-pace-instant = Instant
table-pace-seconds = { $seconds } s per move
table-you = { $name } (you)
table-passed = { -pass }
table-leads = { $name } leads.
table-waiting = Waiting for { $name }.
table-read-summary = Read the summary of the round, then press “{ table-continue }”.
table-pick = Pick the cards to play, then press “{ web-play }”.
table-pick-or-pass = Pick the cards to play, then press “{ web-play }”, or “{ web-pass }”.
table-sending = Sending…
table-clock-mine = { $seconds } s left to act
table-seat-clock = { $seconds } s
table-away-seat = away
table-away = You are away: the takeover AI plays your seat until you press “{ web-back }”.
table-timeout-warning = Your time ran out and the takeover AI played for you. Time-outs in a row left before your seat is played for you until you come back: { $left }.
table-clock-rules = With a clock of { $seconds } s per turn: when your time runs out, the takeover AI ({ $level }) plays that turn for you. After { $after } time-outs in a row your seat is away: it is played at once until you press “{ web-back }”.
table-last-trick = Last { -trick }
table-finish-order = Finishing order
table-finish-row = { $name }: { $title }, +{ $points } (score { $score })
table-gave-cards = { $giver } gave { $receiver }: { $cards }
table-returned-cards = { $giver } gave back to { $receiver }: { $cards }
table-continue = Next round
table-winner = { $name } wins the game with { $points } points.
table-winners-tie = A tie for first place with { $points } points: { $names }.
table-replay-link = Step through the replay of this game
table-my-games = Your tables
table-my-game = Players: { $players } · rounds: { $rounds } · { $others }
table-rejoin = Back to the table
replay-title = Replay of a game
replay-heading = Replay: { $names }
replay-loading = Reading the record…
replay-verdict-ok = The record checks: the hash chain is whole, every deal follows its committed seed and every move was legal.
replay-verdict-failed = The record does not check. What the audit found:
replay-checked = Checked: { $events } events, { $commitments } seed commitments, { $deals } deals; { $replayed } events replayed by the rules.
replay-check-hash_chain = Hash chain
replay-check-deal = Deal and seed
replay-check-rules = Rules
replay-check-record = Record
replay-check-clock = Clock
replay-check-foreign_event = Foreign event
replay-check-bundle = File
replay-problem = { $check }, event { $version }:
replay-round-verified = Round { $round }: the seed matches its commitment and the deal follows from it.
replay-round-not-verified = Round { $round }: the deal could not be verified.
replay-step = Move { $step } of { $steps } (round { $round })
replay-first = Start
replay-prev-trick = Previous { -trick }
replay-prev = Previous move
replay-next = Next move
replay-next-trick = Next { -trick }
replay-last = End
replay-keys = Keys: the arrows step one move (up and down: one trick); Home and End go to the start and the end.
replay-deal = Round { $round } is dealt; { $name } leads.
replay-returned = { $name } gives back to { $receiver }: { $cards }
replay-link = Link to this move
replay-in-play = A round still in play is not shown.
replay-hands = Hands
replay-trick = On the table
replay-none = There is no game with this id.
replay-unavailable = The record cannot be read now: try again in a moment.
table-port-taken = Port { $port } is taken: choose another one with --port.
replay-audit-link = Step through it in the browser (`president web`): { $url }
table-refused-BUSY = The server is busy and takes no new game just now.
table-refused-TOO_MANY_GAMES = You already have as many games running as one player may (at most { $max }): finish one first.
table-refused-TOO_MANY_TABLES = You already have as many tables waiting to start as one player may (at most { $max }).
table-refused-OVER_LIMIT = { $field ->
    [ai] Too many AI players: a game opened here may have at most { $max }.
   *[rounds] Too many rounds: a game opened here may have at most { $max }.
}
table-refused-RATE_LIMITED = Too many requests in a short time.
table-refused-login_required = Sign in to the platform first.
table-refused-bad_login = Your sign-in was not accepted (it expired or is not valid): sign in again.
table-refused-bad_request = The game's settings were not accepted: check them and try again.
table-refused-bad_json = The request could not be read: reload the page and try again.
table-refused-not_json = The request was sent in a form the server does not take: reload the page.
table-refused-bad_origin = The request came from another site and was refused: open the table from its own address.
table-refused-too_deep = The request is nested too deeply to be read.
table-refused-too_large = The request is too large to be read.
table-refused-duplicate_key = The request gives the same setting twice.
table-refused-bad_pass = This seat's pass is not valid.
table-refused-unavailable = The server does not answer just now: try again in a moment.
table-retry-after = Try again in { $seconds } s.
table-start-failed = The page could not start: reload it to try again.
