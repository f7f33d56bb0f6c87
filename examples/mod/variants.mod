; Both Mod variants chosen in the header (engine/mod/RULINGS.md):
; fuel=drain (MD10: "the card resolves as the text says, abilities first,
; and its owner then pays all the fuel they have") and shield=point (MD12:
; "a spent shield prevents 1 point of damage, and several may be spent
; against one ability"). The first twenty turns are those of
; shield-point.mod.
;
; Round 3: Ben's Fuel Cell (turn 26) and Red Plating (turn 24) activate
; before Ann's Laser Array (turn 23), his Prism Field (turn 22) after it,
; and he pays for both shields. Ann has 1 fuel for her Laser Array (cost 3)
; and Missile (cost 1). Laser Array activates first of her cards: under
; drain it resolves, dealing Ben 2 + 2 + 1 energy damage, against which his
; Red Plating, the only shield in play yet, is no use (no choice, no turn):
; 10 - 5 = 5; Ann pays her 1 fuel. Her Missile
; then finds her with 0 fuel, resolves anyway, and deals 2 impact damage;
; Ben spends both his shields against it, 1 point each (turn 31).
;
; Under the default rulings the same cards go otherwise: Laser Array
; fizzles, the Missile is paid with Ann's 1 fuel, and one shield stops all
; of its damage (a second spend is illegal): Ben stays on 10 and keeps one
; shield. Clean; the game is unfinished.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "19"]
[Variant "fuel=drain" "shield=point"]

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
11. Ben: assign "Targeting Scan"
12. Ann: assign "Targeting Scan"
13. Ben: draft 2 Missile
14. Ann: draft 3 "Blue Barrier"
15. Ben: draft 1 "Plasma Sword"
16. Ann: draft 2 "Red Plating"
17. Ben: draft 3 Missile
18. Ann: draft 1 "Missile Swarm"
19. Ben: draft 2 "Fuel Cell"
20. Ann: draft 3 "Blue Barrier"
21. Ann: assign Missile ; cost 1
22. Ben: assign "Prism Field"
23. Ann: assign "Laser Array" ; cost 3, and Ann has 1 fuel
24. Ben: assign "Red Plating"
25. Ann: draft 1 "Red Plating"
26. Ben: assign "Fuel Cell" ; activates first: Ben can pay for both shields
27. Ann: draft 3 "Fuel Cell"
28. Ben: draft 1 "Twin Plasma Swords"
29. Ann: draft 2 Overdrive
30. Ben: draft 3 "Missile Swarm"
31. Ben: spend "Red Plating", spend "Prism Field" ; against the Missile Ann could not pay for

result: unfinished
