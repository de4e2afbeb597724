## Почта (всё, что feldpost пишет игрокам)
mail-greeting = Здравствуйте, { $player }!
mail-greeting-host = Здравствуйте!
mail-game-subject = [feldpost] { $game }
mail-invite-role = Вы играете в { $ruleset }, ваша роль: { $role }.
mail-open-link = Ваше место в игре (эта ссылка только ваша, не пересылайте её):
mail-button = Открыть игру
mail-footer = feldpost, судья игр по почте
mail-prefs = Как часто feldpost вам пишет
mail-invite-subject = Приглашение в игру «{ $game }»
mail-invite-body = У вас есть место в игре «{ $game }». Перейдите по ссылке ниже, чтобы увидеть поле; письмо будет приходить каждый раз, когда настанет ваш ход.
mail-turn-subject = Ваш ход ({ $asked })
mail-turn-body = В игре «{ $game }» ваш ход.
mail-turn-deadline = Пожалуйста, сходите до { $when }.
mail-asked = Что от вас ждут:
mail-asked-choose = выбрать один из { $n ->
        [one] { $n } хода
       *[other] { $n } ходов
    }
mail-asked-more = и ещё { $n } на странице
mail-what-happened = С вашего прошлого хода:
# Where the pieces stand, in words (the board for a reader who sees no picture).
mail-places = Сейчас на доске:
mail-end-subject = Игра окончена
mail-end-body = Игра «{ $game }» окончена.
mail-reminder-subject = Ваш ход истекает { $when }
mail-reminder-body = Напоминаем: в игре «{ $game }» всё ещё ваш ход, срок — { $when }.
mail-overdue-subject = Срок вашего хода прошёл
mail-overdue-body = Срок вашего хода в игре «{ $game }» истёк { $when }. Пожалуйста, сходите, как только сможете; организатору сообщено.
mail-host-subject = Срок хода игрока { $player } истёк
mail-host-body = В игре «{ $game }» ход игрока { $player } не сделан в срок ({ $when }). Игроку напомнили ещё раз. Как организатор вы можете приостановить игру или, если игрок ушёл, заменить его.
mail-absence-subject = { $player } отсутствует до { $when }
mail-absence-body = { $player } отсутствует до { $when }. Пока что часы этого игрока стоят.
mail-pause-subject = Игра приостановлена
mail-pause-body = Организатор приостановил игру «{ $game }» до { $when }: пока что сроки не идут.
mail-resume-subject = Игра продолжается
mail-resume-body = Пауза в игре «{ $game }» закончилась; сроки снова идут.
mail-digest-subject = Новости за день
mail-digest-body = Это ваша ежедневная сводка по игре «{ $game }».
mail-digest-list = Новости с прошлой сводки:

## Страница настроек почты
mail-prefs-title = Письма об игре «{ $game }»
mail-prefs-lead = Как часто feldpost должен писать игроку { $player } об этой игре? Приглашение отправляется всегда; письмо о конце игры — если вы не отказались от писем совсем.
mail-pref-every = Письмо всякий раз, когда от меня что-то ждут (рекомендуется)
mail-pref-digest = Одно письмо в день с новостями за этот день
mail-pref-none = Без писем: я буду заглядывать на страницу игры
mail-prefs-save = Сохранить
mail-prefs-saved = Сохранено.
mail-pref-choose = Выберите, как часто feldpost будет вам писать.
mail-prefs-unsubscribe = Не присылать больше писем об этой игре
mail-prefs-back = Назад к игре
mail-absence-title = Отсутствие
mail-absence-lead = Уезжаете? Ваши часы стоят столько дней, сколько вы заявите; в этой игре осталось ещё { $left ->
        [one] { $left } день
        [few] { $left } дня
       *[many] { $left } дней
    }. Остальным игрокам сообщат.
mail-absence-days = На сколько дней вы уезжаете
mail-absence-declare = Заявить отсутствие
mail-absence-until = Вы отсутствуете до { $when }.

## Сроки в форме новой игры и на странице организатора
mail-deadline-legend = Срок
mail-deadline-help = Оставьте часы пустыми, если срок не нужен. Если он есть, игроку напомнят за 24 часа до его истечения.
mail-deadline-hours = Часов на каждый ход
mail-deadline-policy = Когда срок истёк
mail-policy-remind = Напомнить ещё раз и сообщить организатору
mail-policy-skip = Пропустить ход, где правила это позволяют
mail-policy-pause = Приостановить игру
mail-deadline-absence = Сколько дней отсутствия может заявить каждый игрок
mail-host-pause-title = Пауза
mail-host-pause-hours = Часов
mail-host-pause = Приостановить игру
mail-host-resume = Продолжить игру сейчас
mail-host-paused-until = Игра приостановлена до { $when }.
mail-receipt = Квитанция: у шага { $seq } в записи игры хеш цепочки { $hash }. Сохраните это письмо: команда feldpost verify --receipt { $seq }:{ $hash } проверит, что выгрузка игры его содержит.
mail-rule-subject = Вас просят решить спор о шаге № { $against } до { $when }
mail-rule-reminder-subject = Спор о шаге № { $against } всё ещё ждёт вашего решения (до { $when })
mail-rule-body = Игрок оспаривает шаг { $against } игры «{ $game }», и по правилам решать спор вам. Пожалуйста, вынесите решение до { $when }.
mail-rule-reminder-body = Спор о шаге № { $against } игры «{ $game }» всё ещё ждёт вашего решения, до { $when }.
mail-rule-claim = Претензия: «{ $claim }»
mail-rule-default = Если до { $when } никто не решит, шаг остаётся в силе.
mail-rule-link = Спор и игра до и после шага:
mail-rule-button = Решить спор
mail-never = Никогда больше не писать на этот адрес
mail-privacy = Ваши данные на этом сервере
mail-confirm-subject = Подтвердите, что вы организуете «{ $game }»
mail-confirm-body = Кто-то (надеемся, что вы) создал в feldpost игру «{ $game }» и указал этот адрес как адрес её организатора. Когда вы подтвердите, { $invited ->
        [0] вам будут сообщать
        [1] её единственный игрок с адресом получит приглашение, а вам будут сообщать
        [one] { $invited } её игрок с адресом получит приглашение, а вам будут сообщать
        [few] { $invited } её игрока с адресом получат приглашения, а вам будут сообщать
       *[many] { $invited } её игроков с адресом получат приглашения, а вам будут сообщать
    }, что игре нужно от организатора.
mail-confirm-not-you = Если это были не вы, не обращайте внимания на письмо: об игре никому не напишут. Чтобы вообще не получать от нас писем, воспользуйтесь последней ссылкой ниже.
mail-confirm-link = Подтвердите, что организуете игру (страница спросит ещё раз):
mail-confirm-button = Подтвердить

## Ходы ответом на письмо
mail-commands = Чтобы сходить, ответьте на это письмо одной из этих команд в первой строке (или просто её номером):
mail-commands-own-words = Чтобы играть, ответьте на это письмо одной из этих команд в первой строке:
mail-commands-one-of = { $command } N, где N — одно из чисел { $numbers } (номера на столе выше)
mail-commands-concede = Чтобы сдаться, ответьте одним словом «{ $command }» (не номером): отменить это нельзя.
mail-reply-subject = Ваш ответ
mail-reply-changed = Что произошло:
mail-reply-done = Сделано: «{ $command }».
mail-reply-refused = Не сделано: «{ $command }». { $reason }
mail-reply-rule = (Правило { $rule }.)
mail-reply-unknown = «{ $command }» — не одна из команд, которые вы можете отправить сейчас. Ничего не сделано.
mail-reply-empty = В вашем ответе не нашлось команды (цитаты и подпись пропускаются). Ничего не сделано.
mail-reply-too-much = «{ $extra }» после команды — лишнее.
mail-reply-number-not-offered = Номер { $number } сейчас не принадлежит ни одному из ваших вариантов.
mail-reply-moved-on = Вы ответили на старое письмо: с тех пор игра продвинулась, поэтому ничего из ответа не сделано. Вот как она стоит сейчас.
mail-reply-finished = Игра окончена: в ней больше ничего нельзя сделать.
mail-reply-paused = Игра приостановлена до { $when }: ходы подождут.
mail-reply-wait = Сейчас ход за: { $players }; когда снова будет ваш ход, придёт письмо.
mail-reply-no-turn = Сейчас от вас ничего не ждут; когда настанет ваш ход, придёт письмо.
mail-reply-stranger-subject = Ответ с другого адреса не принят
mail-reply-stranger = Ответ на ваше письмо об этой игре пришёл с другого адреса, а не с адреса вашего места в игре ({ $seat }). feldpost принимает ходы по почте только с собственного адреса игрока: ничего не сделано, отправителю не ответили.
mail-reply-stranger-what = Если это были вы, отправьте его ещё раз с адреса { $seat } или воспользуйтесь своей ссылкой ниже. Если нет, кто-то другой видел одно из ваших писем о ходе, а его ссылка действует от вашего имени: организатор игры может дать вашему месту новую ссылку. О таких ответах вы узнаёте не чаще раза в 6 часов.
mail-arg-die = сколько выпало
mail-arg-dice = кубики
mail-arg-word = слово
mail-arg-number = число
mail-arg-explanation = пояснение
mail-arg-words = слова
mail-arg-reason = причина
mail-arg-text = текст
mail-arg-path = кружки
mail-arg-cell = камера
mail-arg-to = кружок
mail-arg-men = люди
mail-arg-inner = внутренние посты
mail-arg-outer = внешние посты
mail-arg-empty = { $name }, пусто — { $value }

# Почта, которая возвращается (src/play/bounces.rs)
mail-failing-subject = Письма игроку { $player } не доходят
mail-failing-body = в игре «{ $game }» письма игроку { $player } ({ $email }) возвращаются недоставленными: { $why }. feldpost больше не пишет на этот адрес, и { $player } не узнает, когда его ход.
mail-failing-fix = Чтобы продолжить, дайте месту работающий адрес: на странице организатора, в разделе «Заменить этого игрока», введите имя игрока и новый адрес (или тот же адрес снова, когда ящик заработает).
mail-failing-link = Страница организатора:
mail-failing-button = Открыть страницу организатора
mail-autoreply-subject = Этот адрес никто не читает
mail-autoreply-greeting = Здравствуйте!
mail-autoreply-body = это автоматический ответ: письма на адрес { $address } никто не читает.
mail-autoreply-how = Чтобы сделать ход, ответьте на письмо о том, что ваш ход (его адрес для ответа знает вашу игру и ваше место), или откройте страницу игры по ссылке из этого письма. Организатор игры может прислать вам ссылку ещё раз.
mail-autoreply-once = Этот ответ приходит не чаще раза в день.

## The picture of the board in a mail, and the choice to mail text only
mail-picture-alt = Доска после шага { $step } — такой, какой её можете видеть вы.
mail-prefs-text-only = Только текст: без картинки доски в письмах
