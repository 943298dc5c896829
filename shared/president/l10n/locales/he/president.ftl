# President: עברית (Hebrew), right to left. The rules' words come from the Hebrew sheet
# (../shared/seeds/004_4813f4a88714841a.txt); docs/l10n/he.md gives each term's line.
# A message marked "not from the sheet" is a careful translation of words no sheet names.
# A player's gender is not known: lines about a named player use a noun or a colon,
# never a gendered verb; titles keep the sheet's form (with the article where it has one).

## Terms: the sheet's words

-game-name = נשיא
-president = { $form ->
       *[definite] הנשיא
        [bare] נשיא
        [to] לנשיא
    }
-vice-president = { $form ->
       *[definite] סגן הנשיא
        [bare] סגן נשיא
        [to] לסגן הנשיא
    }
# not from the sheet
-neutral = { $form ->
       *[definite] ניטרלי
        [bare] ניטרלי
        [to] לניטרלי
    }
-vice-asshole = { $form ->
       *[definite] סגן-חור-תחת
        [bare] סגן-חור-תחת
        [to] לסגן-חור-תחת
    }
-asshole = { $form ->
       *[definite] חור-תחת
        [bare] חור-תחת
        [to] לחור-תחת
    }
-pass = מעבר
-revolution = מהפכה
-round = סיבוב
-series = סדרה
-trick = לקיחה
-four-of-a-kind = רביעייה
-runs = רצפים
-hand = יד
-order-normal = רגיל
-order-reversed = הפוך

## Titles (ids on the wire)

title-president = { -president }
title-vice_president = { -vice-president }
title-neutral = { -neutral }
title-vice_asshole = { -vice-asshole }
title-asshole = { -asshole }
to-title = { $title ->
        [president] { -president(form: "to") }
        [vice_president] { -vice-president(form: "to") }
        [vice_asshole] { -vice-asshole(form: "to") }
        [neutral] { -neutral(form: "to") }
       *[asshole] { -asshole(form: "to") }
    }

## Cards: the sheet's rank letters (V, D, R) and suits

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
suit-C = תלתן
# not from the sheet
suit-D = יהלום
# not from the sheet
suit-H = לב
# not from the sheet
suit-S = עלה

## AI levels (the sheet's lines 35-43)

ai-easy = קל
ai-easy-desc = משחק את הצירוף החוקי הנמוך ביותר; בוחר רק מבין הפעולות החוקיות, עם מידה של אקראיות וללא חישוב עמוק מראש.
ai-medium = רגילה
ai-medium-desc = שומרת את קלפי ה-2 ואת הרביעיות כדי להשיב את ההובלה ונמנעת מפירוק זוגות ושלשות שלא לצורך; מיישמת אסטרטגיה היוריסטית יציבה ומתחשבת בניקוד, בתור ובקלפים הגלויים.
ai-hard = קשה
ai-hard-desc = מעריכה את הכמויות שנותרו לכל דרגה לפי הקלפים הגלויים ומתכננת את סיום היד; מעריכה כמה רצפי פעולות, זוכרת את המידע הגלוי ומצמצמת טעויות טקטיות.
# not from the sheet
ai-random = אקראית
# not from the sheet
ai-player = AI { $seat } ({ $level })

## Rejections

# not from the sheet
reject-generic = נדחה ({ $code }).
# not from the sheet
reject-BAD_ACTION = הפעולה אינה בנויה כראוי.
# not from the sheet
reject-WRONG_PHASE = לא עכשיו.
    .with-phase = לא עכשיו: { $phase ->
        [deal] הקלפים מחולקים.
        [exchange] מתבצעת החלפת קלפים.
        [play] הקלפים משוחקים.
       *[game_over] המשחק הסתיים.
    }
# not from the sheet
reject-NOT_YOUR_TURN = זה לא התור שלך.
    .with-to_act = זה לא התור שלך: התור של מושב { $to_act }.
    .with-seat = מושב { $seat } אינו חייב להחזיר קלפים.
# not from the sheet
reject-UNKNOWN_CARD = זה אינו קלף.
    .with-card = ”{ $card }“ אינו קלף.
# not from the sheet
reject-DUPLICATE_CARD = אותו קלף מופיע פעמיים.
    .with-card = { $card } מופיע פעמיים.
# not from the sheet
reject-EMPTY_PLAY = הנחה צריכה לפחות קלף אחד.
# not from the sheet
reject-TOO_MANY_CARDS = בהנחה יש לכל היותר ארבעה קלפים.
# not from the sheet
reject-CARD_NOT_IN_HAND = הקלף הזה אינו ביד שלך.
    .with-cards = הקלפים האלה אינם ביד שלך: { $cards }
reject-MIXED_RANKS = הקלפים של הנחה חייבים להיות באותה דרגה.
# not from the sheet
reject-LEADER_CANNOT_PASS = מי שפותח לקיחה חייב לשחק.
reject-WRONG_COUNT = הכמות חייבת להיות שווה לזו של המהלך הפעיל.
    .with-count = { $count ->
        [one] יש לשחק בדיוק קלף אחד.
        [two] יש לשחק בדיוק שני קלפים.
       *[other] יש לשחק בדיוק { $count } קלפים.
    }
reject-NOT_HIGHER = הדרגה חייבת להיות חזקה יותר באופן מוחלט; שוויון אינו מותר.
    .with-rank = הדרגה חייבת להיות חזקה יותר מ־{ $rank } באופן מוחלט; שוויון אינו מותר.
# not from the sheet
reject-MALFORMED = ההודעה אינה תקינה.
# not from the sheet
reject-MESSAGE_TOO_LARGE = ההודעה גדולה מדי.
    .with-max_bytes = ההודעה גדולה מ־{ $max_bytes } בתים.
# not from the sheet
reject-RATE_LIMITED = יותר מדי פקודות: יש להאט ולשלוח שוב.
# not from the sheet
reject-TOO_MANY_TABLES = יש לך יותר מדי שולחנות פתוחים.
    .with-max = הגעת למספר השולחנות הפתוחים המרבי: { $max }.
# not from the sheet
reject-UNKNOWN_TABLE = אין שולחן כזה.
    .with-table_id = אין שולחן { $table_id }.
# not from the sheet
reject-UNKNOWN_SEAT = אין מושב כזה.
    .with-seat = אין מושב { $seat }.
# not from the sheet
reject-SEAT_TAKEN = המושב תפוס.
    .with-seat = מושב { $seat } תפוס.
# not from the sheet
reject-TABLE_FULL = השולחן מלא.
# not from the sheet
reject-TABLE_EXISTS = השולחן הזה כבר קיים.
# not from the sheet
reject-INVALID_OPTIONS = אפשרויות השולחן אינן תקינות.
# not from the sheet
reject-BAD_TOKEN = אסימון המושב אינו תקין.
# not from the sheet
reject-COMMAND_ID_REUSED = מזהה הפקודה הזה כבר שומש.
# not from the sheet
reject-STALE_VERSION = השולחן השתנה בינתיים: יש להסתכל שוב.
    .with-current-expected = הגרסה הצפויה { $expected }, השולחן בגרסה { $current }.
# not from the sheet
reject-GAME_ALREADY_STARTED = המשחק כבר התחיל.
reject-TABLE_CLOSED = השולחן נסגר לפני שהמשחק התחיל.
# not from the sheet
reject-GAME_NOT_STARTED = המשחק עוד לא התחיל.
# not from the sheet
reject-NOT_ENOUGH_PLAYERS = אין מספיק שחקנים.
    .with-free = { $free ->
        [one] אין מספיק שחקנים: מושב אחד פנוי.
        [two] אין מספיק שחקנים: שני מושבים פנויים.
       *[other] אין מספיק שחקנים: { $free } מושבים פנויים.
    }
# not from the sheet
reject-INTERNAL_ERROR = השרת נכשל: יש לשלוח את אותה פקודה שוב.
# not from the sheet
reject-TURN_TIMED_OUT = מאוחר מדי: הזמן נגמר ורמת המחליף שיחקה.
# not from the sheet
reject-FORBIDDEN = אין הרשאה לשלוח את הפקודה הזאת.
# not from the sheet
reject-SEAT_LEFT = המושב הזה עזב את השולחן.
    .with-seat = מושב { $seat } עזב את השולחן.

## Events

# not from the sheet
event-GameCreated = משחק { $table }: { $players ->
        [one] שחקן אחד
        [two] שני שחקנים
       *[other] { $players } שחקנים
    }, { $rounds ->
        [one] סיבוב אחד
        [two] שני סיבובים
       *[other] { $rounds } סיבובים
    }, { -revolution } { $revolution ->
        [on] פעילה
       *[off] כבויה
    } ({ $rules })
# not from the sheet
event-DealCommitted = סיבוב { $round }: החלוקה נחתמה ({ $commitment }...), פותח: { $leader }
# not from the sheet
event-RoundDealt = הקלפים חולקו: { $sizes }
# not from the sheet
event-ExchangeStarted = החלפה: הקלפים עוברים ידיים
event-CardsGiven = החלפה: מ־{ $giver } { $count ->
        [one] עובר אוטומטית קלף אחד
        [two] עוברים אוטומטית שני קלפים
       *[other] עוברים אוטומטית { $count } קלפים
    } { to-title } ({ $receiver })
# not from the sheet
event-CardsReturned = החלפה: מ־{ $giver } { $count ->
        [one] מוחזר קלף אחד
        [two] מוחזרים שני קלפים
       *[other] מוחזרים { $count } קלפים
    } { to-title } ({ $receiver })
# not from the sheet
event-PlayStarted = פותח: { $leader }
event-CardsPlayed = { $name } { $cards }
event-Passed = { $name }: { -pass }
event-OrderReversed = { $reversed ->
        [yes] מהפכה ({ $name }): ה-2 הופך לחלש ביותר וה-3 לחזק ביותר
       *[no] מהפכה ({ $name }): הסדר הרגיל חוזר
    }
# not from the sheet
event-PlayerFinished = { $name }: בלי קלפים, מקום { $place } ({ $title ->
        [president] { -president }
        [vice_president] { -vice-president }
        [neutral] { -neutral }
        [vice_asshole] { -vice-asshole }
       *[asshole] { -asshole }
    })
# not from the sheet
event-TrickEnded = הלקיחה של { $name }
event-RoundEnded = דירוג סיבוב { $round }:
# not from the sheet
event-SeedRevealed = הגרעין של סיבוב { $round } נחשף: { $seed }...
# not from the sheet
event-GameEnded = המשחק הסתיים אחרי { $rounds ->
        [one] סיבוב אחד
        [two] שני סיבובים
       *[other] { $rounds } סיבובים
    }: { $scores }
# not from the sheet
event-TurnDeadlineSet = התור של { $name }, { $seconds ->
        [one] תוך שנייה אחת
        [two] תוך שתי שניות
       *[other] תוך { $seconds } שניות
    }
# not from the sheet
event-TurnTimedOut = { $name }: הזמן נגמר: רמת המחליף משחקת
# not from the sheet
event-SeatAway = { $reason ->
        [timeouts] { $name }: לא ליד השולחן (אחרי כמה פסקי זמן ברצף): מעתה משוחק מיד
       *[asked] { $name }: לא ליד השולחן (לפי בקשה): מעתה משוחק מיד
    }
# not from the sheet
event-SeatBack = { $name }: שוב ליד השולחן
# not from the sheet
event-SeatLeft = { $name }: עזיבת השולחן: רמת המחליף משחקת
# not from the sheet
round-over = (סוף הסיבוב)
# the sign and the number: one left-to-right run (LRI + … PDI, invisible here)
round-place = { $place }. { $name } { $title } ⁦+{ $points }⁩
cumulative-score = הניקוד המצטבר: { $scores }
score = { $name } { $score }
seat-entry = { $seat }: { $name }
# not from the sheet
seat-name = מושב { $seat }

## `president play`

# not from the sheet
play-starting = מפעילים את PostgreSQL,‏ NATS, הממסר והשירותים ...
# not from the sheet
play-table = שולחן { $table }: המושב שלך { $seat }; AI: { $ais }
# not from the sheet
play-table-name = השולחן של { $name }
# not from the sheet
play-ai-seat = מושב { $seat } { $level }
# not from the sheet
play-turn = { $reversed ->
        [yes] == סיבוב { $round }, התור שלך ({ $name }), הסדר הפוך ==
       *[no] == סיבוב { $round }, התור שלך ({ $name }), הסדר רגיל ==
    }
# not from the sheet
play-return = החלפה: יש להחזיר ל־{ $name } { $count ->
        [one] קלף אחד
        [two] שני קלפים
       *[other] { $count } קלפים
    } לבחירתך
# not from the sheet
play-to-beat = צריך לגבור על: { $cards } ({ $name })
# not from the sheet
play-lead = התור שלך לפתוח: הנחה של 1 עד 4 קלפים באותה דרגה
# not from the sheet
play-cards-left = קלפים שנותרו: { $sizes }
# not from the sheet
play-hand = היד שלך: { $cards }
# not from the sheet
play-action-play = הנחה { $cards }
# not from the sheet
play-action-return = החזרה { $cards }
play-action-pass = { -pass }
# not from the sheet
play-ask = הבחירה שלך (מספר, קלפים כמו '6C 6D', או '{ -pass }'):
# not from the sheet
play-not-legal = אינו אחת מ־{ $count } הפעולות החוקיות: { $answer }
# not from the sheet
play-input-closed = (הקלט נסגר)
# not from the sheet
play-rejected = השרת דחה: { $reason }
# not from the sheet
play-took-over = { $reason ->
        [timed_out] (הזמן נגמר: רמת המחליף שיחקה במקומך)
        [taken_over] (הוחלף: רמת המחליף שיחקה במקומך)
       *[phase_changed] (התור נגמר: הסיבוב או המשחק הסתיימו)
    }
# not from the sheet
play-clock = [שעון] { $left ->
        [one] נותרה שנייה אחת (עד { $until } UTC)
        [two] נותרו שתי שניות (עד { $until } UTC)
       *[other] נותרו { $left } שניות (עד { $until } UTC)
    }
# not from the sheet
play-clock-mark = [שעון] { $left ->
        [one] נותרה שנייה אחת
        [two] נותרו שתי שניות
       *[other] נותרו { $left } שניות
    }
# not from the sheet
play-done = { $finished ->
        [yes] המשחק הסתיים; מספר התורות שלך: { $actions }.
       *[no] יצאת מהמשחק; מספר התורות שלך: { $actions }.
    }
# not from the sheet
play-default-name = אני
# not from the sheet
stack-failed = שירות לא עלה: { $error }
# not from the sheet
demo-rebuilt = שוחזר מהיומן של PostgreSQL: אירועים ששוחזרו לפי הכללים: { $events }; { $match ->
        [yes] תואם את מה שהשירותים דיווחו.
       *[no] אי־התאמה:
    }
# not from the sheet
demo-audit = ביקורת (שרשרת הגיבוב, התחייבויות גרעין, שחזור): { $ok ->
        [yes] תקינה
       *[no] נכשלה
    }
# not from the sheet
demo-bundle = קובץ הביקורת נכתב ל־{ $path } (לבדיקה: { $command } ...)
# not from the sheet
demo-clocks = שעונים: פסקי זמן { $timeouts }, מהלכי מחליף { $takeovers }, ההמתנה הארוכה ביותר אחרי מועד { $lag } אלפיות שנייה.
# not from the sheet
demo-played = שולחן { $table } שוחק תוך { $seconds } שניות.
# not from the sheet
demo-servers = שרתים: { $database }  { $nats }; יומנים ב־{ $path }
# not from the sheet
demo-stalled = המשחק נתקע: אין אירוע כבר זמן מה (יש לעיין ביומני השירותים)
# not from the sheet
web-starting = מפעילים את PostgreSQL,‏ NATS, הממסר, השירותים ודף האינטרנט ...
# not from the sheet
web-logs = יומנים ב־{ $path }
# not from the sheet
web-open = יש לפתוח את { $url } בדפדפן (מוכן תוך { $seconds } שניות); Ctrl-C עוצר הכול.
# not from the sheet
web-external-nats = president web פועל רק עם NATS המובנה (המאזין שלו ל־WebSocket ו־auth callout); עם NATS מוגדר יש להריץ את { $command } (docs/settings.md)
# not from the sheet
tournament-header = משחקים: { $games } (חלוקות: { $deals } × סבבים: { $rotations }), שחקנים: { $players }, סיבובים בכל משחק: { $rounds }, גרעין { $seed }, { $seconds } שניות; ניטרלי: { $neutral } נקודות לסיבוב
# not from the sheet
tournament-level = רמה
# not from the sheet
tournament-points = נקודות/סיבוב
# not from the sheet
tournament-ci = רווח סמך 95%
# not from the sheet
tournament-first = מקום ראשון
# not from the sheet
tournament-last = מקום אחרון
# not from the sheet
tournament-p50 = חציון (ms)
# not from the sheet
tournament-p95 = אחוזון 95 (ms)
# not from the sheet
tournament-order = הסדר, מהניקוד הנמוך ביותר: { $order }
# not from the sheet
tournament-gap = { $higher } - { $lower }: { $difference } נקודות לסיבוב [{ $low }, { $high }], חלוקות מזווגות: { $deals } ({ $higher }: { $ahead ->
        [yes] בהובלה
       *[no] הובלה לא הוכחה
    })

## The audit's account

# not from the sheet
audit-title = ביקורת השולחן { $table }
# not from the sheet
audit-header = ביקורת השולחן { $table } (זרם { $stream })
# not from the sheet
audit-events = { $events ->
        [one] אירוע אחד, ראש השרשרת { $head }
        [two] שני אירועים, ראש השרשרת { $head }
       *[other] { $events } אירועים, ראש השרשרת { $head }
    }
# not from the sheet
audit-rules = כללים: { $rules }; אפשרויות: { $options }
# not from the sheet
audit-unknown = לא ידועים
# not from the sheet
audit-unreadable = לא קריאות
# not from the sheet
audit-option = { $option ->
        [players] שחקנים: { $value }
        [rounds] סיבובים: { $value }
        [revolution] { -revolution } { $value ->
            [yes] פעילה
           *[no] כבויה
        }
        [round_leader] את הסיבובים הבאים פותח { $value ->
            [president] { -president }
            [first_seat] המושב הראשון
           *[asshole] { -asshole }
        }
       *[other] { $option }={ $value }
    }
# not from the sheet
audit-seats = מושבים: { $seats }
# not from the sheet
audit-seat-human = { $seat }: אדם
audit-seat-ai = { $seat }: AI { $level }
# not from the sheet
audit-round = סיבוב { $round } (גרסאות { $first }-{ $last }), פותח מושב { $leader }
# not from the sheet
audit-dealt = חולק למושב { $seat }: { $cards }
# not from the sheet
audit-card-count = { $count ->
        [one] קלף אחד
        [two] שני קלפים
       *[other] { $count } קלפים
    }
# not from the sheet
audit-exchange = החלפה (v{ $version }): מושב { $giver } { $kind ->
        [gave] מסר
       *[returned] החזיר
    } למושב { $receiver } { $cards }
# not from the sheet
audit-takeover = [מחליף: { $reason ->
        [timed_out] פסק זמן
        [away] לא נוכח
        [left] עזב
       *[other] { $reason }
    }]
# not from the sheet
audit-by = [נשלח על ידי { $sender }]
# not from the sheet
audit-revolution = { -revolution } (v{ $version }): רביעייה של מושב { $seat }, הסדר עכשיו { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
audit-out = יצא (v{ $version }): מושב { $seat }, מקום { $place }, { $title }
# not from the sheet
audit-points = נקודות: { $values }
# not from the sheet
audit-titles = תארים: { $values }
audit-scores = ניקוד: { $values }
# not from the sheet
audit-seat-value = מושב { $seat } { $value }
# not from the sheet
audit-in-progress = (הסיבוב בעיצומו)
# not from the sheet
audit-problem-at = בעיה בגרסה { $version }: { $problem }
# The audit's problems (president.audit: Problem.key); the JSON keeps them in English.
# not from the sheet
problem-bundle-empty = הקובץ ריק
# not from the sheet
problem-bundle-no-header = הקובץ אינו מתחיל בשורת הכותרת שלו
# not from the sheet
problem-bundle-after-head = שורה { $line } באה אחרי ראש השרשרת
# not from the sheet
problem-bundle-not-event = שורה { $line } אינה אירוע ואינה ראש השרשרת
# not from the sheet
problem-bundle-not-json = שורה { $line } אינה JSON תקין
# not from the sheet
problem-bundle-not-object = שורה { $line } אינה אובייקט JSON
# not from the sheet
problem-bundle-format = תבנית קובץ לא מוכרת (המבקר הזה קורא { $expected })
# not from the sheet
problem-bundle-rules-version = הקובץ שייך לגרסת כללים אחרת; המבקר הזה מכיר את { $known }
# not from the sheet
problem-bundle-bad-event = שורה { $line } אינה אירוע תקין
# not from the sheet
problem-bundle-truncated = הקובץ קטוע: הוא נגמר אחרי גרסה { $after } בלי שורת ראש השרשרת
# not from the sheet
problem-bundle-head-not-last = שורת ראש השרשרת אינה האירוע האחרון: חסרים אירועים או שנוספו אירועים בסוף
# not from the sheet
problem-bundle-count = הכותרת מכריזה על מספר אירועים שונה ממה שיש בקובץ (קריאים: { $held })
# not from the sheet
problem-bundle-unauditable = אי אפשר היה לבקר את הקובץ
# not from the sheet
problem-file-unreadable = אי אפשר לקרוא את הקובץ
# not from the sheet
problem-clock-deadline-differs = פסק הזמן של מושב { $seat } נוקב במועד אחר מזה שנרשם למושב
# not from the sheet
problem-clock-early = פסק הזמן של מושב { $seat } נרשם { $early } אלפיות שנייה לפני המועד שלו
# not from the sheet
problem-clock-wrong-seat = מחליף של מושב { $seat } רשם מהלך של מושב { $other }
# not from the sheet
problem-clock-unjustified = מהלך של מחליף בשביל מושב { $seat } בלי פסק זמן, עזיבה או היעדרות לפניו
# not from the sheet
problem-deal-never-dealt = הגרעין של סיבוב { $round } נחשף, אבל הסיבוב לא חולק מעולם
# not from the sheet
problem-deal-no-commit = סיבוב { $round } חולק בלי התחייבות לפניו
# not from the sheet
problem-deal-commit-late = ההתחייבות של סיבוב { $round } באה אחרי החלוקה
# not from the sheet
problem-deal-leader = סיבוב { $round }: לפי ההתחייבות פותח מושב { $committed }, לפי החלוקה מושב { $dealt }
# not from the sheet
problem-deal-never-revealed = סיבוב { $round } הסתיים אבל הגרעין שלו לא נחשף
# not from the sheet
problem-deal-revealed-early = הגרעין של סיבוב { $round } נחשף לפני סוף הסיבוב
# not from the sheet
problem-deal-reveal-mismatch = סיבוב { $round }: הגרעין שנחשף אינו תואם את ההתחייבות מגרסה { $at }
# not from the sheet
problem-deal-recorded-mismatch = סיבוב { $round }: הגרעין שנרשם אינו תואם את ההתחייבות שלו
# not from the sheet
problem-deal-reveal-differs = סיבוב { $round }: הגרעין שנחשף שונה מזה שנרשם בגרסה { $at }
# not from the sheet
problem-deal-hands = סיבוב { $round }: הידיים שחולקו אינן נובעות מהגרעין (היד הראשונה השונה: מושב { $seat })
# not from the sheet
problem-game-empty = בזרם אין אירועים
# not from the sheet
problem-game-first = הזרם אינו מתחיל ביצירת המשחק
# not from the sheet
problem-game-unreadable = אי אפשר לקרוא אירוע
# not from the sheet
problem-game-second-created = המשחק נוצר פעם שנייה בזרם
# not from the sheet
problem-game-unknown-type = סוג אירוע לא מוכר
# not from the sheet
problem-game-table = יצירת המשחק נוקבת בשולחן אחר
# not from the sheet
problem-game-rules-version = גרסת כללים לא מוכרת (המבקר הזה מכיר את { $known })
# not from the sheet
problem-game-contract = יצירת המשחק אינה תואמת את החוזה
# not from the sheet
problem-game-options = אפשרויות המשחק אינן תקינות
# not from the sheet
problem-game-second-commit = התחייבות שנייה לסיבוב { $round } (הראשונה בגרסה { $at })
# not from the sheet
problem-game-second-reveal = הגרעין של סיבוב { $round } נחשף פעמיים (בפעם הראשונה בגרסה { $at })
# not from the sheet
problem-foreign-events = { $count ->
        [one] אירוע אחד אינו שייך
        [two] שני אירועים אינם שייכים
       *[other] { $count } אירועים אינם שייכים
    } לזרם של המשחק הזה
# not from the sheet
problem-chain = שרשרת הגיבוב: { $kind ->
        [missing] חסרה גרסה
        [broken_link] הקישור לאירוע הקודם שבור
        [out_of_order] המיקומים אינם לפי הסדר
       *[edited] התוכן אינו תואם את הגיבוב שלו
    }
# not from the sheet
problem-rules-early = כללים: הזרם נעצר מוקדם מדי
# not from the sheet
problem-rules-illegal = כללים: החלטה לא חוקית: { $code }
# not from the sheet
problem-rules-differs = כללים: האירוע שנרשם אינו מה שהכללים נותנים
# not from the sheet
problem-rules-crash = כללים: אי אפשר לשחזר את האירוע
# not from the sheet
audit-timed-out = פסק זמן (v{ $version }): מושב { $seat }{ $by }, מועד { $deadline }; רמת המחליף שיחקה
# not from the sheet
audit-timed-out-lag = פסק זמן (v{ $version }): מושב { $seat }{ $by }, מועד { $deadline }, נרשם { $lag } אלפיות שנייה אחריו; רמת המחליף שיחקה
# not from the sheet
audit-away = לא נוכח (v{ $version }): מושב { $seat }{ $by } ({ $reason ->
        [timeouts] אחרי כמה פסקי זמן ברצף
        [asked] לפי בקשה
       *[other] { $reason }
    }): רמת המחליף משחקת מיד
# not from the sheet
audit-back = חזר (v{ $version }): מושב { $seat }{ $by }
# not from the sheet
audit-left = עזב (v{ $version }): מושב { $seat }{ $by } ({ $name }): רמת המחליף משחקת לצמיתות
# not from the sheet
audit-no-name = בלי שם
# not from the sheet
audit-deal-none = חלוקה: אין רישום
# not from the sheet
audit-deal-commitment = חלוקה: התחייבות { $commitment } (v{ $version })
# not from the sheet
audit-deal-no-commitment = חלוקה: אין התחייבות
# not from the sheet
audit-seed = הגרעין { $seed } נחשף ב־v{ $version }: { $status ->
        [yes] תואם את ההתחייבות
        [no] אינו תואם את ההתחייבות
       *[unknown] לא נבדק
    }
# not from the sheet
audit-seed-hidden = הגרעין עוד לא נחשף
# not from the sheet
audit-hands = הידיים שחולקו { $status ->
        [yes] נובעות מהגרעין
        [no] אינן נובעות מהגרעין
       *[unknown] לא נבדקו
    }
audit-move-cards = { $seat }: { $cards }
audit-move-pass = { $seat }: { -pass }
# not from the sheet
audit-move-order = [סדר { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }]
# not from the sheet
audit-move-out = [יצא, מקום { $place }]
audit-trick = { -trick } { $number }: { $moves } -> { $end }
# not from the sheet
audit-trick-won = זכה מושב { $winner }, פותח מושב { $leader }
# not from the sheet
audit-trick-open = נשארה פתוחה
# not from the sheet
audit-round-missing = סיבוב { $round } אינו ברישום.
# not from the sheet
audit-final = המשחק הסתיים, הניקוד המצטבר: { $scores }
# not from the sheet
audit-ok = פסק דין: תקין. שרשרת הגיבוב שלמה (אירועים: { $events }); התחייבויות גרעין שנבדקו: { $commitments }; חלוקות שנבדקו: { $deals }; אירועי כללים ששוחזרו בלי תקלה: { $replayed }.
# not from the sheet
audit-failed = פסק דין: נכשל, { $count ->
        [one] בעיה אחת:
        [two] שתי בעיות:
       *[other] { $count } בעיות:
    }
# not from the sheet
audit-waiting-seats = { $count ->
        [one] מושב { $seats }
        [two] מושבים { $seats }
       *[other] מושבים { $seats }
    }
# not from the sheet
audit-waiting-engine = מנוע (החלוקה הבאה)
# not from the sheet
audit-in-progress-stalled = (הסיבוב בעיצומו, תקוע מאז { $since }: ממתינים ל־{ $who })
# not from the sheet
audit-stalled = פסק דין: תקוע מאז { $since }: ממתינים ל־{ $who }, מותר עד { $limit }. שרשרת הגיבוב שלמה (אירועים: { $events }); התחייבויות גרעין שנבדקו: { $commitments }; חלוקות שנבדקו: { $deals }; אירועי כללים ששוחזרו בלי תקלה: { $replayed }.
# not from the sheet
html-verdict-stalled = פסק דין: תקוע מאז { $since }.
# not from the sheet
html-stalled-text = המשחק ממתין ל־{ $who }, מותר עד { $limit }.
# not from the sheet
audit-where-file = הקובץ
# not from the sheet
audit-where-version = גרסה { $version }
# not from the sheet
html-summary = זרם { $stream }, אירועים רשומים: { $events }; כללים { $rules }; { $players ->
        [one] שחקן אחד
        [two] שני שחקנים
       *[other] { $players } שחקנים
    }, { $rounds ->
        [one] סיבוב אחד
        [two] שני סיבובים
       *[other] { $rounds } סיבובים
    }, { -revolution } { $revolution ->
        [on] פעילה
       *[off] כבויה
    }, את הסיבובים הבאים פותח { $leader ->
        [president] { -president }
        [first_seat] המושב הראשון
       *[asshole] { -asshole }
    }.
# not from the sheet
html-chain-head = ראש השרשרת:
# not from the sheet
html-verdict-ok = פסק דין: הכול תקין.
# not from the sheet
html-verdict-ok-text = שרשרת הגיבוב שלמה (אירועים: { $events }). התחייבויות גרעין שנבדקו: { $commitments }; חלוקות שנבדקו: { $deals }; אירועי משחק ששוחזרו בדיוק לפי הכללים: { $replayed }.
# not from the sheet
html-verdict-bad = פסק דין: הרישום אינו תקין.
# not from the sheet
html-problems = { $count ->
        [one] נמצאה בעיה אחת:
        [two] נמצאו שתי בעיות:
       *[other] נמצאו { $count } בעיות:
    }
# not from the sheet
html-where-file = הקובץ
# not from the sheet
html-where-event = אירוע { $version }
# not from the sheet
html-checked = מה נבדק
# not from the sheet
html-checked-chain = שרשרת הגיבוב: כל אירוע נושא טביעת אצבע (SHA-256) של תוכנו ושל האירוע שלפניו; אירוע שנערך, נמחק, נוסף או הוזז שובר אותה.
# not from the sheet
html-checked-deals = חלוקות הוגנות: לפני כל סיבוב פרסם השרת התחייבות (טביעת האצבע של הגרעין הסודי); אחרי הסיבוב חשף את הגרעין. הגרעין חייב להתאים להתחייבות, וערבוב בעזרתו חייב לתת בדיוק את הידיים שחולקו.
# not from the sheet
html-checked-rules = כללים: כל הנחה, מעבר והחלפה שוחזרו לפי הכללים; כל אחד היה צריך להיות חוקי לאותו שחקן באותו רגע, וכל תוצאה (לקיחות, מהפכות, מי יצא, תארים, נקודות, החלפות) הייתה צריכה להיות מה שהכללים נותנים.
# not from the sheet
html-checked-clocks = שעונים: כל פסק זמן נרשם לא לפני המועד שלו, וכל מהלך של רמת המחליף בשביל מושב בא אחרי פסק זמן, עזיבה או היעדרות של המושב.
# not from the sheet
html-round = סיבוב { $round }
# not from the sheet
html-round-span = אירועים { $first }–{ $last }. פותח מושב { $leader }.
# not from the sheet
html-round-problems = בעיות בסיבוב הזה:
# not from the sheet
html-deal = חלוקה
# not from the sheet
html-no-commitment = לפני החלוקה הזאת לא נרשמה התחייבות גרעין.
# not from the sheet
html-commitment = התחייבות (אירוע { $version }):
# not from the sheet
html-seed = הגרעין שנחשף (אירוע { $version }):
# not from the sheet
html-seed-ok = הגרעין תואם את ההתחייבות.
# not from the sheet
html-seed-bad = הגרעין אינו תואם.
# not from the sheet
html-seed-hidden = הגרעין עוד לא נחשף (הסיבוב לא הסתיים).
# not from the sheet
html-hands-ok = הידיים נובעות מהגרעין.
# not from the sheet
html-hands-bad = הידיים אינן נובעות מהגרעין.
# not from the sheet
html-uncheckable = לא ניתן לבדיקה.
# not from the sheet
html-hands = הידיים שחולקו
# not from the sheet
html-seat = מושב { $seat }
# not from the sheet
html-exchange = החלפה
# not from the sheet
html-exchange-row = מושב { $giver } { $kind ->
        [gave] מסר (אוטומטית)
       *[returned] החזיר
    } למושב { $receiver }
# not from the sheet
html-by = נשלח על ידי { $sender }
# not from the sheet
html-tricks = לקיחות
# not from the sheet
html-plays = הנחות ומעברים
# not from the sheet
html-result = תוצאה
html-passes = מושב { $seat }: { -pass }
# not from the sheet
html-flip = { -revolution }: הסדר עכשיו { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
html-out = יצא, מקום { $place }
# not from the sheet
html-takeover = מחליף ({ $reason ->
        [timed_out] פסק זמן
        [away] לא נוכח
        [left] עזב
       *[other] { $reason }
    })
# not from the sheet
html-trick-won = זכה מושב { $winner }; הבא בתור לפתוח: מושב { $leader }
# not from the sheet
html-trick-open = נשארה פתוחה בסוף הסיבוב
# not from the sheet
html-clock = שעון ונוכחות
# not from the sheet
html-went-out = מי יצא
html-went-out-row = מושב { $seat }: { $title }
# not from the sheet
html-points = נקודות
# not from the sheet
html-title = תואר
html-score = ניקוד
# not from the sheet
html-in-progress = הסיבוב הזה עדיין משוחק.
# not from the sheet
html-final = הניקוד הסופי

## `president web`: the browser table (services/web/static)

# not from the sheet
web-title = נשיא
# not from the sheet
web-language = שפה
# not from the sheet
web-lobby-heading = שולחן חדש
# not from the sheet
web-your-name = השם שלך
# not from the sheet
web-players = שחקנים
# not from the sheet
web-rounds = סיבובים
# not from the sheet
web-ai-level = רמת הבינה המלאכותית של שאר המושבים
# not from the sheet
web-turn-seconds = שניות לתור (0: בלי שעון)
# not from the sheet
web-revolution = מהפכה (רביעייה הופכת את הסדר)
# not from the sheet
web-create = ליצור את השולחן ולשחק
# not from the sheet
web-trick-heading = על השולחן
# not from the sheet
web-exchange-heading = החלפה
# not from the sheet
web-hand-heading = היד שלך
# not from the sheet
web-pass = { -pass }
# not from the sheet
web-back = חזרתי
# not from the sheet
web-keys = מקשים: Tab או החיצים עוברים בין הקלפים, רווח בוחר קלף, P משחק, S { -pass }, H עובר ליד.
# not from the sheet
web-results-heading = תוצאות
# not from the sheet
web-new-game = שולחן חדש
# not from the sheet
web-log-heading = מהלכים
# not from the sheet
web-debug-heading = למשלבים
# not from the sheet
web-debug-resend = לשלוח שוב את הפקודה האחרונה
# not from the sheet
web-debug-events = הודעות גולמיות (נושא, גרסה)
# not from the sheet
web-debug-view = התצוגה האחרונה
# not from the sheet
web-suit-letter-C = תל
# not from the sheet
web-suit-letter-D = יה
# not from the sheet
web-suit-letter-H = לב
# not from the sheet
web-suit-letter-S = על
# not from the sheet
web-card = { $rank } { $suit }
# not from the sheet
web-your-turn = תורך.
# not from the sheet
web-your-return = תורך: להחזיר קלפים.
# not from the sheet
web-game-over = המשחק נגמר.
# not from the sheet
web-round-over = סיבוב { $round } נגמר.
# not from the sheet
web-not-sent = עוד לא נשלח: יישלח ברגע שהחיבור יחזור.
# not from the sheet
web-failed = זה לא הצליח.
# not from the sheet
web-table-heading = שולחן { $table }, סיבוב { $round } מתוך { $rounds }
# not from the sheet
web-seat-score = ניקוד { $score }
# not from the sheet
web-to-act = בתור
# not from the sheet
web-out = בחוץ
# not from the sheet
web-trick-empty = ריק: הפתיחה של { $name }.
# not from the sheet
web-reversed = (הסדר הפוך)
# not from the sheet
web-play = לשחק
# not from the sheet
web-return = להחזיר
# not from the sheet
web-exchange-wait = ההחלפה מתבצעת.
# not from the sheet
web-transfer = { $giver } ← { $receiver }: { $cards }
# not from the sheet
web-round-column = סיבוב
# not from the sheet
web-result-cell = { $title } ⁦+{ $points }⁩
# not from the sheet
web-total = ניקוד
# not from the sheet
web-final = המשחק נגמר: במקום הראשון – { $name }.
# not from the sheet
web-log-entry = { $round }: { $move }
# not from the sheet
web-clock = { $seconds ->
        [one] נותרה שנייה אחת
        [two] נותרו שתי שניות
       *[other] נותרו { $seconds } שניות
    }
# not from the sheet
web-status-connecting = מתחבר…
# not from the sheet
web-status-connected = מחובר
# not from the sheet
web-status-reconnecting = החיבור נותק: מתחבר מחדש…
# not from the sheet
web-seat-cards = { $count ->
        [one] קלף אחד
        [two] שני קלפים
       *[other] { $count } קלפים
    }
# not from the sheet
web-owe-return = { $count ->
        [one] להחזיר ל־{ $name } קלף אחד לבחירתך.
        [two] להחזיר ל־{ $name } שני קלפים לבחירתך.
       *[other] להחזיר ל־{ $name } { $count } קלפים לבחירתך.
    }

## Browser table

# not from the sheet
table-heading = סיבוב { $round } מתוך { $rounds }
# not from the sheet
table-pace = קצב
# not from the sheet
table-pace-instant = מיידי
# not from the sheet
table-pace-seconds = { $seconds } שנ׳ למהלך
# not from the sheet
table-you = { $name } (המושב שלך)
# not from the sheet
table-passed = { -pass }
# not from the sheet
table-leads = הפתיחה אצל { $name }.
# not from the sheet
table-waiting = ממתינים ל־{ $name }.
# not from the sheet
table-read-summary = אפשר לקרוא את סיכום הסיבוב ואז ללחוץ על „{ table-continue }”.
# not from the sheet
table-pick = יש לבחור את הקלפים ואז ללחוץ על „{ web-play }”.
# not from the sheet
table-pick-or-pass = יש לבחור את הקלפים ואז ללחוץ על „{ web-play }”, או על „{ web-pass }”.
# not from the sheet
table-sending = בשליחה…
# not from the sheet
table-clock-mine = { $seconds ->
        [one] נותרה שנייה אחת לתורך
        [two] נותרו שתי שניות לתורך
       *[other] נותרו { $seconds } שניות לתורך
    }
# not from the sheet
table-seat-clock = { $seconds } שנ׳
# not from the sheet
table-away-seat = לא ליד השולחן
# not from the sheet
table-away = המושב שלך במצב היעדרות: הבינה המלאכותית המחליפה משחקת במקומך עד ללחיצה על „{ web-back }”.
# not from the sheet
table-timeout-warning = הזמן נגמר והבינה המלאכותית המחליפה שיחקה במקומך. פסקי זמן רצופים שנותרו עד שהמושב ישוחק במקומך עד החזרה: { $left }.
# not from the sheet
table-clock-rules = עם שעון של { $seconds ->
        [one] שנייה אחת
        [two] שתי שניות
       *[other] { $seconds } שניות
    } לתור: כשהזמן נגמר, הבינה המלאכותית המחליפה ({ $level }) משחקת את התור במקומך. אחרי { $after ->
        [one] פסק זמן אחד
        [two] שני פסקי זמן רצופים
       *[other] { $after } פסקי זמן רצופים
    } המושב עובר למצב היעדרות: הוא משוחק מיד עד ללחיצה על „{ web-back }”.
# not from the sheet
table-last-trick = ה{ -trick } האחרונה
# not from the sheet
table-finish-order = סדר היציאה
# not from the sheet
table-finish-row = { $name }: { $title }, ⁦+{ $points }⁩ (ניקוד { $score })
# not from the sheet
table-gave-cards = נמסר: { $giver } ← { $receiver }: { $cards }
# not from the sheet
table-returned-cards = הוחזר: { $giver } ← { $receiver }: { $cards }
# not from the sheet
table-continue = הסיבוב הבא
# not from the sheet
table-winner = ניצחון במשחק: { $name }, עם { $points } נקודות.
# not from the sheet
table-winners-tie = תיקו במקום הראשון עם { $points } נקודות: { $names }.
# not from the sheet
table-replay-link = מעבר צעד אחר צעד על שחזור המשחק
# not from the sheet
table-my-games = השולחנות שלך
# not from the sheet
table-my-game = שחקנים: { $players } · סיבובים: { $rounds } · { $others }
# not from the sheet
table-rejoin = חזרה לשולחן
# not from the sheet
replay-title = שחזור משחק
# not from the sheet
replay-heading = שחזור: { $names }
# not from the sheet
replay-loading = קריאת הרישום…
# not from the sheet
replay-verdict-ok = הרישום תקין: שרשרת הגיבוב שלמה, כל חלוקה נובעת מהגרעין שההתחייבות אליו נרשמה וכל מהלך היה חוקי.
# not from the sheet
replay-verdict-failed = הרישום אינו תקין. מה שהביקורת מצאה:
# not from the sheet
replay-checked = נבדקו — אירועים: { $events }; התחייבויות גרעין: { $commitments }; חלוקות: { $deals }; אירועים ששוחזרו לפי הכללים: { $replayed }.
# not from the sheet
replay-check-hash_chain = שרשרת הגיבוב
# not from the sheet
replay-check-deal = חלוקה וגרעין
# not from the sheet
replay-check-rules = כללים
# not from the sheet
replay-check-record = רישום
# not from the sheet
replay-check-clock = שעון
# not from the sheet
replay-check-foreign_event = אירוע זר
# not from the sheet
replay-check-bundle = קובץ
# not from the sheet
replay-problem = { $check }, אירוע { $version }:
# not from the sheet
replay-round-verified = סיבוב { $round }: הגרעין תואם להתחייבות והחלוקה נובעת ממנו.
# not from the sheet
replay-round-not-verified = סיבוב { $round }: לא ניתן לאמת את החלוקה.
# not from the sheet
replay-step = מהלך { $step } מתוך { $steps } (סיבוב { $round })
# not from the sheet
replay-first = התחלה
# not from the sheet
replay-prev-trick = ה{ -trick } הקודמת
# not from the sheet
replay-prev = המהלך הקודם
# not from the sheet
replay-next = המהלך הבא
# not from the sheet
replay-next-trick = ה{ -trick } הבאה
# not from the sheet
replay-last = סוף
# not from the sheet
replay-keys = מקשים: החיצים עוברים מהלך אחד (למעלה ולמטה: לקיחה אחת); Home ו־End עוברים להתחלה ולסוף.
# not from the sheet
replay-deal = סיבוב { $round } חולק; הפתיחה אצל { $name }.
# not from the sheet
replay-returned = הוחזר: { $name } ← { $receiver }: { $cards }
# not from the sheet
replay-link = קישור למהלך הזה
# not from the sheet
replay-in-play = סיבוב שעדיין משוחק אינו מוצג.
# not from the sheet
replay-hands = ידיים
# not from the sheet
replay-trick = על השולחן
# not from the sheet
replay-none = אין משחק עם המזהה הזה.
# not from the sheet
replay-unavailable = לא ניתן לקרוא את הרישום כרגע: כדאי לנסות שוב בעוד רגע.
# not from the sheet
table-port-taken = הפורט { $port } תפוס: אפשר לבחור פורט אחר עם ‎--port.
# not from the sheet
replay-audit-link = מעבר צעד אחר צעד בדפדפן (`president web`): { $url }
# not from the sheet
table-refused-BUSY = השרת עמוס ואינו מקבל משחק חדש כרגע.
# not from the sheet
table-refused-TOO_MANY_GAMES = כבר פועלים אצלך משחקים במספר המרבי לשחקן אחד (לכל היותר { $max }): יש לסיים אחד קודם.
# not from the sheet
table-refused-TOO_MANY_TABLES = כבר פתוחים אצלך שולחנות שממתינים להתחלה במספר המרבי לשחקן אחד (לכל היותר { $max }).
# not from the sheet
table-refused-OVER_LIMIT = { $field ->
    [ai] יותר מדי שחקני AI: במשחק שנפתח כאן יכולים להיות לכל היותר { $max }.
   *[rounds] יותר מדי סיבובים: במשחק שנפתח כאן יכולים להיות לכל היותר { $max }.
}
# not from the sheet
table-refused-RATE_LIMITED = יותר מדי בקשות בזמן קצר.
# not from the sheet
table-refused-login_required = יש להתחבר לפלטפורמה קודם.
# not from the sheet
table-refused-bad_login = ההתחברות לא התקבלה (פג תוקפה או שאינה תקפה): יש להתחבר שוב.
# not from the sheet
table-refused-bad_request = הגדרות המשחק לא התקבלו: יש לבדוק אותן ולנסות שוב.
# not from the sheet
table-refused-bad_json = לא ניתן לקרוא את הבקשה: יש לטעון מחדש את הדף ולנסות שוב.
# not from the sheet
table-refused-not_json = הבקשה נשלחה בצורה שהשרת אינו מקבל: יש לטעון מחדש את הדף.
# not from the sheet
table-refused-bad_origin = הבקשה הגיעה מאתר אחר ונדחתה: יש לפתוח את השולחן מהכתובת שלו.
# not from the sheet
table-refused-too_deep = הבקשה מקוננת לעומק רב מדי ואי אפשר לקרוא אותה.
# not from the sheet
table-refused-too_large = הבקשה גדולה מדי ואי אפשר לקרוא אותה.
# not from the sheet
table-refused-duplicate_key = הבקשה מציינת אותה הגדרה פעמיים.
# not from the sheet
table-refused-bad_pass = אישור הכניסה של המושב הזה אינו תקף.
# not from the sheet
table-refused-unavailable = השרת אינו עונה כרגע: כדאי לנסות שוב בעוד רגע.
# not from the sheet
table-retry-after = אפשר לנסות שוב בעוד { $seconds } שנ׳.
# not from the sheet
table-start-failed = לא ניתן היה להפעיל את הדף: יש לטעון אותו מחדש כדי לנסות שוב.
