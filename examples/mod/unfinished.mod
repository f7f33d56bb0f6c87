; A game stopped part way, in the middle of an activation, and recorded
; "result: unfinished": nobody has lost, so the referee agrees (docs/
; notation.md, The result), and reports Ben to move on turn 45.
;
; Rounds 2 and 3 are spent ejecting cards for fuel and a card, and
; drafting; round 4 starts with Ben assigning Twin Plasma Swords (cost 4),
; which he can pay with the 4 fuel he has. The stack was full after turn
; 44; the five drafts placed last have activated by themselves, into the
; discard piles, and the game stopped at Ben's choice for his ejected
; Plasma Sword (the report's choice row; ruling MD5). Still in the stack,
; to activate in this order: Ann's drafted Laser, Ben's drafted Prism
; Field, Ann's ejected Blue Barrier (another choice), and Ben's Twin Plasma
; Swords, placed first. Both players are on 10 durability. Clean.
[Game "mod"]
[Event "Club night, stopped at closing time"]
[Players "Ann" "Ben"]
[Seed "10342009793269020262"]

1. Ann: draft 2 "Blue Barrier"
2. Ben: draft 3 "Blue Barrier"
3. Ann: draft 3 "Red Plating"
4. Ben: draft 1 "Twin Plasma Swords"
5. Ann: draft 2 "Missile Swarm"
6. Ben: draft 3 "Red Plating"
7. Ann: draft 1 Missile
8. Ben: draft 3 "Blue Barrier"
9. Ann: draft 3 Missile
10. Ben: draft 2 "Plasma Sword"
11. Ben: eject "Red Plating"
12. Ann: eject Missile
13. Ben: draft 1 "Fuel Cell"
14. Ann: draft 3 Overdrive
15. Ben: draft pile 2 Overdrive
16. Ann: draft 1 "Blue Barrier"
17. Ben: draft 1 Missile
18. Ann: draft 3 Laser
19. Ben: draft 3 Laser
20. Ann: draft 3 Missile
21. Ann: fuel ; round 2's two ejected cards: fuel for both
22. Ben: fuel
23. Ann: draft 2 "Blue Barrier"
24. Ben: eject "Blue Barrier"
25. Ann: eject "Red Plating"
26. Ben: draft 3 "Plasma Sword"
27. Ann: draft 2 "Red Plating"
28. Ben: draft pile 1 "Missile Swarm"
29. Ann: draft pile 2 Missile
30. Ben: draft 2 Laser
31. Ann: draft pile 1 "Laser Array"
32. Ben: draft 1 "Red Plating"
33. Ann: fuel
34. Ben: draw
35. Ben: assign "Twin Plasma Swords" ; round 4: placed first, activates last
36. Ann: eject "Blue Barrier"
37. Ben: draft pile 3 "Prism Field"
38. Ann: draft pile 1 Laser
39. Ben: eject "Plasma Sword"
40. Ann: draft pile 2 "Fuel Cell"
41. Ben: draft pile 3 "Red Plating"
42. Ann: draft 2 "Targeting Scan"
43. Ben: draft 2 "Targeting Scan"
44. Ann: draft 2 "Plasma Sword" ; the tenth card: the stack activates

result: unfinished
