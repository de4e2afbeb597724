# Služba v ilegalitě (чешский вариант «Кодовых имён»): русские сообщения.
# Идентификаторы совпадают с движком; аргументы: $seat — игрок; $team, $colour, $channel,
# $phase и $reason — переведённые идентификаторы; $number — число или «бесконечность».

## Команды, цвета, каналы, фазы

sluzba-team-red = красная команда
sluzba-team-blue = синяя команда
sluzba-colour-red = красная команда
sluzba-colour-blue = синяя команда
sluzba-colour-bystander = случайный прохожий
sluzba-colour-pursuer = преследователь
sluzba-channel-red-team = чат красной команды
sluzba-channel-blue-team = чат синей команды
sluzba-channel-coordinators = чат координаторов
sluzba-number-infinity = бесконечность
sluzba-phase-setup = подготовки игры
sluzba-phase-choosing = выбора слов координаторами
sluzba-phase-clue = подсказки
sluzba-phase-approval = ответа на просьбу об одобрении
sluzba-phase-guessing = догадок команды
sluzba-phase-fictitious = закрытия карты вымышленной команды

## Места

sluzba-seat-red-coordinator = Красный координатор
sluzba-seat-blue-coordinator = Синий координатор
sluzba-seat-red-member = Красный агент { $n }
sluzba-seat-blue-member = Синий агент { $n }
sluzba-seat-shared-member = Отгадчик { $n } (за обе команды)

## События

sluzba-event-key-drawn = Тайный ключ вытянут. Его обязательство (SHA-256): { $commitment }.
sluzba-event-key-drawn-secret = Тайный ключ вытянут: { $key }. Его обязательство (SHA-256): { $commitment }.
sluzba-event-words-chosen = { $seat } выбирает { $count ->
        [one] { $count } слово
        [few] { $count } слова
       *[many] { $count } слов
    }: { $words }.
sluzba-event-words-dealt = Для игрока { $seat } случайно сдано { $count ->
        [one] { $count } слово
        [few] { $count } слова
       *[many] { $count } слов
    }: { $words }.
sluzba-event-grid-laid = { $count ->
        [one] { $count } карта со словом лежит
        [few] { $count } карты со словами лежат
       *[many] { $count } карт со словами лежат
    } на столе. Начинает красная команда.
sluzba-event-approval-requested = { $seat } просит другого координатора одобрить подсказку.
sluzba-event-approval-requested-word = { $seat } просит другого координатора одобрить подсказку «{ $word }».
sluzba-event-approved = { $seat } одобряет подсказку.
sluzba-event-approved-word = { $seat } одобряет подсказку «{ $word }».
sluzba-event-rejected = { $seat } не одобряет подсказку.
sluzba-event-rejected-word = { $seat } не одобряет подсказку «{ $word }».
sluzba-event-approval-withdrawn = { $seat } отзывает просьбу об одобрении.
sluzba-event-approval-lapsed = На просьбу об одобрении не ответили до срока; подсказка не одобрена и не отклонена.
sluzba-event-clue = { $seat } ({ $team }) даёт подсказку «{ $word }», { $number }.{ $approved ->
        [1] {" "}Она была одобрена заранее.
       *[0] {""}
    }{ $warnings ->
        [0] {""}
        [one] {" "}Движок отметил { $warnings } возможную проблему.
        [few] {" "}Движок отметил { $warnings } возможные проблемы.
       *[many] {" "}Движок отметил { $warnings } возможных проблем.
    }
sluzba-event-clue-explained = { $seat } ({ $team }) даёт подсказку «{ $word }», { $number }, с пояснением: { $explanation }.{ $approved ->
        [1] {" "}Она была одобрена заранее.
       *[0] {""}
    }{ $warnings ->
        [0] {""}
        [one] {" "}Движок отметил { $warnings } возможную проблему.
        [few] {" "}Движок отметил { $warnings } возможные проблемы.
       *[many] {" "}Движок отметил { $warnings } возможных проблем.
    }
sluzba-event-guessed = { $seat } касается карты «{ $word }»: { $colour }.
sluzba-event-stopped = { $seat } прекращает отгадывать (за: { $team }).
sluzba-event-ruled-invalid = { $seat } признаёт подсказку «{ $word }» ({ $team }) недопустимой.
sluzba-event-ruled-invalid-reason = { $seat } признаёт подсказку «{ $word }» ({ $team }) недопустимой: { $reason }
sluzba-event-clue-found-invalid = По спору { $by } признаёт подсказку «{ $word }» ({ $team }) недопустимой; карты, которых коснулись по ней, остаются закрытыми.
sluzba-remedy-clue-invalid = Подсказка этого шага была недопустимой: отметить это и, если её ход ещё идёт, сразу закончить его (правило S13); ничего не возвращается, карты, которых коснулись по ней, остаются закрытыми
sluzba-refusal-no-such-clue = Такой подсказки нет.
sluzba-refusal-clue-already-invalid = Эта подсказка уже признана недопустимой.
sluzba-event-turn-ended = Ход закончен ({ $team }): { $reason }.
sluzba-event-fictitious-covered = { $seat } закрывает «{ $word }» за вымышленную команду.
sluzba-event-fictitious-covered-deadline = Срок истёк: «{ $word }» закрыто за вымышленную команду случайно.
sluzba-event-chat = { $seat } ({ $channel }): { $text }
sluzba-event-ended-all-covered = Все карты закрыты ({ $team }). Побеждает { $winner }.
sluzba-event-ended-pursuer = Преследователя коснулась { $team }, и она проигрывает. Побеждает { $winner }.
sluzba-event-conceded = { $seat } сдаётся за команду: { $team }.
sluzba-event-ended-conceded = Игра окончена: { $team } сдаётся и проигрывает. Побеждает { $winner }.
sluzba-event-key-revealed = Тайный ключ раскрыт: { $key } (соль { $salt }). Любой может сверить его с обязательством.

## Почему ход закончился

sluzba-turn-end-stopped = команда остановилась
sluzba-turn-end-wrong-card = коснулись не той карты
sluzba-turn-end-guesses-used = использованы все разрешённые догадки
sluzba-turn-end-clue-invalid = подсказка признана недопустимой
sluzba-turn-end-deadline = истёк срок

## Предупреждения при подсказке

sluzba-warning-shared-root = У «{ $clue }» может быть общий корень со словом «{ $word }» на столе. Другой координатор может признать подсказку недопустимой.
sluzba-warning-rhyme = «{ $clue }», возможно, рифмуется со словом «{ $word }» на столе; рифмы за этим столом запрещены.
sluzba-warning-number-like = Похоже, «{ $clue }» содержит своё число.

## Действия

sluzba-action-choose-words = Выбрать слова
sluzba-action-choose-these-words = Выбрать { $count ->
        [one] это слово
       *[other] эти слова ({ $count })
    }: { $words }
sluzba-action-deal-rest = Сдать мои оставшиеся слова случайно
sluzba-action-ask-approval = Попросить другого координатора одобрить подсказку
sluzba-action-approve = Одобрить подсказку
sluzba-action-reject = Не одобрять подсказку
sluzba-action-withdraw-request = Отозвать просьбу
sluzba-action-give-clue = Дать подсказку
sluzba-action-give-clue-word = Дать подсказку «{ $word }», { $number }
sluzba-action-guess = Коснуться «{ $word }»
sluzba-action-stop = Прекратить отгадывать
sluzba-action-rule-invalid = Признать подсказку «{ $word }» недопустимой
sluzba-action-cover-fictitious = Закрыть «{ $word }» за вымышленную команду
sluzba-action-chat = Написать: { $channel }
sluzba-page-actions-lead = Чтобы назвать карту, нажмите на неё на столе. Чат в этой панели — собственный канал игры: его читают только те, кому он предназначен, и он остаётся в записи игры. Разговор за столом внизу страницы читают все игроки.
sluzba-action-concede = Сдаться за свою команду

## Итоги

sluzba-outcome-all-covered = Победа: { $team } — все её карты закрыты (осталось открытых: красных { $red_left }, синих { $blue_left }).
sluzba-outcome-pursuer = Побеждает { $winner }: преследователя коснулась { $team }.
sluzba-outcome-one-team-won = Команда нашла все девять своих карт, а у вымышленной команды осталось незакрытых: { $fictitious_left }.
sluzba-outcome-fictitious-won = Закрыта восьмая карта вымышленной команды; команде оставалось найти ещё { $red_left }.
sluzba-outcome-one-team-pursuer = Команда коснулась преследователя, когда ей оставалось найти ещё { $red_left }.
sluzba-outcome-conceded = Побеждает { $winner }: { $team } сдалась.
sluzba-outcome-one-team-conceded = Команда сдалась, когда ей оставалось найти ещё { $red_left }.

## Отказы

sluzba-refusal-seat-count = За этим столом играют от { $min } до { $max } человек, а не { $seats }.
sluzba-refusal-one-red-coordinator = У красной команды должен быть ровно один координатор.
sluzba-refusal-one-blue-coordinator = У синей команды должен быть ровно один координатор.
sluzba-refusal-red-members = В красной команде кроме координатора нужен хотя бы один агент.
sluzba-refusal-blue-members = В синей команде кроме координатора нужен хотя бы один агент.
sluzba-refusal-shared-member-only-three = Отгадчик за обе команды бывает только в игре втроём.
sluzba-refusal-shared-member-needed = В игре втроём нужен отгадчик за обе команды.
sluzba-refusal-three-players-team-members = В игре втроём отгадчик играет за обе команды; ни одно место не может быть агентом одной команды.
sluzba-refusal-one-team-no-blue = В игре одной командой синяя команда вымышленная: ни одно место не может к ней принадлежать.
sluzba-refusal-no-such-seat = Такого места за столом нет.
sluzba-refusal-game-over = Игра окончена.
sluzba-refusal-shared-member-concedes = Вы отгадываете за обе команды, и вам не за кого сдаваться: за команду сдаётся её координатор.
sluzba-refusal-wrong-phase = Сейчас это невозможно: игра ждёт { $phase }.
sluzba-refusal-coordinator-silent = Координатор не может писать в чат команды: никаких намёков, кроме подсказки.
sluzba-refusal-not-in-channel = У вас нет доступа: { $channel }.
sluzba-refusal-chat-empty = Сообщение пустое.
sluzba-refusal-chat-too-long = Сообщение может быть не длиннее { $max ->
        [one] { $max } символа
       *[other] { $max } символов
    }.
sluzba-refusal-no-picks-left = У вас не осталось слов для выбора.
sluzba-refusal-no-words = Выберите хотя бы одно слово.
sluzba-refusal-too-many-words = Можно выбрать ещё только { $left ->
        [one] { $left } слово
        [few] { $left } слова
       *[many] { $left } слов
    }.
sluzba-refusal-not-in-deck = «{ $word }» — не слово из этой колоды.
sluzba-refusal-card-taken = Карта со словом «{ $word }» уже выбрана.
sluzba-refusal-not-your-clue = Подсказку даёт только координатор команды, чей сейчас ход.
sluzba-refusal-clue-empty = Подсказке нужно слово.
sluzba-refusal-clue-too-long = Подсказка может быть не длиннее { $max ->
        [one] { $max } символа
       *[other] { $max } символов
    }.
sluzba-refusal-clue-one-word = Подсказка должна быть одним словом.
sluzba-refusal-clue-characters = В подсказке могут быть только буквы, цифры, дефисы, апострофы и точки, но не «{ $character }».
sluzba-refusal-explanation-not-allowed = Пояснения к подсказке разрешены только в облегчённой игре.
sluzba-refusal-explanation-too-long = Пояснение может быть не длиннее { $max ->
        [one] { $max } символа
       *[other] { $max } символов
    }.
sluzba-refusal-explanation-characters = Пояснение должно быть одной строкой текста.
sluzba-refusal-number-range = Число подсказки — от 0 до { $max } или бесконечность.
sluzba-refusal-clue-on-table = «{ $word }» лежит открытым на столе, поэтому не может быть подсказкой или её частью.
sluzba-refusal-clue-contains-number = Число не может быть частью подсказки.
sluzba-refusal-no-other-coordinator = За этим столом нет другого координатора, которого можно спросить.
sluzba-refusal-already-answered = Другой координатор уже ответил на подсказку в этом ходу.
sluzba-refusal-not-asked = На просьбу об одобрении отвечает только координатор другой команды.
sluzba-refusal-not-your-request = Отозвать просьбу может только тот координатор, который просил.
sluzba-refusal-clue-rejected = Другой координатор не одобрил эту подсказку в этом ходу.
sluzba-refusal-not-your-guess = Отгадывают только агенты команды, чей сейчас ход.
sluzba-refusal-no-such-card = Карты под номером { $card } нет.
sluzba-refusal-card-covered = «{ $word }» уже закрыто.
sluzba-refusal-guess-first = Прежде чем остановиться, команда должна сделать хотя бы одну догадку.
sluzba-refusal-not-the-other-coordinator = Признать подсказку недопустимой может только координатор другой команды.
sluzba-refusal-clue-approved = Эта подсказка была одобрена заранее, поэтому она допустима.
sluzba-refusal-reason-too-long = Обоснование — одна строка не длиннее { $max ->
        [one] { $max } символа
       *[other] { $max } символов
    }.
sluzba-refusal-not-your-cover = Карты вымышленной команды закрывает только координатор.
sluzba-refusal-not-fictitious-card = «{ $word }» — не карта вымышленной команды.

## Форма новой игры, рисунок стола и заметки рядом с ним
sluzba-name = Služba v ilegalitě («Служба в подполье»)
sluzba-about = Две команды подпольщиков, два координатора, знающих тайный ключ, 25 кодовых слов: найдите своих агентов по подсказкам из одного слова, пока не наткнулись на преследователя. От 2 до 40 игроков: две команды — от четырёх, втроём, или одна команда против вымышленной — от двух.
sluzba-new-help = Роли определяются местами: первый игрок — красный координатор, второй — синий координатор; остальные — агенты, по очереди красные и синие (втроём: один отгадчик за обе команды; одной командой: первый игрок координирует, все остальные отгадывают).
sluzba-opt-table = Стол
sluzba-opt-table-two-teams = Две команды
sluzba-opt-table-three-players = Трое игроков (один отгадчик за обе команды)
sluzba-opt-table-one-team = Одна команда против вымышленной
sluzba-opt-deck = Карты со словами
sluzba-opt-deck-czech = Чешские
sluzba-opt-deck-english = Английские
sluzba-opt-deck-czech-themed = Чешские, тематические (дух, карты, время)
sluzba-opt-strict-clues = Строгие подсказки: одно слово, без своего числа
sluzba-opt-easier = Облегчённая: пояснения разрешены, координаторы выбирают слова
sluzba-opt-rhymes-allowed = Рифмы разрешены
sluzba-opt-homophones-by-sound = Слова, которые звучат одинаково, считаются одним словом
sluzba-input-word = Подсказка
sluzba-input-number = Число
sluzba-input-explanation = Пояснение (необязательно)
sluzba-input-words = Слова (через запятую)
sluzba-input-reason = Обоснование (необязательно)
sluzba-board-title = Стол с кодовыми словами
sluzba-board-card = Карта
sluzba-board-last = открыта последней
sluzba-board-left = Осталось найти: красных { $red }, синих { $blue }
sluzba-board-guesses-made = { $made ->
        [0] догадок ещё не было
        [one] сделана { $made } догадка
        [few] сделаны { $made } догадки
       *[other] сделано { $made } догадок
    }
sluzba-board-guesses-left = { $left ->
        [one] осталась { $left } догадка
        [few] осталось { $left } догадки
       *[other] осталось { $left } догадок
    }
sluzba-board-not-laid = Карты ещё не выложены на стол.
sluzba-board-clue = Подсказка — { $team }:
sluzba-board-clue-word = «{ $word }»
sluzba-commitment = Обязательство на зерно (SHA-256; из этого зерна выводятся и раскладка карт, и тайный ключ):
sluzba-note-clues = Подсказки
sluzba-note-clue = { $seat }: «{ $word }» { $number } (найдено: { $guessed })
sluzba-note-clue-invalid = { $seat }: «{ $word }» { $number }, признана недопустимой
sluzba-note-approval = Подсказка ждёт одобрения
sluzba-note-approval-draft = «{ $word }»
sluzba-note-chat-line = { $seat }: { $text }
sluzba-number-choose = — выберите число —
sluzba-confirm-guess = Коснуться карты { $card }, «{ $word }»? Догадку нельзя взять назад.
sluzba-confirm-concede = Сдаться за свою команду? Ваша команда сразу проигрывает, игра заканчивается для всех, и ключ открывается. Отменить это нельзя.

## Команды в ответе на письмо о ходе ("подсказка ЗВЕРЬ 2", "угадай 7" или "угадай ПЁС")
sluzba-cmd-choose = выбери
sluzba-cmd-deal = раздай
sluzba-cmd-ask = спроси
sluzba-cmd-approve = одобри
sluzba-cmd-reject = отклони
sluzba-cmd-withdraw = отзови
sluzba-cmd-clue = подсказка
sluzba-cmd-guess = угадай
sluzba-cmd-stop = хватит
sluzba-cmd-invalid = неверно
sluzba-cmd-cover = закрой
sluzba-cmd-chat = скажи
sluzba-cmd-chat-team = команде
sluzba-cmd-chat-coordinators = координаторам
sluzba-cmd-concede = сдаюсь

## Стол в письме и ответы, называющие карту
sluzba-mail-board = Стол (у каждой карты её номер и метка цвета, под ними слово):
sluzba-mail-legend = Метки: К красная команда, С синяя команда, Н случайный прохожий, П преследователь, ? цвет вам неизвестен; в квадратных скобках закрытая карта: [К].
sluzba-mail-mark-red = К
sluzba-mail-mark-blue = С
sluzba-mail-mark-bystander = Н
sluzba-mail-mark-pursuer = П
sluzba-mail-mark-open = ?
sluzba-mail-mark-covered = [{ $mark }]
sluzba-mail-says-open = цвет вам неизвестен
sluzba-mail-says-covered = закрыта: { $colour }
sluzba-mail-commands = Чтобы играть, ответьте на это письмо одной из этих команд в первой строке. Карта называется своим номером на столе выше (от 1 до 25 по рядам), а не номером строки в этом списке: «угадай 7» или просто «7» касается карты 7, как и само слово карты, в любом регистре.
sluzba-mail-no-card = Карты { $card } нет: карты пронумерованы от 1 до { $count } по рядам.
sluzba-mail-card-covered = Карта { $card }, «{ $word }», уже закрыта.
sluzba-mail-card-not-offered = Карты { $card }, «{ $word }», сейчас нет среди ваших вариантов.
# Позиция, перенесённая с настоящего стола (правило A5, docs/positions.md).
sluzba-event-position-entered = Позиция со стола: закрыто карт: { $count }; следующую подсказку даёт { $team }. Ключ вводит координатор.
sluzba-event-position-entered-key-drawn = Позиция со стола: закрыто карт: { $count }; следующую подсказку даёт { $team }. За столом играли без ключа: сервер вытягивает его.
sluzba-event-key-entered = { $seat } ввёл ключ со стола. Его обязательство (SHA-256): { $commitment }.
sluzba-event-key-entered-secret = { $seat } ввёл ключ со стола: { $key }. Его обязательство (SHA-256): { $commitment }.
sluzba-position-words-needed = В сетке ещё нет слов: введите 25 слов со стола (правило A5).
sluzba-position-words-count = В сетке 25 слов, по одному на карту; введено: { $count } (правило A5).
sluzba-position-word-bad = Слово карты { $card } должно быть одним словом не длиннее 40 букв (правило A5).
sluzba-position-word-twice = Слово карты { $card } уже есть в сетке (правило A5).
sluzba-position-card-unknown = Карты { $card } нет: карты пронумерованы от 1 до 25 по рядам (правило A5).
sluzba-position-card-twice = Карта { $card } введена дважды (правило A5).
sluzba-position-pursuer-covered = Преследователь уже открыт: эта партия окончена и продолжить её нельзя (правила S18, A5).
sluzba-position-team-done = { $team }: все её карты уже закрыты: эта партия окончена и продолжить её нельзя (правила S19, A5).
sluzba-position-too-many = Ни в одном ключе нет больше { $max } карт цвета «{ $colour }» (правила S3, A5).
sluzba-position-key-invalid = Это не ключ: в ключе 25 карт по рядам — 9 красных, 8 синих, 7 случайных прохожих и 1 преследователь (правила S3, A5).
sluzba-position-key-disagrees = Ключ не совпадает со столом: карта { $card } была закрыта другим цветом (правило A5).
sluzba-position-key-not-coordinator = Ключ вводит только координатор (правило A5).
sluzba-position-key-before-table = Хозяин ещё не ввёл стол: ключ сверяется с ним (правило A5).
sluzba-position-key-drawn = За столом играли без ключа, и сервер вытянул его: вводить нечего (правило A5).
sluzba-position-key-in-play = Игра уже началась: ключ больше ввести нельзя (правило A5).
sluzba-position-form-incomplete = Выберите цвет для каждой карты и команду, которая ходит.
sluzba-position-card = { $card }. { $word }
sluzba-position-words = 25 слов со стола, по рядам, по одному на строку
sluzba-position-words-help = Если оставить как есть, останутся слова, разложенные сервером. Номера карт ниже считают сетку по рядам.
sluzba-position-covered = Карты, уже закрытые за столом, и чем
sluzba-position-open = не закрыта
sluzba-position-to-move = Следующую подсказку даёт
sluzba-position-draw-key = За столом играли без ключа: вытянуть его
sluzba-position-draw-key-help = Иначе ключ со стола приватно вводит координатор на своей странице; вы его никогда не увидите.
sluzba-position-key-legend = Ключ со стола
sluzba-position-key-help = Это видят только координаторы. Укажите для каждой карты цвет по ключу; закрытые карты уже заполнены. Второй координатор проверит ключ на своей странице.
