## Учётные записи
account-nav = Мои игры
account-email = Эл. почта
account-password = Пароль
account-new-password = Новый пароль (не короче { $min ->
        [one] { $min } символа
       *[other] { $min } символов
    })
account-code = Код из письма
account-login-title = Вход
account-login-button = Войти
account-link-title = Или получите ссылку для входа по почте
account-link-button = Прислать ссылку
account-link-sent = Если есть учётная запись с этим адресом, ссылка для входа и код уже отправлены. Они действуют 15 минут и только один раз.
account-link-confirm = Войти как { $email }?
account-code-title = Или введите код из письма для входа
account-register-title = Создать учётную запись
account-register-lead = Учётная запись собирает ваши игры в одном месте. Играть можно и без неё: каждая ссылка на место работает сама по себе.
account-register-button = Создать учётную запись
account-reset-title = Забыли пароль
account-reset-lead = Укажите адрес своей учётной записи, и мы пришлём ссылку, по которой можно задать новый пароль.
account-reset-button = Прислать ссылку для сброса
account-reset-sent = Если есть учётная запись с этим адресом, ссылка для сброса уже отправлена. Она действует один час и только один раз.
account-reset-for = Новый пароль для { $email }.
account-reset-set-button = Задать пароль и войти
account-logout = Выйти
account-logged-in-as = Вы вошли как
account-games-title = Мои игры
account-games-waiting-on-me = Ждут моего хода
account-games-others = Другие мои игры
account-games-none-waiting = Ни одна игра не ждёт вашего хода.
account-games-none = Нет.
account-games-your-turn = ваш ход
account-games-waiting = ждём других
account-games-finished = окончена
account-games-how-to-add = Места и игры, которые вы организуете, появляются здесь сами, если они записаны на адрес этой учётной записи. Чтобы добавить место с другим адресом, откройте его ссылку, будучи в учётной записи, и нажмите «Добавить в Мои игры».
account-games-host = вы организатор
account-games-moved = последний ход { $when }
account-games-deadline = срок { $when }
account-games-page-earlier = ◀ Страница { $page }
account-games-page-later = Страница { $page } ▶
account-attach-button = Добавить в «Мои игры»
account-attached = Это место есть в ваших «Моих играх».
account-attach-login = Войдите, чтобы добавить эту игру в «Мои игры».
account-error-credentials = Неверный адрес или пароль.
account-error-email = Укажите правильный адрес электронной почты.
account-error-password = Пароль должен быть не короче { $min ->
        [one] { $min } символа
       *[other] { $min } символов
    }.
account-error-token = Эта ссылка или код недействительны: они неверны, уже использованы или просрочены. Запросите новые.
account-error-too-many = Слишком много попыток. Подождите { $minutes } мин. и попробуйте снова.
account-error-csrf = Эта форма устарела или пришла с другого сайта, поэтому ничего не сделано. Перезагрузите страницу и попробуйте ещё раз.
account-error-seat-taken = Это место уже привязано к другой учётной записи.
account-mail-login-subject = Ваша ссылка для входа в feldpost
account-mail-login-body = Откройте эту ссылку, чтобы войти в feldpost (действует { $minutes ->
        [one] { $minutes } минуту
        [few] { $minutes } минуты
       *[many] { $minutes } минут
    }, один раз):
account-mail-login-code = Или введите этот код на странице входа:
account-mail-not-you = Если вы этого не просили, не обращайте внимания на письмо: ничего не изменится.
account-mail-reset-subject = Новый пароль для feldpost
account-mail-reset-body = Откройте эту ссылку, чтобы задать новый пароль своей учётной записи feldpost (действует { $minutes ->
        [one] { $minutes } минуту
        [few] { $minutes } минуты
       *[many] { $minutes } минут
    }, один раз):
account-register-sent = Мы отправили ссылку на { $email }. Перейдите по ней в течение суток, чтобы завершить создание учётной записи. (Если у адреса уже есть учётная запись, письмо скажет об этом.)
account-mail-register-subject = Завершите создание учётной записи feldpost
account-mail-register-body = Кто-то (надеемся, что вы) попросил создать учётную запись feldpost для этого адреса. Чтобы закончить, перейдите по этой ссылке в течение суток; пароль — тот, что вы выбрали:
account-mail-exists-subject = У вас уже есть учётная запись feldpost
account-mail-exists-body = Кто-то (надеемся, что вы) попытался создать учётную запись feldpost для этого адреса, но она у него уже есть. Войдите здесь — паролем или по ссылке из письма; если забыли пароль, сбросьте его на той же странице:
