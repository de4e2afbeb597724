## Řeč u stolu (src/play/chat.rs): řádky hráčů a pořadatele u hry, na její stránce, v historii,
## na stránce pořadatele a v poště.

chat-title = Řeč u stolu
chat-title-step = Řeč u stolu v tomto kroku
chat-empty = Zatím nikdo nic neřekl.
chat-empty-step = V tomto kroku nikdo nic neřekl.
chat-host = Hostitel
chat-private = soukromě
chat-hidden = skryto pořadatelem
chat-withdrawn = text smazán na žádost o výmaz údajů
chat-expired = text se už neuchovává: hra skončila dávno
chat-hide = Skrýt
chat-hide-label = Skrýt řádek { $n }
chat-all = Celá řeč u stolu
chat-write = Říct u stolu
chat-to = Komu
chat-to-everyone = Všem
chat-send = Odeslat
field-chat-line = Řeč u stolu
chat-error-private = V této hře se u stolu mluví ke všem: řádek jen jednomu hráči tu nejde.
chat-error-addressee = Takový jiný hráč, kterému byste psali, tu není.
chat-error-no-line = Takový řádek ke skrytí tu není.
## V poště: řádek, napřed kdo ho napsal; soukromý řádek jmenuje oba.
chat-mail-line = { $from }: { $text }
chat-mail-private-line = { $from } → { $to } (soukromě): { $text }
chat-mail-private-subject = { $from } vám píše soukromě
chat-mail-private-body = { $from } vám ve hře „{ $game }“ píše tento řádek jen pro vás; nikdo jiný ho nečte.
