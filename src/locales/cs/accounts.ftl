## Účty
account-nav = Moje hry
account-email = E-mail
account-password = Heslo
account-new-password = Nové heslo (nejméně { $min } znaků)
account-code = Kód z e-mailu
account-login-title = Přihlášení
account-login-button = Přihlásit se
account-link-title = Nebo si nechte poslat přihlašovací odkaz
account-link-button = Poslat odkaz e-mailem
account-link-sent = Pokud k této adrese patří účet, posíláme na ni přihlašovací odkaz a kód. Platí 15 minut a jen jednou.
account-link-confirm = Přihlásit se jako { $email }?
account-code-title = Nebo opište kód z přihlašovacího e-mailu
account-register-title = Založit účet
account-register-lead = Účet shromáždí vaše hry na jedno místo. Hrát se dá i bez něj: každý odkaz na místo u stolu funguje sám.
account-register-button = Založit účet
account-reset-title = Zapomenuté heslo
account-reset-lead = Zadejte adresu svého účtu a pošleme vám odkaz, kterým si nastavíte nové heslo.
account-reset-button = Poslat odkaz pro obnovu
account-reset-sent = Pokud k této adrese patří účet, posíláme na ni odkaz pro obnovu hesla. Platí hodinu a jen jednou.
account-reset-for = Nové heslo pro { $email }.
account-reset-set-button = Nastavit heslo a přihlásit se
account-logout = Odhlásit se
account-logged-in-as = Přihlášený účet:
account-games-title = Moje hry
account-games-waiting-on-me = Čekají na mě
account-games-others = Moje další hry
account-games-none-waiting = Žádná hra na vás nečeká.
account-games-none = Žádné.
account-games-your-turn = jste na tahu
account-games-waiting = čeká se na ostatní
account-games-finished = skončila
account-games-how-to-add = Místa a hry, které pořádáte, se tu objevují samy, pokud jsou vedené na adresu tohoto účtu. Místo s jinou adresou sem přidáte tak, že přihlášeni otevřete jeho odkaz a stisknete „Přidat do Mých her“.
account-games-host = tuto hru pořádáte
account-games-moved = poslední tah { $when }
account-games-deadline = lhůta { $when }
account-games-page-earlier = ◀ Strana { $page }
account-games-page-later = Strana { $page } ▶
account-attach-button = Přidat do Mých her
account-attached = Toto místo je ve vašich Mých hrách.
account-attach-login = Přihlaste se a přidejte si tuto hru do Mých her.
account-error-credentials = Špatný e-mail nebo heslo.
account-error-email = Zadejte prosím platnou e-mailovou adresu.
account-error-password = Heslo musí mít nejméně { $min } znaků.
account-error-token = Tento odkaz nebo kód neplatí: je chybný, už byl použit, nebo vypršel. Požádejte o nový.
account-error-too-many = Příliš mnoho pokusů. Počkejte prosím { $minutes } min a zkuste to znovu.
account-error-csrf = Formulář vypršel nebo přišel z jiného webu, proto se nic nestalo. Načtěte stránku znovu a zkuste to ještě jednou.
account-error-seat-taken = Toto místo už patří k jinému účtu.
account-mail-login-subject = Váš přihlašovací odkaz do feldpostu
account-mail-login-body = Tímto odkazem se přihlásíte do feldpostu (platí { $minutes ->
        [one] { $minutes } minutu
        [few] { $minutes } minuty
       *[other] { $minutes } minut
    }, jednou):
account-mail-login-code = Nebo na přihlašovací stránce opište tento kód:
account-mail-not-you = Pokud jste o nic nežádali, e-mailu si nevšímejte: nic se nezmění.
account-mail-reset-subject = Nastavte si nové heslo do feldpostu
account-mail-reset-body = Tímto odkazem si nastavíte nové heslo ke svému účtu ve feldpostu (platí { $minutes ->
        [one] { $minutes } minutu
        [few] { $minutes } minuty
       *[other] { $minutes } minut
    }, jednou):
account-register-sent = Na adresu { $email } jsme poslali odkaz. Do jednoho dne ho otevřete a založení účtu dokončete. (Má-li adresa už účet, e-mail vám to napíše.)
account-mail-register-subject = Dokončete založení účtu ve feldpostu
account-mail-register-body = Někdo (doufáme, že vy) požádal o účet ve feldpostu pro tuto adresu. Do jednoho dne otevřete tento odkaz a založení dokončete; heslo je to, které jste si zvolili:
account-mail-exists-subject = Účet ve feldpostu už máte
account-mail-exists-body = Někdo (doufáme, že vy) se pokusil založit účet ve feldpostu pro tuto adresu, ale ta už účet má. Přihlaste se zde heslem nebo odkazem z e-mailu; zapomenuté heslo si tamtéž obnovíte:
