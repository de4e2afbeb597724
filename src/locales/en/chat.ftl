## Table talk (src/play/chat.rs): lines from the players and the host beside a game, on its
## page, its history, the host's page and in mail.

chat-title = Table talk
chat-title-step = Table talk at this step
chat-empty = Nothing said yet.
chat-empty-step = Nothing was said at this step.
chat-host = The host
chat-private = privately
chat-hidden = hidden by the host
chat-withdrawn = withdrawn: its writer’s data was erased at their request
chat-expired = no longer kept: the game ended long ago
chat-hide = Hide
chat-hide-label = Hide line { $n }
chat-all = All table talk
chat-write = Say to the table
chat-to = To
chat-to-everyone = Everyone
chat-send = Send
field-chat-line = Table talk
chat-error-private = In this game table talk is for everyone: a line to one player alone is not possible.
chat-error-addressee = There is no such other player to write to.
chat-error-no-line = There is no such line to hide.
## In mail: a line, its writer named first; a private line names both.
chat-mail-line = { $from }: { $text }
chat-mail-private-line = { $from } → { $to } (privately): { $text }
chat-mail-private-subject = { $from } wrote to you alone
chat-mail-private-body = { $from } wrote this line in “{ $game }” to you alone; nobody else reads it.
