## Vlastní údaje: stránka, která pošle odkazy, stažení, zapomenutí adresy
people-footer-link = Vaše údaje
people-title = Vaše údaje
people-lead = O e-mailové adrese tento server uchovává jen to, co hra e-mailem potřebuje: místa, za která hraje, hry, které zakládá, její účet a e-maily, které na ni odešly. Můžete to všechno dostat, nebo nechat adresu zapomenout.
people-lead-how = Napište adresu: pokud o ní tento server něco uchovává, přijde na ni e-mail se dvěma odkazy, jedním ke stažení všeho uchovaného (soubor JSON), druhým k zapomenutí adresy. Platí { $minutes ->
        [one] { $minutes } minutu
        [few] { $minutes } minuty
       *[other] { $minutes } minut
    } a dostane je jen ten, kdo tu schránku čte.
people-ask-button = Poslat mi odkazy
people-asked = Pokud o této adrese něco uchováváme, odešel na ni odkaz. Platí { $minutes ->
        [one] { $minutes } minutu
        [few] { $minutes } minuty
       *[other] { $minutes } minut
    }.
people-link-invalid = Tento odkaz nefunguje: byl změněn, nebo mu vypršela platnost, nebo s ním už byla adresa zapomenuta. O nový požádejte na stránce „Vaše údaje“ v patičce každé stránky.
people-forget-title = Zapomenout tuto adresu
people-forget-lead = Co se stane s adresou { $email }, když stisknete tlačítko:
people-forget-names = Vaše místa si ponechají jména: jméno patří do záznamu hry, který má a může ověřit každý hráč hry, takže zůstane na stránkách a v exportech her.
people-forget-address = Adresa se odstraní ze všech míst a ze všech her, které zakládala, její účet se smaže i s přihlášeními a vymaže se z fronty e-mailů (neodeslané e-maily se už neodešlou a text odeslaných se smaže). Smaže se i to, co jste z těch míst a jako pořadatel napsali v řeči u stolu: každý řádek zůstane na svém místě s poznámkou, že byl stažen.
people-forget-mail = Žádná hra už na tuto adresu nenapíše: každá hra, ve které byla, pokračuje bez ní. Hru založenou později by ji někdo mohl uvést znovu; zaškrtněte políčko, aby byla odmítnuta natrvalo (pak adresa zůstane na seznamu adres, na které se nepíše, a nic jiného o ní).
people-forget-once = Nelze to vrátit. Odkaz funguje jednou.
people-forget-never = A na tuto adresu už nikdy nepsat, z žádné hry
people-forget-button = Zapomenout tuto adresu
people-forgotten = Adresa je zapomenuta: žádné místo, hra, účet ani e-mail tohoto serveru ji už nemá.
people-forgotten-never = Adresa je zapomenuta: žádné místo, hra, účet ani e-mail tohoto serveru ji už nemá, a je na seznamu adres, na které se nepíše.
people-mail-subject = Co feldpost uchovává o vaší adrese
people-mail-body = Někdo na tomto serveru požádal o to, co uchovává o této adrese. Zde jsou dva odkazy, které nese jen tento e-mail.
people-mail-expiry = Oba odkazy platí { $minutes ->
        [one] { $minutes } minutu
        [few] { $minutes } minuty
       *[other] { $minutes } minut
    }; ten, který adresu zapomene, funguje jednou, po stránce, která řekne, co udělá.
people-mail-not-you = Pokud jste o nic nežádali, e-mailu si nevšímejte: nic se nezmění.
people-mail-data = Stáhnout vše, co se o této adrese uchovává (soubor JSON):
people-mail-data-button = Stáhnout moje údaje
people-mail-forget = Nechat tuto adresu zapomenout:
