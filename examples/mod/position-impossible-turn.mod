; Impossible: a first turn that is not the chooser's. The position has
; Ann's ejected Missile activating, waiting for her choice (ruling MD21),
; so the turn is hers: "Each choice made during activation is one numbered
; turn of the player who makes it" (MD5). The first turn line gives turn 12
; to Ben. No single declaration is at fault, so the referee refuses the
; position at the first turn line, where the whole is checked: "Ann is to
; choose for the ejected Missile, so the turn is Ann's, not Ben's", with
; exit status 2, before any move.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

Ann: durability 10, fuel 1, deck Laser, activating ejected Missile
Ben: durability 10, fuel 1, initiative, hand Missile
board: round 2, shared 1 "Red Plating" Laser

12. Ben: fuel

result: unfinished
