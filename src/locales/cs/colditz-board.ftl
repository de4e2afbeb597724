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
