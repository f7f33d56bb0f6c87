; Fuel that cannot be paid, under the default fuel=fizzle (ruling MD10:
; "an assigned card whose owner has less fuel than its cost when it
; activates does nothing: no ability triggers, no fuel is paid, and the
; card goes to the discard pile (an upgrade too: it does not reach the play
; area)"). fuel-drain.mod is the same game under fuel=drain.
;
; After round 1 each player has 1 fuel and one card in hand. In round 2
; Ben assigns Prism Field and Ann Plasma Sword, both of cost 2. Ann's
; Plasma Sword activates first: she has 1 fuel, so it does nothing, and
; Ben keeps his 10 durability. Ben's Prism Field activates last: he has 1
; fuel, so it goes to his discard pile, not to his play area. Neither pays
; any fuel, and after the reset each has 1 + 1 = 2. Clean; the game is
; unfinished.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 3 "Twin Plasma Swords"
2. Ben: draft 2 "Fuel Cell"
3. Ann: draft 3 "Blue Barrier"
4. Ben: draft 1 Laser
5. Ann: draft 3 "Plasma Sword" ; the seed puts each player's third draft in hand after round 1
6. Ben: draft 2 "Prism Field"
7. Ann: draft 1 Missile
8. Ben: draft 2 "Blue Barrier"
9. Ann: draft 3 "Plasma Sword"
10. Ben: draft 1 "Red Plating"
11. Ben: assign "Prism Field" ; cost 2, and Ben has 1 fuel
12. Ann: assign "Plasma Sword" ; cost 2, and Ann has 1 fuel
13. Ben: draft 2 Laser
14. Ann: draft 3 "Red Plating"
15. Ben: draft 1 "Blue Barrier"
16. Ann: draft 2 "Missile Swarm"
17. Ben: draft 3 Missile
18. Ann: draft 1 "Targeting Scan"
19. Ben: draft 2 "Targeting Scan"
20. Ann: draft 3 "Red Plating" ; the stack activates: both assigned cards fizzle

result: unfinished
