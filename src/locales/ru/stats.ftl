# Страница статистики (src/web/pages/stats.rs, templates/stats.html).
stats-title = Статистика
stats-link = Статистика: кубики, время, счёт
stats-back = Назад к игре
stats-lead = Всё здесь посчитано по тому, что вам можно видеть в игре: скрытое от вас не учитывается.
stats-player = Игрок
stats-team = Команда
stats-colour = Цвет
stats-count = Число
stats-dice-server = Кубики, брошенные сервером
stats-dice-manual = Кубики, брошенные за столом и введённые вручную
stats-dice-face = Грань
stats-dice-count = Выпало
stats-dice-expected = У честных кубиков
stats-dice-note = Пунктир показывает, сколько раз каждая грань выпала бы у честных кубиков.
stats-dice-total = { $total ->
    [one] Брошен { $total } кубик.
    [few] Брошено { $total } кубика.
   *[other] Брошено { $total } кубиков.
}
stats-dice-fair = Честные, насколько кубики вообще бывают честными (p = { $p }).
stats-dice-unusual = Необычно, p = { $p }.
stats-dice-too-few = Слишком мало бросков, чтобы судить (меньше { $min }).
stats-times-title = Время на ход
stats-times-turns = Ходы
stats-times-median = Медиана
stats-times-longest = Дольше всего
stats-times-note = Тёмная полоса: медиана хода; светлая: самый долгий ход.
stats-times-none = Ни один ход ещё не закончен.
stats-days-title = Записи по дням
stats-days-date = День (UTC)
stats-days-records = Записи
stats-duration-s = { $s } с
stats-duration-min = { $min } мин
stats-duration-h = { $h } ч { $min } мин
stats-duration-d = { $d } д { $h } ч
stats-tally-escapes = Побеги
stats-tally-arrests = Арестовано людей
stats-tally-cards_played = Сыграно карт
stats-tally-clues = Дано подсказок
stats-tally-guesses_right = Верные догадки
stats-tally-guesses_wrong = Неверные догадки
stats-tally-still_hidden = Ещё не открытые карты по цвету ключа
stats-tally-captures = Захваты
stats-tally-prisoners = Взято пленных
stats-team-red = Красная команда
stats-team-blue = Синяя команда
stats-colour-red = Красные
stats-colour-blue = Синие
stats-colour-bystander = Прохожие
stats-colour-pursuer = Преследователь
stats-proof-title = Проверьте сами
stats-proof-later = Пока игра идёт, её случайное зерно держится в тайне. После конца игры оно раскрывается, и любой может сверить каждый бросок и каждую раздачу с обязательством выше.
stats-proof-export = Скачайте запись игры
stats-proof-command = и проверьте её командой
