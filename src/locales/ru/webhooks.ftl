# Вебхуки (docs/notifications.md): что они сообщают, их страница и письмо, когда вебхук приостановлен.
webhook-head = «{ $game }» на feldpost
webhook-step = Шаг { $seq }: { $what }
webhook-left-out = { $count ->
    [one] …и ещё { $count } более ранний шаг
    [few] …и ещё { $count } более ранних шага
   *[other] …и ещё { $count } более ранних шагов
}
webhook-your-turn = Ваш ход.
webhook-rule = Спор о шаге { $step } ждёт вашего решения.
webhook-reminder = Напоминаем: в игре «{ $game }» всё ещё ваш ход, срок — { $when }.
webhook-deadline = Срок истёк.
webhook-ended = Игра окончена: { $outcome }
webhook-test-text = Пробное сообщение от feldpost для игры «{ $game }»: этот вебхук работает.
webhook-error-url = Этот URL вебхук использовать не может.
webhook-error-scheme = Принимаются только адреса http:// и https://.
webhook-error-private = { $host } — адрес в частной или локальной сети; вебхуки отправляются только на публичные адреса.
webhook-error-unresolved = Не удалось найти { $host }.
webhook-error-connect = Не удалось подключиться к получателю.
webhook-error-tls = Не удалось проверить защищённое соединение с получателем.
webhook-error-timeout = Получатель не ответил за 5 секунд.
webhook-error-status = Получатель ответил статусом { $status }.
webhook-error-too-large = Сообщение слишком длинное для вебхука.
webhook-error-room = Для Matrix укажите ID или псевдоним комнаты.
webhook-error-token = Для Matrix укажите токен доступа учётной записи, от имени которой идут сообщения.
webhook-error-too-many = В этой игре у вас уже столько вебхуков, сколько можно (5). Сначала удалите один.
webhook-error-unknown = Такого вебхука здесь нет.
webhook-error-format = Выберите формат.
webhooks-link = Вебхуки
webhooks-open = Открыть страницу вебхуков
webhooks-title-game = Вебхуки игры «{ $game }»
webhooks-title-seat = Ваши вебхуки в игре «{ $game }»
webhooks-lead-game = Вебхук игры сообщает в канал (Discord, Slack, Matrix или ваш собственный инструмент) о каждом шаге так, как его видит зритель.
webhooks-lead-seat = Ваш вебхук сообщит вам туда, где вы есть, что настал ваш ход, что спор ждёт вашего решения, что истёк срок и что игра окончена. Он говорит только то, что вам можно видеть.
webhooks-format = Формат
webhooks-target = Куда
webhooks-state = Состояние
webhooks-actions = Действия
webhooks-format-discord = Discord
webhooks-format-slack = Slack
webhooks-format-matrix = Matrix
webhooks-format-json = JSON (по стандарту Standard Webhooks)
webhooks-told = сообщено до шага { $step }
webhooks-failing = { $count ->
    [one] { $count } неудачная попытка подряд
    [few] { $count } неудачные попытки подряд
   *[other] { $count } неудачных попыток подряд
}; последняя: { $why }
webhooks-paused-since = приостановлен с { $when } после повторных сбоев; последний: { $why }
webhooks-paused-lead = Один из вебхуков перестал работать и приостановлен. Проверьте получателя, затем возобновите вебхук.
webhooks-test = Отправить пробное сообщение
webhooks-resume = Возобновить
webhooks-remove = Удалить
webhooks-add = Добавить вебхук
webhooks-url = URL (для Matrix — адрес домашнего сервера)
webhooks-matrix-only = Только для Matrix
webhooks-room = ID или псевдоним комнаты
webhooks-token = Токен доступа
webhooks-add-submit = Добавить
webhooks-added = Вебхук добавлен.
webhooks-secret = Его ключ подписи показывается только сейчас (сохраните его там, где ваш инструмент проверяет подписи):
webhooks-test-done = Получатель принял пробное сообщение.
webhooks-test-failed = Получатель не принял пробное сообщение: { $why }
webhooks-resumed = Вебхук возобновлён, доставка будет повторена сразу.
webhooks-removed = Вебхук удалён.
webhooks-back = Назад к игре
mail-webhook-paused-subject = Вебхук игры «{ $game }» приостановлен
mail-webhook-paused-body = ваш вебхук на { $target } { $failures } раз подряд не сработал (последний раз: { $why }), поэтому feldpost его приостановил: пока вы его не возобновите, ему ничего не сообщается.
mail-webhook-paused-fix = Проверьте получателя (действителен ли ещё URL, работает ли сервис?), затем возобновите вебхук на его странице; о том, что произошло за это время, будет сообщено тогда.
mail-webhook-paused-link = Страница вебхуков:
mail-webhook-paused-button = Открыть страницу вебхуков

## Уведомления в браузере (Web Push)
webhooks-format-push = Уведомления в браузере
webhook-error-push-keys = Браузер прислал подписку на уведомления без пригодных ключей; попробуйте включить уведомления ещё раз.
push-lead = Уведомления на этом устройстве: feldpost сообщит браузеру, когда ваш ход или вам решать спор, даже если страница закрыта.
push-on = Уведомлять меня на этом устройстве
push-off = Больше не уведомлять это устройство
push-done = Это устройство будет получать уведомления.
push-stopped = Это устройство больше не будет получать уведомления.
push-denied = Браузер запретил уведомления для этого сайта; разрешите их в его настройках и попробуйте снова.
push-failed = Не удалось включить уведомления здесь.
push-account-title = Уведомления на этом устройстве для всех моих игр
push-account-lead = feldpost сообщит этому браузеру, когда ваш ход или вам решать спор в любой из ваших игр — в тех, что идут сейчас, и в тех, куда вы войдёте позже, — всякий раз словами этого места в игре. Если выключить их здесь, они выключатся во всех играх.
push-account-on = Это устройство будет получать уведомления из всех ваших игр.
push-account-done = Уведомления включены для { $seats ->
        [one] { $seats } места
        [few] { $seats } мест
       *[many] { $seats } мест
    } в играх и для каждого, которое вы займёте позже.
