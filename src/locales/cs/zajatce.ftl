# Na zajatce: zprávy pravidel a obrázku hrací desky.
# Pole jsou číslována 1–40 jako na desce. Věty jsou v přítomném čase nebo s dvojtečkou,
# aby nezáležely na rodu hráče.

## Hráči a barvy

zajatce-colour-red = Červený
zajatce-colour-blue = Modrý
zajatce-colour-green = Zelený
zajatce-colour-yellow = Žlutý

## Události (průběh hry)

zajatce-event-started = Začíná { $player }. Každý hráč má jeden kámen na svém startovním poli, ostatní čtyři čekají v záloze.
zajatce-event-rolled = { $player } hází: { $die }.
zajatce-event-entered = { $player } nasazuje kámen { $stone } na své startovní pole ({ $field }).
zajatce-event-moved = { $player } táhne kamenem { $stone } o { $steps } { $steps ->
        [one] pole
        [few] pole
       *[other] polí
    } { $direction ->
        [backward] zpět
       *[forward] vpřed
    }, z pole { $from } na pole { $to }.
zajatce-event-left-group = { $player }: kámen { $stone } opouští skupinu a táhne sám o { $steps } { $steps ->
        [one] pole
        [few] pole
       *[other] polí
    } { $direction ->
        [backward] zpět
       *[forward] vpřed
    }, z pole { $from } na pole { $to }.
zajatce-event-captured = { $player }: kámen { $stone } bere na poli { $field } { $taken ->
        [one] jednoho zajatce
        [few] { $taken } zajatce
       *[other] { $taken } zajatců
    }{ $freed ->
        [0] .
        [one] { "" } a osvobozuje jeden vlastní kámen.
        [few] { "" } a osvobozuje { $freed } vlastní kameny.
       *[other] { "" } a osvobozuje { $freed } vlastních kamenů.
    }
zajatce-event-came-home = { $player }: kámen { $stone } odbočuje do domečku, nechává v zajateckém táboře { $prisoners ->
        [one] jednoho zajatce
        [few] { $prisoners } zajatce
       *[other] { $prisoners } zajatců
    } a vrací se do zálohy{ $members ->
        [0] .
        [one] { "" } spolu s jedním osvobozeným kamenem.
       *[other] { "" } spolu s osvobozenými kameny ({ $members }).
    }
zajatce-event-no-move = { $player } nemůže hod { $die } využít; na řadě je další hráč.
zajatce-event-eliminated = { $player } už nemá žádný svobodný kámen a ze hry odstupuje.
zajatce-event-conceded = Hráč { $player } vzdává hru a odstupuje: { $stones ->
        [0] na desce nemá žádný kámen
        [one] jeho kámen opouští desku
        [few] jeho { $stones } kameny opouštějí desku
       *[other] jeho kameny ({ $stones }) opouštějí desku
    }{ $freed ->
        [0] .
        [one] { "" } a zajatec, kterého vedl, se vrací do zálohy svého hráče.
       *[other] { "" } a zajatci, které vedl ({ $freed }), se vracejí do zálohy svých hráčů.
    }
zajatce-event-backward-phase = Všichni hráči, kteří ještě hrají, mají jen jeden svobodný kámen: odteď smějí kameny táhnout i dozadu.
zajatce-event-throws-again = { $player } má šestku a hází znovu.
zajatce-event-next-turn = Na řadě je { $player }.
zajatce-event-carried-home = Na konci hry přenáší kámen { $stone } hráče { $player } { $prisoners ->
        [one] svého zajatce
       *[other] své zajatce ({ $prisoners })
    } rovnou do tábora.
zajatce-event-ended = { $reason ->
        [quiet-limit] Příliš mnoho hodů za sebou bez zajetí a bez návratu domů: hra končí.
        [throw-limit] Hra dosáhla nejvyššího počtu hodů a končí.
        [conceded] Všichni ostatní hráči hru vzdali: hra končí.
       *[last-player] Svobodné kameny zbyly jen jednomu hráči: hra končí.
    }

## Akce (tlačítka)

zajatce-action-roll = Hodit kostkou
zajatce-action-concede = Vzdát hru
zajatce-action-roll-manual = Zadat číslo, které padlo
zajatce-action-roll-typed = Nahlásit hod { $die }
zajatce-action-enter = Nasadit nový kámen na startovní pole ({ $field }){ $taken ->
        [0] { "" }
        [one] { "" } a zajmout jeden kámen
        [few] { "" } a zajmout { $taken } kameny
       *[other] { "" } a zajmout { $taken } kamenů
    }
zajatce-action-enter-any = Nasadit nový kámen
zajatce-action-home = Odvést kámen { $stone } domů { $prisoners ->
        [one] se zajatcem
       *[other] se zajatci ({ $prisoners })
    }
zajatce-action-move = Táhnout kamenem { $stone } { $direction ->
        [backward] zpět
       *[forward] vpřed
    } na pole { $to }{ $taken ->
        [0] { "" }
        [one] { "" } a zajmout jeden kámen
        [few] { "" } a zajmout { $taken } kameny
       *[other] { "" } a zajmout { $taken } kamenů
    }
zajatce-action-leave = Kámen { $stone } opustí skupinu a táhne { $direction ->
        [backward] zpět
       *[forward] vpřed
    } na pole { $to }{ $taken ->
        [0] { "" }
        [one] { "" } a zajme jeden kámen
        [few] { "" } a zajme { $taken } kameny
       *[other] { "" } a zajme { $taken } kamenů
    }
zajatce-action-stone = Táhnout kamenem { $stone } { $direction ->
        [backward] zpět
       *[forward] vpřed
    }

## Výsledek

zajatce-outcome-no-winner = Nikdo z hráčů, kteří jsou ještě ve hře, nemá zajatce, a tak nikdo nevyhrává.
zajatce-outcome-conceded = Vítězí { $winner }: všichni ostatní hráči hru vzdali (počet zajatců v táboře: { $prisoners }).
zajatce-outcome-winner = Vítězí { $winner } s počtem zajatců { $prisoners }.
zajatce-outcome-shared-two = O vítězství se dělí { $first } a { $second }, každý s počtem zajatců { $prisoners }.
zajatce-outcome-shared-three = O vítězství se dělí { $first }, { $second } a { $third }, každý s počtem zajatců { $prisoners }.
zajatce-outcome-shared-four = O vítězství se dělí { $first }, { $second }, { $third } a { $fourth }, každý s počtem zajatců { $prisoners }.

## Odmítnutí

zajatce-refusal-seats = Na zajatce hrají dva až čtyři hráči, ne { $seats }.
zajatce-refusal-throw-limit = Nejvyšší počet hodů musí být aspoň jeden.
zajatce-refusal-throw-first = Nejdřív hoďte kostkou.
zajatce-refusal-move-first = Padlo vám { $die }: nejdřív ho využijte, pak házejte znovu.
zajatce-refusal-game-over = Hra už skončila.
zajatce-refusal-not-started = Hra ještě nezačala.
zajatce-refusal-eliminated = { $player } už nemá žádný svobodný kámen: prohrál a ze hry odstoupil.
zajatce-refusal-conceded = Hráč { $player } hru vzdal a už není ve hře.
zajatce-refusal-not-your-turn = Na řadě je { $player }.
zajatce-refusal-die-by-server = V této hře hází kostkou server: pošlete hod bez čísla.
zajatce-refusal-die-missing = Tato hra se hraje se skutečnou kostkou: zadejte číslo, které padlo.
zajatce-refusal-die-range = Na kostce padá 1 až 6, ne { $die }.
zajatce-refusal-enter-needs-six = Nový kámen se nasazuje jen po šestce a vám padlo { $die }.
zajatce-refusal-reserve-empty = V záloze nemáte žádný kámen.
zajatce-refusal-not-your-stone = Kámen { $stone } patří hráči { $owner }: táhnout smíte jen svými kameny.
zajatce-refusal-no-such-stone = Kameny mají čísla 1 až { $stones }: kámen { $stone } neexistuje.
zajatce-refusal-stone-in-reserve = Kámen { $stone } čeká v záloze: do hry vstoupí jen po šestce a vám padlo { $die }.
zajatce-refusal-stone-in-camp = Kámen { $stone } je zajatcem v táboře hráče { $owner } a už se nepohne.
zajatce-refusal-prisoner = Kámen { $stone } je zajatcem kamene { $leader } hráče { $captor }: jde jen tam, kam jde on.
zajatce-refusal-member-must-leave = Kámen { $stone } jde se skupinou vašeho kamene { $leader }: táhněte kamenem { $leader } a skupina půjde s ním, nebo nechte kámen { $stone } skupinu opustit a táhnout samotný.
zajatce-refusal-leader-cannot-leave = Kámen { $stone } vede skupinu a { $prisoners ->
        [0] nemůže ji opustit
        [one] svého zajatce opustit nemůže
       *[other] své zajatce ({ $prisoners }) opustit nemůže
    }: táhněte jím a skupina půjde s ním.
zajatce-refusal-backward-not-yet = Dozadu se smí táhnout, až když má každý hráč, který je ještě ve hře, jen jeden svobodný kámen.
zajatce-refusal-no-such-player = Hráč číslo { $seat } u tohoto stolu nehraje.
zajatce-refusal-stone-in-reserve-enter = Kámen { $stone } čeká v záloze: chcete-li šestku využít pro něj, nasaďte nový kámen (nasazuje se ten s nejnižším číslem).
zajatce-refusal-not-in-group = Kámen { $stone } není v žádné skupině, a tak nemá co opouštět: táhněte jím.

## Obrázek desky

zajatce-board-title = Deska hry Na zajatce
zajatce-field = Pole { $field }
zajatce-start-field = Pole { $field }: startovní pole, hráč { $player }
zajatce-camp = Zajatecký tábor, hráč { $player }: { $prisoners ->
        [one] jeden zajatec
        [few] { $prisoners } zajatci
       *[other] { $prisoners } zajatců
    }
zajatce-reserve = Záloha, hráč { $player }: { $stones ->
        [one] jeden kámen
        [few] { $stones } kameny
       *[other] { $stones } kamenů
    }
zajatce-stone = { $colour ->
        [red] Červený
        [blue] Modrý
        [green] Zelený
       *[yellow] Žlutý
    } kámen { $number }
zajatce-group = { $colour ->
        [red] Červený
        [blue] Modrý
        [green] Zelený
       *[yellow] Žlutý
    } kámen { $number } vede { $prisoners ->
        [one] jednoho zajatce
        [few] { $prisoners } zajatce
       *[other] { $prisoners } zajatců
    }{ $members ->
        [0] { "" }
        [one] { "" } a jde s ním jeden osvobozený kámen
       *[other] { "" } a jdou s ním osvobozené kameny ({ $members })
    }
zajatce-last-throw = Poslední hod: { $player }, padlo { $die }
zajatce-seat-out = { $player } (mimo hru)
zajatce-score = Zajatci: { $camp }
zajatce-score-led = +{ $led } na cestě

## The new-game form
zajatce-opt-throw-again-on-six = Po šestce se hází znovu
zajatce-opt-manual-dice = Vlastní kostky: hráči hážou skutečnou kostkou a zadají výsledek
zajatce-opt-quiet-limit = Počet hodů bez zajetí, po kterém hra končí
zajatce-opt-throw-limit = Počet hodů, po kterém končí každá hra

## The game on the home page
zajatce-name = Na zajatce
zajatce-about = Hra o zajatce na plánu Člověče, nezlob se: doskočte na soupeřovy kameny, zajměte je a odveďte domů. 2–4 hráči.

## Commands in a reply to the turn mail (one word each; "táhni 2 zpět")
zajatce-cmd-throw = hod
zajatce-cmd-enter = nasaď
zajatce-cmd-move = táhni
zajatce-cmd-leave = odpoj
zajatce-cmd-back = zpět
zajatce-cmd-concede = vzdávám
zajatce-last-step-from = poslední tah: { $player } odsud
zajatce-last-step-to = poslední tah: { $player } sem
zajatce-confirm-concede = Vzdát hru? Vaše kameny opustí desku, zajatci, které vedou, se vrátí svým hráčům a vy už nehrajete. Nejde to vzít zpět.

## Pozice přenesená ze skutečného stolu (Z19)
zajatce-event-position-entered = Hráči zadali pozici ze svého stolu; další hází { $player }.
zajatce-position-stone-unknown = Kámen { $number } hráče { $seat } v této hře není.
zajatce-position-stone-twice = Kámen { $number } hráče { $seat } je uveden na dvou místech.
zajatce-position-field-unknown = Kámen { $number } hráče { $seat }: pole { $field } na oběžné dráze není (pole 1 až 40).
zajatce-position-leader-not-on-track = Kámen { $number } hráče { $seat } jde s kamenem, který na dráze nestojí.
zajatce-position-camp-wrong = Kámen { $number } hráče { $seat } může být jen v táboře jiného hráče této hry.
zajatce-position-field-shared = Na poli { $field } stojí kameny dvou barev: ten, který přišel poslední, by ty druhé zajal.
zajatce-position-over = Svobodné kameny by zbyly jen jednomu hráči: taková hra už skončila.
zajatce-position-to-move = Kdo hází další, musí být ve hře a mít svobodný kámen.
zajatce-position-stones-of = Kameny hráče { $player }
zajatce-position-throws = Hází { $player }
zajatce-position-stone = Kámen { $number } hráče { $player }
zajatce-position-line = { $stone }: { $place }
zajatce-position-in-reserve = V záloze
zajatce-position-on-field-group = Na dráze
zajatce-position-on-field = Pole { $field }
zajatce-position-with-group = Ve skupině s kamenem
zajatce-position-with = s kamenem: { $stone }
zajatce-position-camp-group = Zajatec v táboře
zajatce-position-in-camp = v táboře hráče { $player }
zajatce-position-to-move-label = Další hází
zajatce-position-backward-label = Kameny už smějí i couvat (pravidlo Z12 už platilo)
zajatce-position-form-unreadable = Formulář poslal místo, které nenabízí.
# Hrací plán v tahovém e-mailu slovy (řádek na skupinu kamenů, pak řádek na hráče).
zajatce-mail-unit = Kámen { $stone } hráče { $player } stojí na poli { $field }{ $members ->
        [0] {""}
        [one] , s ním kámen { $with }
       *[other] , s ním kameny { $with }
    }{ $prisoners ->
        [0] {""}
        [one] , vede jednoho zajatce
        [few] , vede { $prisoners } zajatce
       *[other] , vede { $prisoners } zajatců
    }.
zajatce-mail-seat = { $player }: v záloze { $reserve ->
        [0] žádný kámen
        [one] jeden kámen
        [few] { $reserve } kameny
       *[other] { $reserve } kamenů
    }, v táboře { $camp ->
        [0] žádný zajatec
        [one] jeden zajatec
        [few] { $camp } zajatci
       *[other] { $camp } zajatců
    }.
zajatce-mail-out = { $player } už ve hře není; v táboře { $camp ->
        [0] žádný zajatec
        [one] jeden zajatec
        [few] { $camp } zajatci
       *[other] { $camp } zajatců
    }.
