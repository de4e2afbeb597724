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
