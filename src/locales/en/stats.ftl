# The statistics page (src/web/pages/stats.rs, templates/stats.html).
stats-title = Statistics
stats-link = Statistics: dice, times, counts
stats-back = Back to the game
stats-lead = Everything here is counted from what you may see of the game: what is hidden from you is not counted.
stats-player = Player
stats-team = Team
stats-colour = Colour
stats-count = Count
stats-dice-server = Dice thrown by the server
stats-dice-manual = Dice thrown at the table and typed in
stats-dice-face = Face
stats-dice-count = Thrown
stats-dice-expected = Fair dice give
stats-dice-note = The dashed line marks what fair dice give for each face.
stats-dice-total = { $total ->
    [one] { $total } die thrown.
   *[other] { $total } dice thrown.
}
stats-dice-fair = As fair as dice get (p = { $p }).
stats-dice-unusual = Unusual, p = { $p }.
stats-dice-too-few = Too few throws to say (fewer than { $min }).
stats-times-title = Time taken per turn
stats-times-turns = Turns
stats-times-median = Median
stats-times-longest = Longest
stats-times-note = Dark bar: the median turn; light bar: the longest.
stats-times-none = No turn has ended yet.
stats-days-title = Records per day
stats-days-date = Day (UTC)
stats-days-records = Records
stats-duration-s = { $s } s
stats-duration-min = { $min } min
stats-duration-h = { $h } h { $min } min
stats-duration-d = { $d } d { $h } h
stats-tally-escapes = Escapes
stats-tally-arrests = Men arrested
stats-tally-cards_played = Cards played
stats-tally-clues = Clues given
stats-tally-guesses_right = Right guesses
stats-tally-guesses_wrong = Wrong guesses
stats-tally-still_hidden = Cards still covered, by colour of the key
stats-tally-captures = Captures
stats-tally-prisoners = Prisoners taken
stats-team-red = Red team
stats-team-blue = Blue team
stats-colour-red = Red
stats-colour-blue = Blue
stats-colour-bystander = Bystanders
stats-colour-pursuer = Pursuer
stats-proof-title = Check it yourself
stats-proof-later = While the game goes on, its random seed stays secret. When the game ends the seed is revealed, and anyone can check every die and every draw against the commitment above.
stats-proof-export = Download the game's record
stats-proof-command = and check it with
