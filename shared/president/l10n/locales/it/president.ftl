# President: italiano (Italian). The rules' words come from the Italian sheet
# (../shared/seeds/001_b03996f5080728a3.txt); docs/l10n/it.md gives each term's line.
# A message marked "not from the sheet" is a careful translation of words no sheet names.

## Terms: the sheet's words

-game-name = Presidente
-president = Presidente
-vice-president = Vicepresidente
# not from the sheet
-neutral = Neutrale
-vice-asshole = Vice-stronzo
-asshole = Stronzo
-pass = passa
-revolution = rivoluzione
-round = mano
-series = serie
-trick = presa
-four-of-a-kind = poker
-runs = scale
-hand = mano
-order-normal = normale
-order-reversed = invertito

## Titles (ids on the wire)

title-president = { -president }
title-vice_president = { -vice-president }
title-neutral = { -neutral }
title-vice_asshole = { -vice-asshole }
title-asshole = { -asshole }
to-title = { $title ->
        [president] al { -president }
        [vice_president] al { -vice-president }
        [vice_asshole] al { -vice-asshole }
        [neutral] al { -neutral }
       *[asshole] allo { -asshole }
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
suit-C = fiori
# not from the sheet
suit-D = quadri
# not from the sheet
suit-H = cuori
# not from the sheet
suit-S = picche

## AI levels (the sheet's lines 52-54)

ai-easy = Facile
ai-easy-desc = Facile gioca la combinazione legale più bassa.
ai-medium = Normale
ai-medium-desc = Normale conserva i 2 e i poker per riprendere la mano ed evita di rompere inutilmente coppie/tris.
ai-hard = Difficile
ai-hard-desc = Difficile stima le quantità rimanenti per rango a partire dalle carte pubbliche e pianifica l'uscita della propria mano.
# not from the sheet
ai-random = Casuale
# not from the sheet
ai-player = IA { $seat } ({ $level })

## Rejections

# not from the sheet
reject-generic = Rifiutato ({ $code }).
# not from the sheet
reject-BAD_ACTION = L'azione non è ben formata.
# not from the sheet
reject-WRONG_PHASE = Non ora.
    .with-phase = Non ora: { $phase ->
        [deal] si stanno distribuendo le carte.
        [exchange] è in corso lo scambio.
        [play] si stanno giocando le carte.
       *[game_over] la partita è finita.
    }
# not from the sheet
reject-NOT_YOUR_TURN = Non è il tuo turno.
    .with-to_act = Non è il tuo turno: tocca al posto { $to_act }.
    .with-seat = Il posto { $seat } non deve restituire carte.
# not from the sheet
reject-UNKNOWN_CARD = Non è una carta.
    .with-card = «{ $card }» non è una carta.
# not from the sheet
reject-DUPLICATE_CARD = La stessa carta compare due volte.
    .with-card = { $card } compare due volte.
# not from the sheet
reject-EMPTY_PLAY = Una posa richiede almeno una carta.
# not from the sheet
reject-TOO_MANY_CARDS = Una posa ha al massimo quattro carte.
# not from the sheet
reject-CARD_NOT_IN_HAND = Non hai questa carta.
    .with-cards = Non hai { $cards }.
reject-MIXED_RANKS = Le carte di una posa devono avere lo stesso rango.
# not from the sheet
reject-LEADER_CANNOT_PASS = Chi apre la { -trick } deve giocare.
reject-WRONG_COUNT = La quantità deve essere uguale a quella della posa attiva.
    .with-count = { $count ->
        [one] Gioca esattamente { $count } carta.
        [many] Gioca esattamente { $count } di carte.
       *[other] Gioca esattamente { $count } carte.
    }
reject-NOT_HIGHER = Il rango deve essere strettamente superiore; il pareggio non è consentito.
    .with-rank = Il rango deve essere strettamente superiore a { $rank }; il pareggio non è consentito.
# not from the sheet
reject-MALFORMED = Il messaggio non è ben formato.
# not from the sheet
reject-MESSAGE_TOO_LARGE = Il messaggio è troppo grande.
    .with-max_bytes = Il messaggio supera { $max_bytes } byte.
# not from the sheet
reject-RATE_LIMITED = Troppi comandi: rallenta e invia di nuovo.
# not from the sheet
reject-TOO_MANY_TABLES = Hai troppi tavoli aperti.
    .with-max = Hai già il massimo di tavoli aperti: { $max }.
# not from the sheet
reject-UNKNOWN_TABLE = Questo tavolo non esiste.
    .with-table_id = Il tavolo { $table_id } non esiste.
# not from the sheet
reject-UNKNOWN_SEAT = Questo posto non esiste.
    .with-seat = Il posto { $seat } non esiste.
# not from the sheet
reject-SEAT_TAKEN = Il posto è occupato.
    .with-seat = Il posto { $seat } è occupato.
# not from the sheet
reject-TABLE_FULL = Il tavolo è al completo.
# not from the sheet
reject-TABLE_EXISTS = Questo tavolo esiste già.
# not from the sheet
reject-INVALID_OPTIONS = Le opzioni del tavolo non sono valide.
# not from the sheet
reject-BAD_TOKEN = Il token del posto non è valido.
# not from the sheet
reject-COMMAND_ID_REUSED = Questo identificativo di comando è già stato usato.
# not from the sheet
reject-STALE_VERSION = Il tavolo è cambiato nel frattempo: guarda di nuovo.
    .with-current-expected = Versione attesa { $expected }, il tavolo è alla { $current }.
# not from the sheet
reject-GAME_ALREADY_STARTED = La partita è già iniziata.
reject-TABLE_CLOSED = Questo tavolo è stato chiuso prima che la partita iniziasse.
# not from the sheet
reject-GAME_NOT_STARTED = La partita non è ancora iniziata.
# not from the sheet
reject-NOT_ENOUGH_PLAYERS = Giocatori insufficienti.
    .with-free = { $free ->
        [one] Giocatori insufficienti: { $free } posto è libero.
        [many] Giocatori insufficienti: { $free } di posti sono liberi.
       *[other] Giocatori insufficienti: { $free } posti sono liberi.
    }
# not from the sheet
reject-INTERNAL_ERROR = Errore del server: invia di nuovo lo stesso comando.
# not from the sheet
reject-TURN_TIMED_OUT = Troppo tardi: il tempo è scaduto e ha giocato il livello sostitutivo.
# not from the sheet
reject-FORBIDDEN = Non puoi inviare questo comando.
# not from the sheet
reject-SEAT_LEFT = Questo posto ha lasciato il tavolo.
    .with-seat = Il posto { $seat } ha lasciato il tavolo.

## Events

# not from the sheet
event-GameCreated = Partita { $table }: { $players ->
        [one] { $players } giocatore
        [many] { $players } di giocatori
       *[other] { $players } giocatori
    }, { $rounds ->
        [one] { $rounds } mano
        [many] { $rounds } di mani
       *[other] { $rounds } mani
    }, { -revolution } { $revolution ->
        [on] attivata
       *[off] disattivata
    } ({ $rules })
# not from the sheet
event-DealCommitted = Mano { $round }: distribuzione sigillata ({ $commitment }...), inizia { $leader }
# not from the sheet
event-RoundDealt = carte distribuite: { $sizes }
# not from the sheet
event-ExchangeStarted = scambio: le carte cambiano di mano
# not from the sheet
event-CardsGiven = scambio: { $giver } dà automaticamente { $count ->
        [one] { $count } carta
        [many] { $count } di carte
       *[other] { $count } carte
    } { to-title } ({ $receiver })
# not from the sheet
event-CardsReturned = scambio: { $giver } restituisce { $count ->
        [one] { $count } carta
        [many] { $count } di carte
       *[other] { $count } carte
    } { to-title } ({ $receiver })
# not from the sheet
event-PlayStarted = inizia { $leader }
event-CardsPlayed = { $name } { $cards }
event-Passed = { $name } { -pass }
# not from the sheet
event-OrderReversed = { $reversed ->
        [yes] RIVOLUZIONE ({ $name }): il 2 diventa la carta più bassa e il 3 la più alta
       *[no] RIVOLUZIONE ({ $name }): di nuovo l'ordine normale
    }
# not from the sheet
event-PlayerFinished = { $name } esce: { $place }° posto ({ $title ->
        [president] { -president }
        [vice_president] { -vice-president }
        [neutral] { -neutral }
        [vice_asshole] { -vice-asshole }
       *[asshole] { -asshole }
    })
event-TrickEnded = { $name } vince la { -trick }
# not from the sheet
event-RoundEnded = Classifica della mano { $round }:
# not from the sheet
event-SeedRevealed = seed rivelato per la mano { $round }: { $seed }...
# not from the sheet
event-GameEnded = Fine partita dopo { $rounds ->
        [one] { $rounds } mano
        [many] { $rounds } di mani
       *[other] { $rounds } mani
    }: { $scores }
# not from the sheet
event-TurnDeadlineSet = tocca a { $name }, entro { $seconds } s
# not from the sheet
event-TurnTimedOut = { $name } ha esaurito il tempo: gioca il livello sostitutivo
# not from the sheet
event-SeatAway = { $reason ->
        [timeouts] { $name } è assente (dopo più tempi scaduti): d'ora in poi si gioca subito
       *[asked] { $name } è assente (su richiesta): d'ora in poi si gioca subito
    }
# not from the sheet
event-SeatBack = { $name }: di nuovo al tavolo
# not from the sheet
event-SeatLeft = { $name } ha lasciato il tavolo: gioca il livello sostitutivo
# not from the sheet
round-over = (fine della mano)
round-place = { $place }. { $name } { $title } +{ $points }
cumulative-score = punteggio cumulato: { $scores }
score = { $name } { $score }
seat-entry = { $seat }: { $name }
# not from the sheet
seat-name = posto { $seat }

## `president play`

# not from the sheet
play-starting = Avvio di PostgreSQL, NATS, relay e servizi ...
# not from the sheet
play-table = Tavolo { $table }: sei al posto { $seat }; IA: { $ais }
# not from the sheet
play-table-name = Tavolo di { $name }
# not from the sheet
play-ai-seat = posto { $seat } { $level }
# not from the sheet
play-turn = { $reversed ->
        [yes] == Mano { $round }, tocca a te ({ $name }), ordine INVERTITO ==
       *[no] == Mano { $round }, tocca a te ({ $name }), ordine normale ==
    }
# not from the sheet
play-return = Scambio: restituisci { $count ->
        [one] { $count } carta
        [many] { $count } di carte
       *[other] { $count } carte
    } a { $name }, a tua scelta
# not from the sheet
play-to-beat = Da battere: { $cards } di { $name }
play-lead = Apri tu: posa una combinazione da 1 a 4 carte dello stesso rango
# not from the sheet
play-cards-left = Carte rimaste: { $sizes }
# not from the sheet
play-hand = La tua mano: { $cards }
# not from the sheet
play-action-play = gioca { $cards }
# not from the sheet
play-action-return = restituisci { $cards }
play-action-pass = { -pass }
# not from the sheet
play-ask = La tua scelta (numero, carte come '6C 6D', oppure '{ -pass }'):
# not from the sheet
play-not-legal = non è una delle { $count } azioni legali: { $answer }
# not from the sheet
play-input-closed = (input chiuso)
# not from the sheet
play-rejected = rifiutato dal server: { $reason }
# not from the sheet
play-took-over = { $reason ->
        [timed_out] (tempo scaduto: ha giocato per te il livello sostitutivo)
        [taken_over] (sostituito: ha giocato per te il livello sostitutivo)
       *[phase_changed] (il turno è finito: la mano o la partita è terminata)
    }
# not from the sheet
play-clock = [orologio] ancora { $left } s (fino alle { $until } UTC)
# not from the sheet
play-clock-mark = [orologio] ancora { $left } s
# not from the sheet
play-done = { $finished ->
        [yes] Partita finita dopo i tuoi turni: { $actions }.
       *[no] Partita lasciata dopo i tuoi turni: { $actions }.
    }
# not from the sheet
play-default-name = Tu
# not from the sheet
stack-failed = un servizio non è partito: { $error }
# not from the sheet
demo-rebuilt = Ricostruito dal log di Postgres: eventi rigiocati dalle regole: { $events }; { $match ->
        [yes] corrisponde a quanto riportato dai servizi.
       *[no] NON CORRISPONDE:
    }
# not from the sheet
demo-audit = Verifica (catena di hash, impegni del seed, replay): { $ok ->
        [yes] ok
       *[no] FALLITA
    }
# not from the sheet
demo-bundle = File di verifica scritto in { $path } (per controllarlo: { $command } ...)
# not from the sheet
demo-clocks = Orologi: tempi scaduti { $timeouts }, mosse sostitutive { $takeovers }, attesa più lunga oltre la scadenza { $lag } ms.
# not from the sheet
demo-played = Tavolo { $table } giocato in { $seconds } s.
# not from the sheet
demo-servers = server: { $database }  { $nats }; log in { $path }
# not from the sheet
demo-stalled = la partita si è fermata: nessun evento da un po' (vedi i log dei servizi)
# not from the sheet
web-starting = Avvio di PostgreSQL, NATS, relay, servizi e pagina web ...
# not from the sheet
web-logs = log in { $path }
# not from the sheet
web-open = Apri { $url } in un browser (pronto in { $seconds } s); Ctrl-C ferma tutto.
# not from the sheet
web-external-nats = president web usa il NATS integrato (il suo listener WebSocket e l'auth callout); con un NATS configurato esegui { $command } (docs/settings.md)
# not from the sheet
tournament-header = partite: { $games } (distribuzioni: { $deals } × rotazioni: { $rotations }), giocatori: { $players }, mani per partita: { $rounds }, seed { $seed }, { $seconds } s; neutrale: { $neutral } punti per mano
# not from the sheet
tournament-level = livello
# not from the sheet
tournament-points = punti/mano
# not from the sheet
tournament-ci = IC 95%
# not from the sheet
tournament-first = primo
# not from the sheet
tournament-last = ultimo
# not from the sheet
tournament-p50 = p50 ms
# not from the sheet
tournament-p95 = p95 ms
# not from the sheet
tournament-order = ordine, dal punteggio più basso: { $order }
# not from the sheet
tournament-gap = { $higher } - { $lower }: { $difference } punti per mano [{ $low }, { $high }], distribuzioni appaiate: { $deals } ({ $higher } { $ahead ->
        [yes] è avanti
       *[no] non risulta avanti
    })

## The audit's account

# not from the sheet
audit-title = Verifica del tavolo { $table }
# not from the sheet
audit-header = Verifica del tavolo { $table } (flusso { $stream })
# not from the sheet
audit-events = { $events ->
        [one] { $events } evento, testa della catena { $head }
        [many] { $events } di eventi, testa della catena { $head }
       *[other] { $events } eventi, testa della catena { $head }
    }
# not from the sheet
audit-rules = regole { $rules }; opzioni { $options }
# not from the sheet
audit-unknown = sconosciute
# not from the sheet
audit-unreadable = illeggibili
# not from the sheet
audit-option = { $option ->
        [players] giocatori: { $value }
        [rounds] mani: { $value }
        [revolution] { -revolution } { $value ->
            [yes] attivata
           *[no] disattivata
        }
        [round_leader] le mani successive le apre { $value ->
            [president] il { -president }
            [first_seat] il primo posto
           *[asshole] lo { -asshole }
        }
       *[other] { $option }={ $value }
    }
# not from the sheet
audit-seats = posti: { $seats }
# not from the sheet
audit-seat-human = { $seat }: persona
audit-seat-ai = { $seat }: IA { $level }
# not from the sheet
audit-round = Mano { $round } (versioni { $first }-{ $last }), inizia il posto { $leader }
# not from the sheet
audit-dealt = distribuite al posto { $seat }: { $cards }
# not from the sheet
audit-card-count = { $count ->
        [one] { $count } carta
        [many] { $count } di carte
       *[other] { $count } carte
    }
# not from the sheet
audit-exchange = scambio (v{ $version }): il posto { $giver } { $kind ->
        [gave] ha dato
       *[returned] ha restituito
    } al posto { $receiver } { $cards }
# not from the sheet
audit-takeover = [sostituzione: { $reason ->
        [timed_out] tempo scaduto
        [away] assente
        [left] uscito
       *[other] { $reason }
    }]
# not from the sheet
audit-by = [da { $sender }]
# not from the sheet
audit-revolution = { -revolution } (v{ $version }): poker del posto { $seat }, ordine ora { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
audit-out = uscito (v{ $version }): posto { $seat }, { $place }° posto, { $title }
# not from the sheet
audit-points = punti: { $values }
# not from the sheet
audit-titles = titoli: { $values }
audit-scores = punteggio: { $values }
# not from the sheet
audit-seat-value = posto { $seat } { $value }
# not from the sheet
audit-in-progress = (mano in corso)
# not from the sheet
audit-problem-at = PROBLEMA alla versione { $version }: { $problem }
# The audit's problems (president.audit: Problem.key); the JSON keeps them in English.
# not from the sheet
problem-bundle-empty = il file è vuoto
# not from the sheet
problem-bundle-no-header = il file non inizia con la sua riga di intestazione
# not from the sheet
problem-bundle-after-head = la riga { $line } viene dopo la testa della catena
# not from the sheet
problem-bundle-not-event = la riga { $line } non è né un evento né la testa
# not from the sheet
problem-bundle-not-json = la riga { $line } non è JSON valido
# not from the sheet
problem-bundle-not-object = la riga { $line } non è un oggetto JSON
# not from the sheet
problem-bundle-format = formato di file sconosciuto (questo revisore legge { $expected })
# not from the sheet
problem-bundle-rules-version = il file è di un'altra versione delle regole; questo revisore conosce { $known }
# not from the sheet
problem-bundle-bad-event = la riga { $line } non è un evento valido
# not from the sheet
problem-bundle-truncated = il file è troncato: finisce dopo la versione { $after } senza la riga della testa della catena
# not from the sheet
problem-bundle-head-not-last = la riga della testa della catena non è l'ultimo evento: mancano eventi o ne sono stati aggiunti alla fine
# not from the sheet
problem-bundle-count = l'intestazione annuncia un numero di eventi diverso da quello del file (leggibili: { $held })
# not from the sheet
problem-bundle-unauditable = il file non ha potuto essere verificato
# not from the sheet
problem-file-unreadable = il file non si può leggere
# not from the sheet
problem-clock-deadline-differs = il tempo scaduto del posto { $seat } indica una scadenza diversa da quella registrata
# not from the sheet
problem-clock-early = il tempo scaduto del posto { $seat } è registrato { $early } ms prima della scadenza
# not from the sheet
problem-clock-wrong-seat = una sostituzione per il posto { $seat } ha registrato una mossa del posto { $other }
# not from the sheet
problem-clock-unjustified = una mossa di sostituzione per il posto { $seat } senza prima un tempo scaduto, un'uscita o un'assenza
# not from the sheet
problem-deal-never-dealt = il seed della mano { $round } è stato rivelato, ma la mano non è mai stata distribuita
# not from the sheet
problem-deal-no-commit = la mano { $round } è stata distribuita senza un impegno prima
# not from the sheet
problem-deal-commit-late = l'impegno della mano { $round } viene dopo la distribuzione
# not from the sheet
problem-deal-leader = mano { $round }: secondo l'impegno apre il posto { $committed }, secondo la distribuzione il posto { $dealt }
# not from the sheet
problem-deal-never-revealed = la mano { $round } è finita ma il suo seed non è mai stato rivelato
# not from the sheet
problem-deal-revealed-early = il seed della mano { $round } è stato rivelato prima della fine della mano
# not from the sheet
problem-deal-reveal-mismatch = mano { $round }: il seed rivelato non corrisponde all'impegno della versione { $at }
# not from the sheet
problem-deal-recorded-mismatch = mano { $round }: il seed registrato non corrisponde al suo impegno
# not from the sheet
problem-deal-reveal-differs = mano { $round }: il seed rivelato è diverso da quello registrato alla versione { $at }
# not from the sheet
problem-deal-hands = mano { $round }: le mani distribuite non derivano dal seed (la prima diversa è quella del posto { $seat })
# not from the sheet
problem-game-empty = il flusso non contiene eventi
# not from the sheet
problem-game-first = il flusso non inizia con la creazione della partita
# not from the sheet
problem-game-unreadable = un evento non si può leggere
# not from the sheet
problem-game-second-created = la partita è creata una seconda volta nel flusso
# not from the sheet
problem-game-unknown-type = tipo di evento sconosciuto
# not from the sheet
problem-game-table = la creazione della partita nomina un altro tavolo
# not from the sheet
problem-game-rules-version = versione delle regole sconosciuta (questo revisore conosce { $known })
# not from the sheet
problem-game-contract = la creazione della partita non rispetta il contratto
# not from the sheet
problem-game-options = le opzioni della partita non sono valide
# not from the sheet
problem-game-second-commit = un secondo impegno per la mano { $round } (il primo alla versione { $at })
# not from the sheet
problem-game-second-reveal = il seed della mano { $round } è stato rivelato due volte (la prima alla versione { $at })
# not from the sheet
problem-foreign-events = { $count ->
        [one] { $count } evento non appartiene
        [many] { $count } di eventi non appartengono
       *[other] { $count } eventi non appartengono
    } al flusso di questa partita
# not from the sheet
problem-chain = catena di hash: { $kind ->
        [missing] manca una versione
        [broken_link] il legame con l'evento precedente è rotto
        [out_of_order] le posizioni non sono in ordine
       *[edited] il contenuto non corrisponde al suo hash
    }
# not from the sheet
problem-rules-early = regole: il flusso si ferma troppo presto
# not from the sheet
problem-rules-illegal = regole: una decisione illegale: { $code }
# not from the sheet
problem-rules-differs = regole: l'evento registrato non è quello che danno le regole
# not from the sheet
problem-rules-crash = regole: l'evento non si può rigiocare
# not from the sheet
audit-timed-out = tempo scaduto (v{ $version }): posto { $seat }{ $by }, scadenza { $deadline }; ha giocato il livello sostitutivo
# not from the sheet
audit-timed-out-lag = tempo scaduto (v{ $version }): posto { $seat }{ $by }, scadenza { $deadline }, registrato { $lag } ms dopo; ha giocato il livello sostitutivo
# not from the sheet
audit-away = assente (v{ $version }): posto { $seat }{ $by } ({ $reason ->
        [timeouts] dopo più tempi scaduti
        [asked] su richiesta
       *[other] { $reason }
    }): gioca subito il livello sostitutivo
# not from the sheet
audit-back = tornato (v{ $version }): posto { $seat }{ $by }
# not from the sheet
audit-left = uscito (v{ $version }): posto { $seat }{ $by } ({ $name }): gioca per sempre il livello sostitutivo
# not from the sheet
audit-no-name = senza nome
# not from the sheet
audit-deal-none = distribuzione: nessuna registrazione
# not from the sheet
audit-deal-commitment = distribuzione: impegno { $commitment } (v{ $version })
# not from the sheet
audit-deal-no-commitment = distribuzione: NESSUN impegno
# not from the sheet
audit-seed = seed { $seed } rivelato alla v{ $version }: { $status ->
        [yes] corrisponde all'impegno
        [no] NON corrisponde all'impegno
       *[unknown] non verificato
    }
# not from the sheet
audit-seed-hidden = seed non ancora rivelato
# not from the sheet
audit-hands = le mani distribuite { $status ->
        [yes] derivano dal seed
        [no] NON derivano dal seed
       *[unknown] non sono verificate
    }
audit-move-cards = { $seat }: { $cards }
audit-move-pass = { $seat }: { -pass }
# not from the sheet
audit-move-order = [ordine { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }]
# not from the sheet
audit-move-out = [uscito, { $place }° posto]
audit-trick = { -trick } { $number }: { $moves } -> { $end }
# not from the sheet
audit-trick-won = vinta dal posto { $winner }, rilancia il posto { $leader }
# not from the sheet
audit-trick-open = rimasta aperta
# not from the sheet
audit-round-missing = La mano { $round } non è nella registrazione.
# not from the sheet
audit-final = Fine partita, punteggio finale: { $scores }
# not from the sheet
audit-ok = Verdetto: OK. Catena di hash intatta (eventi: { $events }); impegni del seed verificati: { $commitments }; distribuzioni verificate: { $deals }; eventi di gioco rigiocati senza errori: { $replayed }.
# not from the sheet
audit-failed = Verdetto: FALLITO, { $count ->
        [one] { $count } problema:
        [many] { $count } di problemi:
       *[other] { $count } problemi:
    }
# not from the sheet
audit-waiting-seats = { $count ->
        [one] il posto { $seats }
        [many] i posti { $seats }
       *[other] i posti { $seats }
    }
# not from the sheet
audit-waiting-engine = il motore (la prossima distribuzione)
# not from the sheet
audit-in-progress-stalled = (mano in corso, ferma dal { $since }: si attende { $who })
# not from the sheet
audit-stalled = Verdetto: ferma dal { $since }: si attende { $who }, consentito fino al { $limit }. Catena di hash intatta (eventi: { $events }); impegni del seed verificati: { $commitments }; distribuzioni verificate: { $deals }; eventi di gioco rigiocati senza errori: { $replayed }.
# not from the sheet
html-verdict-stalled = Verdetto: ferma dal { $since }.
# not from the sheet
html-stalled-text = La partita attende { $who }, consentito fino al { $limit }.
# not from the sheet
audit-where-file = file
# not from the sheet
audit-where-version = versione { $version }
# not from the sheet
html-summary = Flusso { $stream }, eventi registrati: { $events }; regole { $rules }; { $players ->
        [one] { $players } giocatore
        [many] { $players } di giocatori
       *[other] { $players } giocatori
    }, { $rounds ->
        [one] { $rounds } mano
        [many] { $rounds } di mani
       *[other] { $rounds } mani
    }, { -revolution } { $revolution ->
        [on] attivata
       *[off] disattivata
    }, le mani successive le apre { $leader ->
        [president] il { -president }
        [first_seat] il primo posto
       *[asshole] lo { -asshole }
    }.
# not from the sheet
html-chain-head = Testa della catena:
# not from the sheet
html-verdict-ok = Verdetto: tutto torna.
# not from the sheet
html-verdict-ok-text = La catena di hash è intatta (eventi: { $events }). Impegni del seed verificati: { $commitments }; distribuzioni verificate: { $deals }; eventi di gioco rigiocati esattamente secondo le regole: { $replayed }.
# not from the sheet
html-verdict-bad = Verdetto: la registrazione NON torna.
# not from the sheet
html-problems = { $count ->
        [one] { $count } problema trovato:
        [many] { $count } di problemi trovati:
       *[other] { $count } problemi trovati:
    }
# not from the sheet
html-where-file = il file
# not from the sheet
html-where-event = evento { $version }
# not from the sheet
html-checked = Che cosa è stato verificato
# not from the sheet
html-checked-chain = Catena di hash: ogni evento porta un'impronta (SHA-256) del suo contenuto e dell'evento precedente; un evento modificato, rimosso, inserito o spostato la spezza.
# not from the sheet
html-checked-deals = Distribuzioni eque: prima di ogni mano il server ha pubblicato un impegno (l'impronta del seed segreto); dopo la mano ha rivelato il seed. Il seed deve corrispondere all'impegno e mescolare con esso deve dare esattamente le mani distribuite.
# not from the sheet
html-checked-rules = Regole: ogni posa, passaggio e scambio è stato rigiocato secondo le regole; ciascuno doveva essere legale per quel giocatore in quel momento, e ogni conseguenza (prese, rivoluzioni, uscite, titoli, punti, scambi) doveva essere quella data dalle regole.
# not from the sheet
html-checked-clocks = Orologi: ogni tempo scaduto è stato registrato non prima della sua scadenza, e ogni mossa del livello sostitutivo seguiva un tempo scaduto, un'uscita o un'assenza del posto.
# not from the sheet
html-round = Mano { $round }
# not from the sheet
html-round-span = Eventi { $first }–{ $last }. Inizia il posto { $leader }.
# not from the sheet
html-round-problems = Problemi in questa mano:
# not from the sheet
html-deal = Distribuzione
# not from the sheet
html-no-commitment = Nessun impegno del seed è stato registrato prima di questa distribuzione.
# not from the sheet
html-commitment = Impegno (evento { $version }):
# not from the sheet
html-seed = Seed rivelato (evento { $version }):
# not from the sheet
html-seed-ok = Il seed corrisponde all'impegno.
# not from the sheet
html-seed-bad = Il seed NON corrisponde.
# not from the sheet
html-seed-hidden = Il seed non è ancora rivelato (la mano non è finita).
# not from the sheet
html-hands-ok = Le mani derivano dal seed.
# not from the sheet
html-hands-bad = Le mani NON derivano dal seed.
# not from the sheet
html-uncheckable = Non verificabile.
# not from the sheet
html-hands = Mani distribuite
# not from the sheet
html-seat = Posto { $seat }
# not from the sheet
html-exchange = Scambio
# not from the sheet
html-exchange-row = Il posto { $giver } { $kind ->
        [gave] ha dato (automaticamente)
       *[returned] ha restituito
    } al posto { $receiver }
# not from the sheet
html-by = da { $sender }
# not from the sheet
html-tricks = Prese
# not from the sheet
html-plays = Pose e passaggi
# not from the sheet
html-result = Esito
html-passes = Il posto { $seat } { -pass }
# not from the sheet
html-flip = { -revolution }: ordine ora { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
html-out = uscito, { $place }° posto
# not from the sheet
html-takeover = sostituzione ({ $reason ->
        [timed_out] tempo scaduto
        [away] assente
        [left] uscito
       *[other] { $reason }
    })
# not from the sheet
html-trick-won = vinta dal posto { $winner }; rilancia il posto { $leader }
# not from the sheet
html-trick-open = rimasta aperta alla fine della mano
# not from the sheet
html-clock = Orologio e presenza
# not from the sheet
html-went-out = Chi è uscito
html-went-out-row = Posto { $seat }: { $title }
html-points = Punti
# not from the sheet
html-title = Titolo
html-score = Punteggio
# not from the sheet
html-in-progress = Questa mano è ancora in corso.
# not from the sheet
html-final = Punteggio finale

## `president web`: the browser table (services/web/static)

# not from the sheet
web-title = Presidente
# not from the sheet
web-language = Lingua
# not from the sheet
web-lobby-heading = Un nuovo tavolo
# not from the sheet
web-your-name = Il tuo nome
# not from the sheet
web-players = Giocatori
# not from the sheet
web-rounds = Mani
# not from the sheet
web-ai-level = Livello dell'IA degli altri posti
# not from the sheet
web-turn-seconds = Secondi per turno (0: senza orologio)
# not from the sheet
web-revolution = Rivoluzione (un poker inverte l'ordine)
# not from the sheet
web-create = Crea il tavolo e gioca
# not from the sheet
web-trick-heading = Sul tavolo
# not from the sheet
web-exchange-heading = Scambio
# not from the sheet
web-hand-heading = La tua mano
# not from the sheet
web-pass = Passo
# not from the sheet
web-back = Eccomi di nuovo
# not from the sheet
web-keys = Tasti: Tab o frecce tra le carte, Spazio sceglie una carta, P gioca, S passa, H va alla mano.
# not from the sheet
web-results-heading = Risultati
# not from the sheet
web-new-game = Un nuovo tavolo
# not from the sheet
web-log-heading = Giocate
# not from the sheet
web-debug-heading = Per gli integratori
# not from the sheet
web-debug-resend = Invia di nuovo l'ultimo comando
# not from the sheet
web-debug-events = Messaggi grezzi (soggetto, versione)
# not from the sheet
web-debug-view = Ultima vista
# not from the sheet
web-suit-letter-C = F
# not from the sheet
web-suit-letter-D = Q
# not from the sheet
web-suit-letter-H = C
# not from the sheet
web-suit-letter-S = P
# not from the sheet
web-card = { $rank } di { $suit }
# not from the sheet
web-your-turn = Tocca a te.
# not from the sheet
web-your-return = Tocca a te: restituisci le carte.
# not from the sheet
web-game-over = Partita finita.
# not from the sheet
web-round-over = La mano { $round } è finita.
# not from the sheet
web-not-sent = Non ancora inviato: partirà appena torna la connessione.
# not from the sheet
web-failed = Non ha funzionato.
# not from the sheet
web-table-heading = Tavolo { $table }, mano { $round } di { $rounds }
# not from the sheet
web-seat-score = Punti { $score }
# not from the sheet
web-to-act = di turno
# not from the sheet
web-out = fuori
# not from the sheet
web-trick-empty = Vuoto: apre { $name }.
# not from the sheet
web-reversed = (ordine invertito)
# not from the sheet
web-play = Gioca
# not from the sheet
web-return = Restituisci
# not from the sheet
web-exchange-wait = Lo scambio è in corso.
# not from the sheet
web-transfer = { $giver } → { $receiver }: { $cards }
# not from the sheet
web-round-column = Mano
# not from the sheet
web-result-cell = { $title } +{ $points }
# not from the sheet
web-total = Punti
# not from the sheet
web-final = Partita finita: primo posto a { $name }.
# not from the sheet
web-log-entry = { $round }: { $move }
# not from the sheet
web-clock = { $seconds } s rimasti
# not from the sheet
web-status-connecting = Connessione…
# not from the sheet
web-status-connected = Connesso
# not from the sheet
web-status-reconnecting = Connessione persa: riconnessione…
# not from the sheet
web-seat-cards = { $count ->
        [one] una carta
        [many] { $count } di carte
       *[other] { $count } carte
    }
# not from the sheet
web-owe-return = { $count ->
        [one] Restituisci a { $name } una carta a tua scelta.
        [many] Restituisci a { $name } { $count } di carte a tua scelta.
       *[other] Restituisci a { $name } { $count } carte a tua scelta.
    }

## Browser table

# not from the sheet
table-heading = Mano { $round } di { $rounds }
# not from the sheet
table-pace = Ritmo
# not from the sheet
table-pace-instant = Immediato
# not from the sheet
table-pace-seconds = { $seconds } s per mossa
# not from the sheet
table-you = { $name } (tu)
# not from the sheet
table-passed = { -pass }
# not from the sheet
table-leads = Apre: { $name }.
# not from the sheet
table-waiting = In attesa di { $name }.
# not from the sheet
table-read-summary = Leggi il riepilogo della mano, poi premi «{ table-continue }».
# not from the sheet
table-pick = Scegli le carte da giocare, poi premi «{ web-play }».
# not from the sheet
table-pick-or-pass = Scegli le carte da giocare, poi premi «{ web-play }», oppure «{ web-pass }».
# not from the sheet
table-sending = Invio in corso…
# not from the sheet
table-clock-mine = { $seconds } s per la tua mossa
# not from the sheet
table-seat-clock = { $seconds } s
# not from the sheet
table-away-seat = assente
# not from the sheet
table-away = Il tuo posto risulta assente: l'IA sostitutiva gioca per te finché non premi «{ web-back }».
# not from the sheet
table-timeout-warning = Il tempo è scaduto e l'IA sostitutiva ha giocato per te. Scadenze di fila rimaste prima che il tuo posto venga giocato per te fino al rientro: { $left }.
# not from the sheet
table-clock-rules = Con un orologio di { $seconds } s per turno: quando il tempo scade, l'IA sostitutiva ({ $level }) gioca quel turno per te. Dopo { $after } scadenze di fila il tuo posto risulta assente: viene giocato subito finché non premi «{ web-back }».
# not from the sheet
table-last-trick = Ultima { -trick }
# not from the sheet
table-finish-order = Ordine di uscita
# not from the sheet
table-finish-row = { $name }: { $title }, +{ $points } (punteggio { $score })
# not from the sheet
table-gave-cards = Ceduto: { $giver } → { $receiver }: { $cards }
# not from the sheet
table-returned-cards = Restituito: { $giver } → { $receiver }: { $cards }
# not from the sheet
table-continue = Mano successiva
# not from the sheet
table-winner = Vittoria della partita: { $name }, con { $points } punti.
# not from the sheet
table-winners-tie = Pari merito al primo posto con { $points } punti: { $names }.
# not from the sheet
table-replay-link = Ripercorri passo passo la registrazione di questa partita
# not from the sheet
table-my-games = I tuoi tavoli
# not from the sheet
table-my-game = Giocatori: { $players } · mani: { $rounds } · { $others }
# not from the sheet
table-rejoin = Torna al tavolo
# not from the sheet
replay-title = Registrazione di una partita
# not from the sheet
replay-heading = Registrazione: { $names }
# not from the sheet
replay-loading = Lettura della registrazione…
# not from the sheet
replay-verdict-ok = La registrazione torna: la catena di hash è intatta, ogni distribuzione segue dal seed impegnato e ogni mossa era legale.
# not from the sheet
replay-verdict-failed = La registrazione NON torna. Cosa ha trovato la verifica:
# not from the sheet
replay-checked = Verificati — eventi: { $events }; impegni del seed: { $commitments }; distribuzioni: { $deals }; eventi rigiocati secondo le regole: { $replayed }.
# not from the sheet
replay-check-hash_chain = Catena di hash
# not from the sheet
replay-check-deal = Distribuzione e seed
# not from the sheet
replay-check-rules = Regole
# not from the sheet
replay-check-record = Registrazione
# not from the sheet
replay-check-clock = Orologio
# not from the sheet
replay-check-foreign_event = Evento estraneo
# not from the sheet
replay-check-bundle = File
# not from the sheet
replay-problem = { $check }, evento { $version }:
# not from the sheet
replay-round-verified = Mano { $round }: il seed corrisponde all'impegno e la distribuzione ne deriva.
# not from the sheet
replay-round-not-verified = Mano { $round }: non è stato possibile verificare la distribuzione.
# not from the sheet
replay-step = Mossa { $step } di { $steps } (mano { $round })
# not from the sheet
replay-first = Inizio
# not from the sheet
replay-prev-trick = Presa precedente
# not from the sheet
replay-prev = Mossa precedente
# not from the sheet
replay-next = Mossa successiva
# not from the sheet
replay-next-trick = Presa successiva
# not from the sheet
replay-last = Fine
# not from the sheet
replay-keys = Tasti: le frecce avanzano di una mossa (su e giù: di una presa); Home e Fine vanno all'inizio e alla fine.
# not from the sheet
replay-deal = Mano { $round } distribuita; apre: { $name }.
# not from the sheet
replay-returned = Restituito: { $name } → { $receiver }: { $cards }
# not from the sheet
replay-link = Link a questa mossa
# not from the sheet
replay-in-play = Una mano ancora in corso non viene mostrata.
# not from the sheet
replay-hands = Carte in mano
# not from the sheet
replay-trick = Sul tavolo
# not from the sheet
replay-none = Non c'è nessuna partita con questo identificativo.
# not from the sheet
replay-unavailable = Ora non è possibile leggere la registrazione: riprova tra un momento.
# not from the sheet
table-port-taken = La porta { $port } è occupata: scegline un'altra con --port.
# not from the sheet
replay-audit-link = Ripercorrila passo passo nel browser (`president web`): { $url }
# not from the sheet
table-refused-BUSY = Il server è occupato e al momento non accetta nuove partite.
# not from the sheet
table-refused-TOO_MANY_GAMES = Hai già in corso il numero massimo di partite per giocatore (al massimo { $max }): prima concludine una.
# not from the sheet
table-refused-TOO_MANY_TABLES = Hai già il numero massimo di tavoli in attesa di iniziare per giocatore (al massimo { $max }).
# not from the sheet
table-refused-OVER_LIMIT = { $field ->
    [ai] Troppi giocatori IA: una partita aperta qui può averne al massimo { $max }.
   *[rounds] Troppi turni di gioco: una partita aperta qui può averne al massimo { $max }.
}
# not from the sheet
table-refused-RATE_LIMITED = Troppe richieste in poco tempo.
# not from the sheet
table-refused-login_required = Prima accedi alla piattaforma.
# not from the sheet
table-refused-bad_login = L'accesso non è stato accettato (è scaduto o non è valido): accedi di nuovo.
# not from the sheet
table-refused-bad_request = Le impostazioni della partita non sono state accettate: controllale e riprova.
# not from the sheet
table-refused-bad_json = Non è possibile leggere la richiesta: ricarica la pagina e riprova.
# not from the sheet
table-refused-not_json = La richiesta è stata inviata in una forma che il server non accetta: ricarica la pagina.
# not from the sheet
table-refused-bad_origin = La richiesta veniva da un altro sito ed è stata rifiutata: apri il tavolo dal suo indirizzo.
# not from the sheet
table-refused-too_deep = La richiesta è annidata troppo in profondità per essere letta.
# not from the sheet
table-refused-too_large = La richiesta è troppo grande per essere letta.
# not from the sheet
table-refused-duplicate_key = La richiesta indica due volte la stessa impostazione.
# not from the sheet
table-refused-bad_pass = Il lasciapassare di questo posto non è valido.
# not from the sheet
table-refused-unavailable = Il server al momento non risponde: riprova tra un momento.
# not from the sheet
table-retry-after = Riprova tra { $seconds } s.
# not from the sheet
table-start-failed = Non è stato possibile avviare la pagina: ricaricala per riprovare.
