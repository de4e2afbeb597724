# Times in a person's own time zone (Tr::deadline), the calendar feeds and the time zone setting.

time-in-zone = { $weekday } { $day } { $month } { $year }, { $time } ({ $zone })
time-in-utc = { $weekday } { $day } { $month } { $year }, { $time } UTC
weekday-1 = Monday
weekday-2 = Tuesday
weekday-3 = Wednesday
weekday-4 = Thursday
weekday-5 = Friday
weekday-6 = Saturday
weekday-7 = Sunday
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December

calendar-name-seat = feldpost: { $game } ({ $player })
calendar-name-account = feldpost: my games
calendar-turn-summary = Your turn in “{ $game }”
calendar-turn-description = It is your turn in “{ $game }”. Act by this time; the link below opens your page of the game.
calendar-ruling-summary = Rule on the dispute about step #{ $against } in “{ $game }”
calendar-ruling-description = A player contests step #{ $against } of “{ $game }”, and you are the one who rules on it. If nobody rules by this time, the step stands.

calendar-title = Calendar
calendar-lead-seat = Your deadlines in this game and the rulings you owe, as a calendar: add this address to your calendar app as a subscription (“from URL”), and it follows each deadline as it moves.
calendar-lead-account = The deadlines of all your games and the rulings you owe, as one calendar: add this address to your calendar app as a subscription (“from URL”), and it follows each deadline as it moves.
calendar-private = Keep it to yourself: whoever has this address sees your deadlines and can open your pages of these games. If it got out, make a new one; the old address stops working at once.
calendar-renew = Make a new calendar address
calendar-renewed = Here is a new calendar address; the old one no longer works.

time-zone-title = Time zone
time-zone-lead-seat = Deadlines in the mail of this game are stated in this time zone. Leave it empty to use your account's time zone, or else UTC.
time-zone-lead-account = Deadlines in the mail of your games are stated in this time zone, unless a game sets its own. Leave it empty for UTC.
time-zone-label = Time zone (such as Europe/Prague)
time-zone-save = Save the time zone
time-zone-now = Deadlines are now stated in { $zone }.
time-zone-now-utc = Deadlines are now stated in UTC.
time-zone-saved = Saved: deadlines are now stated in { $zone }.
time-zone-cleared = Saved: no time zone of its own.
