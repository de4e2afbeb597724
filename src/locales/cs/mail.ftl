## Mail (everything feldpost writes to players)
# The name is left out: Czech greets in the vocative ("Radko"), which we do not form, and the
# nominative would be wrong (src/mail/compose.rs, `greeting`).
mail-greeting = Dobrý den,{ $player ->
       *[other] { "" }
    }
mail-greeting-host = Dobrý den,
mail-game-subject = [feldpost] { $game }
mail-invite-role = Hrajete { $ruleset } a vaše role: { $role }.
mail-open-link = Vaše místo ve hře (odkaz patří jen vám: nepřeposílejte ho):
mail-button = Otevřít hru
mail-footer = feldpost, rozhodčí her e-mailem
mail-prefs = Jak často vám feldpost píše
mail-invite-subject = Pozvánka ke hře „{ $game }“
mail-invite-body = máte místo ve hře „{ $game }“. Odkaz níže vám ukáže herní plán; kdykoli budete na tahu, přijde vám e-mail.
mail-turn-subject = Jste na tahu ({ $asked })
mail-turn-body = ve hře „{ $game }“ jste na tahu.
mail-turn-deadline = Táhněte prosím do { $when }.
mail-asked = Co se od vás čeká:
mail-asked-choose = vyberte jeden { CS_Z($n) } { $n } tahů
mail-asked-more = { $n ->
        [one] a ještě { $n }
        [few] a další { $n }
       *[other] a dalších { $n }
    } na stránce hry
mail-what-happened = Od vašeho posledního tahu:
# Where the pieces stand, in words (the board for a reader who sees no picture).
mail-places = Na hrací ploše teď:
mail-end-subject = Hra skončila
mail-end-body = hra „{ $game }“ skončila.
mail-reminder-subject = Čas na tah vyprší { $when }
mail-reminder-body = připomínáme: ve hře „{ $game }“ jste stále na tahu a lhůta končí { $when }.
mail-overdue-subject = Lhůta na váš tah uplynula
mail-overdue-body = lhůta na váš tah ve hře „{ $game }“ uplynula { $when }. Táhněte prosím co nejdřív; zakladatel hry o tom ví.
mail-host-subject = { $player }: tah nepřišel včas
mail-host-body = ve hře „{ $game }“ nepřišel do konce lhůty ({ $when }) tah, na který se čeká: { $player }. Další připomínka odešla. Jako zakladatel můžete hru přerušit, nebo toto místo předat někomu jinému.
mail-absence-subject = { $player } je pryč do { $when }
mail-absence-body = { $player } je pryč do { $when }. Čas na tah mezitím stojí.
mail-pause-subject = Hra je přerušena
mail-pause-body = zakladatel přerušil hru „{ $game }“ do { $when }: mezitím neběží žádná lhůta.
mail-resume-subject = Hra pokračuje
mail-resume-body = přerušení hry „{ $game }“ skončilo; lhůty zase běží.
mail-digest-subject = Dnešní zprávy
mail-digest-body = posíláme denní souhrn hry „{ $game }“.
mail-digest-list = Zprávy od posledního souhrnu:

## Mail preferences page
mail-prefs-title = Pošta ze hry „{ $game }“
mail-prefs-lead = Jak často má feldpost psát hráči { $player } o této hře? Pozvánka odchází vždy; zpráva o konci hry také, pokud nezvolíte žádnou poštu.
mail-pref-every = E-mail pokaždé, když se ode mě něco čeká (doporučeno)
mail-pref-digest = Jeden e-mail denně se zprávami toho dne
mail-pref-none = Žádný e-mail: hru budu sledovat na její stránce
mail-prefs-save = Uložit
mail-prefs-saved = Uloženo.
mail-pref-choose = Zvolte, jak často vám má feldpost psát.
mail-prefs-unsubscribe = Zastavit veškerou poštu o této hře
mail-prefs-back = Zpět ke hře
mail-absence-title = Nepřítomnost
mail-absence-lead = Odjíždíte? Váš čas na tah se zastaví na ohlášené dny, v této hře ještě až na { $left ->
        [one] { $left } den
        [few] { $left } dny
       *[other] { $left } dní
    }; ostatní se to dozvědí.
mail-absence-days = Na kolik dní odjíždíte
mail-absence-declare = Ohlásit nepřítomnost
mail-absence-until = Jste pryč do { $when }.

## Deadlines on the new-game form and the host page
mail-deadline-legend = Lhůta
mail-deadline-help = Bez vyplněných hodin hra lhůtu nemá. S lhůtou dostane hráč připomínku 24 hodin před jejím koncem.
mail-deadline-hours = Hodin na každý tah
mail-deadline-policy = Když lhůta uplyne
mail-policy-remind = Připomenout znovu a dát vědět zakladateli
mail-policy-skip = Přeskočit tah, kde to pravidla dovolují
mail-policy-pause = Přerušit hru
mail-deadline-absence = Dní nepřítomnosti, které smí každý hráč ohlásit
mail-host-pause-title = Přerušení
mail-host-pause-hours = Hodin
mail-host-pause = Přerušit hru
mail-host-resume = Pokračovat ve hře hned
mail-host-paused-until = Hra je přerušena do { $when }.
mail-receipt = Potvrzení: krok { $seq } záznamu hry má řetězový otisk { $hash }. Tento e-mail si nechte: feldpost verify --receipt { $seq }:{ $hash } ověří, že ho export hry obsahuje.
mail-rule-subject = Rozhodněte prosím spor o krok č. { $against } do { $when }
mail-rule-reminder-subject = Spor o krok č. { $against } stále čeká na vaše rozhodnutí (do { $when })
mail-rule-body = Krok { $against } hry „{ $game }“ je napaden a podle pravidel o něm rozhodujete vy. Rozhodněte prosím do { $when }.
mail-rule-reminder-body = Spor o krok č. { $against } hry „{ $game }“ stále čeká na vaše rozhodnutí, a to do { $when }.
mail-rule-claim = Námitka: „{ $claim }“
mail-rule-default = Pokud do { $when } nikdo nerozhodne, krok platí (námitka se zamítá).
mail-rule-link = Spor, s hrou před krokem a po něm:
mail-rule-button = Rozhodnout spor
mail-never = Na tuto adresu už nikdy nic neposílat
mail-privacy = Vaše údaje na tomto serveru
mail-confirm-subject = Potvrďte, že hru „{ $game }“ pořádáte
mail-confirm-body = někdo (doufáme, že vy) založil na feldpostu hru „{ $game }“ a tuto adresu uvedl jako adresu jejího pořadatele. Až to potvrdíte, { $invited ->
        [0] přijde vám
        [one] dostane její jediný hráč s adresou pozvánku a vám přijde
        [few] dostanou { $invited } hráči s adresou pozvánku a vám přijde
       *[other] dostane { $invited } hráčů s adresou pozvánku a vám přijde
    }, co hra od pořadatele potřebuje.
mail-confirm-not-you = Pokud jste to nebyli vy, tohoto e-mailu si nevšímejte: o hře nikomu nic nepřijde. Nechcete-li od nás dostávat nic, použijte poslední odkaz níže.
mail-confirm-link = Potvrzení, že hru pořádáte (stránka se ještě jednou zeptá):
mail-confirm-button = Potvrdit

## Moves by reply
mail-commands = Chcete-li táhnout, odpovězte na tento e-mail jedním z těchto příkazů na prvním řádku (stačí i jeho číslo):
mail-commands-own-words = Chcete-li hrát, odpovězte na tento e-mail jedním z těchto příkazů na prvním řádku:
mail-commands-one-of = { $command } N, kde N je jedno z čísel { $numbers } (čísla na stole výše)
mail-commands-concede = Chcete-li hru vzdát, odpovězte jen slovem „{ $command }“ (nikdy číslem): vzít to zpět nejde.
mail-reply-subject = Vaše odpověď
mail-reply-changed = Co se stalo:
mail-reply-done = Provedeno: „{ $command }“.
mail-reply-refused = Neprovedeno: „{ $command }“. { $reason }
mail-reply-rule = (Pravidlo { $rule }.)
mail-reply-unknown = „{ $command }“ není žádný z příkazů, které teď můžete poslat. Nic se nestalo.
mail-reply-empty = Ve vaší odpovědi nebyl žádný příkaz (citované řádky a podpis se přeskakují). Nic se nestalo.
mail-reply-too-much = „{ $extra }“ za příkazem je navíc.
mail-reply-number-not-offered = Číslo { $number } teď nepatří žádné z vašich možností.
mail-reply-moved-on = Odpověděli jste na starší e-mail: hra mezitím pokročila, a tak se z odpovědi nic neprovedlo. Takto hra stojí teď.
mail-reply-finished = Hra skončila: už v ní nelze nic udělat.
mail-reply-paused = Hra je přerušena do { $when }: tahy počkají.
mail-reply-wait = Teď je na řadě { $players }; až budete na tahu znovu, přijde vám e-mail.
mail-reply-no-turn = Teď se od vás nic nečeká; až budete na tahu, přijde vám e-mail.
mail-reply-stranger-subject = Odpověď z jiné adresy nebyla přijata
mail-reply-stranger = Odpověď na váš e-mail k této hře přišla z jiné adresy, ne z adresy vašeho místa ve hře ({ $seat }). feldpost bere tahy e-mailem jen z vlastní adresy hráče: nic se nestalo a odesílateli se neodpovídalo.
mail-reply-stranger-what = Pokud jste to byli vy, pošlete ji znovu z adresy { $seat }, nebo použijte svůj odkaz níže. Pokud ne, viděl někdo jiný některý z vašich e-mailů o tahu a jeho odkaz jedná za vás: zakladatel hry může vašemu místu dát nový odkaz. O takových odpovědích se dozvíte nejvýš jednou za 6 hodin.
mail-arg-die = kolik padlo
mail-arg-dice = kostky
mail-arg-word = slovo
mail-arg-number = číslo
mail-arg-explanation = vysvětlení
mail-arg-words = slova
mail-arg-reason = důvod
mail-arg-text = text
mail-arg-path = kruhy
mail-arg-cell = cela
mail-arg-to = kruh
mail-arg-men = muži
mail-arg-inner = vnitřní stanoviště
mail-arg-outer = vnější stanoviště
mail-arg-empty = { $name }, prázdné: { $value }

# Pošta, která se vrací (src/play/bounces.rs)
mail-failing-subject = Pošta pro hráče { $player } nedochází
mail-failing-body = ve hře „{ $game }“ se pošta pro hráče { $player } ({ $email }) vrací nedoručená: { $why }. feldpost na tu adresu už nic neposílá, takže se { $player } nedozví, kdy je na tahu.
mail-failing-fix = Chcete-li pokračovat, dejte místu adresu, která funguje: na stránce zakladatele u „Nahradit hráče“ zadejte jméno hráče a novou adresu (nebo znovu tutéž, až bude schránka fungovat).
mail-failing-link = Stránka zakladatele:
mail-failing-button = Otevřít stránku zakladatele
mail-autoreply-subject = Tuto adresu nikdo nečte
mail-autoreply-greeting = Dobrý den,
mail-autoreply-body = toto je automatická odpověď: poštu poslanou na { $address } nikdo nečte.
mail-autoreply-how = Chcete-li táhnout, odpovězte na e-mail, který vám oznámil, že jste na tahu (jeho adresa pro odpověď zná vaši hru i vaše místo), nebo otevřete stránku své hry odkazem z toho e-mailu. Zakladatel hry vám může odkaz poslat znovu.
mail-autoreply-once = Tuto odpověď dostanete nejvýše jednou denně.

## The picture of the board in a mail, and the choice to mail text only
mail-picture-alt = Hrací plán po { $step }. kroku tak, jak jej smíte vidět.
mail-prefs-text-only = Jen text: v poště mi neposílejte obrázek hracího plánu
