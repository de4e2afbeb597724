## Shared words
seat-numbered = Player { $n }
turn-of = It is { $player }'s turn.
rule = rule
language = Language
footer = feldpost: board games by email, every move checked, every dispute settled from the record.
back-home = Back to the home page

## Errors
error-title = That did not work
error-conflict = The game moved on since you loaded this page: someone acted first. Here it is as it stands now; choose again.
error-unknown-link = This link is not valid. Check that you copied it whole, or ask the host for a new one.
error-unknown-game = There is no such game.
error-wrong-game = This link belongs to another game.
error-paused = The game is paused until { $when }; moves wait until then.
error-host-only = Only the game's host may do that.
error-finished = The game has ended; no more moves can be made.
error-no-such-seq = The game has no step { $n }.
error-unavailable = The database is not reachable right now. Nothing was saved; please try again in a moment.
error-internal = Something went wrong on our side. Nothing was saved.
error-unknown-ruleset = There is no game called “{ $ruleset }”.
error-invalid = Please check the form
error-form = The form was incomplete; please use the buttons on the game page.

## Home
home-title = Board games by email, refereed
home-lead = feldpost keeps each game as a log that can only grow, checks every move against the rules and tells the next player by email when it is their turn.
home-point-log = Every move is written down for good; any moment of the game can be shown again.
home-point-rules = Illegal moves are refused, with the rule they break.
home-point-mail = Whoever must act gets an email with a link to their seat.
home-point-history = The history steps through the game move by move.
home-games = Games
home-new-game = Start a game
home-dev-mailbox = No mail server is configured: the mail the server would send is shown at
home-api = Everything the pages do is also in the JSON API:

## Games

## New game
new-title = New game
new-game-title = Name of the game (optional)
new-mail-language = Language of the emails
new-options = Options
new-players = Players
new-players-help = { $counts }. With an email address a player gets an invitation and a message whenever it is their turn.
new-players-count = { $count } players
new-add-player = Add a player
new-player-count = Number of players
new-player-count-show = Show the rows
new-player-name = Player
new-player-email = email
new-create = Create the game

## Host
host-lead = The game is ready. Each player plays through their own link; send each one theirs (players with an email address are mailed it).
host-player = Player
host-link = Link
copy-link = Copy
copy-link-done = Copied
copy-link-failed = Select the link to copy it
host-seat-actions = Actions
host-keep-secret = Whoever has a link can play that seat: share each link only with its player. Keep this page's address too: it shows the links again.

## Game page
game-players = Players
game-you = you
game-away = away until { $until }
game-mail-failing = Mail to your address { $email } does not arrive ({ $why }), so feldpost sends you no more mail, not even when it is your turn. Ask the host of the game to give your seat an address that works.
game-actions = Your move
game-actions-meanwhile = Meanwhile
game-panel-fold = Fold the panel down
game-panel-unfold = Open the panel
input-die = The die you threw:
game-recent = Latest
game-history = Whole history
game-export = Download the log (JSON)
game-commitment = Commitment to the game's random seed (SHA-256; everything chance decides in the game is made from it):
status-your-turn = It is your turn.
status-waiting-for = Waiting for: { $players }

## History
history-title = History
history-back = Back to the game
history-prev = ◀ Previous
history-next = Next ▶
history-page-earlier = ◀◀ Records before { $from }
history-page-later = Records after { $to } ▶▶
history-page-range = Records { $from } to { $to } of { $last }
history-after = After step { $n } of { $last }
history-show = Show
history-created = Game created
history-deadline = Deadline

## Dev mailbox
mailbox-title = Dev mailbox
mailbox-lead = No SMTP server is configured, so no mail leaves this server. These are the messages it would have sent, newest first.
mailbox-reply-to = replies go to
mailbox-to = to
mailbox-empty = No mail yet.
mailbox-source = as sent, with its pictures (.eml)
mailbox-status-pending = waiting to be sent
mailbox-status-sent = sent
mailbox-status-held = kept for the daily digest
mailbox-status-digested = sent in a digest
mailbox-status-failed = refused for good
mailbox-status-suppressed = not sent (the recipient asked for no mail)
mailbox-status-stopped = not sent (mail to this address does not arrive)
mailbox-off = The dev mailbox is off because a mail server is configured.

## Boards
board-colditz-title = Escape from Colditz: the board
board-colditz-lead = Our own drawing of the board, from which the rules engine takes every place: rooms, gates, rope drops, wire, tunnels, targets. Places are named by their room or area and by row·column, as numbered along the edges.
home-colditz-board = The Escape from Colditz board
board-zoom = Zoom

## Refusals of a request (the web layer)
error-not-found = There is no such page.
error-bad-path = This address is not one the server knows (a number in it is not a number).
error-bad-query = A parameter of this address cannot be read (for example a step number that is not a number).
error-too-large = The request is too large
error-json-content-type = Send the body as JSON, with Content-Type: application/json.
error-malformed-json = The body is not valid JSON
error-request-invalid = The request does not have the expected shape
error-bearer = Send the seat's token as Authorization: Bearer <token>.
error-seat-token-needed = This is a player's action: use a seat's token.
error-no-such-seat = The game has no such seat.
error-seat-without-email = This seat has no email address.
error-not-paused = The game is not paused.
mailbox-loopback-only = The dev mailbox answers only a browser on the server's own machine (open it as http://127.0.0.1:…/dev/mailbox there).
error-too-many = Too many requests from you or for this address. Please wait { $minutes } min and try again.
new-host-legend = You, the host
new-host-email = Your email
new-host-help = Needed if any player has an email address: we mail you a link to confirm it, and the players' mail goes out once you have. You are also told when a deadline passes.
new-host-help-rules = In this game the host rules on disputes, so we need your address: we mail you a link to confirm it, and the players' mail goes out once you have.
new-host-account = You are logged in as { $email }: you host the game from this address, and the players' mail goes out at once.
error-host-needed-for-disputes = In this game the host rules on disputes: give your email address (or log in) so that you can be asked to rule.
error-host-needed-for-mail = To mail the players, give your own email address (or log in): we send nobody mail until its host has confirmed an address.
host-mail-waiting = The players' mail waits until you confirm your address: we have sent a link to { $email }.
host-mail-sent = Mail to this game's host goes to { $email }.
confirm-title = Confirm that you host “{ $game }”
confirm-lead = { $email } was given as the address of the host of “{ $game }”. Once you confirm, { $invited ->
        [0] you are told what the game needs of its host
        [one] its one player with an address gets an invitation
       *[other] its { $invited } players with an address get their invitations
    }. If you did not create this game, close this page: nobody will be mailed.
confirm-button = I host this game: send the mail
confirm-done = Thank you: { $email } is confirmed as the host of “{ $game }”, and the players' mail is on its way.
confirm-to-host = Open the game's host page
never-title = No more mail to { $email }?
never-lead = Someone gave this address to feldpost. If you want no mail at all from this server, about any game or account, say so here.
never-button = Never mail this address again
never-done = Done: this server will send no more mail to { $email }.
never-listed = This server already sends no mail to { $email }.
host-mail-failed = Mail to { $email } could not be delivered; the mail server refused it for good ({ $why }). Check the address, or give the seat to the player again with another one.
host-failing = Mail to { $player } ({ $email }) does not arrive: { $why }. feldpost sends no more mail to that address. Give the seat an address that works: “Replace this player” below (the same address again once its mailbox works).
game-deadline = Deadline for those asked: { $when }
host-mail-resend = Send me the link again
error-no-host-address = This game has no host address to confirm.
confirm-action-title = Are you sure?
confirm-action-yes = Yes, do it
confirm-action-no = No, back to the game
error-title-404 = Page not found
error-title-400 = This address cannot be read
error-title-405 = Not like this
error-method = This address is not for that kind of request: please use the page's links and buttons.
dispute-form-choose = — choose the step —
host-game-now = The game now, as spectators see it
title-your-turn = ● Your turn
live-moved = The game has moved on: show it now

## Rematch

rematch-title = Rematch
rematch-lead = Play again: a new game with the same rules, options and players, each in the same seat. Every player is invited by mail with a new link; this game stays as it ended.
rematch-start = Start a rematch
rematch-started-host = The rematch has started.
rematch-open-host = Open its host page
rematch-started = A rematch has started.
rematch-open = Play the rematch
error-rematch-not-ended = A rematch can start only after the game has ended.
error-rematch-started = This game's rematch has already started.
