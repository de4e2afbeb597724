# Útěk z Colditzu na webu: jméno hry na úvodní stránce a ve formuláři nové hry, řádky vedle
# plánu, popisky figurek a to, na co se ptají formuláře tahů.

game-colditz = Útěk z Colditzu
game-colditz-about = Německý bezpečnostní důstojník proti až pěti únikovým důstojníkům: shánějte výstroj, vyhýbejte se strážím a nástupům, dostaňte své muže z hradu. 2–6 hráčů.
new-help-colditz = Role určuje pořadí míst: první hráč je německý bezpečnostní důstojník, další jsou americký, britský, nizozemský, francouzský a polský únikový důstojník v tomto pořadí. Jiné národy, podmínku vítězství a časový limit lze nastavit přes API.
opt-colditz-dice = Kostky
opt-colditz-dice-seeded = Hází server (prokazatelně férově)
opt-colditz-dice-manual = Skutečné kostky: hráči zapíší, co hodili

colditz-page-piece-guard = Stráž { $man } ({ $player }) na { $circle }
colditz-page-piece-american = Muž { $man }, Američan ({ $player }), na { $circle }
colditz-page-piece-british = Muž { $man }, Brit ({ $player }), na { $circle }
colditz-page-piece-dutch = Muž { $man }, Nizozemec ({ $player }), na { $circle }
colditz-page-piece-french = Muž { $man }, Francouz ({ $player }), na { $circle }
colditz-page-piece-polish = Muž { $man }, Polák ({ $player }), na { $circle }
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

colditz-page-note-window = Čeká se na odpověď
colditz-page-window-appel = Nástup: každý únikový důstojník tajně volí, kteří jeho muži nastoupí.
colditz-page-window-search = Prohlídka (místnost: { $room }): odpovídají únikoví důstojníci, jejichž muži tam jsou.
colditz-page-window-confiscation = Zabavení: { $player } odevzdá jednu kartu výstroje, nebo zahraje Skrýš.
colditz-page-window-sabotage = Sabotáž: { $player } vrací do balíčku { $owed } bezpečnostní karty.
colditz-page-window-waiting = Čeká se na hráče { $player }.
colditz-page-window-answered = { $player } už odpověděl(a) (zůstává tajné, dokud neodpovědí všichni).
colditz-page-window-default-appel = Když lhůta uplyne, kdo neodpověděl, tomu nastoupí všichni muži.
colditz-page-window-default-search = Když lhůta uplyne, kdo neodpověděl, nehraje žádnou kartu.
colditz-page-window-default-confiscation = Když lhůta uplyne, odevzdá se karta výstroje s nejnižším číslem.
colditz-page-window-default-sabotage = Když lhůta uplyne, vrátí se první bezpečnostní karty z ruky.

colditz-page-note-your-hand = Vaše karty příležitostí
colditz-page-note-your-security = Vaše bezpečnostní karty
colditz-page-note-hand-of = Karty hráče { $player }
colditz-page-card = { $card } ({ $id }): { $text }
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
colditz-page-equipment = { $player }: { $card } ({ $id })
colditz-page-no-equipment = Zatím žádný tým nedrží výstroj.

colditz-page-note-packs = Balíčky
colditz-page-packs = Lícem dolů: příležitosti { $opportunity }, bezpečnostní { $security }, Buď anebo { $doordie }.
colditz-page-stock = Dosud nevzato: { $card } × { $count }

colditz-page-note-offers = Nabídky výměny
colditz-page-offer = Nabídka { $offer }: { $from } hráči { $to }
colditz-page-offer-gives = dává { $card } ({ $id })
colditz-page-offer-wants = chce { $card } ({ $id })

colditz-page-note-orders = Vaše stálé rozkazy
colditz-page-order-appel = Na nástup jdou všichni moji muži: { $answer }
colditz-page-order-confiscation = Zabavení vyřídit hned (Skrýš, mám-li ji, jinak nejnižší karta): { $answer }
colditz-page-yes = ano
colditz-page-no = ne

colditz-page-path-clear = Smazat cestu
colditz-page-path-help = Klikejte na kruhy na plánu, krok za krokem, a cesta tahu se vyplní sama.

input-colditz-inner = Vnitřní stanoviště stráží (id kruhů; prázdné: navržená):
input-colditz-outer = Vnější stanoviště stráží, 2 až 7 (id kruhů; prázdné: navržená):
input-colditz-dice = Vaše hody, vždy dvě čísla (např. 6 6, 2 5):
input-colditz-path = Cesta: id kruhů oddělená mezerami nebo čárkami:
input-colditz-cell = Cela pro zatčeného (id kruhu, nepovinné):
input-colditz-guards = Stráže poslat zpět (jejich čísla; prázdné: navržené):
input-colditz-quick-move-man = Který muž se přesune (číslo; prázdné: navržený):
input-colditz-bribe = Výstroj, kterou si vezmete: rope, key, pass nebo wire-cutters (prázdné: lano a klíč):
input-colditz-return-security = Bezpečnostní karty k vrácení (id karet; prázdné: navržené):
input-colditz-absent = Muži, kteří nenastoupí (čísla; prázdné: nastoupí všichni):
input-colditz-hideaway = Karta Skrýš k zahrání (id karty, nepovinné):
input-colditz-surrender = Karty výstroje, které odevzdáte přednostně (id karet, nepovinné):
input-colditz-give = Karty, které dáváte (id karet, jak jsou uvedena u vašich karet):
input-colditz-want = Karty, které chcete (id karet):
input-colditz-man = Muž (číslo na jeho figurce):
input-colditz-infringement = Přestupek:
input-colditz-order-appel = Na nástup jdou všichni moji muži:
input-colditz-order-confiscation = Zabavení vyřídit hned:

colditz-page-action-post = Postavit stráž z kasáren
input-colditz-post = Na stanoviště:
colditz-page-action-move = Táhnout mužem { $man } (z { $from })
colditz-page-action-move-guard = Táhnout stráží { $man } (z { $from })
colditz-page-action-recall = Stáhnout stráž { $man } z { $from }
colditz-page-action-release = Propustit muže { $man } ze samotky (dvojice)
colditz-page-action-give = Dát { $card } hráči { $player }
colditz-page-action-surrender = Odevzdat { $card } ({ $id })
colditz-page-action-hideaway = Zahrát Skrýš: nic se nezabaví
colditz-page-action-claim = Získat { $card }
colditz-page-action-accept = Přijmout nabídku { $offer }
colditz-page-action-decline = Odmítnout nabídku { $offer }
colditz-page-action-withdraw = Stáhnout nabídku { $offer }
colditz-page-action-offer = Nabídnout výměnu hráči { $player }
colditz-page-action-play-men = Zahrát { $card } (muži { $men })

# Na stránce každé hry s lhůtou (nejen Colditzu): dokdy musí ti, na které se čeká, jednat.
game-deadline = Lhůta pro ty, na které se čeká: { $when }

colditz-page-action-warning = Odpovědět kartou Varování ({ $id })
input-colditz-warning-moves = Muži do bezpečných kruhů: číslo muže a pak jeho kruh (např. 3 r16c18, 4 r16c19):
colditz-page-window-talisman = Střílet bez varování: { $player } může zahrát Talisman, který dostřel zkrátí na polovinu.
colditz-page-window-arrest_holder = Byl použit klíč nebo propustka: { $player } může zahrát Zatčení držitele klíče nebo propustky.
colditz-page-window-default-talisman = Když lhůta uplyne, Talisman se nehraje.
colditz-page-window-default-arrest_holder = Když lhůta uplyne, karta zatčení se nehraje.
colditz-page-note-end = Hra skončila
colditz-page-end-escapes = { $player }: útěků { $n }
colditz-page-end-deaths = Zastřelení a padlí: { $n }
colditz-page-note-gone = Kdo odešel, po pořádku
colditz-page-gone-escaped = Kolo { $round }: muž { $man } hráče { $player } utekl u { $target }
colditz-page-gone-shot = Kolo { $round }: muž { $man } hráče { $player } byl zastřelen
colditz-page-gone-do_or_die = Kolo { $round }: muž { $man } hráče { $player } padl při pokusu „Buď anebo“
colditz-page-gone-team_out = Kolo { $round }: muž { $man } hráče { $player } odešel ze hry se svým družstvem
