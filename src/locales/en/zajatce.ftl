# Na zajatce ("Taking prisoners"): messages of the rules engine and the board picture.
# Field numbers are 1–40, as on the board.

## Seats and colours

zajatce-colour-red = Red
zajatce-colour-blue = Blue
zajatce-colour-green = Green
zajatce-colour-yellow = Yellow

## Events (the game's history)

zajatce-event-started = { $player } goes first. Every player has one stone on their start field; the other four wait in reserve.
zajatce-event-rolled = { $player } threw { $die }.
zajatce-event-entered = { $player } brought stone { $stone } into play on their start field ({ $field }).
zajatce-event-moved = { $player } moved stone { $stone } { $steps ->
        [one] one field
       *[other] { $steps } fields
    } { $direction ->
        [backward] back
       *[forward] forward
    }, from field { $from } to field { $to }.
zajatce-event-left-group = { $player }'s stone { $stone } left its group and went { $steps ->
        [one] one field
       *[other] { $steps } fields
    } { $direction ->
        [backward] back
       *[forward] forward
    } on its own, from field { $from } to field { $to }.
zajatce-event-captured = { $player }'s stone { $stone } took { $taken ->
        [one] one prisoner
       *[other] { $taken } prisoners
    } on field { $field }{ $freed ->
        [0] .
        [one] { "" } and freed one of { $player }'s own stones.
       *[other] { "" } and freed { $freed } of { $player }'s own stones.
    }
zajatce-event-came-home = { $player }'s stone { $stone } turned home, left { $prisoners ->
        [one] one prisoner
       *[other] { $prisoners } prisoners
    } in the camp and went back to the reserve{ $members ->
        [0] .
        [one] , together with one freed stone.
       *[other] , together with { $members } freed stones.
    }
zajatce-event-no-move = { $player } cannot use the { $die }; the turn passes.
zajatce-event-eliminated = { $player } has no free stone left and is out of the game.
zajatce-event-conceded = { $player } concedes and leaves the game: { $stones ->
        [0] no stone of theirs was on the board
        [one] their stone leaves the board
       *[other] their { $stones } stones leave the board
    }{ $freed ->
        [0] .
        [one] , and the prisoner it led goes home to its owner's reserve.
       *[other] , and the { $freed } prisoners they led go home to their owners' reserves.
    }
zajatce-event-backward-phase = Every player still in the game has only one free stone: from now on stones may also move backwards.
zajatce-event-throws-again = { $player } threw a six and throws again.
zajatce-event-next-turn = It is { $player }'s turn.
zajatce-event-carried-home = At the end, { $player }'s stone { $stone } carries { $prisoners ->
        [one] its prisoner
       *[other] its { $prisoners } prisoners
    } straight to the camp.
zajatce-event-ended = { $reason ->
        [quiet-limit] Too many throws went by without a capture or a homecoming: the game is over.
        [throw-limit] The game has reached its throw limit and is over.
        [conceded] Every other player conceded: the game is over.
       *[last-player] Only one player has free stones left: the game is over.
    }

## Actions (buttons)

zajatce-action-roll = Throw the die
zajatce-action-concede = Concede the game
zajatce-action-roll-manual = Enter the number you threw
zajatce-action-roll-typed = Report a throw of { $die }
zajatce-action-enter = Bring a new stone onto your start field ({ $field }){ $taken ->
        [0] { "" }
        [one] , capturing one stone
       *[other] , capturing { $taken } stones
    }
zajatce-action-enter-any = Bring a new stone into play
zajatce-action-home = Take stone { $stone } home with { $prisoners ->
        [one] its prisoner
       *[other] its { $prisoners } prisoners
    }
zajatce-action-move = Move stone { $stone } { $direction ->
        [backward] back
       *[forward] forward
    } to field { $to }{ $taken ->
        [0] { "" }
        [one] , capturing one stone
       *[other] , capturing { $taken } stones
    }
zajatce-action-leave = Stone { $stone } leaves its group, { $direction ->
        [backward] back
       *[forward] forward
    } to field { $to }{ $taken ->
        [0] { "" }
        [one] , capturing one stone
       *[other] , capturing { $taken } stones
    }
zajatce-action-stone = Move stone { $stone } { $direction ->
        [backward] back
       *[forward] forward
    }

## The outcome

zajatce-outcome-no-winner = Nobody still in the game holds a prisoner, so nobody wins.
zajatce-outcome-conceded = { $winner } wins: every other player conceded ({ $prisoners ->
        [one] one prisoner
       *[other] { $prisoners } prisoners
    } in the camp).
zajatce-outcome-winner = { $winner } wins with { $prisoners ->
        [one] one prisoner
       *[other] { $prisoners } prisoners
    }.
zajatce-outcome-shared-two = { $first } and { $second } share the win with { $prisoners } prisoners each.
zajatce-outcome-shared-three = { $first }, { $second } and { $third } share the win with { $prisoners } prisoners each.
zajatce-outcome-shared-four = { $first }, { $second }, { $third } and { $fourth } share the win with { $prisoners } prisoners each.

## Refusals

zajatce-refusal-seats = Na zajatce is played by two to four players, not { $seats }.
zajatce-refusal-throw-limit = The throw limit must be at least one throw.
zajatce-refusal-throw-first = Throw the die first.
zajatce-refusal-move-first = You threw { $die }: use it before you throw again.
zajatce-refusal-game-over = The game is over.
zajatce-refusal-not-started = The game has not started yet.
zajatce-refusal-eliminated = { $player } has no free stone left, has lost and is out of the game.
zajatce-refusal-conceded = { $player } has conceded and is out of the game.
zajatce-refusal-not-your-turn = It is { $player }'s turn.
zajatce-refusal-die-by-server = In this game the server throws the die: send the throw without a number.
zajatce-refusal-die-missing = This game is played with real dice: enter the number you threw.
zajatce-refusal-die-range = A die shows 1 to 6, not { $die }.
zajatce-refusal-enter-needs-six = A new stone comes into play only on a six, and you threw { $die }.
zajatce-refusal-reserve-empty = You have no stone in reserve.
zajatce-refusal-not-your-stone = Stone { $stone } is { $owner }'s: you move only your own stones.
zajatce-refusal-no-such-stone = Stones are numbered 1 to { $stones }: there is no stone { $stone }.
zajatce-refusal-stone-in-reserve = Stone { $stone } waits in reserve: it comes into play only on a six, and you threw { $die }.
zajatce-refusal-stone-in-camp = Stone { $stone } is a prisoner in { $owner }'s camp and never moves again.
zajatce-refusal-prisoner = Stone { $stone } is a prisoner of { $captor }'s stone { $leader }: it goes only where its captor goes.
zajatce-refusal-member-must-leave = Stone { $stone } rides with the group of your stone { $leader }: move stone { $leader } to take the group along, or let stone { $stone } leave the group to move alone.
zajatce-refusal-leader-cannot-leave = Stone { $stone } leads its group and cannot leave { $prisoners ->
        [0] it
        [one] its prisoner
       *[other] its { $prisoners } prisoners
    } behind: move it, and the group comes along.
zajatce-refusal-backward-not-yet = Stones may move backwards only once every player still in the game has just one free stone.
zajatce-refusal-no-such-player = There is no player { $seat } at this table.
zajatce-refusal-stone-in-reserve-enter = Stone { $stone } waits in reserve: to use your six for it, bring a new stone into play (the lowest-numbered one comes in).
zajatce-refusal-not-in-group = Stone { $stone } is not in a group, so there is nothing for it to leave: move it instead.

## The board picture

zajatce-board-title = Na zajatce board
zajatce-field = Field { $field }
zajatce-start-field = Field { $field }: { $player }'s start field
zajatce-camp = { $player }'s camp: { $prisoners ->
        [one] one prisoner
       *[other] { $prisoners } prisoners
    }
zajatce-reserve = { $player }'s reserve: { $stones ->
        [one] one stone
       *[other] { $stones } stones
    }
zajatce-stone = { $colour ->
        [red] Red
        [blue] Blue
        [green] Green
       *[yellow] Yellow
    } stone { $number }
zajatce-group = { $colour ->
        [red] Red
        [blue] Blue
        [green] Green
       *[yellow] Yellow
    } stone { $number } leading { $prisoners ->
        [one] one prisoner
       *[other] { $prisoners } prisoners
    }{ $members ->
        [0] { "" }
        [one] , with one freed stone
       *[other] , with { $members } freed stones
    }
zajatce-last-throw = Last throw: { $player } threw { $die }
zajatce-seat-out = { $player } (out)
zajatce-score = Prisoners: { $camp }
zajatce-score-led = +{ $led } on the way

## The new-game form
zajatce-opt-throw-again-on-six = A six earns another throw
zajatce-opt-manual-dice = Manual dice: players throw real dice and type the result
zajatce-opt-quiet-limit = Throws without a capture that end the game
zajatce-opt-throw-limit = Throws that end any game

## The game on the home page
zajatce-name = Na zajatce
zajatce-about = A capture game on the Ludo board: land on enemy stones to take them prisoner and march them home. 2–4 players.

## Commands in a reply to the turn mail (one word each; "move 2 back")
zajatce-cmd-throw = throw
zajatce-cmd-enter = enter
zajatce-cmd-move = move
zajatce-cmd-leave = leave
zajatce-cmd-back = back
zajatce-cmd-concede = concede
zajatce-last-step-from = { $player }’s last move left this field
zajatce-last-step-to = { $player }’s last move came here
zajatce-confirm-concede = Concede the game? Your stones leave the board, the prisoners they lead go home to their owners, and you play no more. This cannot be taken back.

## A position carried over from a real table (Z19)
zajatce-event-position-entered = The players entered the position from their table; { $player } throws next.
zajatce-position-stone-unknown = There is no stone { $number } of { $seat } in this game.
zajatce-position-stone-twice = Stone { $number } of { $seat } is named in two places.
zajatce-position-field-unknown = Stone { $number } of { $seat }: field { $field } is not on the track (fields 1 to 40).
zajatce-position-leader-not-on-track = Stone { $number } of { $seat } rides with a stone that does not stand on the track.
zajatce-position-camp-wrong = Stone { $number } of { $seat } can only be in the camp of another player of this game.
zajatce-position-field-shared = Stones of two colours on field { $field }: the one that arrived last would have taken the other prisoner.
zajatce-position-over = Only one player would have a free stone left: that game is over already.
zajatce-position-to-move = The player to throw next must be in the game and have a free stone.
zajatce-position-stones-of = Stones of { $player }
zajatce-position-throws = { $player } throws
zajatce-position-stone = Stone { $number } of { $player }
zajatce-position-line = { $stone }: { $place }
zajatce-position-in-reserve = In reserve
zajatce-position-on-field-group = On the track
zajatce-position-on-field = Field { $field }
zajatce-position-with-group = In a group, with
zajatce-position-with = with { $stone }
zajatce-position-camp-group = A prisoner in a camp
zajatce-position-in-camp = in the camp of { $player }
zajatce-position-to-move-label = Throws next
zajatce-position-backward-label = Stones already move backwards too (rule Z12 had begun)
zajatce-position-form-unreadable = The form sent a place it does not offer.
# A turn mail's board in words (one line a group of stones, then one a player).
zajatce-mail-unit = { $player }'s stone { $stone } is on field { $field }{ $members ->
        [0] {""}
        [one] , with stone { $with }
       *[other] , with stones { $with }
    }{ $prisoners ->
        [0] {""}
        [one] , leading one prisoner
       *[other] , leading { $prisoners } prisoners
    }.
zajatce-mail-seat = { $player }: { $reserve ->
        [0] no stone
        [one] one stone
       *[other] { $reserve } stones
    } in reserve, { $camp ->
        [0] no prisoner
        [one] one prisoner
       *[other] { $camp } prisoners
    } in the camp.
zajatce-mail-out = { $player } is out of the game; { $camp ->
        [0] no prisoner
        [one] one prisoner
       *[other] { $camp } prisoners
    } in the camp.
