# President: hrvatski (Croatian). The rules' words come from the Croatian sheet
# (../shared/seeds/000_78fb075a19496072.txt); docs/l10n/hr.md gives each term's line.
# A message marked "not from the sheet" is a careful translation of words no sheet names.

## Terms: the sheet's words

-game-name = Predsjednik
-president = { $case ->
       *[nominative] Predsjednik
        [dative] Predsjedniku
    }
-vice-president = { $case ->
       *[nominative] Potpredsjednik
        [dative] Potpredsjedniku
    }
# not from the sheet
-neutral = { $case ->
       *[nominative] Neutralni
        [dative] Neutralnom
    }
-vice-asshole = { $case ->
       *[nominative] Zamjenik šupka
        [dative] Zamjeniku šupka
    }
-asshole = { $case ->
       *[nominative] Šupak
        [dative] Šupku
    }
-pass = propušta
-revolution = revolucija
-round = runda
-series = serija
-trick = štih
-four-of-a-kind = četvorka
-runs = nizovi
-hand = ruka
-order-normal = uobičajen
-order-reversed = obrnut

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
suit-C = tref
# not from the sheet
suit-D = karo
# not from the sheet
suit-H = herc
# not from the sheet
suit-S = pik

## AI levels (the sheet's lines 52-54)

ai-easy = Laka
ai-easy-desc = Laka razina igra najnižu dopuštenu kombinaciju.
ai-medium = Srednja
ai-medium-desc = Srednja razina čuva dvojke i četvorke za ponovno preuzimanje inicijative i izbjegava nepotrebno razbijanje parova ili trojki.
ai-hard = Teška
ai-hard-desc = Teška razina procjenjuje preostale količine po rangu na temelju javnih karata i planira izlazak iz ruke.
# not from the sheet
ai-random = Nasumična
# not from the sheet
ai-player = AI { $seat } ({ $level })

## Rejections

# not from the sheet
reject-generic = Odbijeno ({ $code }).
# not from the sheet
reject-BAD_ACTION = Potez nije ispravno zadan.
# not from the sheet
reject-WRONG_PHASE = Ne sada.
    .with-phase = Ne sada: { $phase ->
        [deal] karte se dijele.
        [exchange] u tijeku je razmjena.
        [play] u tijeku je igra.
       *[game_over] partija je završila.
    }
# not from the sheet
reject-NOT_YOUR_TURN = Niste na potezu.
    .with-to_act = Niste na potezu: na potezu je mjesto { $to_act }.
    .with-seat = Mjesto { $seat } ne duguje vraćanje karata.
# not from the sheet
reject-UNKNOWN_CARD = To nije karta.
    .with-card = „{ $card }” nije karta.
# not from the sheet
reject-DUPLICATE_CARD = Ista se karta pojavljuje dvaput.
    .with-card = { $card } se pojavljuje dvaput.
# not from the sheet
reject-EMPTY_PLAY = Potez treba barem jednu kartu.
# not from the sheet
reject-TOO_MANY_CARDS = Potez ima najviše četiri karte.
# not from the sheet
reject-CARD_NOT_IN_HAND = Nemate tu kartu.
    .with-cards = Nemate { $cards }.
reject-MIXED_RANKS = Karte u postavi moraju imati isti rang.
# not from the sheet
reject-LEADER_CANNOT_PASS = Tko otvara { -trick }, mora igrati.
reject-WRONG_COUNT = Količina mora odgovarati količini aktivnog poteza.
    .with-count = { $count ->
        [one] Odigrajte točno { $count } kartu.
        [few] Odigrajte točno { $count } karte.
       *[other] Odigrajte točno { $count } karata.
    }
reject-NOT_HIGHER = Rang mora biti strogo viši; izjednačenje nije dopušteno.
    .with-rank = Rang mora biti strogo viši od { $rank }; izjednačenje nije dopušteno.
# not from the sheet
reject-MALFORMED = Poruka nije ispravna.
# not from the sheet
reject-MESSAGE_TOO_LARGE = Poruka je prevelika.
    .with-max_bytes = Poruka je veća od { $max_bytes } bajtova.
# not from the sheet
reject-RATE_LIMITED = Previše naredbi: usporite i pošaljite ponovno.
# not from the sheet
reject-TOO_MANY_TABLES = Imate previše otvorenih stolova.
    .with-max = Već imate otvorenih stolova: { $max }.
# not from the sheet
reject-UNKNOWN_TABLE = Takav stol ne postoji.
    .with-table_id = Stol { $table_id } ne postoji.
# not from the sheet
reject-UNKNOWN_SEAT = Takvo mjesto ne postoji.
    .with-seat = Mjesto { $seat } ne postoji.
# not from the sheet
reject-SEAT_TAKEN = To je mjesto zauzeto.
    .with-seat = Mjesto { $seat } je zauzeto.
# not from the sheet
reject-TABLE_FULL = Stol je pun.
# not from the sheet
reject-TABLE_EXISTS = Taj stol već postoji.
# not from the sheet
reject-INVALID_OPTIONS = Te postavke stola nisu valjane.
# not from the sheet
reject-BAD_TOKEN = Token mjesta nije valjan.
# not from the sheet
reject-COMMAND_ID_REUSED = Taj je identifikator naredbe već upotrijebljen.
# not from the sheet
reject-STALE_VERSION = Stol se u međuvremenu promijenio: pogledajte ponovno.
    .with-current-expected = Očekivana verzija { $expected }, stol je na verziji { $current }.
# not from the sheet
reject-GAME_ALREADY_STARTED = Partija je već počela.
reject-TABLE_CLOSED = Ovaj stol je zatvoren prije početka partije.
# not from the sheet
reject-GAME_NOT_STARTED = Partija još nije počela.
# not from the sheet
reject-NOT_ENOUGH_PLAYERS = Nema dovoljno igrača.
    .with-free = { $free ->
        [one] Nema dovoljno igrača: slobodno je { $free } mjesto.
        [few] Nema dovoljno igrača: slobodna su { $free } mjesta.
       *[other] Nema dovoljno igrača: slobodno je { $free } mjesta.
    }
# not from the sheet
reject-INTERNAL_ERROR = Poslužitelj nije uspio: pošaljite istu naredbu ponovno.
# not from the sheet
reject-TURN_TIMED_OUT = Prekasno: vrijeme je isteklo i potez je odigrala zamjenska razina.
# not from the sheet
reject-FORBIDDEN = Ne smijete poslati ovu naredbu.
# not from the sheet
reject-SEAT_LEFT = Ovo je mjesto napustilo stol.
    .with-seat = Mjesto { $seat } napustilo je stol.

## Events

# not from the sheet
event-GameCreated = Partija { $table }: { $players ->
        [one] { $players } igrač
        [few] { $players } igrača
       *[other] { $players } igrača
    }, { $rounds ->
        [one] { $rounds } runda
        [few] { $rounds } runde
       *[other] { $rounds } rundi
    }, { -revolution } { $revolution ->
        [on] uključena
       *[off] isključena
    } ({ $rules })
# not from the sheet
event-DealCommitted = Runda { $round }: dijeljenje zapečaćeno ({ $commitment }...), započinje { $leader }
# not from the sheet
event-RoundDealt = karte podijeljene: { $sizes }
# not from the sheet
event-ExchangeStarted = razmjena: karte mijenjaju vlasnika
# not from the sheet
event-CardsGiven = razmjena: { $giver } automatski daje { $count ->
        [one] { $count } kartu
        [few] { $count } karte
       *[other] { $count } karata
    } { to-title } ({ $receiver })
# not from the sheet
event-CardsReturned = razmjena: { $giver } vraća { $count ->
        [one] { $count } kartu
        [few] { $count } karte
       *[other] { $count } karata
    } { to-title } ({ $receiver })
# not from the sheet
event-PlayStarted = započinje { $leader }
event-CardsPlayed = { $name } { $cards }
event-Passed = { $name } { -pass }
# not from the sheet
event-OrderReversed = { $reversed ->
        [yes] REVOLUCIJA ({ $name }): 2 postaje najniža, a 3 najviša
       *[no] REVOLUCIJA ({ $name }): opet uobičajeni redoslijed
    }
# not from the sheet
event-PlayerFinished = { $name } je bez karata: { $place }. mjesto ({ $title ->
        [president] { -president }
        [vice_president] { -vice-president }
        [neutral] { -neutral }
        [vice_asshole] { -vice-asshole }
       *[asshole] { -asshole }
    })
event-TrickEnded = { $name } osvaja { -trick }
# not from the sheet
event-RoundEnded = Poredak runde { $round }:
# not from the sheet
event-SeedRevealed = otkriveno sjeme runde { $round }: { $seed }...
# not from the sheet
event-GameEnded = Kraj partije nakon { $rounds ->
        [one] { $rounds } runde
        [few] { $rounds } runde
       *[other] { $rounds } rundi
    }: { $scores }
# not from the sheet
event-TurnDeadlineSet = { $name } je na potezu, ima { $seconds } s
# not from the sheet
event-TurnTimedOut = { $name }: isteklo vrijeme: igra zamjenska razina
# not from the sheet
event-SeatAway = { $reason ->
        [timeouts] { $name }: odsutnost (nakon više isteka vremena): od sada se igra odmah
       *[asked] { $name }: odsutnost (na zahtjev): od sada se igra odmah
    }
# not from the sheet
event-SeatBack = { $name }: ponovno za stolom
# not from the sheet
event-SeatLeft = { $name }: napuštanje stola: igra zamjenska razina
# not from the sheet
round-over = (kraj runde)
round-place = { $place }. { $name } { $title } +{ $points }
cumulative-score = ukupni rezultat: { $scores }
score = { $name } { $score }
seat-entry = { $seat }: { $name }
# not from the sheet
seat-name = mjesto { $seat }

## `president play`

# not from the sheet
play-starting = Pokreću se PostgreSQL, NATS, relej i servisi ...
# not from the sheet
play-table = Stol { $table }: vi ste mjesto { $seat }; AI: { $ais }
# not from the sheet
play-table-name = Stol: { $name }
# not from the sheet
play-ai-seat = mjesto { $seat } { $level }
# not from the sheet
play-turn = { $reversed ->
        [yes] == Runda { $round }, vi ste na potezu ({ $name }), poredak OBRNUT ==
       *[no] == Runda { $round }, vi ste na potezu ({ $name }), uobičajeni poredak ==
    }
# not from the sheet
play-return = Razmjena: vratite { $count ->
        [one] { $count } kartu
        [few] { $count } karte
       *[other] { $count } karata
    } po izboru igraču { $name }
# not from the sheet
play-to-beat = Treba nadjačati: { $cards } ({ $name })
play-lead = Vodite: stavite kombinaciju od 1 do 4 karte istog ranga
# not from the sheet
play-cards-left = Preostale karte: { $sizes }
# not from the sheet
play-hand = Vaša ruka: { $cards }
# not from the sheet
play-action-play = igraj { $cards }
# not from the sheet
play-action-return = vrati { $cards }
# the sheet's verb (l.19 "propuštaju") as a command
play-action-pass = propusti
# not from the sheet
play-ask = Vaš izbor (broj, karte poput '6C 6D' ili 'propusti'):
# not from the sheet
play-not-legal = nije jedan od { $count } dopuštenih poteza: { $answer }
# not from the sheet
play-input-closed = (unos zatvoren)
# not from the sheet
play-rejected = poslužitelj je odbio: { $reason }
# not from the sheet
play-took-over = { $reason ->
        [timed_out] (vrijeme je isteklo: za vas je odigrala zamjenska razina)
        [taken_over] (preuzeto: za vas je odigrala zamjenska razina)
       *[phase_changed] (potez je gotov: runda ili partija je završila)
    }
# not from the sheet
play-clock = [sat] još { $left } s (do { $until } UTC)
# not from the sheet
play-clock-mark = [sat] još { $left } s
# not from the sheet
play-done = { $finished ->
        [yes] Kraj partije nakon vaših poteza: { $actions }.
       *[no] Partija napuštena nakon vaših poteza: { $actions }.
    }
# not from the sheet
play-default-name = Vi
# not from the sheet
stack-failed = servis se nije pokrenuo: { $error }
# not from the sheet
demo-rebuilt = Obnovljeno iz Postgres zapisa: pravila su ponovila događaja: { $events }; { $match ->
        [yes] odgovara onome što su javili servisi.
       *[no] NE ODGOVARA:
    }
# not from the sheet
demo-audit = Revizija (lanac sažetaka, obveze sjemena, ponavljanje): { $ok ->
        [yes] u redu
       *[no] NEUSPJEŠNA
    }
# not from the sheet
demo-bundle = Datoteka revizije zapisana je u { $path } (provjera: { $command } ...)
# not from the sheet
demo-clocks = Satovi: isteka vremena { $timeouts }, poteza zamjene { $takeovers }, najdulje čekanje nakon roka { $lag } ms.
# not from the sheet
demo-played = Stol { $table } odigran je za { $seconds } s.
# not from the sheet
demo-servers = poslužitelji: { $database }  { $nats }; zapisi u { $path }
# not from the sheet
demo-stalled = igra je zastala: dugo nema događaja (pogledajte zapise servisa)
# not from the sheet
web-starting = Pokreću se PostgreSQL, NATS, relej, servisi i web-stranica ...
# not from the sheet
web-logs = zapisi u { $path }
# not from the sheet
web-open = Otvorite { $url } u pregledniku (spremno za { $seconds } s); Ctrl-C sve zaustavlja.
# not from the sheet
web-external-nats = president web radi s ugrađenim NATS-om (njegovim WebSocket slušačem i auth calloutom); s konfiguriranim NATS-om pokrenite { $command } (docs/settings.md)
# not from the sheet
tournament-header = igara: { $games } (dijeljenja: { $deals } × rotacija: { $rotations }), igrača: { $players }, rundi po igri: { $rounds }, sjeme { $seed }, { $seconds } s; neutralno: { $neutral } bodova po rundi
# not from the sheet
tournament-level = razina
# not from the sheet
tournament-points = bodovi/runda
# not from the sheet
tournament-ci = 95% IP
# not from the sheet
tournament-first = prvi
# not from the sheet
tournament-last = zadnji
# not from the sheet
tournament-p50 = p50 ms
# not from the sheet
tournament-p95 = p95 ms
# not from the sheet
tournament-order = poredak, najmanje bodova prvo: { $order }
# not from the sheet
tournament-gap = { $higher } - { $lower }: { $difference } bodova po rundi [{ $low }, { $high }], uparenih dijeljenja: { $deals } ({ $higher } { $ahead ->
        [yes] vodi
       *[no] nije dokazano da vodi
    })

## The audit's account

# not from the sheet
audit-title = Revizija stola { $table }
# not from the sheet
audit-header = Revizija stola { $table } (tok { $stream })
# not from the sheet
audit-events = { $events ->
        [one] { $events } događaj, vrh lanca { $head }
        [few] { $events } događaja, vrh lanca { $head }
       *[other] { $events } događaja, vrh lanca { $head }
    }
# not from the sheet
audit-rules = pravila: { $rules }; opcije: { $options }
# not from the sheet
audit-unknown = nepoznato
# not from the sheet
audit-unreadable = nečitljivo
# not from the sheet
audit-option = { $option ->
        [players] igrača: { $value }
        [rounds] rundi: { $value }
        [revolution] { -revolution } { $value ->
            [yes] uključena
           *[no] isključena
        }
        [round_leader] sljedeće runde započinje { $value ->
            [president] { -president }
            [first_seat] prvo mjesto
           *[asshole] { -asshole }
        }
       *[other] { $option }={ $value }
    }
# not from the sheet
audit-seats = mjesta: { $seats }
# not from the sheet
audit-seat-human = { $seat }: čovjek
audit-seat-ai = { $seat }: AI { $level }
# not from the sheet
audit-round = Runda { $round } (verzije { $first }-{ $last }), započinje mjesto { $leader }
# not from the sheet
audit-dealt = podijeljeno mjestu { $seat }: { $cards }
# not from the sheet
audit-card-count = { $count ->
        [one] { $count } karta
        [few] { $count } karte
       *[other] { $count } karata
    }
# not from the sheet
audit-exchange = razmjena (v{ $version }): mjesto { $giver } { $kind ->
        [gave] dalo je
       *[returned] vratilo je
    } mjestu { $receiver } { $cards }
# not from the sheet
audit-takeover = [zamjena: { $reason ->
        [timed_out] isteklo vrijeme
        [away] odsutan
        [left] otišao
       *[other] { $reason }
    }]
# not from the sheet
audit-by = [poslao { $sender }]
# not from the sheet
audit-revolution = { -revolution } (v{ $version }): četvorka mjesta { $seat }, poredak je sada { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
audit-out = bez karata (v{ $version }): mjesto { $seat }, { $place }. mjesto, { $title }
audit-points = bodovi: { $values }
# not from the sheet
audit-titles = titule: { $values }
audit-scores = rezultat: { $values }
# not from the sheet
audit-seat-value = mjesto { $seat } { $value }
# not from the sheet
audit-in-progress = (runda u tijeku)
# not from the sheet
audit-problem-at = PROBLEM u verziji { $version }: { $problem }
# The audit's problems (president.audit: Problem.key); the JSON keeps them in English.
# not from the sheet
problem-bundle-empty = datoteka je prazna
# not from the sheet
problem-bundle-no-header = datoteka ne počinje svojim retkom zaglavlja
# not from the sheet
problem-bundle-after-head = redak { $line } dolazi nakon glave lanca
# not from the sheet
problem-bundle-not-event = redak { $line } nije ni događaj ni glava lanca
# not from the sheet
problem-bundle-not-json = redak { $line } nije ispravan JSON
# not from the sheet
problem-bundle-not-object = redak { $line } nije JSON objekt
# not from the sheet
problem-bundle-format = nepoznat format datoteke (ovaj revizor čita { $expected })
# not from the sheet
problem-bundle-rules-version = datoteka je druge verzije pravila; ovaj revizor poznaje { $known }
# not from the sheet
problem-bundle-bad-event = redak { $line } nije ispravan događaj
# not from the sheet
problem-bundle-truncated = datoteka je skraćena: završava nakon verzije { $after } bez retka glave lanca
# not from the sheet
problem-bundle-head-not-last = redak glave lanca nije posljednji događaj: događaji nedostaju ili su dodani na kraju
# not from the sheet
problem-bundle-count = zaglavlje najavljuje drukčiji broj događaja od onoga u datoteci (čitljivih: { $held })
# not from the sheet
problem-bundle-unauditable = datoteku nije bilo moguće revidirati
# not from the sheet
problem-file-unreadable = datoteku nije moguće pročitati
# not from the sheet
problem-clock-deadline-differs = istek vremena mjesta { $seat } navodi drukčiji rok od zabilježenoga
# not from the sheet
problem-clock-early = istek vremena mjesta { $seat } zabilježen je { $early } ms prije roka
# not from the sheet
problem-clock-wrong-seat = zamjena za mjesto { $seat } zabilježila je potez mjesta { $other }
# not from the sheet
problem-clock-unjustified = potez zamjene za mjesto { $seat } bez prethodnog isteka vremena, odlaska ili odsutnosti
# not from the sheet
problem-deal-never-dealt = sjeme runde { $round } otkriveno je, a runda nikad nije podijeljena
# not from the sheet
problem-deal-no-commit = runda { $round } podijeljena je bez prethodne obveze
# not from the sheet
problem-deal-commit-late = obveza runde { $round } dolazi nakon dijeljenja
# not from the sheet
problem-deal-leader = runda { $round }: prema obvezi otvara mjesto { $committed }, prema dijeljenju mjesto { $dealt }
# not from the sheet
problem-deal-never-revealed = runda { $round } završila je, a njezino sjeme nikad nije otkriveno
# not from the sheet
problem-deal-revealed-early = sjeme runde { $round } otkriveno je prije kraja runde
# not from the sheet
problem-deal-reveal-mismatch = runda { $round }: otkriveno sjeme ne odgovara obvezi iz verzije { $at }
# not from the sheet
problem-deal-recorded-mismatch = runda { $round }: zabilježeno sjeme ne odgovara svojoj obvezi
# not from the sheet
problem-deal-reveal-differs = runda { $round }: otkriveno sjeme razlikuje se od zabilježenoga u verziji { $at }
# not from the sheet
problem-deal-hands = runda { $round }: podijeljene ruke ne slijede iz sjemena (prva se razlikuje ruka mjesta { $seat })
# not from the sheet
problem-game-empty = tok nema događaja
# not from the sheet
problem-game-first = tok ne počinje stvaranjem igre
# not from the sheet
problem-game-unreadable = događaj nije moguće pročitati
# not from the sheet
problem-game-second-created = igra je u toku stvorena drugi put
# not from the sheet
problem-game-unknown-type = nepoznata vrsta događaja
# not from the sheet
problem-game-table = stvaranje igre navodi drugi stol
# not from the sheet
problem-game-rules-version = nepoznata verzija pravila (ovaj revizor poznaje { $known })
# not from the sheet
problem-game-contract = stvaranje igre ne odgovara ugovoru
# not from the sheet
problem-game-options = opcije igre nisu ispravne
# not from the sheet
problem-game-second-commit = druga obveza za rundu { $round } (prva u verziji { $at })
# not from the sheet
problem-game-second-reveal = sjeme runde { $round } otkriveno je dvaput (prvi put u verziji { $at })
# not from the sheet
problem-foreign-events = { $count ->
        [one] { $count } događaj ne pripada
        [few] { $count } događaja ne pripadaju
       *[other] { $count } događaja ne pripada
    } toku ove igre
# not from the sheet
problem-chain = lanac sažetaka: { $kind ->
        [missing] nedostaje verzija
        [broken_link] veza s prethodnim događajem je prekinuta
        [out_of_order] pozicije nisu po redu
       *[edited] sadržaj ne odgovara svom sažetku
    }
# not from the sheet
problem-rules-early = pravila: tok prestaje prerano
# not from the sheet
problem-rules-illegal = pravila: nedopuštena odluka: { $code }
# not from the sheet
problem-rules-differs = pravila: zabilježeni događaj nije ono što daju pravila
# not from the sheet
problem-rules-crash = pravila: događaj nije moguće ponoviti
# not from the sheet
audit-timed-out = istek vremena (v{ $version }): mjesto { $seat }{ $by }, rok { $deadline }; odigrala je zamjenska razina
# not from the sheet
audit-timed-out-lag = istek vremena (v{ $version }): mjesto { $seat }{ $by }, rok { $deadline }, zabilježeno { $lag } ms kasnije; odigrala je zamjenska razina
# not from the sheet
audit-away = odsutno (v{ $version }): mjesto { $seat }{ $by } ({ $reason ->
        [timeouts] nakon više isteka vremena
        [asked] na zahtjev
       *[other] { $reason }
    }): odmah igra zamjenska razina
# not from the sheet
audit-back = vratilo se (v{ $version }): mjesto { $seat }{ $by }
# not from the sheet
audit-left = otišlo (v{ $version }): mjesto { $seat }{ $by } ({ $name }): zauvijek igra zamjenska razina
# not from the sheet
audit-no-name = bez imena
# not from the sheet
audit-deal-none = dijeljenje: nema zapisa
# not from the sheet
audit-deal-commitment = dijeljenje: obveza { $commitment } (v{ $version })
# not from the sheet
audit-deal-no-commitment = dijeljenje: NEMA obveze
# not from the sheet
audit-seed = sjeme { $seed } otkriveno u v{ $version }: { $status ->
        [yes] odgovara obvezi
        [no] NE odgovara obvezi
       *[unknown] nije provjereno
    }
# not from the sheet
audit-seed-hidden = sjeme još nije otkriveno
# not from the sheet
audit-hands = podijeljene ruke { $status ->
        [yes] slijede iz sjemena
        [no] NE slijede iz sjemena
       *[unknown] nisu provjerene
    }
audit-move-cards = { $seat }: { $cards }
audit-move-pass = { $seat }: { -pass }
# not from the sheet
audit-move-order = [poredak { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }]
# not from the sheet
audit-move-out = [bez karata, { $place }. mjesto]
audit-trick = { -trick } { $number }: { $moves } -> { $end }
# not from the sheet
audit-trick-won = osvaja mjesto { $winner }, vodi mjesto { $leader }
# not from the sheet
audit-trick-open = ostao otvoren
# not from the sheet
audit-round-missing = Runde { $round } nema u zapisu.
# not from the sheet
audit-final = Kraj partije, ukupni rezultat: { $scores }
# not from the sheet
audit-ok = Presuda: U REDU. Lanac sažetaka je netaknut (događaja: { $events }); provjerenih obveza sjemena: { $commitments }; provjerenih dijeljenja: { $deals }; događaja pravila ponovljenih bez greške: { $replayed }.
# not from the sheet
audit-failed = Presuda: NEUSPJEH, { $count ->
        [one] { $count } problem:
        [few] { $count } problema:
       *[other] { $count } problema:
    }
# not from the sheet
audit-waiting-seats = { $count ->
        [one] mjesto { $seats }
        [few] mjesta { $seats }
       *[other] mjesta { $seats }
    }
# not from the sheet
audit-waiting-engine = poslužitelj (sljedeće dijeljenje)
# not from the sheet
audit-in-progress-stalled = (runda u tijeku, zastala od { $since }: čeka se { $who })
# not from the sheet
audit-stalled = Presuda: zastalo od { $since }: čeka se { $who }, dopušteno do { $limit }. Lanac sažetaka je netaknut (događaja: { $events }); provjerenih obveza sjemena: { $commitments }; provjerenih dijeljenja: { $deals }; događaja pravila ponovljenih bez greške: { $replayed }.
# not from the sheet
html-verdict-stalled = Presuda: zastalo od { $since }.
# not from the sheet
html-stalled-text = Partija čeka { $who }, dopušteno do { $limit }.
# not from the sheet
audit-where-file = datoteka
# not from the sheet
audit-where-version = verzija { $version }
# not from the sheet
html-summary = Tok { $stream }, zabilježenih događaja: { $events }; pravila { $rules }; { $players ->
        [one] { $players } igrač
        [few] { $players } igrača
       *[other] { $players } igrača
    }, { $rounds ->
        [one] { $rounds } runda
        [few] { $rounds } runde
       *[other] { $rounds } rundi
    }, { -revolution } { $revolution ->
        [on] uključena
       *[off] isključena
    }, sljedeće runde započinje { $leader ->
        [president] { -president }
        [first_seat] prvo mjesto
       *[asshole] { -asshole }
    }.
# not from the sheet
html-chain-head = Vrh lanca:
# not from the sheet
html-verdict-ok = Presuda: sve je ispravno.
# not from the sheet
html-verdict-ok-text = Lanac sažetaka je netaknut (događaja: { $events }). Provjerenih obveza sjemena: { $commitments }; provjerenih dijeljenja: { $deals }; događaja igre ponovljenih točno prema pravilima: { $replayed }.
# not from the sheet
html-verdict-bad = Presuda: zapis NIJE ispravan.
# not from the sheet
html-problems = { $count ->
        [one] Pronađen je { $count } problem:
        [few] Pronađena su { $count } problema:
       *[other] Pronađeno je { $count } problema:
    }
# not from the sheet
html-where-file = datoteka
# not from the sheet
html-where-event = događaj { $version }
# not from the sheet
html-checked = Što je provjereno
# not from the sheet
html-checked-chain = Lanac sažetaka: svaki događaj nosi otisak (SHA-256) svog sadržaja i prethodnog događaja; izmijenjen, uklonjen, umetnut ili premješten događaj prekida ga.
# not from the sheet
html-checked-deals = Pošteno dijeljenje: prije svake runde poslužitelj je objavio obvezu (otisak tajnog sjemena); nakon runde otkrio je sjeme. Sjeme mora odgovarati obvezi, a miješanje s njim mora dati točno podijeljene ruke.
# not from the sheet
html-checked-rules = Pravila: svaki potez, propuštanje i razmjena ponovljeni su kroz pravila; svaki je morao biti dopušten tom igraču u tom trenutku, a svaka posljedica (štihovi, revolucije, tko je izašao, titule, bodovi, razmjene) morala je biti ona koju daju pravila.
# not from the sheet
html-checked-clocks = Satovi: nijedan istek vremena nije zabilježen prije isteka roka, a svaki potez zamjenske razine slijedio je istek vremena, odlazak ili odsutnost mjesta.
# not from the sheet
html-round = Runda { $round }
# not from the sheet
html-round-span = Događaji { $first }–{ $last }. Započinje mjesto { $leader }.
# not from the sheet
html-round-problems = Problemi u ovoj rundi:
# not from the sheet
html-deal = Dijeljenje
# not from the sheet
html-no-commitment = Prije ovog dijeljenja nije zabilježena obveza sjemena.
# not from the sheet
html-commitment = Obveza (događaj { $version }):
# not from the sheet
html-seed = Otkriveno sjeme (događaj { $version }):
# not from the sheet
html-seed-ok = Sjeme odgovara obvezi.
# not from the sheet
html-seed-bad = Sjeme NE odgovara obvezi.
# not from the sheet
html-seed-hidden = Sjeme još nije otkriveno (runda nije gotova).
# not from the sheet
html-hands-ok = Ruke slijede iz sjemena.
# not from the sheet
html-hands-bad = Ruke NE slijede iz sjemena.
# not from the sheet
html-uncheckable = Nije provjerljivo.
# not from the sheet
html-hands = Podijeljene ruke
# not from the sheet
html-seat = Mjesto { $seat }
# not from the sheet
html-exchange = Razmjena
# not from the sheet
html-exchange-row = Mjesto { $giver } { $kind ->
        [gave] dalo je (automatski)
       *[returned] vratilo je
    } mjestu { $receiver }
# not from the sheet
html-by = poslao { $sender }
# not from the sheet
html-tricks = Štihovi
# not from the sheet
html-plays = Potezi i propuštanja
# not from the sheet
html-result = Ishod
html-passes = Mjesto { $seat } { -pass }
# not from the sheet
html-flip = { -revolution }: poredak je sada { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
html-out = bez karata, { $place }. mjesto
# not from the sheet
html-takeover = zamjena ({ $reason ->
        [timed_out] isteklo vrijeme
        [away] odsutan
        [left] otišao
       *[other] { $reason }
    })
# not from the sheet
html-trick-won = osvaja mjesto { $winner }; sljedeće vodi mjesto { $leader }
# not from the sheet
html-trick-open = ostao otvoren na kraju runde
# not from the sheet
html-clock = Sat i prisutnost
# not from the sheet
html-went-out = Tko je izašao
html-went-out-row = Mjesto { $seat }: { $title }
html-points = Bodovi
# not from the sheet
html-title = Titula
html-score = Rezultat
# not from the sheet
html-in-progress = Ova se runda još igra.
# not from the sheet
html-final = Konačni rezultat

## `president web`: the browser table (services/web/static)

# not from the sheet
web-title = Predsjednik
# not from the sheet
web-language = Jezik
# not from the sheet
web-lobby-heading = Novi stol
# not from the sheet
web-your-name = Vaše ime
# not from the sheet
web-players = Igrači
# not from the sheet
web-rounds = Runde
# not from the sheet
web-ai-level = Razina AI-ja ostalih mjesta
# not from the sheet
web-turn-seconds = Sekundi po potezu (0: bez sata)
# not from the sheet
web-revolution = Revolucija ({ -four-of-a-kind } obrće poredak)
# not from the sheet
web-create = Otvori stol i igraj
# not from the sheet
web-trick-heading = Na stolu
# not from the sheet
web-exchange-heading = Razmjena
# not from the sheet
web-hand-heading = Vaša ruka
# not from the sheet
web-pass = Propusti
# not from the sheet
web-back = Opet sam tu
# not from the sheet
web-keys = Tipke: Tab ili strelice kreću se po kartama, razmaknica bira kartu, P igra, S propušta, H ide na ruku.
# not from the sheet
web-results-heading = Rezultati
# not from the sheet
web-new-game = Novi stol
# not from the sheet
web-log-heading = Potezi
# not from the sheet
web-debug-heading = Za integratore
# not from the sheet
web-debug-resend = Pošalji posljednju naredbu ponovno
# not from the sheet
web-debug-events = Sirove poruke (subjekt, verzija)
# not from the sheet
web-debug-view = Posljednji prikaz
# not from the sheet
web-suit-letter-C = T
# not from the sheet
web-suit-letter-D = K
# not from the sheet
web-suit-letter-H = H
# not from the sheet
web-suit-letter-S = P
# not from the sheet
web-card = { $rank } { $suit }
# not from the sheet
web-your-turn = Vi ste na potezu.
# not from the sheet
web-your-return = Na vama je: vratite karte.
# not from the sheet
web-game-over = Igra je gotova.
# not from the sheet
web-round-over = Runda { $round } je gotova.
# not from the sheet
web-not-sent = Još nije poslano: ide čim se veza vrati.
# not from the sheet
web-failed = To nije uspjelo.
# not from the sheet
web-table-heading = Stol { $table }, runda { $round } od { $rounds }
# not from the sheet
web-seat-score = Bodovi { $score }
# not from the sheet
web-to-act = na potezu
# not from the sheet
web-out = vani
# not from the sheet
web-trick-empty = Prazno: { $name } otvara.
# not from the sheet
web-reversed = (poredak obrnut)
# not from the sheet
web-play = Igraj
# not from the sheet
web-return = Vrati
# not from the sheet
web-exchange-wait = Razmjena je u tijeku.
# not from the sheet
web-transfer = { $giver } → { $receiver }: { $cards }
# not from the sheet
web-round-column = Runda
# not from the sheet
web-result-cell = { $title } +{ $points }
# not from the sheet
web-total = Bodovi
# not from the sheet
web-final = Igra je gotova: prvo mjesto – { $name }.
# not from the sheet
web-log-entry = { $round }: { $move }
# not from the sheet
web-clock = Još { $seconds } s
# not from the sheet
web-status-connecting = Spajanje…
# not from the sheet
web-status-connected = Spojeno
# not from the sheet
web-status-reconnecting = Veza je prekinuta: ponovno spajanje…
# not from the sheet
web-seat-cards = { $count ->
        [one] { $count } karta
        [few] { $count } karte
       *[other] { $count } karata
    }
# not from the sheet
web-owe-return = { $count ->
        [one] Vratite igraču { $name } { $count } kartu po izboru.
        [few] Vratite igraču { $name } { $count } karte po izboru.
       *[other] Vratite igraču { $name } { $count } karata po izboru.
    }

## Browser table

# not from the sheet
table-heading = Runda { $round } od { $rounds }
# not from the sheet
table-pace = Tempo
# not from the sheet
table-pace-instant = Odmah
# not from the sheet
table-pace-seconds = { $seconds } s po potezu
# not from the sheet
table-you = { $name } (vi)
# not from the sheet
table-passed = { -pass }
# not from the sheet
table-leads = Otvara: { $name }.
# not from the sheet
table-waiting = Čeka se: { $name }.
# not from the sheet
table-read-summary = Pročitajte sažetak runde, zatim pritisnite „{ table-continue }”.
# not from the sheet
table-pick = Odaberite karte za igru, zatim pritisnite „{ web-play }”.
# not from the sheet
table-pick-or-pass = Odaberite karte za igru, zatim pritisnite „{ web-play }” ili „{ web-pass }”.
# not from the sheet
table-sending = Slanje…
# not from the sheet
table-clock-mine = Još { $seconds } s za vaš potez
# not from the sheet
table-seat-clock = { $seconds } s
# not from the sheet
table-away-seat = odsutno
# not from the sheet
table-away = Vaše je mjesto odsutno: zamjenski AI igra umjesto vas dok ne pritisnete „{ web-back }”.
# not from the sheet
table-timeout-warning = Vrijeme vam je isteklo i zamjenski AI odigrao je umjesto vas. Preostalo isteka vremena zaredom prije nego što se vaše mjesto igra umjesto vas do povratka: { $left }.
# not from the sheet
table-clock-rules = Uz sat od { $seconds } s po potezu: kad vam istekne vrijeme, zamjenski AI ({ $level }) odigra taj potez umjesto vas. Nakon isteka vremena zaredom (ukupno: { $after }) vaše je mjesto odsutno: igra se odmah dok ne pritisnete „{ web-back }”.
# not from the sheet
table-last-trick = Zadnji { -trick }
# not from the sheet
table-finish-order = Redoslijed izlaska
# not from the sheet
table-finish-row = { $name }: { $title }, +{ $points } (bodovi: { $score })
# not from the sheet
table-gave-cards = Predano: { $giver } → { $receiver }: { $cards }
# not from the sheet
table-returned-cards = Vraćeno: { $giver } → { $receiver }: { $cards }
# not from the sheet
table-continue = Sljedeća runda
# not from the sheet
table-winner = Pobjeda u igri: { $name } (bodovi: { $points }).
# not from the sheet
table-winners-tie = Neriješeno za prvo mjesto (bodovi: { $points }): { $names }.
# not from the sheet
table-replay-link = Prođite korak po korak kroz snimku ove igre
# not from the sheet
table-my-games = Vaši stolovi
# not from the sheet
table-my-game = Igrači: { $players } · runde: { $rounds } · { $others }
# not from the sheet
table-rejoin = Natrag za stol
# not from the sheet
replay-title = Snimka igre
# not from the sheet
replay-heading = Snimka: { $names }
# not from the sheet
replay-loading = Čitanje zapisa…
# not from the sheet
replay-verdict-ok = Zapis je ispravan: lanac sažetaka je netaknut, svako dijeljenje slijedi iz sjemena na koje se obvezalo i svaki je potez bio dopušten.
# not from the sheet
replay-verdict-failed = Zapis NIJE ispravan. Što je provjera pronašla:
# not from the sheet
replay-checked = Provjereno — događaji: { $events }; obveze sjemena: { $commitments }; dijeljenja: { $deals }; događaji ponovljeni prema pravilima: { $replayed }.
# not from the sheet
replay-check-hash_chain = Lanac sažetaka
# not from the sheet
replay-check-deal = Dijeljenje i sjeme
# not from the sheet
replay-check-rules = Pravila
# not from the sheet
replay-check-record = Zapis
# not from the sheet
replay-check-clock = Sat
# not from the sheet
replay-check-foreign_event = Strani događaj
# not from the sheet
replay-check-bundle = Datoteka
# not from the sheet
replay-problem = { $check }, događaj { $version }:
# not from the sheet
replay-round-verified = Runda { $round }: sjeme odgovara obvezi i dijeljenje slijedi iz njega.
# not from the sheet
replay-round-not-verified = Runda { $round }: dijeljenje nije bilo moguće provjeriti.
# not from the sheet
replay-step = Potez { $step } od { $steps } (runda { $round })
# not from the sheet
replay-first = Početak
# not from the sheet
replay-prev-trick = Prethodni { -trick }
# not from the sheet
replay-prev = Prethodni potez
# not from the sheet
replay-next = Sljedeći potez
# not from the sheet
replay-next-trick = Sljedeći { -trick }
# not from the sheet
replay-last = Kraj
# not from the sheet
replay-keys = Tipke: strelice idu jedan potez (gore i dolje: jedan štih); Home i End idu na početak i na kraj.
# not from the sheet
replay-deal = Runda { $round } je podijeljena; otvara: { $name }.
# not from the sheet
replay-returned = Vraćeno: { $name } → { $receiver }: { $cards }
# not from the sheet
replay-link = Poveznica na ovaj potez
# not from the sheet
replay-in-play = Runda koja se još igra nije prikazana.
# not from the sheet
replay-hands = Ruke
# not from the sheet
replay-trick = Na stolu
# not from the sheet
replay-none = Nema igre s tom oznakom.
# not from the sheet
replay-unavailable = Zapis se sada ne može pročitati: pokušajte ponovno za trenutak.
# not from the sheet
table-port-taken = Port { $port } je zauzet: odaberite drugi s --port.
# not from the sheet
replay-audit-link = Prođite kroz nju korak po korak u pregledniku (`president web`): { $url }
# not from the sheet
table-refused-BUSY = Poslužitelj je zauzet i trenutačno ne prima novu partiju.
# not from the sheet
table-refused-TOO_MANY_GAMES = Već imate najviše partija u tijeku koliko jedan igrač smije (najviše { $max }): najprije završite jednu.
# not from the sheet
table-refused-TOO_MANY_TABLES = Već imate najviše stolova koji čekaju početak koliko jedan igrač smije (najviše { $max }).
# not from the sheet
table-refused-OVER_LIMIT = { $field ->
    [ai] Previše AI igrača: partija otvorena ovdje smije ih imati najviše { $max }.
   *[rounds] Previše krugova: partija otvorena ovdje smije ih imati najviše { $max }.
}
# not from the sheet
table-refused-RATE_LIMITED = Previše zahtjeva u kratkom vremenu.
# not from the sheet
table-refused-login_required = Najprije se prijavite na platformu.
# not from the sheet
table-refused-bad_login = Prijava nije prihvaćena (istekla je ili nije valjana): prijavite se ponovno.
# not from the sheet
table-refused-bad_request = Postavke partije nisu prihvaćene: provjerite ih i pokušajte ponovno.
# not from the sheet
table-refused-bad_json = Zahtjev se ne može pročitati: ponovno učitajte stranicu i pokušajte opet.
# not from the sheet
table-refused-not_json = Zahtjev je poslan u obliku koji poslužitelj ne prima: ponovno učitajte stranicu.
# not from the sheet
table-refused-bad_origin = Zahtjev je došao s druge stranice i odbijen je: otvorite stol s njegove adrese.
# not from the sheet
table-refused-too_deep = Zahtjev je preduboko ugniježđen da bi se pročitao.
# not from the sheet
table-refused-too_large = Zahtjev je prevelik da bi se pročitao.
# not from the sheet
table-refused-duplicate_key = Zahtjev dvaput navodi istu postavku.
# not from the sheet
table-refused-bad_pass = Propusnica ovog mjesta nije valjana.
# not from the sheet
table-refused-unavailable = Poslužitelj trenutačno ne odgovara: pokušajte ponovno za trenutak.
# not from the sheet
table-retry-after = Pokušajte ponovno za { $seconds } s.
# not from the sheet
table-start-failed = Stranica se nije mogla pokrenuti: ponovno je učitajte da biste pokušali opet.
