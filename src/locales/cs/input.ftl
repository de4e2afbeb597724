## Co lidé píší, odmítnuto i s důvodem (src/input.rs)

field-player-name = Jméno hráče
field-title = Název
field-email = E-mailová adresa
field-host-email = E-mailová adresa pořadatele
field-claim = Co je špatně
field-reason = Odůvodnění
field-deadline-hours = Hodiny na tah
field-remind-hours = Hodiny před lhůtou pro připomínku
field-pause-hours = Délka přestávky v hodinách

input-error-empty = Pole „{ $field }“ nesmí být prázdné.
input-error-invisible = Pole „{ $field }“ obsahuje jen neviditelné znaky; napište prosím něco čitelného.
input-error-control = Pole „{ $field }“ obsahuje řídicí znak (konec řádku, tabulátor nebo NUL); vejděte se prosím do jednoho řádku.
input-error-too-long = Pole „{ $field }“ je delší než { $max } znaků.
input-error-email = Pole „{ $field }“ není e-mailová adresa, kterou by poštovní server přijal.
input-error-time-zone = „{ $zone }“ není časové pásmo, které známe. Napište jeho název podle IANA, třeba Europe/Prague nebo Asia/Vladivostok.
input-error-bidi = Pole „{ $field }“ obsahuje znak, který obrací směr okolního textu (přepis směru nebo izolaci); napište prosím text bez něj.
input-error-combining = Pole „{ $field }“ vrší na jedno písmeno víc než { $max } diakritická znaménka.
input-error-names-alike = Dva hráči by se dali zaměnit: „{ $first }“ a „{ $second }“. Rozlište je prosím.
input-error-hours = Pole „{ $field }“ musí být celý počet hodin od 1 do { $max }.
input-error-absence-budget = Povolit lze nejvýše { $max ->
        [one] { $max } den
        [few] { $max } dny
       *[other] { $max } dní
    } nepřítomnosti.
input-error-absence-none = Ohlaste aspoň jeden den nepřítomnosti.
input-error-absence-left = V této hře vám { $left ->
        [one] zbývá už jen { $left } den
        [few] zbývají už jen { $left } dny
       *[other] zbývá už jen { $left } dní
    } nepřítomnosti.
field-ruling-hours = Hodiny na rozhodnutí sporu
field-appeal-hours = Hodiny na hlasování o odvolání

## Co hráč zapíše k akci, do pole na stránce hry nebo za příkaz v odpovědi na tahový e-mail:
## obojí se čte stejně (src/games/typed.rs) a odmítá těmito zprávami. `field` je popisek pole;
## příliš dlouhý text odmítá input-error-too-long.
input-typed-missing = Vyplňte prosím „{ $field }“.
input-typed-not-a-number = „{ $field }“ má být celé číslo; „{ $typed }“ jím není.
input-typed-out-of-range = „{ $field }“ má být číslo od { $min } do { $max }, ne { $typed }.
input-typed-not-offered = „{ $typed }“ není mezi možnostmi pro „{ $field }“.
input-typed-one-place = „{ $field }“ je jedno místo; „{ $typed }“ jich jmenuje víc.
input-typed-throws = „{ $typed }“ nejsou hody dvěma kostkami: každý hod jsou dvě čísla, např. 6 6, 2 5.
input-typed-placements = „{ $typed }“ nejsou muži a jejich místa: napřed číslo muže, pak jeho místo, např. 3 17·28, 4 17·29.
