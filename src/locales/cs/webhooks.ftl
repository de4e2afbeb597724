# Webhooky (docs/notifications.md): co oznamují, jejich stránka a e-mail, když se některý pozastaví.
webhook-head = „{ $game }“ na feldpostu
webhook-step = Krok { $seq }: { $what }
webhook-left-out = { $count ->
    [one] …a { $count } dřívější krok
    [few] …a { $count } dřívější kroky
   *[other] …a { $count } dřívějších kroků
}
webhook-your-turn = Jste na tahu.
webhook-rule = Spor o krok { $step } čeká na vaše rozhodnutí.
webhook-reminder = Připomínáme: ve hře „{ $game }“ jste stále na tahu a lhůta končí { $when }.
webhook-deadline = Uplynula lhůta.
webhook-ended = Hra skončila: { $outcome }
webhook-test-text = Zkušební zpráva od feldpostu ke hře „{ $game }“: tento webhook funguje.
webhook-error-url = To není adresa URL, kterou může webhook použít.
webhook-error-scheme = Přijímáme jen adresy http:// a https://.
webhook-error-private = { $host } je adresa v soukromé nebo místní síti; webhooky posíláme jen na veřejné adresy.
webhook-error-unresolved = { $host } se nepodařilo najít.
webhook-error-connect = K příjemci se nepodařilo připojit.
webhook-error-tls = Zabezpečené spojení s příjemcem se nepodařilo ověřit.
webhook-error-timeout = Příjemce do 5 sekund neodpověděl.
webhook-error-status = Příjemce odpověděl stavem { $status }.
webhook-error-too-large = Zpráva je na webhook příliš dlouhá.
webhook-error-room = Pro Matrix zadejte ID nebo alias místnosti.
webhook-error-token = Pro Matrix zadejte přístupový token účtu, který bude zprávy posílat.
webhook-error-too-many = V této hře už máte tolik webhooků, kolik lze mít (5). Nejprve jeden odeberte.
webhook-error-unknown = Takový webhook tu není.
webhook-error-format = Vyberte formát.
webhooks-link = Webhooky
webhooks-open = Otevřít stránku webhooků
webhooks-title-game = Webhooky hry „{ $game }“
webhooks-title-seat = Vaše webhooky ve hře „{ $game }“
webhooks-lead-game = Webhook hry oznamuje do kanálu (Discord, Slack, Matrix nebo váš vlastní nástroj) každý krok tak, jak ho vidí divák.
webhooks-lead-seat = Váš webhook vám tam, kde jste, oznámí, že jste na tahu, že spor čeká na vaše rozhodnutí, že uplynula lhůta a že hra skončila. Říká jen to, co smíte vidět.
webhooks-format = Formát
webhooks-target = Kam
webhooks-state = Stav
webhooks-actions = Akce
webhooks-format-discord = Discord
webhooks-format-slack = Slack
webhooks-format-matrix = Matrix
webhooks-format-json = JSON (podle Standard Webhooks)
webhooks-told = oznámeno po krok { $step }
webhooks-failing = { $count ->
    [one] { $count } neúspěšný pokus
    [few] { $count } neúspěšné pokusy za sebou
   *[other] { $count } neúspěšných pokusů za sebou
}; poslední: { $why }
webhooks-paused-since = pozastaveno od { $when } po opakovaném selhání; naposledy: { $why }
webhooks-paused-lead = Jeden webhook přestal fungovat a byl pozastaven. Zkontrolujte příjemce a pak webhook znovu spusťte.
webhooks-test = Poslat zkoušku
webhooks-resume = Znovu spustit
webhooks-remove = Odebrat
webhooks-add = Přidat webhook
webhooks-url = Adresa URL (pro Matrix adresa domovského serveru)
webhooks-matrix-only = Jen pro Matrix
webhooks-room = ID nebo alias místnosti
webhooks-token = Přístupový token
webhooks-add-submit = Přidat
webhooks-added = Webhook je přidán.
webhooks-secret = Jeho podpisový klíč, zobrazený jen tentokrát (uložte ho tam, kde váš nástroj ověřuje podpisy):
webhooks-test-done = Příjemce zkušební zprávu přijal.
webhooks-test-failed = Příjemce zkušební zprávu nepřijal: { $why }
webhooks-resumed = Webhook je znovu spuštěn a hned se zkusí doručit.
webhooks-removed = Webhook je odebrán.
webhooks-back = Zpět ke hře
mail-webhook-paused-subject = Webhook hry „{ $game }“ je pozastaven
mail-webhook-paused-body = váš webhook na { $target } selhal { $failures }krát za sebou (naposledy: { $why }), a tak ho feldpost pozastavil: dokud ho znovu nespustíte, nic se mu neoznamuje.
mail-webhook-paused-fix = Zkontrolujte příjemce (platí ještě adresa URL, běží služba?) a pak webhook na jeho stránce znovu spusťte; co se mezitím stalo, se oznámí potom.
mail-webhook-paused-link = Stránka webhooků:
mail-webhook-paused-button = Otevřít stránku webhooků

## Oznámení v prohlížeči (Web Push)
webhooks-format-push = Oznámení v prohlížeči
webhook-error-push-keys = Prohlížeč poslal odběr oznámení bez použitelných klíčů; zkuste oznámení zapnout znovu.
push-lead = Oznámení na tomto zařízení: feldpost dá prohlížeči vědět, když jste na tahu nebo máte rozhodnout spor, i když stránku zavřete.
push-on = Upozorňovat mě na tomto zařízení
push-off = Přestat upozorňovat toto zařízení
push-done = Toto zařízení bude dostávat oznámení.
push-stopped = Toto zařízení už oznámení dostávat nebude.
push-denied = Prohlížeč oznámení pro tento web zakázal; povolte je v jeho nastavení a zkuste to znovu.
push-failed = Oznámení se tu nepodařilo zapnout.
push-account-title = Oznámení na tomto zařízení pro všechny mé hry
push-account-lead = feldpost dá tomuto prohlížeči vědět, když jste na tahu nebo máte rozhodnout spor v kterékoli své hře – v těch, které hrajete teď, i v těch, do kterých se přidáte později –, vždy slovy daného místa ve hře. Když je tu vypnete, vypnou se ve všech hrách.
push-account-on = Toto zařízení bude dostávat oznámení ze všech vašich her.
push-account-done = Oznámení zapnuta pro { $seats ->
        [one] jedno místo
        [few] { $seats } místa
       *[other] { $seats } míst
    } ve hrách a pro každé, které získáte později.
