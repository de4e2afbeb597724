# Webhooks (docs/notifications.md): what they say, their page, and the mail when one is paused.
webhook-head = “{ $game }” on feldpost
webhook-step = Step { $seq }: { $what }
webhook-left-out = { $count ->
    [one] …and { $count } earlier step
   *[other] …and { $count } earlier steps
}
webhook-your-turn = It is your turn.
webhook-rule = A dispute about step { $step } waits for your ruling.
webhook-reminder = A reminder: it is still your turn in “{ $game }”, and the deadline is { $when }.
webhook-deadline = A deadline has passed.
webhook-ended = The game has ended: { $outcome }
webhook-test-text = A test message from feldpost for “{ $game }”: this webhook works.
webhook-error-url = That is not a URL a webhook can use.
webhook-error-scheme = Only http:// and https:// URLs are taken.
webhook-error-private = { $host } is an address on a private or local network; webhooks go only to public addresses.
webhook-error-unresolved = { $host } cannot be found.
webhook-error-connect = The receiver could not be reached.
webhook-error-tls = The receiver's secure connection could not be verified.
webhook-error-timeout = The receiver did not answer within 5 seconds.
webhook-error-status = The receiver answered with status { $status }.
webhook-error-too-large = The message is too long for a webhook.
webhook-error-room = For Matrix, give the room's id or alias.
webhook-error-token = For Matrix, give the access token of the account that posts.
webhook-error-too-many = You have as many webhooks in this game as one may have (5). Remove one first.
webhook-error-unknown = There is no such webhook here.
webhook-error-format = Choose a format.
webhooks-link = Webhooks
webhooks-open = Open the webhooks page
webhooks-title-game = Webhooks of “{ $game }”
webhooks-title-seat = Your webhooks in “{ $game }”
webhooks-lead-game = A webhook of the game tells a channel (Discord, Slack, Matrix or a tool of your own) of every step, as a spectator sees it.
webhooks-lead-seat = Your webhook tells you, wherever you are, when it is your turn, when a dispute waits for your ruling, when a deadline passes and when the game ends. It says only what you may see.
webhooks-format = Format
webhooks-target = Where
webhooks-state = State
webhooks-actions = Actions
webhooks-format-discord = Discord
webhooks-format-slack = Slack
webhooks-format-matrix = Matrix
webhooks-format-json = JSON (Standard Webhooks)
webhooks-told = told up to step { $step }
webhooks-failing = { $count ->
    [one] { $count } failed try
   *[other] { $count } failed tries in a row
}; last: { $why }
webhooks-paused-since = paused since { $when } after failing again and again; last: { $why }
webhooks-paused-lead = A webhook stopped working and was paused. Check its receiver, then resume it.
webhooks-test = Send a test
webhooks-resume = Resume
webhooks-remove = Remove
webhooks-add = Add a webhook
webhooks-url = URL (for Matrix: the homeserver's)
webhooks-matrix-only = Matrix only
webhooks-room = Room id or alias
webhooks-token = Access token
webhooks-add-submit = Add
webhooks-added = The webhook is added.
webhooks-secret = Its signing secret, shown only this once (keep it where your tool checks signatures):
webhooks-test-done = The receiver took the test message.
webhooks-test-failed = The test message was not taken: { $why }
webhooks-resumed = The webhook is resumed and is tried again at once.
webhooks-removed = The webhook is removed.
webhooks-back = Back to the game
mail-webhook-paused-subject = A webhook of “{ $game }” is paused
mail-webhook-paused-body = your webhook to { $target } failed { $failures } times in a row (the last time: { $why }), so feldpost has paused it: it is told nothing more until you resume it.
mail-webhook-paused-fix = Check the receiver (is the URL still valid, is the service up?), then resume the webhook on its page; what happened meanwhile is told then.
mail-webhook-paused-link = The webhooks page:
mail-webhook-paused-button = Open the webhooks page

## Browser notifications (Web Push)
webhooks-format-push = Browser notifications
webhook-error-push-keys = The browser sent a push subscription without usable keys; try switching notifications on again.
push-lead = Notifications on this device: feldpost tells this browser when it is your turn or a ruling is yours to give, even with the page closed.
push-on = Notify me on this device
push-off = Stop notifying this device
push-done = This device will be notified.
push-stopped = This device will no longer be notified.
push-denied = The browser refused notifications for this site; allow them in its settings and try again.
push-failed = Notifications could not be switched on here.
push-account-title = Notifications on this device, for all my games
push-account-lead = feldpost tells this browser when it is your turn or a ruling is yours to give in any of your games, those you play now and those you join later, each in that seat's own words. Turning it off here stops it in every game.
push-account-on = This device will be notified for all your games.
push-account-done = Notifications on for { $seats ->
        [one] one seat
       *[other] { $seats } seats
    } now, and for every seat you join later.
