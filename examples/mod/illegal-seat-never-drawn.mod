; Illegal: a card revealed that could not have been drawn. The first round
; of seat-ann-wins.mod, from Ann's seat: Ben drafted Blue Barrier,
; Missile, Red Plating, Blue Barrier and Twin Plasma Swords, so the card he
; drew unseen in the reset (Ben draw ?) is one of those five. On turn 11
; the record has him assign Missile Swarm, which Ann drafted on turn 9: no
; Missile Swarm was ever shuffled into Ben's deck, so his one unknown card
; cannot be it (ruling MD28: "A card written by name where an unknown
; card must be it must be one that could be there."): "Ben cannot hold
; Missile Swarm: no Missile Swarm was ever shuffled into Ben's deck". The
; card was Twin Plasma Swords (seat-unverified.mod).
[Game "mod"]
[Event "table game"]
[Players "Ann" "Ben"]
[Perspective "Ann"]

board: top 1 "Blue Barrier", top 2 "Plasma Sword", top 3 "Laser Array"

1. Ann: draft 3 "Laser Array", top 3 Missile
2. Ben: draft 1 "Blue Barrier", top 1 Laser
3. Ann: draft 2 "Plasma Sword", top 2 "Red Plating"
4. Ben: draft 3 Missile, top 3 "Missile Swarm"
5. Ann: draft 1 Laser, top 1 Missile
6. Ben: draft 2 "Red Plating", top 2 "Blue Barrier"
7. Ann: draft 1 Missile, top 1 "Twin Plasma Swords"
8. Ben: draft 2 "Blue Barrier", top 2 Laser
9. Ann: draft 3 "Missile Swarm", top 3 "Missile Swarm"
10. Ben: draft 1 "Twin Plasma Swords", top 1 "Blue Barrier"
11. Ben: Ann draw "Plasma Sword", draw ?, top 1 "Fuel Cell",
    top 2 "Blue Barrier", top 3 "Red Plating", assign "Missile Swarm"
