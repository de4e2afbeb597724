## What people type, refused with the reason (src/input.rs)

field-player-name = Player's name
field-title = Title
field-email = Email address
field-host-email = Host's email address
field-claim = What is wrong
field-reason = Reason
field-deadline-hours = Hours to act
field-remind-hours = Hours before the deadline for the reminder
field-pause-hours = Hours a pause lasts

input-error-empty = “{ $field }” must not be empty.
input-error-invisible = “{ $field }” holds only invisible characters; please type something people can read.
input-error-control = “{ $field }” holds a control character (a line break, a tab or a NUL); please keep it to one line of text.
input-error-too-long = “{ $field }” is longer than { $max } characters.
input-error-email = “{ $field }” is not an email address a mail server would accept.
input-error-time-zone = “{ $zone }” is not a time zone we know. Write its IANA name, such as Europe/Prague or Asia/Vladivostok.
input-error-bidi = “{ $field }” holds a character that turns the text around it (a direction override or isolate); please type the text without it.
input-error-combining = “{ $field }” stacks more than { $max } accents on one letter.
input-error-names-alike = Two players would be taken for one another: “{ $first }” and “{ $second }”. Please tell them apart.
input-error-hours = “{ $field }” must be a whole number of hours from 1 to { $max }.
input-error-absence-budget = At most { $max ->
        [one] { $max } day
       *[other] { $max } days
    } of absence can be allowed.
input-error-absence-none = Declare at least one day of absence.
input-error-absence-left = Only { $left ->
        [one] { $left } day of absence is
       *[other] { $left } days of absence are
    } left in this game.
field-ruling-hours = Hours to rule on a dispute
field-appeal-hours = Hours to vote on an appeal

## What a player types into an action, in a field of the game page or after a command in a
## reply to the turn mail: read the same way in both (src/games/typed.rs), refused with these.
## `field` is the field's label; a text too long is refused with input-error-too-long.
input-typed-missing = Please fill in “{ $field }”.
input-typed-not-a-number = “{ $field }” takes a whole number; “{ $typed }” is not one.
input-typed-out-of-range = “{ $field }” takes a number from { $min } to { $max }, not { $typed }.
input-typed-not-offered = “{ $typed }” is not one of the choices for “{ $field }”.
input-typed-one-place = “{ $field }” takes one place; “{ $typed }” names more than one.
input-typed-throws = “{ $typed }” are not throws of two dice: each throw is two numbers, e.g. 6 6, 2 5.
input-typed-placements = “{ $typed }” are not men and their places: each man’s number comes first, then his place, e.g. 3 17·28, 4 17·29.
