# Escape from Colditz: slova pravidel (karty, místa u stolu, události, odmítnutí, akce).
# Texty karet jsou naše vlastní shrnutí jejich účinku.

colditz-seat-german = Velitel německé posádky
colditz-seat-american = Americký velitel zajatců (modří)
colditz-seat-british = Britský velitel zajatců (červení)
colditz-seat-dutch = Nizozemský velitel zajatců (oranžoví)
colditz-seat-french = Francouzský velitel zajatců (hnědí)
colditz-seat-polish = Polský velitel zajatců (zelení)
colditz-card-rope = Lano
colditz-card-rope-text = Třicet stop lana spleteného z prostěradel: slanit z okna nebo přes zeď tam, kde je na plánu vyznačeno (30 = jedna karta, 60 = dvě).
colditz-card-key = Klíč
colditz-card-key-text = Podomácku vyrobený klíč: otevře dveře označené KEY. Při použití se odevzdá.
colditz-card-pass = Propustka
colditz-card-pass-text = Padělaná propustka: projde hlídanou branou označenou PASS. Při použití se odevzdá.
colditz-card-wire-cutters = Nůžky na drát
colditz-card-wire-cutters-text = Nůžky z okenních rámů: přestřihnout drát mezi dvěma poli, která k němu přiléhají z obou stran.
colditz-card-kit = Vybavení do civilu
colditz-card-kit-text = Převlek, kompas, jídlo, doklady, mapy a peníze: bez něj se žádný útěk nezdaří. Drží se po celou hru, nikdy se neodevzdává, jedno na skupinu.
colditz-card-exchange-rope = Výměna za lano
colditz-card-exchange-rope-text = Ve svém tahu tuto kartu vyměň za kartu Lano.
colditz-card-exchange-key = Výměna za klíč
colditz-card-exchange-key-text = Ve svém tahu tuto kartu vyměň za kartu Klíč.
colditz-card-exchange-pass = Výměna za propustku
colditz-card-exchange-pass-text = Ve svém tahu tuto kartu vyměň za kartu Propustka.
colditz-card-exchange-wire-cutters = Výměna za nůžky
colditz-card-exchange-wire-cutters-text = Ve svém tahu tuto kartu vyměň za kartu Nůžky na drát.
colditz-card-kit-part-compass-food = Část vybavení do civilu: kompas a jídlo
colditz-card-kit-part-compass-food-text = Při získání vybavení do civilu platí za kompas a jídlo.
colditz-card-kit-part-documents-clothing = Část vybavení do civilu: doklady a oblečení
colditz-card-kit-part-documents-clothing-text = Při získání vybavení do civilu platí za doklady (mapy, peníze) a převlek.
colditz-card-release = Propuštění ze samotky
colditz-card-release-text = Ve svém tahu jeden tvůj muž opustí celu na pole před jejími dveřmi, nebo na nejbližší volné pole.
colditz-card-diversion = Odvrácení pozornosti
colditz-card-diversion-text = Vyber jednu stráž na plánu: vrátí se přímo do kasáren.
colditz-card-inspection = Inspekce z vyšších míst
colditz-card-inspection-text = Vyber dvě stráže na plánu: vrátí se přímo do kasáren.
colditz-card-advance-warning = Varování před nástupem a prohlídkou
colditz-card-advance-warning-text = Zahraj při vyhlášení nástupu nebo prohlídky: libovolní tvoji muži se přesunou přímo na volná pole bezpečné zóny.
colditz-card-bribe = Úplatek pro stráž
colditz-card-bribe-text = Vezmi si libovolné dvě karty vybavení pro útěk podle své volby.
colditz-card-sabotage = Sabotáž
colditz-card-sabotage-text = Německý velitel vrátí dvě své bezpečnostní karty dospod balíčku a vytáhne si jen jednu.
colditz-card-hideaway = Skrýš
colditz-card-hideaway-text = Zahraj při prohlídce nebo zatčení: nic ti nebude zkonfiskováno.
colditz-card-tunnel-chapel = Tunel (kaple)
colditz-card-tunnel-chapel-text = Zpřístupní tvým mužům tunel z kaple; nejméně dva v něm musí zůstat.
colditz-card-tunnel-canteen = Tunel (jídelna)
colditz-card-tunnel-canteen-text = Zpřístupní tvým mužům tunel z jídelny; nejméně dva v něm musí zůstat.
colditz-card-tunnel-theatre = Tunel (divadlo)
colditz-card-tunnel-theatre-text = Zpřístupní tvým mužům tunel z divadla; nejméně dva v něm musí zůstat.
colditz-card-staff-car = Služební auto
colditz-card-staff-car-text = Muž, který dojde k autu, hází šestkrát a projíždí hlavní branou.
colditz-card-talisman = Talisman
colditz-card-talisman-text = Zahraj, když Němci střílejí na tvého muže: jejich hod se nezdvojnásobí.
colditz-card-appel = Nástup
colditz-card-appel-text = Zahraj před hodem: nástup. Povinní muži se seřadí; hod pak slouží k pátrání po chybějících.
colditz-card-shoot-to-kill = Střelba
colditz-card-shoot-to-kill-text = Stráž střílí na uprchlíka za zdmi; hod se zdvojnásobí.
colditz-card-arrest-key-holder = Zatčení držitele klíče
colditz-card-arrest-key-holder-text = Proti uprchlíkovi chycenému s klíčem: samotka a konfiskace klíče.
colditz-card-arrest-pass-holder = Zatčení držitele propustky
colditz-card-arrest-pass-holder-text = Proti uprchlíkovi chycenému s propustkou: samotka a konfiskace propustky.
colditz-card-tunnel-detected = Objevení tunelu
colditz-card-tunnel-detected-text = Dvě stráže vstoupí do tunelu kdekoli; tuneláři jdou na samotku.
colditz-card-quick-move-orderlies-quarters = Rychlý přesun: místnost pro vojáky
colditz-card-quick-move-orderlies-quarters-text = Jeden tvůj muž se přesune přímo do místnosti místnost pro vojáky.
colditz-card-quick-move-kitchen = Rychlý přesun: kuchyň
colditz-card-quick-move-kitchen-text = Jeden tvůj muž se přesune přímo do místnosti kuchyň.
colditz-card-quick-move-parcels-office = Rychlý přesun: podatelnu balíčků
colditz-card-quick-move-parcels-office-text = Jeden tvůj muž se přesune přímo do místnosti podatelnu balíčků.
colditz-card-quick-move-dentist = Rychlý přesun: ordinaci zubaře
colditz-card-quick-move-dentist-text = Jeden tvůj muž se přesune přímo do místnosti ordinaci zubaře.
colditz-card-quick-move-showers = Rychlý přesun: sprchy
colditz-card-quick-move-showers-text = Jeden tvůj muž se přesune přímo do místnosti sprchy.
colditz-card-quick-move-guard-house = Rychlý přesun: strážnici
colditz-card-quick-move-guard-house-text = Jeden tvůj muž se přesune přímo do místnosti strážnici.
colditz-card-quick-move-officers-quarters = Rychlý přesun: důstojnické pokoje
colditz-card-quick-move-officers-quarters-text = Jeden tvůj muž se přesune přímo do místnosti důstojnické pokoje.
colditz-card-quick-move-interview-room = Rychlý přesun: výslechovou místnost
colditz-card-quick-move-interview-room-text = Jeden tvůj muž se přesune přímo do místnosti výslechovou místnost.
colditz-card-search-kitchen = Prohlídka kuchyně
colditz-card-search-kitchen-text = Stráže prohledají místnost: muži, jejichž skupina drží vybavení pro útěk, jdou na samotku a za každého se zkonfiskuje jedna karta vybavení.
colditz-card-search-guard-house = Prohlídka strážnice
colditz-card-search-guard-house-text = Stráže prohledají místnost: muži, jejichž skupina drží vybavení pro útěk, jdou na samotku a za každého se zkonfiskuje jedna karta vybavení.
colditz-card-search-stores = Prohlídka skladu
colditz-card-search-stores-text = Stráže prohledají místnost: muži, jejichž skupina drží vybavení pro útěk, jdou na samotku a za každého se zkonfiskuje jedna karta vybavení.
colditz-card-search-showers = Prohlídka sprch
colditz-card-search-showers-text = Stráže prohledají místnost: muži, jejichž skupina drží vybavení pro útěk, jdou na samotku a za každého se zkonfiskuje jedna karta vybavení.
colditz-card-search-sick-bay = Prohlídka marodky
colditz-card-search-sick-bay-text = Stráže prohledají místnost: muži, jejichž skupina drží vybavení pro útěk, jdou na samotku a za každého se zkonfiskuje jedna karta vybavení.
colditz-card-search-dentist = Prohlídka ordinace zubaře
colditz-card-search-dentist-text = Stráže prohledají místnost: muži, jejichž skupina drží vybavení pro útěk, jdou na samotku a za každého se zkonfiskuje jedna karta vybavení.
colditz-card-search-chapel = Prohlídka kaple
colditz-card-search-chapel-text = Stráže prohledají místnost: muži, jejichž skupina drží vybavení pro útěk, jdou na samotku a za každého se zkonfiskuje jedna karta vybavení.
colditz-card-search-orderlies-quarters = Prohlídka místnosti pro vojáky
colditz-card-search-orderlies-quarters-text = Stráže prohledají místnost: muži, jejichž skupina drží vybavení pro útěk, jdou na samotku a za každého se zkonfiskuje jedna karta vybavení.
colditz-card-do-or-die-7 = Buď anebo (7 hodů)
colditz-card-do-or-die-7-text = Muž skupiny s vybavením do civilu utíká naráz s 7 hody; nezdar znamená smrt.
colditz-card-do-or-die-6 = Buď anebo (6 hodů)
colditz-card-do-or-die-6-text = Muž skupiny s vybavením do civilu utíká naráz s 6 hody; nezdar znamená smrt.
colditz-card-do-or-die-5 = Buď anebo (5 hodů)
colditz-card-do-or-die-5-text = Muž skupiny s vybavením do civilu utíká naráz s 5 hody; nezdar znamená smrt.
colditz-card-do-or-die-4 = Buď anebo (4 hodů)
colditz-card-do-or-die-4-text = Muž skupiny s vybavením do civilu utíká naráz s 4 hody; nezdar znamená smrt.
colditz-card-do-or-die-3 = Buď anebo (3 hodů)
colditz-card-do-or-die-3-text = Muž skupiny s vybavením do civilu utíká naráz s 3 hody; nezdar znamená smrt.
colditz-refusal-seats = Escape from Colditz je pro 2 až 6 hráčů.
colditz-refusal-german-seat = Němec musí sedět u stolu.
colditz-refusal-nations = Zadej každému veliteli zajatců jiný národ.
colditz-refusal-success = Podmínka vítězství potřebuje aspoň jeden útěk.
colditz-refusal-time-limit = Časový limit v kolech musí být aspoň jedno kolo.
colditz-refusal-max-throws = Omezení hodů musí být aspoň jeden hod.
colditz-refusal-answer-only = Tato karta odpovídá na nástup, prohlídku nebo zatčení; sama se nehraje.
colditz-refusal-answer-the-window = Nejdřív odpověz na otevřenou otázku.
colditz-refusal-appel-before-throw = Nástup se vyhlašuje před hodem.
colditz-refusal-bribe-two = Úplatek bere přesně dvě karty vybavení.
colditz-refusal-card-not-held = Tuto kartu nedržíš.
colditz-refusal-choose-guards = Vyber stráže na plánu, které karta pošle do kasáren.
colditz-refusal-choose-one-man = Vyber pro tuto kartu jednoho muže.
colditz-refusal-gate-needs-card = Přes toto pole se projde jen s kartou Klíč nebo Propustka.
colditz-refusal-german-only = To smí jen Němec.
colditz-refusal-german-places-guards = Nejdřív Němec rozmístí stráže.
colditz-refusal-give-to-escape-officer = Karty se dávají jinému veliteli zajatců.
colditz-refusal-guard-beyond = Stráže opouštějí tábor jen při pronásledování, když je uprchlík za zdmi.
colditz-refusal-guard-in-doorway = Stráže nesmějí mezi tahy zůstat ve dveřích ani průchodech.
colditz-refusal-guard-in-room = Stráže nesmějí zůstat v místnostech.
colditz-refusal-guard-into-room = Stráže vstoupí do místnosti jen s kartou její prohlídky nebo při nástupu.
colditz-refusal-hand-over-three = Drž nejvýš tři karty: nejdřív jednu zahraj, odhoď nebo daruj.
colditz-refusal-in-solitary = Muž na samotce odejde jen po dublu nebo s kartou propuštění.
colditz-refusal-inner-guards = Rozmísti přesně jednu stráž na skupinu na vnitřní černá pole.
colditz-refusal-kit-held = Tvoje skupina už vybavení do civilu má.
colditz-refusal-kit-part-in-claim = Části vybavení se použijí při získání vybavení do civilu.
colditz-refusal-kit-parts = Tyto karty nejsou části vybavení, které držíš.
colditz-refusal-kit-rooms = Každá chybějící část potřebuje tvého muže v místnosti s jejím symbolem.
colditz-refusal-manual-dice = Zadej všechny hody: po dublu se hází znovu, čísla 1 až 6.
colditz-refusal-no-appel = V tomto tahu není po kom z nástupu pátrat.
colditz-refusal-no-double = Propuštění potřebuje dubl a zbývající bod.
colditz-refusal-no-free-circle = Není pro něj volné pole.
colditz-refusal-no-hideaway-card = To není Skrýš, kterou držíš.
colditz-refusal-no-reserve = V záloze není stráž k nasazení.
colditz-refusal-no-such-offer = Taková nabídka neexistuje.
colditz-refusal-no-such-seat = Takové místo u stolu není.
colditz-refusal-no-turn = Nikdo není na tahu.
colditz-refusal-no-warning-card = To není Varování, které držíš.
colditz-refusal-none-left = Taková karta už nezbyla.
colditz-refusal-not-a-cell = Vyber celu samotky.
colditz-refusal-not-a-free-post = Stráže se nasazují na volná černá pole.
colditz-refusal-not-a-guard-post = Stráže se rozmisťují na černá pole správné oblasti.
colditz-refusal-not-a-neighbour = Táhni krok po kroku na sousední pole.
colditz-refusal-not-a-pow = Vyber zajatce, který není na samotce.
colditz-refusal-not-arrestable = Tohoto zajatce tam nelze zatknout.
colditz-refusal-not-in-solitary = Vyber svého muže na samotce.
colditz-refusal-not-in-symbol-rooms = Oba muži musí stát v místnostech s tímto symbolem.
colditz-refusal-not-now = To teď nejde.
colditz-refusal-not-started = Hra ještě nezačala.
colditz-refusal-not-your-man = To není tvůj muž.
colditz-refusal-not-your-offer = Na tuto nabídku neodpovídáš ty.
colditz-refusal-not-your-turn = Nejsi na tahu.
colditz-refusal-nothing-to-give = Při výměně dáváš aspoň jednu svou kartu (příležitostnou nebo kartu vybavení).
colditz-refusal-occupied = Nikdo nesmí projít přes jiného muže ani na něm stát.
colditz-refusal-offer-stale = Karty z této nabídky už nejsou v držení.
colditz-refusal-outer-guards = Rozmísti 2 až 7 stráží na vnější černá pole.
colditz-refusal-place-guards-first = Nejdřív rozmísti stráže.
colditz-refusal-post-after-arrest = Stráže se nasazují před zatýkáním, ne po něm.
colditz-refusal-post-from-barracks = Stráž v kasárnách se nasazuje, netáhne se.
colditz-refusal-quick-move-man = Vyber svého muže, který není na samotce.
colditz-refusal-recall-from-post = Stráže se odvolávají jen z černých polí.
colditz-refusal-recipient-full = Někdo by pak držel víc než tři karty.
colditz-refusal-return-two = Vrať uvedený počet svých bezpečnostních karet.
colditz-refusal-room-full = V té místnosti není volné pole.
colditz-refusal-same-post-twice = Na jedno černé pole jedna stráž.
colditz-refusal-seeded-dice = V této hře hází kostkami server.
colditz-refusal-state-infringement = Uveď přestupek.
colditz-refusal-stop-in-searchlight = Zajatec se nikdy nezastaví v záři reflektoru.
colditz-refusal-stop-over-tunnel = Nikdo se nezastaví nad tunelem.
colditz-refusal-surrender-not-held = Odevzdej kartu vybavení, kterou tvoje skupina drží.
colditz-refusal-throw-first = Nejdřív hoď kostkami.
colditz-refusal-throw-used = Hod už byl použit.
colditz-refusal-thrown-already = V tomto tahu už se házelo.
colditz-refusal-too-far = Na to nezbývá dost bodů.
colditz-refusal-too-many-guards = Tolik stráží nemáš.
colditz-refusal-trade-between-escape-officers = Kartami obchodují dva velitelé zajatců.
colditz-refusal-untradeable = Obchoduje se jen s příležitostnými kartami a kartami vybavení, každou jednou.
colditz-refusal-warning-moves = Přesuň své muže na různá volná pole bezpečné zóny.
colditz-refusal-window-open = Hra čeká na odpovědi ostatních.
colditz-event-setup = Zámek je připraven, balíčky zamíchány.
colditz-event-guards-placed = Němec rozmístil stráže: { $count }.
colditz-event-thrown = { $player } hází { $dice } (celkem { $score }).
colditz-event-drew-card = { $player } táhne kartu { $card }.
colditz-event-drew-opportunity = { $player } táhne příležitostnou kartu.
colditz-event-drew-security = { $player } táhne bezpečnostní kartu.
colditz-event-moved = Muž { $man } jde o { $steps ->
        [one] 1 pole
        [few] { $steps } pole
       *[other] { $steps } polí
    } a stojí teď: { $to } { $to-ref }.
colditz-event-moved-guard = Stráž { $man } jde o { $steps ->
        [one] 1 pole
        [few] { $steps } pole
       *[other] { $steps } polí
    } a stojí teď: { $to } { $to-ref }.
colditz-event-immunity-lost = Muž { $man } sešel z cesty zpět: může být znovu zatčen.
colditz-event-arrested = Muž { $man } je zatčen a odveden na samotku ({ $cell-ref }).
colditz-event-hideaway = { $player } hraje Skrýš: nic se nekonfiskuje.
colditz-event-confiscated = { $player } odevzdává kartu { $card }.
colditz-event-nothing-confiscated = { $player } nemá co odevzdat.
colditz-event-posted = Stráž nasazena na stanoviště: { $to } { $to-ref }.
colditz-event-recalled = Stráž { $man } se vrací do kasáren.
colditz-event-released = Muž { $man } je propuštěn ze samotky a stojí teď: { $to } { $to-ref }.
colditz-event-equipment-claimed = { $player } získává kartu { $card }; oba muži jdou na nástupiště.
colditz-event-kit-claimed = { $player } získává vybavení do civilu.
colditz-event-played = { $player } hraje kartu { $card }.
colditz-event-discarded-card = { $player } odhazuje kartu { $card }.
colditz-event-discarded = { $player } odhazuje kartu.
colditz-event-given-card = { $player } dává kartu { $card } hráči { $to }.
colditz-event-given = { $player } dává kartu hráči { $to }.
colditz-event-appel-answered = { $player }: odpověď na nástup přijata.
colditz-event-appel-resolved = Nástup: { $lined ->
        [one] nastoupil { $lined } muž
        [few] nastoupili { $lined } muži
       *[other] nastoupilo { $lined } mužů
    }, chybí: { $absent }.
colditz-event-absentees-searched = Stráže pátrají po chybějících: na samotku { $caught ->
        [one] jde { $caught } muž
        [few] jdou { $caught } muži
       *[other] jde { $caught } mužů
    }.
colditz-event-search-answered = { $player }: odpověď na prohlídku přijata.
colditz-event-search-resolved = Prohlídka ({ $room }): na samotku jde mužů: { $caught }, zkonfiskováno karet: { $confiscated }.
colditz-event-security-returned = Němec vrací bezpečnostní karty: { $count }.
colditz-event-offer-made = { $player } nabízí výměnu hráči { $to }.
colditz-event-offer-accepted = Výměna proběhla.
colditz-event-offer-declined = Nabídka byla odmítnuta.
colditz-event-offer-withdrawn = Nabídka byla stažena.
colditz-event-disciplined = Muž { $man } jde na samotku za: { $infringement }.
colditz-event-standing-orders = { $player } nastavuje stálé rozkazy.
colditz-event-private = { $player } provádí skrytý tah (co to bylo, vidí jen tento hráč).
colditz-event-turn-ended = { $player } končí tah.
colditz-event-conceded = { $player } vzdává hru.
colditz-action-place-guards = Rozmístit stráže
colditz-action-throw = Hodit kostkami
colditz-action-move = Táhnout mužem
colditz-action-release = Propustit ze samotky (dubl)
colditz-action-claim-equipment = Získat vybavení
colditz-action-claim-kit = Získat vybavení do civilu
colditz-action-play = Zahrát { $card }
colditz-action-discard = Odhodit { $card }
colditz-action-give = Darovat kartu
colditz-action-post-guard = Nasadit stráž
colditz-action-return-guard = Odvolat stráž
colditz-action-search-absentees = Pátrat po chybějících
colditz-action-end-turn = Ukončit tah
colditz-action-answer-appel = Odpovědět na nástup
colditz-action-answer-search = Odpovědět na prohlídku
colditz-action-answer-confiscation = Odevzdat vybavení
colditz-action-return-security = Vrátit bezpečnostní karty
colditz-action-offer-trade = Nabídnout výměnu
colditz-action-accept-offer = Přijmout nabídku
colditz-action-decline-offer = Odmítnout nabídku
colditz-action-withdraw-offer = Stáhnout nabídku
colditz-action-discipline = Poslat na samotku (pravidlo 55)
colditz-action-standing-orders = Nastavit stálé rozkazy
colditz-refusal-wire-needs-cutters = Přes drát se dostaneš jen s kartou Štípačky.
colditz-refusal-rope-back-needs-card = Zpět po laně nahoru stojí další kartu Lano (pravidlo 40).
colditz-refusal-rope-needs-cards = Tento sestup potřebuje karty Lano: jednu pro 30, dvě pro 60.
colditz-refusal-escape-needs-kit = Bez výbavy pro útěk se útěk nepodaří.
colditz-refusal-path-past-target = Útěk končí v cíli: cesta tam končí.
colditz-refusal-guard-chase-route = Stráž při pronásledování jde přes zdi a drát i za hradbami jen cestou, kterou šel uprchlík, pole za polem.
colditz-refusal-guard-in-tunnel = Stráže se po tunelech nepohybují.
colditz-refusal-game-over = Hra skončila.
colditz-refusal-not-at-the-car = Muž musí stát na jednom z polí služebního auta.
colditz-refusal-name-guard-and-man = Urči jednu stráž na desce a jednoho zajatce, na kterého se střílí.
colditz-refusal-not-beyond = Střílet lze jen po zajatci za zdmi nebo drátem.
colditz-refusal-before-the-throw = Útěk „teď nebo nikdy“ se dělá před hodem v tahu.
colditz-refusal-needs-kit = Útěk „teď nebo nikdy“ potřebuje výbavu pro útěk.
colditz-refusal-not-in-prisoners-area = Útěk „teď nebo nikdy“ začíná v prostoru zajatců (podle volby na světle zeleném poli).
colditz-refusal-no-card = Balíček je prázdný.
colditz-refusal-no-date-limit = Tato hra nemá časový limit datem.
colditz-refusal-bad-date = Zadej datum ve tvaru RRRR-MM-DD.
colditz-refusal-before-the-limit = Časový limit ještě neuplynul.
colditz-refusal-no-talisman-card = Ten Talisman nemáš.
colditz-event-escaped = { $player }: muž { $man } utekl: útěk se zdařil!
colditz-event-shot = { $player }: muž { $man } je zastřelen.
colditz-event-died = { $player }: muž { $man } neuspěl při útěku „teď nebo nikdy“ a je zastřelen.
colditz-event-died-team-out = { $player }: muž { $man } neuspěl při útěku „teď nebo nikdy“ a je zastřelen; celá skupina vypadává.
colditz-event-chase-ended = Pronásledování skončilo: { $count ->
        [one] { $count } stráž se vrací
        [few] { $count } stráže se vracejí
       *[other] { $count } stráží se vrací
    } do kasáren.
colditz-event-do-or-die = Muž { $man } utíká „teď nebo nikdy“: { $throws ->
        [one] { $throws } hod
        [few] { $throws } hody
       *[other] { $throws } hodů
    }, skóre { $score } (potřeba { $needed }).
colditz-event-shot-hit = Výstřel na muže { $man } (dostřel { $range }) zasáhl.
colditz-event-shot-missed = Výstřel na muže { $man } (dostřel { $range }) minul.
colditz-event-time-up = Časový limit uplynul ({ $today }).
colditz-action-do-or-die = Běžet „teď nebo nikdy“
colditz-action-answer-talisman = Odpovědět na výstřel (Talisman)
colditz-action-time-up = Ohlásit konec časového limitu
colditz-outcome-german = Vítězí německý bezpečnostní důstojník (útěky: { $escapes }, mrtví: { $deaths }).
colditz-outcome-german-time = Vypršel časový limit: vítězí německý bezpečnostní důstojník (útěky: { $escapes }, mrtví: { $deaths }).
colditz-outcome-escape = Vítězí { $player } (útěky: { $escapes }, mrtví: { $deaths }).
colditz-action-concede = Vzdát hru
colditz-outcome-german-conceded = Německý bezpečnostní důstojník hru vzdal: o vítězství se dělí týmy, které jsou ještě ve hře (útěky: { $escapes }, mrtví: { $deaths }).
colditz-outcome-escapers-conceded = Všichni důstojníci zajatců hru vzdali: vítězí německý bezpečnostní důstojník (útěky: { $escapes }, mrtví: { $deaths }).
colditz-refusal-no-holder-card = Tuto kartu pro klíč nebo propustku nemáš.
colditz-event-holder-asked = Muž { $man } použil klíč nebo propustku: Němec je dotázán, zda vlastníka uvězní.
colditz-event-holder-arrested = Němec uvězní muže { $man } jako vlastníka klíče nebo propustky.
colditz-event-holder-not-arrested = Němec muže { $man } neuvězní.
colditz-action-answer-arrest-holder = Odpověď: uvěznit vlastníka klíče nebo propustky?
colditz-refusal-tunnel-not-open = Kartu tohoto tunelu nikdo nevyložil: tunel se nepoužívá.
colditz-refusal-enter-at-an-end = Do tunelu se vstupuje jen na jednom z jeho dvou konců.
colditz-refusal-leave-at-an-end = Z tunelu se vystupuje jen na jednom z jeho dvou konců.
colditz-refusal-two-stay-inside = V tunelu musí zůstat aspoň dva muži.
colditz-refusal-tunnel-alone = Muž sám nesmí tunel opustit: tunel musí držet dva muži. Přiveďte do něj druhého; kdo v něm na konci tahu zůstane sám, vyleze tam, kudy do něj vlezl.
colditz-refusal-not-a-hand-card = Karty „teď nebo nikdy“ se táhnou pro útěk, nedrží se v ruce.
colditz-refusal-not-playable = Tuto kartu takto zahrát nelze.
colditz-refusal-no-such-tunnel = Urči používaný tunel.
colditz-refusal-two-guards = Urči dvě stráže na desce.
colditz-refusal-guards-too-far = Obě stráže na tento hod k tunelu nedojdou.
colditz-event-tunnel-closed = { $tunnel } se uzavírá; karta se vrací.
colditz-event-tunnel-detected = Tunel objeven: { $caught ->
        [one] { $caught } tunelář jde
        [few] { $caught } tuneláři jdou
       *[other] { $caught } tunelářů jde
    } na samotku.
colditz-refusal-team-out = Tvoje skupina vypadla ze hry.
colditz-refusal-conceded = Váš tým hru vzdal a už není ve hře.
colditz-refusal-concede-window-open = Ve hře čeká otázka: nejdřív musí přijít odpověď, potom lze hru vzdát.
colditz-refusal-wire-back-needs-card = Zpět dovnitř přes drát stojí další kartu Štípačky (pravidlo 40).
colditz-refusal-hideaway-or-card = Zahraj Skrýš, nebo odevzdej kartu, ne obojí.
colditz-refusal-no-such-man = Muž s tímto číslem v této hře není.
colditz-refusal-throw-the-run = Karta „teď nebo nikdy“ je vytažena: teď zadej hody útěku.
colditz-refusal-draw-first = Nejdřív si vytáhni kartu „teď nebo nikdy“ (pošli útěk bez kostek); ukáže, kolik máš hodů.
colditz-refusal-riot-squad-whole-throw = Lítačka stojí celý hod: zavolej ji po hodu, dřív než kohokoli posuneš, nasadíš nebo odvoláš.
colditz-refusal-riot-squad-all-reserves = Lítačka nasadí všechny stráže v záloze (kolik jich volná černá pole pojmou).
colditz-refusal-warning-needs-equipment = Cesta na toto bezpečné pole potřebuje vybavení, které tvá skupina nemá.
colditz-refusal-infringement-too-long = Popiš provinění stručněji (nejvýš 1000 znaků).
colditz-event-riot-squad = Němec volá lítačku: naráz nasazuje { $count ->
        [one] { $count } stráž
        [few] { $count } stráže
       *[other] { $count } stráží
    }.
colditz-event-lend-asked = { $player } žádá { $lender } o zapůjčení muže k získání vybavení.
colditz-event-lend-agreed = { $player } svého muže půjčuje.
colditz-event-lend-refused = { $player } svého muže nepůjčuje.
colditz-event-do-or-die-drawn = Muž { $man } si táhne kartu „teď nebo nikdy“: { $throws ->
        [one] { $throws } hod
        [few] { $throws } hody
       *[other] { $throws } hodů
    }.
colditz-event-tunnel-left = Muž { $man } zůstal v tunelu sám a vylézá ven.
colditz-action-riot-squad = Zavolat lítačku (všechny stráže ze zálohy naráz; hod je spotřebován)
colditz-action-answer-lend = Odpověď: půjčit muže k získání vybavení?

## The board drawing

# Escape from Colditz: hrací plán (místnosti, symboly, vysvětlivky). Používá je obrázek plánu
# i každá stránka, která jmenuje nějaké místo.

colditz-board-title = Escape from Colditz: hrací plán
colditz-board-legend-title = Vysvětlivky
colditz-board-kommandantur = Komandantura
colditz-board-barracks = Německá kasárna
colditz-board-staff-car = Služební auto
colditz-board-mark-key = KLÍČ
colditz-board-mark-pass = PROPUSTKA

## Pole
colditz-board-legend-plain = Pole
colditz-board-legend-appel = Nástupní pole: zde nelze zatknout
colditz-board-legend-safe = Bezpečná zóna: bez zatčení, bez nástupu
colditz-board-legend-guard-post = Stanoviště stráže (černé pole)
colditz-board-legend-searchlight = Reflektor: přeběhnout lze, zůstat ne
colditz-board-legend-key = Pole Klíč: projde jen ten, kdo odevzdá Klíč
colditz-board-legend-pass = Pole Propustka: projde jen ten, kdo odevzdá Propustku
colditz-board-legend-tunnel = Tunel (s kartou Tunel)
colditz-board-legend-do-or-die = Start útěku „buď anebo“
colditz-board-legend-rope-drop = Spuštění po laně: 30 = jedno Lano, 60 = dvě
colditz-board-legend-landing = Místo dopadu (bíle orámované)
colditz-board-legend-target = Cíl útěku
colditz-board-legend-cell = Samotka
colditz-board-legend-cell-door = Dveře samotek: propuštěný vychází sem
colditz-board-legend-barracks-slot = Místo v kasárnách pro strážce v záloze
colditz-board-legend-staff-car = Pole u služebního auta (nástup)

## Oblasti
colditz-board-area-courtyard = Vnitřní nádvoří zajatců
colditz-board-area-room = Místnost
colditz-board-area-cells = Samotky
colditz-board-area-terrace = Vnější prostory a terasy
colditz-board-area-kommandantur = Komandantura (nádvoří posádky)
colditz-board-area-lawn = Trávník
colditz-board-area-barracks = Německá kasárna
colditz-board-area-fields = Pole za zdmi a dráty
colditz-board-area-river = Řeka
colditz-board-area-bridge = Most
colditz-board-area-wall = Zeď
colditz-board-area-wire = Ostnatý drát: s nůžkami mezi protilehlými poli

## Místnosti
colditz-room-chapel = Kaple
colditz-room-office = Kancelář
colditz-room-sick-bay = Marodka
colditz-room-parcels-office = Příjem balíčků
colditz-room-dentist = Zubař
colditz-room-wc = Záchody
colditz-room-laundry = Prádelna
colditz-room-canteen = Jídelna
colditz-room-stores = Zásobárna
colditz-room-interview-room = Místnost pro výslechy
colditz-room-kitchen = Kuchyně
colditz-room-orderlies-quarters = Místnosti pro vojáky
colditz-room-officers-quarters = Důstojnické byty
colditz-room-showers = Sprchy
colditz-room-theatre = Kino
colditz-room-guard-house = Strážnice

## Symboly vybavení
colditz-symbol-food = jídlo
colditz-symbol-rope = lano
colditz-symbol-key = klíč
colditz-symbol-pass = propustka
colditz-symbol-documents = dokumenty
colditz-symbol-wire-cutters = nůžky na drát
colditz-symbol-disguise = převlek
colditz-symbol-compass = kompas

## Cíle
colditz-target-nw = Severozápad
colditz-target-n = Sever
colditz-target-ne = Severovýchod
colditz-target-e = Východ
colditz-target-sw = Jihozápad
colditz-target-s = Jih
colditz-target-se = Jihovýchod

## Tunely
colditz-tunnel-chapel = Tunel (Kaple)
colditz-tunnel-canteen = Tunel (Jídelna)
colditz-tunnel-theatre = Tunel (Kino)

## The game page

# Útěk z Colditzu na webu: jméno hry na úvodní stránce a ve formuláři nové hry, řádky vedle
# plánu, popisky figurek a to, na co se ptají formuláře tahů.

colditz-name = Útěk z Colditzu
colditz-about = Německý bezpečnostní důstojník proti až pěti únikovým důstojníkům: shánějte výstroj, vyhýbejte se strážím a nástupům, dostaňte své muže z hradu. 2–6 hráčů.
colditz-new-help = Níže vyberte, který hráč je německý bezpečnostní důstojník a jaký národ má každý únikový důstojník (obvykle je první hráč Němec a ostatní jsou Američan, Brit, Nizozemec, Francouz a Polák v tomto pořadí), kolik útěků vyhrává a jaký je časový limit.
colditz-opt-dice = Kostky
colditz-opt-dice-seeded = Hází server (prokazatelně férově)
colditz-opt-dice-manual = Skutečné kostky: hráči zapíší, co hodili

colditz-page-piece-guard = Stráž { $man } ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-american = Muž { $man }, Američan ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-british = Muž { $man }, Brit ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-dutch = Muž { $man }, Nizozemec ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-french = Muž { $man }, Francouz ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-polish = Muž { $man }, Polák ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-immune = vrací se z vnějších cel, nelze ho zatknout

colditz-page-note-turn = Tah
colditz-page-placing = { $player } rozmísťuje stráže.
colditz-page-turn = Kolo { $round }: na tahu je { $player }.
colditz-page-not-thrown = Ještě se neházelo.
colditz-page-thrown = Hozeno { $dice } (součet { $score }); { $points ->
    [one] zbývá jeden bod
    [few] zbývají { $points } body
   *[other] zbývá { $points } bodů
} na pohyb.
colditz-page-releases = { $count ->
    [one] Dvojice může
    [few] { $count } dvojice mohou
   *[other] { $count } dvojic může
} propustit muže ze samotky.
colditz-page-appel-called = V tomto tahu byl vyhlášen nástup: stráže smějí vstoupit do místností.
colditz-page-absent = Muži, kteří nepřišli na nástup: { $men }.
colditz-page-hand-over-three = V ruce máte { $cards } { $cards ->
        [few] karty
       *[other] karet
    }: než budete moci ukončit tah, jednu zahrajte, odhoďte nebo darujte (C18: nejvýš tři).

colditz-page-note-window = Čeká se na odpověď
colditz-page-window-appel = Nástup: každý únikový důstojník tajně volí, kteří jeho muži nastoupí.
colditz-page-window-search = Prohlídka (místnost: { $room }): odpovídají únikoví důstojníci, jejichž muži tam jsou.
colditz-page-window-confiscation = Zabavení: { $player } odevzdá jednu kartu výstroje, nebo zahraje Skrýš.
colditz-page-window-sabotage = Sabotáž: { $player } vrací do balíčku { $owed ->
        [one] { $owed } bezpečnostní kartu
        [few] { $owed } bezpečnostní karty
       *[other] { $owed } bezpečnostních karet
    }.
colditz-page-window-waiting = Čeká se na hráče { $player }.
colditz-page-window-answered = { $player }: odpověď už přišla (zůstává tajná, dokud neodpovědí všichni).
colditz-page-window-default-appel = Když lhůta uplyne, kdo neodpověděl, tomu nastoupí všichni muži.
colditz-page-window-default-search = Když lhůta uplyne, kdo neodpověděl, nehraje žádnou kartu.
colditz-page-window-default-confiscation = Když lhůta uplyne, odevzdá se karta výstroje s nejnižším číslem.
colditz-page-window-default-sabotage = Když lhůta uplyne, vrátí se první bezpečnostní karty z ruky.

colditz-page-note-your-hand = Vaše karty příležitostí
colditz-page-note-your-security = Vaše bezpečnostní karty
colditz-page-note-hand-of = Karty hráče { $player }
colditz-page-card = { $card }: { $text }
colditz-page-hand-empty = Žádné karty.
colditz-page-note-hands = Karty v ostatních rukou
colditz-page-hand-size = { $player }: { $count ->
    [one] jedna karta příležitosti
    [few] { $count } karty příležitostí
   *[other] { $count } karet příležitostí
}
colditz-page-hand-size-security = { $player }: { $count ->
    [one] jedna bezpečnostní karta
    [few] { $count } bezpečnostní karty
   *[other] { $count } bezpečnostních karet
}

colditz-page-note-equipment = Držená úniková výstroj
colditz-page-equipment = { $player }: { $card }
colditz-page-no-equipment = Zatím žádný tým nedrží výstroj.

colditz-page-note-packs = Balíčky
colditz-page-packs = Lícem dolů: příležitosti { $opportunity }, bezpečnostní { $security }, Buď anebo { $doordie }.
colditz-page-stock = Dosud nevzato: { $card } × { $count }

colditz-page-note-offers = Nabídky výměny
colditz-page-offer = Nabídka { $offer }: { $from } hráči { $to }
colditz-page-offer-gives = dává { $card }
colditz-page-offer-wants = chce { $card }

colditz-page-note-orders = Vaše stálé rozkazy
colditz-page-order-appel = Na nástup jdou všichni moji muži: { $answer }
colditz-page-order-confiscation = Zabavení vyřídit hned (Skrýš, mám-li ji, jinak nejnižší karta): { $answer }
colditz-page-order-talisman = Talisman zahrát hned při střelbě: { $answer }
colditz-page-order-lend = Muže půjčit hned, když jiný únikový důstojník požádá: { $answer }
colditz-page-order-holders = Uvěznění vlastníka klíče/propustky: { $answer }
colditz-page-order-cell = Cela pro chycené, kde tah žádnou neurčí: { $cell }
colditz-page-yes = ano
colditz-page-no = ne

colditz-page-path-clear = Vymazat
colditz-page-path-help = Klikáním na kroužky v plánu se vyplňují políčka formulářů, která chtějí místa: cesta tahu krok za krokem, stanoviště stráží, cely. Kliknutím na svého muže vyberete jeho tah. Nebo napište řádek·sloupec kroužků z okrajů plánu, popořadě, např. 17·28 17·29.

colditz-input-inner = Vnitřní stanoviště stráží (klikněte na kroužky v plánu, nebo napište řádek·sloupec z okrajů plánu, např. 17·28 17·29; prázdné: navržená):
colditz-input-outer = Vnější stanoviště stráží, 2 až 7 (klikněte na kroužky v plánu, nebo napište řádek·sloupec, např. 17·28 17·29; prázdné: navržená):
colditz-input-dice = Vaše hody, vždy dvě čísla (např. 6 6, 2 5):
colditz-input-path = Cesta:
colditz-input-cell = Cela pro zatčeného (klikněte na celu v plánu nebo napište její řádek·sloupec; prázdné: první volná):
colditz-input-guards = Stráže poslat zpět (jejich čísla; prázdné: navržené):
colditz-input-quick-move-man = Který muž se přesune (číslo; prázdné: navržený):
colditz-input-bribe = Výstroj, kterou si vezmete, dva kusy z těchto: lano, klíč, propustka, štípačky (prázdné: lano a klíč):
colditz-input-return-security = Bezpečnostní karty k vrácení (nic nezaškrtnuto: navržené):
colditz-input-absent = Muži, kteří nenastoupí (čísla; prázdné: nastoupí všichni):
colditz-input-hideaway = Karta Skrýš k zahrání:
colditz-input-surrender = Karty vybavení, které odevzdáte nejdřív (nepovinné):
colditz-page-none = žádná
colditz-input-give = Karty, které dáváte:
colditz-input-want = Karty, které chcete (vybavení druhého týmu):
colditz-input-man = Muž (číslo na jeho figurce):
colditz-input-infringement = Přestupek:
colditz-input-order-appel = Na nástup jdou všichni moji muži:
colditz-input-order-confiscation = Zabavení vyřídit hned:

colditz-page-action-post = Postavit stráž z kasáren
colditz-input-post = Na stanoviště:
colditz-page-action-move = Táhnout mužem { $man } (stojí: { $from } { $from-ref })
colditz-page-action-move-guard = Táhnout stráží { $man } (stojí: { $from } { $from-ref })
colditz-page-action-recall = Stáhnout stráž { $man } (stojí: { $from } { $from-ref })
colditz-page-action-release = Propustit muže { $man } ze samotky (dvojice)
colditz-page-action-give = Dát { $card } hráči { $player }
colditz-page-action-surrender = Odevzdat { $card }
colditz-page-action-hideaway = Zahrát Skrýš: nic se nezabaví
colditz-page-action-claim = Získat { $card } (muži { $a } a { $b })
colditz-page-action-accept = Přijmout nabídku { $offer }
colditz-page-action-decline = Odmítnout nabídku { $offer }
colditz-page-action-withdraw = Stáhnout nabídku { $offer }
colditz-page-action-offer = Nabídnout výměnu hráči { $player }
colditz-page-action-play-men = Zahrát { $card } (muži { $men })

# Na stránce každé hry s lhůtou (nejen Colditzu): dokdy musí ti, na které se čeká, jednat.

colditz-page-action-warning = Odpovědět kartou Varování
colditz-input-shooter = Stráž, která střílí, a muž, na kterého střílí (jejich čísla; prázdné: navržení):
colditz-input-cells = Cely pro chycené muže, popořadě (klikněte na cely v plánu nebo napište jejich řádek·sloupec; prázdné: první volné):
colditz-input-tunnel-guards = Dvě stráže, které vejdou do tunelu (jejich čísla; prázdné: dvě nejbližší, navržené):
colditz-input-riot-posts = Stanoviště pro lítačku (klikněte na kroužky v plánu nebo napište jejich řádek·sloupec; prázdné: první volná stanoviště v pořadí plánu):
colditz-input-do-or-die-dice = Hody, které karta „teď nebo nikdy“ žádá, po dvou číslech (např. 6 6, 2 5):
colditz-input-order-lend = Půjčit své muže hned, když o ně jiný únikový důstojník požádá:
colditz-input-order-talisman = Když Němec střílí po mém muži, zahrát Talisman, mám-li ho:
colditz-input-order-holders = Když zajatec odevzdá Klíč nebo Propustku (Uvěznění vlastníka klíče/propustky):
colditz-input-order-cell = Cela pro chycené muže, kde můj tah žádnou neurčí (klikněte na celu v plánu nebo napište její řádek·sloupec; prázdné: ponechat dosavadní):
colditz-page-holder-always = zahrát kartu vždy, když ji mám
colditz-page-holder-never = nikdy ji nehrát
colditz-page-holder-ask = pokaždé se mě zeptat (tah na mě počká)
colditz-page-action-place-guards = Rozestavit stráže
colditz-page-action-do-or-die = Běžet „teď nebo nikdy“ s mužem { $man } (stojí: { $from } { $from-ref })
colditz-page-action-do-or-die-throw = Hodit běh „teď nebo nikdy“ muže { $man }
colditz-page-action-riot-squad = Zavolat lítačku ({ $count ->
        [one] 1 stráž
        [few] { $count } stráže
       *[other] { $count } stráží
    })
colditz-page-confirm = Opravdu táhnout?
colditz-confirm-end-turn = Ukončit tah, i když z hodu zbývá { $points } { $points ->
        [one] bod
        [few] body
       *[other] bodů
    }? Propadnou.
colditz-confirm-do-or-die-team = Poslat muže { $man } na útěk „teď nebo nikdy“? Kostky rozhodnou hned: když neuspěje, je zastřelen a celý váš tým vypadává ze hry.
colditz-confirm-concede = Vzdát hru? Vaši muži natrvalo opustí desku a váš tým už nehraje; jste-li poslední tým ve hře, vítězí Němec. Nejde to vzít zpět.
colditz-confirm-concede-german = Vzdát hru? Hra hned končí a o vítězství se dělí týmy zajatců, které jsou ještě ve hře. Nejde to vzít zpět.
colditz-confirm-do-or-die-him = Poslat muže { $man } na útěk „teď nebo nikdy“? Kostky rozhodnou hned: když neuspěje, je zastřelen.
colditz-input-warning-moves = Muži do bezpečných kruhů: číslo muže a pak řádek·sloupec jeho kruhu z okrajů plánu (např. 3 17·28, 4 17·29):
colditz-typed-wrong-area = „{ $typed }“ jmenuje dvě různá místa: { $ref } leží v místě { $area }. Napište jen řádek a sloupec, nebo k nim jméno místa, kde leží.
colditz-typed-unknown-place = V plánu není kroužek „{ $typed }“. Napište řádek a sloupec kroužku, jak jsou očíslované po okrajích plánu, např. 17·28 nebo 17.28; na stránce hry na něj můžete také kliknout.
colditz-typed-unknown-equipment = „{ $typed }“ není druh únikové výstroje: napište dva z těchto: lano, klíč, propustka, štípačky.
colditz-page-window-talisman = Střílet bez varování: { $player } může zahrát Talisman, který dostřel zkrátí na polovinu.
colditz-page-window-arrest-holder = Byl použit klíč nebo propustka: { $player } může zahrát Zatčení držitele klíče nebo propustky.
colditz-page-window-default-talisman = Když lhůta uplyne, Talisman se nehraje.
colditz-page-window-default-arrest-holder = Když lhůta uplyne, karta zatčení se nehraje.
colditz-page-note-end = Hra skončila
colditz-page-end-escapes = { $player }: útěků { $n }
colditz-page-end-deaths = Zastřelení a padlí: { $n }
colditz-page-note-gone = Kdo odešel, po pořádku
colditz-page-gone-escaped = Kolo { $round }: muž { $man } hráče { $player } utekl (cíl: { $target } { $target-ref })
colditz-page-gone-shot = Kolo { $round }: muž { $man } hráče { $player } byl zastřelen
colditz-page-gone-do-or-die = Kolo { $round }: muž { $man } hráče { $player } padl při pokusu „Buď anebo“
colditz-page-gone-team-out = Kolo { $round }: muž { $man } hráče { $player } odešel ze hry se svým družstvem
colditz-page-window-lend = Žádost o zapůjčení muže k cizímu získání vybavení čeká na odpověď hráče { $player }.
colditz-page-gone-conceded = Kolo { $round }: muž { $man } hráče { $player } odešel ze hry, když jeho tým hru vzdal
colditz-page-window-default-lend = Když lhůta uplyne, muž se nepůjčí.

## Opravy podle pravidla 55 po sporu
colditz-event-put-back = Muž { $man } se vrací tam, kde stál: { $to } { $to-ref } (pravidlo 55).
colditz-event-equipment-returned = { $player } vrací { $card } do zásoby (pravidlo 55).
colditz-remedy-put-back = Vrátit muže { $man }, který se v tom kroku pohnul, tam, kde stál před ním: { $to } { $to-ref }
colditz-remedy-solitary = Poslat muže { $man }, který se v tom kroku pohnul, za přestupek na samotku
colditz-remedy-return-equipment = { $seat } vrací { $card }, získané v tom kroku
colditz-refusal-not-a-man = Takový muž na plánu není.
colditz-refusal-no-such-circle = Takové pole na plánu není.
colditz-refusal-put-back-taken = Na tom poli teď někdo stojí.
colditz-refusal-equipment-not-held = To vybavení už tým nemá.

# Místa, jak je jmenuje plán (místnost nebo oblast a řádek·sloupec, jak jsou očíslované po okrajích).
colditz-place = { $area } { $ref }
colditz-place-courtyard = Nádvoří
colditz-place-cells = Cely
colditz-place-terrace = Terasa
colditz-place-kommandantur = Komandatura
colditz-place-lawn = Trávník
colditz-place-barracks = Kasárna
colditz-place-fields = Pole
colditz-place-river = Řeka
colditz-place-bridge = Most
colditz-place-wall = Zeď
colditz-place-board = Plán
colditz-board-own-drawing = Tento plán je naše vlastní kresba hradu pro hru poštou: vzdálenosti, místnosti a průchody se liší od tištěného plánu hry Útěk z Colditzu.
colditz-zoom-fit = Celý
colditz-opt-do-or-die-only-him = Varianta „teď nebo nikdy“: neúspěšný útěk zabije jen běžce, ne celý jeho tým
colditz-opt-do-or-die-from-green = Varianta „teď nebo nikdy“: běžec musí vyrazit ze světle zeleného kroužku „teď nebo nikdy“
# Vnořené volby ve formuláři nové hry.
colditz-form-legend = Týmy, vítězství a časový limit
colditz-form-help = Německý bezpečnostní důstojník hraje proti všem únikovým důstojníkům. Každý únikový důstojník vede tým jednoho národa; vyhrává ten, kdo první dosáhne dohodnutého počtu útěků, a nedosáhne-li ho nikdo do konce času, vyhrává Němec.
colditz-form-german = Německým bezpečnostním důstojníkem je
colditz-form-player = hráč { $n }
colditz-form-nations = Národy únikových důstojníků v pořadí hráčů po Němci
colditz-form-nation = Únikový důstojník { $n }
colditz-form-escapes = Počet útěků k vítězství (podmínka úspěchu)
colditz-form-time-limit = Časový limit
colditz-form-time-standard = Obvyklý počet kol podle počtu hráčů ({ $two } pro 2, { $three } pro 3, { $four } pro 4, { $five } pro 5, { $six } pro 6)
colditz-form-time-rounds = Tolik kol (níže)
colditz-form-time-date = Do data (níže)
colditz-form-time-none = Bez limitu (Němec pak stěží vyhraje)
colditz-form-rounds = Počet kol, je-li limit v kolech
colditz-form-date = Datum, je-li limit datem
colditz-form-max-throws = Nejvýš tolik hodů za tah po dubletech (prázdné: bez omezení)
colditz-form-bad-german = Vyberte, který hráč je německý bezpečnostní důstojník.
colditz-form-rounds-missing = Časový limit v kolech potřebuje počet kol (aspoň jedno).
colditz-form-date-missing = Časový limit datem potřebuje datum.

## Commands in a reply to the turn mail ("táhni 14 17·30 17·31", "zahraj 66")
colditz-cmd-place-guards = stráže
colditz-cmd-throw = hoď
colditz-cmd-move = táhni
colditz-cmd-release = propusť
colditz-cmd-claim = získej
colditz-cmd-equipment-rope = lano
colditz-cmd-equipment-key = klíč
colditz-cmd-equipment-pass = propustka
colditz-cmd-equipment-wire-cutters = štípačky
colditz-cmd-claim-kit = výstroj
colditz-cmd-play = zahraj
colditz-cmd-discard = odhoď
colditz-cmd-give = dej
colditz-cmd-post = postav
colditz-cmd-recall = stáhni
colditz-cmd-search = prohledej
colditz-cmd-riot-squad = pohotovost
colditz-cmd-end = konec
colditz-cmd-appel = nástup
colditz-cmd-warning = varování
colditz-cmd-search-answer = odpověz
colditz-cmd-hideaway = skrýš
colditz-cmd-surrender = vydej
colditz-cmd-return-security = vrať
colditz-cmd-offer = nabídni
colditz-cmd-accept = přijmi
colditz-cmd-decline = odmítni
colditz-cmd-withdraw = odvolej
colditz-cmd-discipline = samotka
colditz-cmd-orders = rozkazy
colditz-cmd-do-or-die = vše-nebo-nic
colditz-cmd-talisman = talisman
colditz-cmd-no-talisman = bez-talismanu
colditz-cmd-arrest-holder = zatkni
colditz-cmd-no-arrest = nezatýkej
colditz-cmd-lend = půjč
colditz-cmd-refuse-lend = nepůjč
colditz-cmd-time-up = čas-vypršel
colditz-cmd-concede = vzdávám
colditz-status-asked = Máte odpovědět: { $window } (na tahu je { $player }).
colditz-window-name-appel = nástup
colditz-window-name-search = prohlídka
colditz-window-name-confiscation = zabavení
colditz-window-name-sabotage = sabotáž
colditz-window-name-talisman = střelba (talisman?)
colditz-window-name-arrest-holder = použitý klíč nebo propustka (karta zatčení?)
colditz-window-name-lend = zapůjčení muže
colditz-page-note-last = Poslední krok
colditz-page-last-moved = Muž { $man } šel z místa { $from } { $from-ref } na { $to } { $to-ref }
colditz-page-last-guard = Stráž { $man } šla z místa { $from } { $from-ref } na { $to } { $to-ref }
colditz-page-last-arrested = Muže { $man } odvedli z místa { $from } { $from-ref } do cel ({ $to-ref })
colditz-page-last-card = { $player }: ukázaná karta { $card }
# Plán v e-mailu slovy, z pohledu čtenáře (obrázek ukazuje jen část hradu).
colditz-mail-man = Váš muž { $man }: { $area } { $ref }{ $tunnel ->
        [yes] , v tunelu
       *[no] {""}
    }.
colditz-mail-guard = Stráž { $man }: { $area } { $ref }.
colditz-mail-card = V ruce: { $card } — { $text }
colditz-mail-hand-empty = V ruce nemáte žádnou kartu.
colditz-mail-equipment = Únikové vybavení, { $player }: { $card }.

## Hra přenesená ze skutečného stolu (pravidlo C26, docs/positions.md)
colditz-position-not-set-up = Hra ještě není připravená: není kam pozici položit (pravidlo C26).
colditz-position-team-unknown = { $player } nemá žádný tým zajatců (pravidlo C26).
colditz-position-team-twice = Tým hráče { $player } je zadán dvakrát (pravidlo C26).
colditz-position-team-missing = Chybí tým hráče { $player }: zadejte každý tým (pravidlo C26).
colditz-position-men-count = Tým hráče { $player } má v této hře { $expected } mužů (pravidlo C1); zadáno jich je { $count }, včetně uprchlých a mrtvých (pravidlo C26).
colditz-position-team-empty = Tým hráče { $player } nemá na plánu žádného muže: nemůže hrát dál (pravidlo C26).
colditz-position-won = Tým hráče { $player } už uprchl tolikrát, že vyhrál: ta hra skončila (pravidla C23, C26).
colditz-position-hopeless = Žádnému týmu nezbylo dost mužů na dosažení podmínky vítězství: tu hru už vyhrál Němec (pravidla C23, C26).
colditz-position-escaped-without-kit = Tým hráče { $player } má uprchlé muže, takže jeho únikovou výbavu už ukázal: zaškrtněte ji (pravidla C22, C26).
colditz-position-no-circle = Zadané místo není žádné kolečko plánu (pravidlo C26).
colditz-position-pow-circle = Zajatec nemůže stát na { $place } { $place-ref }: kasárna patří strážím a muž na cíli už uprchl (pravidlo C26).
colditz-position-beyond = Zajatec za zdmi na { $place } { $place-ref } je pronásledován po cestě, kterou šel, a tu pozice říct nemůže: pronásledování nejdřív dohrajte u stolu (pravidla R46, C26).
colditz-position-circle-twice = Na { $place } { $place-ref } jsou zadáni dva muži: víc jich pojme jen cela (pravidla C6, C26).
colditz-position-guards-count = Němec má v této hře { $expected } stráží (pravidlo C1); zadáno jich je { $count } (pravidlo C26).
colditz-position-guard-circle = Stráž nemůže stát na { $place } { $place-ref } (cela, tunel nebo cíl) (pravidlo C26).
colditz-position-equipment-too-many = Hra má jen { $max } karet { $equipment } (pravidla C8, C26).
colditz-position-tunnel-unknown = Tunel „{ $tunnel }“ neexistuje (pravidlo C26).
colditz-position-tunnel-twice = Jeden tunel je zadán dvakrát (pravidlo C26).
colditz-position-tunnel-seat = Kartu tunelu hraje jen únikový důstojník, ne { $player } (pravidla R53, C26).
colditz-position-tunnel-closed = Muž je v tunelu na { $place } { $place-ref }, ale žádná karta toho tunelu neleží na stole (pravidla R53, C26).
colditz-position-tunnel-alone = Používaný tunel drží žádného muže, nebo aspoň dva (pravidla R53, C26).
colditz-position-round = Kolo { $round } není v časovém limitu hry { $limit } kol (pravidla C2, C26).
colditz-position-to-move = Na tahu musí být některé místo této hry (pravidla C4, C26).
colditz-position-hand-no-seat = Ruku zadává jen hráč této hry (pravidlo C26).
colditz-position-hand-before-table = Hostitel ještě nezadal stůl: vaše ruka se s ním porovnává (pravidlo C26).
colditz-position-hand-in-play = Hra už začala: ruku už nelze zadat (pravidlo C26).
colditz-position-hand-too-many = Mezi tahy drží ruka nejvýš { $max } karty; zadáno jich je { $count } (pravidla C18, C26).
colditz-position-hand-card-unknown = Karta „{ $card }“ neexistuje (pravidlo C26).
colditz-position-hand-wrong-pack = { $card } není karta vašeho balíčku: únikoví důstojníci drží karty příležitostí, Němec karty bezpečnosti (pravidlo C26).
colditz-event-hands-returned = Zadané ruce drží víc karet příležitostí jednoho druhu, než jich balíček má: ruce všech únikových důstojníků se vrátily do balíčku a každý svou zadá znovu (pravidlo C26).
colditz-position-hand-card-gone = Pro vaši ruku už nezbyla žádná karta { $card }: všechny už jsou jinde na stole. Ověřte si ruku s ostatními hráči (pravidlo C26).
colditz-position-hand-kit-shown = Úniková výbava vašeho týmu už leží ukázaná na stole (pravidlo C26).
colditz-position-hand-kit-german = Němec žádnou únikovou výbavu nemá (pravidla C11, C26).
colditz-event-position-entered = Pozice ze stolu je zadaná: kolo { $round }, na tahu { $player }.
colditz-event-hand-entered = { $player }: ruka ze stolu je zadaná.
colditz-event-hand-entered-own = { $player }: ruka ze stolu je zadaná (karet: { $count }).
colditz-position-places-help = Každé místo napište tak, jak ho jmenují okraje plánu, řada·sloupec (např. 17·28; jde i 17.28 nebo 17,28). Místa uprchlých a mrtvých mužů nechte prázdná a spočítejte je níže.
colditz-position-team = Tým hráče { $player }
colditz-position-man = Muž { $number }
colditz-position-escaped = Uprchlí
colditz-position-dead = Mrtví
colditz-position-kit-shown = Jeho úniková výbava leží ukázaná na stole
colditz-position-guards = Stráže
colditz-position-guard = Stráž { $number }
colditz-position-tunnels = Používané tunely
colditz-position-tunnel-unused = nepoužívá se
colditz-position-tunnel-held = kartu tunelu drží { $player }
colditz-position-round-field = Kolo
colditz-position-to-move-field = Kdo začíná tah
colditz-position-turn-of = tah hráče { $player }
colditz-position-form-number = Počty a kolo jsou celá čísla.
colditz-position-form-place = Takové místo plán nejmenuje: napište ho jako řada·sloupec, např. 17·28.
colditz-position-form-incomplete = Vyberte, kdo je na tahu a kdo drží každý používaný tunel.
colditz-position-hand-legend = Vaše ruka ze stolu
colditz-position-hand-help = Vidíte to jen vy. Vyberte karty ve své ruce (žádnou, je-li prázdná); zbytek balíčku server zamíchá.
colditz-position-hand-card = Karta { $number }
colditz-position-hand-none = žádná karta
colditz-position-hand-kit = Můj tým má svou únikovou výbavu (neukázanou)
colditz-position-line-team = { $player }: muži na { $places }; uprchlí { $escaped }, mrtví { $dead }; vybavení: { $equipment }.
colditz-position-line-guards = Stráže na { $places }.
colditz-position-line-tunnel = { $tunnel } se používá, jeho kartu drží { $player }.
colditz-position-line-turn = Kolo { $round }: začíná { $player }.
colditz-position-line-hand = Vaše ruka: { $cards }.
