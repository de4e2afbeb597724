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
new-players-help = Nejméně { $min } hráči. Hráč s e-mailovou adresou dostane pozvánku a zprávu pokaždé, když je na tahu.
new-player-name = Hráč
new-player-email = e-mail
new-create = Založit hru

## Host
host-lead = Hra je připravena. Každý hráč hraje přes svůj vlastní odkaz; pošlete každému ten jeho (hráčům s e-mailovou adresou už odešel).
host-player = Hráč
host-seat = Místo
host-link = Odkaz
host-keep-secret = Kdo má odkaz, hraje za dané místo: sdílejte každý odkaz jen s jeho hráčem. Adresu této stránky si také uschovejte: ukáže odkazy znovu.

## Game page
game-players = Hráči
game-you = vy
game-actions = Váš tah
input-die = Hodili jste:
game-recent = Poslední dění
game-history = Celá historie
game-export = Stáhnout záznam (JSON)
game-commitment = Závazek k osivu kostek (SHA-256):
status-your-turn = Jste na tahu.
status-waiting-for = Čeká se na: { $players }

## History
history-title = Historie
history-back = Zpět ke hře
history-prev = ◀ Předchozí
history-next = Další ▶
history-after = Po kroku { $n } z { $last }
history-show = Ukázat
history-created = Hra založena
history-deadline = Uplynula lhůta

## Dev mailbox
mailbox-title = Vývojářská schránka
mailbox-lead = Není nastaven žádný SMTP server, takže z tohoto serveru neodchází žádná pošta. Tady jsou zprávy, které by poslal, nejnovější nahoře.
mailbox-to = komu
mailbox-empty = Zatím žádná pošta.
mailbox-off = Vývojářská schránka je vypnutá, protože je nastaven poštovní server.

## Boards
board-colditz-title = Útěk z Colditzu: herní plán
board-colditz-lead = Náš vlastní plán, z něhož pravidla berou každé místo: místnosti, brány, místa pro slanění, drát, tunely, cíle. Najeďte na kroužek a uvidíte jeho označení.
home-colditz-board = Herní plán Útěku z Colditzu
board-zoom = Zvětšení

## Odmítnuté požadavky (webová vrstva)
error-not-found = Taková stránka tu není.
error-bad-path = Tuto adresu server nezná (číslo v ní není číslo).
error-bad-query = Parametr této adresy nelze přečíst
error-too-large = Požadavek je příliš velký
error-json-content-type = Pošlete tělo jako JSON, s hlavičkou Content-Type: application/json.
error-malformed-json = Tělo požadavku není platný JSON
error-request-invalid = Požadavek nemá očekávaný tvar
error-bearer = Pošlete token místa jako Authorization: Bearer <token>.
error-seat-token-needed = To je tah hráče: použijte token jeho místa.
error-no-such-seat = Takové místo ve hře není.
error-seat-without-email = Toto místo nemá e-mailovou adresu.
error-not-paused = Hra není pozastavená.
game-deadline = Lhůta pro ty, na které se čeká: { $when }
