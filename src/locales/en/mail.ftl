## Mail (everything feldpost writes to players)
mail-greeting = Hello { $player },
mail-greeting-host = Hello,
mail-game-subject = [feldpost] { $game }
mail-invite-role = You play { $ruleset } as { $role }.
mail-open-link = Your seat in the game (this link is yours alone: do not forward it):
mail-button = Open the game
mail-footer = feldpost, the play-by-email referee
mail-prefs = How often feldpost writes to you
mail-invite-subject = You are invited to play “{ $game }”
mail-invite-body = you have a seat in the game “{ $game }”. Follow the link below to see the board; you will get an email whenever it is your turn.
mail-turn-subject = Your turn ({ $asked })
mail-turn-body = it is your turn in “{ $game }”.
mail-turn-deadline = Please act by { $when }.
mail-asked = What is asked of you:
mail-asked-choose = choose one of { $n } moves
mail-asked-more = and { $n } more on the page
mail-what-happened = Since your last turn:
# Where the pieces stand, in words (the board for a reader who sees no picture).
mail-places = On the board now:
mail-end-subject = The game is over
mail-end-body = the game “{ $game }” has ended.
mail-reminder-subject = Your turn runs out on { $when }
mail-reminder-body = a reminder: it is still your turn in “{ $game }”, and the deadline is { $when }.
mail-overdue-subject = Your turn is overdue
mail-overdue-body = the deadline for your turn in “{ $game }” passed on { $when }. Please act as soon as you can; the host has been told.
mail-host-subject = { $player } has not acted by the deadline
mail-host-body = in “{ $game }”, { $player } has not acted by the deadline ({ $when }). They have been reminded again. As the host you may pause the game or, if they have left, replace them.
mail-absence-subject = { $player } is away until { $when }
mail-absence-body = { $player } is away until { $when }. Their clock stops meanwhile.
mail-pause-subject = The game is paused
mail-pause-body = the host has paused “{ $game }” until { $when }: no deadline runs meanwhile.
mail-resume-subject = The game goes on
mail-resume-body = the pause of “{ $game }” is over; deadlines run again.
mail-digest-subject = Today’s notices
mail-digest-body = this is your daily digest of “{ $game }”.
mail-digest-list = Notices since the last digest:

## Mail preferences page
mail-prefs-title = Mail from “{ $game }”
mail-prefs-lead = How often should feldpost write to { $player } about this game? The invitation is always sent; the end of the game is sent unless you choose no mail.
mail-pref-every = An email whenever something is asked of me (recommended)
mail-pref-digest = One email a day with that day’s notices
mail-pref-none = No email: I will look at the game page myself
mail-prefs-save = Save
mail-prefs-saved = Saved.
mail-pref-choose = Choose how often feldpost writes to you.
mail-prefs-unsubscribe = Stop all mail about this game
mail-prefs-back = Back to the game
mail-absence-title = Away
mail-absence-lead = Going away? Your clock stops for the days you declare, up to { $left ->
        [one] { $left } more day
       *[other] { $left } more days
    } in this game; the others are told.
mail-absence-days = Days away
mail-absence-declare = Declare absence
mail-absence-until = You are away until { $when }.

## Deadlines on the new-game form and the host page
mail-deadline-legend = Deadline
mail-deadline-help = Leave the hours empty for no deadline. With one, the player is reminded 24 hours before it runs out.
mail-deadline-hours = Hours for each turn
mail-deadline-policy = When it runs out
mail-policy-remind = Remind again and tell the host
mail-policy-skip = Skip the turn where the rules allow it
mail-policy-pause = Pause the game
mail-deadline-absence = Days of absence each player may declare
mail-host-pause-title = Pause
mail-host-pause-hours = Hours
mail-host-pause = Pause the game
mail-host-resume = Resume the game now
mail-host-paused-until = The game is paused until { $when }.
mail-receipt = Receipt: step { $seq } of the game's record has the chain hash { $hash }. Keep this mail: feldpost verify --receipt { $seq }:{ $hash } checks that an export of the game holds it.
mail-rule-subject = You are asked to rule on the dispute about step #{ $against } by { $when }
mail-rule-reminder-subject = The dispute about step #{ $against } still waits for your ruling (until { $when })
mail-rule-body = A player contests step { $against } of “{ $game }”, and the rules make you the one who rules on it. Please rule by { $when }.
mail-rule-reminder-body = The dispute about step #{ $against } of “{ $game }” still waits for your ruling, until { $when }.
mail-rule-claim = The claim: “{ $claim }”
mail-rule-default = If nobody rules by { $when }, the step stands (it is upheld).
mail-rule-link = The dispute, with the game before and after the step:
mail-rule-button = Rule on the dispute
mail-never = Never mail this address again
mail-privacy = Your data on this server
mail-confirm-subject = Confirm that you host “{ $game }”
mail-confirm-body = someone (we hope you) has created the game “{ $game }” on feldpost and given this address as its host's. Once you confirm, { $invited ->
        [0] you are told
        [one] its one player with an address gets an invitation, and you are told
       *[other] its { $invited } players with an address get their invitations, and you are told
    } what the game needs of its host.
mail-confirm-not-you = If it was not you, ignore this mail: nobody will be mailed about the game. To get no mail from us at all, use the last link below.
mail-confirm-link = Confirm that you host the game (the page asks once more):
mail-confirm-button = Confirm

## Moves by reply
mail-commands = To move, reply to this mail with one of these commands as the first line (or just its number):
mail-commands-own-words = To play, reply to this mail with one of these commands as the first line:
mail-commands-one-of = { $command } N, where N is one of { $numbers } (the numbers on the table above)
mail-commands-concede = To concede the game, reply with the word “{ $command }” alone (never a number): there is no way back.
mail-reply-subject = Your reply
mail-reply-changed = What happened:
mail-reply-done = Done: “{ $command }”.
mail-reply-refused = Not done: “{ $command }”. { $reason }
mail-reply-rule = (Rule { $rule }.)
mail-reply-unknown = “{ $command }” is not one of the commands you can send now. Nothing was done.
mail-reply-empty = Your reply had no command in it (quoted lines and your signature are skipped). Nothing was done.
mail-reply-too-much = “{ $extra }” after the command is more than it takes.
mail-reply-number-not-offered = { $number } is the number of none of your choices now.
mail-reply-moved-on = Your reply answered an older mail: the game has moved on since, so nothing of it was done. Here is where it stands now.
mail-reply-finished = The game has ended: nothing more can be done in it.
mail-reply-paused = The game is paused until { $when }: moves wait until then.
mail-reply-wait = Now { $players } must act; you will get a mail when it is your turn again.
mail-reply-no-turn = Nothing is asked of you at the moment; you will get a mail when it is your turn.
mail-reply-stranger-subject = A reply from another address was not taken
mail-reply-stranger = A reply to your mail of this game came from another address, not from your seat's address ({ $seat }). feldpost takes moves by mail only from the seat's own address: nothing was done, and the sender was not answered.
mail-reply-stranger-what = If it was you, send it again from { $seat }, or use your link below. If it was not, someone else has seen one of your turn mails, and its link acts for you: the game's host can give your seat a new link. You hear of such replies at most once every 6 hours.
mail-arg-die = number thrown
mail-arg-dice = dice
mail-arg-word = word
mail-arg-number = number
mail-arg-explanation = explanation
mail-arg-words = words
mail-arg-reason = reason
mail-arg-text = text
mail-arg-path = circles
mail-arg-cell = cell
mail-arg-to = circle
mail-arg-men = men
mail-arg-inner = inner posts
mail-arg-outer = outer posts
mail-arg-empty = { $name }, empty: { $value }

# Mail that comes back (src/play/bounces.rs)
mail-failing-subject = Mail to { $player } does not arrive
mail-failing-body = in “{ $game }”, mail to { $player } ({ $email }) comes back undelivered: { $why }. feldpost sends no more mail to that address, so { $player } is not told when it is their turn.
mail-failing-fix = To go on, give the seat an address that works: on the host page, under “Replace this player”, enter the player's name and the new address (or the same address again, once its mailbox works).
mail-failing-link = The host page:
mail-failing-button = Open the host page
mail-autoreply-subject = Nobody reads this address
mail-autoreply-greeting = Hello,
mail-autoreply-body = this is an automatic answer: mail sent to { $address } is not read by anyone.
mail-autoreply-how = To make a move, reply to the mail that says it is your turn (its reply address knows your game and your seat), or open your game page with the link in that mail. The host of your game can send you your link again.
mail-autoreply-once = You get this answer at most once a day.

## The picture of the board in a mail, and the choice to mail text only
mail-picture-alt = The board after step { $step }, as you may see it.
mail-prefs-text-only = Text only: no picture of the board in my mail
