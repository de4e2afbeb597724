## Разговор за столом (src/play/chat.rs): реплики игроков и хозяина рядом с игрой, на её
## странице, в истории, на странице хозяина и в почте.

chat-title = Разговор за столом
chat-title-step = Разговор за столом на этом шаге
chat-empty = Пока никто ничего не сказал.
chat-empty-step = На этом шаге никто ничего не сказал.
chat-host = Хозяин
chat-private = лично
chat-hidden = скрыто хозяином
chat-withdrawn = текст удалён по просьбе об удалении данных
chat-expired = текст больше не хранится: игра закончилась давно
chat-hide = Скрыть
chat-hide-label = Скрыть реплику { $n }
chat-all = Весь разговор за столом
chat-write = Сказать за столом
chat-to = Кому
chat-to-everyone = Всем
chat-send = Отправить
field-chat-line = Разговор за столом
chat-error-private = В этой игре за столом говорят со всеми: реплика только одному игроку здесь невозможна.
chat-error-addressee = Такого другого игрока, которому можно написать, нет.
chat-error-no-line = Такой реплики, чтобы её скрыть, нет.
## В почте: реплика, сначала её автор; личная реплика называет обоих.
chat-mail-line = { $from }: { $text }
chat-mail-private-line = { $from } → { $to } (лично): { $text }
chat-mail-private-subject = { $from } пишет вам лично
chat-mail-private-body = { $from } пишет вам лично в игре «{ $game }»; эту реплику больше никто не читает.
