## Что вводят люди; отказ объясняет причину (src/input.rs)

field-player-name = Имя игрока
field-title = Название
field-email = Адрес электронной почты
field-host-email = Адрес почты организатора
field-claim = Что не так
field-reason = Обоснование
field-deadline-hours = Часов на ход
field-remind-hours = За сколько часов до срока напомнить
field-pause-hours = Сколько часов длится пауза

input-error-empty = Поле «{ $field }» не может быть пустым.
input-error-invisible = В поле «{ $field }» только невидимые символы; напишите что-нибудь, что можно прочитать.
input-error-control = В поле «{ $field }» есть управляющий символ (перевод строки, табуляция или NUL); уместите текст в одну строку.
input-error-too-long = Поле «{ $field }» длиннее { $max ->
        [one] { $max } символа
       *[other] { $max } символов
    }.
input-error-email = «{ $field }» не похоже на адрес, который примет почтовый сервер.
input-error-time-zone = «{ $zone }» — неизвестный нам часовой пояс. Укажите его название по IANA, например Europe/Moscow или Asia/Vladivostok.
input-error-bidi = В поле «{ $field }» есть символ, меняющий направление окружающего текста (переопределение или изоляция направления); напишите текст без него.
input-error-combining = В поле «{ $field }» на одну букву приходится больше { $max } диакритических знаков.
input-error-names-alike = Двух игроков можно спутать: «{ $first }» и «{ $second }». Пожалуйста, различите их.
input-error-hours = В поле «{ $field }» должно быть целое число часов от 1 до { $max }.
input-error-absence-budget = Можно разрешить не больше { $max ->
        [one] { $max } дня
       *[other] { $max } дней
    } отсутствия.
input-error-absence-none = Заявите хотя бы один день отсутствия.
input-error-absence-left = В этой игре у вас осталось всего { $left ->
        [one] { $left } день
        [few] { $left } дня
       *[many] { $left } дней
    } отсутствия.
field-ruling-hours = Часов на решение спора
field-appeal-hours = Часов на голосование по апелляции

## Что игрок вписывает к действию — в поле на странице игры или после команды в ответе на
## письмо о ходе: читается одинаково (src/games/typed.rs), отказ — этими сообщениями. `field` —
## подпись поля; слишком длинный текст отклоняет input-error-too-long.
input-typed-missing = Заполните, пожалуйста, поле «{ $field }».
input-typed-not-a-number = В поле «{ $field }» нужно целое число; «{ $typed }» — не целое число.
input-typed-out-of-range = В поле «{ $field }» нужно число от { $min } до { $max }, а не { $typed }.
input-typed-not-offered = «{ $typed }» — не один из вариантов для поля «{ $field }».
input-typed-one-place = В поле «{ $field }» нужно одно место; «{ $typed }» называет больше.
input-typed-throws = «{ $typed }» — не броски двух кубиков: каждый бросок — два числа, например 6 6, 2 5.
input-typed-placements = «{ $typed }» — не военнопленные и их места: сначала номер военнопленного, затем его место, например 3 17·28, 4 17·29.
