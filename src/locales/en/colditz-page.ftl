# Escape from Colditz on the web: the game's name on the home page and the new-game form, the
# lines beside the board, the pieces' titles and what the action forms ask for.

game-colditz = Escape from Colditz
game-colditz-about = The German Security Officer against up to five Escape Officers: gather equipment, dodge the guards and Appel, get your men out of the castle. 2–6 players.
new-help-colditz = Seats decide the roles: the first player is the German Security Officer; the others are the American, British, Dutch, French and Polish Escape Officers in that order. Other nations, the success formula and a time limit can be set through the API.
opt-colditz-dice = Dice
opt-colditz-dice-seeded = Thrown by the server (provably fair)
opt-colditz-dice-manual = Real dice: players type what they threw

colditz-page-piece-guard = Guard { $man } ({ $player }) on { $circle }
colditz-page-piece-american = Man { $man }, American ({ $player }), on { $circle }
colditz-page-piece-british = Man { $man }, British ({ $player }), on { $circle }
colditz-page-piece-dutch = Man { $man }, Dutch ({ $player }), on { $circle }
colditz-page-piece-french = Man { $man }, French ({ $player }), on { $circle }
colditz-page-piece-polish = Man { $man }, Polish ({ $player }), on { $circle }
colditz-page-piece-immune = on his way back from the outer cells, not liable to arrest

colditz-page-note-turn = Turn
colditz-page-placing = { $player } places the guards.
colditz-page-turn = Round { $round }: { $player } to play.
colditz-page-not-thrown = Not thrown yet.
colditz-page-thrown = Thrown { $dice } (score { $score }); { $points ->
    [one] one point
   *[other] { $points } points
} left to move.
colditz-page-releases = { $count ->
    [one] A double
   *[other] { $count } doubles
} may release a man from solitary.
colditz-page-appel-called = Appel was called this turn: guards may enter rooms.
colditz-page-absent = Men who stayed away from Appel: { $men }.

colditz-page-note-window = Waiting for an answer
colditz-page-window-appel = Appel: every Escape Officer chooses privately which of his men attend.
colditz-page-window-search = Search of the { $room }: the Escape Officers whose men are there answer.
colditz-page-window-confiscation = Confiscation: { $player } gives up one equipment card or plays a Hideaway.
colditz-page-window-sabotage = Sabotage: { $player } returns { $owed } Security cards to the pack.
colditz-page-window-waiting = Waiting for { $player }.
colditz-page-window-answered = { $player } has answered (kept secret until everyone has).
colditz-page-window-default-appel = If the deadline passes, whoever has not answered has all his men attend.
colditz-page-window-default-search = If the deadline passes, whoever has not answered plays no card.
colditz-page-window-default-confiscation = If the deadline passes, the lowest equipment card is given up.
colditz-page-window-default-sabotage = If the deadline passes, the first Security cards of the hand are returned.

colditz-page-note-your-hand = Your Opportunity cards
colditz-page-note-your-security = Your Security cards
colditz-page-note-hand-of = Cards of { $player }
colditz-page-card = { $card } ({ $id }): { $text }
colditz-page-hand-empty = No cards.
colditz-page-note-hands = Cards in other hands
colditz-page-hand-size = { $player }: { $count ->
    [one] one Opportunity card
   *[other] { $count } Opportunity cards
}
colditz-page-hand-size-security = { $player }: { $count ->
    [one] one Security card
   *[other] { $count } Security cards
}

colditz-page-note-equipment = Escape equipment held
colditz-page-equipment = { $player }: { $card } ({ $id })
colditz-page-no-equipment = No team holds any equipment yet.

colditz-page-note-packs = Packs
colditz-page-packs = Opportunity { $opportunity }, Security { $security }, Do or Die { $doordie } cards face down.
colditz-page-stock = Not yet taken: { $card } × { $count }

colditz-page-note-offers = Offers of trade
colditz-page-offer = Offer { $offer }: { $from } to { $to }
colditz-page-offer-gives = gives { $card } ({ $id })
colditz-page-offer-wants = asks for { $card } ({ $id })

colditz-page-note-orders = Your standing orders
colditz-page-order-appel = At Appel all my men attend: { $answer }
colditz-page-order-confiscation = Confiscation answered at once (Hideaway if held, else the lowest card): { $answer }
colditz-page-yes = yes
colditz-page-no = no

colditz-page-path-clear = Clear the path
colditz-page-path-help = Click circles on the board, one step after another, to fill in a move's path.

input-colditz-inner = Inner guard posts (circle ids; empty: those proposed):
input-colditz-outer = Outer guard posts, 2 to 7 (circle ids; empty: those proposed):
input-colditz-dice = Your throws, two numbers each (e.g. 6 6, 2 5):
input-colditz-path = Path: circle ids separated by spaces or commas:
input-colditz-cell = Cell for an arrested man (circle id, optional):
input-colditz-guards = Guards to send back (their numbers; empty: those proposed):
input-colditz-quick-move-man = Man to move (his number; empty: the one proposed):
input-colditz-bribe = Equipment to take: rope, key, pass or wire-cutters (empty: rope and key):
input-colditz-return-security = Security cards to return (card ids; empty: those proposed):
input-colditz-absent = Men who stay away (their numbers; empty: all attend):
input-colditz-hideaway = Hideaway card to play (card id, optional):
input-colditz-surrender = Equipment cards to give up first (card ids, optional):
input-colditz-give = Cards you give (card ids, as listed beside your cards):
input-colditz-want = Cards you ask for (card ids):
input-colditz-man = Man (the number on his piece):
input-colditz-infringement = The infringement:
input-colditz-order-appel = At Appel all my men attend:
input-colditz-order-confiscation = Answer confiscations at once:

colditz-page-action-post = Post a guard from the barracks
input-colditz-post = On the guard post:
colditz-page-action-move = Move man { $man } (from { $from })
colditz-page-action-move-guard = Move guard { $man } (from { $from })
colditz-page-action-recall = Recall guard { $man } from { $from }
colditz-page-action-release = Release man { $man } from solitary (double)
colditz-page-action-give = Give { $card } to { $player }
colditz-page-action-surrender = Give up { $card } ({ $id })
colditz-page-action-hideaway = Play a Hideaway: nothing is confiscated
colditz-page-action-claim = Claim { $card }
colditz-page-action-accept = Accept offer { $offer }
colditz-page-action-decline = Decline offer { $offer }
colditz-page-action-withdraw = Withdraw offer { $offer }
colditz-page-action-offer = Offer a trade to { $player }
colditz-page-action-play-men = Play { $card } (men { $men })

# On every game page with a deadline (not only Colditz): when those asked must have acted.
game-deadline = Deadline for those asked: { $when }

colditz-page-action-warning = Answer with Advance Warning ({ $id })
input-colditz-warning-moves = Men to safe circles: each man's number, then his circle (e.g. 3 r16c18, 4 r16c19):
colditz-page-window-talisman = Shoot to Kill: { $player } may play a Talisman to halve the range.
colditz-page-window-arrest_holder = A Key or Pass was used: { $player } may play Arrest Key Holder or Arrest Pass Holder.
colditz-page-window-default-talisman = If the deadline passes, no Talisman is played.
colditz-page-window-default-arrest_holder = If the deadline passes, no arrest card is played.
colditz-page-note-end = The game is over
colditz-page-end-escapes = { $player }: { $n } escaped
colditz-page-end-deaths = Men killed: { $n }
colditz-page-note-gone = Men gone, in order
colditz-page-gone-escaped = Round { $round }: { $player }'s man { $man } escaped at { $target }
colditz-page-gone-shot = Round { $round }: { $player }'s man { $man } was shot
colditz-page-gone-do_or_die = Round { $round }: { $player }'s man { $man } died in a Do or Die run
colditz-page-gone-team_out = Round { $round }: { $player }'s man { $man } left the game with his team
