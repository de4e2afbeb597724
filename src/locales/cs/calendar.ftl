# Časy v časovém pásmu člověka (Tr::deadline), kalendáře a nastavení časového pásma.

time-in-zone = { $day }. { $month } { $year } ({ $weekday }), { $time } (pásmo { $zone })
time-in-utc = { $day }. { $month } { $year } ({ $weekday }), { $time } UTC
weekday-1 = pondělí
weekday-2 = úterý
weekday-3 = středa
weekday-4 = čtvrtek
weekday-5 = pátek
weekday-6 = sobota
weekday-7 = neděle
month-1 = ledna
month-2 = února
month-3 = března
month-4 = dubna
month-5 = května
month-6 = června
month-7 = července
month-8 = srpna
month-9 = září
month-10 = října
month-11 = listopadu
month-12 = prosince

calendar-name-seat = feldpost: hra „{ $game }“ ({ $player })
calendar-name-account = feldpost: moje hry
calendar-turn-summary = Jste na tahu ve hře „{ $game }“
calendar-turn-description = Ve hře „{ $game }“ jste na tahu. Táhněte do této doby; odkaz níže otevře vaši stránku hry.
calendar-ruling-summary = Rozhodněte spor o krok č. { $against } ve hře „{ $game }“
calendar-ruling-description = Jeden z hráčů napadá krok č. { $against } hry „{ $game }“ a rozhodnout máte vy. Pokud do této doby nikdo nerozhodne, krok platí.

calendar-title = Kalendář
calendar-lead-seat = Lhůty v této hře a spory, které máte rozhodnout, jako kalendář: přidejte tuto adresu do svého kalendáře jako odběr („z adresy URL“) a kalendář bude sledovat každou lhůtu, i když se posune.
calendar-lead-account = Lhůty všech vašich her a spory, které máte rozhodnout, v jednom kalendáři: přidejte tuto adresu do svého kalendáře jako odběr („z adresy URL“) a kalendář bude sledovat každou lhůtu, i když se posune.
calendar-private = Nikomu ji nedávejte: kdo ji má, vidí vaše lhůty a může otevřít vaše stránky těchto her. Pokud se dostala ven, vytvořte novou; stará adresa tím hned přestane fungovat.
calendar-renew = Vytvořit novou adresu kalendáře
calendar-renewed = Tady je nová adresa kalendáře; stará už nefunguje.

time-zone-title = Časové pásmo
time-zone-lead-seat = Lhůty v e-mailech této hry se uvádějí v tomto časovém pásmu. Když pole necháte prázdné, platí pásmo vašeho účtu, jinak UTC.
time-zone-lead-account = Lhůty v e-mailech vašich her se uvádějí v tomto časovém pásmu, pokud hra nemá nastavené vlastní. Když pole necháte prázdné, platí UTC.
time-zone-label = Časové pásmo (třeba Europe/Prague)
time-zone-save = Uložit časové pásmo
time-zone-now = Lhůty se teď uvádějí v pásmu { $zone }.
time-zone-now-utc = Lhůty se teď uvádějí v UTC.
time-zone-saved = Uloženo: lhůty se teď uvádějí v pásmu { $zone }.
time-zone-cleared = Uloženo: bez vlastního časového pásma.
