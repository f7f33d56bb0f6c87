; The variant shield=point (ruling MD12: "With point, a spent shield
; prevents 1 point of damage, and several may be spent against one
; ability"). Under the default, shield=hit, one shield stops the whole
; ability, and a second spend against it is illegal.
;
; Round 2: both players assign Targeting Scan, to hold three cards in
; round 3. Round 3: Ben's Fuel Cell (2 fuel), Red Plating (cost 1) and
; Prism Field (cost 2) are all placed after Ann's Missile, so they activate
; before it: Ben has 1 + 2 = 3 fuel, pays for both shields, and has them in
; play when the Missile deals him 2 impact damage. On turn 31 he spends both,
; in one turn of two moves: Red Plating prevents 1 point and Prism Field
; (purple, which prevents either type) the other. Ben stays on 10
; durability; with one shield only he would take 1. Both shields go to his
; discard pile. Clean; the game is unfinished.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "19"]
[Variant "shield=point"]

1. Ann: draft 3 Missile
2. Ben: draft 1 "Targeting Scan"
3. Ann: draft 1 "Laser Array"
4. Ben: draft 2 "Prism Field"
5. Ann: draft 3 "Blue Barrier"
6. Ben: draft 3 "Red Plating"
7. Ann: draft 1 "Targeting Scan"
8. Ben: draft 1 "Fuel Cell"
9. Ann: draft 1 Laser
10. Ben: draft 1 Missile
11. Ben: assign "Targeting Scan" ; both draw 2 cards when these activate
12. Ann: assign "Targeting Scan"
13. Ben: draft 2 Missile
14. Ann: draft 3 "Blue Barrier"
15. Ben: draft 1 "Plasma Sword"
16. Ann: draft 2 "Red Plating"
17. Ben: draft 3 Missile
18. Ann: draft 1 "Missile Swarm"
19. Ben: draft 2 "Fuel Cell"
20. Ann: draft 3 "Blue Barrier"
21. Ann: assign Missile ; 2 impact damage, activating last
22. Ben: assign "Prism Field"
23. Ann: draft 1 "Red Plating"
24. Ben: assign "Red Plating"
25. Ann: draft 2 Overdrive
26. Ben: assign "Fuel Cell" ; activates first: 1 + 2 fuel pays for both shields
27. Ann: draft 3 "Fuel Cell"
28. Ben: draft 1 "Twin Plasma Swords"
29. Ann: draft 2 "Red Plating"
30. Ben: draft 3 "Missile Swarm"
31. Ben: spend "Red Plating", spend "Prism Field" ; 1 point each: no damage

result: unfinished
