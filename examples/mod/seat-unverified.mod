; A move checked only under an assumption. The first round of
; seat-ann-wins.mod, recorded from Ann's seat: Ben drafted Blue Barrier,
; Missile, Red Plating, Blue Barrier and Twin Plasma Swords, so his deck,
; shuffled by hand in the reset, holds those five (ruling MD9), and Ann
; did not see the card he drew from it: Ben draw ? (ruling MD26: "The
; other player's draws and ejected cards may be written ? or by name.").
; On turn 11 Ben assigns Twin Plasma Swords face up. His hand holds only
; that unknown card, so it must be it: it could be, since his deck held
; one (ruling MD28: "A card written by name where an unknown card must be
; it must be one that could be there."), and the referee accepts the move
; under that assumption and keeps it. The report counts it: unverified,
; 1 move. Clean; Ann to move on turn 12.
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
    top 2 "Blue Barrier", top 3 "Red Plating", assign "Twin Plasma Swords"

result: unfinished
