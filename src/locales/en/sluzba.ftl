# Služba v ilegalitě (a Czech variant of Codenames): English messages.
# Ids match the engine (crates/engine/src/sluzba); arguments: $seat is a player, $team, $colour,
# $channel, $phase and $reason are translated message ids, $number is a count or "infinity".

## Teams, colours, channels, phases

sluzba-team-red = the red team
sluzba-team-blue = the blue team
sluzba-colour-red = red team
sluzba-colour-blue = blue team
sluzba-colour-bystander = bystander
sluzba-colour-pursuer = the pursuer
sluzba-channel-red-team = red team chat
sluzba-channel-blue-team = blue team chat
sluzba-channel-coordinators = coordinators' chat
sluzba-number-infinity = infinity
sluzba-phase-setup = the game being set up
sluzba-phase-choosing = the coordinators choosing the words
sluzba-phase-clue = a clue
sluzba-phase-approval = an answer to a request for approval
sluzba-phase-guessing = the team's guesses
sluzba-phase-fictitious = a card of the fictitious team to be covered

## Seats

sluzba-seat-red-coordinator = Red coordinator
sluzba-seat-blue-coordinator = Blue coordinator
sluzba-seat-red-member = Red member { $n }
sluzba-seat-blue-member = Blue member { $n }
sluzba-seat-shared-member = Guesser { $n } (both teams)

## Events

sluzba-event-key-drawn = The secret key has been drawn. Its commitment (SHA-256): { $commitment }.
sluzba-event-key-drawn-secret = The secret key has been drawn: { $key }. Its commitment (SHA-256): { $commitment }.
sluzba-event-words-chosen = { $seat } chose { $count ->
        [one] one word
       *[other] { $count } words
    }: { $words }.
sluzba-event-words-dealt = { $count ->
        [one] One word was
       *[other] { $count } words were
    } dealt at random for { $seat }: { $words }.
sluzba-event-grid-laid = The { $count } word cards are on the table. The red team begins.
sluzba-event-approval-requested = { $seat } asked the other coordinator to approve a clue.
sluzba-event-approval-requested-word = { $seat } asked the other coordinator to approve the clue “{ $word }”.
sluzba-event-approved = { $seat } approved the clue.
sluzba-event-approved-word = { $seat } approved the clue “{ $word }”.
sluzba-event-rejected = { $seat } did not approve the clue.
sluzba-event-rejected-word = { $seat } did not approve the clue “{ $word }”.
sluzba-event-approval-withdrawn = { $seat } withdrew the request for approval.
sluzba-event-approval-lapsed = The request for approval went unanswered before its deadline; the clue is neither approved nor rejected.
sluzba-event-clue = { $seat } gave { $team } the clue “{ $word }”, { $number }.{ $approved ->
        [1] {" "}It was approved beforehand.
       *[0] {""}
    }{ $warnings ->
        [0] {""}
        [one] {" "}The engine flagged one possible problem.
       *[other] {" "}The engine flagged { $warnings } possible problems.
    }
sluzba-event-clue-explained = { $seat } gave { $team } the clue “{ $word }”, { $number }, with the explanation: { $explanation }.{ $approved ->
        [1] {" "}It was approved beforehand.
       *[0] {""}
    }{ $warnings ->
        [0] {""}
        [one] {" "}The engine flagged one possible problem.
       *[other] {" "}The engine flagged { $warnings } possible problems.
    }
sluzba-event-guessed = { $seat } touched “{ $word }”: { $colour }.
sluzba-event-stopped = { $seat } stopped guessing for { $team }.
sluzba-event-ruled-invalid = { $seat } ruled the clue “{ $word }” of { $team } invalid.
sluzba-event-ruled-invalid-reason = { $seat } ruled the clue “{ $word }” of { $team } invalid: { $reason }
sluzba-event-clue-found-invalid = { $by } found the clue “{ $word }” of { $team } invalid on a dispute; the cards touched on it stay covered.
sluzba-remedy-clue-invalid = The clue of that step was invalid: mark it so and end its turn now if it is still on (rule S13); nothing is taken back, the cards touched on it stay covered
sluzba-refusal-no-such-clue = There is no such clue.
sluzba-refusal-clue-already-invalid = That clue has already been ruled invalid.
sluzba-event-turn-ended = The turn of { $team } is over ({ $reason }).
sluzba-event-fictitious-covered = { $seat } covered “{ $word }” for the fictitious team.
sluzba-event-fictitious-covered-deadline = The deadline passed: “{ $word }” was covered for the fictitious team at random.
sluzba-event-chat = { $seat } in the { $channel }: { $text }
sluzba-event-ended-all-covered = Every card of { $team } is covered. The winner is { $winner }.
sluzba-event-ended-pursuer = The pursuer was touched by { $team }, which loses the game. The winner is { $winner }.
sluzba-event-conceded = { $seat } concedes the game for { $team }.
sluzba-event-ended-conceded = { $team } conceded and loses the game. The winner is { $winner }.
sluzba-event-key-revealed = The secret key is revealed: { $key } (salt { $salt }). Anyone can check it against the commitment.

## Why a turn ended

sluzba-turn-end-stopped = the team stopped
sluzba-turn-end-wrong-card = a wrong card was touched
sluzba-turn-end-guesses-used = every allowed guess was made
sluzba-turn-end-clue-invalid = the clue was ruled invalid
sluzba-turn-end-deadline = the deadline passed

## Warnings shown with a clue

sluzba-warning-shared-root = “{ $clue }” may share a word root with “{ $word }” on the table. The other coordinator may rule the clue invalid.
sluzba-warning-rhyme = “{ $clue }” may rhyme with “{ $word }” on the table; rhymes are not allowed at this table.
sluzba-warning-number-like = “{ $clue }” looks as if it contains its number.

## Actions

sluzba-action-choose-words = Choose words
sluzba-action-choose-these-words = Choose { $count ->
        [one] this word
       *[other] these { $count } words
    }: { $words }
sluzba-action-deal-rest = Deal my remaining words at random
sluzba-action-ask-approval = Ask the other coordinator to approve a clue
sluzba-action-approve = Approve the clue
sluzba-action-reject = Do not approve the clue
sluzba-action-withdraw-request = Withdraw the request
sluzba-action-give-clue = Give a clue
sluzba-action-give-clue-word = Give the clue “{ $word }”, { $number }
sluzba-action-guess = Touch “{ $word }”
sluzba-action-stop = Stop guessing
sluzba-action-rule-invalid = Rule the clue “{ $word }” invalid
sluzba-action-cover-fictitious = Cover “{ $word }” for the fictitious team
sluzba-action-chat = Write in the { $channel }
sluzba-page-actions-lead = Guess a card by tapping it on the table. The chat in this panel is the game’s own channel: only those it names read it, and it stays in the game’s record. Table talk, at the foot of the page, is read by everyone at the table.
sluzba-action-concede = Concede the game for your team

## Results

sluzba-outcome-all-covered = Won by { $team }: all its cards are covered (uncovered cards left: red { $red_left }, blue { $blue_left }).
sluzba-outcome-pursuer = Won by { $winner }: the pursuer was touched by { $team }.
sluzba-outcome-one-team-won = The team found all nine of its cards with { $fictitious_left } of the fictitious team's cards still uncovered.
sluzba-outcome-fictitious-won = The fictitious team's eighth card was covered; the team still had { $red_left } to find.
sluzba-outcome-one-team-pursuer = The team touched the pursuer with { $red_left } of its cards still to find.
sluzba-outcome-conceded = Won by { $winner }: { $team } conceded.
sluzba-outcome-one-team-conceded = The team conceded with { $red_left } of its cards still to find.

## Refusals

sluzba-refusal-seat-count = This table takes { $min } to { $max } players, not { $seats }.
sluzba-refusal-one-red-coordinator = The red team needs exactly one coordinator.
sluzba-refusal-one-blue-coordinator = The blue team needs exactly one coordinator.
sluzba-refusal-red-members = The red team needs at least one member besides its coordinator.
sluzba-refusal-blue-members = The blue team needs at least one member besides its coordinator.
sluzba-refusal-shared-member-only-three = A guesser for both teams exists only in the three-player game.
sluzba-refusal-shared-member-needed = The three-player game needs a guesser for both teams.
sluzba-refusal-three-players-team-members = In the three-player game, the guesser plays for both teams; no seat may be a member of one team.
sluzba-refusal-one-team-no-blue = In the one-team game the blue team is fictitious: no seat may belong to it.
sluzba-refusal-no-such-seat = This seat is not at the table.
sluzba-refusal-game-over = The game is over.
sluzba-refusal-shared-member-concedes = You guess for both teams, so you have no side to give up: a coordinator concedes for a team.
sluzba-refusal-wrong-phase = That is not possible now: the game is waiting for { $phase }.
sluzba-refusal-coordinator-silent = A coordinator may not write in the team chat: no hints beyond the clue.
sluzba-refusal-not-in-channel = You do not belong to the { $channel }.
sluzba-refusal-chat-empty = The message is empty.
sluzba-refusal-chat-too-long = A message may have at most { $max } characters.
sluzba-refusal-no-picks-left = You have no words left to choose.
sluzba-refusal-no-words = Choose at least one word.
sluzba-refusal-too-many-words = You may choose only { $left } more { $left ->
        [one] word
       *[other] words
    }.
sluzba-refusal-not-in-deck = “{ $word }” is not a word of this deck.
sluzba-refusal-card-taken = The card with “{ $word }” has already been chosen.
sluzba-refusal-not-your-clue = Only the coordinator of the team in turn gives the clue.
sluzba-refusal-clue-empty = A clue needs a word.
sluzba-refusal-clue-too-long = A clue may have at most { $max } characters.
sluzba-refusal-clue-one-word = The clue must be a single word.
sluzba-refusal-clue-characters = A clue may contain only letters, digits, hyphens, apostrophes and full stops, not “{ $character }”.
sluzba-refusal-explanation-not-allowed = Explanations with the clue are allowed only in the easier game.
sluzba-refusal-explanation-too-long = An explanation may have at most { $max } characters.
sluzba-refusal-explanation-characters = An explanation must be a single line of text.
sluzba-refusal-number-range = The number of a clue is 0 to { $max } or infinity.
sluzba-refusal-clue-on-table = “{ $word }” lies uncovered on the table, so it cannot be (part of) the clue.
sluzba-refusal-clue-contains-number = The number may not be part of the clue.
sluzba-refusal-no-other-coordinator = There is no other coordinator at this table to ask.
sluzba-refusal-already-answered = The other coordinator has already answered this clue in this turn.
sluzba-refusal-not-asked = Only the other team's coordinator answers a request for approval.
sluzba-refusal-not-your-request = Only the coordinator who asked may withdraw the request.
sluzba-refusal-clue-rejected = The other coordinator did not approve this clue in this turn.
sluzba-refusal-not-your-guess = Only the members of the team in turn guess.
sluzba-refusal-no-such-card = There is no card number { $card }.
sluzba-refusal-card-covered = “{ $word }” is already covered.
sluzba-refusal-guess-first = The team must guess at least once before it stops.
sluzba-refusal-not-the-other-coordinator = Only the other team's coordinator may rule a clue invalid.
sluzba-refusal-clue-approved = This clue was approved beforehand, so it is valid.
sluzba-refusal-reason-too-long = A reason must be one line of at most { $max } characters.
sluzba-refusal-not-your-cover = Only the coordinator covers the fictitious team's cards.
sluzba-refusal-not-fictitious-card = “{ $word }” is not a card of the fictitious team.

## The new-game form, the table drawing and the notes beside it
sluzba-name = Služba v ilegalitě
sluzba-about = Two teams of resistance agents, two coordinators who know the secret key, 25 code words: find your own agents from one-word clues before you meet the pursuer. 2 to 40 players: two teams from four, three players, or one team against a fictitious one from two.
sluzba-new-help = Seats decide the roles: the first player is the red coordinator, the second the blue coordinator; the rest are members, red and blue in turn (three players: one guesser for both teams; one-team game: the first player coordinates, everyone else guesses).
sluzba-opt-table = Table
sluzba-opt-table-two-teams = Two teams
sluzba-opt-table-three-players = Three players (one guesser for both teams)
sluzba-opt-table-one-team = One team against a fictitious team
sluzba-opt-deck = Word cards
sluzba-opt-deck-czech = Czech
sluzba-opt-deck-english = English
sluzba-opt-deck-czech-themed = Czech, themed (spirit, maps, time)
sluzba-opt-strict-clues = Strict clues: one word, without its number
sluzba-opt-easier = Easier: explanations allowed, coordinators choose the words
sluzba-opt-rhymes-allowed = Rhymes allowed
sluzba-opt-homophones-by-sound = Words that sound alike count as the same word
sluzba-input-word = Clue
sluzba-input-number = Number
sluzba-input-explanation = Explanation (optional)
sluzba-input-words = Words (separated by commas)
sluzba-input-reason = Reason (optional)
sluzba-board-title = The table of code words
sluzba-board-card = Card
sluzba-board-last = touched last
sluzba-board-left = Still to find: red { $red }, blue { $blue }
sluzba-board-guesses-made = { $made ->
        [0] no guess made yet
        [one] { $made } guess made
       *[other] { $made } guesses made
    }
sluzba-board-guesses-left = { $left ->
        [one] { $left } guess left
       *[other] { $left } guesses left
    }
sluzba-board-not-laid = The cards are not on the table yet.
sluzba-board-clue = Clue for { $team }:
sluzba-board-clue-word = “{ $word }”
sluzba-commitment = Seed commitment (SHA-256; the deal and the secret key are drawn from this seed):
sluzba-note-clues = Clues
sluzba-note-clue = { $seat }: “{ $word }” { $number } ({ $guessed } found)
sluzba-note-clue-invalid = { $seat }: “{ $word }” { $number }, ruled invalid
sluzba-note-approval = Clue waiting for approval
sluzba-note-approval-draft = “{ $word }”
sluzba-note-chat-line = { $seat }: { $text }
sluzba-number-choose = — choose the number —
sluzba-confirm-guess = Touch card { $card }, “{ $word }”? A guess cannot be taken back.
sluzba-confirm-concede = Concede the game for your team? Your team loses at once, the game ends for everyone and the key is shown. This cannot be taken back.

## Commands in a reply to the turn mail ("clue ANIMAL 2", "guess 7" or "guess DOG")
sluzba-cmd-choose = choose
sluzba-cmd-deal = deal
sluzba-cmd-ask = ask
sluzba-cmd-approve = approve
sluzba-cmd-reject = reject
sluzba-cmd-withdraw = withdraw
sluzba-cmd-clue = clue
sluzba-cmd-guess = guess
sluzba-cmd-stop = stop
sluzba-cmd-invalid = invalid
sluzba-cmd-cover = cover
sluzba-cmd-chat = say
sluzba-cmd-chat-team = team
sluzba-cmd-chat-coordinators = coordinators
sluzba-cmd-concede = concede

## The table in a mail, and replies that name a card
sluzba-mail-board = The table (each card: its number and colour mark, its word below):
sluzba-mail-legend = Marks: R red team, B blue team, N bystander, P the pursuer, ? colour not known to you; in brackets, a covered card: [R].
sluzba-mail-mark-red = R
sluzba-mail-mark-blue = B
sluzba-mail-mark-bystander = N
sluzba-mail-mark-pursuer = P
sluzba-mail-mark-open = ?
sluzba-mail-mark-covered = [{ $mark }]
sluzba-mail-says-open = colour not known to you
sluzba-mail-says-covered = covered: { $colour }
sluzba-mail-commands = To play, reply to this mail with one of these commands as the first line. A card is named by its number on the table above (1 to 25, row by row), never by the place of a line in this list: “guess 7” or just “7” touches card 7, and so does the card's word alone, in any case, with or without diacritics.
sluzba-mail-no-card = There is no card { $card }: the cards are numbered 1 to { $count }, row by row.
sluzba-mail-card-covered = Card { $card }, “{ $word }”, is already covered.
sluzba-mail-card-not-offered = Card { $card }, “{ $word }”, is not among your choices now.
# A position carried over from a real table (rule A5, docs/positions.md).
sluzba-event-position-entered = The position from the table: { $count ->
        [one] one card already covered
       *[other] { $count } cards already covered
    }; { $team } gives the next clue. The key card is entered by a coordinator.
sluzba-event-position-entered-key-drawn = The position from the table: { $count ->
        [one] one card already covered
       *[other] { $count } cards already covered
    }; { $team } gives the next clue. The table used no key card: the server draws one.
sluzba-event-key-entered = { $seat } entered the table's key card. Its commitment (SHA-256): { $commitment }.
sluzba-event-key-entered-secret = { $seat } entered the table's key card: { $key }. Its commitment (SHA-256): { $commitment }.
sluzba-position-words-needed = The grid has no words yet: enter the table's 25 words (rule A5).
sluzba-position-words-count = The grid has 25 words, one per card; { $count } were entered (rule A5).
sluzba-position-word-bad = The word of card { $card } must be one word of at most 40 letters (rule A5).
sluzba-position-word-twice = The word of card { $card } is already on the grid (rule A5).
sluzba-position-card-unknown = There is no card { $card }: the cards are numbered 1 to 25, row by row (rule A5).
sluzba-position-card-twice = Card { $card } is entered twice (rule A5).
sluzba-position-pursuer-covered = The pursuer has been touched: that game is over and cannot go on (rules S18, A5).
sluzba-position-team-done = Every card of { $team } is covered: that game is over and cannot go on (rules S19, A5).
sluzba-position-too-many = No key card has more than { $max } cards of { $colour } (rules S3, A5).
sluzba-position-key-invalid = That is no key card: a key has 25 cards, row by row, 9 red, 8 blue, 7 bystanders and 1 pursuer (rules S3, A5).
sluzba-position-key-disagrees = The key card does not match the table: card { $card } was covered with another colour (rule A5).
sluzba-position-key-not-coordinator = Only a coordinator enters the key card (rule A5).
sluzba-position-key-before-table = The host has not entered the table yet: the key card is checked against it (rule A5).
sluzba-position-key-drawn = The table used no key card, so the server drew one: there is nothing to enter (rule A5).
sluzba-position-key-in-play = Play has begun: the key card can no longer be entered (rule A5).
sluzba-position-form-incomplete = Choose a colour for every card, and the team to move.
sluzba-position-card = { $card }. { $word }
sluzba-position-words = The table's 25 words, row by row, one per line
sluzba-position-words-help = Left as they are, the words the server laid stay. Card numbers below count the grid row by row.
sluzba-position-covered = Cards already covered at the table, and with what
sluzba-position-open = not covered
sluzba-position-to-move = Gives the next clue
sluzba-position-draw-key = The table used no key card: draw one
sluzba-position-draw-key-help = Otherwise a coordinator enters the table's key card privately on their own page; you never see it.
sluzba-position-key-legend = The table's key card
sluzba-position-key-help = Only the coordinators see this. Give each card its colour on the key card; the covered ones are filled in. The other coordinator checks it on their page.
