; Fuel that cannot be paid, under the variant fuel=drain (ruling MD10:
; "With drain, the card resolves as the text says, abilities first, and its
; owner then pays all the fuel they have; an upgrade reaches the play area.
; Fuel never goes below 0"). The moves are those of fizzle.mod, where the
; same two cards do nothing.
;
; After round 1 each player has 1 fuel and one card in hand. In round 2
; Ben assigns Prism Field and Ann Plasma Sword, both of cost 2. Ann's
; Plasma Sword activates first and resolves: Ben takes 3 energy damage
; (his Prism Field is not yet in play, so there is no shield to spend):
; 10 - 3 = 7. Ann pays the 1 fuel she has, not 2, and is on 0. Ben's Prism
; Field then reaches his play area, and he pays his 1 fuel. After the
; reset each has 0 + 1 = 1 fuel. Clean; the game is unfinished.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]
[Variant "fuel=drain"]

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
20. Ann: draft 3 "Red Plating" ; the stack activates: both assigned cards resolve, and drain their owners' fuel

result: unfinished
