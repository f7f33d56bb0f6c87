; Illegal: a turn written after the game ended. This is ben-wins.mod with
; one more turn: Ben's Plasma Sword brought Ann to 0 durability as the
; stack activated after turn 61, and the game ended there (rule: "the game
; ends immediately"; ruling MD13: "the cards left in the stack do not
; resolve"). So Ann's ejected Prism Field never activates, and there is no
; choice to make for it. The scorer wrote one anyway: "the game is over: it
; ended on turn 61".
[Game "mod"]
[Event "random game"]
[Players "Ann" "Ben"]
[Seed "14103010035660836314"]

1. Ann: draft 3 "Targeting Scan"
2. Ben: draft 1 "Twin Plasma Swords"
3. Ann: draft 2 "Red Plating"
4. Ben: draft 2 Laser
5. Ann: draft 3 Laser
6. Ben: draft 3 "Fuel Cell"
7. Ann: draft 1 "Missile Swarm"
8. Ben: draft 3 Overdrive
9. Ann: draft 1 "Fuel Cell"
10. Ben: draft 1 "Red Plating"
11. Ben: draft pile 1 "Plasma Sword"
12. Ann: assign "Red Plating"
13. Ben: assign Laser
14. Ann: draft pile 2 "Missile Swarm"
15. Ben: draft 3 "Laser Array"
16. Ann: draft 1 "Blue Barrier"
17. Ben: draft 3 Laser
18. Ann: draft 2 "Red Plating"
19. Ben: draft 2 "Blue Barrier"
20. Ann: draft 3 Overdrive
21. Ann: assign Laser
22. Ben: draft 2 "Plasma Sword"
23. Ann: draft pile 3 Laser
24. Ben: assign "Red Plating"
25. Ann: draft pile 2 Missile
26. Ben: draft pile 3 "Blue Barrier"
27. Ann: draft 1 "Fuel Cell"
28. Ben: draft 3 "Blue Barrier"
29. Ann: draft pile 1 Missile
30. Ben: draft 3 "Plasma Sword"
31. Ben: eject "Twin Plasma Swords"
32. Ann: eject "Targeting Scan"
33. Ben: draft 1 Missile
34. Ann: draft pile 2 "Prism Field"
35. Ben: draft 1 Missile
36. Ann: draft pile 1 "Red Plating"
37. Ben: draft pile 3 "Blue Barrier"
38. Ann: draft 1 Laser
39. Ben: draft 2 Missile
40. Ann: draft 2 "Prism Field"
41. Ann: fuel
42. Ben: fuel
43. Ann: draft pile 2 "Red Plating"
44. Ben: draft 2 "Targeting Scan"
45. Ann: eject "Fuel Cell"
46. Ben: assign "Fuel Cell"
47. Ann: fuel
48. Ben: assign Overdrive
49. Ann: assign "Missile Swarm"
50. Ben: spend "Red Plating"
51. Ann: pass
52. Ann: assign Laser
53. Ben: assign Missile
54. Ann: pass
55. Ben: assign "Blue Barrier"
56. Ann: pass
57. Ben: spend "Blue Barrier"
58. Ben: assign "Plasma Sword"
59. Ann: assign Laser
60. Ann: eject "Prism Field"
61. Ben: assign "Plasma Sword"
62. Ann: fuel ; for her ejected Prism Field, which never activates
