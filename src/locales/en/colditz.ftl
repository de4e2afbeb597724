# Escape from Colditz: the rules engine's words (cards, seats, events, refusals, actions).
# Card texts are our own summaries of the cards' effects.

colditz-seat-german = German Security Officer
colditz-seat-american = American Escape Officer (blue)
colditz-seat-british = British Escape Officer (red)
colditz-seat-dutch = Dutch Escape Officer (orange)
colditz-seat-french = French Escape Officer (brown)
colditz-seat-polish = Polish Escape Officer (green)
colditz-card-rope = Rope
colditz-card-rope-text = Thirty feet of rope made of bed linen: down from a window or over a wall where the board shows a drop (30 takes one card, 60 two).
colditz-card-key = Key
colditz-card-key-text = A home-made key: lets a man through a door marked KEY. Given up when used.
colditz-card-pass = Pass
colditz-card-pass-text = A forged pass: lets a man through a guarded gate marked PASS. Given up when used.
colditz-card-wire-cutters = Wire Cutters
colditz-card-wire-cutters-text = Cutters made from window frames: cross the wire between two circles facing each other across it.
colditz-card-kit = Personal Civilian Escape Kit
colditz-card-kit-text = Disguise, compass, food, documents, maps and money: without it no escape succeeds. Held for the whole game, never surrendered, one per team.
colditz-card-exchange-rope = Exchange for Rope
colditz-card-exchange-rope-text = Exchange this card in your turn for one Rope card.
colditz-card-exchange-key = Exchange for a Key
colditz-card-exchange-key-text = Exchange this card in your turn for one Key card.
colditz-card-exchange-pass = Exchange for a Pass
colditz-card-exchange-pass-text = Exchange this card in your turn for one Pass card.
colditz-card-exchange-wire-cutters = Exchange for Wire Cutters
colditz-card-exchange-wire-cutters-text = Exchange this card in your turn for one Wire Cutters card.
colditz-card-kit-part-compass-food = Kit part: compass and food
colditz-card-kit-part-compass-food-text = Counts as the compass and the food of the Escape Kit when you claim it.
colditz-card-kit-part-documents-clothing = Kit part: documents and clothing
colditz-card-kit-part-documents-clothing-text = Counts as the documents (maps, money) and the disguise of the Escape Kit when you claim it.
colditz-card-release = Release from Solitary
colditz-card-release-text = In your turn one of your men leaves his cell for the circle outside its door, or the nearest free circle.
colditz-card-diversion = Diversion
colditz-card-diversion-text = Choose one guard on the board: he goes directly back to barracks.
colditz-card-inspection = High Command Inspection
colditz-card-inspection-text = Choose two guards on the board: they go directly back to barracks.
colditz-card-advance-warning = Advance Warning of Appel and Search
colditz-card-advance-warning-text = Played when Appel or a Search is called: any of your men go directly to free safe circles.
colditz-card-bribe = Bribe a Guard
colditz-card-bribe-text = Take any two Escape Equipment cards of your choice.
colditz-card-sabotage = Sabotage
colditz-card-sabotage-text = The German returns two of his Security cards to the bottom of the pack and draws only one.
colditz-card-hideaway = Hideaway
colditz-card-hideaway-text = Played at a search or an arrest: nothing of yours is confiscated.
colditz-card-tunnel-chapel = Tunnel (Chapel)
colditz-card-tunnel-chapel-text = Shown when played: the Chapel tunnel is in use, for men of any nation; at least two must stay in it. Kept until the tunnel is detected or you return it.
colditz-card-tunnel-canteen = Tunnel (Canteen)
colditz-card-tunnel-canteen-text = Shown when played: the Canteen tunnel is in use, for men of any nation; at least two must stay in it. Kept until the tunnel is detected or you return it.
colditz-card-tunnel-theatre = Tunnel (Theatre)
colditz-card-tunnel-theatre-text = Shown when played: the Theatre tunnel is in use, for men of any nation; at least two must stay in it. Kept until the tunnel is detected or you return it.
colditz-card-staff-car = Staff Car
colditz-card-staff-car-text = A man who reaches the car's circles plays it: he throws six times (doubles again) and drives out through the main gate; short of a target, solitary.
colditz-card-talisman = Talisman
colditz-card-talisman-text = Played when the German shoots at one of your men: his score is not doubled.
colditz-card-appel = Appel
colditz-card-appel-text = Played before throwing: roll call. Men who must attend line up; the throw then searches for absentees.
colditz-card-shoot-to-kill = Shoot to Kill
colditz-card-shoot-to-kill-text = A guard fires at an escaper beyond the walls or wire: throw (doubles again) and double the score; within that distance he is dead.
colditz-card-arrest-key-holder = Arrest Key Holder
colditz-card-arrest-key-holder-text = Played when an escaper gives up a Key: he goes to solitary, the Key confiscated.
colditz-card-arrest-pass-holder = Arrest Pass Holder
colditz-card-arrest-pass-holder-text = Played when an escaper gives up a Pass: he goes to solitary, the Pass confiscated.
colditz-card-tunnel-detected = Tunnel Detected
colditz-card-tunnel-detected-text = Two guards walk into a tunnel by the dice, anywhere; the tunnellers go to solitary, the guards to barracks.
colditz-card-quick-move-orderlies-quarters = Quick Move: Orderlies' Quarters
colditz-card-quick-move-orderlies-quarters-text = One of your men moves directly into the Orderlies' Quarters.
colditz-card-quick-move-kitchen = Quick Move: Kitchen
colditz-card-quick-move-kitchen-text = One of your men moves directly into the Kitchen.
colditz-card-quick-move-parcels-office = Quick Move: Parcels Office
colditz-card-quick-move-parcels-office-text = One of your men moves directly into the Parcels Office.
colditz-card-quick-move-dentist = Quick Move: Dentist
colditz-card-quick-move-dentist-text = One of your men moves directly into the Dentist.
colditz-card-quick-move-showers = Quick Move: Showers
colditz-card-quick-move-showers-text = One of your men moves directly into the Showers.
colditz-card-quick-move-guard-house = Quick Move: Guard House
colditz-card-quick-move-guard-house-text = One of your men moves directly into the Guard House.
colditz-card-quick-move-officers-quarters = Quick Move: Officers' Quarters
colditz-card-quick-move-officers-quarters-text = One of your men moves directly into the Officers' Quarters.
colditz-card-quick-move-interview-room = Quick Move: Interview Room
colditz-card-quick-move-interview-room-text = One of your men moves directly into the Interview Room.
colditz-card-search-kitchen = Search: Kitchen
colditz-card-search-kitchen-text = Guards search the Kitchen: men there whose team holds equipment go to solitary, one equipment card confiscated for each.
colditz-card-search-guard-house = Search: Guard House
colditz-card-search-guard-house-text = Guards search the Guard House: men there whose team holds equipment go to solitary, one equipment card confiscated for each.
colditz-card-search-stores = Search: Stores
colditz-card-search-stores-text = Guards search the Stores: men there whose team holds equipment go to solitary, one equipment card confiscated for each.
colditz-card-search-showers = Search: Showers
colditz-card-search-showers-text = Guards search the Showers: men there whose team holds equipment go to solitary, one equipment card confiscated for each.
colditz-card-search-sick-bay = Search: Sick Bay
colditz-card-search-sick-bay-text = Guards search the Sick Bay: men there whose team holds equipment go to solitary, one equipment card confiscated for each.
colditz-card-search-dentist = Search: Dentist
colditz-card-search-dentist-text = Guards search the Dentist: men there whose team holds equipment go to solitary, one equipment card confiscated for each.
colditz-card-search-chapel = Search: Chapel
colditz-card-search-chapel-text = Guards search the Chapel: men there whose team holds equipment go to solitary, one equipment card confiscated for each.
colditz-card-search-orderlies-quarters = Search: Orderlies' Quarters
colditz-card-search-orderlies-quarters-text = Guards search the Orderlies' Quarters: men there whose team holds equipment go to solitary, one equipment card confiscated for each.
colditz-card-do-or-die-7 = Do or Die (7 throws)
colditz-card-do-or-die-7-text = A man of a team holding the Escape Kit runs for it with 7 throws; failing means death.
colditz-card-do-or-die-6 = Do or Die (6 throws)
colditz-card-do-or-die-6-text = A man of a team holding the Escape Kit runs for it with 6 throws; failing means death.
colditz-card-do-or-die-5 = Do or Die (5 throws)
colditz-card-do-or-die-5-text = A man of a team holding the Escape Kit runs for it with 5 throws; failing means death.
colditz-card-do-or-die-4 = Do or Die (4 throws)
colditz-card-do-or-die-4-text = A man of a team holding the Escape Kit runs for it with 4 throws; failing means death.
colditz-card-do-or-die-3 = Do or Die (3 throws)
colditz-card-do-or-die-3-text = A man of a team holding the Escape Kit runs for it with 3 throws; failing means death.
colditz-refusal-seats = Escape from Colditz takes 2 to 6 players.
colditz-refusal-german-seat = The German must be one of the seats.
colditz-refusal-nations = Give one distinct nation for each Escape Officer.
colditz-refusal-success = The success formula needs at least one escape.
colditz-refusal-time-limit = A time limit in rounds must be at least one round.
colditz-refusal-max-throws = The cap on throws must be at least one.
colditz-refusal-answer-only = This card answers Appel, a Search or an arrest; it is not played on its own.
colditz-refusal-answer-the-window = Answer the question that is open first.
colditz-refusal-appel-before-throw = Appel is called before throwing.
colditz-refusal-bribe-two = A Bribe takes exactly two equipment cards.
colditz-refusal-card-not-held = You do not hold that card.
colditz-refusal-choose-guards = Choose the guards on the board this card sends to barracks.
colditz-refusal-choose-one-man = Choose one man for this card.
colditz-refusal-gate-needs-card = Passing this circle takes a Key or Pass card.
colditz-refusal-german-only = Only the German may do that.
colditz-refusal-german-places-guards = The German places his guards first.
colditz-refusal-give-to-escape-officer = Cards are given to another Escape Officer.
colditz-refusal-guard-beyond = Guards leave the castle only giving chase, while an escaper is beyond the walls.
colditz-refusal-guard-in-doorway = Guards may not stay in doorways or passages between turns.
colditz-refusal-guard-in-room = Guards may not stay in rooms.
colditz-refusal-guard-into-room = Guards enter a room only with its Search card or Appel.
colditz-refusal-hand-over-three = Hold at most three cards: play, discard or give one away first.
colditz-refusal-in-solitary = A man in solitary leaves only on a double or with a release card.
colditz-refusal-inner-guards = Place exactly one guard per team on inner black circles.
colditz-refusal-kit-held = Your team already holds an Escape Kit.
colditz-refusal-kit-part-in-claim = Kit parts are used when claiming the Escape Kit.
colditz-refusal-kit-parts = Those cards do not make up kit parts you hold.
colditz-refusal-kit-rooms = Each missing part needs one of your men in a room with its symbol.
colditz-refusal-manual-dice = Type every throw: doubles throw again, faces 1 to 6.
colditz-refusal-no-appel = No Appel absentees to search this turn.
colditz-refusal-no-double = A release needs a double and a point left.
colditz-refusal-no-free-circle = There is no free circle for him.
colditz-refusal-no-hideaway-card = That is not a Hideaway you hold.
colditz-refusal-no-reserve = No guard in reserve may be posted.
colditz-refusal-no-such-offer = There is no such offer.
colditz-refusal-no-such-seat = There is no such seat.
colditz-refusal-no-turn = Nobody is in turn.
colditz-refusal-no-warning-card = That is not an Advance Warning you hold.
colditz-refusal-none-left = No such card is left.
colditz-refusal-not-a-cell = Choose a solitary confinement cell.
colditz-refusal-not-a-free-post = Post guards on free black circles.
colditz-refusal-not-a-guard-post = Guards are placed on black circles of the right area.
colditz-refusal-not-a-neighbour = Move step by step to neighbouring circles.
colditz-refusal-not-a-pow = Choose a prisoner who is not in solitary.
colditz-refusal-not-arrestable = That prisoner may not be arrested there.
colditz-refusal-not-in-solitary = Choose one of your men in solitary.
colditz-refusal-not-in-symbol-rooms = Both men must stand in rooms with that symbol.
colditz-refusal-not-now = That is not possible now.
colditz-refusal-not-started = The game has not started.
colditz-refusal-not-your-man = That is not your man.
colditz-refusal-not-your-offer = That offer is not yours to answer.
colditz-refusal-not-your-turn = It is not your turn.
colditz-refusal-nothing-to-give = A trade gives at least one of your cards (an Opportunity or Escape Equipment card).
colditz-refusal-occupied = No man passes through or stops on another.
colditz-refusal-offer-stale = The cards of that offer are no longer held.
colditz-refusal-outer-guards = Place 2 to 7 guards on outer black circles.
colditz-refusal-place-guards-first = Place the guards first.
colditz-refusal-post-after-arrest = Guards are posted before arrests, not after.
colditz-refusal-post-from-barracks = A guard in barracks is posted, not moved.
colditz-refusal-quick-move-man = Choose one of your men who is not in solitary.
colditz-refusal-recall-from-post = Guards are recalled only from black circles.
colditz-refusal-recipient-full = That would leave someone holding more than three cards.
colditz-refusal-return-two = Return the stated number of your Security cards.
colditz-refusal-room-full = That room has no free circle.
colditz-refusal-same-post-twice = One guard per black circle.
colditz-refusal-seeded-dice = This game's dice are thrown by the server.
colditz-refusal-state-infringement = State the infringement.
colditz-refusal-stop-in-searchlight = A prisoner never stops in a searchlight.
colditz-refusal-stop-over-tunnel = Nobody stops over a tunnel.
colditz-refusal-surrender-not-held = Give up an equipment card your team holds.
colditz-refusal-throw-first = Throw the dice first.
colditz-refusal-throw-used = The throw has already been used.
colditz-refusal-thrown-already = You have already thrown this turn.
colditz-refusal-too-far = Not enough points left for that.
colditz-refusal-too-many-guards = You do not have that many guards.
colditz-refusal-trade-between-escape-officers = Cards are traded between two Escape Officers.
colditz-refusal-untradeable = Only Opportunity and Escape Equipment cards are traded, each once.
colditz-refusal-warning-moves = Move your own men to distinct free safe circles.
colditz-refusal-window-open = The game is waiting for others' answers.
colditz-event-setup = The castle is set up; the packs are shuffled.
colditz-event-guards-placed = The German posts { $count } guards.
colditz-event-thrown = { $player } throws { $dice } (score { $score }).
colditz-event-drew-card = { $player } draws { $card }.
colditz-event-drew-opportunity = { $player } draws an Opportunity card.
colditz-event-drew-security = { $player } draws a Security card.
colditz-event-moved = Man { $man } moves { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    } to { $to } { $to-ref }.
colditz-event-moved-guard = Guard { $man } moves { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    } to { $to } { $to-ref }.
colditz-event-immunity-lost = Man { $man } leaves the way back: he may be arrested again.
colditz-event-arrested = Man { $man } is arrested and taken to the cells ({ $cell-ref }).
colditz-event-hideaway = { $player } plays a Hideaway: nothing is confiscated.
colditz-event-confiscated = { $player } gives up { $card }.
colditz-event-nothing-confiscated = { $player } has nothing to give up.
colditz-event-posted = A guard is posted at { $to } { $to-ref }.
colditz-event-recalled = Guard { $man } returns to barracks.
colditz-event-released = Man { $man } is released from solitary to { $to } { $to-ref }.
colditz-event-equipment-claimed = { $player } claims { $card }; the two men go to Appel.
colditz-event-kit-claimed = { $player } claims the Escape Kit.
colditz-event-played = { $player } plays { $card }.
colditz-event-discarded-card = { $player } discards { $card }.
colditz-event-discarded = { $player } discards a card.
colditz-event-given-card = { $player } gives { $card } to { $to }.
colditz-event-given = { $player } gives a card to { $to }.
colditz-event-appel-answered = { $player } has answered the Appel.
colditz-event-appel-resolved = Appel: { $lined } men line up, { $absent } stay away.
colditz-event-absentees-searched = The guards search for absentees: { $caught } go to solitary.
colditz-event-search-answered = { $player } has answered the search.
colditz-event-search-resolved = Search of the { $room }: { $caught } to solitary, { $confiscated } cards confiscated.
colditz-event-security-returned = The German returns { $count } Security cards.
colditz-event-offer-made = { $player } offers a trade to { $to }.
colditz-event-offer-accepted = The trade is made.
colditz-event-offer-declined = The offer is declined.
colditz-event-offer-withdrawn = The offer is withdrawn.
colditz-event-disciplined = Man { $man } is sent to solitary for: { $infringement }.
colditz-event-standing-orders = { $player } sets standing orders.
colditz-event-private = { $player } makes a private move (only they see what it was).
colditz-event-turn-ended = { $player } ends the turn.
colditz-event-conceded = { $player } concedes the game.
colditz-action-place-guards = Place the guards
colditz-action-throw = Throw the dice
colditz-action-move = Move a man
colditz-action-release = Release from solitary (double)
colditz-action-claim-equipment = Claim equipment
colditz-action-claim-kit = Claim the Escape Kit
colditz-action-play = Play { $card }
colditz-action-discard = Discard { $card }
colditz-action-give = Give a card away
colditz-action-post-guard = Post a guard
colditz-action-return-guard = Recall a guard
colditz-action-search-absentees = Search for absentees
colditz-action-end-turn = End the turn
colditz-action-answer-appel = Answer the Appel
colditz-action-answer-search = Answer the search
colditz-action-answer-confiscation = Give up equipment
colditz-action-return-security = Return Security cards
colditz-action-offer-trade = Offer a trade
colditz-action-accept-offer = Accept the offer
colditz-action-decline-offer = Decline the offer
colditz-action-withdraw-offer = Withdraw the offer
colditz-action-discipline = Send to solitary (rule 55)
colditz-action-standing-orders = Set standing orders
colditz-refusal-wire-needs-cutters = Crossing the wire takes a Wire Cutters card.
colditz-refusal-rope-back-needs-card = Climbing back up a rope costs another Rope card (rule 40).
colditz-refusal-rope-needs-cards = This drop needs Rope cards: one for a 30, two for a 60.
colditz-refusal-escape-needs-kit = Without the Escape Kit the escape cannot be completed.
colditz-refusal-path-past-target = The escape ends on the target: the path stops there.
colditz-refusal-guard-chase-route = A guard giving chase goes over walls and wire, and beyond the castle, only along the escaper’s own road, circle by circle.
colditz-refusal-guard-in-tunnel = Guards do not move along tunnels.
colditz-refusal-game-over = The game is over.
colditz-refusal-not-at-the-car = The man must stand on one of the staff car's circles.
colditz-refusal-name-guard-and-man = Name one guard on the board and one PoW to shoot at.
colditz-refusal-not-beyond = Shoot to Kill only at a PoW beyond the walls or wire.
colditz-refusal-before-the-throw = Do or Die is made before the turn's throw.
colditz-refusal-needs-kit = Do or Die needs the Escape Kit.
colditz-refusal-not-in-prisoners-area = Do or Die starts in the prisoners' area (by the option, on a light-green circle).
colditz-refusal-no-card = The pack is empty.
colditz-refusal-no-date-limit = This game has no date as its time limit.
colditz-refusal-bad-date = Give the date as YYYY-MM-DD.
colditz-refusal-before-the-limit = The time limit has not been reached yet.
colditz-refusal-no-talisman-card = You do not hold that Talisman.
colditz-event-escaped = { $player }: man { $man } has gone away: an escape!
colditz-event-shot = { $player }: man { $man } is shot dead.
colditz-event-died = { $player }: man { $man } fails his Do or Die and is shot dead.
colditz-event-died-team-out = { $player }: man { $man } fails his Do or Die and is shot dead; the whole team is out.
colditz-event-chase-ended = The chase is over: { $count } guards return to barracks.
colditz-event-do-or-die = Man { $man } runs Do or Die: { $throws } throws, score { $score } (needed { $needed }).
colditz-event-shot-hit = The shot at man { $man } (range { $range }) hits.
colditz-event-shot-missed = The shot at man { $man } (range { $range }) misses.
colditz-event-time-up = The time limit has passed ({ $today }).
colditz-action-do-or-die = Run Do or Die
colditz-action-answer-talisman = Answer the shot (Talisman)
colditz-action-time-up = Declare the time limit passed
colditz-action-concede = Concede the game
colditz-outcome-german = The German Security Officer wins ({ $escapes } escapes, { $deaths } dead).
colditz-outcome-german-time = The time limit has come: the German Security Officer wins ({ $escapes } escapes, { $deaths } dead).
colditz-outcome-escape = { $player } wins ({ $escapes } escapes, { $deaths } dead).
colditz-outcome-german-conceded = The German Security Officer conceded: the teams still in the game share the win ({ $escapes } escapes, { $deaths } dead).
colditz-outcome-escapers-conceded = Every Escape Officer conceded: the German Security Officer wins ({ $escapes } escapes, { $deaths } dead).
colditz-refusal-no-holder-card = You do not hold that card for this key or pass.
colditz-event-holder-asked = Man { $man } used a key or pass: the German is asked whether he arrests the holder.
colditz-event-holder-arrested = The German arrests man { $man } as the holder of the key or pass.
colditz-event-holder-not-arrested = The German does not arrest man { $man }.
colditz-action-answer-arrest-holder = Answer: arrest the key or pass holder?
colditz-refusal-tunnel-not-open = Nobody has shown this tunnel's card: it is not in use.
colditz-refusal-enter-at-an-end = A tunnel is entered only at one of its two ends.
colditz-refusal-leave-at-an-end = A tunnel is left only at one of its two ends.
colditz-refusal-two-stay-inside = At least two men must stay in the tunnel.
colditz-refusal-tunnel-alone = A man alone may not leave the tunnel: two men must hold it. Bring a second man in; a man still alone at the end of the turn comes back up where he went down.
colditz-refusal-not-a-hand-card = Do or Die cards are drawn for a run, not held.
colditz-refusal-not-playable = This card cannot be played like that.
colditz-refusal-no-such-tunnel = Name a tunnel in use.
colditz-refusal-two-guards = Name two guards on the board.
colditz-refusal-guards-too-far = The two guards cannot reach the tunnel with this score.
colditz-event-tunnel-closed = The { $tunnel } closes; its card goes back.
colditz-event-tunnel-detected = Tunnel detected: { $caught } tunnellers go to solitary.
colditz-refusal-team-out = Your team is out of the game.
colditz-refusal-conceded = You have conceded and are out of the game.
colditz-refusal-concede-window-open = A question is open: it is answered first, then you may concede.
colditz-refusal-wire-back-needs-card = Coming back in through the wire costs another Wire Cutters card (rule 40).
colditz-refusal-hideaway-or-card = Play a Hideaway or give up a card, not both.
colditz-refusal-no-such-man = There is no man with that number in this game.
colditz-refusal-throw-the-run = The Do or Die card is drawn: type the run's throws now.
colditz-refusal-draw-first = Draw the Do or Die card first (send the run without dice); it shows how many throws you have.
colditz-refusal-riot-squad-whole-throw = The Riot Squad costs the whole throw: call it after throwing, before moving, posting or recalling anyone.
colditz-refusal-riot-squad-all-reserves = The Riot Squad posts every guard in reserve (as many as free guard posts allow).
colditz-refusal-warning-needs-equipment = The way to that safe circle needs equipment your team does not hold.
colditz-refusal-infringement-too-long = State the infringement in fewer words (at most 1000 characters).
colditz-event-riot-squad = The German calls out the Riot Squad: { $count } guards are posted at once.
colditz-event-lend-asked = { $player } asks { $lender } to lend a man for an equipment claim.
colditz-event-lend-agreed = { $player } lends his man for the claim.
colditz-event-lend-refused = { $player } does not lend his man.
colditz-event-do-or-die-drawn = Man { $man } draws a Do or Die card: { $throws } throws.
colditz-event-tunnel-left = Man { $man } was left alone in the tunnel and comes up.
colditz-action-riot-squad = Call out the Riot Squad (every reserve guard posted; the throw is spent)
colditz-action-answer-lend = Answer: lend your man for the claim?

## The board drawing

# Escape from Colditz: the board (room names, symbols, legend). Used by the board picture and
# by every page that names a place.

colditz-board-title = Escape from Colditz: the board
colditz-board-legend-title = Legend
colditz-board-kommandantur = Kommandantur
colditz-board-barracks = German Barracks
colditz-board-staff-car = Staff car
colditz-board-mark-key = KEY
colditz-board-mark-pass = PASS

## Circles
colditz-board-legend-plain = Circle
colditz-board-legend-appel = Appel circle: no arrest here
colditz-board-legend-safe = Safe area: no arrest, no Appel
colditz-board-legend-guard-post = Guard post (black circle)
colditz-board-legend-searchlight = Searchlight: cross it, never stop on it
colditz-board-legend-key = KEY circle: surrender a Key to pass
colditz-board-legend-pass = PASS circle: surrender a Pass to pass
colditz-board-legend-tunnel = Tunnel (with its Tunnel card)
colditz-board-legend-do-or-die = Do or Die start
colditz-board-legend-rope-drop = Rope drop: 30 takes one Rope, 60 two
colditz-board-legend-landing = Rope landing (white ring)
colditz-board-legend-target = Escape target
colditz-board-legend-cell = Solitary confinement cell
colditz-board-legend-cell-door = Cell door: released men come out here
colditz-board-legend-barracks-slot = Barracks place for a guard in reserve
colditz-board-legend-staff-car = Boarding circle next to the staff car

## Areas
colditz-board-area-courtyard = Inner PoW Courtyard
colditz-board-area-room = Room
colditz-board-area-cells = Cells
colditz-board-area-terrace = Outer areas and terraces
colditz-board-area-kommandantur = Kommandantur (garrison courtyard)
colditz-board-area-lawn = Lawn
colditz-board-area-barracks = German Barracks
colditz-board-area-fields = Fields beyond the walls and wire
colditz-board-area-river = River
colditz-board-area-bridge = Bridge
colditz-board-area-wall = Wall
colditz-board-area-wire = Wire: cross with Wire Cutters between facing circles

## Rooms
colditz-room-chapel = Chapel
colditz-room-office = Office
colditz-room-sick-bay = Sick Bay
colditz-room-parcels-office = Parcels Office
colditz-room-dentist = Dentist
colditz-room-wc = W.C.
colditz-room-laundry = Laundry
colditz-room-canteen = Canteen
colditz-room-stores = Stores
colditz-room-interview-room = Interview Room
colditz-room-kitchen = Kitchen
colditz-room-orderlies-quarters = Orderlies' Quarters
colditz-room-officers-quarters = Officers' Quarters
colditz-room-showers = Showers
colditz-room-theatre = Theatre
colditz-room-guard-house = Guard House

## Equipment symbols
colditz-symbol-food = food
colditz-symbol-rope = rope
colditz-symbol-key = key
colditz-symbol-pass = pass
colditz-symbol-documents = documents
colditz-symbol-wire-cutters = wire cutters
colditz-symbol-disguise = disguise
colditz-symbol-compass = compass

## Targets
colditz-target-nw = North-west
colditz-target-n = North
colditz-target-ne = North-east
colditz-target-e = East
colditz-target-sw = South-west
colditz-target-s = South
colditz-target-se = South-east

## Tunnels
colditz-tunnel-chapel = Tunnel (Chapel)
colditz-tunnel-canteen = Tunnel (Canteen)
colditz-tunnel-theatre = Tunnel (Theatre)

## The game page

# Escape from Colditz on the web: the game's name on the home page and the new-game form, the
# lines beside the board, the pieces' titles and what the action forms ask for.

colditz-name = Escape from Colditz
colditz-about = The German Security Officer against up to five Escape Officers: gather equipment, dodge the guards and Appel, get your men out of the castle. 2–6 players.
colditz-new-help = Below, choose which player is the German Security Officer and the nation of each Escape Officer (by default the first player is the German and the others are American, British, Dutch, French and Polish, in that order), how many escapes win, and the time limit.
colditz-opt-dice = Dice
colditz-opt-dice-seeded = Thrown by the server (provably fair)
colditz-opt-dice-manual = Real dice: players type what they threw

colditz-page-piece-guard = Guard { $man } ({ $player }) at { $circle } { $circle-ref }
colditz-page-piece-american = Man { $man }, American ({ $player }), at { $circle } { $circle-ref }
colditz-page-piece-british = Man { $man }, British ({ $player }), at { $circle } { $circle-ref }
colditz-page-piece-dutch = Man { $man }, Dutch ({ $player }), at { $circle } { $circle-ref }
colditz-page-piece-french = Man { $man }, French ({ $player }), at { $circle } { $circle-ref }
colditz-page-piece-polish = Man { $man }, Polish ({ $player }), at { $circle } { $circle-ref }
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
colditz-page-hand-over-three = You hold { $cards } cards: play, discard or give one away before you can end the turn (C18: at most three).

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
colditz-page-card = { $card }: { $text }
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
colditz-page-equipment = { $player }: { $card }
colditz-page-no-equipment = No team holds any equipment yet.

colditz-page-note-packs = Packs
colditz-page-packs = Opportunity { $opportunity }, Security { $security }, Do or Die { $doordie } cards face down.
colditz-page-stock = Not yet taken: { $card } × { $count }

colditz-page-note-offers = Offers of trade
colditz-page-offer = Offer { $offer }: { $from } to { $to }
colditz-page-offer-gives = gives { $card }
colditz-page-offer-wants = asks for { $card }

colditz-page-note-orders = Your standing orders
colditz-page-order-appel = At Appel all my men attend: { $answer }
colditz-page-order-confiscation = Confiscation answered at once (Hideaway if held, else the lowest card): { $answer }
colditz-page-order-talisman = A Talisman played at once when shot at: { $answer }
colditz-page-order-lend = Men lent at once when another Escape Officer asks: { $answer }
colditz-page-order-holders = Arrest Key/Pass Holder: { $answer }
colditz-page-order-cell = Cell for men caught where the move names none: { $cell }
colditz-page-yes = yes
colditz-page-no = no

colditz-page-path-clear = Clear
colditz-page-path-help = Click circles on the board to fill in the circle fields of a form: a move's path one step after another, guard posts, cells. Click one of your men to pick his move. Or type the circles' row·column from the board’s edges, in order, e.g. 17·28 17·29.

colditz-input-inner = Inner guard posts (click circles on the board, or type their row·column from the board’s edges, e.g. 17·28 17·29; empty: those proposed):
colditz-input-outer = Outer guard posts, 2 to 7 (click circles on the board, or type their row·column, e.g. 17·28 17·29; empty: those proposed):
colditz-input-dice = Your throws, two numbers each (e.g. 6 6, 2 5):
colditz-input-path = Path:
colditz-input-cell = Cell for the arrested man (click a cell on the board or type its row·column; empty: the first free one):
colditz-input-guards = Guards to send back (their numbers; empty: those proposed):
colditz-input-quick-move-man = Man to move (his number; empty: the one proposed):
colditz-input-bribe = Equipment to take, two of rope, key, pass and wire cutters (empty: rope and key):
colditz-input-return-security = Security cards to return (none ticked: those proposed):
colditz-input-absent = Men who stay away (their numbers; empty: all attend):
colditz-input-hideaway = Hideaway card to play:
colditz-input-surrender = Equipment cards to give up first (optional):
colditz-page-none = none
colditz-input-give = Cards you give:
colditz-input-want = Cards you ask for (the other team’s equipment):
colditz-input-man = Man (the number on his piece):
colditz-input-infringement = The infringement:
colditz-input-order-appel = At Appel all my men attend:
colditz-input-order-confiscation = Answer confiscations at once:

colditz-page-action-post = Post a guard from the barracks
colditz-input-post = On the guard post:
colditz-page-action-move = Move man { $man } (from { $from } { $from-ref })
colditz-page-action-move-guard = Move guard { $man } (from { $from } { $from-ref })
colditz-page-action-recall = Recall guard { $man } from { $from } { $from-ref }
colditz-page-action-release = Release man { $man } from solitary (double)
colditz-page-action-give = Give { $card } to { $player }
colditz-page-action-surrender = Give up { $card }
colditz-page-action-hideaway = Play a Hideaway: nothing is confiscated
colditz-page-action-claim = Claim { $card } (men { $a } and { $b })
colditz-page-action-accept = Accept offer { $offer }
colditz-page-action-decline = Decline offer { $offer }
colditz-page-action-withdraw = Withdraw offer { $offer }
colditz-page-action-offer = Offer a trade to { $player }
colditz-page-action-play-men = Play { $card } (men { $men })

# On every game page with a deadline (not only Colditz): when those asked must have acted.

colditz-page-action-warning = Answer with Advance Warning
colditz-input-shooter = The guard who shoots, then the man shot at (their numbers; empty: those proposed):
colditz-input-cells = Cells for the men caught, in order (click cells on the board or type their row·column; empty: the first free ones):
colditz-input-tunnel-guards = The two guards who go into the tunnel (their numbers; empty: the two nearest, proposed):
colditz-input-riot-posts = Posts for the Riot Squad (click circles on the board or type their row·column; empty: the first free posts in the board’s order):
colditz-input-do-or-die-dice = The throws the Do or Die card asks for, two numbers each (e.g. 6 6, 2 5):
colditz-input-order-lend = Lend my men at once when another Escape Officer asks:
colditz-input-order-talisman = When the German shoots at one of my men, play a Talisman if I hold one:
colditz-input-order-holders = When a prisoner gives up a Key or a Pass (Arrest Key/Pass Holder):
colditz-input-order-cell = Cell for men caught where my move names none (click a cell on the board or type its row·column; empty: keep the current one):
colditz-page-holder-always = play the card whenever I hold it
colditz-page-holder-never = never play it
colditz-page-holder-ask = ask me each time (the turn waits for me)
colditz-page-action-place-guards = Place the guards
colditz-page-action-do-or-die = Run Do or Die with man { $man } (from { $from } { $from-ref })
colditz-page-action-do-or-die-throw = Throw man { $man }'s Do or Die run
colditz-page-action-riot-squad = Call the Riot Squad ({ $count ->
        [one] 1 guard
       *[other] { $count } guards
    })
colditz-page-confirm = Make this move?
colditz-confirm-end-turn = End the turn with { $points } { $points ->
        [one] point
       *[other] points
    } of the throw unused? They are lost.
colditz-confirm-do-or-die-team = Run for it with man { $man }, Do or Die? The dice decide at once: if he fails he is shot, and your whole team is out of the game.
colditz-confirm-concede = Concede the game? Your men leave the board for good and your team plays no more; if yours is the last team, the German wins. This cannot be taken back.
colditz-confirm-concede-german = Concede the game? The game ends at once and the Escape Officers still in it share the win. This cannot be taken back.
colditz-confirm-do-or-die-him = Run for it with man { $man }, Do or Die? The dice decide at once: if he fails he is shot.
colditz-input-warning-moves = Men to safe circles: each man’s number, then his circle’s row·column from the board’s edges (e.g. 3 17·28, 4 17·29):
colditz-typed-wrong-area = “{ $typed }” names two places: { $ref } lies in { $area }. Type the row and column alone, or with the name of the place they lie in.
colditz-typed-unknown-place = No circle on the board is “{ $typed }”. Type a circle’s row and column as the board’s edges number them, e.g. 17·28 or 17.28; on the game page you can also click it on the board.
colditz-typed-unknown-equipment = “{ $typed }” is no kind of escape equipment: name two of rope, key, pass and wire cutters.
colditz-page-window-talisman = Shoot to Kill: { $player } may play a Talisman to halve the range.
colditz-page-window-arrest-holder = A Key or Pass was used: { $player } may play Arrest Key Holder or Arrest Pass Holder.
colditz-page-window-default-talisman = If the deadline passes, no Talisman is played.
colditz-page-window-default-arrest-holder = If the deadline passes, no arrest card is played.
colditz-page-note-end = The game is over
colditz-page-end-escapes = { $player }: { $n } escaped
colditz-page-end-deaths = Men killed: { $n }
colditz-page-note-gone = Men gone, in order
colditz-page-gone-escaped = Round { $round }: { $player }'s man { $man } escaped at { $target } { $target-ref }
colditz-page-gone-shot = Round { $round }: { $player }'s man { $man } was shot
colditz-page-gone-do-or-die = Round { $round }: { $player }'s man { $man } died in a Do or Die run
colditz-page-gone-team-out = Round { $round }: { $player }'s man { $man } left the game with his team
colditz-page-gone-conceded = Round { $round }: { $player }'s man { $man } left the game when his Escape Officer conceded
colditz-page-window-lend = { $player } is asked to lend a man to another Escape Officer's equipment claim.
colditz-page-window-default-lend = If the deadline passes, the man is not lent.

## Rule 55 corrections after a dispute
colditz-event-put-back = Man { $man } is put back on { $to } { $to-ref } (rule 55).
colditz-event-equipment-returned = { $player } gives { $card } back to the stock (rule 55).
colditz-remedy-put-back = Put man { $man }, moved in that step, back on { $to } { $to-ref }, where he stood before it
colditz-remedy-solitary = Send man { $man }, moved in that step, to solitary for the infringement
colditz-remedy-return-equipment = { $seat } gives back { $card }, obtained in that step
colditz-refusal-not-a-man = There is no such man on the board.
colditz-refusal-no-such-circle = There is no such circle on the board.
colditz-refusal-put-back-taken = Someone stands on that circle now.
colditz-refusal-equipment-not-held = That team no longer holds this equipment.

# Places as the board names them (a room or area, and row·column as numbered on the edges).
colditz-place = { $area } { $ref }
colditz-place-courtyard = Courtyard
colditz-place-cells = Cells
colditz-place-terrace = Terrace
colditz-place-kommandantur = Kommandantur
colditz-place-lawn = Lawn
colditz-place-barracks = Barracks
colditz-place-fields = Fields
colditz-place-river = River
colditz-place-bridge = Bridge
colditz-place-wall = Wall
colditz-place-board = Board
colditz-board-own-drawing = This board is our own drawing of the castle, made for play by mail: the distances, rooms and passages differ from the printed board of Escape from Colditz.
colditz-zoom-fit = Fit
colditz-opt-do-or-die-only-him = Do or Die variant: a failed run kills only the runner, not his whole team
colditz-opt-do-or-die-from-green = Do or Die variant: the runner must start on a light-green Do or Die circle
# The new-game form's nested options.
colditz-form-legend = Teams, winning and the time limit
colditz-form-help = The German Security Officer plays against all the Escape Officers. Each Escape Officer leads one nation's team; the first to the agreed number of escapes wins, and if nobody has when the time runs out, the German wins.
colditz-form-german = The German Security Officer is
colditz-form-player = player { $n }
colditz-form-nations = Nations of the Escape Officers, in the order of the players after the German
colditz-form-nation = Escape Officer { $n }
colditz-form-escapes = Escapes that win (success formula)
colditz-form-time-limit = Time limit
colditz-form-time-standard = Standard rounds for the number of players ({ $two } for 2, { $three } for 3, { $four } for 4, { $five } for 5, { $six } for 6)
colditz-form-time-rounds = This many rounds (below)
colditz-form-time-date = Until a date (below)
colditz-form-time-none = No limit (the German can then hardly win)
colditz-form-rounds = Rounds, if limited by rounds
colditz-form-date = Date, if limited by a date
colditz-form-max-throws = At most this many throws a turn after doubles (empty: no cap)
colditz-form-bad-german = Choose which player is the German Security Officer.
colditz-form-rounds-missing = A time limit in rounds needs the number of rounds (at least one).
colditz-form-date-missing = A time limit by date needs a date.

## Commands in a reply to the turn mail ("move 14 17·30 17·31", "play 66")
colditz-cmd-place-guards = guards
colditz-cmd-throw = throw
colditz-cmd-move = move
colditz-cmd-release = release
colditz-cmd-claim = claim
colditz-cmd-equipment-rope = rope
colditz-cmd-equipment-key = key
colditz-cmd-equipment-pass = pass
colditz-cmd-equipment-wire-cutters = wire-cutters
colditz-cmd-claim-kit = kit
colditz-cmd-play = play
colditz-cmd-discard = discard
colditz-cmd-give = give
colditz-cmd-post = post
colditz-cmd-recall = recall
colditz-cmd-search = search
colditz-cmd-riot-squad = riot-squad
colditz-cmd-end = end
colditz-cmd-appel = appel
colditz-cmd-warning = warning
colditz-cmd-search-answer = answer
colditz-cmd-hideaway = hideaway
colditz-cmd-surrender = surrender
colditz-cmd-return-security = return
colditz-cmd-offer = offer
colditz-cmd-accept = accept
colditz-cmd-decline = decline
colditz-cmd-withdraw = withdraw
colditz-cmd-discipline = solitary
colditz-cmd-orders = orders
colditz-cmd-do-or-die = do-or-die
colditz-cmd-talisman = talisman
colditz-cmd-no-talisman = no-talisman
colditz-cmd-arrest-holder = arrest
colditz-cmd-no-arrest = no-arrest
colditz-cmd-lend = lend
colditz-cmd-refuse-lend = refuse
colditz-cmd-time-up = time-up
colditz-cmd-concede = concede
colditz-status-asked = You are asked to answer: { $window }, in { $player }’s turn.
colditz-window-name-appel = Appel
colditz-window-name-search = a search
colditz-window-name-confiscation = a confiscation
colditz-window-name-sabotage = sabotage
colditz-window-name-talisman = Shoot to Kill (a Talisman?)
colditz-window-name-arrest-holder = a Key or Pass used (an arrest card?)
colditz-window-name-lend = a loan of a man
colditz-page-note-last = Last step
colditz-page-last-moved = Man { $man } went from { $from } { $from-ref } to { $to } { $to-ref }
colditz-page-last-guard = Guard { $man } went from { $from } { $from-ref } to { $to } { $to-ref }
colditz-page-last-arrested = Man { $man } was taken from { $from } { $from-ref } to the cells ({ $to-ref })
colditz-page-last-card = { $player } showed { $card }
# A mail's board in words, from the reader's view (the picture shows only a part of the castle).
colditz-mail-man = Your man { $man }: { $area } { $ref }{ $tunnel ->
        [yes] , in a tunnel
       *[no] {""}
    }.
colditz-mail-guard = Guard { $man }: { $area } { $ref }.
colditz-mail-card = In your hand: { $card } — { $text }
colditz-mail-hand-empty = Your hand is empty.
colditz-mail-equipment = Escape equipment of { $player }: { $card }.

## A game carried over from a real table (rule C26, docs/positions.md)
colditz-position-not-set-up = The game is not set up yet: there is nothing to put the position on (rule C26).
colditz-position-team-unknown = { $player } has no team of prisoners (rule C26).
colditz-position-team-twice = The team of { $player } is entered twice (rule C26).
colditz-position-team-missing = The team of { $player } is missing: enter every team (rule C26).
colditz-position-men-count = The team of { $player } has { $expected } men in this game (rule C1); { $count } were entered, counting the escaped and the dead (rule C26).
colditz-position-team-empty = The team of { $player } has no man left on the board: that team cannot play on (rule C26).
colditz-position-won = The team of { $player } has already escaped often enough to win: that game is over (rules C23, C26).
colditz-position-hopeless = No team has men enough left to reach the success formula: the German has already won that game (rules C23, C26).
colditz-position-escaped-without-kit = The team of { $player } has escaped men, so its Escape Kit was displayed: tick it (rules C22, C26).
colditz-position-no-circle = A place entered is no circle of the board (rule C26).
colditz-position-pow-circle = A prisoner cannot stand on { $place } { $place-ref }: the barracks are the guards' and a man on a target has escaped (rule C26).
colditz-position-beyond = A prisoner beyond the walls at { $place } { $place-ref } is being chased along the road he took, which a position cannot tell: finish the chase at the table first (rules R46, C26).
colditz-position-circle-twice = Two men are entered on { $place } { $place-ref }: only a cell holds more than one (rules C6, C26).
colditz-position-guards-count = The German has { $expected } guards in this game (rule C1); { $count } were entered (rule C26).
colditz-position-guard-circle = A guard cannot stand on { $place } { $place-ref } (a cell, a tunnel or a target) (rule C26).
colditz-position-equipment-too-many = The game has only { $max } cards of { $equipment } (rules C8, C26).
colditz-position-tunnel-unknown = There is no tunnel "{ $tunnel }" (rule C26).
colditz-position-tunnel-twice = A tunnel is entered twice (rule C26).
colditz-position-tunnel-seat = Only an Escape Officer plays a Tunnel card, not { $player } (rules R53, C26).
colditz-position-tunnel-closed = A man is in a tunnel at { $place } { $place-ref }, but no Tunnel card for it is on the table (rules R53, C26).
colditz-position-tunnel-alone = A tunnel in use holds no man or at least two (rules R53, C26).
colditz-position-round = Round { $round } is not within the game's time limit of { $limit } rounds (rules C2, C26).
colditz-position-to-move = The player to move must be one of the game's seats (rules C4, C26).
colditz-position-hand-no-seat = Only a player of this game enters a hand (rule C26).
colditz-position-hand-before-table = The host has not entered the table yet: your hand is checked against it (rule C26).
colditz-position-hand-in-play = Play has begun: the hand can no longer be entered (rule C26).
colditz-position-hand-too-many = A hand holds at most { $max } cards between turns; { $count } were entered (rules C18, C26).
colditz-position-hand-card-unknown = There is no card "{ $card }" (rule C26).
colditz-position-hand-wrong-pack = { $card } is not a card of your pack: Escape Officers hold Opportunity cards, the German Security cards (rule C26).
colditz-event-hands-returned = The hands entered hold more Opportunity cards of one kind than the pack has: every Escape Officer’s hand is back in the pack, and each enters it again (rule C26).
colditz-position-hand-card-gone = There is no { $card } left for your hand: every card of it is already elsewhere on the table. Check your hand with the other players (rule C26).
colditz-position-hand-kit-shown = Your team's Escape Kit is already displayed on the table (rule C26).
colditz-position-hand-kit-german = The German holds no Escape Kit (rules C11, C26).
colditz-event-position-entered = The position from the table is entered: round { $round }, { $player } to move.
colditz-event-hand-entered = { $player } entered their hand.
colditz-event-hand-entered-own = { $player } entered their hand ({ $count } cards).
colditz-position-places-help = Type each place as the board's edges name it, row·column (for example 17·28; 17.28 works too). Leave the places of escaped or dead men empty and count them below.
colditz-position-team = The team of { $player }
colditz-position-man = Man { $number }
colditz-position-escaped = Escaped
colditz-position-dead = Dead
colditz-position-kit-shown = Its Escape Kit is displayed on the table
colditz-position-guards = The guards
colditz-position-guard = Guard { $number }
colditz-position-tunnels = Tunnels in use
colditz-position-tunnel-unused = not in use
colditz-position-tunnel-held = Tunnel card shown by { $player }
colditz-position-round-field = Round
colditz-position-to-move-field = Whose turn begins
colditz-position-turn-of = { $player }'s turn
colditz-position-form-number = Counts and the round are whole numbers.
colditz-position-form-place = A place is not one the board names: type it as row·column, for example 17·28.
colditz-position-form-incomplete = Choose who moves, and who holds each tunnel in use.
colditz-position-hand-legend = Your hand from the table
colditz-position-hand-help = Only you see this. Choose the cards in your hand (none, if it is empty); the server shuffles the rest of the pack.
colditz-position-hand-card = Card { $number }
colditz-position-hand-none = no card
colditz-position-hand-kit = My team holds its Escape Kit (not displayed)
colditz-position-line-team = { $player }: men at { $places }; escaped { $escaped }, dead { $dead }; equipment: { $equipment }.
colditz-position-line-guards = Guards at { $places }.
colditz-position-line-tunnel = { $tunnel } in use, its card shown by { $player }.
colditz-position-line-turn = Round { $round }: { $player } moves first.
colditz-position-line-hand = Your hand: { $cards }.
