# «Побег из Колдица»: слова движка правил (карты, места, события, отказы, действия).
# Тексты карт — наш собственный пересказ их действия; термины — как в русском переводе правил.

colditz-seat-german = Немецкий Офицер Охраны
colditz-seat-american = Американский Офицер Беглец (синие)
colditz-seat-british = Британский Офицер Беглец (красные)
colditz-seat-dutch = Голландский Офицер Беглец (оранжевые)
colditz-seat-french = Французский Офицер Беглец (коричневые)
colditz-seat-polish = Польский Офицер Беглец (зелёные)
colditz-card-rope = Верёвка
colditz-card-rope-text = Тридцать футов верёвки из постельного белья: спуститься из окна или со стены там, где на поле отмечен спуск (на 30 нужна одна карта, на 60 — две).
colditz-card-key = Ключ
colditz-card-key-text = Самодельный ключ: проводит военнопленного через дверь с отметкой КЛЮЧ. При использовании сдаётся.
colditz-card-pass = Пропуск
colditz-card-pass-text = Поддельный пропуск: проводит военнопленного через охраняемые ворота с отметкой ПРОПУСК. При использовании сдаётся.
colditz-card-wire-cutters = Кусачки
colditz-card-wire-cutters-text = Кусачки из оконных рам: позволяют пересечь Проволоку между двумя кружками, стоящими друг против друга по её сторонам.
colditz-card-kit = Личный гражданский Комплект Спасения
colditz-card-kit-text = Маскировка, компас, еда, документы, карты местности и деньги: без него ни один побег не удаётся. Остаётся у команды всю игру, никогда не сдаётся, один на команду.
colditz-card-exchange-rope = Обмен на Верёвку
colditz-card-exchange-rope-text = В свой Ход обменяйте эту карту на одну карту Верёвки.
colditz-card-exchange-key = Обмен на Ключ
colditz-card-exchange-key-text = В свой Ход обменяйте эту карту на одну карту Ключа.
colditz-card-exchange-pass = Обмен на Пропуск
colditz-card-exchange-pass-text = В свой Ход обменяйте эту карту на одну карту Пропуска.
colditz-card-exchange-wire-cutters = Обмен на Кусачки
colditz-card-exchange-wire-cutters-text = В свой Ход обменяйте эту карту на одну карту Кусачек.
colditz-card-kit-part-compass-food = Часть комплекта: компас и еда
colditz-card-kit-part-compass-food-text = Засчитывается как компас и еда Комплекта Спасения, когда вы его получаете.
colditz-card-kit-part-documents-clothing = Часть комплекта: документы и одежда
colditz-card-kit-part-documents-clothing-text = Засчитывается как документы (карты местности, деньги) и маскировка Комплекта Спасения, когда вы его получаете.
colditz-card-release = Освобождение из Одиночки
colditz-card-release-text = В ваш Ход один из ваших военнопленных выходит из камеры на кружок у её двери или на ближайший свободный кружок.
colditz-card-diversion = Диверсия
colditz-card-diversion-text = Выберите одного охранника на поле: он возвращается прямо в Бараки.
colditz-card-inspection = Инспекция Верховного Командования
colditz-card-inspection-text = Выберите двух охранников на поле: они возвращаются прямо в Бараки.
colditz-card-advance-warning = Заблаговременное предупреждение о Сборе или Обыске
colditz-card-advance-warning-text = Играется, когда объявлен Сбор или Обыск: любые ваши военнопленные переходят прямо на свободные кружки безопасности.
colditz-card-bribe = Подкуп охранника
colditz-card-bribe-text = Возьмите любые две карты Экипировки на свой выбор.
colditz-card-sabotage = Саботаж
colditz-card-sabotage-text = Немец возвращает две свои карты Охраны в основание колоды и берёт только одну.
colditz-card-hideaway = Тайник
colditz-card-hideaway-text = Играется при Обыске или Аресте: у вас ничего не конфискуют.
colditz-card-tunnel-chapel = Тоннель (Часовня)
colditz-card-tunnel-chapel-text = Показывается при розыгрыше: тоннель из Часовни действует для военнопленных любой национальности; в нём всегда должны оставаться минимум двое. Держится, пока тоннель не обнаружат или вы его не вернёте.
colditz-card-tunnel-canteen = Тоннель (Столовая)
colditz-card-tunnel-canteen-text = Показывается при розыгрыше: тоннель из Столовой действует для военнопленных любой национальности; в нём всегда должны оставаться минимум двое. Держится, пока тоннель не обнаружат или вы его не вернёте.
colditz-card-tunnel-theatre = Тоннель (Театр)
colditz-card-tunnel-theatre-text = Показывается при розыгрыше: тоннель из Театра действует для военнопленных любой национальности; в нём всегда должны оставаться минимум двое. Держится, пока тоннель не обнаружат или вы его не вернёте.
colditz-card-staff-car = Штатный Автомобиль
colditz-card-staff-car-text = Эту карту играет военнопленный, добравшийся до кружков автомобиля: он бросает шесть раз (дубль — ещё бросок) и выезжает через Главные ворота; не доехав до Цели, попадает в Одиночку.
colditz-card-talisman = Талисман
colditz-card-talisman-text = Играется, когда Немец стреляет в вашего военнопленного: его очки не удваиваются.
colditz-card-appel = Сбор
colditz-card-appel-text = Играется до броска: перекличка. Кто обязан, встаёт в строй; затем бросок идёт на поиск отсутствующих.
colditz-card-shoot-to-kill = Стрелять на поражение
colditz-card-shoot-to-kill-text = Охранник стреляет в беглеца за стенами или за Проволокой: бросок (дубль — ещё бросок), очки удваиваются; если беглец в пределах этого расстояния, он убит.
colditz-card-arrest-key-holder = Арест Владельца Ключа
colditz-card-arrest-key-holder-text = Играется, когда беглец сдаёт Ключ: он отправляется в Одиночку, Ключ конфискуется.
colditz-card-arrest-pass-holder = Арест Владельца Пропуска
colditz-card-arrest-pass-holder-text = Играется, когда беглец сдаёт Пропуск: он отправляется в Одиночку, Пропуск конфискуется.
colditz-card-tunnel-detected = Обнаружение Тоннеля
colditz-card-tunnel-detected-text = Два охранника по броску кубиков входят в тоннель в любом месте; тоннелепроходчики отправляются в Одиночку, охранники — в Бараки.
colditz-card-quick-move-orderlies-quarters = Быстрый переход: Помещение денщиков
colditz-card-quick-move-orderlies-quarters-text = Один из ваших военнопленных переходит прямо в Помещение денщиков.
colditz-card-quick-move-kitchen = Быстрый переход: Кухня
colditz-card-quick-move-kitchen-text = Один из ваших военнопленных переходит прямо на Кухню.
colditz-card-quick-move-parcels-office = Быстрый переход: Посылочная
colditz-card-quick-move-parcels-office-text = Один из ваших военнопленных переходит прямо в Посылочную.
colditz-card-quick-move-dentist = Быстрый переход: Зубной кабинет
colditz-card-quick-move-dentist-text = Один из ваших военнопленных переходит прямо в Зубной кабинет.
colditz-card-quick-move-showers = Быстрый переход: Душевые
colditz-card-quick-move-showers-text = Один из ваших военнопленных переходит прямо в Душевые.
colditz-card-quick-move-guard-house = Быстрый переход: Караульная
colditz-card-quick-move-guard-house-text = Один из ваших военнопленных переходит прямо в Караульную.
colditz-card-quick-move-officers-quarters = Быстрый переход: Комнаты офицеров
colditz-card-quick-move-officers-quarters-text = Один из ваших военнопленных переходит прямо в Комнаты офицеров.
colditz-card-quick-move-interview-room = Быстрый переход: Комната допросов
colditz-card-quick-move-interview-room-text = Один из ваших военнопленных переходит прямо в Комнату допросов.
colditz-card-search-kitchen = Обыск: Кухня
colditz-card-search-kitchen-text = Охранники обыскивают Кухню: военнопленные там, чья команда держит Экипировку, отправляются в Одиночку, за каждого конфискуется одна карта Экипировки.
colditz-card-search-guard-house = Обыск: Караульная
colditz-card-search-guard-house-text = Охранники обыскивают Караульную: военнопленные там, чья команда держит Экипировку, отправляются в Одиночку, за каждого конфискуется одна карта Экипировки.
colditz-card-search-stores = Обыск: Склад
colditz-card-search-stores-text = Охранники обыскивают Склад: военнопленные там, чья команда держит Экипировку, отправляются в Одиночку, за каждого конфискуется одна карта Экипировки.
colditz-card-search-showers = Обыск: Душевые
colditz-card-search-showers-text = Охранники обыскивают Душевые: военнопленные там, чья команда держит Экипировку, отправляются в Одиночку, за каждого конфискуется одна карта Экипировки.
colditz-card-search-sick-bay = Обыск: Лазарет
colditz-card-search-sick-bay-text = Охранники обыскивают Лазарет: военнопленные там, чья команда держит Экипировку, отправляются в Одиночку, за каждого конфискуется одна карта Экипировки.
colditz-card-search-dentist = Обыск: Зубной кабинет
colditz-card-search-dentist-text = Охранники обыскивают Зубной кабинет: военнопленные там, чья команда держит Экипировку, отправляются в Одиночку, за каждого конфискуется одна карта Экипировки.
colditz-card-search-chapel = Обыск: Часовня
colditz-card-search-chapel-text = Охранники обыскивают Часовню: военнопленные там, чья команда держит Экипировку, отправляются в Одиночку, за каждого конфискуется одна карта Экипировки.
colditz-card-search-orderlies-quarters = Обыск: Помещение денщиков
colditz-card-search-orderlies-quarters-text = Охранники обыскивают Помещение денщиков: военнопленные там, чья команда держит Экипировку, отправляются в Одиночку, за каждого конфискуется одна карта Экипировки.
colditz-card-do-or-die-7 = Отчаяние (7 бросков)
colditz-card-do-or-die-7-text = Военнопленный команды с Комплектом Спасения идёт на Отчаянное Бегство с 7 бросками; неудача — смерть.
colditz-card-do-or-die-6 = Отчаяние (6 бросков)
colditz-card-do-or-die-6-text = Военнопленный команды с Комплектом Спасения идёт на Отчаянное Бегство с 6 бросками; неудача — смерть.
colditz-card-do-or-die-5 = Отчаяние (5 бросков)
colditz-card-do-or-die-5-text = Военнопленный команды с Комплектом Спасения идёт на Отчаянное Бегство с 5 бросками; неудача — смерть.
colditz-card-do-or-die-4 = Отчаяние (4 броска)
colditz-card-do-or-die-4-text = Военнопленный команды с Комплектом Спасения идёт на Отчаянное Бегство с 4 бросками; неудача — смерть.
colditz-card-do-or-die-3 = Отчаяние (3 броска)
colditz-card-do-or-die-3-text = Военнопленный команды с Комплектом Спасения идёт на Отчаянное Бегство с 3 бросками; неудача — смерть.
colditz-refusal-seats = В «Побег из Колдица» играют от 2 до 6 человек.
colditz-refusal-german-seat = Одно из мест должно быть за Немцем.
colditz-refusal-nations = Дайте каждому Офицеру Беглецу свою, отличную от других национальность.
colditz-refusal-success = Условию победы нужен хотя бы один побег.
colditz-refusal-time-limit = Ограничение по времени в раундах должно быть не меньше одного раунда.
colditz-refusal-max-throws = Предел бросков должен быть не меньше одного.
colditz-refusal-answer-only = Эта карта — ответ на Сбор, Обыск или Арест; сама по себе она не играется.
colditz-refusal-answer-the-window = Сначала ответьте на открытый вопрос.
colditz-refusal-appel-before-throw = Сбор объявляется до броска.
colditz-refusal-bribe-two = Подкуп даёт ровно две карты Экипировки.
colditz-refusal-card-not-held = У вас нет этой карты.
colditz-refusal-choose-guards = Выберите охранников на поле, которых эта карта отправляет в Бараки.
colditz-refusal-choose-one-man = Выберите для этой карты одного военнопленного.
colditz-refusal-gate-needs-card = Чтобы пройти этот кружок, нужна карта Ключа или Пропуска.
colditz-refusal-german-only = Это может делать только Немец.
colditz-refusal-german-places-guards = Сначала Немец расставляет своих охранников.
colditz-refusal-give-to-escape-officer = Карты передаются другому Офицеру Беглецу.
colditz-refusal-guard-beyond = Охранники покидают замок только в погоне, пока беглец за стенами.
colditz-refusal-guard-in-doorway = Между Ходами охранники не могут оставаться в дверных проёмах и коридорах.
colditz-refusal-guard-in-room = Охранники не могут оставаться в Комнатах.
colditz-refusal-guard-into-room = Охранники входят в Комнату только по карте её Обыска или по Сбору.
colditz-refusal-hand-over-three = Держать можно не больше трёх карт: сначала сыграйте, сбросьте или отдайте одну.
colditz-refusal-in-solitary = Военнопленный в Одиночке выходит только на дубле или по карте освобождения.
colditz-refusal-inner-guards = Поставьте ровно по одному охраннику на команду на внутренние чёрные кружки.
colditz-refusal-kit-held = У вашей команды уже есть Комплект Спасения.
colditz-refusal-kit-part-in-claim = Части комплекта используются, когда вы получаете Комплект Спасения.
colditz-refusal-kit-parts = Эти карты не составляют частей комплекта, которые у вас есть.
colditz-refusal-kit-rooms = Для каждой недостающей части нужен ваш военнопленный в Комнате с её символом.
colditz-refusal-manual-dice = Введите каждый бросок: на дубле бросают снова, грани от 1 до 6.
colditz-refusal-no-appel = В этом Ходу нет отсутствующих на Сборе, которых можно искать.
colditz-refusal-no-double = Для освобождения нужен дубль и оставшееся очко.
colditz-refusal-no-free-circle = Для него нет свободного кружка.
colditz-refusal-no-hideaway-card = Это не ваша карта Тайника.
colditz-refusal-no-reserve = Нет охранника в резерве, которого можно выставить.
colditz-refusal-no-such-offer = Такого предложения нет.
colditz-refusal-no-such-seat = Такого места нет.
colditz-refusal-no-turn = Сейчас ничей Ход.
colditz-refusal-no-warning-card = Это не ваша карта Заблаговременного предупреждения.
colditz-refusal-none-left = Таких карт больше не осталось.
colditz-refusal-not-a-cell = Выберите камеру Одиночного Изолятора.
colditz-refusal-not-a-free-post = Ставьте охранников на свободные чёрные кружки.
colditz-refusal-not-a-guard-post = Охранников ставят на чёрные кружки нужной области.
colditz-refusal-not-a-neighbour = Двигайтесь шаг за шагом по соседним кружкам.
colditz-refusal-not-a-pow = Выберите военнопленного, который не в Одиночке.
colditz-refusal-not-arrestable = Этого военнопленного здесь нельзя арестовать.
colditz-refusal-not-in-solitary = Выберите одного из своих военнопленных в Одиночке.
colditz-refusal-not-in-symbol-rooms = Оба военнопленных должны стоять в Комнатах с этим символом.
colditz-refusal-not-now = Сейчас это невозможно.
colditz-refusal-not-started = Игра ещё не началась.
colditz-refusal-not-your-man = Это не ваш военнопленный.
colditz-refusal-not-your-offer = Не вам отвечать на это предложение.
colditz-refusal-not-your-turn = Сейчас не ваш Ход.
colditz-refusal-nothing-to-give = В обмене вы отдаёте хотя бы одну свою карту (Возможностей или Экипировки).
colditz-refusal-occupied = Никто не проходит через другую фишку и не останавливается на ней.
colditz-refusal-offer-stale = Карт из этого предложения уже нет на руках.
colditz-refusal-outer-guards = Поставьте от 2 до 7 охранников на внешние чёрные кружки.
colditz-refusal-place-guards-first = Сначала расставьте охранников.
colditz-refusal-post-after-arrest = Охранников выставляют до Арестов, а не после.
colditz-refusal-post-from-barracks = Охранника из Бараков выставляют на пост, а не передвигают.
colditz-refusal-quick-move-man = Выберите одного из своих военнопленных, который не в Одиночке.
colditz-refusal-recall-from-post = Отозвать охранника можно только с чёрного кружка.
colditz-refusal-recipient-full = Тогда у кого-то окажется больше трёх карт.
colditz-refusal-return-two = Верните указанное число своих карт Охраны.
colditz-refusal-room-full = В этой Комнате нет свободного кружка.
colditz-refusal-same-post-twice = На один чёрный кружок — один охранник.
colditz-refusal-seeded-dice = В этой игре кубики бросает сервер.
colditz-refusal-state-infringement = Назовите нарушение.
colditz-refusal-stop-in-searchlight = Военнопленный никогда не останавливается в свете Прожектора.
colditz-refusal-stop-over-tunnel = Никто не останавливается над Тоннелем.
colditz-refusal-surrender-not-held = Сдайте карту Экипировки, которая есть у вашей команды.
colditz-refusal-throw-first = Сначала бросьте кубики.
colditz-refusal-throw-used = Бросок уже использован.
colditz-refusal-thrown-already = Вы уже бросали в этом Ходу.
colditz-refusal-too-far = Для этого не хватает оставшихся очков.
colditz-refusal-too-many-guards = У вас нет столько охранников.
colditz-refusal-trade-between-escape-officers = Картами обмениваются два Офицера Беглеца.
colditz-refusal-untradeable = Обмениваться можно только картами Возможностей и Экипировки, каждой один раз.
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
colditz-event-drew-opportunity = { $player } берёт карту Возможностей.
colditz-event-drew-security = { $player } берёт карту Охраны.
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
colditz-event-hideaway = { $player } играет Тайник: ничего не конфисковано.
colditz-event-confiscated = { $player } сдаёт карту «{ $card }».
colditz-event-nothing-confiscated = { $player }: сдавать нечего.
colditz-event-posted = Охранник выставлен на пост: { $to } { $to-ref }.
colditz-event-recalled = Охранник { $man } возвращается в Бараки.
colditz-event-released = Военнопленный { $man } выпущен из Одиночки, теперь он здесь: { $to } { $to-ref }.
colditz-event-equipment-claimed = { $player } получает карту «{ $card }»; оба военнопленных идут на Сбор.
colditz-event-kit-claimed = { $player } получает Комплект Спасения.
colditz-event-played = { $player } играет карту «{ $card }».
colditz-event-discarded-card = { $player } сбрасывает карту «{ $card }».
colditz-event-discarded = { $player } сбрасывает карту.
colditz-event-given-card = { $player } передаёт карту «{ $card }» игроку { $to }.
colditz-event-given = { $player } передаёт карту игроку { $to }.
colditz-event-appel-answered = Ответ на Сбор от игрока { $player } получен.
colditz-event-appel-resolved = Сбор: в строю { $lined ->
        [one] { $lined } военнопленный
        [few] { $lined } военнопленных
       *[many] { $lined } военнопленных
    }, отсутствуют: { $absent }.
colditz-event-absentees-searched = Охранники ищут отсутствующих: { $caught ->
        [one] { $caught } военнопленный отправляется
       *[other] { $caught } военнопленных отправляются
    } в Одиночку.
colditz-event-search-answered = Ответ на Обыск от игрока { $player } получен.
colditz-event-search-resolved = Обыск в помещении «{ $room }»: в Одиночку — { $caught }, конфисковано { $confiscated ->
        [one] { $confiscated } карта
        [few] { $confiscated } карты
       *[many] { $confiscated } карт
    }.
colditz-event-security-returned = Немец возвращает { $count ->
        [one] { $count } карту Охраны
        [few] { $count } карты Охраны
       *[many] { $count } карт Охраны
    }.
colditz-event-offer-made = { $player } предлагает обмен игроку { $to }.
colditz-event-offer-accepted = Обмен состоялся.
colditz-event-offer-declined = Предложение отклонено.
colditz-event-offer-withdrawn = Предложение отозвано.
colditz-event-disciplined = Военнопленный { $man } отправлен в Одиночку за нарушение: { $infringement }.
colditz-event-standing-orders = { $player } задаёт постоянные распоряжения.
colditz-event-private = { $player } делает скрытый ход (что это было, видит только он).
colditz-event-turn-ended = { $player } заканчивает Ход.
colditz-event-conceded = { $player } сдаётся.
colditz-action-place-guards = Расставить охранников
colditz-action-throw = Бросить кубики
colditz-action-move = Передвинуть военнопленного
colditz-action-release = Выпустить из Одиночки (дубль)
colditz-action-claim-equipment = Получить Экипировку
colditz-action-claim-kit = Получить Комплект Спасения
colditz-action-play = Сыграть карту «{ $card }»
colditz-action-discard = Сбросить карту «{ $card }»
colditz-action-give = Отдать карту
colditz-action-post-guard = Выставить охранника
colditz-action-return-guard = Отозвать охранника
colditz-action-search-absentees = Искать отсутствующих
colditz-action-end-turn = Закончить Ход
colditz-action-answer-appel = Ответить на Сбор
colditz-action-answer-search = Ответить на Обыск
colditz-action-answer-confiscation = Сдать Экипировку
colditz-action-return-security = Вернуть карты Охраны
colditz-action-offer-trade = Предложить обмен
colditz-action-accept-offer = Принять предложение
colditz-action-decline-offer = Отклонить предложение
colditz-action-withdraw-offer = Отозвать предложение
colditz-action-discipline = Отправить в Одиночку (правило 55)
colditz-action-standing-orders = Задать постоянные распоряжения
colditz-refusal-wire-needs-cutters = Чтобы пересечь Проволоку, нужна карта Кусачек.
colditz-refusal-rope-back-needs-card = Подняться обратно по Верёвке стоит ещё одной карты Верёвки (правило 40).
colditz-refusal-rope-needs-cards = Для этого спуска нужны карты Верёвки: одна на 30, две на 60.
colditz-refusal-escape-needs-kit = Без Комплекта Спасения побег не завершить.
colditz-refusal-path-past-target = Побег заканчивается на Цели: дальше путь не идёт.
colditz-refusal-guard-chase-route = Охранник, преследующий беглеца, идёт через стены и Проволоку и за стенами замка только по пути самого беглеца, кружок за кружком.
colditz-refusal-guard-in-tunnel = Охранники не ходят вдоль Тоннелей.
colditz-refusal-game-over = Игра окончена.
colditz-refusal-not-at-the-car = Военнопленный должен стоять на одном из кружков Штатного Автомобиля.
colditz-refusal-name-guard-and-man = Назовите одного охранника на поле и одного военнопленного, в которого он стреляет.
colditz-refusal-not-beyond = Стрелять на поражение можно только в военнопленного за стенами или за Проволокой.
colditz-refusal-before-the-throw = Отчаянное Бегство начинают до броска в этом Ходу.
colditz-refusal-needs-kit = Для Отчаянного Бегства нужен Комплект Спасения.
colditz-refusal-not-in-prisoners-area = Отчаянное Бегство начинается в Тюремной Области (по настройке — на светло-зелёном кружке).
colditz-refusal-no-card = Колода пуста.
colditz-refusal-no-date-limit = У этой игры ограничение по времени не задано датой.
colditz-refusal-bad-date = Укажите дату в виде ГГГГ-ММ-ДД.
colditz-refusal-before-the-limit = Ограничение по времени ещё не наступило.
colditz-refusal-no-talisman-card = У вас нет этого Талисмана.
colditz-event-escaped = { $player }: военнопленный { $man } ушёл — побег!
colditz-event-shot = { $player }: военнопленный { $man } застрелен.
colditz-event-died = { $player }: военнопленный { $man } не справился с Отчаянным Бегством и застрелен.
colditz-event-died-team-out = { $player }: военнопленный { $man } не справился с Отчаянным Бегством и застрелен; вся команда выбывает.
colditz-event-chase-ended = Погоня окончена: { $count ->
        [one] { $count } охранник возвращается
        [few] { $count } охранника возвращаются
       *[many] { $count } охранников возвращаются
    } в Бараки.
colditz-event-do-or-die = Военнопленный { $man } идёт на Отчаянное Бегство: { $throws ->
        [one] { $throws } бросок
        [few] { $throws } броска
       *[many] { $throws } бросков
    }, очков { $score } (нужно { $needed }).
colditz-event-shot-hit = Выстрел в военнопленного { $man } (дистанция { $range }) попадает.
colditz-event-shot-missed = Выстрел в военнопленного { $man } (дистанция { $range }) мимо.
colditz-event-time-up = Время игры истекло ({ $today }).
colditz-action-do-or-die = Отчаянное Бегство
colditz-action-answer-talisman = Ответить на выстрел (Талисман)
colditz-action-time-up = Объявить, что время игры истекло
colditz-action-concede = Сдаться
colditz-outcome-german = Побеждает Немецкий Офицер Охраны (побегов: { $escapes }, убитых: { $deaths }).
colditz-outcome-escape = Побеждает { $player } (побегов: { $escapes }, убитых: { $deaths }).
colditz-outcome-german-conceded = Немецкий Офицер Охраны сдался: победу делят команды, которые ещё в игре (побегов: { $escapes }, убитых: { $deaths }).
colditz-outcome-escapers-conceded = Все офицеры военнопленных сдались: побеждает Немецкий Офицер Охраны (побегов: { $escapes }, убитых: { $deaths }).
colditz-refusal-no-holder-card = У вас нет этой карты для этого ключа или пропуска.
colditz-event-holder-asked = Военнопленный { $man } использовал ключ или пропуск: Немца спрашивают, арестует ли он владельца.
colditz-event-holder-arrested = Немец арестовывает военнопленного { $man } как владельца ключа или пропуска.
colditz-event-holder-not-arrested = Немец не арестовывает военнопленного { $man }.
colditz-action-answer-arrest-holder = Ответить: арестовать владельца ключа или пропуска?
colditz-refusal-tunnel-not-open = Карту этого тоннеля никто не показал: он не действует.
colditz-refusal-enter-at-an-end = В тоннель входят только с одного из двух его концов.
colditz-refusal-leave-at-an-end = Из тоннеля выходят только с одного из двух его концов.
colditz-refusal-two-stay-inside = В тоннеле должны оставаться минимум двое военнопленных.
colditz-refusal-tunnel-alone = Один военнопленный не может выйти из тоннеля: его должны удерживать двое. Приведите второго; кто к концу хода останется в тоннеле один, выйдет там, где спустился.
colditz-refusal-not-a-hand-card = Карты Отчаяния тянут для бегства, на руках их не держат.
colditz-refusal-not-playable = Эту карту так сыграть нельзя.
colditz-refusal-no-such-tunnel = Назовите действующий тоннель.
colditz-refusal-two-guards = Назовите двух охранников на поле.
colditz-refusal-guards-too-far = С этими очками два охранника не дойдут до тоннеля.
colditz-event-tunnel-closed = { $tunnel } закрывается; его карта возвращается.
colditz-event-tunnel-detected = Тоннель обнаружен: в Одиночку отправляются { $caught ->
        [one] { $caught } тоннелепроходчик
        [few] { $caught } тоннелепроходчика
       *[many] { $caught } тоннелепроходчиков
    }.
colditz-refusal-team-out = Ваша команда выбыла из игры.
colditz-refusal-conceded = Вы сдались и выбыли из игры.
colditz-refusal-concede-window-open = В игре ждёт ответа вопрос: сначала на него отвечают, потом можно сдаться.
colditz-refusal-wire-back-needs-card = Вернуться внутрь через Проволоку стоит ещё одной карты Кусачек (правило 40).
colditz-refusal-hideaway-or-card = Сыграйте Тайник или сдайте карту, но не то и другое.
colditz-refusal-no-such-man = В этой игре нет военнопленного с таким номером.
colditz-refusal-throw-the-run = Карта Отчаяния вытянута: теперь введите броски бегства.
colditz-refusal-draw-first = Сначала вытяните карту Отчаяния (отправьте бегство без кубиков); она покажет, сколько у вас бросков.
colditz-refusal-riot-squad-whole-throw = Отряд усиления стоит всего броска: вызывайте его после броска, прежде чем кого-то передвигать, выставлять или отзывать.
colditz-refusal-riot-squad-all-reserves = Отряд усиления выставляет всех охранников из резерва (сколько позволяют свободные посты).
colditz-refusal-warning-needs-equipment = Путь к этому кружку безопасности требует Экипировки, которой нет у вашей команды.
colditz-refusal-infringement-too-long = Опишите нарушение короче (не больше 1000 символов).
colditz-event-riot-squad = Немец вызывает Отряд усиления: сразу { $count ->
        [one] выставлен { $count } охранник
        [few] выставлены { $count } охранника
       *[many] выставлено { $count } охранников
    }.
colditz-event-lend-asked = { $player } просит игрока { $lender } одолжить военнопленного для получения Экипировки.
colditz-event-lend-agreed = { $player } одалживает своего военнопленного.
colditz-event-lend-refused = { $player } не одалживает своего военнопленного.
colditz-event-do-or-die-drawn = Военнопленный { $man } тянет карту Отчаяния: { $throws ->
        [one] { $throws } бросок
        [few] { $throws } броска
       *[many] { $throws } бросков
    }.
colditz-event-tunnel-left = Военнопленный { $man } остался в тоннеле один и выходит наверх.
colditz-action-riot-squad = Вызвать Отряд усиления (выставить всех охранников резерва; бросок потрачен)
colditz-action-answer-lend = Ответить: одолжить своего военнопленного?

## Рисунок поля

# «Побег из Колдица»: поле (названия помещений, символы, легенда). Используется рисунком поля
# и каждой страницей, где названо место.

colditz-board-title = «Побег из Колдица»: игровое поле
colditz-board-legend-title = Легенда
colditz-board-kommandantur = Комендатура
colditz-board-barracks = Немецкие Бараки
colditz-board-staff-car = Штатный Автомобиль
colditz-board-mark-key = КЛЮЧ
colditz-board-mark-pass = ПРОПУСК

## Кружки
colditz-board-legend-plain = Кружок
colditz-board-legend-appel = Кружок Сбора: здесь не арестовывают
colditz-board-legend-safe = Зона безопасности: ни Ареста, ни Сбора
colditz-board-legend-guard-post = Пост охранника (чёрный кружок)
colditz-board-legend-searchlight = Прожектор: пересекать можно, останавливаться нельзя
colditz-board-legend-key = Кружок КЛЮЧ: чтобы пройти, сдайте Ключ
colditz-board-legend-pass = Кружок ПРОПУСК: чтобы пройти, сдайте Пропуск
colditz-board-legend-tunnel = Тоннель (по его карте Тоннеля)
colditz-board-legend-do-or-die = Начало Отчаянного Бегства
colditz-board-legend-rope-drop = Спуск по Верёвке: на 30 нужна одна Верёвка, на 60 — две
colditz-board-legend-landing = Место приземления (белое кольцо)
colditz-board-legend-target = Цель побега
colditz-board-legend-cell = Камера Одиночного Изолятора
colditz-board-legend-cell-door = Дверь камеры: здесь выходят освобождённые
colditz-board-legend-barracks-slot = Место в Бараках для охранника в резерве
colditz-board-legend-staff-car = Кружок посадки у Штатного Автомобиля

## Области
colditz-board-area-courtyard = Внутренний Тюремный Двор
colditz-board-area-room = Комната
colditz-board-area-cells = Камеры
colditz-board-area-terrace = Внешние области и террасы
colditz-board-area-kommandantur = Комендатура (Гарнизонный Внешний Двор)
colditz-board-area-lawn = Газон
colditz-board-area-barracks = Немецкие Бараки
colditz-board-area-fields = Поля за стенами и Проволокой
colditz-board-area-river = Река
colditz-board-area-bridge = Мост
colditz-board-area-wall = Стена
colditz-board-area-wire = Проволока: пересекается с Кусачками между кружками друг напротив друга

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
colditz-tunnel-chapel = Тоннель (Часовня)
colditz-tunnel-canteen = Тоннель (Столовая)
colditz-tunnel-theatre = Тоннель (Театр)

## Страница игры

# «Побег из Колдица» в вебе: название игры на главной странице и в форме новой игры, строки
# рядом с полем, подписи фишек и то, что спрашивают формы действий.

colditz-name = Побег из Колдица
colditz-about = Немецкий Офицер Охраны против Офицеров Беглецов (их до пяти): собирайте Экипировку, уходите от охранников и Сбора, выводите своих военнопленных из замка. 2–6 игроков.
colditz-new-help = Ниже выберите, кто из игроков — Немецкий Офицер Охраны и какой нации каждый Офицер Беглец (по умолчанию первый игрок — немец, остальные — американец, британец, голландец, француз и поляк в этом порядке), сколько побегов приносят победу и каково ограничение времени.
colditz-opt-dice = Кубики
colditz-opt-dice-seeded = Бросает сервер (честность можно доказать)
colditz-opt-dice-manual = Настоящие кубики: игроки вводят, что выпало

colditz-page-piece-guard = Охранник { $man } ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-american = Военнопленный { $man }, американец ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-british = Военнопленный { $man }, британец ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-dutch = Военнопленный { $man }, голландец ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-french = Военнопленный { $man }, француз ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-polish = Военнопленный { $man }, поляк ({ $player }): { $circle } { $circle-ref }
colditz-page-piece-immune = возвращается из Внешних Камер, Аресту не подлежит

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
} выпустить военнопленного из Одиночки.
colditz-page-appel-called = В этом Ходу объявлен Сбор: охранники могут входить в Комнаты.
colditz-page-absent = Не явились на Сбор: { $men }.
colditz-page-hand-over-three = У вас на руке { $cards } { $cards ->
        [few] карты
       *[many] карт
    }: прежде чем закончить ход, сыграйте, сбросьте или отдайте одну (C18: не больше трёх).

colditz-page-note-window = Ждём ответа
colditz-page-window-appel = Сбор: каждый Офицер Беглец тайно выбирает, кто из его военнопленных явится.
colditz-page-window-search = Обыск в помещении «{ $room }»: отвечают Офицеры Беглецы, чьи военнопленные там.
colditz-page-window-confiscation = Конфискация: { $player } сдаёт одну карту Экипировки или играет Тайник.
colditz-page-window-sabotage = Саботаж: { $player } возвращает в колоду { $owed ->
    [one] { $owed } карту Охраны
    [few] { $owed } карты Охраны
   *[many] { $owed } карт Охраны
}.
colditz-page-window-waiting = Ждём: { $player }.
colditz-page-window-answered = Ответ от игрока { $player } получен (он держится в тайне, пока не ответят все).
colditz-page-window-default-appel = Если срок истечёт, у того, кто не ответил, являются все военнопленные.
colditz-page-window-default-search = Если срок истечёт, тот, кто не ответил, не играет карту.
colditz-page-window-default-confiscation = Если срок истечёт, сдаётся самая младшая карта Экипировки.
colditz-page-window-default-sabotage = Если срок истечёт, возвращаются первые карты Охраны на руке.

colditz-page-note-your-hand = Ваши карты Возможностей
colditz-page-note-your-security = Ваши карты Охраны
colditz-page-note-hand-of = Карты игрока { $player }
colditz-page-card = { $card }: { $text }
colditz-page-hand-empty = Карт нет.
colditz-page-note-hands = Карты на руках у других
colditz-page-hand-size = { $player }: { $count ->
    [one] { $count } карта Возможностей
    [few] { $count } карты Возможностей
   *[many] { $count } карт Возможностей
}
colditz-page-hand-size-security = { $player }: { $count ->
    [one] { $count } карта Охраны
    [few] { $count } карты Охраны
   *[many] { $count } карт Охраны
}

colditz-page-note-equipment = Экипировка на руках
colditz-page-equipment = { $player }: { $card }
colditz-page-no-equipment = Пока ни у одной команды нет Экипировки.

colditz-page-note-packs = Колоды
colditz-page-packs = Лицом вниз лежат карты: Возможностей — { $opportunity }, Охраны — { $security }, Отчаяния — { $doordie }.
colditz-page-stock = Ещё не взяты: { $card } × { $count }

colditz-page-note-offers = Предложения обмена
colditz-page-offer = Предложение { $offer }: от { $from } для { $to }
colditz-page-offer-gives = отдаёт { $card }
colditz-page-offer-wants = просит { $card }

colditz-page-note-orders = Ваши постоянные распоряжения
colditz-page-order-appel = На Сбор являются все мои военнопленные: { $answer }
colditz-page-order-confiscation = Отвечать на конфискацию сразу (Тайник, если есть, иначе самая младшая карта): { $answer }
colditz-page-order-talisman = Талисман сразу при выстреле: { $answer }
colditz-page-order-lend = Одалживать военнопленных сразу по просьбе другого Офицера Беглеца: { $answer }
colditz-page-order-holders = Арест Владельца Ключа/Пропуска: { $answer }
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
colditz-input-bribe = Какую Экипировку взять — две из четырёх: верёвка, ключ, пропуск, кусачки (пусто — верёвку и ключ):
colditz-input-return-security = Какие карты Охраны вернуть (ничего не отмечено — предложенные):
colditz-input-absent = Кто не явится (номера; пусто — являются все):
colditz-input-hideaway = Карта Тайника, которую сыграть:
colditz-input-surrender = Карты Экипировки, которые сдать первыми (необязательно):
colditz-input-give = Карты, которые вы отдаёте:
colditz-input-want = Карты, которые вы просите (Экипировка другой команды):
colditz-input-man = Военнопленный (номер на его фишке):
colditz-input-infringement = Нарушение:
colditz-input-order-appel = На Сбор являются все мои военнопленные:
colditz-input-order-confiscation = Отвечать на конфискацию сразу:

colditz-page-action-post = Выставить охранника из Бараков
colditz-input-post = На пост:
colditz-page-action-move = Передвинуть военнопленного { $man } (стоит: { $from } { $from-ref })
colditz-page-action-move-guard = Передвинуть охранника { $man } (стоит: { $from } { $from-ref })
colditz-page-action-recall = Отозвать охранника { $man } (стоит: { $from } { $from-ref })
colditz-page-action-release = Выпустить военнопленного { $man } из Одиночки (дубль)
colditz-page-action-give = Отдать «{ $card }» игроку { $player }
colditz-page-action-surrender = Сдать «{ $card }»
colditz-page-action-hideaway = Сыграть Тайник: ничего не конфискуют
colditz-page-action-claim = Получить «{ $card }» (военнопленные { $a } и { $b })
colditz-page-action-accept = Принять предложение { $offer }
colditz-page-action-decline = Отклонить предложение { $offer }
colditz-page-action-withdraw = Отозвать предложение { $offer }
colditz-page-action-offer = Предложить обмен игроку { $player }
colditz-page-action-play-men = Сыграть «{ $card }» (военнопленные { $men })

# На каждой странице игры со сроком (не только в Колдице): когда спрошенные должны ответить.

colditz-page-action-warning = Ответить Заблаговременным предупреждением
colditz-input-warning-moves = Военнопленные на кружки безопасности: номер каждого, затем ряд·столбец его кружка с краёв поля (например 3 17·28, 4 17·29):
colditz-typed-wrong-area = «{ $typed }» называет два разных места: { $ref } находится в месте «{ $area }». Впишите только ряд и столбец или их вместе с названием места, где они находятся.
colditz-typed-unknown-place = На поле нет кружка «{ $typed }». Впишите ряд и столбец кружка, как они пронумерованы по краям поля, например 17·28 или 17.28; на странице игры можно и щёлкнуть по нему.
colditz-typed-unknown-equipment = «{ $typed }» — это не вид экипировки для побега: назовите два из четырёх: верёвка, ключ, пропуск, кусачки.
colditz-page-window-talisman = Стрелять на поражение: { $player } может сыграть Талисман, чтобы вдвое сократить дистанцию.
colditz-page-window-arrest-holder = Использован Ключ или Пропуск: { $player } может сыграть Арест Владельца Ключа или Арест Владельца Пропуска.
colditz-page-window-default-talisman = Если срок истечёт, Талисман не играется.
colditz-page-window-default-arrest-holder = Если срок истечёт, карта Ареста не играется.
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
colditz-page-gone-do-or-die = Раунд { $round }: военнопленный { $man } ({ $player }) погиб при Отчаянном Бегстве
colditz-page-gone-team-out = Раунд { $round }: военнопленный { $man } ({ $player }) выбыл вместе со своей командой
colditz-page-gone-conceded = Раунд { $round }: военнопленный { $man } ({ $player }) выбыл, когда его команда сдалась
colditz-page-window-lend = { $player } просят одолжить военнопленного другому Офицеру Беглецу для получения Экипировки.
colditz-page-window-default-lend = Если срок истечёт, военнопленного не одалживают.

## Поправки по правилу 55 после спора
colditz-event-put-back = Военнопленный { $man } возвращён туда, где стоял: { $to } { $to-ref } (правило 55).
colditz-event-equipment-returned = { $player } возвращает «{ $card }» в запас (правило 55).
colditz-remedy-put-back = Вернуть военнопленного { $man }, который перешёл на этом шаге, туда, где он стоял перед ним: { $to } { $to-ref }
colditz-remedy-solitary = Отправить военнопленного { $man }, который перешёл на этом шаге, в Одиночку за нарушение
colditz-remedy-return-equipment = { $seat } возвращает «{ $card }», полученную на этом шаге
colditz-refusal-not-a-man = На поле нет такого военнопленного.
colditz-refusal-no-such-circle = На поле нет такого кружка.
colditz-refusal-put-back-taken = На этом кружке сейчас кто-то стоит.
colditz-refusal-equipment-not-held = У этой команды больше нет этой Экипировки.

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
colditz-opt-do-or-die-only-him = Вариант Отчаянного Бегства: при неудаче гибнет только беглец, а не вся его команда
colditz-opt-do-or-die-from-green = Вариант Отчаянного Бегства: беглец начинает со светло-зелёного кружка Отчаянного Бегства
colditz-input-shooter = Охранник, который стреляет, и военнопленный, в которого он стреляет (их номера; пусто — предложенные):
colditz-input-cells = Камеры для пойманных по порядку (щёлкайте по камерам на поле или впишите их ряд·столбец; пусто — первые свободные):
colditz-input-tunnel-guards = Два охранника, которые войдут в тоннель (их номера; пусто — два ближайших, предложенные):
colditz-input-riot-posts = Посты для Отряда усиления (щёлкайте по кружкам на поле или впишите их ряд·столбец; пусто — первые свободные посты по порядку поля):
colditz-input-do-or-die-dice = Броски, которых требует карта Отчаянного Бегства, по два числа (например, 6 6, 2 5):
colditz-input-order-lend = Сразу одалживать своих военнопленных, когда другой Офицер Беглец просит:
colditz-input-order-talisman = Когда Немец стреляет в моего военнопленного, играть Талисман, если он у меня есть:
colditz-input-order-holders = Когда военнопленный сдаёт Ключ или Пропуск (Арест Владельца Ключа/Пропуска):
colditz-input-order-cell = Камера для пойманных, когда мой ход её не называет (щёлкните по камере на поле или впишите её ряд·столбец; пусто — оставить прежнюю):
colditz-page-holder-always = играть карту всякий раз, когда она у меня есть
colditz-page-holder-never = никогда её не играть
colditz-page-holder-ask = спрашивать меня каждый раз (ход ждёт меня)
colditz-page-action-place-guards = Расставить охранников
colditz-page-action-do-or-die = Отчаянное Бегство военнопленного { $man } (стоит: { $from } { $from-ref })
colditz-page-action-do-or-die-throw = Бросить кубики за Отчаянное Бегство военнопленного { $man }
colditz-page-action-riot-squad = Вызвать Отряд усиления ({ $count ->
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
colditz-confirm-do-or-die-team = Отправить военнопленного { $man } в Отчаянное Бегство? Кубики решат сразу: если он не добежит, его застрелят, и вся ваша команда выбывает из игры.
colditz-confirm-concede = Сдаться? Ваши военнопленные навсегда уходят с доски, и ваша команда больше не играет; если ваша команда последняя, побеждает немец. Отменить это нельзя.
colditz-confirm-concede-german = Сдаться? Игра сразу заканчивается, и победу делят команды военнопленных, которые ещё в игре. Отменить это нельзя.
colditz-confirm-do-or-die-him = Отправить военнопленного { $man } в Отчаянное Бегство? Кубики решат сразу: если он не добежит, его застрелят.
colditz-page-none = никакой
# Вложенные настройки в форме новой игры.
colditz-form-legend = Команды, победа и ограничение времени
colditz-form-help = Немецкий Офицер Охраны играет против всех Офицеров Беглецов. Каждый Офицер Беглец ведёт команду одной нации; побеждает тот, кто первым совершит условленное число побегов, а если к концу срока этого не сделал никто, побеждает Немец.
colditz-form-german = Немецкий Офицер Охраны —
colditz-form-player = игрок { $n }
colditz-form-nations = Нации Офицеров Беглецов в порядке игроков после Немца
colditz-form-nation = Офицер Беглец { $n }
colditz-form-escapes = Побегов для победы (условие успеха)
colditz-form-time-limit = Ограничение времени
colditz-form-time-standard = Обычное число раундов по числу игроков ({ $two } для 2, { $three } для 3, { $four } для 4, { $five } для 5, { $six } для 6)
colditz-form-time-rounds = Столько раундов (ниже)
colditz-form-time-date = До даты (ниже)
colditz-form-time-none = Без ограничения (тогда Немцу почти не выиграть)
colditz-form-rounds = Раундов, если ограничение в раундах
colditz-form-date = Дата, если ограничение датой
colditz-form-max-throws = Не больше стольких бросков за ход после дублей (пусто — без ограничения)
colditz-form-bad-german = Выберите, кто из игроков — Немецкий Офицер Охраны.
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
colditz-page-last-card = { $player } показал карту { $card }
