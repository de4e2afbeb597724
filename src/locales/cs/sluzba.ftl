# Služba v ilegalitě: české texty.
# Id odpovídají enginu (crates/engine/src/sluzba); argumenty: $seat je hráč, $team, $colour, $channel,
# $phase a $reason jsou přeložená id zpráv, $number je počet nebo „nekonečno“.

## Sbory, barvy, kanály, fáze

sluzba-team-red = červený sbor
sluzba-team-blue = modrý sbor
sluzba-colour-red = červený sbor
sluzba-colour-blue = modrý sbor
sluzba-colour-bystander = náhodný kolemjdoucí
sluzba-colour-pursuer = pronásledovatel
sluzba-channel-red-team = chat červeného sboru
sluzba-channel-blue-team = chat modrého sboru
sluzba-channel-coordinators = chat koordinátorů
sluzba-number-infinity = nekonečno
sluzba-phase-setup = přípravu hry
sluzba-phase-choosing = výběr slov koordinátory
sluzba-phase-clue = nápovědu
sluzba-phase-approval = odpověď na žádost o schválení
sluzba-phase-guessing = tipy sboru
sluzba-phase-fictitious = zakrytí karty fiktivního sboru

## Místa u stolu

sluzba-seat-red-coordinator = Koordinátor červených
sluzba-seat-blue-coordinator = Koordinátor modrých
sluzba-seat-red-member = Člen červeného sboru { $n }
sluzba-seat-blue-member = Člen modrého sboru { $n }
sluzba-seat-shared-member = Hádající { $n } (za oba sbory)

## Události

sluzba-event-key-drawn = Tajný klíč je vylosován. Jeho otisk (SHA-256): { $commitment }.
sluzba-event-key-drawn-secret = Tajný klíč je vylosován: { $key }. Jeho otisk (SHA-256): { $commitment }.
sluzba-event-words-chosen = { $seat } – { $count ->
        [one] vybrané slovo
        [few] vybraná { $count } slova
       *[other] vybraných { $count } slov
    }: { $words }.
sluzba-event-words-dealt = { $seat } – { $count ->
        [one] náhodně rozdané slovo
        [few] náhodně rozdaná { $count } slova
       *[other] náhodně rozdaných { $count } slov
    }: { $words }.
sluzba-event-grid-laid = Na stole { $count ->
        [one] leží { $count } karta
        [few] leží { $count } karty
       *[other] leží { $count } karet
    } se slovy. Začíná červený sbor.
sluzba-event-approval-requested = { $seat } žádá druhého koordinátora o schválení nápovědy.
sluzba-event-approval-requested-word = { $seat } žádá druhého koordinátora o schválení nápovědy „{ $word }“.
sluzba-event-approved = { $seat }: nápověda schválena.
sluzba-event-approved-word = { $seat }: nápověda „{ $word }“ schválena.
sluzba-event-rejected = { $seat }: nápověda neschválena.
sluzba-event-rejected-word = { $seat }: nápověda „{ $word }“ neschválena.
sluzba-event-approval-withdrawn = { $seat }: žádost o schválení je vzata zpět.
sluzba-event-approval-lapsed = Na žádost o schválení nikdo do termínu neodpověděl; nápověda není ani schválená, ani zamítnutá.
sluzba-event-clue = { $seat } ({ $team }): nápověda „{ $word }“, { $number }.{ $approved ->
        [1] {" "}Byla předem schválena.
       *[0] {""}
    }{ $warnings ->
        [0] {""}
        [one] {" "}Engine upozorňuje na jeden možný problém.
        [few] {" "}Engine upozorňuje na { $warnings } možné problémy.
       *[other] {" "}Engine upozorňuje na { $warnings } možných problémů.
    }
sluzba-event-clue-explained = { $seat } ({ $team }): nápověda „{ $word }“, { $number }, s vysvětlením: { $explanation }.{ $approved ->
        [1] {" "}Byla předem schválena.
       *[0] {""}
    }{ $warnings ->
        [0] {""}
        [one] {" "}Engine upozorňuje na jeden možný problém.
        [few] {" "}Engine upozorňuje na { $warnings } možné problémy.
       *[other] {" "}Engine upozorňuje na { $warnings } možných problémů.
    }
sluzba-event-guessed = { $seat } – tip na kartu „{ $word }“: { $colour }.
sluzba-event-stopped = { $seat } – konec hádání za { $team }.
sluzba-event-ruled-invalid = { $seat } – nápověda „{ $word }“ ({ $team }) prohlášena za neplatnou.
sluzba-event-ruled-invalid-reason = { $seat } – nápověda „{ $word }“ ({ $team }) prohlášena za neplatnou: { $reason }
sluzba-event-clue-found-invalid = Rozhodnutí po sporu ({ $by }): nápověda „{ $word }“ ({ $team }) je neplatná; karty, na které se tipovalo, zůstávají zakryté.
sluzba-remedy-clue-invalid = Nápověda toho kroku byla neplatná: označit ji tak a ukončit její tah, pokud ještě trvá (pravidlo S13); nic se nevrací, karty, na které se tipovalo, zůstávají zakryté
sluzba-refusal-no-such-clue = Taková nápověda není.
sluzba-refusal-clue-already-invalid = Ta nápověda už byla prohlášena za neplatnou.
sluzba-event-turn-ended = Tah skončil – { $team } ({ $reason }).
sluzba-event-fictitious-covered = { $seat } – slovo „{ $word }“ zakryto za fiktivní sbor.
sluzba-event-fictitious-covered-deadline = Termín uplynul: slovo „{ $word }“ bylo za fiktivní sbor zakryto náhodně.
sluzba-event-chat = { $seat } ({ $channel }): { $text }
sluzba-event-ended-all-covered = Hra skončila: { $team } má zakryté všechny své karty. Vítězí { $winner }.
sluzba-event-ended-pursuer = Hra skončila: { $team } kontaktoval pronásledovatele a prohrává. Vítězí { $winner }.
sluzba-event-conceded = { $seat } vzdává hru za { $team }.
sluzba-event-ended-conceded = Hra skončila: { $team } hru vzdává a prohrává. Vítězí { $winner }.
sluzba-event-key-revealed = Tajný klíč je odhalen: { $key } (sůl { $salt }). Kdokoli si ho může ověřit proti otisku.

## Proč tah skončil

sluzba-turn-end-stopped = sbor přestal hádat
sluzba-turn-end-wrong-card = špatná karta
sluzba-turn-end-guesses-used = všechny povolené pokusy vyčerpány
sluzba-turn-end-clue-invalid = nápověda prohlášena za neplatnou
sluzba-turn-end-deadline = uplynul termín

## Upozornění u nápovědy

sluzba-warning-shared-root = „{ $clue }“ možná sdílí slovní kořen se slovem „{ $word }“ na stole. Druhý koordinátor může nápovědu prohlásit za neplatnou.
sluzba-warning-rhyme = „{ $clue }“ se možná rýmuje se slovem „{ $word }“ na stole; rýmy se u tohoto stolu neuznávají.
sluzba-warning-number-like = Nápověda „{ $clue }“ jako by obsahovala své číslo.

## Akce

sluzba-action-choose-words = Vybrat slova
sluzba-action-choose-these-words = Vybrat { $count ->
        [one] toto slovo
        [few] tato { $count } slova
       *[other] těchto { $count } slov
    }: { $words }
sluzba-action-deal-rest = Zbývající slova mi rozdej náhodně
sluzba-action-ask-approval = Požádat druhého koordinátora o schválení nápovědy
sluzba-action-approve = Schválit nápovědu
sluzba-action-reject = Neschválit nápovědu
sluzba-action-withdraw-request = Vzít žádost zpět
sluzba-action-give-clue = Dát nápovědu
sluzba-action-give-clue-word = Dát nápovědu „{ $word }“, { $number }
sluzba-action-guess = Dotknout se karty „{ $word }“
sluzba-action-stop = Přestat hádat
sluzba-action-rule-invalid = Prohlásit nápovědu „{ $word }“ za neplatnou
sluzba-action-cover-fictitious = Zakrýt „{ $word }“ za fiktivní sbor
sluzba-action-chat = Napsat do kanálu: { $channel }
sluzba-page-actions-lead = Kartu tipujete klepnutím na ni na stole. Kanál v tomto panelu patří ke hře: čtou ho jen ti, koho jmenuje, a zůstává v záznamu hry. Řeč u stolu dole na stránce čtou všichni u stolu.
sluzba-action-concede = Vzdát hru za svůj sbor

## Výsledky

sluzba-outcome-all-covered = Vítězí { $team }: všechny jeho karty jsou zakryté (nezakrytých zbývá červených { $red_left }, modrých { $blue_left }).
sluzba-outcome-pursuer = Pronásledovatele kontaktoval { $team }. Vítězí { $winner }.
sluzba-outcome-one-team-won = Sbor našel všech devět svých karet; fiktivnímu sboru zbývalo nezakrytých karet: { $fictitious_left }.
sluzba-outcome-fictitious-won = Zakryta osmá karta fiktivního sboru; sboru zbývalo najít karet: { $red_left }.
sluzba-outcome-one-team-pursuer = Sbor kontaktoval pronásledovatele; zbývalo mu najít karet: { $red_left }.
sluzba-outcome-conceded = Vítězí { $winner }: { $team } hru vzdal.
sluzba-outcome-one-team-conceded = Sbor hru vzdal; zbývalo mu najít karet: { $red_left }.

## Odmítnutí

sluzba-refusal-seat-count = U tohoto stolu hraje { $min } až { $max } hráčů, ne { $seats }.
sluzba-refusal-one-red-coordinator = Červený sbor potřebuje právě jednoho koordinátora.
sluzba-refusal-one-blue-coordinator = Modrý sbor potřebuje právě jednoho koordinátora.
sluzba-refusal-red-members = Červený sbor potřebuje kromě koordinátora aspoň jednoho člena.
sluzba-refusal-blue-members = Modrý sbor potřebuje kromě koordinátora aspoň jednoho člena.
sluzba-refusal-shared-member-only-three = Hádající za oba sbory existuje jen ve hře tří hráčů.
sluzba-refusal-shared-member-needed = Hra tří hráčů potřebuje hádajícího za oba sbory.
sluzba-refusal-three-players-team-members = Ve hře tří hráčů hádá jeden hráč za oba sbory; nikdo nemůže být členem jen jednoho z nich.
sluzba-refusal-one-team-no-blue = Ve hře jednoho sboru je modrý sbor fiktivní: nikdo k němu nepatří.
sluzba-refusal-no-such-seat = Toto místo u stolu neexistuje.
sluzba-refusal-game-over = Hra skončila.
sluzba-refusal-shared-member-concedes = Tipujete za oba sbory, a tak nemáte co vzdát: hru za sbor vzdává jeho koordinátor.
sluzba-refusal-wrong-phase = To teď nejde: hra čeká na { $phase }.
sluzba-refusal-coordinator-silent = Koordinátor nesmí psát do chatu sboru: žádné nápovědy mimo nápovědu samotnou.
sluzba-refusal-not-in-channel = Do kanálu „{ $channel }“ nepatříte.
sluzba-refusal-chat-empty = Zpráva je prázdná.
sluzba-refusal-chat-too-long = Zpráva smí mít nejvýš { $max } znaků.
sluzba-refusal-no-picks-left = Už nemáte co vybírat.
sluzba-refusal-no-words = Vyberte aspoň jedno slovo.
sluzba-refusal-too-many-words = Můžete vybrat už jen { $left ->
        [one] jedno slovo
        [few] { $left } slova
       *[other] { $left } slov
    }.
sluzba-refusal-not-in-deck = „{ $word }“ v tomto balíčku není.
sluzba-refusal-card-taken = Karta se slovem „{ $word }“ už je vybraná.
sluzba-refusal-not-your-clue = Nápovědu dává koordinátor sboru, který je na tahu.
sluzba-refusal-clue-empty = Nápověda potřebuje slovo.
sluzba-refusal-clue-too-long = Nápověda smí mít nejvýš { $max } znaků.
sluzba-refusal-clue-one-word = Nápověda musí být jednoslovná.
sluzba-refusal-clue-characters = Nápověda smí obsahovat jen písmena, číslice, spojovníky, apostrofy a tečky, ne „{ $character }“.
sluzba-refusal-explanation-not-allowed = Vysvětlení k nápovědě je dovoleno jen v lehčí variantě hry.
sluzba-refusal-explanation-too-long = Vysvětlení smí mít nejvýš { $max } znaků.
sluzba-refusal-explanation-characters = Vysvětlení musí být jeden řádek textu.
sluzba-refusal-number-range = Číslo nápovědy je 0 až { $max } nebo nekonečno.
sluzba-refusal-clue-on-table = „{ $word }“ leží nezakryté na stole, takže nemůže být nápovědou ani její částí.
sluzba-refusal-clue-contains-number = Číslo nesmí být součástí nápovědy.
sluzba-refusal-no-other-coordinator = U tohoto stolu není jiný koordinátor, kterého by šlo požádat.
sluzba-refusal-already-answered = Druhý koordinátor už na tuto nápovědu v tomto tahu odpověděl.
sluzba-refusal-not-asked = Na žádost o schválení odpovídá koordinátor druhého sboru.
sluzba-refusal-not-your-request = Žádost může vzít zpět jen koordinátor, který ji podal.
sluzba-refusal-clue-rejected = Druhý koordinátor tuto nápovědu v tomto tahu neschválil.
sluzba-refusal-not-your-guess = Hádají členové sboru, který je na tahu.
sluzba-refusal-no-such-card = Karta číslo { $card } neexistuje.
sluzba-refusal-card-covered = „{ $word }“ už je zakryté.
sluzba-refusal-guess-first = Sbor musí hádat aspoň jednou, než přestane.
sluzba-refusal-not-the-other-coordinator = Nápovědu může prohlásit za neplatnou jen koordinátor druhého sboru.
sluzba-refusal-clue-approved = Tato nápověda byla předem schválena, proto je platná.
sluzba-refusal-reason-too-long = Odůvodnění musí být jeden řádek o nejvýš { $max } znacích.
sluzba-refusal-not-your-cover = Karty fiktivního sboru zakrývá koordinátor.
sluzba-refusal-not-fictitious-card = „{ $word }“ není karta fiktivního sboru.

## The new-game form, the table drawing and the notes beside it
sluzba-name = Služba v ilegalitě
sluzba-about = Dva sbory odboje, dva koordinátoři, kteří znají tajný klíč, 25 krycích slov: najděte podle jednoslovných nápověd své agenty dřív, než narazíte na pronásledovatele. 2 až 40 hráčů: dva sbory od čtyř, tři hráči, nebo jeden sbor proti fiktivnímu od dvou.
sluzba-new-help = Role určuje pořadí hráčů: první je koordinátor červeného sboru, druhý koordinátor modrého; ostatní jsou členové, střídavě červení a modří (tři hráči: jeden hádající pro oba sbory; hra jednoho sboru: první hráč koordinuje, ostatní hádají).
sluzba-opt-table = Uspořádání
sluzba-opt-table-two-teams = Dva sbory
sluzba-opt-table-three-players = Tři hráči (jeden hádající pro oba sbory)
sluzba-opt-table-one-team = Jeden sbor proti smyšlenému
sluzba-opt-deck = Karty se slovy
sluzba-opt-deck-czech = české
sluzba-opt-deck-english = anglické
sluzba-opt-deck-czech-themed = české, tematické (duch, mapy, čas)
sluzba-opt-strict-clues = Přísné nápovědy: jedno slovo, bez čísla
sluzba-opt-easier = Snazší hra: vysvětlení povolena, koordinátoři vybírají slova
sluzba-opt-rhymes-allowed = Rýmy povoleny
sluzba-opt-homophones-by-sound = Slova, která zní stejně, jsou totéž slovo
sluzba-input-word = Nápověda
sluzba-input-number = Číslo
sluzba-input-explanation = Vysvětlení (nepovinné)
sluzba-input-words = Slova (oddělená čárkami)
sluzba-input-reason = Důvod (nepovinný)
sluzba-board-title = Stůl s krycími slovy
sluzba-board-card = Karta
sluzba-board-last = otočena naposledy
sluzba-board-left = Zbývá najít: červení { $red }, modří { $blue }
sluzba-board-guesses-made = { $made ->
        [0] zatím bez tipu
        [one] padl { $made } tip
        [few] padly { $made } tipy
       *[other] padlo { $made } tipů
    }
sluzba-board-guesses-left = { $left ->
        [one] zbývá { $left } tip
        [few] zbývají { $left } tipy
       *[other] zbývá { $left } tipů
    }
sluzba-board-not-laid = Karty ještě neleží na stole.
sluzba-board-clue = Nápověda pro { $team }:
sluzba-board-clue-word = „{ $word }“
sluzba-commitment = Závazek k osivu (SHA-256; rozdání karet i tajný klíč jsou z něj odvozeny):
sluzba-note-clues = Nápovědy
sluzba-note-clue = { $seat }: „{ $word }“ { $number } (nalezeno { $guessed })
sluzba-note-clue-invalid = { $seat }: „{ $word }“ { $number }, prohlášena za neplatnou
sluzba-note-approval = Nápověda čeká na schválení
sluzba-note-approval-draft = „{ $word }“
sluzba-note-chat-line = { $seat }: { $text }
sluzba-number-choose = — vyberte číslo —
sluzba-confirm-guess = Dotknout se karty { $card }, „{ $word }“? Tip nejde vzít zpět.
sluzba-confirm-concede = Vzdát hru za svůj sbor? Váš sbor tím hned prohrává, hra pro všechny končí a odhalí se klíč. Nejde to vzít zpět.

## Commands in a reply to the turn mail ("heslo ZVÍŘE 2", "tipni 7" nebo "tipni PES")
sluzba-cmd-choose = vyber
sluzba-cmd-deal = rozdej
sluzba-cmd-ask = zeptej
sluzba-cmd-approve = schval
sluzba-cmd-reject = zamítni
sluzba-cmd-withdraw = odvolej
sluzba-cmd-clue = heslo
sluzba-cmd-guess = tipni
sluzba-cmd-stop = dost
sluzba-cmd-invalid = neplatné
sluzba-cmd-cover = zakryj
sluzba-cmd-chat = napiš
sluzba-cmd-chat-team = týmu
sluzba-cmd-chat-coordinators = koordinátorům
sluzba-cmd-concede = vzdávám

## Stůl v e-mailu a odpovědi, které jmenují kartu
sluzba-mail-board = Stůl (u každé karty její číslo a značka barvy, pod nimi slovo):
sluzba-mail-legend = Značky: Č červený sbor, M modrý sbor, N náhodný kolemjdoucí, P pronásledovatel, ? barvu neznáte; v hranatých závorkách zakrytá karta: [Č].
sluzba-mail-mark-red = Č
sluzba-mail-mark-blue = M
sluzba-mail-mark-bystander = N
sluzba-mail-mark-pursuer = P
sluzba-mail-mark-open = ?
sluzba-mail-mark-covered = [{ $mark }]
sluzba-mail-says-open = barvu neznáte
sluzba-mail-says-covered = zakrytá: { $colour }
sluzba-mail-commands = Chcete-li hrát, odpovězte na tento e-mail jedním z těchto příkazů na prvním řádku. Kartu určuje její číslo na stole výše (1 až 25 po řádcích), nikdy pořadí řádku v tomto seznamu: „tipni 7“ nebo jen „7“ sáhne na kartu 7, stejně jako samotné slovo karty, velkými či malými písmeny, s diakritikou i bez ní.
sluzba-mail-no-card = Karta { $card } neexistuje: karty jsou očíslované 1 až { $count } po řádcích.
sluzba-mail-card-covered = Karta { $card }, „{ $word }“, už je zakrytá.
sluzba-mail-card-not-offered = Karta { $card }, „{ $word }“, teď mezi vašimi možnostmi není.
# Pozice přenesená ze skutečného stolu (pravidlo A5, docs/positions.md).
sluzba-event-position-entered = Pozice od stolu: { $count ->
        [one] { $count } karta už je zakrytá
        [few] { $count } karty už jsou zakryté
       *[other] { $count } karet už je zakryto
    }; další nápovědu dává { $team }. Klíč zadá koordinátor.
sluzba-event-position-entered-key-drawn = Pozice od stolu: { $count ->
        [one] { $count } karta už je zakrytá
        [few] { $count } karty už jsou zakryté
       *[other] { $count } karet už je zakryto
    }; další nápovědu dává { $team }. U stolu se hrálo bez klíče: server ho vylosuje.
sluzba-event-key-entered = { $seat } zadal klíč od stolu. Jeho otisk (SHA-256): { $commitment }.
sluzba-event-key-entered-secret = { $seat } zadal klíč od stolu: { $key }. Jeho otisk (SHA-256): { $commitment }.
sluzba-position-words-needed = Mřížka ještě nemá slova: zadejte 25 slov od stolu (pravidlo A5).
sluzba-position-words-count = Mřížka má 25 slov, jedno na kartu; zadáno je { $count } (pravidlo A5).
sluzba-position-word-bad = Slovo karty { $card } musí být jedno slovo nejvýš o 40 písmenech (pravidlo A5).
sluzba-position-word-twice = Slovo karty { $card } už v mřížce je (pravidlo A5).
sluzba-position-card-unknown = Karta { $card } neexistuje: karty jsou číslované 1 až 25 po řádcích (pravidlo A5).
sluzba-position-card-twice = Karta { $card } je zadaná dvakrát (pravidlo A5).
sluzba-position-pursuer-covered = Pronásledovatel už byl odhalen: ta hra skončila a nedá se v ní pokračovat (pravidla S18, A5).
sluzba-position-team-done = { $team } už má zakryté všechny své karty: ta hra skončila a nedá se v ní pokračovat (pravidla S19, A5).
sluzba-position-too-many = Žádný klíč nemá víc než { $max } karet „{ $colour }“ (pravidla S3, A5).
sluzba-position-key-invalid = To není klíč: klíč má 25 karet po řádcích, 9 červených, 8 modrých, 7 náhodných kolemjdoucích a 1 pronásledovatele (pravidla S3, A5).
sluzba-position-key-disagrees = Klíč nesouhlasí se stolem: karta { $card } byla zakryta jinou barvou (pravidlo A5).
sluzba-position-key-not-coordinator = Klíč zadává jen koordinátor (pravidlo A5).
sluzba-position-key-before-table = Hostitel ještě nezadal stůl: klíč se s ním porovnává (pravidlo A5).
sluzba-position-key-drawn = U stolu se hrálo bez klíče, a tak ho vylosoval server: není co zadávat (pravidlo A5).
sluzba-position-key-in-play = Hra už začala: klíč už zadat nelze (pravidlo A5).
sluzba-position-form-incomplete = Zvolte barvu u každé karty a tým, který je na tahu.
sluzba-position-card = { $card }. { $word }
sluzba-position-words = 25 slov od stolu, po řádcích, jedno na řádek
sluzba-position-words-help = Když je necháte, zůstanou slova, která rozložil server. Čísla karet níže počítají mřížku po řádcích.
sluzba-position-covered = Karty, které už jsou u stolu zakryté, a čím
sluzba-position-open = nezakrytá
sluzba-position-to-move = Další nápovědu dává
sluzba-position-draw-key = U stolu se hrálo bez klíče: vylosovat ho
sluzba-position-draw-key-help = Jinak klíč od stolu zadá soukromě koordinátor na své stránce; vy ho nikdy neuvidíte.
sluzba-position-key-legend = Klíč od stolu
sluzba-position-key-help = Tohle vidí jen koordinátoři. U každé karty zvolte barvu podle klíče; zakryté karty jsou vyplněné. Druhý koordinátor klíč zkontroluje na své stránce.
