# President: ქართული (Georgian). The rules' words come from the Georgian sheet
# (../shared/seeds/002_f8cb10eb28e04008.txt); docs/l10n/ka.md gives each term's line.
# A message marked "not from the sheet" is a careful translation of words no sheet names.
# Georgian has no letter case: nothing here is ever upper-cased (that would give Mtavruli).

## Terms: the sheet's words

-game-name = პრეზიდენტი
-president = { $case ->
       *[nominative] პრეზიდენტი
        [dative] პრეზიდენტს
    }
-vice-president = { $case ->
       *[nominative] ვიცე-პრეზიდენტი
        [dative] ვიცე-პრეზიდენტს
    }
# not from the sheet
-neutral = { $case ->
       *[nominative] ნეიტრალური
        [dative] ნეიტრალურს
    }
-vice-asshole = { $case ->
       *[nominative] ვიცე-ტრაკი
        [dative] ვიცე-ტრაკს
    }
-asshole = { $case ->
       *[nominative] ტრაკი
        [dative] ტრაკს
    }
-pass = პასი
-revolution = რევოლუცია
-round = რაუნდი
-series = სერია
-trick = აღება
-four-of-a-kind = კარე
-runs = სერიები
-hand = ხელი
-order-normal = ნორმალური
-order-reversed = შებრუნებული

## Titles (ids on the wire)

title-president = { -president }
title-vice_president = { -vice-president }
title-neutral = { -neutral }
title-vice_asshole = { -vice-asshole }
title-asshole = { -asshole }
to-title = { $title ->
        [president] { -president(case: "dative") }
        [vice_president] { -vice-president(case: "dative") }
        [vice_asshole] { -vice-asshole(case: "dative") }
        [neutral] { -neutral(case: "dative") }
       *[asshole] { -asshole(case: "dative") }
    }

## Cards: the sheet's rank letters (V, D, R); the sheet names no suit (it prints 3♣)

rank-3 = 3
rank-4 = 4
rank-5 = 5
rank-6 = 6
rank-7 = 7
rank-8 = 8
rank-9 = 9
rank-10 = 10
rank-J = V
rank-Q = D
rank-K = R
rank-A = A
rank-2 = 2
# not from the sheet
suit-C = ჯვარი
# not from the sheet
suit-D = აგური
# not from the sheet
suit-H = გული
# not from the sheet
suit-S = ყვავი

## AI levels (the sheet's lines 52-54)

ai-easy = მარტივი
ai-easy-desc = მარტივი თამაშობს ყველაზე დაბალ ლეგალურ კომბინაციას.
ai-medium = ნორმალური
ai-medium-desc = ნორმალური ინახავს 2-ებსა და კვადრებს, რომ ხელის აღება დაიბრუნოს და ზედმეტად არ შლის წყვილებს/სამეულებს.
ai-hard = რთული
ai-hard-desc = რთული საჯარო კარტებიდან აფასებს თითო რანგზე დარჩენილ რაოდენობებს და გეგმავს ხელის გათამაშებას.
# not from the sheet
ai-random = შემთხვევითი
# not from the sheet
ai-player = AI { $seat } ({ $level })

## Rejections

# not from the sheet
reject-generic = უარყოფილია ({ $code }).
# not from the sheet
reject-BAD_ACTION = სვლა არასწორად არის შედგენილი.
# not from the sheet
reject-WRONG_PHASE = ახლა არა.
    .with-phase = ახლა არა: { $phase ->
        [deal] მიმდინარეობს დარიგება.
        [exchange] მიმდინარეობს გაცვლა.
        [play] მიმდინარეობს თამაში.
       *[game_over] თამაში დასრულდა.
    }
# not from the sheet
reject-NOT_YOUR_TURN = ახლა თქვენი სვლა არ არის.
    .with-to_act = ახლა თქვენი სვლა არ არის: სვლა ეკუთვნის ადგილს { $to_act }.
    .with-seat = ადგილს { $seat } კარტის დაბრუნება არ ევალება.
# not from the sheet
reject-UNKNOWN_CARD = ეს კარტი არ არის.
    .with-card = „{ $card }“ კარტი არ არის.
# not from the sheet
reject-DUPLICATE_CARD = ერთი და იგივე კარტი ორჯერ არის.
    .with-card = { $card } ორჯერ არის.
# not from the sheet
reject-EMPTY_PLAY = დადებას ერთი კარტი მაინც სჭირდება.
# not from the sheet
reject-TOO_MANY_CARDS = დადებაში მაქსიმუმ ოთხი კარტია.
# not from the sheet
reject-CARD_NOT_IN_HAND = ეს კარტი თქვენს ხელში არ არის.
    .with-cards = { $cards } თქვენს ხელში არ არის.
reject-MIXED_RANKS = დადების ბარათებს ერთნაირი რანგი უნდა ჰქონდეს.
# not from the sheet
reject-LEADER_CANNOT_PASS = ვინც აღებას იწყებს, პასს ვერ იტყვის.
reject-WRONG_COUNT = რაოდენობა უნდა უდრიდეს აქტიური დადების რაოდენობას.
    .with-count = { $count ->
        [one] დადეთ ზუსტად { $count } კარტი.
       *[other] დადეთ ზუსტად { $count } კარტი.
    }
reject-NOT_HIGHER = რანგი მკაცრად ძლიერი უნდა იყოს; გათანაბრება არ შეიძლება.
    .with-rank = რანგი მკაცრად უფრო ძლიერი უნდა იყოს, ვიდრე { $rank }; გათანაბრება არ შეიძლება.
# not from the sheet
reject-MALFORMED = შეტყობინება არასწორია.
# not from the sheet
reject-MESSAGE_TOO_LARGE = შეტყობინება ძალიან დიდია.
    .with-max_bytes = შეტყობინება { $max_bytes } ბაიტზე დიდია.
# not from the sheet
reject-RATE_LIMITED = ძალიან ბევრი ბრძანება: შეანელეთ და თავიდან გაგზავნეთ.
# not from the sheet
reject-TOO_MANY_TABLES = ძალიან ბევრი ღია მაგიდა გაქვთ.
    .with-max = ღია მაგიდების ლიმიტს მიაღწიეთ: { $max }.
# not from the sheet
reject-UNKNOWN_TABLE = ასეთი მაგიდა არ არსებობს.
    .with-table_id = მაგიდა { $table_id } არ არსებობს.
# not from the sheet
reject-UNKNOWN_SEAT = ასეთი ადგილი არ არსებობს.
    .with-seat = ადგილი { $seat } არ არსებობს.
# not from the sheet
reject-SEAT_TAKEN = ადგილი დაკავებულია.
    .with-seat = ადგილი { $seat } დაკავებულია.
# not from the sheet
reject-TABLE_FULL = მაგიდა სავსეა.
# not from the sheet
reject-TABLE_EXISTS = ეს მაგიდა უკვე არსებობს.
# not from the sheet
reject-INVALID_OPTIONS = მაგიდის პარამეტრები არასწორია.
# not from the sheet
reject-BAD_TOKEN = ადგილის ტოკენი არასწორია.
# not from the sheet
reject-COMMAND_ID_REUSED = ბრძანების ეს იდენტიფიკატორი უკვე გამოყენებულია.
# not from the sheet
reject-STALE_VERSION = მაგიდა ამასობაში შეიცვალა: ხელახლა შეხედეთ.
    .with-current-expected = მოსალოდნელი ვერსია { $expected }, მაგიდა ვერსიაზეა { $current }.
# not from the sheet
reject-GAME_ALREADY_STARTED = თამაში უკვე დაიწყო.
reject-TABLE_CLOSED = ეს მაგიდა დაიხურა, სანამ თამაში დაიწყებოდა.
# not from the sheet
reject-GAME_NOT_STARTED = თამაში ჯერ არ დაწყებულა.
# not from the sheet
reject-NOT_ENOUGH_PLAYERS = მოთამაშეები არ არის საკმარისი.
    .with-free = { $free ->
        [one] მოთამაშეები არ არის საკმარისი: თავისუფალია { $free } ადგილი.
       *[other] მოთამაშეები არ არის საკმარისი: თავისუფალია { $free } ადგილი.
    }
# not from the sheet
reject-INTERNAL_ERROR = სერვერის შეცდომა: იგივე ბრძანება თავიდან გაგზავნეთ.
# not from the sheet
reject-TURN_TIMED_OUT = დაგვიანდა: დრო ამოიწურა და შემცვლელმა დონემ ითამაშა.
# not from the sheet
reject-FORBIDDEN = ამ ბრძანების გაგზავნა არ შეგიძლიათ.
# not from the sheet
reject-SEAT_LEFT = ამ ადგილმა მაგიდა დატოვა.
    .with-seat = ადგილმა { $seat } მაგიდა დატოვა.

## Events

# not from the sheet
event-GameCreated = თამაში { $table }: { $players ->
        [one] { $players } მოთამაშე
       *[other] { $players } მოთამაშე
    }, { $rounds ->
        [one] { $rounds } რაუნდი
       *[other] { $rounds } რაუნდი
    }, { -revolution } { $revolution ->
        [on] ჩართულია
       *[off] გამორთულია
    } ({ $rules })
# not from the sheet
event-DealCommitted = რაუნდი { $round }: დარიგება დალუქულია ({ $commitment }...), იწყებს { $leader }
# not from the sheet
event-RoundDealt = კარტები დარიგდა: { $sizes }
# not from the sheet
event-ExchangeStarted = გაცვლა: კარტები ხელს იცვლის
event-CardsGiven = გაცვლა: { $giver } ავტომატურად აძლევს { to-title } { $count ->
        [one] { $count } კარტს
       *[other] { $count } კარტს
    } ({ $receiver })
# not from the sheet
event-CardsReturned = გაცვლა: { $giver } უბრუნებს { to-title } { $count ->
        [one] { $count } კარტს
       *[other] { $count } კარტს
    } ({ $receiver })
# not from the sheet
event-PlayStarted = იწყებს { $leader }
event-CardsPlayed = { $name } { $cards }
event-Passed = { $name }: { -pass }
event-OrderReversed = { $reversed ->
        [yes] რევოლუცია ({ $name }): 2 ყველაზე მცირე ხდება და 3 ყველაზე დიდი
       *[no] რევოლუცია ({ $name }): ისევ ნორმალური თანმიმდევრობა
    }
# not from the sheet
event-PlayerFinished = { $name } გავიდა: { $place ->
        [1] 1-ლი ადგილი
       *[other] მე-{ $place } ადგილი
    } ({ $title ->
        [president] { -president }
        [vice_president] { -vice-president }
        [neutral] { -neutral }
        [vice_asshole] { -vice-asshole }
       *[asshole] { -asshole }
    })
event-TrickEnded = { $name } იგებს აღებას
# not from the sheet
event-RoundEnded = რაუნდი { $round }: რეიტინგი:
# not from the sheet
event-SeedRevealed = რაუნდის { $round } თესლი გამჟღავნდა: { $seed }...
# not from the sheet
event-GameEnded = თამაში დასრულდა { $rounds ->
        [one] { $rounds } რაუნდის შემდეგ
       *[other] { $rounds } რაუნდის შემდეგ
    }: { $scores }
# not from the sheet
event-TurnDeadlineSet = სვლა ეკუთვნის { $name }-ს, { $seconds } წამში
# not from the sheet
event-TurnTimedOut = { $name }: დრო ამოიწურა, თამაშობს შემცვლელი დონე
# not from the sheet
event-SeatAway = { $reason ->
        [timeouts] { $name } არ არის (რამდენიმე ვადის გასვლის შემდეგ): ამიერიდან მაშინვე თამაშდება
       *[asked] { $name } არ არის (საკუთარი თხოვნით): ამიერიდან მაშინვე თამაშდება
    }
# not from the sheet
event-SeatBack = { $name } დაბრუნდა
# not from the sheet
event-SeatLeft = { $name } მაგიდიდან წავიდა: თამაშობს შემცვლელი დონე
# not from the sheet
round-over = (რაუნდი დასრულდა)
round-place = { $place }. { $name } { $title } +{ $points }
cumulative-score = ჯამური ქულა: { $scores }
score = { $name } { $score }
seat-entry = { $seat }: { $name }
# not from the sheet
seat-name = ადგილი { $seat }

## `president play`

# not from the sheet
play-starting = ეშვება PostgreSQL, NATS, რელე და სერვისები ...
# not from the sheet
play-table = მაგიდა { $table }: თქვენ ხართ ადგილი { $seat }; AI: { $ais }
# not from the sheet
play-table-name = მაგიდა: { $name }
# not from the sheet
play-ai-seat = ადგილი { $seat } { $level }
# not from the sheet
play-turn = { $reversed ->
        [yes] == რაუნდი { $round }, თქვენი სვლაა ({ $name }), რიგი შებრუნებულია ==
       *[no] == რაუნდი { $round }, თქვენი სვლაა ({ $name }), რიგი ნორმალურია ==
    }
# not from the sheet
play-return = გაცვლა: დაუბრუნეთ { $name }-ს თქვენი არჩევანით { $count ->
        [one] { $count } კარტი
       *[other] { $count } კარტი
    }
# not from the sheet
play-to-beat = გადასაფარია: { $cards } ({ $name })
play-lead = თქვენ იწყებთ: დადეთ 1-დან 4-მდე ერთი რანგის კარტის კომბინაცია
# not from the sheet
play-cards-left = დარჩენილი კარტები: { $sizes }
# not from the sheet
play-hand = თქვენი ხელი: { $cards }
# not from the sheet
play-action-play = დადება { $cards }
# not from the sheet
play-action-return = დაბრუნება { $cards }
play-action-pass = { -pass }
# not from the sheet
play-ask = თქვენი არჩევანი (ნომერი, კარტები, მაგ. '6C 6D', ან '{ -pass }'):
# not from the sheet
play-not-legal = არ არის { $count } დასაშვები სვლიდან ერთ-ერთი: { $answer }
# not from the sheet
play-input-closed = (შეყვანა დაიხურა)
# not from the sheet
play-rejected = სერვერმა უარყო: { $reason }
# not from the sheet
play-took-over = { $reason ->
        [timed_out] (დრო ამოიწურა: თქვენ მაგივრად შემცვლელმა დონემ ითამაშა)
        [taken_over] (შეცვლილია: თქვენ მაგივრად შემცვლელმა დონემ ითამაშა)
       *[phase_changed] (სვლა დასრულდა: რაუნდი ან თამაში დასრულდა)
    }
# not from the sheet
play-clock = [საათი] დარჩა { $left } წმ ({ $until } UTC-მდე)
# not from the sheet
play-clock-mark = [საათი] დარჩა { $left } წმ
# not from the sheet
play-done = { $finished ->
        [yes] თამაში დასრულდა; თქვენი სვლები: { $actions }.
       *[no] თამაში მიტოვებულია; თქვენი სვლები: { $actions }.
    }
# not from the sheet
play-default-name = თქვენ
# not from the sheet
stack-failed = სერვისი ვერ გაეშვა: { $error }
# not from the sheet
demo-rebuilt = აღდგენილია Postgres-ის ჟურნალიდან: წესებით გამეორებული მოვლენა: { $events }; { $match ->
        [yes] ემთხვევა სერვისების ნათქვამს.
       *[no] არ ემთხვევა:
    }
# not from the sheet
demo-audit = აუდიტი (ჰეშების ჯაჭვი, თესლის ვალდებულებები, გამეორება): { $ok ->
        [yes] რიგზეა
       *[no] ჩავარდა
    }
# not from the sheet
demo-bundle = აუდიტის ფაილი ჩაიწერა: { $path } (შემოწმება: { $command } ...)
# not from the sheet
demo-clocks = საათები: ვადის გასვლა { $timeouts }, შემცვლელის სვლა { $takeovers }, ყველაზე გრძელი ლოდინი ვადის შემდეგ { $lag } მწ.
# not from the sheet
demo-played = მაგიდა { $table } ითამაშა { $seconds } წმ-ში.
# not from the sheet
demo-servers = სერვერები: { $database }  { $nats }; ჟურნალები: { $path }
# not from the sheet
demo-stalled = თამაში გაჩერდა: დიდი ხანია მოვლენა არ არის (იხილეთ სერვისების ჟურნალები)
# not from the sheet
web-starting = ეშვება PostgreSQL, NATS, რელე, სერვისები და ვებგვერდი ...
# not from the sheet
web-logs = ჟურნალები: { $path }
# not from the sheet
web-open = გახსენით { $url } ბრაუზერში (მზადაა { $seconds } წმ-ში); Ctrl-C ყველაფერს აჩერებს.
# not from the sheet
web-external-nats = president web ჩაშენებულ NATS-ზე მუშაობს (მისი WebSocket მსმენელით და auth callout-ით); კონფიგურირებული NATS-ით გაუშვით { $command } (docs/settings.md)
# not from the sheet
tournament-header = თამაშები: { $games } (დარიგებები: { $deals } × როტაციები: { $rotations }), მოთამაშეები: { $players }, რაუნდები თითო თამაშში: { $rounds }, თესლი { $seed }, { $seconds } წმ; ნეიტრალური: { $neutral } ქულა რაუნდში
# not from the sheet
tournament-level = დონე
# not from the sheet
tournament-points = ქულა/რაუნდი
# not from the sheet
tournament-ci = 95% ნდ
# not from the sheet
tournament-first = პირველი
# not from the sheet
tournament-last = ბოლო
# not from the sheet
tournament-p50 = p50 მწ
# not from the sheet
tournament-p95 = p95 მწ
# not from the sheet
tournament-order = რიგი, ყველაზე ნაკლები ქულიდან: { $order }
# not from the sheet
tournament-gap = { $higher } - { $lower }: { $difference } ქულა რაუნდში [{ $low }, { $high }], დაწყვილებული დარიგება: { $deals } ({ $higher } { $ahead ->
        [yes] წინაა
       *[no] უპირატესობა არ დასტურდება
    })

## The audit's account

# not from the sheet
audit-title = მაგიდის { $table } აუდიტი
# not from the sheet
audit-header = მაგიდის { $table } აუდიტი (ნაკადი { $stream })
# not from the sheet
audit-events = { $events ->
        [one] { $events } მოვლენა, ჯაჭვის თავი { $head }
       *[other] { $events } მოვლენა, ჯაჭვის თავი { $head }
    }
# not from the sheet
audit-rules = წესები { $rules }; პარამეტრები { $options }
# not from the sheet
audit-unknown = უცნობია
# not from the sheet
audit-unreadable = ვერ იკითხება
# not from the sheet
audit-option = { $option ->
        [players] მოთამაშე: { $value }
        [rounds] რაუნდი: { $value }
        [revolution] { -revolution } { $value ->
            [yes] ჩართულია
           *[no] გამორთულია
        }
        [round_leader] შემდეგ რაუნდებს იწყებს { $value ->
            [president] { -president }
            [first_seat] პირველი ადგილი
           *[asshole] { -asshole }
        }
       *[other] { $option }={ $value }
    }
# not from the sheet
audit-seats = ადგილები: { $seats }
# not from the sheet
audit-seat-human = { $seat }: ადამიანი
audit-seat-ai = { $seat }: AI { $level }
# not from the sheet
audit-round = რაუნდი { $round } (ვერსიები { $first }-{ $last }), იწყებს ადგილი { $leader }
# not from the sheet
audit-dealt = ადგილს { $seat } დაურიგდა: { $cards }
# not from the sheet
audit-card-count = { $count ->
        [one] { $count } კარტი
       *[other] { $count } კარტი
    }
# not from the sheet
audit-exchange = გაცვლა (v{ $version }): ადგილმა { $giver } { $kind ->
        [gave] მისცა
       *[returned] დაუბრუნა
    } ადგილს { $receiver } { $cards }
# not from the sheet
audit-takeover = [შემცვლელი: { $reason ->
        [timed_out] ვადა გავიდა
        [away] არ არის
        [left] წავიდა
       *[other] { $reason }
    }]
# not from the sheet
audit-by = [გამგზავნი { $sender }]
# not from the sheet
audit-revolution = { -revolution } (v{ $version }): ადგილის { $seat } კარე, რიგი ახლა { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
audit-out = გავიდა (v{ $version }): ადგილი { $seat }, { $place ->
        [1] 1-ლი ადგილი
       *[other] მე-{ $place } ადგილი
    }, { $title }
audit-points = ქულა: { $values }
# not from the sheet
audit-titles = წოდებები: { $values }
audit-scores = ჯამური ქულა: { $values }
# not from the sheet
audit-seat-value = ადგილი { $seat } { $value }
# not from the sheet
audit-in-progress = (რაუნდი მიმდინარეობს)
# not from the sheet
audit-problem-at = პრობლემა ვერსიაში { $version }: { $problem }
# The audit's problems (president.audit: Problem.key); the JSON keeps them in English.
# not from the sheet
problem-bundle-empty = ფაილი ცარიელია
# not from the sheet
problem-bundle-no-header = ფაილი სათაურის სტრიქონით არ იწყება
# not from the sheet
problem-bundle-after-head = სტრიქონი { $line } ჯაჭვის თავის შემდეგ მოდის
# not from the sheet
problem-bundle-not-event = სტრიქონი { $line } არც მოვლენაა და არც ჯაჭვის თავი
# not from the sheet
problem-bundle-not-json = სტრიქონი { $line } სწორი JSON არ არის
# not from the sheet
problem-bundle-not-object = სტრიქონი { $line } JSON ობიექტი არ არის
# not from the sheet
problem-bundle-format = ფაილის უცნობი ფორმატი (ეს აუდიტორი კითხულობს: { $expected })
# not from the sheet
problem-bundle-rules-version = ფაილი წესების სხვა ვერსიისაა; ეს აუდიტორი იცნობს: { $known }
# not from the sheet
problem-bundle-bad-event = სტრიქონი { $line } სწორი მოვლენა არ არის
# not from the sheet
problem-bundle-truncated = ფაილი შეკვეცილია: მთავრდება ჯაჭვის თავის სტრიქონის გარეშე (ბოლო ვერსია: { $after })
# not from the sheet
problem-bundle-head-not-last = ჯაჭვის თავის სტრიქონი ბოლო მოვლენა არ არის: მოვლენები აკლია ან ბოლოს დაემატა
# not from the sheet
problem-bundle-count = სათაური მოვლენების სხვა რაოდენობას აცხადებს, ვიდრე ფაილშია (წაკითხვადი: { $held })
# not from the sheet
problem-bundle-unauditable = ფაილის აუდიტი ვერ მოხერხდა
# not from the sheet
problem-file-unreadable = ფაილი ვერ იკითხება
# not from the sheet
problem-clock-deadline-differs = ვადის გასვლა (ადგილი { $seat }) სხვა ვადას ასახელებს, ვიდრე ჩაწერილი
# not from the sheet
problem-clock-early = ვადის გასვლა (ადგილი { $seat }) ვადამდე { $early } მწ ადრე ჩაიწერა
# not from the sheet
problem-clock-wrong-seat = შემცვლელის სვლა (ადგილი { $seat }) სხვა ადგილისაა: { $other }
# not from the sheet
problem-clock-unjustified = შემცვლელის სვლა (ადგილი { $seat }) მანამდე ვადის გასვლის, წასვლის ან არყოფნის გარეშე
# not from the sheet
problem-deal-never-dealt = რაუნდი { $round }: თესლი გამჟღავნდა, მაგრამ რაუნდი არასდროს დარიგებულა
# not from the sheet
problem-deal-no-commit = რაუნდი { $round }: დარიგდა მანამდე ვალდებულების გარეშე
# not from the sheet
problem-deal-commit-late = რაუნდი { $round }: ვალდებულება დარიგების შემდეგ მოდის
# not from the sheet
problem-deal-leader = რაუნდი { $round }: ვალდებულებით იწყებს ადგილი { $committed }, დარიგებით — ადგილი { $dealt }
# not from the sheet
problem-deal-never-revealed = რაუნდი { $round }: დასრულდა, მაგრამ თესლი არ გამჟღავნებულა
# not from the sheet
problem-deal-revealed-early = რაუნდი { $round }: თესლი რაუნდის დასრულებამდე გამჟღავნდა
# not from the sheet
problem-deal-reveal-mismatch = რაუნდი { $round }: გამჟღავნებული თესლი არ შეესაბამება ვალდებულებას (ვერსია { $at })
# not from the sheet
problem-deal-recorded-mismatch = რაუნდი { $round }: ჩაწერილი თესლი არ შეესაბამება თავის ვალდებულებას
# not from the sheet
problem-deal-reveal-differs = რაუნდი { $round }: გამჟღავნებული თესლი განსხვავდება ჩაწერილისგან (ვერსია { $at })
# not from the sheet
problem-deal-hands = რაუნდი { $round }: დარიგებული ხელები თესლიდან არ გამომდინარეობს (პირველი განსხვავდება ადგილი { $seat })
# not from the sheet
problem-game-empty = ნაკადში მოვლენები არ არის
# not from the sheet
problem-game-first = ნაკადი თამაშის შექმნით არ იწყება
# not from the sheet
problem-game-unreadable = მოვლენა ვერ იკითხება
# not from the sheet
problem-game-second-created = თამაში ნაკადში მეორედ იქმნება
# not from the sheet
problem-game-unknown-type = მოვლენის უცნობი ტიპი
# not from the sheet
problem-game-table = თამაშის შექმნა სხვა მაგიდას ასახელებს
# not from the sheet
problem-game-rules-version = წესების უცნობი ვერსია (ეს აუდიტორი იცნობს: { $known })
# not from the sheet
problem-game-contract = თამაშის შექმნა კონტრაქტს არ შეესაბამება
# not from the sheet
problem-game-options = თამაშის პარამეტრები არასწორია
# not from the sheet
problem-game-second-commit = რაუნდი { $round }: მეორე ვალდებულება (პირველი — ვერსია { $at })
# not from the sheet
problem-game-second-reveal = რაუნდი { $round }: თესლი ორჯერ გამჟღავნდა (პირველად — ვერსია { $at })
# not from the sheet
problem-foreign-events = { $count ->
        [one] { $count } მოვლენა
       *[other] { $count } მოვლენა
    } ამ თამაშის ნაკადს არ ეკუთვნის
# not from the sheet
problem-chain = ჰეშების ჯაჭვი: { $kind ->
        [missing] ვერსია აკლია
        [broken_link] წინა მოვლენასთან კავშირი გაწყვეტილია
        [out_of_order] პოზიციები რიგზე არ არის
       *[edited] შიგთავსი თავის ჰეშს არ შეესაბამება
    }
# not from the sheet
problem-rules-early = წესები: ნაკადი ძალიან ადრე წყდება
# not from the sheet
problem-rules-illegal = წესები: დაუშვებელი გადაწყვეტილება: { $code }
# not from the sheet
problem-rules-differs = წესები: ჩაწერილი მოვლენა არ არის ის, რასაც წესები იძლევა
# not from the sheet
problem-rules-crash = წესები: მოვლენის გამეორება შეუძლებელია
# not from the sheet
audit-timed-out = ვადა გავიდა (v{ $version }): ადგილი { $seat }{ $by }, ვადა { $deadline }; ითამაშა შემცვლელმა დონემ
# not from the sheet
audit-timed-out-lag = ვადა გავიდა (v{ $version }): ადგილი { $seat }{ $by }, ვადა { $deadline }, ჩაიწერა { $lag } მწ-ის შემდეგ; ითამაშა შემცვლელმა დონემ
# not from the sheet
audit-away = არ არის (v{ $version }): ადგილი { $seat }{ $by } ({ $reason ->
        [timeouts] რამდენიმე ვადის გასვლის შემდეგ
        [asked] საკუთარი თხოვნით
       *[other] { $reason }
    }): მაშინვე თამაშობს შემცვლელი დონე
# not from the sheet
audit-back = დაბრუნდა (v{ $version }): ადგილი { $seat }{ $by }
# not from the sheet
audit-left = წავიდა (v{ $version }): ადგილი { $seat }{ $by } ({ $name }): სამუდამოდ თამაშობს შემცვლელი დონე
# not from the sheet
audit-no-name = უსახელო
# not from the sheet
audit-deal-none = დარიგება: ჩანაწერი არ არის
# not from the sheet
audit-deal-commitment = დარიგება: ვალდებულება { $commitment } (v{ $version })
# not from the sheet
audit-deal-no-commitment = დარიგება: ვალდებულება არ არის
# not from the sheet
audit-seed = თესლი { $seed } გამჟღავნდა v{ $version }-ში: { $status ->
        [yes] ემთხვევა ვალდებულებას
        [no] არ ემთხვევა ვალდებულებას
       *[unknown] შეუმოწმებელია
    }
# not from the sheet
audit-seed-hidden = თესლი ჯერ არ გამჟღავნებულა
# not from the sheet
audit-hands = დარიგებული ხელები { $status ->
        [yes] თესლიდან გამომდინარეობს
        [no] თესლიდან არ გამომდინარეობს
       *[unknown] შეუმოწმებელია
    }
audit-move-cards = { $seat }: { $cards }
audit-move-pass = { $seat }: { -pass }
# not from the sheet
audit-move-order = [რიგი { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }]
# not from the sheet
audit-move-out = [გავიდა, { $place ->
        [1] 1-ლი ადგილი
       *[other] მე-{ $place } ადგილი
    }]
audit-trick = { -trick } { $number }: { $moves } -> { $end }
# not from the sheet
audit-trick-won = მოიგო ადგილმა { $winner }, იწყებს ადგილი { $leader }
# not from the sheet
audit-trick-open = ღია დარჩა
# not from the sheet
audit-round-missing = რაუნდი { $round } ჩანაწერში არ არის.
# not from the sheet
audit-final = თამაში დასრულდა, ჯამური ქულა: { $scores }
# not from the sheet
audit-ok = დასკვნა: წესრიგშია. ჰეშების ჯაჭვი ხელუხლებელია (მოვლენა: { $events }); შემოწმებული თესლის ვალდებულება: { $commitments }; შემოწმებული დარიგება: { $deals }; უშეცდომოდ გამეორებული წესების მოვლენა: { $replayed }.
# not from the sheet
audit-failed = დასკვნა: ვერ გაიარა, { $count ->
        [one] { $count } პრობლემა:
       *[other] { $count } პრობლემა:
    }
# not from the sheet
audit-waiting-seats = { $count ->
        [one] ადგილს { $seats }
       *[other] ადგილებს { $seats }
    }
# not from the sheet
audit-waiting-engine = ძრავას (შემდეგ დარიგებას)
# not from the sheet
audit-in-progress-stalled = (რაუნდი მიმდინარეობს, გაჩერებულია { $since }-დან: ელოდება { $who })
# not from the sheet
audit-stalled = დასკვნა: გაჩერებულია { $since }-დან: ელოდება { $who }, დასაშვებია { $limit }-მდე. ჰეშების ჯაჭვი ხელუხლებელია (მოვლენა: { $events }); შემოწმებული თესლის ვალდებულება: { $commitments }; შემოწმებული დარიგება: { $deals }; უშეცდომოდ გამეორებული წესების მოვლენა: { $replayed }.
# not from the sheet
html-verdict-stalled = დასკვნა: გაჩერებულია { $since }-დან.
# not from the sheet
html-stalled-text = თამაში ელოდება { $who }, დასაშვებია { $limit }-მდე.
# not from the sheet
audit-where-file = ფაილი
# not from the sheet
audit-where-version = ვერსია { $version }
# not from the sheet
html-summary = ნაკადი { $stream }, ჩაწერილი მოვლენა: { $events }; წესები { $rules }; { $players ->
        [one] { $players } მოთამაშე
       *[other] { $players } მოთამაშე
    }, { $rounds ->
        [one] { $rounds } რაუნდი
       *[other] { $rounds } რაუნდი
    }, { -revolution } { $revolution ->
        [on] ჩართულია
       *[off] გამორთულია
    }, შემდეგ რაუნდებს იწყებს { $leader ->
        [president] { -president }
        [first_seat] პირველი ადგილი
       *[asshole] { -asshole }
    }.
# not from the sheet
html-chain-head = ჯაჭვის თავი:
# not from the sheet
html-verdict-ok = დასკვნა: ყველაფერი სწორია.
# not from the sheet
html-verdict-ok-text = ჰეშების ჯაჭვი ხელუხლებელია (მოვლენა: { $events }). შემოწმებული თესლის ვალდებულება: { $commitments }; შემოწმებული დარიგება: { $deals }; წესების მიხედვით ზუსტად გამეორებული თამაშის მოვლენა: { $replayed }.
# not from the sheet
html-verdict-bad = დასკვნა: ჩანაწერი არ არის სწორი.
# not from the sheet
html-problems = { $count ->
        [one] ნაპოვნია { $count } პრობლემა:
       *[other] ნაპოვნია { $count } პრობლემა:
    }
# not from the sheet
html-where-file = ფაილი
# not from the sheet
html-where-event = მოვლენა { $version }
# not from the sheet
html-checked = რა შემოწმდა
# not from the sheet
html-checked-chain = ჰეშების ჯაჭვი: ყოველი მოვლენა ატარებს თავისი შინაარსისა და წინა მოვლენის ანაბეჭდს (SHA-256); შეცვლილი, წაშლილი, ჩამატებული ან გადაადგილებული მოვლენა მას არღვევს.
# not from the sheet
html-checked-deals = სამართლიანი დარიგება: ყოველი რაუნდის წინ სერვერმა გამოაქვეყნა ვალდებულება (საიდუმლო თესლის ანაბეჭდი); რაუნდის შემდეგ თესლი გაამჟღავნა. თესლი უნდა ემთხვეოდეს ვალდებულებას და მისით არევამ ზუსტად დარიგებული ხელები უნდა მოგვცეს.
# not from the sheet
html-checked-rules = წესები: ყოველი დადება, პასი და გაცვლა წესებით გამეორდა; თითოეული იმ მომენტში იმ მოთამაშისთვის დასაშვები უნდა ყოფილიყო, ხოლო ყოველი შედეგი (აღებები, რევოლუციები, ვინ გავიდა, წოდებები, ქულები, გაცვლები) წესების შესაბამისი.
# not from the sheet
html-checked-clocks = საათები: ყოველი ვადის გასვლა ჩაიწერა არა უადრეს ვადისა, და შემცვლელი დონის ყოველ სვლას წინ უსწრებდა ვადის გასვლა, წასვლა ან ადგილის დროებით დატოვება.
# not from the sheet
html-round = რაუნდი { $round }
# not from the sheet
html-round-span = მოვლენები { $first }–{ $last }. იწყებს ადგილი { $leader }.
# not from the sheet
html-round-problems = ამ რაუნდის პრობლემები:
# not from the sheet
html-deal = დარიგება
# not from the sheet
html-no-commitment = ამ დარიგებამდე თესლის ვალდებულება არ ჩაწერილა.
# not from the sheet
html-commitment = ვალდებულება (მოვლენა { $version }):
# not from the sheet
html-seed = გამჟღავნებული თესლი (მოვლენა { $version }):
# not from the sheet
html-seed-ok = თესლი ემთხვევა ვალდებულებას.
# not from the sheet
html-seed-bad = თესლი არ ემთხვევა.
# not from the sheet
html-seed-hidden = თესლი ჯერ არ გამჟღავნებულა (რაუნდი არ დასრულებულა).
# not from the sheet
html-hands-ok = ხელები თესლიდან გამომდინარეობს.
# not from the sheet
html-hands-bad = ხელები თესლიდან არ გამომდინარეობს.
# not from the sheet
html-uncheckable = შემოწმება შეუძლებელია.
# not from the sheet
html-hands = დარიგებული ხელები
# not from the sheet
html-seat = ადგილი { $seat }
# not from the sheet
html-exchange = გაცვლა
# not from the sheet
html-exchange-row = ადგილმა { $giver } { $kind ->
        [gave] მისცა (ავტომატურად)
       *[returned] დაუბრუნა
    } ადგილს { $receiver }
# not from the sheet
html-by = გამგზავნი { $sender }
# not from the sheet
html-tricks = აღებები
# not from the sheet
html-plays = დადებები და პასები
# not from the sheet
html-result = შედეგი
html-passes = ადგილი { $seat }: { -pass }
# not from the sheet
html-flip = { -revolution }: რიგი ახლა { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
html-out = გავიდა, { $place ->
        [1] 1-ლი ადგილი
       *[other] მე-{ $place } ადგილი
    }
# not from the sheet
html-takeover = შემცვლელი ({ $reason ->
        [timed_out] ვადა გავიდა
        [away] არ არის
        [left] წავიდა
       *[other] { $reason }
    })
# not from the sheet
html-trick-won = მოიგო ადგილმა { $winner }; შემდეგ იწყებს ადგილი { $leader }
# not from the sheet
html-trick-open = ღია დარჩა რაუნდის დასრულებისას
# not from the sheet
html-clock = საათი და დასწრება
# not from the sheet
html-went-out = ვინ გავიდა
html-went-out-row = ადგილი { $seat }: { $title }
html-points = ქულა
# not from the sheet
html-title = წოდება
html-score = ჯამური ქულა
# not from the sheet
html-in-progress = ეს რაუნდი ჯერ კიდევ მიმდინარეობს.
# not from the sheet
html-final = საბოლოო ქულა

## `president web`: the browser table (services/web/static)

# not from the sheet
web-title = პრეზიდენტი
# not from the sheet
web-language = ენა
# not from the sheet
web-lobby-heading = ახალი მაგიდა
# not from the sheet
web-your-name = თქვენი სახელი
# not from the sheet
web-players = მოთამაშეები
# not from the sheet
web-rounds = რაუნდები
# not from the sheet
web-ai-level = დანარჩენი ადგილების AI-ს დონე
# not from the sheet
web-turn-seconds = წამი სვლაზე (0: საათის გარეშე)
# not from the sheet
web-revolution = რევოლუცია ({ -four-of-a-kind } რიგს აბრუნებს)
# not from the sheet
web-create = მაგიდის შექმნა და თამაში
# not from the sheet
web-trick-heading = მაგიდაზე
# not from the sheet
web-exchange-heading = გაცვლა
# not from the sheet
web-hand-heading = თქვენი ხელი
# not from the sheet
web-pass = პასი
# not from the sheet
web-back = დავბრუნდი
# not from the sheet
web-keys = კლავიშები: Tab ან ისრები — კარტებს შორის, ჰარი — კარტის არჩევა, P — თამაში, S — პასი, H — ხელზე გადასვლა.
# not from the sheet
web-results-heading = შედეგები
# not from the sheet
web-new-game = ახალი მაგიდა
# not from the sheet
web-log-heading = სვლები
# not from the sheet
web-debug-heading = ინტეგრატორებისთვის
# not from the sheet
web-debug-resend = ბოლო ბრძანების ხელახლა გაგზავნა
# not from the sheet
web-debug-events = ნედლი შეტყობინებები (თემა, ვერსია)
# not from the sheet
web-debug-view = ბოლო ხედი
# not from the sheet
web-suit-letter-C = ჯ
# not from the sheet
web-suit-letter-D = აგ
# not from the sheet
web-suit-letter-H = გ
# not from the sheet
web-suit-letter-S = ყ
# not from the sheet
web-card = { $rank } — { $suit }
# not from the sheet
web-your-turn = თქვენი სვლაა.
# not from the sheet
web-your-return = თქვენი სვლაა: დააბრუნეთ კარტები.
# not from the sheet
web-game-over = თამაში დასრულდა.
# not from the sheet
web-round-over = რაუნდი { $round } დასრულდა.
# not from the sheet
web-not-sent = ჯერ არ გაიგზავნა: გაიგზავნება, როგორც კი კავშირი აღდგება.
# not from the sheet
web-failed = არ გამოვიდა.
# not from the sheet
web-table-heading = მაგიდა { $table }, რაუნდი { $round } / { $rounds }
# not from the sheet
web-seat-score = ქულა { $score }
# not from the sheet
web-to-act = სვლაზეა
# not from the sheet
web-out = გავიდა
# not from the sheet
web-trick-empty = ცარიელია: იწყებს { $name }.
# not from the sheet
web-reversed = (რიგი შებრუნებულია)
# not from the sheet
web-play = თამაში
# not from the sheet
web-return = დაბრუნება
# not from the sheet
web-exchange-wait = მიმდინარეობს გაცვლა.
# not from the sheet
web-transfer = { $giver } → { $receiver }: { $cards }
# not from the sheet
web-round-column = რაუნდი
# not from the sheet
web-result-cell = { $title } +{ $points }
# not from the sheet
web-total = ქულა
# not from the sheet
web-final = თამაში დასრულდა: პირველი გავიდა { $name }.
# not from the sheet
web-log-entry = { $round }: { $move }
# not from the sheet
web-clock = დარჩა { $seconds } წმ
# not from the sheet
web-status-connecting = უკავშირდება…
# not from the sheet
web-status-connected = დაკავშირებულია
# not from the sheet
web-status-reconnecting = კავშირი გაწყდა: ხელახლა უკავშირდება…
# not from the sheet
web-seat-cards = { $count ->
        [one] { $count } კარტი
       *[other] { $count } კარტი
    }
# not from the sheet
web-owe-return = { $count ->
        [one] დაუბრუნეთ { $name }-ს თქვენი არჩეული ერთი კარტი.
       *[other] დაუბრუნეთ { $name }-ს თქვენი არჩეული { $count } კარტი.
    }

## Browser table

# not from the sheet
table-heading = რაუნდი { $round }, სულ { $rounds }
# not from the sheet
table-pace = ტემპი
# not from the sheet
table-pace-instant = მყისიერი
# not from the sheet
table-pace-seconds = { $seconds } წმ სვლაზე
# not from the sheet
table-you = { $name } (თქვენ)
# not from the sheet
table-passed = { -pass }
# not from the sheet
table-leads = იწყებს { $name }.
# not from the sheet
table-waiting = ველოდებით: { $name }.
# not from the sheet
table-read-summary = წაიკითხეთ რაუნდის შეჯამება და დააჭირეთ „{ table-continue }“.
# not from the sheet
table-pick = აირჩიეთ სათამაშო კარტები და დააჭირეთ „{ web-play }“.
# not from the sheet
table-pick-or-pass = აირჩიეთ სათამაშო კარტები და დააჭირეთ „{ web-play }“ ან „{ web-pass }“.
# not from the sheet
table-sending = იგზავნება…
# not from the sheet
table-clock-mine = თქვენი სვლისთვის დარჩა { $seconds } წმ
# not from the sheet
table-seat-clock = { $seconds } წმ
# not from the sheet
table-away-seat = არ არის მაგიდასთან
# not from the sheet
table-away = თქვენ არ ხართ მაგიდასთან: შემცვლელი AI თამაშობს თქვენ ნაცვლად, სანამ არ დააჭერთ „{ web-back }“.
# not from the sheet
table-timeout-warning = თქვენი დრო ამოიწურა და შემცვლელმა AI-მ ითამაშა თქვენ ნაცვლად. ზედიზედ დარჩენილი ამოწურვები, სანამ თქვენს ადგილს დაბრუნებამდე თქვენ ნაცვლად ითამაშებენ: { $left }.
# not from the sheet
table-clock-rules = სვლაზე { $seconds } წამიანი საათით: როცა დრო ამოიწურება, შემცვლელი AI ({ $level }) ამ სვლას თქვენ ნაცვლად თამაშობს. ზედიზედ ამოწურვების შემდეგ (სულ: { $after }) თქვენი ადგილი მაგიდასთან აღარ ითვლება: მას მაშინვე თამაშობენ, სანამ არ დააჭერთ „{ web-back }“.
# not from the sheet
table-last-trick = ბოლო { -trick }
# not from the sheet
table-finish-order = გასვლის რიგი
# not from the sheet
table-finish-row = { $name }: { $title }, +{ $points } (ქულა { $score })
# not from the sheet
table-gave-cards = გადაეცა: { $giver } → { $receiver }: { $cards }
# not from the sheet
table-returned-cards = დაბრუნდა: { $giver } → { $receiver }: { $cards }
# not from the sheet
table-continue = შემდეგი რაუნდი
# not from the sheet
table-winner = თამაშის გამარჯვებული: { $name }, { $points } ქულით.
# not from the sheet
table-winners-tie = ფრე პირველ ადგილზე, { $points } ქულით: { $names }.
# not from the sheet
table-replay-link = ამ თამაშის ჩანაწერის ნაბიჯ-ნაბიჯ გავლა
# not from the sheet
table-my-games = თქვენი მაგიდები
# not from the sheet
table-my-game = მოთამაშეები: { $players } · რაუნდები: { $rounds } · { $others }
# not from the sheet
table-rejoin = მაგიდასთან დაბრუნება
# not from the sheet
replay-title = თამაშის ჩანაწერი
# not from the sheet
replay-heading = ჩანაწერი: { $names }
# not from the sheet
replay-loading = ჩანაწერი იკითხება…
# not from the sheet
replay-verdict-ok = ჩანაწერი სწორია: ჰეშების ჯაჭვი ხელუხლებელია, ყოველი დარიგება გამომდინარეობს წინასწარ ვალდებულებით დადასტურებული თესლიდან და ყოველი სვლა ლეგალური იყო.
# not from the sheet
replay-verdict-failed = ჩანაწერი არ არის სწორი. შემოწმებამ იპოვა:
# not from the sheet
replay-checked = შემოწმდა — მოვლენა: { $events }; თესლის ვალდებულება: { $commitments }; დარიგება: { $deals }; წესებით გამეორებული მოვლენა: { $replayed }.
# not from the sheet
replay-check-hash_chain = ჰეშების ჯაჭვი
# not from the sheet
replay-check-deal = დარიგება და თესლი
# not from the sheet
replay-check-rules = წესები
# not from the sheet
replay-check-record = ჩანაწერი
# not from the sheet
replay-check-clock = საათი
# not from the sheet
replay-check-foreign_event = უცხო მოვლენა
# not from the sheet
replay-check-bundle = ფაილი
# not from the sheet
replay-problem = { $check }, მოვლენა { $version }:
# not from the sheet
replay-round-verified = რაუნდი { $round }: თესლი ემთხვევა ვალდებულებას და დარიგება მისგან გამომდინარეობს.
# not from the sheet
replay-round-not-verified = რაუნდი { $round }: დარიგების შემოწმება ვერ მოხერხდა.
# not from the sheet
replay-step = სვლა { $step }, სულ { $steps } (რაუნდი { $round })
# not from the sheet
replay-first = დასაწყისი
# not from the sheet
replay-prev-trick = წინა { -trick }
# not from the sheet
replay-prev = წინა სვლა
# not from the sheet
replay-next = შემდეგი სვლა
# not from the sheet
replay-next-trick = შემდეგი { -trick }
# not from the sheet
replay-last = დასასრული
# not from the sheet
replay-keys = კლავიშები: ისრები — ერთი სვლით (ზემოთ და ქვემოთ — ერთი აღებით); Home და End — დასაწყისში და ბოლოში.
# not from the sheet
replay-deal = რაუნდი { $round } დარიგდა; იწყებს { $name }.
# not from the sheet
replay-returned = დაბრუნდა: { $name } → { $receiver }: { $cards }
# not from the sheet
replay-link = ბმული ამ სვლაზე
# not from the sheet
replay-in-play = მიმდინარე რაუნდი არ ჩანს.
# not from the sheet
replay-hands = ხელები
# not from the sheet
replay-trick = მაგიდაზე
# not from the sheet
replay-none = ამ იდენტიფიკატორით თამაში არ არსებობს.
# not from the sheet
replay-unavailable = ჩანაწერის წაკითხვა ახლა ვერ ხერხდება: სცადეთ ცოტა ხანში.
# not from the sheet
table-port-taken = პორტი { $port } დაკავებულია: აირჩიეთ სხვა --port-ით.
# not from the sheet
replay-audit-link = ნაბიჯ-ნაბიჯ გავლა ბრაუზერში (`president web`): { $url }
# not from the sheet
table-refused-BUSY = სერვერი დატვირთულია და ახლა ახალ თამაშს ვერ იღებს.
# not from the sheet
table-refused-TOO_MANY_GAMES = უკვე გაქვთ იმდენი მიმდინარე თამაში, რამდენიც ერთ მოთამაშეს შეუძლია (მაქსიმუმ { $max }): ჯერ ერთი დაასრულეთ.
# not from the sheet
table-refused-TOO_MANY_TABLES = უკვე გაქვთ იმდენი დაწყების მომლოდინე მაგიდა, რამდენიც ერთ მოთამაშეს შეუძლია (მაქსიმუმ { $max }).
# not from the sheet
table-refused-OVER_LIMIT = { $field ->
    [ai] ძალიან ბევრი AI მოთამაშე: აქ გახსნილ თამაშში შეიძლება იყოს მაქსიმუმ { $max }.
   *[rounds] ძალიან ბევრი რაუნდი: აქ გახსნილ თამაშში შეიძლება იყოს მაქსიმუმ { $max }.
}
# not from the sheet
table-refused-RATE_LIMITED = ძალიან ბევრი მოთხოვნა მოკლე დროში.
# not from the sheet
table-refused-login_required = ჯერ პლატფორმაზე შედით.
# not from the sheet
table-refused-bad_login = შესვლა არ იქნა მიღებული (ვადა გაუვიდა ან არ არის მართებული): თავიდან შედით.
# not from the sheet
table-refused-bad_request = თამაშის პარამეტრები არ იქნა მიღებული: შეამოწმეთ და თავიდან სცადეთ.
# not from the sheet
table-refused-bad_json = მოთხოვნის წაკითხვა ვერ მოხერხდა: გადატვირთეთ გვერდი და თავიდან სცადეთ.
# not from the sheet
table-refused-not_json = მოთხოვნა გაიგზავნა ფორმით, რომელსაც სერვერი არ იღებს: გადატვირთეთ გვერდი.
# not from the sheet
table-refused-bad_origin = მოთხოვნა სხვა საიტიდან მოვიდა და უარყოფილია: გახსენით მაგიდა მისივე მისამართიდან.
# not from the sheet
table-refused-too_deep = მოთხოვნა ზედმეტად ღრმად არის ჩადგმული წასაკითხად.
# not from the sheet
table-refused-too_large = მოთხოვნა ზედმეტად დიდია წასაკითხად.
# not from the sheet
table-refused-duplicate_key = მოთხოვნაში ერთი და იგივე პარამეტრი ორჯერ არის მითითებული.
# not from the sheet
table-refused-bad_pass = ამ ადგილის საშვი არ არის მართებული.
# not from the sheet
table-refused-unavailable = სერვერი ახლა არ პასუხობს: სცადეთ ცოტა ხანში.
# not from the sheet
table-retry-after = თავიდან სცადეთ { $seconds } წმ-ში.
# not from the sheet
table-start-failed = გვერდი ვერ ჩაირთო: გადატვირთეთ, რომ თავიდან სცადოთ.
