; The recorded result disagrees with the rules. This is ann-wins.mod
; without its last turn: the scorer, seeing that Ann's Missile would finish
; Ben (2 durability) and that Ann had no card left, wrote "Ann wins" after
; her pass on turn 59. But the command phase was not over: Ben still had
; his Plasma Sword to place, and nothing has activated yet. Ben is on 2,
; Ann on 8, and nobody has lost (rule: "if your opponent has no durability
; remaining, the game ends immediately and you win!"). The moves are all
; legal; the referee reports the result line: "the recorded result "Ann
; wins" disagrees with the rules: unfinished: Ben to move on turn 60".
[Game "mod"]
[Event "random game, scored in a hurry"]
[Players "Ann" "Ben"]
[Seed "11012009786045520870"]

1. Ann: draft 3 "Laser Array"
2. Ben: draft 1 "Blue Barrier"
3. Ann: draft 2 "Plasma Sword"
4. Ben: draft 3 Missile
5. Ann: draft 1 Laser
6. Ben: draft 2 "Red Plating"
7. Ann: draft 1 Missile
8. Ben: draft 2 "Blue Barrier"
9. Ann: draft 3 "Missile Swarm"
10. Ben: draft 1 "Twin Plasma Swords"
11. Ben: assign "Twin Plasma Swords"
12. Ann: eject "Plasma Sword"
13. Ben: draft pile 1 "Blue Barrier"
14. Ann: draft 3 "Red Plating"
15. Ben: draft pile 3 "Missile Swarm"
16. Ann: draft 1 "Fuel Cell"
17. Ben: draft pile 2 Laser
18. Ann: draft 2 "Blue Barrier"
19. Ben: draft 3 Missile
20. Ann: draft 2 "Targeting Scan"
21. Ann: draw
22. Ann: draft 2 "Plasma Sword"
23. Ben: eject "Red Plating"
24. Ann: eject Missile
25. Ben: draft 3 "Red Plating"
26. Ann: draft pile 1 "Red Plating"
27. Ben: draft 1 "Fuel Cell"
28. Ann: assign "Missile Swarm"
29. Ben: draft pile 3 "Blue Barrier"
30. Ann: draft 1 Overdrive
31. Ben: draft 3 Missile
32. Ann: draw
33. Ben: fuel
34. Ben: draft 3 "Plasma Sword"
35. Ann: eject Laser
36. Ben: assign "Blue Barrier"
37. Ann: draft 3 Missile
38. Ben: draft 2 "Prism Field"
39. Ann: draft 1 Laser
40. Ben: draft pile 3 Laser
41. Ann: draft pile 2 Laser
42. Ben: draft pile 1 "Prism Field"
43. Ann: draft 1 Overdrive
44. Ann: fuel
45. Ann: draft pile 2 "Fuel Cell"
46. Ben: assign Missile
47. Ann: draft pile 2 "Targeting Scan"
48. Ben: draft 2 "Red Plating"
49. Ann: assign "Laser Array"
50. Ben: pass
51. Ann: eject Laser
52. Ann: fuel
53. Ben: spend "Blue Barrier"
54. Ben: eject "Blue Barrier"
55. Ann: assign Laser
56. Ben: draw
57. Ann: assign Missile
58. Ben: assign "Blue Barrier"
59. Ann: pass ; the scorer stops here, one turn early

result: Ann wins
