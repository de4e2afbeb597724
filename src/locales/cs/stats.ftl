# Stránka statistik (src/web/pages/stats.rs, templates/stats.html).
stats-title = Statistiky
stats-link = Statistiky: kostky, čas, počty
stats-back = Zpět ke hře
stats-lead = Vše se počítá z toho, co ze hry smíte vidět: co je před vámi skryté, se nepočítá.
stats-player = Hráč
stats-team = Tým
stats-colour = Barva
stats-count = Počet
stats-dice-server = Kostky, které hodil server
stats-dice-manual = Kostky hozené u stolu a zapsané
stats-dice-face = Stěna
stats-dice-count = Padlo
stats-dice-expected = Poctivé kostky dají
stats-dice-note = Čárkovaná čára ukazuje, kolik dají u každé stěny poctivé kostky.
stats-dice-total = { $total ->
    [one] Hozena { $total } kostka.
    [few] Hozeny { $total } kostky.
   *[other] Hozeno { $total } kostek.
}
stats-dice-fair = Poctivé, jak jen kostky bývají (p = { $p }).
stats-dice-unusual = Neobvyklé, p = { $p }.
stats-dice-too-few = Příliš málo hodů na úsudek (méně než { $min }).
stats-times-title = Čas na tah
stats-times-turns = Tahy
stats-times-median = Medián
stats-times-longest = Nejdéle
stats-times-note = Tmavý pruh: medián tahu; světlý pruh: nejdelší tah.
stats-times-none = Zatím neskončil žádný tah.
stats-days-title = Záznamy po dnech
stats-days-date = Den (UTC)
stats-days-records = Záznamy
stats-duration-s = { $s } s
stats-duration-min = { $min } min
stats-duration-h = { $h } h { $min } min
stats-duration-d = { $d } d { $h } h
stats-tally-escapes = Útěky
stats-tally-arrests = Zatčení muži
stats-tally-cards_played = Zahrané karty
stats-tally-clues = Dané nápovědy
stats-tally-guesses_right = Správné tipy
stats-tally-guesses_wrong = Chybné tipy
stats-tally-still_hidden = Dosud zakryté karty podle barvy klíče
stats-tally-captures = Zajetí
stats-tally-prisoners = Zajaté kameny
stats-team-red = Červený tým
stats-team-blue = Modrý tým
stats-colour-red = Červená
stats-colour-blue = Modrá
stats-colour-bystander = Kolemjdoucí
stats-colour-pursuer = Pronásledovatel
stats-proof-title = Ověřte si to sami
stats-proof-later = Dokud hra běží, její náhodné osivo zůstává tajné. Po konci hry se zveřejní a kdokoli pak může každou kostku i každé tažení ověřit proti závazku výše.
stats-proof-export = Stáhněte si záznam hry
stats-proof-command = a ověřte ho příkazem
