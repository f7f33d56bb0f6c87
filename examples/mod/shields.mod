; Shields (rule: upgrades stay in the play area "until you choose to
; discard it to prevent damage of its shield type (red shields prevent
; impact damage, blue shields prevent energy damage, and purple shields
; prevent either)"), with ruling MD12: "A player dealt damage that a shield
; in their play area could prevent chooses, in a turn of their own, to
; spend such a shield or to pass. ... A player with no shield that could
; prevent the damage takes it without a turn." By default (shield=hit) a
; spent shield prevents all the damage of one ability.
;
; Round 2: both players assign Targeting Scan (draw 2), to have three cards
; in hand in round 3. Round 3: Ben's Fuel Cell, Blue Barrier and Red
; Plating are placed after Ann's Missile Swarm, so they activate before it:
; Ben has 1 + 2 fuel, pays 1 for each shield, and both are in his play area
; when Missile Swarm's three abilities (1 impact damage each) resolve:
;   - the first: Ben passes (turn 31), keeping his Red Plating: 10 - 1 = 9;
;   - the second: Ben spends Red Plating, red against impact (turn 32);
;   - the third: Ben's only shield is Blue Barrier, which cannot prevent
;     impact damage, so there is no choice and no turn: 9 - 1 = 8.
; Round 4: Ben's Prism Field (cost 2, his 2 fuel) is placed after Ann's
; Missile and Laser, so it is in play when they activate:
;   - Missile, 2 impact damage: of Ben's Blue Barrier and Prism Field only
;     the purple Prism Field can prevent it (referee legal lists spend
;     "Prism Field" and pass), and Ben spends it (turn 43);
;   - Laser, 2 energy damage: Ben spends Blue Barrier, blue against energy
;     (turn 44).
; Each spent shield goes to Ben's discard pile (MD12), and is shuffled into
; his new deck in the reset. Ben ends on 8 durability. Clean; the game is
; unfinished.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "31160"]

1. Ann: draft 1 Laser
2. Ben: draft 2 "Red Plating"
3. Ann: draft 3 "Missile Swarm"
4. Ben: draft 2 "Blue Barrier"
5. Ann: draft 2 "Targeting Scan"
6. Ben: draft 1 "Fuel Cell"
7. Ann: draft 2 Missile
8. Ben: draft 1 "Prism Field"
9. Ann: draft 3 "Fuel Cell"
10. Ben: draft 1 "Targeting Scan"
11. Ben: assign "Targeting Scan" ; both draw 2 cards when these activate
12. Ann: assign "Targeting Scan"
13. Ben: draft 1 Laser
14. Ann: draft 2 Missile
15. Ben: draft 3 "Plasma Sword"
16. Ann: draft 1 "Plasma Sword"
17. Ben: draft 2 "Missile Swarm"
18. Ann: draft 3 "Blue Barrier"
19. Ben: draft 1 "Red Plating"
20. Ann: draft 2 "Blue Barrier"
21. Ann: assign "Missile Swarm" ; placed first: it activates last
22. Ben: assign "Red Plating"
23. Ann: assign "Fuel Cell"
24. Ben: assign "Blue Barrier"
25. Ann: draft 1 Missile
26. Ben: assign "Fuel Cell" ; activates before his shields: 1 + 2 fuel pays for both
27. Ann: draft 1 "Laser Array"
28. Ben: draft 1 "Twin Plasma Swords"
29. Ann: draft 2 Overdrive
30. Ben: draft 2 Overdrive
31. Ben: pass ; Missile Swarm's first 1 impact damage: Ben takes it
32. Ben: spend "Red Plating" ; the second: prevented. The third: only Blue Barrier is left, so no turn
33. Ben: draft 3 Laser
34. Ann: assign Laser
35. Ben: draft 3 Missile
36. Ann: assign Missile
37. Ben: assign "Prism Field" ; placed after Ann's Laser and Missile, so in play before they activate
38. Ann: draft 3 "Blue Barrier"
39. Ben: draft 3 Missile
40. Ann: draft 3 Laser
41. Ben: draft pile 1 "Plasma Sword"
42. Ann: draft pile 2 "Red Plating"
43. Ben: spend "Prism Field" ; purple against Missile's 2 impact damage
44. Ben: spend "Blue Barrier" ; blue against Laser's 2 energy damage

result: unfinished
