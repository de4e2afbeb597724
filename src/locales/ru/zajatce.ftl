# Na zajatce («В плен»): сообщения движка правил и рисунок поля.
# Поля пронумерованы от 1 до 40, как на доске.

## Места и цвета

zajatce-colour-red = Красные
zajatce-colour-blue = Синие
zajatce-colour-green = Зелёные
zajatce-colour-yellow = Жёлтые

## События (история игры)

zajatce-event-started = Первым ходит { $player }. У каждого игрока одна фишка стоит на его стартовом поле, остальные четыре ждут в запасе.
zajatce-event-rolled = { $player }: на кубике { $die }.
zajatce-event-entered = { $player } вводит в игру фишку { $stone } на своё стартовое поле ({ $field }).
zajatce-event-moved = { $player } передвигает фишку { $stone } { $direction ->
        [backward] назад
       *[forward] вперёд
    } на { $steps ->
        [one] { $steps } поле
        [few] { $steps } поля
       *[many] { $steps } полей
    }, с поля { $from } на поле { $to }.
zajatce-event-left-group = Фишка { $stone } игрока { $player } выходит из своей группы и идёт одна { $direction ->
        [backward] назад
       *[forward] вперёд
    } на { $steps ->
        [one] { $steps } поле
        [few] { $steps } поля
       *[many] { $steps } полей
    }, с поля { $from } на поле { $to }.
zajatce-event-captured = Фишка { $stone } игрока { $player } на поле { $field } берёт в плен { $taken ->
        [one] { $taken } фишку
        [few] { $taken } фишки
       *[many] { $taken } фишек
    }{ $freed ->
        [0] .
        [one] { "" } и освобождает { $freed } свою фишку.
        [few] { "" } и освобождает { $freed } свои фишки.
       *[many] { "" } и освобождает { $freed } своих фишек.
    }
zajatce-event-came-home = Фишка { $stone } игрока { $player } вернулась домой, оставила в лагере { $prisoners ->
        [one] { $prisoners } пленника
       *[other] { $prisoners } пленников
    } и ушла обратно в запас{ $members ->
        [0] .
        [one] { "" } вместе с { $members } освобождённой фишкой.
       *[other] { "" } вместе с { $members } освобождёнными фишками.
    }
zajatce-event-no-move = { $player } не может использовать { $die }; ход переходит дальше.
zajatce-event-eliminated = { $player } выбывает из игры: свободных фишек не осталось.
zajatce-event-conceded = Игрок { $player } сдаётся и выходит из игры: { $stones ->
        [0] на доске нет ни одной его фишки
        [one] его фишка уходит с доски
       *[other] его фишки ({ $stones }) уходят с доски
    }{ $freed ->
        [0] .
        [one] , а пленник, которого она вела, возвращается в запас своего игрока.
       *[other] , а пленники, которых они вели ({ $freed }), возвращаются в запас своих игроков.
    }
zajatce-event-backward-phase = У каждого, кто ещё в игре, осталась только одна свободная фишка: теперь фишки могут ходить и назад.
zajatce-event-throws-again = { $player } выбрасывает шестёрку и бросает ещё раз.
zajatce-event-next-turn = Ходит { $player }.
zajatce-event-carried-home = В конце игры фишка { $stone } игрока { $player } отводит { $prisoners ->
        [one] { $prisoners } пленника
       *[other] { $prisoners } пленников
    } прямо в лагерь.
zajatce-event-ended = { $reason ->
        [quiet-limit] Слишком много бросков прошло без взятия в плен и без возвращения домой: игра окончена.
        [throw-limit] Игра дошла до предела бросков и окончена.
        [conceded] Все остальные игроки сдались: игра окончена.
       *[last-player] Свободные фишки остались только у одного игрока: игра окончена.
    }

## Действия (кнопки)

zajatce-action-roll = Бросить кубик
zajatce-action-concede = Сдаться
zajatce-action-roll-manual = Ввести выпавшее число
zajatce-action-roll-typed = Сообщить, что выпало { $die }
zajatce-action-enter = Ввести новую фишку на своё стартовое поле ({ $field }){ $taken ->
        [0] { "" }
        [one] { "" } и взять в плен { $taken } фишку
        [few] { "" } и взять в плен { $taken } фишки
       *[many] { "" } и взять в плен { $taken } фишек
    }
zajatce-action-enter-any = Ввести в игру новую фишку
zajatce-action-home = Отвести фишку { $stone } домой с { $prisoners ->
        [one] { $prisoners } пленником
       *[other] { $prisoners } пленниками
    }
zajatce-action-move = Передвинуть фишку { $stone } { $direction ->
        [backward] назад
       *[forward] вперёд
    } на поле { $to }{ $taken ->
        [0] { "" }
        [one] { "" } и взять в плен { $taken } фишку
        [few] { "" } и взять в плен { $taken } фишки
       *[many] { "" } и взять в плен { $taken } фишек
    }
zajatce-action-leave = Фишка { $stone } выходит из группы, { $direction ->
        [backward] назад
       *[forward] вперёд
    } на поле { $to }{ $taken ->
        [0] { "" }
        [one] { "" } и берёт в плен { $taken } фишку
        [few] { "" } и берёт в плен { $taken } фишки
       *[many] { "" } и берёт в плен { $taken } фишек
    }
zajatce-action-stone = Передвинуть фишку { $stone } { $direction ->
        [backward] назад
       *[forward] вперёд
    }

## Итог

zajatce-outcome-no-winner = Ни у кого из оставшихся в игре нет пленников, поэтому победителя нет.
zajatce-outcome-conceded = Побеждает { $winner }: все остальные игроки сдались (пленников в лагере: { $prisoners }).
zajatce-outcome-winner = Побеждает { $winner }: { $prisoners ->
        [one] { $prisoners } пленник
        [few] { $prisoners } пленника
       *[many] { $prisoners } пленников
    }.
zajatce-outcome-shared-two = Победу делят { $first } и { $second }, пленников у каждого: { $prisoners }.
zajatce-outcome-shared-three = Победу делят { $first }, { $second } и { $third }, пленников у каждого: { $prisoners }.
zajatce-outcome-shared-four = Победу делят { $first }, { $second }, { $third } и { $fourth }, пленников у каждого: { $prisoners }.

## Отказы

zajatce-refusal-seats = В Na zajatce играют от двух до четырёх человек, а не { $seats }.
zajatce-refusal-throw-limit = Предел бросков должен быть не меньше одного броска.
zajatce-refusal-throw-first = Сначала бросьте кубик.
zajatce-refusal-move-first = У вас выпало { $die }: используйте это, прежде чем бросать снова.
zajatce-refusal-game-over = Игра окончена.
zajatce-refusal-not-started = Игра ещё не началась.
zajatce-refusal-eliminated = { $player } — вне игры: свободных фишек не осталось, партия проиграна.
zajatce-refusal-conceded = Игрок { $player } уже сдался и выбыл из игры.
zajatce-refusal-not-your-turn = Сейчас ходит { $player }.
zajatce-refusal-die-by-server = В этой игре кубик бросает сервер: отправьте бросок без числа.
zajatce-refusal-die-missing = Эта игра идёт с настоящими кубиками: введите выпавшее число.
zajatce-refusal-die-range = На кубике бывает от 1 до 6, а не { $die }.
zajatce-refusal-enter-needs-six = Новая фишка входит в игру только на шестёрке, а у вас выпало { $die }.
zajatce-refusal-reserve-empty = У вас нет фишек в запасе.
zajatce-refusal-not-your-stone = Фишка { $stone } принадлежит игроку { $owner }: ходить можно только своими фишками.
zajatce-refusal-no-such-stone = Фишки пронумерованы от 1 до { $stones }: фишки { $stone } нет.
zajatce-refusal-stone-in-reserve = Фишка { $stone } ждёт в запасе: она входит в игру только на шестёрке, а у вас выпало { $die }.
zajatce-refusal-stone-in-camp = Фишка { $stone } в плену в лагере игрока { $owner } и больше никогда не ходит.
zajatce-refusal-prisoner = Фишка { $stone } в плену у фишки { $leader } игрока { $captor }: она идёт только туда, куда идёт захватчик.
zajatce-refusal-member-must-leave = Фишка { $stone } идёт в группе вашей фишки { $leader }: передвиньте фишку { $leader }, чтобы повести группу, или выведите фишку { $stone } из группы, чтобы она пошла одна.
zajatce-refusal-leader-cannot-leave = Фишка { $stone } ведёт свою группу и не может бросить { $prisoners ->
        [0] её
        [one] { $prisoners } пленника
       *[other] { $prisoners } пленников
    }: передвиньте её, и группа пойдёт следом.
zajatce-refusal-backward-not-yet = Назад фишки могут ходить только тогда, когда у каждого, кто ещё в игре, осталась одна свободная фишка.
zajatce-refusal-no-such-player = За этим столом нет игрока { $seat }.
zajatce-refusal-stone-in-reserve-enter = Фишка { $stone } ждёт в запасе: чтобы использовать для неё шестёрку, введите в игру новую фишку (входит фишка с наименьшим номером).
zajatce-refusal-not-in-group = Фишка { $stone } не в группе, выходить ей неоткуда: просто передвиньте её.

## Рисунок поля

zajatce-board-title = Поле Na zajatce
zajatce-field = Поле { $field }
zajatce-start-field = Поле { $field }: стартовое поле игрока { $player }
zajatce-camp = Лагерь игрока { $player }: { $prisoners ->
        [one] { $prisoners } пленник
        [few] { $prisoners } пленника
       *[many] { $prisoners } пленников
    }
zajatce-reserve = Запас игрока { $player }: { $stones ->
        [one] { $stones } фишка
        [few] { $stones } фишки
       *[many] { $stones } фишек
    }
zajatce-stone = { $colour ->
        [red] Красная
        [blue] Синяя
        [green] Зелёная
       *[yellow] Жёлтая
    } фишка { $number }
zajatce-group = { $colour ->
        [red] Красная
        [blue] Синяя
        [green] Зелёная
       *[yellow] Жёлтая
    } фишка { $number } ведёт { $prisoners ->
        [one] { $prisoners } пленника
       *[other] { $prisoners } пленников
    }{ $members ->
        [0] { "" }
        [one] , с ней { $members } освобождённая фишка
        [few] , с ней { $members } освобождённые фишки
       *[many] , с ней { $members } освобождённых фишек
    }
zajatce-last-throw = Последний бросок: { $player } — { $die }
zajatce-seat-out = { $player } (вне игры)
zajatce-score = Пленники: { $camp }
zajatce-score-led = +{ $led } в пути

## Форма новой игры
zajatce-opt-throw-again-on-six = После шестёрки — ещё один бросок
zajatce-opt-manual-dice = Ручные кубики: игроки бросают настоящие кубики и вводят результат
zajatce-opt-quiet-limit = Сколько бросков без взятия в плен заканчивают игру
zajatce-opt-throw-limit = Сколько бросков заканчивают любую игру

## Игра на главной странице
zajatce-name = Na zajatce («В плен»)
zajatce-about = Игра со взятием в плен на поле «Не сердись, приятель»: встаньте на фишки соперника, возьмите их в плен и отведите домой. 2–4 игрока.

## Команды в ответе на письмо о ходе ("ходи 2 назад")
zajatce-cmd-throw = бросок
zajatce-cmd-enter = выставь
zajatce-cmd-move = ходи
zajatce-cmd-leave = отдели
zajatce-cmd-back = назад
zajatce-cmd-concede = сдаюсь
zajatce-last-step-from = последний ход: { $player } отсюда
zajatce-last-step-to = последний ход: { $player } сюда
zajatce-confirm-concede = Сдаться? Ваши фишки уйдут с доски, пленники, которых они ведут, вернутся к своим игрокам, и вы больше не играете. Отменить это нельзя.

## Позиция, перенесённая с настоящего стола (Z19)
zajatce-event-position-entered = Игроки ввели позицию со своего стола; следующим бросает { $player }.
zajatce-position-stone-unknown = Фишки { $number } игрока { $seat } в этой игре нет.
zajatce-position-stone-twice = Фишка { $number } игрока { $seat } указана в двух местах.
zajatce-position-field-unknown = Фишка { $number } игрока { $seat }: поля { $field } на дорожке нет (поля от 1 до 40).
zajatce-position-leader-not-on-track = Фишка { $number } игрока { $seat } идёт с фишкой, которая не стоит на дорожке.
zajatce-position-camp-wrong = Фишка { $number } игрока { $seat } может быть только в лагере другого игрока этой игры.
zajatce-position-field-shared = На поле { $field } стоят фишки двух цветов: пришедшая последней взяла бы другие в плен.
zajatce-position-over = Свободные фишки остались бы только у одного игрока: такая игра уже окончена.
zajatce-position-to-move = Следующий бросающий должен быть в игре и иметь свободную фишку.
zajatce-position-stones-of = Фишки игрока { $player }
zajatce-position-throws = Бросает { $player }
zajatce-position-stone = Фишка { $number } игрока { $player }
zajatce-position-line = { $stone }: { $place }
zajatce-position-in-reserve = В запасе
zajatce-position-on-field-group = На дорожке
zajatce-position-on-field = Поле { $field }
zajatce-position-with-group = В группе с фишкой
zajatce-position-with = с фишкой: { $stone }
zajatce-position-camp-group = Пленник в лагере
zajatce-position-in-camp = в лагере игрока { $player }
zajatce-position-to-move-label = Следующим бросает
zajatce-position-backward-label = Фишки уже ходят и назад (правило Z12 уже действовало)
zajatce-position-form-unreadable = Форма прислала место, которого она не предлагает.
# Доска в письме о ходе словами (строка на группу фишек, затем строка на игрока).
zajatce-mail-unit = Фишка { $stone } игрока { $player } стоит на поле { $field }{ $members ->
        [0] {""}
        [one] , с ней фишка { $with }
       *[other] , с ней фишки { $with }
    }{ $prisoners ->
        [0] {""}
        [one] , ведёт { $prisoners } пленника
        [few] , ведёт { $prisoners } пленников
       *[many] , ведёт { $prisoners } пленников
    }.
zajatce-mail-seat = { $player }: в запасе { $reserve ->
        [0] нет фишек
        [one] { $reserve } фишка
        [few] { $reserve } фишки
       *[many] { $reserve } фишек
    }, в лагере { $camp ->
        [0] нет пленников
        [one] { $camp } пленник
        [few] { $camp } пленника
       *[many] { $camp } пленников
    }.
zajatce-mail-out = { $player } больше не в игре; в лагере { $camp ->
        [0] нет пленников
        [one] { $camp } пленник
        [few] { $camp } пленника
       *[many] { $camp } пленников
    }.
