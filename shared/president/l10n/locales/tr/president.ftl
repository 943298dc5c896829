# President: Türkçe (Turkish). The rules' words come from the Turkish sheet
# (../shared/seeds/003_f4544f7d737a1c8b.txt); docs/l10n/tr.md gives each term's line.
# A message marked "not from the sheet" is a careful translation of words no sheet names.
# The sheet's "el" means three things (hand, trick, round): each has its own term here.
# A player's name never takes a case suffix (its vowel harmony is unknown): a noun
# after it carries the suffix ("{ $name } oyuncusuna").

## Terms: the sheet's words

-game-name = Başkan
-president = { $case ->
       *[nominative] Başkan
        [dative] Başkan’a
    }
-vice-president = { $case ->
       *[nominative] Yardımcı Başkan
        [dative] Yardımcı Başkan’a
    }
# not from the sheet
-neutral = { $case ->
       *[nominative] Tarafsız
        [dative] Tarafsız’a
    }
-vice-asshole = { $case ->
       *[nominative] Yardımcı Sonuncu
        [dative] Yardımcı Sonuncu’ya
    }
-asshole = { $case ->
       *[nominative] Sonuncu
        [dative] Sonuncu’ya
    }
-pass = pas
-revolution = devrim
-round = tur
-series = seri
-trick = { $case ->
       *[nominative] el
        [accusative] eli
    }
-four-of-a-kind = dörtlü
-runs = seri
-hand = el
-order-normal = normal
-order-reversed = ters

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
suit-C = sinek
# not from the sheet
suit-D = karo
# not from the sheet
suit-H = kupa
# not from the sheet
suit-S = maça

## AI levels (the sheet's lines 52-54)

ai-easy = Kolay
ai-easy-desc = Kolay, oynanabilecek en düşük kombinasyonu oynar.
ai-medium = Normal
ai-medium-desc = Normal, oyuna yeniden öncülük etmek için 2’leri ve dörtlüleri saklar; çiftleri ve üçlüleri gereksiz yere bozmaz.
ai-hard = Zor
ai-hard-desc = Zor, açık kartlardan her değerde kaç kart kaldığını tahmin eder ve elini bitirmeyi planlar.
# not from the sheet
ai-random = Rastgele
# not from the sheet
ai-player = Yapay zekâ { $seat } ({ $level })

## Rejections

# not from the sheet
reject-generic = Reddedildi ({ $code }).
# not from the sheet
reject-BAD_ACTION = Hamle hatalı biçimlendirilmiş.
# not from the sheet
reject-WRONG_PHASE = Şimdi olmaz.
    .with-phase = Şimdi olmaz: { $phase ->
        [deal] kartlar dağıtılıyor.
        [exchange] kart değişimi sürüyor.
        [play] kartlar oynanıyor.
       *[game_over] oyun bitti.
    }
# not from the sheet
reject-NOT_YOUR_TURN = Sıra sizde değil.
    .with-to_act = Sıra sizde değil: sıra { $to_act } numaralı koltukta.
    .with-seat = { $seat } numaralı koltuğun geri vereceği kart yok.
# not from the sheet
reject-UNKNOWN_CARD = Bu bir kart değil.
    .with-card = “{ $card }” bir kart değil.
# not from the sheet
reject-DUPLICATE_CARD = Aynı kart iki kez var.
    .with-card = { $card } iki kez var.
# not from the sheet
reject-EMPTY_PLAY = Bir hamlede en az bir kart olmalıdır.
# not from the sheet
reject-TOO_MANY_CARDS = Bir hamlede en fazla dört kart olabilir.
# not from the sheet
reject-CARD_NOT_IN_HAND = Bu kart elinizde değil.
    .with-cards = { $cards } elinizde değil.
reject-MIXED_RANKS = Bir hamlede oynanan kartlar aynı değerde olmalıdır.
# not from the sheet
reject-LEADER_CANNOT_PASS = Yeni eli açan pas geçemez.
reject-WRONG_COUNT = Miktar, aktif koyulan kart sayısıyla aynı olmalıdır.
    .with-count = { $count ->
        [one] Tam olarak { $count } kart oynayın.
       *[other] Tam olarak { $count } kart oynayın.
    }
reject-NOT_HIGHER = Kartın değeri kesinlikle daha yüksek olmalıdır; eşitlemek yasaktır.
    .with-rank = Kartın değeri { $rank } kartından kesinlikle daha yüksek olmalıdır; eşitlemek yasaktır.
# not from the sheet
reject-MALFORMED = Mesaj hatalı biçimlendirilmiş.
# not from the sheet
reject-MESSAGE_TOO_LARGE = Mesaj çok büyük.
    .with-max_bytes = Mesaj { $max_bytes } bayttan büyük.
# not from the sheet
reject-RATE_LIMITED = Çok fazla komut: yavaşlayın ve yeniden gönderin.
# not from the sheet
reject-TOO_MANY_TABLES = Çok fazla açık masanız var.
    .with-max = Açık masa sınırınıza ulaştınız: { $max }.
# not from the sheet
reject-UNKNOWN_TABLE = Böyle bir masa yok.
    .with-table_id = { $table_id } masası yok.
# not from the sheet
reject-UNKNOWN_SEAT = Böyle bir koltuk yok.
    .with-seat = { $seat } numaralı koltuk yok.
# not from the sheet
reject-SEAT_TAKEN = Bu koltuk dolu.
    .with-seat = { $seat } numaralı koltuk dolu.
# not from the sheet
reject-TABLE_FULL = Masa dolu.
# not from the sheet
reject-TABLE_EXISTS = Bu masa zaten var.
# not from the sheet
reject-INVALID_OPTIONS = Masa seçenekleri geçersiz.
# not from the sheet
reject-BAD_TOKEN = Koltuk anahtarı geçersiz.
# not from the sheet
reject-COMMAND_ID_REUSED = Bu komut kimliği zaten kullanıldı.
# not from the sheet
reject-STALE_VERSION = Masa bu arada değişti: yeniden bakın.
    .with-current-expected = Beklenen sürüm { $expected }, masa { $current } sürümünde.
# not from the sheet
reject-GAME_ALREADY_STARTED = Oyun zaten başladı.
reject-TABLE_CLOSED = Bu masa, oyun başlamadan kapatıldı.
# not from the sheet
reject-GAME_NOT_STARTED = Oyun henüz başlamadı.
# not from the sheet
reject-NOT_ENOUGH_PLAYERS = Yeterli oyuncu yok.
    .with-free = { $free ->
        [one] Yeterli oyuncu yok: { $free } koltuk boş.
       *[other] Yeterli oyuncu yok: { $free } koltuk boş.
    }
# not from the sheet
reject-INTERNAL_ERROR = Sunucu hata verdi: aynı komutu yeniden gönderin.
# not from the sheet
reject-TURN_TIMED_OUT = Çok geç: süre doldu ve yedek seviye oynadı.
# not from the sheet
reject-FORBIDDEN = Bu komutu gönderemezsiniz.
# not from the sheet
reject-SEAT_LEFT = Bu koltuk masadan ayrıldı.
    .with-seat = { $seat } numaralı koltuk masadan ayrıldı.

## Events

# not from the sheet
event-GameCreated = Oyun { $table }: { $players ->
        [one] { $players } oyuncu
       *[other] { $players } oyuncu
    }, { $rounds ->
        [one] { $rounds } tur
       *[other] { $rounds } tur
    }, { -revolution } { $revolution ->
        [on] açık
       *[off] kapalı
    } ({ $rules })
# not from the sheet
event-DealCommitted = Tur { $round }: dağıtım mühürlendi ({ $commitment }...), { $leader } oyuncusu başlıyor
# not from the sheet
event-RoundDealt = kartlar dağıtıldı: { $sizes }
# not from the sheet
event-ExchangeStarted = değişim: kartlar el değiştiriyor
event-CardsGiven = değişim: { $giver } { $count ->
        [one] { $count } kartını
       *[other] { $count } kartını
    } otomatik olarak { to-title } verdi ({ $receiver })
# not from the sheet
event-CardsReturned = değişim: { $giver } { $count ->
        [one] { $count } kartı
       *[other] { $count } kartı
    } { to-title } geri verdi ({ $receiver })
# not from the sheet
event-PlayStarted = { $leader } oyuncusu başlıyor
event-CardsPlayed = { $name } { $cards }
event-Passed = { $name } { -pass }
# not from the sheet
event-OrderReversed = { $reversed ->
        [yes] DEVRİM ({ $name }): 2 en düşük, 3 en yüksek olur
       *[no] DEVRİM ({ $name }): yeniden normal sıra
    }
# not from the sheet
event-PlayerFinished = { $name } çıktı: { $place }. sıra ({ $title ->
        [president] { -president }
        [vice_president] { -vice-president }
        [neutral] { -neutral }
        [vice_asshole] { -vice-asshole }
       *[asshole] { -asshole }
    })
event-TrickEnded = { $name } { -trick(case: "accusative") } aldı
# not from the sheet
event-RoundEnded = Tur { $round } sıralaması:
# not from the sheet
event-SeedRevealed = tur { $round } için tohum açıklandı: { $seed }...
# not from the sheet
event-GameEnded = { $rounds ->
        [one] { $rounds } turun ardından oyun bitti
       *[other] { $rounds } turun ardından oyun bitti
    }: { $scores }
# not from the sheet
event-TurnDeadlineSet = sıra { $name } oyuncusunda, { $seconds } s içinde
# not from the sheet
event-TurnTimedOut = { $name } oyuncusunun süresi doldu: yedek seviye oynuyor
# not from the sheet
event-SeatAway = { $reason ->
        [timeouts] { $name } uzakta (üst üste süre aşımı): bundan sonra hemen oynanır
       *[asked] { $name } uzakta (kendi isteğiyle): bundan sonra hemen oynanır
    }
# not from the sheet
event-SeatBack = { $name } geri döndü
# not from the sheet
event-SeatLeft = { $name } masadan ayrıldı: yedek seviye oynuyor
# not from the sheet
round-over = (tur bitti)
round-place = { $place }. { $name } { $title } +{ $points }
cumulative-score = toplam skor: { $scores }
score = { $name } { $score }
seat-entry = { $seat }: { $name }
# not from the sheet
seat-name = koltuk { $seat }

## `president play`

# not from the sheet
play-starting = PostgreSQL, NATS, aktarıcı ve servisler başlatılıyor ...
# not from the sheet
play-table = Masa { $table }: koltuğunuz { $seat }; yapay zekâlar: { $ais }
# not from the sheet
play-table-name = Masa: { $name }
# not from the sheet
play-ai-seat = koltuk { $seat } { $level }
# not from the sheet
play-turn = { $reversed ->
        [yes] == Tur { $round }, sıra sizde ({ $name }), değer sırası TERS ==
       *[no] == Tur { $round }, sıra sizde ({ $name }), değer sırası normal ==
    }
# not from the sheet
play-return = Değişim: seçtiğiniz { $count ->
        [one] { $count } kartı
       *[other] { $count } kartı
    } { $name } oyuncusuna geri verin
# not from the sheet
play-to-beat = Geçilecek: { $cards } ({ $name })
play-lead = Siz açıyorsunuz: aynı değerde 1 ila 4 kartlık bir kombinasyon oynayın
# not from the sheet
play-cards-left = Kalan kartlar: { $sizes }
# not from the sheet
play-hand = Eliniz: { $cards }
# not from the sheet
play-action-play = oyna { $cards }
# not from the sheet
play-action-return = geri ver { $cards }
play-action-pass = { -pass }
# not from the sheet
play-ask = Seçiminiz (numara, '6C 6D' gibi kartlar ya da '{ -pass }'):
# not from the sheet
play-not-legal = { $count } yasal hamleden biri değil: { $answer }
# not from the sheet
play-input-closed = (girdi kapandı)
# not from the sheet
play-rejected = sunucu reddetti: { $reason }
# not from the sheet
play-took-over = { $reason ->
        [timed_out] (süre doldu: sizin yerinize yedek seviye oynadı)
        [taken_over] (devralındı: sizin yerinize yedek seviye oynadı)
       *[phase_changed] (sıra bitti: tur ya da oyun sona erdi)
    }
# not from the sheet
play-clock = [saat] { $left } s kaldı ({ $until } UTC’ye kadar)
# not from the sheet
play-clock-mark = [saat] { $left } s kaldı
# not from the sheet
play-done = { $finished ->
        [yes] Oyun bitti; hamle sayınız: { $actions }.
       *[no] Oyundan ayrıldınız; hamle sayınız: { $actions }.
    }
# not from the sheet
play-default-name = Siz
# not from the sheet
stack-failed = bir servis başlamadı: { $error }
# not from the sheet
demo-rebuilt = Postgres günlüğünden yeniden kuruldu: kuralların yeniden oynattığı olay: { $events }; { $match ->
        [yes] servislerin bildirdiğiyle eşleşiyor.
       *[no] EŞLEŞMİYOR:
    }
# not from the sheet
demo-audit = Denetim (karma zinciri, tohum taahhütleri, yeniden oynatma): { $ok ->
        [yes] tamam
       *[no] BAŞARISIZ
    }
# not from the sheet
demo-bundle = Denetim dosyası yazıldı: { $path } (kontrol için: { $command } ...)
# not from the sheet
demo-clocks = Saatler: süre aşımı { $timeouts }, yedek hamlesi { $takeovers }, son andan sonra en uzun bekleme { $lag } ms.
# not from the sheet
demo-played = Masa { $table } { $seconds } s içinde oynandı.
# not from the sheet
demo-servers = sunucular: { $database }  { $nats }; günlükler: { $path }
# not from the sheet
demo-stalled = oyun durdu: bir süredir olay yok (servis günlüklerine bakın)
# not from the sheet
web-starting = PostgreSQL, NATS, aktarıcı, servisler ve web sayfası başlatılıyor ...
# not from the sheet
web-logs = günlükler: { $path }
# not from the sheet
web-open = { $url } adresini bir tarayıcıda açın ({ $seconds } s içinde hazır); Ctrl-C her şeyi durdurur.
# not from the sheet
web-external-nats = president web gömülü NATS ile çalışır (WebSocket dinleyicisi ve auth callout ile); yapılandırılmış bir NATS ile { $command } komutunu çalıştırın (docs/settings.md)
# not from the sheet
tournament-header = oyun: { $games } (dağıtım: { $deals } × rotasyon: { $rotations }), oyuncu: { $players }, oyun başına tur: { $rounds }, tohum { $seed }, { $seconds } s; nötr: tur başına { $neutral } puan
# not from the sheet
tournament-level = seviye
# not from the sheet
tournament-points = puan/tur
# not from the sheet
tournament-ci = %95 GA
# not from the sheet
tournament-first = ilk
# not from the sheet
tournament-last = son
# not from the sheet
tournament-p50 = p50 ms
# not from the sheet
tournament-p95 = p95 ms
# not from the sheet
tournament-order = sıralama, en az puandan başlayarak: { $order }
# not from the sheet
tournament-gap = { $higher } - { $lower }: tur başına { $difference } puan [{ $low }, { $high }], eşleştirilmiş dağıtım: { $deals } ({ $higher } { $ahead ->
        [yes] önde
       *[no] önde olduğu gösterilmedi
    })

## The audit's account

# not from the sheet
audit-title = { $table } masasının denetimi
# not from the sheet
audit-header = { $table } masasının denetimi (akış { $stream })
# not from the sheet
audit-events = { $events ->
        [one] { $events } olay, zincir başı { $head }
       *[other] { $events } olay, zincir başı { $head }
    }
# not from the sheet
audit-rules = kurallar { $rules }; seçenekler { $options }
# not from the sheet
audit-unknown = bilinmiyor
# not from the sheet
audit-unreadable = okunamadı
# not from the sheet
audit-option = { $option ->
        [players] oyuncu: { $value }
        [rounds] tur: { $value }
        [revolution] { -revolution } { $value ->
            [yes] açık
           *[no] kapalı
        }
        [round_leader] sonraki turları açan: { $value ->
            [president] { -president }
            [first_seat] ilk koltuk
           *[asshole] { -asshole }
        }
       *[other] { $option }={ $value }
    }
# not from the sheet
audit-seats = koltuklar: { $seats }
# not from the sheet
audit-seat-human = { $seat }: insan
audit-seat-ai = { $seat }: yapay zekâ { $level }
# not from the sheet
audit-round = Tur { $round } (sürümler { $first }-{ $last }), { $leader } numaralı koltuk başlar
# not from the sheet
audit-dealt = { $seat } numaralı koltuğa dağıtılan: { $cards }
# not from the sheet
audit-card-count = { $count ->
        [one] { $count } kart
       *[other] { $count } kart
    }
# not from the sheet
audit-exchange = değişim (v{ $version }): { $giver } numaralı koltuk { $receiver } numaralı koltuğa { $kind ->
        [gave] verdi
       *[returned] geri verdi
    }: { $cards }
# not from the sheet
audit-takeover = [yedek: { $reason ->
        [timed_out] süre aşımı
        [away] uzakta
        [left] ayrıldı
       *[other] { $reason }
    }]
# not from the sheet
audit-by = [gönderen { $sender }]
# not from the sheet
audit-revolution = { -revolution } (v{ $version }): { $seat } numaralı koltuğun dörtlüsü, sıra artık { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
audit-out = çıktı (v{ $version }): { $seat } numaralı koltuk, { $place }. sıra, { $title }
# not from the sheet
audit-points = puanlar: { $values }
# not from the sheet
audit-titles = unvanlar: { $values }
audit-scores = skor: { $values }
# not from the sheet
audit-seat-value = koltuk { $seat } { $value }
# not from the sheet
audit-in-progress = (tur sürüyor)
# not from the sheet
audit-problem-at = SORUN, sürüm { $version }: { $problem }
# The audit's problems (president.audit: Problem.key); the JSON keeps them in English.
# not from the sheet
problem-bundle-empty = dosya boş
# not from the sheet
problem-bundle-no-header = dosya başlık satırıyla başlamıyor
# not from the sheet
problem-bundle-after-head = { $line }. satır zincir başından sonra geliyor
# not from the sheet
problem-bundle-not-event = { $line }. satır ne olay ne de zincir başı
# not from the sheet
problem-bundle-not-json = { $line }. satır geçerli JSON değil
# not from the sheet
problem-bundle-not-object = { $line }. satır bir JSON nesnesi değil
# not from the sheet
problem-bundle-format = bilinmeyen dosya biçimi (bu denetçinin okuduğu: { $expected })
# not from the sheet
problem-bundle-rules-version = dosya başka bir kural sürümüne ait; bu denetçinin bildiği: { $known }
# not from the sheet
problem-bundle-bad-event = { $line }. satır geçerli bir olay değil
# not from the sheet
problem-bundle-truncated = dosya kesik: zincir başı satırı olmadan bitiyor (son sürüm: { $after })
# not from the sheet
problem-bundle-head-not-last = zincir başı satırı son olay değil: olaylar eksik ya da sona eklenmiş
# not from the sheet
problem-bundle-count = başlık, dosyadakinden farklı sayıda olay bildiriyor (okunabilen: { $held })
# not from the sheet
problem-bundle-unauditable = dosya denetlenemedi
# not from the sheet
problem-file-unreadable = dosya okunamıyor
# not from the sheet
problem-clock-deadline-differs = { $seat } numaralı koltuğun süre aşımı, kaydedilenden farklı bir son an bildiriyor
# not from the sheet
problem-clock-early = { $seat } numaralı koltuğun süre aşımı, son andan { $early } ms önce kaydedilmiş
# not from the sheet
problem-clock-wrong-seat = { $seat } numaralı koltuk için yedek, { $other } numaralı koltuğun hamlesini kaydetmiş
# not from the sheet
problem-clock-unjustified = { $seat } numaralı koltuk için, öncesinde süre aşımı, ayrılış ya da uzaklaşma olmadan bir yedek hamlesi
# not from the sheet
problem-deal-never-dealt = tur { $round } için tohum açıklandı, ama tur hiç dağıtılmadı
# not from the sheet
problem-deal-no-commit = tur { $round } öncesinde taahhüt olmadan dağıtıldı
# not from the sheet
problem-deal-commit-late = tur { $round } taahhüdü dağıtımdan sonra geliyor
# not from the sheet
problem-deal-leader = tur { $round }: taahhüde göre { $committed }, dağıtıma göre { $dealt } numaralı koltuk başlıyor
# not from the sheet
problem-deal-never-revealed = tur { $round } bitti ama tohumu hiç açıklanmadı
# not from the sheet
problem-deal-revealed-early = tur { $round } tohumu tur bitmeden açıklandı
# not from the sheet
problem-deal-reveal-mismatch = tur { $round }: açıklanan tohum, { $at } numaralı sürümdeki taahhütle eşleşmiyor
# not from the sheet
problem-deal-recorded-mismatch = tur { $round }: kaydedilen tohum kendi taahhüdüyle eşleşmiyor
# not from the sheet
problem-deal-reveal-differs = tur { $round }: açıklanan tohum, { $at } numaralı sürümde kaydedilenden farklı
# not from the sheet
problem-deal-hands = tur { $round }: dağıtılan eller tohumdan çıkmıyor (ilk farklı olan: { $seat } numaralı koltuğun eli)
# not from the sheet
problem-game-empty = akışta olay yok
# not from the sheet
problem-game-first = akış oyunun oluşturulmasıyla başlamıyor
# not from the sheet
problem-game-unreadable = bir olay okunamıyor
# not from the sheet
problem-game-second-created = oyun akışta ikinci kez oluşturulmuş
# not from the sheet
problem-game-unknown-type = bilinmeyen olay türü
# not from the sheet
problem-game-table = oyunun oluşturulması başka bir masayı adlandırıyor
# not from the sheet
problem-game-rules-version = bilinmeyen kural sürümü (bu denetçinin bildiği: { $known })
# not from the sheet
problem-game-contract = oyunun oluşturulması sözleşmeye uymuyor
# not from the sheet
problem-game-options = oyunun seçenekleri geçersiz
# not from the sheet
problem-game-second-commit = tur { $round } için ikinci bir taahhüt (ilki { $at } numaralı sürümde)
# not from the sheet
problem-game-second-reveal = tur { $round } tohumu iki kez açıklandı (ilki { $at } numaralı sürümde)
# not from the sheet
problem-foreign-events = { $count ->
        [one] { $count } olay
       *[other] { $count } olay
    } bu oyunun akışına ait değil
# not from the sheet
problem-chain = karma zinciri: { $kind ->
        [missing] bir sürüm eksik
        [broken_link] önceki olaya bağ kopuk
        [out_of_order] konumlar sırasız
       *[edited] içerik kendi karmasıyla eşleşmiyor
    }
# not from the sheet
problem-rules-early = kurallar: akış çok erken bitiyor
# not from the sheet
problem-rules-illegal = kurallar: kurala aykırı bir karar: { $code }
# not from the sheet
problem-rules-differs = kurallar: kaydedilen olay, kuralların verdiği değil
# not from the sheet
problem-rules-crash = kurallar: olay yeniden oynatılamıyor
# not from the sheet
audit-timed-out = süre aşımı (v{ $version }): koltuk { $seat }{ $by }, son an { $deadline }; yedek seviye oynadı
# not from the sheet
audit-timed-out-lag = süre aşımı (v{ $version }): koltuk { $seat }{ $by }, son an { $deadline }, { $lag } ms sonra kaydedildi; yedek seviye oynadı
# not from the sheet
audit-away = uzakta (v{ $version }): koltuk { $seat }{ $by } ({ $reason ->
        [timeouts] üst üste süre aşımı
        [asked] kendi isteğiyle
       *[other] { $reason }
    }): yedek seviye hemen oynar
# not from the sheet
audit-back = geri döndü (v{ $version }): koltuk { $seat }{ $by }
# not from the sheet
audit-left = ayrıldı (v{ $version }): koltuk { $seat }{ $by } ({ $name }): yedek seviye kalıcı olarak oynar
# not from the sheet
audit-no-name = adsız
# not from the sheet
audit-deal-none = dağıtım: kayıt yok
# not from the sheet
audit-deal-commitment = dağıtım: taahhüt { $commitment } (v{ $version })
# not from the sheet
audit-deal-no-commitment = dağıtım: taahhüt YOK
# not from the sheet
audit-seed = tohum { $seed }, v{ $version } sürümünde açıklandı: { $status ->
        [yes] taahhütle eşleşiyor
        [no] taahhütle EŞLEŞMİYOR
       *[unknown] denetlenmedi
    }
# not from the sheet
audit-seed-hidden = tohum henüz açıklanmadı
# not from the sheet
audit-hands = dağıtılan eller { $status ->
        [yes] tohumdan çıkıyor
        [no] tohumdan ÇIKMIYOR
       *[unknown] denetlenmedi
    }
audit-move-cards = { $seat }: { $cards }
audit-move-pass = { $seat }: { -pass }
# not from the sheet
audit-move-order = [sıra { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }]
# not from the sheet
audit-move-out = [çıktı, { $place }. sıra]
audit-trick = { -trick } { $number }: { $moves } -> { $end }
# not from the sheet
audit-trick-won = { $winner } numaralı koltuk aldı, { $leader } numaralı koltuk açar
# not from the sheet
audit-trick-open = açık kaldı
# not from the sheet
audit-round-missing = Tur { $round } kayıtta yok.
# not from the sheet
audit-final = Oyun bitti, toplam skor: { $scores }
# not from the sheet
audit-ok = Karar: TAMAM. Karma zinciri sağlam (olay: { $events }); doğrulanan tohum taahhüdü: { $commitments }; doğrulanan dağıtım: { $deals }; hatasız yeniden oynanan kural olayı: { $replayed }.
# not from the sheet
audit-failed = Karar: BAŞARISIZ, { $count ->
        [one] { $count } sorun:
       *[other] { $count } sorun:
    }
# not from the sheet
audit-waiting-seats = { $count ->
        [one] { $seats } numaralı koltuk
       *[other] { $seats } numaralı koltuklar
    }
# not from the sheet
audit-waiting-engine = motor (sonraki dağıtım)
# not from the sheet
audit-in-progress-stalled = (tur sürüyor, { $since } zamanından beri durdu; beklenen: { $who })
# not from the sheet
audit-stalled = Karar: { $since } zamanından beri durdu; beklenen: { $who }, izin verilen son an { $limit }. Karma zinciri sağlam (olay: { $events }); doğrulanan tohum taahhüdü: { $commitments }; doğrulanan dağıtım: { $deals }; hatasız yeniden oynanan kural olayı: { $replayed }.
# not from the sheet
html-verdict-stalled = Karar: { $since } zamanından beri durdu.
# not from the sheet
html-stalled-text = Oyunun beklediği: { $who }; izin verilen son an { $limit }.
# not from the sheet
audit-where-file = dosya
# not from the sheet
audit-where-version = sürüm { $version }
# not from the sheet
html-summary = Akış { $stream }, kaydedilen olay: { $events }; kurallar { $rules }; { $players ->
        [one] { $players } oyuncu
       *[other] { $players } oyuncu
    }, { $rounds ->
        [one] { $rounds } tur
       *[other] { $rounds } tur
    }, { -revolution } { $revolution ->
        [on] açık
       *[off] kapalı
    }, sonraki turları { $leader ->
        [president] { -president }
        [first_seat] ilk koltuk
       *[asshole] { -asshole }
    } açar.
# not from the sheet
html-chain-head = Zincir başı:
# not from the sheet
html-verdict-ok = Karar: her şey doğru.
# not from the sheet
html-verdict-ok-text = Karma zinciri sağlam (olay: { $events }). Doğrulanan tohum taahhüdü: { $commitments }; doğrulanan dağıtım: { $deals }; kurallara tam uygun yeniden oynanan oyun olayı: { $replayed }.
# not from the sheet
html-verdict-bad = Karar: kayıt DOĞRU DEĞİL.
# not from the sheet
html-problems = { $count ->
        [one] { $count } sorun bulundu:
       *[other] { $count } sorun bulundu:
    }
# not from the sheet
html-where-file = dosya
# not from the sheet
html-where-event = olay { $version }
# not from the sheet
html-checked = Neler denetlendi
# not from the sheet
html-checked-chain = Karma zinciri: her olay kendi içeriğinin ve önceki olayın parmak izini (SHA-256) taşır; değiştirilen, silinen, eklenen ya da yeri değiştirilen bir olay zinciri kırar.
# not from the sheet
html-checked-deals = Adil dağıtım: her turdan önce sunucu bir taahhüt (gizli tohumun parmak izi) yayımladı; turdan sonra tohumu açıkladı. Tohum taahhütle eşleşmeli ve onunla karıştırmak tam olarak dağıtılan elleri vermelidir.
# not from the sheet
html-checked-rules = Kurallar: her hamle, pas ve değişim kurallardan yeniden geçirildi; her biri o anda o oyuncu için yasal olmalıydı ve her sonuç (eller, devrimler, çıkanlar, unvanlar, puanlar, değişimler) kuralların verdiği gibi olmalıydı.
# not from the sheet
html-checked-clocks = Saatler: hiçbir süre aşımı, süresi dolmadan kaydedilmedi ve yedek seviyenin bir koltuk için yaptığı her hamle bir süre aşımını, bir ayrılışı ya da koltuğun uzaklaşmasını izledi.
# not from the sheet
html-round = Tur { $round }
# not from the sheet
html-round-span = Olaylar { $first }–{ $last }. { $leader } numaralı koltuk başlar.
# not from the sheet
html-round-problems = Bu turdaki sorunlar:
# not from the sheet
html-deal = Dağıtım
# not from the sheet
html-no-commitment = Bu dağıtımdan önce tohum taahhüdü kaydedilmedi.
# not from the sheet
html-commitment = Taahhüt (olay { $version }):
# not from the sheet
html-seed = Açıklanan tohum (olay { $version }):
# not from the sheet
html-seed-ok = Tohum taahhütle eşleşiyor.
# not from the sheet
html-seed-bad = Tohum EŞLEŞMİYOR.
# not from the sheet
html-seed-hidden = Tohum henüz açıklanmadı (tur bitmedi).
# not from the sheet
html-hands-ok = Eller tohumdan çıkıyor.
# not from the sheet
html-hands-bad = Eller tohumdan ÇIKMIYOR.
# not from the sheet
html-uncheckable = Denetlenemez.
# not from the sheet
html-hands = Dağıtılan eller
# not from the sheet
html-seat = Koltuk { $seat }
# not from the sheet
html-exchange = Değişim
# not from the sheet
html-exchange-row = { $giver } numaralı koltuk { $receiver } numaralı koltuğa { $kind ->
        [gave] verdi (otomatik)
       *[returned] geri verdi
    }
# not from the sheet
html-by = gönderen { $sender }
# not from the sheet
html-tricks = Eller
# not from the sheet
html-plays = Hamleler ve paslar
# not from the sheet
html-result = Sonuç
html-passes = Koltuk { $seat }: { -pass }
# not from the sheet
html-flip = { -revolution }: sıra artık { $reversed ->
        [yes] { -order-reversed }
       *[no] { -order-normal }
    }
# not from the sheet
html-out = çıktı, { $place }. sıra
# not from the sheet
html-takeover = yedek ({ $reason ->
        [timed_out] süre aşımı
        [away] uzakta
        [left] ayrıldı
       *[other] { $reason }
    })
# not from the sheet
html-trick-won = { $winner } numaralı koltuk aldı; sonra { $leader } numaralı koltuk açar
# not from the sheet
html-trick-open = tur bittiğinde açık kaldı
# not from the sheet
html-clock = Saat ve katılım
# not from the sheet
html-went-out = Kimler çıktı
html-went-out-row = Koltuk { $seat }: { $title }
# not from the sheet
html-points = Puanlar
# not from the sheet
html-title = Unvan
html-score = Skor
# not from the sheet
html-in-progress = Bu tur hâlâ oynanıyor.
# not from the sheet
html-final = Toplam skor

## `president web`: the browser table (services/web/static)

# not from the sheet
web-title = Başkan
# not from the sheet
web-language = Dil
# not from the sheet
web-lobby-heading = Yeni masa
# not from the sheet
web-your-name = Adınız
# not from the sheet
web-players = Oyuncular
# not from the sheet
web-rounds = Turlar
# not from the sheet
web-ai-level = Diğer koltukların yapay zekâ düzeyi
# not from the sheet
web-turn-seconds = Hamle başına saniye (0: saat yok)
# not from the sheet
web-revolution = Devrim (dörtlü sırayı tersine çevirir)
# not from the sheet
web-create = Masayı kur ve oyna
# not from the sheet
web-trick-heading = Masada
# not from the sheet
web-exchange-heading = Değişim
# not from the sheet
web-hand-heading = Eliniz
# not from the sheet
web-pass = Pas
# not from the sheet
web-back = Geri döndüm
# not from the sheet
web-keys = Tuşlar: Tab veya oklar kartlar arasında gezer, Boşluk kart seçer, P oynar, S pas geçer, H ele gider.
# not from the sheet
web-results-heading = Sonuçlar
# not from the sheet
web-new-game = Yeni masa
# not from the sheet
web-log-heading = Hamleler
# not from the sheet
web-debug-heading = Entegratörler için
# not from the sheet
web-debug-resend = Son komutu yeniden gönder
# not from the sheet
web-debug-events = Ham mesajlar (konu, sürüm)
# not from the sheet
web-debug-view = Son görünüm
# not from the sheet
web-suit-letter-C = S
# not from the sheet
web-suit-letter-D = K
# not from the sheet
web-suit-letter-H = Ku
# not from the sheet
web-suit-letter-S = Ma
# not from the sheet
web-card = { $suit } { $rank }
# not from the sheet
web-your-turn = Sıra sizde.
# not from the sheet
web-your-return = Sıra sizde: kartları geri verin.
# not from the sheet
web-game-over = Oyun bitti.
# not from the sheet
web-round-over = { $round }. tur bitti.
# not from the sheet
web-not-sent = Henüz gönderilmedi: bağlantı gelince gidecek.
# not from the sheet
web-failed = Olmadı.
# not from the sheet
web-table-heading = Masa { $table }, tur { $round }/{ $rounds }
# not from the sheet
web-seat-score = Puan { $score }
# not from the sheet
web-to-act = sırada
# not from the sheet
web-out = çıktı
# not from the sheet
web-trick-empty = Boş: { $name } açar.
# not from the sheet
web-reversed = (sıra ters)
# not from the sheet
web-play = Oyna
# not from the sheet
web-return = Geri ver
# not from the sheet
web-exchange-wait = Değiş tokuş sürüyor.
# not from the sheet
web-transfer = { $giver } → { $receiver }: { $cards }
# not from the sheet
web-round-column = Tur
# not from the sheet
web-result-cell = { $title } +{ $points }
# not from the sheet
web-total = Puan
# not from the sheet
web-final = Oyun bitti: ilk { $name } çıktı.
# not from the sheet
web-log-entry = { $round }: { $move }
# not from the sheet
web-clock = { $seconds } s kaldı
# not from the sheet
web-status-connecting = Bağlanıyor…
# not from the sheet
web-status-connected = Bağlı
# not from the sheet
web-status-reconnecting = Bağlantı koptu: yeniden bağlanıyor…
# not from the sheet
web-seat-cards = { $count ->
        [one] { $count } kart
       *[other] { $count } kart
    }
# not from the sheet
web-owe-return = { $count ->
        [one] { $name } adlı oyuncuya seçtiğiniz bir kartı geri verin.
       *[other] { $name } adlı oyuncuya seçtiğiniz { $count } kartı geri verin.
    }

## Browser table

# not from the sheet
table-heading = Tur { $round } / { $rounds }
# not from the sheet
table-pace = Hız
# not from the sheet
table-pace-instant = Anında
# not from the sheet
table-pace-seconds = Hamle başına { $seconds } s
# not from the sheet
table-you = { $name } (siz)
# not from the sheet
table-passed = { -pass }
# not from the sheet
table-leads = Açan: { $name }.
# not from the sheet
table-waiting = Beklenen: { $name }.
# not from the sheet
table-read-summary = Turun özetini okuyun, sonra “{ table-continue }” düğmesine basın.
# not from the sheet
table-pick = Oynanacak kartları seçin, sonra “{ web-play }” düğmesine basın.
# not from the sheet
table-pick-or-pass = Oynanacak kartları seçin, sonra “{ web-play }” ya da “{ web-pass }” düğmesine basın.
# not from the sheet
table-sending = Gönderiliyor…
# not from the sheet
table-clock-mine = Hamleniz için { $seconds } s kaldı
# not from the sheet
table-seat-clock = { $seconds } s
# not from the sheet
table-away-seat = masada değil
# not from the sheet
table-away = Masada değilsiniz: “{ web-back }” düğmesine basana kadar yerinize yedek yapay zekâ oynuyor.
# not from the sheet
table-timeout-warning = Süreniz doldu ve yedek yapay zekâ sizin yerinize oynadı. Siz dönene kadar yerinize oynanmaya başlanmadan önce kalan art arda süre aşımı: { $left }.
# not from the sheet
table-clock-rules = Hamle başına { $seconds } s saatle: süreniz dolduğunda o hamleyi yedek yapay zekâ ({ $level }) sizin yerinize oynar. Art arda süre aşımından (toplam: { $after }) sonra masada değil sayılırsınız: “{ web-back }” düğmesine basana kadar yeriniz hemen oynanır.
# not from the sheet
table-last-trick = Son { -trick }
# not from the sheet
table-finish-order = Çıkış sırası
# not from the sheet
table-finish-row = { $name }: { $title }, +{ $points } (puan { $score })
# not from the sheet
table-gave-cards = Verildi: { $giver } → { $receiver }: { $cards }
# not from the sheet
table-returned-cards = Geri verildi: { $giver } → { $receiver }: { $cards }
# not from the sheet
table-continue = Sonraki tur
# not from the sheet
table-winner = Oyunu kazanan: { $name }, { $points } puanla.
# not from the sheet
table-winners-tie = { $points } puanla birincilikte beraberlik: { $names }.
# not from the sheet
table-replay-link = Bu oyunun kaydını adım adım izleyin
# not from the sheet
table-my-games = Masalarınız
# not from the sheet
table-my-game = Oyuncular: { $players } · turlar: { $rounds } · { $others }
# not from the sheet
table-rejoin = Masaya dön
# not from the sheet
replay-title = Oyun kaydı
# not from the sheet
replay-heading = Kayıt: { $names }
# not from the sheet
replay-loading = Kayıt okunuyor…
# not from the sheet
replay-verdict-ok = Kayıt doğru: karma zinciri sağlam, her dağıtım taahhüt edilen tohumdan çıkıyor ve her hamle kurallara uygundu.
# not from the sheet
replay-verdict-failed = Kayıt DOĞRU DEĞİL. Denetimin bulduğu:
# not from the sheet
replay-checked = Denetlenen — olay: { $events }; tohum taahhüdü: { $commitments }; dağıtım: { $deals }; kurallarla yeniden oynanan olay: { $replayed }.
# not from the sheet
replay-check-hash_chain = Karma zinciri
# not from the sheet
replay-check-deal = Dağıtım ve tohum
# not from the sheet
replay-check-rules = Kurallar
# not from the sheet
replay-check-record = Kayıt
# not from the sheet
replay-check-clock = Saat
# not from the sheet
replay-check-foreign_event = Yabancı olay
# not from the sheet
replay-check-bundle = Dosya
# not from the sheet
replay-problem = { $check }, olay { $version }:
# not from the sheet
replay-round-verified = Tur { $round }: tohum taahhüde uyuyor ve dağıtım ondan çıkıyor.
# not from the sheet
replay-round-not-verified = Tur { $round }: dağıtım doğrulanamadı.
# not from the sheet
replay-step = Hamle { $step } / { $steps } (tur { $round })
# not from the sheet
replay-first = Başa
# not from the sheet
replay-prev-trick = Önceki { -trick }
# not from the sheet
replay-prev = Önceki hamle
# not from the sheet
replay-next = Sonraki hamle
# not from the sheet
replay-next-trick = Sonraki { -trick }
# not from the sheet
replay-last = Sona
# not from the sheet
replay-keys = Tuşlar: oklar bir hamle ilerler (yukarı ve aşağı: bir el); Home ve End başa ve sona gider.
# not from the sheet
replay-deal = Tur { $round } dağıtıldı; açan: { $name }.
# not from the sheet
replay-returned = Geri verildi: { $name } → { $receiver }: { $cards }
# not from the sheet
replay-link = Bu hamlenin bağlantısı
# not from the sheet
replay-in-play = Hâlâ oynanan bir tur gösterilmez.
# not from the sheet
replay-hands = Eller
# not from the sheet
replay-trick = Masada
# not from the sheet
replay-none = Bu kimlikle bir oyun yok.
# not from the sheet
replay-unavailable = Kayıt şu anda okunamıyor: biraz sonra yeniden deneyin.
# not from the sheet
table-port-taken = { $port } numaralı port kullanımda: --port ile başka bir port seçin.
# not from the sheet
replay-audit-link = Tarayıcıda adım adım izleyin (`president web`): { $url }
# not from the sheet
table-refused-BUSY = Sunucu meşgul ve şu anda yeni oyun almıyor.
# not from the sheet
table-refused-TOO_MANY_GAMES = Bir oyuncunun aynı anda sürdürebileceği kadar oyununuz zaten var (en fazla { $max }): önce birini bitirin.
# not from the sheet
table-refused-TOO_MANY_TABLES = Bir oyuncunun açık tutabileceği kadar başlamayı bekleyen masanız zaten var (en fazla { $max }).
# not from the sheet
table-refused-OVER_LIMIT = { $field ->
    [ai] Çok fazla yapay zekâ oyuncusu: burada açılan bir oyunda en fazla { $max } olabilir.
   *[rounds] Çok fazla tur: burada açılan bir oyunda en fazla { $max } olabilir.
}
# not from the sheet
table-refused-RATE_LIMITED = Kısa sürede çok fazla istek.
# not from the sheet
table-refused-login_required = Önce platforma giriş yapın.
# not from the sheet
table-refused-bad_login = Girişiniz kabul edilmedi (süresi doldu ya da geçersiz): yeniden giriş yapın.
# not from the sheet
table-refused-bad_request = Oyunun ayarları kabul edilmedi: kontrol edip yeniden deneyin.
# not from the sheet
table-refused-bad_json = İstek okunamadı: sayfayı yeniden yükleyip tekrar deneyin.
# not from the sheet
table-refused-not_json = İstek, sunucunun kabul etmediği bir biçimde gönderildi: sayfayı yeniden yükleyin.
# not from the sheet
table-refused-bad_origin = İstek başka bir siteden geldi ve reddedildi: masayı kendi adresinden açın.
# not from the sheet
table-refused-too_deep = İstek, okunamayacak kadar derin iç içe.
# not from the sheet
table-refused-too_large = İstek, okunamayacak kadar büyük.
# not from the sheet
table-refused-duplicate_key = İstek aynı ayarı iki kez veriyor.
# not from the sheet
table-refused-bad_pass = Bu koltuğun geçiş anahtarı geçerli değil.
# not from the sheet
table-refused-unavailable = Sunucu şu anda yanıt vermiyor: biraz sonra yeniden deneyin.
# not from the sheet
table-retry-after = { $seconds } s sonra yeniden deneyin.
# not from the sheet
table-start-failed = Sayfa başlatılamadı: yeniden denemek için sayfayı yeniden yükleyin.
