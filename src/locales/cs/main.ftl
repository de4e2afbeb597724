## Shared words
seat-numbered = Hráč { $n }
turn-of = Na tahu je { $player }.
rule = pravidlo
language = Jazyk
footer = feldpost: deskové hry e-mailem, každý tah zkontrolovaný, každý spor rozhodnutý podle záznamu.
back-home = Zpět na úvodní stránku

## Errors
error-title = To se nepovedlo
error-conflict = Od načtení stránky hra pokročila: někdo táhl dřív. Tady je, jak stojí teď; vyberte znovu.
error-unknown-link = Tento odkaz neplatí. Zkontrolujte, že jste ho zkopírovali celý, nebo požádejte zakladatele hry o nový.
error-unknown-game = Taková hra neexistuje.
error-wrong-game = Tento odkaz patří k jiné hře.
error-paused = Hra je pozastavena do { $when }; tahy počkají do té doby.
error-host-only = To smí jen zakladatel hry.
error-finished = Hra skončila; další tahy už nejsou možné.
error-no-such-seq = Hra nemá krok { $n }.
error-unavailable = Databáze je teď nedostupná. Nic se neuložilo; zkuste to prosím za chvíli znovu.
error-internal = Na naší straně se něco pokazilo. Nic se neuložilo.
error-unknown-ruleset = Hra „{ $ruleset }“ neexistuje.
error-invalid = Zkontrolujte prosím formulář
error-form = Formulář nebyl úplný; použijte prosím tlačítka na stránce hry.

## Home
home-title = Deskové hry e-mailem, s rozhodčím
home-lead = feldpost vede každou hru jako záznam, který jen přibývá, kontroluje každý tah podle pravidel a dalšímu hráči pošle e-mail, když je na tahu.
home-point-log = Každý tah je zapsán natrvalo; kterýkoli okamžik hry lze znovu ukázat.
home-point-rules = Nepovolený tah je odmítnut i s pravidlem, které porušuje.
home-point-mail = Kdo je na tahu, dostane e-mail s odkazem na své místo u hry.
home-point-history = Historie prochází hru tah po tahu.
home-games = Hry
home-new-game = Založit hru
home-dev-mailbox = Poštovní server není nastaven: e-maily, které by server poslal, najdete na
home-api = Vše, co umějí stránky, umí i JSON API:

## Games

## New game
new-title = Nová hra
new-game-title = Název hry (nepovinný)
new-mail-language = Jazyk e-mailů
new-options = Možnosti
new-players = Hráči
new-players-help = { $counts }. Hráč s e-mailovou adresou dostane pozvánku a zprávu pokaždé, když je na tahu.
new-players-count = Počet hráčů { $count }
new-add-player = Přidat hráče
new-player-count = Počet hráčů
new-player-count-show = Ukázat řádky
new-player-name = Hráč
new-player-email = e-mail
new-create = Založit hru

## Host
host-lead = Hra je připravena. Každý hráč hraje přes svůj vlastní odkaz; pošlete každému ten jeho (hráčům s e-mailovou adresou ho pošleme poštou).
host-player = Hráč
host-link = Odkaz
copy-link = Kopírovat
copy-link-done = Zkopírováno
copy-link-failed = Odkaz označte a zkopírujte ručně
host-seat-actions = Akce
host-keep-secret = Kdo má odkaz, hraje za dané místo: sdílejte každý odkaz jen s jeho hráčem. Adresu této stránky si také uschovejte: ukáže odkazy znovu.

## Game page
game-players = Hráči
game-you = vy
game-away = pryč do { $until }
game-mail-failing = Pošta na vaši adresu { $email } nedochází ({ $why }), a tak vám feldpost už nic neposílá, ani když jste na tahu. Požádejte zakladatele hry, aby vašemu místu dal adresu, která funguje.
game-actions = Váš tah
game-actions-meanwhile = Mezitím
game-panel-fold = Sklopit panel
game-panel-unfold = Rozevřít panel
input-die = Hodili jste:
game-recent = Poslední dění
game-history = Celá historie
game-export = Stáhnout záznam (JSON)
game-commitment = Závazek k náhodnému osivu hry (SHA-256; vše, o čem ve hře rozhoduje náhoda, se z něj odvozuje):
status-your-turn = Jste na tahu.
status-waiting-for = Čeká se na: { $players }

## History
history-title = Historie
history-back = Zpět ke hře
history-prev = ◀ Předchozí
history-next = Další ▶
history-page-earlier = ◀◀ Záznamy před { $from }
history-page-later = Záznamy po { $to } ▶▶
history-page-range = Záznamy { $from } až { $to } { CS_Z($last) } { $last }
history-after = Po kroku { $n } { CS_Z($last) } { $last }
history-show = Ukázat
history-created = Hra založena
history-deadline = Uplynula lhůta

## Dev mailbox
mailbox-title = Vývojářská schránka
mailbox-lead = Není nastaven žádný SMTP server, takže z tohoto serveru neodchází žádná pošta. Tady jsou zprávy, které by poslal, nejnovější nahoře.
mailbox-reply-to = odpovědi jdou na
mailbox-to = komu
mailbox-empty = Zatím žádná pošta.
mailbox-source = jak odejde, i s obrázky (.eml)
mailbox-status-pending = čeká na odeslání
mailbox-status-sent = odesláno
mailbox-status-held = odloženo do denního souhrnu
mailbox-status-digested = odesláno v souhrnu
mailbox-status-failed = trvale odmítnuto
mailbox-status-suppressed = neodesláno (příjemce si poštu nepřeje)
mailbox-status-stopped = neodesláno (pošta na tuto adresu nedochází)
mailbox-off = Vývojářská schránka je vypnutá, protože je nastaven poštovní server.

## Boards
board-colditz-title = Útěk z Colditzu: herní plán
board-colditz-lead = Náš vlastní plán, z něhož pravidla berou každé místo: místnosti, brány, místa pro slanění, drát, tunely, cíle. Místa se jmenují podle místnosti nebo oblasti a podle řádku·sloupce, jak jsou očíslované po okrajích.
home-colditz-board = Herní plán Útěku z Colditzu
board-zoom = Zvětšení

## Odmítnuté požadavky (webová vrstva)
error-not-found = Taková stránka tu není.
error-bad-path = Tuto adresu server nezná (číslo v ní není číslo).
error-bad-query = Parametr této adresy nelze přečíst (například číslo kroku, které není číslem).
error-too-large = Požadavek je příliš velký
error-json-content-type = Pošlete tělo jako JSON, s hlavičkou Content-Type: application/json.
error-malformed-json = Tělo požadavku není platný JSON
error-request-invalid = Požadavek nemá očekávaný tvar
error-bearer = Pošlete token místa jako Authorization: Bearer <token>.
error-seat-token-needed = To je tah hráče: použijte token jeho místa.
error-no-such-seat = Takové místo ve hře není.
error-seat-without-email = Toto místo nemá e-mailovou adresu.
error-not-paused = Hra není pozastavená.
mailbox-loopback-only = Vývojářská schránka se ukáže jen prohlížeči na počítači, kde server běží (otevřete ji tam jako http://127.0.0.1:…/dev/mailbox).
error-too-many = Příliš mnoho požadavků od vás nebo pro tuto adresu. Počkejte prosím { $minutes } min a zkuste to znovu.
new-host-legend = Vy, pořadatel
new-host-email = Váš e-mail
new-host-help = Potřeba, má-li některý hráč e-mailovou adresu: pošleme vám odkaz k jejímu potvrzení a pošta hráčům odejde, až ji potvrdíte. Dozvíte se také, když vyprší lhůta.
new-host-help-rules = V této hře o sporech rozhoduje pořadatel, potřebujeme proto vaši adresu: pošleme vám odkaz k jejímu potvrzení a pošta hráčům odejde, až ji potvrdíte.
new-host-account = Jste přihlášeni jako { $email }: hru pořádáte z této adresy a pošta hráčům odejde hned.
error-host-needed-for-disputes = V této hře o sporech rozhoduje pořadatel: uveďte svou e-mailovou adresu (nebo se přihlaste), abychom vás mohli požádat o rozhodnutí.
error-host-needed-for-mail = Chcete-li hráčům posílat poštu, uveďte svou vlastní e-mailovou adresu (nebo se přihlaste): nikomu nic nepošleme, dokud pořadatel hry nepotvrdí svou adresu.
host-mail-waiting = Pošta hráčům čeká, až potvrdíte svou adresu: poslali jsme odkaz na { $email }.
host-mail-sent = Pošta pro pořadatele této hry chodí na { $email }.
confirm-title = Potvrďte, že pořádáte hru „{ $game }“
confirm-lead = Adresa { $email } byla uvedena jako adresa pořadatele hry „{ $game }“. Až to potvrdíte, { $invited ->
        [0] budete dostávat, co hra od pořadatele potřebuje
        [one] dostane její jediný hráč s adresou pozvánku
        [few] dostanou { $invited } hráči s adresou pozvánku
       *[other] dostane { $invited } hráčů s adresou pozvánku
    }. Pokud jste tuto hru nezaložili, stránku zavřete: nikomu nic nepřijde.
confirm-button = Hru pořádám já: poslat poštu
confirm-done = Děkujeme: { $email } je potvrzena jako adresa pořadatele hry „{ $game }“ a pošta hráčům je na cestě.
confirm-to-host = Otevřít stránku pořadatele hry
never-title = Už žádnou poštu na { $email }?
never-lead = Někdo tuto adresu zadal do feldpostu. Pokud od tohoto serveru nechcete dostávat vůbec nic, o žádné hře ani účtu, řekněte to zde.
never-button = Na tuto adresu už nikdy nic neposílat
never-done = Hotovo: tento server už na { $email } nepošle žádnou poštu.
never-listed = Tento server už na { $email } žádnou poštu neposílá.
host-mail-failed = Poštu na { $email } nelze doručit; poštovní server ji trvale odmítl ({ $why }). Zkontrolujte adresu, nebo místo hráči předejte znovu s jinou.
host-failing = Pošta pro hráče { $player } ({ $email }) nedochází: { $why }. feldpost na tu adresu už nic neposílá. Dejte místu adresu, která funguje: „Nahradit hráče“ níže (tutéž adresu znovu, až bude schránka fungovat).
game-deadline = Lhůta pro ty, na které se čeká: { $when }
host-mail-resend = Pošlete mi odkaz znovu
error-no-host-address = Tato hra nemá adresu pořadatele, kterou by šlo potvrdit.
confirm-action-title = Opravdu?
confirm-action-yes = Ano, provést
confirm-action-no = Ne, zpět ke hře
error-title-404 = Stránka nenalezena
error-title-400 = Tuto adresu nelze přečíst
error-title-405 = Takhle ne
error-method = Tato adresa takový požadavek nepřijímá: použijte prosím odkazy a tlačítka na stránce.
dispute-form-choose = — vyberte krok —
host-game-now = Hra teď, jak ji vidí diváci
title-your-turn = ● Jste na tahu
live-moved = Hra pokročila: ukázat ji teď

## Odveta

rematch-title = Odveta
rematch-lead = Hrát znovu: nová hra se stejnými pravidly, volbami a hráči, každý na stejném místě. Všichni hráči dostanou poštou pozvánku s novým odkazem; tahle hra zůstane, jak skončila.
rematch-start = Začít odvetu
rematch-started-host = Odveta začala.
rematch-open-host = Otevřít její stránku pořadatele
rematch-started = Začala odveta.
rematch-open = Hrát odvetu
error-rematch-not-ended = Odveta může začít až po konci hry.
error-rematch-started = Odveta této hry už začala.
