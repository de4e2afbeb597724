# «Побег из Колдица»: слова движка правил (карты, места, события, отказы, действия).
# Тексты карт — наш собственный пересказ их действия; термины — как в русском переводе правил.

colditz-seat-german = Немецкий офицер охраны
colditz-seat-american = Американский офицер беглец (синие)
colditz-seat-british = Британский офицер беглец (красные)
colditz-seat-dutch = Голландский офицер беглец (оранжевые)
colditz-seat-french = Французский офицер беглец (коричневые)
colditz-seat-polish = Польский офицер беглец (зелёные)
colditz-card-rope = Верёвка
colditz-card-rope-text = Тридцать футов верёвки из постельного белья: спуститься из окна или со стены там, где на поле отмечен спуск (на 30 нужна одна карта, на 60 — две).
colditz-card-key = Ключ
colditz-card-key-text = Самодельный ключ: проводит военнопленного через дверь с отметкой КЛЮЧ. При использовании сдаётся.
colditz-card-pass = Пропуск
colditz-card-pass-text = Поддельный пропуск: проводит военнопленного через охраняемые ворота с отметкой ПРОПУСК. При использовании сдаётся.
colditz-card-wire-cutters = Кусачки
colditz-card-wire-cutters-text = Кусачки из оконных рам: позволяют пересечь проволоку между двумя кружками, стоящими друг против друга по её сторонам.
colditz-card-kit = Личный гражданский комплект спасения
colditz-card-kit-text = Маскировка, компас, еда, документы, карты местности и деньги: без него ни один побег не удаётся. Остаётся у команды всю игру, никогда не сдаётся, один на команду.
colditz-card-exchange-rope = Обмен на верёвку
colditz-card-exchange-rope-text = В свой ход обменяйте эту карту на одну карту верёвки.
colditz-card-exchange-key = Обмен на ключ
colditz-card-exchange-key-text = В свой ход обменяйте эту карту на одну карту ключа.
colditz-card-exchange-pass = Обмен на пропуск
colditz-card-exchange-pass-text = В свой ход обменяйте эту карту на одну карту пропуска.
colditz-card-exchange-wire-cutters = Обмен на кусачки
colditz-card-exchange-wire-cutters-text = В свой ход обменяйте эту карту на одну карту кусачек.
colditz-card-kit-part-compass-food = Часть комплекта: компас и еда
colditz-card-kit-part-compass-food-text = Засчитывается как компас и еда комплекта спасения, когда вы его получаете.
colditz-card-kit-part-documents-clothing = Часть комплекта: документы и одежда
colditz-card-kit-part-documents-clothing-text = Засчитывается как документы (карты местности, деньги) и маскировка комплекта спасения, когда вы его получаете.
colditz-card-release = Освобождение из одиночки
colditz-card-release-text = В ваш ход один из ваших военнопленных выходит из камеры на кружок у её двери или на ближайший свободный кружок.
colditz-card-diversion = Диверсия
colditz-card-diversion-text = Выберите одного охранника на поле: он возвращается прямо в бараки.
colditz-card-inspection = Инспекция верховного командования
colditz-card-inspection-text = Выберите двух охранников на поле: они возвращаются прямо в бараки.
colditz-card-advance-warning = Заблаговременное предупреждение о сборе или обыске
colditz-card-advance-warning-text = Играется, когда объявлен сбор или обыск: любые ваши военнопленные переходят прямо на свободные кружки безопасности.
colditz-card-bribe = Подкуп охранника
colditz-card-bribe-text = Возьмите любые две карты экипировки на свой выбор.
colditz-card-sabotage = Саботаж
colditz-card-sabotage-text = Немец возвращает две свои карты охраны в основание колоды и берёт только одну.
colditz-card-hideaway = Тайник
colditz-card-hideaway-text = Играется при обыске или аресте: у вас ничего не конфискуют.
colditz-card-tunnel-chapel = Тоннель (часовня)
colditz-card-tunnel-chapel-text = Показывается при розыгрыше: тоннель из часовни действует для военнопленных любой национальности; в нём всегда должны оставаться минимум двое. Держится, пока тоннель не обнаружат или вы его не вернёте.
colditz-card-tunnel-canteen = Тоннель (столовая)
colditz-card-tunnel-canteen-text = Показывается при розыгрыше: тоннель из столовой действует для военнопленных любой национальности; в нём всегда должны оставаться минимум двое. Держится, пока тоннель не обнаружат или вы его не вернёте.
colditz-card-tunnel-theatre = Тоннель (театр)
colditz-card-tunnel-theatre-text = Показывается при розыгрыше: тоннель из театра действует для военнопленных любой национальности; в нём всегда должны оставаться минимум двое. Держится, пока тоннель не обнаружат или вы его не вернёте.
colditz-card-staff-car = Штатный автомобиль
colditz-card-staff-car-text = Эту карту играет военнопленный, добравшийся до кружков автомобиля: он бросает шесть раз (дубль — ещё бросок) и выезжает через главные ворота; не доехав до цели, попадает в одиночку.
colditz-card-talisman = Талисман
colditz-card-talisman-text = Играется, когда немец стреляет в вашего военнопленного: его очки не удваиваются.
colditz-card-appel = Сбор
colditz-card-appel-text = Играется до броска: перекличка. Кто обязан, встаёт в строй; затем бросок идёт на поиск отсутствующих.
colditz-card-shoot-to-kill = Стрелять на поражение
colditz-card-shoot-to-kill-text = Охранник стреляет в беглеца за стенами или за проволокой: бросок (дубль — ещё бросок), очки удваиваются; если беглец в пределах этого расстояния, он убит.
colditz-card-arrest-key-holder = Арест владельца ключа
colditz-card-arrest-key-holder-text = Играется, когда беглец сдаёт ключ: он отправляется в одиночку, ключ конфискуется.
colditz-card-arrest-pass-holder = Арест владельца пропуска
colditz-card-arrest-pass-holder-text = Играется, когда беглец сдаёт пропуск: он отправляется в одиночку, пропуск конфискуется.
colditz-card-tunnel-detected = Обнаружение тоннеля
colditz-card-tunnel-detected-text = Два охранника по броску кубиков входят в тоннель в любом месте; тоннелепроходчики отправляются в одиночку, охранники — в бараки.
colditz-card-quick-move-orderlies-quarters = Быстрый переход: помещение денщиков
colditz-card-quick-move-orderlies-quarters-text = Один из ваших военнопленных переходит прямо в помещение денщиков.
colditz-card-quick-move-kitchen = Быстрый переход: кухня
colditz-card-quick-move-kitchen-text = Один из ваших военнопленных переходит прямо на кухню.
colditz-card-quick-move-parcels-office = Быстрый переход: посылочная
colditz-card-quick-move-parcels-office-text = Один из ваших военнопленных переходит прямо в посылочную.
colditz-card-quick-move-dentist = Быстрый переход: зубной кабинет
colditz-card-quick-move-dentist-text = Один из ваших военнопленных переходит прямо в зубной кабинет.
colditz-card-quick-move-showers = Быстрый переход: душевые
colditz-card-quick-move-showers-text = Один из ваших военнопленных переходит прямо в душевые.
colditz-card-quick-move-guard-house = Быстрый переход: караульная
colditz-card-quick-move-guard-house-text = Один из ваших военнопленных переходит прямо в караульную.
colditz-card-quick-move-officers-quarters = Быстрый переход: комнаты офицеров
colditz-card-quick-move-officers-quarters-text = Один из ваших военнопленных переходит прямо в комнаты офицеров.
colditz-card-quick-move-interview-room = Быстрый переход: комната допросов
colditz-card-quick-move-interview-room-text = Один из ваших военнопленных переходит прямо в комнату допросов.
colditz-card-search-kitchen = Обыск: кухня
colditz-card-search-kitchen-text = Охранники обыскивают кухню: военнопленные там, чья команда держит экипировку, отправляются в одиночку, за каждого конфискуется одна карта экипировки.
colditz-card-search-guard-house = Обыск: караульная
colditz-card-search-guard-house-text = Охранники обыскивают караульную: военнопленные там, чья команда держит экипировку, отправляются в одиночку, за каждого конфискуется одна карта экипировки.
colditz-card-search-stores = Обыск: склад
colditz-card-search-stores-text = Охранники обыскивают склад: военнопленные там, чья команда держит экипировку, отправляются в одиночку, за каждого конфискуется одна карта экипировки.
colditz-card-search-showers = Обыск: душевые
colditz-card-search-showers-text = Охранники обыскивают душевые: военнопленные там, чья команда держит экипировку, отправляются в одиночку, за каждого конфискуется одна карта экипировки.
colditz-card-search-sick-bay = Обыск: лазарет
colditz-card-search-sick-bay-text = Охранники обыскивают лазарет: военнопленные там, чья команда держит экипировку, отправляются в одиночку, за каждого конфискуется одна карта экипировки.
colditz-card-search-dentist = Обыск: зубной кабинет
colditz-card-search-dentist-text = Охранники обыскивают зубной кабинет: военнопленные там, чья команда держит экипировку, отправляются в одиночку, за каждого конфискуется одна карта экипировки.
colditz-card-search-chapel = Обыск: часовня
colditz-card-search-chapel-text = Охранники обыскивают часовню: военнопленные там, чья команда держит экипировку, отправляются в одиночку, за каждого конфискуется одна карта экипировки.
colditz-card-search-orderlies-quarters = Обыск: помещение денщиков
colditz-card-search-orderlies-quarters-text = Охранники обыскивают помещение денщиков: военнопленные там, чья команда держит экипировку, отправляются в одиночку, за каждого конфискуется одна карта экипировки.
colditz-card-do-or-die-7 = Отчаяние (7 бросков)
colditz-card-do-or-die-7-text = Военнопленный команды с комплектом спасения идёт на отчаянное бегство с 7 бросками; неудача — смерть.
colditz-card-do-or-die-6 = Отчаяние (6 бросков)
colditz-card-do-or-die-6-text = Военнопленный команды с комплектом спасения идёт на отчаянное бегство с 6 бросками; неудача — смерть.
colditz-card-do-or-die-5 = Отчаяние (5 бросков)
colditz-card-do-or-die-5-text = Военнопленный команды с комплектом спасения идёт на отчаянное бегство с 5 бросками; неудача — смерть.
colditz-card-do-or-die-4 = Отчаяние (4 броска)
colditz-card-do-or-die-4-text = Военнопленный команды с комплектом спасения идёт на отчаянное бегство с 4 бросками; неудача — смерть.
colditz-card-do-or-die-3 = Отчаяние (3 броска)
colditz-card-do-or-die-3-text = Военнопленный команды с комплектом спасения идёт на отчаянное бегство с 3 бросками; неудача — смерть.
colditz-refusal-seats = В «Побег из Колдица» играют от 2 до 6 человек.
colditz-refusal-german-seat = Одно из мест должно быть за немцем.
colditz-refusal-nations = Дайте каждому офицеру беглецу свою, отличную от других национальность.
colditz-refusal-success = Условию победы нужен хотя бы один побег.
colditz-refusal-time-limit = Ограничение по времени в раундах должно быть не меньше одного раунда.
colditz-refusal-max-throws = Предел бросков должен быть не меньше одного.
colditz-refusal-answer-only = Эта карта — ответ на сбор, обыск или арест; сама по себе она не играется.
colditz-refusal-answer-the-window = Сначала ответьте на открытый вопрос.
colditz-refusal-appel-before-throw = Сбор объявляется до броска.
colditz-refusal-bribe-two = Подкуп даёт ровно две карты экипировки.
colditz-refusal-card-not-held = У вас нет этой карты.
colditz-refusal-choose-guards = Выберите охранников на поле, которых эта карта отправляет в бараки.
colditz-refusal-choose-one-man = Выберите для этой карты одного военнопленного.
colditz-refusal-gate-needs-card = Чтобы пройти этот кружок, нужна карта ключа или пропуска.
colditz-refusal-german-only = Это может делать только немец.
colditz-refusal-german-places-guards = Сначала немец расставляет своих охранников.
colditz-refusal-give-to-escape-officer = Карты передаются другому офицеру беглецу.
colditz-refusal-guard-beyond = Охранники покидают замок только в погоне, пока беглец за стенами.
colditz-refusal-guard-in-doorway = Между ходами охранники не могут оставаться в дверных проёмах и коридорах.
colditz-refusal-guard-in-room = Охранники не могут оставаться в комнатах.
colditz-refusal-guard-into-room = Охранники входят в комнату только по карте её обыска или по сбору.
colditz-refusal-hand-over-three = Держать можно не больше трёх карт: сначала сыграйте, сбросьте или отдайте одну.
colditz-refusal-in-solitary = Военнопленный в одиночке выходит только на дубле или по карте освобождения.
colditz-refusal-inner-guards = Поставьте ровно по одному охраннику на команду на внутренние чёрные кружки.
colditz-refusal-kit-held = У вашей команды уже есть комплект спасения.
colditz-refusal-kit-part-in-claim = Части комплекта используются, когда вы получаете комплект спасения.
colditz-refusal-kit-parts = Эти карты не составляют частей комплекта, которые у вас есть.
colditz-refusal-kit-rooms = Для каждой недостающей части нужен ваш военнопленный в комнате с её символом.
colditz-refusal-manual-dice = Введите каждый бросок: на дубле бросают снова, грани от 1 до 6.
colditz-refusal-no-appel = В этом ходу нет отсутствующих на сборе, которых можно искать.
colditz-refusal-no-double = Для освобождения нужен дубль и оставшееся очко.
colditz-refusal-no-free-circle = Для него нет свободного кружка.
colditz-refusal-no-hideaway-card = Это не ваша карта тайника.
colditz-refusal-no-reserve = Нет охранника в резерве, которого можно выставить.
colditz-refusal-no-such-offer = Такого предложения нет.
colditz-refusal-no-such-seat = Такого места нет.
colditz-refusal-no-turn = Сейчас ничей ход.
colditz-refusal-no-warning-card = Это не ваша карта заблаговременного предупреждения.
colditz-refusal-none-left = Таких карт больше не осталось.
colditz-refusal-not-a-cell = Выберите камеру одиночного изолятора.
colditz-refusal-not-a-free-post = Ставьте охранников на свободные чёрные кружки.
colditz-refusal-not-a-guard-post = Охранников ставят на чёрные кружки нужной области.
colditz-refusal-not-a-neighbour = Двигайтесь шаг за шагом по соседним кружкам.
colditz-refusal-not-a-pow = Выберите военнопленного, который не в одиночке.
colditz-refusal-not-arrestable = Этого военнопленного здесь нельзя арестовать.
colditz-refusal-not-in-solitary = Выберите одного из своих военнопленных в одиночке.
colditz-refusal-not-in-symbol-rooms = Оба военнопленных должны стоять в комнатах с этим символом.
colditz-refusal-not-now = Сейчас это невозможно.
colditz-refusal-not-started = Игра ещё не началась.
colditz-refusal-not-your-man = Это не ваш военнопленный.
colditz-refusal-not-your-offer = Не вам отвечать на это предложение.
colditz-refusal-not-your-turn = Сейчас не ваш ход.
colditz-refusal-nothing-to-give = В обмене вы отдаёте хотя бы одну свою карту (возможностей или экипировки).
colditz-refusal-occupied = Никто не проходит через другую фишку и не останавливается на ней.
colditz-refusal-offer-stale = Карт из этого предложения уже нет на руках.
colditz-refusal-outer-guards = Поставьте от 2 до 7 охранников на внешние чёрные кружки.
colditz-refusal-place-guards-first = Сначала расставьте охранников.
colditz-refusal-post-after-arrest = Охранников выставляют до арестов, а не после.
colditz-refusal-post-from-barracks = Охранника из бараков выставляют на пост, а не передвигают.
colditz-refusal-quick-move-man = Выберите одного из своих военнопленных, который не в одиночке.
colditz-refusal-recall-from-post = Отозвать охранника можно только с чёрного кружка.
colditz-refusal-recipient-full = Тогда у кого-то окажется больше трёх карт.
colditz-refusal-return-two = Верните указанное число своих карт охраны.
colditz-refusal-room-full = В этой комнате нет свободного кружка.
colditz-refusal-same-post-twice = На один чёрный кружок — один охранник.
colditz-refusal-seeded-dice = В этой игре кубики бросает сервер.
colditz-refusal-state-infringement = Назовите нарушение.
colditz-refusal-stop-in-searchlight = Военнопленный никогда не останавливается в свете прожектора.
colditz-refusal-stop-over-tunnel = Никто не останавливается над тоннелем.
colditz-refusal-surrender-not-held = Сдайте карту экипировки, которая есть у вашей команды.
colditz-refusal-throw-first = Сначала бросьте кубики.
colditz-refusal-throw-used = Бросок уже использован.
colditz-refusal-thrown-already = Вы уже бросали в этом ходу.
colditz-refusal-too-far = Для этого не хватает оставшихся очков.
colditz-refusal-too-many-guards = У вас нет столько охранников.
colditz-refusal-trade-between-escape-officers = Картами обмениваются два офицера беглеца.
colditz-refusal-untradeable = Обмениваться можно только картами возможностей и экипировки, каждой один раз.
colditz-refusal-warning-moves = Переведите своих военнопленных на разные свободные кружки безопасности.
colditz-refusal-window-open = Игра ждёт ответов других игроков.
colditz-event-setup = Замок подготовлен; колоды перетасованы.
colditz-event-guards-placed = Немец выставляет { $count ->
        [one] { $count } охранника
        [few] { $count } охранника
       *[many] { $count } охранников
    }.
colditz-event-thrown = { $player } бросает { $dice } (очков: { $score }).
colditz-event-drew-card = { $player } берёт карту «{ $card }».
colditz-event-drew-opportunity = { $player } берёт карту возможностей.
colditz-event-drew-security = { $player } берёт карту охраны.
colditz-event-moved = Военнопленный { $man } проходит { $steps ->
        [one] { $steps } шаг
        [few] { $steps } шага
       *[many] { $steps } шагов
    }, теперь он здесь: { $to } { $to-ref }.
colditz-event-moved-guard = Охранник { $man } проходит { $steps ->
        [one] { $steps } шаг
        [few] { $steps } шага
       *[many] { $steps } шагов
    }, теперь он здесь: { $to } { $to-ref }.
colditz-event-immunity-lost = Военнопленный { $man } сходит с пути назад: его снова можно арестовать.
colditz-event-arrested = Военнопленный { $man } арестован и отведён в камеру ({ $cell-ref }).
colditz-event-hideaway = { $player } играет тайник: ничего не конфисковано.
colditz-event-confiscated = { $player } сдаёт карту «{ $card }».
colditz-event-nothing-confiscated = { $player }: сдавать нечего.
colditz-event-posted = Охранник выставлен на пост: { $to } { $to-ref }.
colditz-event-recalled = Охранник { $man } возвращается в бараки.
colditz-event-released = Военнопленный { $man } выпущен из одиночки, теперь он здесь: { $to } { $to-ref }.
colditz-event-equipment-claimed = { $player } получает карту «{ $card }»; оба военнопленных идут на сбор.
colditz-event-kit-claimed = { $player } получает комплект спасения.
colditz-event-played = { $player } играет карту «{ $card }».
colditz-event-discarded-card = { $player } сбрасывает карту «{ $card }».
colditz-event-discarded = { $player } сбрасывает карту.
colditz-event-given-card = { $player } передаёт карту «{ $card }» игроку { $to }.
colditz-event-given = { $player } передаёт карту игроку { $to }.
colditz-event-appel-answered = Ответ на сбор от игрока { $player } получен.
colditz-event-appel-resolved = Сбор: в строю { $lined ->
        [one] { $lined } военнопленный
        [few] { $lined } военнопленных
       *[many] { $lined } военнопленных
    }, отсутствуют: { $absent }.
colditz-event-absentees-searched = Охранники ищут отсутствующих: { $caught ->
        [one] { $caught } военнопленный отправляется
       *[other] { $caught } военнопленных отправляются
    } в одиночку.
colditz-event-search-answered = Ответ на обыск от игрока { $player } получен.
colditz-event-search-resolved = Обыск в помещении «{ $room }»: в одиночку — { $caught }, конфисковано { $confiscated ->
        [one] { $confiscated } карта
        [few] { $confiscated } карты
       *[many] { $confiscated } карт
    }.
colditz-event-security-returned = Немец возвращает { $count ->
        [one] { $count } карту охраны
        [few] { $count } карты охраны
       *[many] { $count } карт охраны
    }.
colditz-event-offer-made = { $player } предлагает обмен игроку { $to }.
colditz-event-offer-accepted = Обмен состоялся.
colditz-event-offer-declined = Предложение отклонено.
colditz-event-offer-withdrawn = Предложение отозвано.
colditz-event-disciplined = Военнопленный { $man } отправлен в одиночку за нарушение: { $infringement }.
colditz-event-standing-orders = { $player } задаёт постоянные распоряжения.
colditz-event-private = { $player } делает скрытый ход (что это было, видит только этот игрок).
colditz-event-turn-ended = { $player } заканчивает ход.
colditz-event-conceded = { $player } сдаётся.
colditz-action-place-guards = Расставить охранников
colditz-action-throw = Бросить кубики
colditz-action-move = Передвинуть военнопленного
colditz-action-release = Выпустить из одиночки (дубль)
colditz-action-claim-equipment = Получить экипировку
colditz-action-claim-kit = Получить комплект спасения
colditz-action-play = Сыграть карту «{ $card }»
colditz-action-discard = Сбросить карту «{ $card }»
colditz-action-give = Отдать карту
colditz-action-post-guard = Выставить охранника
colditz-action-return-guard = Отозвать охранника
colditz-action-search-absentees = Искать отсутствующих
colditz-action-end-turn = Закончить ход
colditz-action-answer-appel = Ответить на сбор
colditz-action-answer-search = Ответить на обыск
colditz-action-answer-confiscation = Сдать экипировку
colditz-action-return-security = Вернуть карты охраны
colditz-action-offer-trade = Предложить обмен
colditz-action-accept-offer = Принять предложение
colditz-action-decline-offer = Отклонить предложение
colditz-action-withdraw-offer = Отозвать предложение
colditz-action-discipline = Отправить в одиночку (правило 55)
colditz-action-standing-orders = Задать постоянные распоряжения
colditz-refusal-wire-needs-cutters = Чтобы пересечь проволоку, нужна карта кусачек.
colditz-refusal-rope-back-needs-card = Подняться обратно по верёвке стоит ещё одной карты верёвки (правило 40).
colditz-refusal-rope-needs-cards = Для этого спуска нужны карты верёвки: одна на 30, две на 60.
colditz-refusal-escape-needs-kit = Без комплекта спасения побег не завершить.
colditz-refusal-path-past-target = Побег заканчивается на цели: дальше путь не идёт.
colditz-refusal-guard-chase-route = Охранник, преследующий беглеца, идёт через стены и проволоку и за стенами замка только по пути самого беглеца, кружок за кружком.
colditz-refusal-guard-in-tunnel = Охранники не ходят вдоль тоннелей.
colditz-refusal-game-over = Игра окончена.
colditz-refusal-not-at-the-car = Военнопленный должен стоять на одном из кружков штатного автомобиля.
colditz-refusal-name-guard-and-man = Назовите одного охранника на поле и одного военнопленного, в которого он стреляет.
colditz-refusal-not-beyond = Стрелять на поражение можно только в военнопленного за стенами или за проволокой.
colditz-refusal-before-the-throw = Отчаянное бегство начинают до броска в этом ходу.
colditz-refusal-needs-kit = Для отчаянного бегства нужен комплект спасения.
colditz-refusal-not-in-prisoners-area = Отчаянное бегство начинается в тюремной области (по настройке — на светло-зелёном кружке).
colditz-refusal-no-card = Колода пуста.
colditz-refusal-no-date-limit = У этой игры ограничение по времени не задано датой.
colditz-refusal-bad-date = Укажите дату в виде ГГГГ-ММ-ДД.
colditz-refusal-before-the-limit = Ограничение по времени ещё не наступило.
colditz-refusal-no-talisman-card = У вас нет этого талисмана.
colditz-event-escaped = { $player }: военнопленный { $man } ушёл — побег!
colditz-event-shot = { $player }: военнопленный { $man } застрелен.
colditz-event-died = { $player }: военнопленный { $man } не справился с отчаянным бегством и застрелен.
colditz-event-died-team-out = { $player }: военнопленный { $man } не справился с отчаянным бегством и застрелен; вся команда выбывает.
colditz-event-chase-ended = Погоня окончена: { $count ->
        [one] { $count } охранник возвращается
        [few] { $count } охранника возвращаются
       *[many] { $count } охранников возвращаются
    } в бараки.
colditz-event-do-or-die = Военнопленный { $man } идёт на отчаянное бегство: { $throws ->
        [one] { $throws } бросок
        [few] { $throws } броска
       *[many] { $throws } бросков
    }, очков { $score } (нужно { $needed }).
colditz-event-shot-hit = Выстрел в военнопленного { $man } (дистанция { $range }) попадает.
colditz-event-shot-missed = Выстрел в военнопленного { $man } (дистанция { $range }) мимо.
colditz-event-time-up = Время игры истекло ({ $today }).
colditz-action-do-or-die = Отчаянное бегство
colditz-action-answer-talisman = Ответить на выстрел (талисман)
colditz-action-time-up = Объявить, что время игры истекло
colditz-outcome-german = Побеждает немецкий офицер охраны (побегов: { $escapes }, убитых: { $deaths }).
colditz-outcome-german-time = Время истекло: побеждает немецкий офицер охраны (побегов: { $escapes }, убитых: { $deaths }).
colditz-action-concede = Сдаться
colditz-outcome-escape = Побеждает { $player } (побегов: { $escapes }, убитых: { $deaths }).
colditz-outcome-german-conceded = Немецкий офицер охраны сдался: победу делят команды, которые ещё в игре (побегов: { $escapes }, убитых: { $deaths }).
colditz-outcome-escapers-conceded = Все офицеры военнопленных сдались: побеждает немецкий офицер охраны (побегов: { $escapes }, убитых: { $deaths }).
colditz-refusal-no-holder-card = У вас нет этой карты для этого ключа или пропуска.
colditz-event-holder-asked = Военнопленный { $man } использовал ключ или пропуск: немца спрашивают, арестует ли он владельца.
colditz-event-holder-arrested = Немец арестовывает военнопленного { $man } как владельца ключа или пропуска.
colditz-event-holder-not-arrested = Немец не арестовывает военнопленного { $man }.
colditz-action-answer-arrest-holder = Ответить: арестовать владельца ключа или пропуска?
colditz-refusal-tunnel-not-open = Карту этого тоннеля никто не показал: он не действует.
colditz-refusal-enter-at-an-end = В тоннель входят только с одного из двух его концов.
colditz-refusal-leave-at-an-end = Из тоннеля выходят только с одного из двух его концов.
colditz-refusal-two-stay-inside = В тоннеле должны оставаться минимум двое военнопленных.
colditz-refusal-tunnel-alone = Один военнопленный не может выйти из тоннеля: его должны удерживать двое. Приведите второго; кто к концу хода останется в тоннеле один, выйдет там, где спустился.
colditz-refusal-not-a-hand-card = Карты отчаяния тянут для бегства, на руках их не держат.
colditz-refusal-not-playable = Эту карту так сыграть нельзя.
colditz-refusal-no-such-tunnel = Назовите действующий тоннель.
colditz-refusal-two-guards = Назовите двух охранников на поле.
colditz-refusal-guards-too-far = С этими очками два охранника не дойдут до тоннеля.
colditz-event-tunnel-closed = { $tunnel } закрывается; его карта возвращается.
colditz-event-tunnel-detected = Тоннель обнаружен: в одиночку отправляются { $caught ->
        [one] { $caught } тоннелепроходчик
        [few] { $caught } тоннелепроходчика
       *[many] { $caught } тоннелепроходчиков
    }.
colditz-refusal-team-out = Ваша команда выбыла из игры.
colditz-refusal-wire-back-needs-card = Вернуться внутрь через проволоку стоит ещё одной карты кусачек (правило 40).
colditz-refusal-hideaway-or-card = Сыграйте тайник или сдайте карту, но не то и другое.
colditz-refusal-conceded = Вы сдались и выбыли из игры.
colditz-refusal-concede-window-open = В игре ждёт ответа вопрос: сначала на него отвечают, потом можно сдаться.
colditz-refusal-no-such-man = В этой игре нет военнопленного с таким номером.
colditz-refusal-throw-the-run = Карта отчаяния вытянута: теперь введите броски бегства.
colditz-refusal-draw-first = Сначала вытяните карту отчаяния (отправьте бегство без кубиков); она покажет, сколько у вас бросков.
colditz-refusal-riot-squad-whole-throw = Отряд усиления стоит всего броска: вызывайте его после броска, прежде чем кого-то передвигать, выставлять или отзывать.
colditz-refusal-riot-squad-all-reserves = Отряд усиления выставляет всех охранников из резерва (сколько позволяют свободные посты).
colditz-refusal-warning-needs-equipment = Путь к этому кружку безопасности требует экипировки, которой нет у вашей команды.
colditz-refusal-infringement-too-long = Опишите нарушение короче (не больше 1000 символов).
colditz-event-riot-squad = Немец вызывает отряд усиления: сразу { $count ->
        [one] выставлен { $count } охранник
        [few] выставлены { $count } охранника
       *[many] выставлено { $count } охранников
    }.
colditz-event-lend-asked = { $player } просит игрока { $lender } одолжить военнопленного для получения экипировки.
colditz-event-lend-agreed = { $player } одалживает своего военнопленного.
colditz-event-lend-refused = { $player } не одалживает своего военнопленного.
colditz-event-do-or-die-drawn = Военнопленный { $man } тянет карту отчаяния: { $throws ->
        [one] { $throws } бросок
        [few] { $throws } броска
       *[many] { $throws } бросков
    }.
colditz-event-tunnel-left = Военнопленный { $man } остался в тоннеле один и выходит наверх.
colditz-action-riot-squad = Вызвать отряд усиления (выставить всех охранников резерва; бросок потрачен)
colditz-action-answer-lend = Ответить: одолжить своего военнопленного?

## Рисунок поля

# «Побег из Колдица»: поле (названия помещений, символы, легенда). Используется рисунком поля
# и каждой страницей, где названо место.

colditz-board-title = «Побег из Колдица»: игровое поле
colditz-board-legend-title = Легенда
colditz-board-kommandantur = Комендатура
colditz-board-barracks = Немецкие бараки
colditz-board-staff-car = Штатный автомобиль
colditz-board-mark-key = КЛЮЧ
colditz-board-mark-pass = ПРОПУСК

## Кружки
colditz-board-legend-plain = Кружок
colditz-board-legend-appel = Кружок сбора: здесь не арестовывают
colditz-board-legend-safe = Зона безопасности: ни ареста, ни сбора
colditz-board-legend-guard-post = Пост охранника (чёрный кружок)
colditz-board-legend-searchlight = Прожектор: пересекать можно, останавливаться нельзя
colditz-board-legend-key = Кружок КЛЮЧ: чтобы пройти, сдайте ключ
colditz-board-legend-pass = Кружок ПРОПУСК: чтобы пройти, сдайте пропуск
colditz-board-legend-tunnel = Тоннель (по его карте тоннеля)
colditz-board-legend-do-or-die = Начало отчаянного бегства
colditz-board-legend-rope-drop = Спуск по верёвке: на 30 нужна одна верёвка, на 60 — две
colditz-board-legend-landing = Место приземления (белое кольцо)
colditz-board-legend-target = Цель побега
colditz-board-legend-cell = Камера одиночного изолятора
colditz-board-legend-cell-door = Дверь камеры: здесь выходят освобождённые
colditz-board-legend-barracks-slot = Место в бараках для охранника в резерве
colditz-board-legend-staff-car = Кружок посадки у штатного автомобиля

## Области
colditz-board-area-courtyard = Внутренний тюремный двор
colditz-board-area-room = Комната
colditz-board-area-cells = Камеры
colditz-board-area-terrace = Внешние области и террасы
colditz-board-area-kommandantur = Комендатура (гарнизонный внешний двор)
colditz-board-area-lawn = Газон
colditz-board-area-barracks = Немецкие бараки
colditz-board-area-fields = Поля за стенами и проволокой
colditz-board-area-river = Река
colditz-board-area-bridge = Мост
colditz-board-area-wall = Стена
colditz-board-area-wire = Проволока: пересекается с кусачками между кружками друг напротив друга

## Комнаты
colditz-room-chapel = Часовня
colditz-room-office = Канцелярия
colditz-room-sick-bay = Лазарет
colditz-room-parcels-office = Посылочная
colditz-room-dentist = Зубной кабинет
colditz-room-wc = Уборная
colditz-room-laundry = Прачечная
colditz-room-canteen = Столовая
colditz-room-stores = Склад
colditz-room-interview-room = Комната допросов
colditz-room-kitchen = Кухня
colditz-room-orderlies-quarters = Помещение денщиков
colditz-room-officers-quarters = Комнаты офицеров
colditz-room-showers = Душевые
colditz-room-theatre = Театр
colditz-room-guard-house = Караульная

## Символы Экипировки
colditz-symbol-food = еда
colditz-symbol-rope = верёвка
colditz-symbol-key = ключ
colditz-symbol-pass = пропуск
colditz-symbol-documents = документы
colditz-symbol-wire-cutters = кусачки
colditz-symbol-disguise = маскировка
colditz-symbol-compass = компас

## Цели
colditz-target-nw = Северо-запад
colditz-target-n = Север
colditz-target-ne = Северо-восток
colditz-target-e = Восток
colditz-target-sw = Юго-запад
colditz-target-s = Юг
colditz-target-se = Юго-восток

## Тоннели
colditz-tunnel-chapel = Тоннель (часовня)
colditz-tunnel-canteen = Тоннель (столовая)
colditz-tunnel-theatre = Тоннель (театр)

## Страница игры

# «Побег из Колдица» в вебе: название игры на главной странице и в форме новой игры, строки
# рядом с полем, подписи фишек и то, что спрашивают формы действий.

colditz-name = Побег из Колдица
colditz-about = Немецкий офицер охраны против офицеров беглецов (их до пяти): собирайте экипировку, уходите от охранников и сбора, выводите своих военнопленных из замка. 2–6 игроков.
colditz-new-help = Ниже выберите, кто из игроков — Немецкий офицер охраны и какой нации каждый офицер беглец (по умолчанию первый игрок — немец, остальные — американец, британец, голландец, француз и поляк в этом порядке), сколько побегов приносят победу и каково ограничение времени.
colditz-opt-dice = Кубики
colditz-opt-dice-seeded = Бросает сервер (честность можно доказать)
colditz-opt-dice-manual = Настоящие кубики: игроки вводят, что выпало

colditz-page-piece-guard = Охранник { $man } ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-american = Военнопленный { $man }, американец ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-british = Военнопленный { $man }, британец ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-dutch = Военнопленный { $man }, голландец ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-french = Военнопленный { $man }, француз ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-polish = Военнопленный { $man }, поляк ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-immune = возвращается из внешних камер, аресту не подлежит

colditz-page-note-turn = Ход
colditz-page-placing = { $player } расставляет охранников.
colditz-page-turn = Раунд { $round }: ходит { $player }.
colditz-page-not-thrown = Ещё не бросали.
colditz-page-thrown = Выпало { $dice } (очков: { $score }); на передвижение { $points ->
    [one] осталось { $points } очко
    [few] осталось { $points } очка
   *[many] осталось { $points } очков
}.
colditz-page-releases = { $count ->
    [one] { $count } дубль может
    [few] { $count } дубля могут
   *[many] { $count } дублей могут
} выпустить военнопленного из одиночки.
colditz-page-appel-called = В этом ходу объявлен сбор: охранники могут входить в комнаты.
colditz-page-absent = Не явились на сбор: { $men }.
colditz-page-hand-over-three = У вас на руке { $cards } { $cards ->
        [few] карты
       *[many] карт
    }: прежде чем закончить ход, сыграйте, сбросьте или отдайте одну (C18: не больше трёх).

colditz-page-note-window = Ждём ответа
colditz-page-window-appel = Сбор: каждый офицер беглец тайно выбирает, кто из его военнопленных явится.
colditz-page-window-search = Обыск в помещении «{ $room }»: отвечают офицеры беглецы, чьи военнопленные там.
colditz-page-window-confiscation = Конфискация: { $player } сдаёт одну карту экипировки или играет тайник.
colditz-page-window-sabotage = Саботаж: { $player } возвращает в колоду { $owed ->
    [one] { $owed } карту охраны
    [few] { $owed } карты охраны
   *[many] { $owed } карт охраны
}.
colditz-page-window-waiting = Ждём: { $player }.
colditz-page-window-answered = Ответ от игрока { $player } получен (он держится в тайне, пока не ответят все).
colditz-page-window-default-appel = Если срок истечёт, у того, кто не ответил, являются все военнопленные.
colditz-page-window-default-search = Если срок истечёт, тот, кто не ответил, не играет карту.
colditz-page-window-default-confiscation = Если срок истечёт, сдаётся самая младшая карта экипировки.
colditz-page-window-default-sabotage = Если срок истечёт, возвращаются первые карты охраны на руке.

colditz-page-note-your-hand = Ваши карты возможностей
colditz-page-note-your-security = Ваши карты охраны
colditz-page-note-hand-of = Карты игрока { $player }
colditz-page-card = { $card }: { $text }
colditz-page-hand-empty = Карт нет.
colditz-page-note-hands = Карты на руках у других
colditz-page-hand-size = { $player }: { $count ->
    [one] { $count } карта возможностей
    [few] { $count } карты возможностей
   *[many] { $count } карт возможностей
}
colditz-page-hand-size-security = { $player }: { $count ->
    [one] { $count } карта охраны
    [few] { $count } карты охраны
   *[many] { $count } карт охраны
}

colditz-page-note-equipment = Экипировка на руках
colditz-page-equipment = { $player }: { $card }
colditz-page-no-equipment = Пока ни у одной команды нет экипировки.

colditz-page-note-packs = Колоды
colditz-page-packs = Лицом вниз лежат карты: возможностей — { $opportunity }, охраны — { $security }, отчаяния — { $doordie }.
colditz-page-stock = Ещё не взяты: { $card } × { $count }

colditz-page-note-offers = Предложения обмена
colditz-page-offer = Предложение { $offer }: от игрока { $from } игроку { $to }
colditz-page-offer-gives = отдаёт { $card }
colditz-page-offer-wants = просит { $card }

colditz-page-note-orders = Ваши постоянные распоряжения
colditz-page-order-appel = На сбор являются все мои военнопленные: { $answer }
colditz-page-order-confiscation = Отвечать на конфискацию сразу (тайник, если есть, иначе самая младшая карта): { $answer }
colditz-page-order-talisman = Талисман сразу при выстреле: { $answer }
colditz-page-order-lend = Одалживать военнопленных сразу по просьбе другого офицера беглеца: { $answer }
colditz-page-order-holders = Арест владельца ключа/пропуска: { $answer }
colditz-page-order-cell = Камера для пойманных, когда ход её не называет: { $cell }
colditz-page-yes = да
colditz-page-no = нет

colditz-page-path-clear = Очистить
colditz-page-path-help = Щёлкая по кружкам на поле, вы заполняете поля форм, где нужны места: путь хода шаг за шагом, посты охранников, камеры. Щёлкните по своему военнопленному, чтобы выбрать его ход. Или впишите ряд·столбец кружков с краёв поля по порядку, например 17·28 17·29.

colditz-input-inner = Внутренние посты охранников (щёлкайте по кружкам на поле или впишите их ряд·столбец с краёв поля, например 17·28 17·29; пусто — предложенные):
colditz-input-outer = Внешние посты охранников, от 2 до 7 (щёлкайте по кружкам на поле или впишите их ряд·столбец, например 17·28 17·29; пусто — предложенные):
colditz-input-dice = Ваши броски, по два числа (например 6 6, 2 5):
colditz-input-path = Путь:
colditz-input-cell = Камера для арестованного (щёлкните по камере на поле или впишите её ряд·столбец; пусто — первая свободная):
colditz-input-guards = Охранники, которых отправить назад (их номера; пусто — предложенные):
colditz-input-quick-move-man = Кого передвинуть (номер; пусто — предложенный):
colditz-input-bribe = Какую экипировку взять — две из четырёх: верёвка, ключ, пропуск, кусачки (пусто — верёвку и ключ):
colditz-input-return-security = Какие карты охраны вернуть (ничего не отмечено — предложенные):
colditz-input-absent = Кто не явится (номера; пусто — являются все):
colditz-input-hideaway = Карта тайника, которую сыграть:
colditz-input-surrender = Карты экипировки, которые сдать первыми (необязательно):
colditz-input-give = Карты, которые вы отдаёте:
colditz-input-want = Карты, которые вы просите (экипировка другой команды):
colditz-input-man = Военнопленный (номер на его фишке):
colditz-input-infringement = Нарушение:
colditz-input-order-appel = На сбор являются все мои военнопленные:
colditz-input-order-confiscation = Отвечать на конфискацию сразу:

colditz-page-action-post = Выставить охранника из бараков
colditz-input-post = На пост:
colditz-page-action-move = Передвинуть военнопленного { $man } (стоит: { $from } { $from-ref })
colditz-page-action-move-guard = Передвинуть охранника { $man } (стоит: { $from } { $from-ref })
colditz-page-action-recall = Отозвать охранника { $man } (стоит: { $from } { $from-ref })
colditz-page-action-release = Выпустить военнопленного { $man } из одиночки (дубль)
colditz-page-action-give = Отдать «{ $card }» игроку { $player }
colditz-page-action-surrender = Сдать «{ $card }»
colditz-page-action-hideaway = Сыграть тайник: ничего не конфискуют
colditz-page-action-claim = Получить «{ $card }» (военнопленные { $a } и { $b })
colditz-page-action-accept = Принять предложение { $offer }
colditz-page-action-decline = Отклонить предложение { $offer }
colditz-page-action-withdraw = Отозвать предложение { $offer }
colditz-page-action-offer = Предложить обмен игроку { $player }
colditz-page-action-play-men = Сыграть «{ $card }» (военнопленные { $men })

# На каждой странице игры со сроком (не только в Колдице): когда спрошенные должны ответить.

colditz-page-action-warning = Ответить заблаговременным предупреждением
colditz-input-warning-moves = Военнопленные на кружки безопасности: номер каждого, затем ряд·столбец его кружка с краёв поля (например 3 17·28, 4 17·29):
colditz-typed-wrong-area = «{ $typed }» называет два разных места: { $ref } находится в месте «{ $area }». Впишите только ряд и столбец или их вместе с названием места, где они находятся.
colditz-typed-unknown-place = На поле нет кружка «{ $typed }». Впишите ряд и столбец кружка, как они пронумерованы по краям поля, например 17·28 или 17.28; на странице игры можно и щёлкнуть по нему.
colditz-typed-unknown-equipment = «{ $typed }» — это не вид экипировки для побега: назовите два из четырёх: верёвка, ключ, пропуск, кусачки.
colditz-page-window-talisman = Стрелять на поражение: { $player } может сыграть талисман, чтобы вдвое сократить дистанцию.
colditz-page-window-arrest-holder = Использован ключ или пропуск: { $player } может сыграть арест владельца ключа или арест владельца пропуска.
colditz-page-window-default-talisman = Если срок истечёт, талисман не играется.
colditz-page-window-default-arrest-holder = Если срок истечёт, карта ареста не играется.
colditz-page-note-end = Игра окончена
colditz-page-end-escapes = { $player }: { $n ->
    [one] { $n } побег
    [few] { $n } побега
   *[many] { $n } побегов
}
colditz-page-end-deaths = Убито военнопленных: { $n }
colditz-page-note-gone = Выбывшие военнопленные по порядку
colditz-page-gone-escaped = Раунд { $round }: военнопленный { $man } ({ $player }) бежал через цель: { $target } { $target-ref }
colditz-page-gone-shot = Раунд { $round }: военнопленный { $man } ({ $player }) застрелен
colditz-page-gone-do-or-die = Раунд { $round }: военнопленный { $man } ({ $player }) погиб при отчаянном бегстве
colditz-page-gone-team-out = Раунд { $round }: военнопленный { $man } ({ $player }) выбыл вместе со своей командой
colditz-page-window-lend = Игрока { $player } просят одолжить военнопленного другому офицеру беглецу для получения экипировки.
colditz-page-gone-conceded = Раунд { $round }: военнопленный { $man } ({ $player }) выбыл, когда его команда сдалась
colditz-page-window-default-lend = Если срок истечёт, военнопленного не одалживают.

## Поправки по правилу 55 после спора
colditz-event-put-back = Военнопленный { $man } возвращён туда, где стоял: { $to } { $to-ref } (правило 55).
colditz-event-equipment-returned = { $player } возвращает «{ $card }» в запас (правило 55).
colditz-remedy-put-back = Вернуть военнопленного { $man }, который перешёл на этом шаге, туда, где он стоял перед ним: { $to } { $to-ref }
colditz-remedy-solitary = Отправить военнопленного { $man }, который перешёл на этом шаге, в одиночку за нарушение
colditz-remedy-return-equipment = { $seat } возвращает «{ $card }», полученную на этом шаге
colditz-refusal-not-a-man = На поле нет такого военнопленного.
colditz-refusal-no-such-circle = На поле нет такого кружка.
colditz-refusal-put-back-taken = На этом кружке сейчас кто-то стоит.
colditz-refusal-equipment-not-held = У этой команды больше нет этой экипировки.

# Места так, как их называет поле (комната или зона и ряд·столбец, как пронумерованы по краям).
colditz-place = { $area } { $ref }
colditz-place-courtyard = Двор
colditz-place-cells = Камеры
colditz-place-terrace = Терраса
colditz-place-kommandantur = Комендатура
colditz-place-lawn = Газон
colditz-place-barracks = Бараки
colditz-place-fields = Поля
colditz-place-river = Река
colditz-place-bridge = Мост
colditz-place-wall = Стена
colditz-place-board = Поле
colditz-board-own-drawing = Это поле — наш собственный рисунок замка для игры по почте: расстояния, комнаты и проходы отличаются от печатного поля игры «Побег из Колдица».
colditz-zoom-fit = Целиком
colditz-opt-do-or-die-only-him = Вариант отчаянного бегства: при неудаче гибнет только беглец, а не вся его команда
colditz-opt-do-or-die-from-green = Вариант отчаянного бегства: беглец начинает со светло-зелёного кружка отчаянного бегства
colditz-input-shooter = Охранник, который стреляет, и военнопленный, в которого он стреляет (их номера; пусто — предложенные):
colditz-input-cells = Камеры для пойманных по порядку (щёлкайте по камерам на поле или впишите их ряд·столбец; пусто — первые свободные):
colditz-input-tunnel-guards = Два охранника, которые войдут в тоннель (их номера; пусто — два ближайших, предложенные):
colditz-input-riot-posts = Посты для отряда усиления (щёлкайте по кружкам на поле или впишите их ряд·столбец; пусто — первые свободные посты по порядку поля):
colditz-input-do-or-die-dice = Броски, которых требует карта отчаянного бегства, по два числа (например, 6 6, 2 5):
colditz-input-order-lend = Сразу одалживать своих военнопленных, когда другой офицер беглец просит:
colditz-input-order-talisman = Когда немец стреляет в моего военнопленного, играть талисман, если он у меня есть:
colditz-input-order-holders = Когда военнопленный сдаёт ключ или пропуск (арест владельца ключа/пропуска):
colditz-input-order-cell = Камера для пойманных, когда мой ход её не называет (щёлкните по камере на поле или впишите её ряд·столбец; пусто — оставить прежнюю):
colditz-page-holder-always = играть карту всякий раз, когда она у меня есть
colditz-page-holder-never = никогда её не играть
colditz-page-holder-ask = спрашивать меня каждый раз (ход ждёт меня)
colditz-page-action-place-guards = Расставить охранников
colditz-page-action-do-or-die = Отчаянное бегство военнопленного { $man } (стоит: { $from } { $from-ref })
colditz-page-action-do-or-die-throw = Бросить кубики за отчаянное бегство военнопленного { $man }
colditz-page-action-riot-squad = Вызвать отряд усиления ({ $count ->
        [one] { $count } охранник
        [few] { $count } охранника
       *[many] { $count } охранников
    })
colditz-page-confirm = Сделать этот ход?
colditz-confirm-end-turn = Закончить ход, хотя от броска осталось { $points } { $points ->
        [one] очко
        [few] очка
       *[many] очков
    }? Они пропадут.
colditz-confirm-do-or-die-team = Отправить военнопленного { $man } в отчаянное бегство? Кубики решат сразу: если он не добежит, его застрелят, и вся ваша команда выбывает из игры.
colditz-confirm-do-or-die-him = Отправить военнопленного { $man } в отчаянное бегство? Кубики решат сразу: если он не добежит, его застрелят.
colditz-confirm-concede = Сдаться? Ваши военнопленные навсегда уходят с доски, и ваша команда больше не играет; если ваша команда последняя, побеждает немец. Отменить это нельзя.
colditz-confirm-concede-german = Сдаться? Игра сразу заканчивается, и победу делят команды военнопленных, которые ещё в игре. Отменить это нельзя.
colditz-page-none = никакой
# Вложенные настройки в форме новой игры.
colditz-form-legend = Команды, победа и ограничение времени
colditz-form-help = Немецкий офицер охраны играет против всех офицеров беглецов. Каждый офицер беглец ведёт команду одной нации; побеждает тот, кто первым совершит условленное число побегов, а если к концу срока этого не сделал никто, побеждает немец.
colditz-form-german = Немецкий офицер охраны —
colditz-form-player = игрок { $n }
colditz-form-nations = Нации офицеров беглецов в порядке игроков после немца
colditz-form-nation = Офицер беглец { $n }
colditz-form-escapes = Побегов для победы (условие успеха)
colditz-form-time-limit = Ограничение времени
colditz-form-time-standard = Обычное число раундов по числу игроков ({ $two } для 2, { $three } для 3, { $four } для 4, { $five } для 5, { $six } для 6)
colditz-form-time-rounds = Столько раундов (ниже)
colditz-form-time-date = До даты (ниже)
colditz-form-time-none = Без ограничения (тогда немцу почти не выиграть)
colditz-form-rounds = Раундов, если ограничение в раундах
colditz-form-date = Дата, если ограничение датой
colditz-form-max-throws = Не больше стольких бросков за ход после дублей (пусто — без ограничения)
colditz-form-bad-german = Выберите, кто из игроков — Немецкий офицер охраны.
colditz-form-rounds-missing = Для ограничения в раундах нужно число раундов (хотя бы один).
colditz-form-date-missing = Для ограничения датой нужна дата.

## Команды в ответе на письмо о ходе ("ходи 14 17·30 17·31", "сыграй 66")
colditz-cmd-place-guards = стража
colditz-cmd-throw = брось
colditz-cmd-move = ходи
colditz-cmd-release = освободи
colditz-cmd-claim = возьми
colditz-cmd-equipment-rope = верёвка
colditz-cmd-equipment-key = ключ
colditz-cmd-equipment-pass = пропуск
colditz-cmd-equipment-wire-cutters = кусачки
colditz-cmd-claim-kit = снаряжение
colditz-cmd-play = сыграй
colditz-cmd-discard = сбрось
colditz-cmd-give = отдай
colditz-cmd-post = поставь
colditz-cmd-recall = сними
colditz-cmd-search = обыщи
colditz-cmd-riot-squad = тревога
colditz-cmd-end = конец
colditz-cmd-appel = поверка
colditz-cmd-warning = предупреждение
colditz-cmd-search-answer = ответ
colditz-cmd-hideaway = тайник
colditz-cmd-surrender = сдай
colditz-cmd-return-security = верни
colditz-cmd-offer = предложи
colditz-cmd-accept = прими
colditz-cmd-decline = откажись
colditz-cmd-withdraw = отзови
colditz-cmd-discipline = карцер
colditz-cmd-orders = приказы
colditz-cmd-do-or-die = пан-или-пропал
colditz-cmd-talisman = талисман
colditz-cmd-no-talisman = без-талисмана
colditz-cmd-arrest-holder = арестуй
colditz-cmd-no-arrest = не-арестовывай
colditz-cmd-lend = одолжи
colditz-cmd-refuse-lend = не-одалживай
colditz-cmd-time-up = время-вышло
colditz-cmd-concede = сдаюсь
colditz-status-asked = От вас ждут ответа: { $window } (ход игрока { $player }).
colditz-window-name-appel = построение
colditz-window-name-search = обыск
colditz-window-name-confiscation = конфискация
colditz-window-name-sabotage = саботаж
colditz-window-name-talisman = стрельба на поражение (талисман?)
colditz-window-name-arrest-holder = использован ключ или пропуск (карта ареста?)
colditz-window-name-lend = одолжить человека
colditz-page-note-last = Последний шаг
colditz-page-last-moved = Военнопленный { $man } перешёл: { $from } { $from-ref } → { $to } { $to-ref }
colditz-page-last-guard = Охранник { $man } перешёл: { $from } { $from-ref } → { $to } { $to-ref }
colditz-page-last-arrested = Военнопленного { $man } увели: { $from } { $from-ref } → камеры ({ $to-ref })
colditz-page-last-card = { $player } показывает карту { $card }
# Доска в письме словами, с точки зрения читателя (картинка показывает лишь часть замка).
colditz-mail-man = Ваш военнопленный { $man }: { $area } { $ref }{ $tunnel ->
        [yes] , в тоннеле
       *[no] {""}
    }.
colditz-mail-guard = Охранник { $man }: { $area } { $ref }.
colditz-mail-card = У вас на руке: { $card } — { $text }
colditz-mail-hand-empty = У вас на руке нет карт.
colditz-mail-equipment = Снаряжение для побега, { $player }: { $card }.

## Партия, перенесённая с настоящего стола (правило C26, docs/positions.md)
colditz-position-not-set-up = Партия ещё не подготовлена: позицию некуда поставить (правило C26).
colditz-position-team-unknown = У игрока { $player } нет команды пленных (правило C26).
colditz-position-team-twice = Команда игрока { $player } введена дважды (правило C26).
colditz-position-team-missing = Нет команды игрока { $player }: введите каждую команду (правило C26).
colditz-position-men-count = В этой партии у команды игрока { $player } людей: { $expected } (правило C1); введено: { $count }, считая бежавших и погибших (правило C26).
colditz-position-team-empty = У команды игрока { $player } не осталось людей на поле: она не может играть дальше (правило C26).
colditz-position-won = Команда игрока { $player } уже бежала столько раз, что победила: та партия окончена (правила C23, C26).
colditz-position-hopeless = Ни у одной команды не осталось достаточно людей для условия победы: ту партию уже выиграл немец (правила C23, C26).
colditz-position-escaped-without-kit = У команды игрока { $player } есть бежавшие, значит, её снаряжение для побега уже показано: отметьте его (правила C22, C26).
colditz-position-no-circle = Введённое место — не кружок поля (правило C26).
colditz-position-pow-circle = Пленный не может стоять на { $place } { $place-ref }: казармы — место охраны, а человек на цели уже бежал (правило C26).
colditz-position-beyond = Пленного за стенами на { $place } { $place-ref } преследуют по пути, которым он шёл, а позиция этого сказать не может: сначала доиграйте погоню за столом (правила R46, C26).
colditz-position-circle-twice = На { $place } { $place-ref } введены двое: больше одного вмещает только камера (правила C6, C26).
colditz-position-guards-count = В этой партии у немца охранников: { $expected } (правило C1); введено: { $count } (правило C26).
colditz-position-guard-circle = Охранник не может стоять на { $place } { $place-ref } (камера, туннель или цель) (правило C26).
colditz-position-equipment-too-many = В игре всего { $max } карт «{ $equipment }» (правила C8, C26).
colditz-position-tunnel-unknown = Туннеля «{ $tunnel }» нет (правило C26).
colditz-position-tunnel-twice = Один туннель введён дважды (правило C26).
colditz-position-tunnel-seat = Карту туннеля играет только офицер побега, а не { $player } (правила R53, C26).
colditz-position-tunnel-closed = Человек в туннеле на { $place } { $place-ref }, но карты этого туннеля на столе нет (правила R53, C26).
colditz-position-tunnel-alone = В используемом туннеле либо никого, либо не меньше двух человек (правила R53, C26).
colditz-position-round = Раунд { $round } выходит за лимит партии в { $limit } раундов (правила C2, C26).
colditz-position-to-move = Ходить должно одно из мест этой партии (правила C4, C26).
colditz-position-hand-no-seat = Руку вводит только игрок этой партии (правило C26).
colditz-position-hand-before-table = Ведущий ещё не ввёл стол: ваша рука проверяется по нему (правило C26).
colditz-position-hand-in-play = Игра уже началась: руку больше нельзя ввести (правило C26).
colditz-position-hand-too-many = Между ходами в руке не больше { $max } карт; введено: { $count } (правила C18, C26).
colditz-position-hand-card-unknown = Карты «{ $card }» нет (правило C26).
colditz-position-hand-wrong-pack = «{ $card }» — не карта вашей колоды: у офицеров побега карты возможностей, у немца карты безопасности (правило C26).
colditz-event-hands-returned = В введённых руках больше карт возможностей одного вида, чем есть в колоде: руки всех офицеров побега возвращены в колоду, и каждый вводит свою заново (правило C26).
colditz-position-hand-card-gone = Для вашей руки не осталось карты «{ $card }»: все такие карты уже в другом месте стола. Сверьте руку с другими игроками (правило C26).
colditz-position-hand-kit-shown = Снаряжение для побега вашей команды уже показано на столе (правило C26).
colditz-position-hand-kit-german = У немца нет снаряжения для побега (правила C11, C26).
colditz-event-position-entered = Позиция со стола введена: раунд { $round }, ходит { $player }.
colditz-event-hand-entered = { $player }: рука со стола введена.
colditz-event-hand-entered-own = { $player }: рука со стола введена (карт: { $count }).
colditz-position-places-help = Каждое место пишите так, как его называют края поля: ряд·столбец (например, 17·28; можно и 17.28). Места бежавших и погибших оставьте пустыми и укажите их число ниже.
colditz-position-team = Команда игрока { $player }
colditz-position-man = Человек { $number }
colditz-position-escaped = Бежали
colditz-position-dead = Погибли
colditz-position-kit-shown = Её снаряжение для побега показано на столе
colditz-position-guards = Охрана
colditz-position-guard = Охранник { $number }
colditz-position-tunnels = Используемые туннели
colditz-position-tunnel-unused = не используется
colditz-position-tunnel-held = карта туннеля у игрока { $player }
colditz-position-round-field = Раунд
colditz-position-to-move-field = Чей ход начинается
colditz-position-turn-of = ход игрока { $player }
colditz-position-form-number = Числа и раунд — целые числа.
colditz-position-form-place = Такого места поле не называет: пишите ряд·столбец, например 17·28.
colditz-position-form-incomplete = Выберите, кто ходит и у кого каждый используемый туннель.
colditz-position-hand-legend = Ваша рука со стола
colditz-position-hand-help = Это видите только вы. Выберите карты в руке (ни одной, если она пуста); остальную колоду сервер перетасует.
colditz-position-hand-card = Карта { $number }
colditz-position-hand-none = нет карты
colditz-position-hand-kit = У моей команды есть снаряжение для побега (не показанное)
colditz-position-line-team = { $player }: люди на { $places }; бежали { $escaped }, погибли { $dead }; снаряжение: { $equipment }.
colditz-position-line-guards = Охрана на { $places }.
colditz-position-line-tunnel = { $tunnel } используется, его карта у игрока { $player }.
colditz-position-line-turn = Раунд { $round }: первым ходит { $player }.
colditz-position-line-hand = Ваша рука: { $cards }.
