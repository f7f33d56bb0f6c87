; ann-wins.mod's game, recorded at a table without a seed: every card the
; table revealed is written where it was revealed (ruling MD24), the
; shared decks' tops after each draft and each reset, and every card
; drawn: the reset's draws at the start of the next round's first turn,
; the card an ejected card's draw gives with the choice (turn 21:
; draw "Missile Swarm", the choice and its card in one move), and the
; cards an action's draw ability gives. No card is unknown: the referee
; checks each card drawn against the cards shuffled into that player's
; deck (ruling MD28), and each top against the shared cards not yet seen.
; The result is ann-wins.mod's, reached on the same turn: Ann wins on
; turn 60 (rule: "At any point, if your opponent has no durability
; remaining, the game ends immediately and you win!"). Clean.
[Game "mod"]
[Event "table game"]
[Players "Ann" "Ben"]

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
11. Ben: Ann draw "Plasma Sword", draw "Twin Plasma Swords", top 1 "Fuel Cell",
    top 2 "Blue Barrier", top 3 "Red Plating", assign "Twin Plasma Swords"
12. Ann: eject "Plasma Sword"
13. Ben: draft pile 1 "Blue Barrier"
14. Ann: draft 3 "Red Plating", top 3 Missile
15. Ben: draft pile 3 "Missile Swarm"
16. Ann: draft 1 "Fuel Cell", top 1 "Red Plating"
17. Ben: draft pile 2 Laser
18. Ann: draft 2 "Blue Barrier", top 2 "Targeting Scan"
19. Ben: draft 3 Missile, top 3 "Blue Barrier"
20. Ann: draft 2 "Targeting Scan", top 2 "Targeting Scan"
21. Ann: draw "Missile Swarm"
22. Ann: Ben draw "Red Plating", draw Missile, top 1 "Fuel Cell",
    top 2 "Plasma Sword", top 3 "Red Plating", draft 2 "Plasma Sword",
    top 2 Laser
23. Ben: eject "Red Plating"
24. Ann: eject Missile
25. Ben: draft 3 "Red Plating", top 3 Missile
26. Ann: draft pile 1 "Red Plating"
27. Ben: draft 1 "Fuel Cell", top 1 Overdrive
28. Ann: assign "Missile Swarm"
29. Ben: draft pile 3 "Blue Barrier"
30. Ann: draft 1 Overdrive, top 1 "Prism Field"
31. Ben: draft 3 Missile, top 3 Laser
32. Ann: draw "Laser Array"
33. Ben: fuel
34. Ben: Ann draw Laser, draw "Blue Barrier", top 1 Laser, top 2 "Prism Field",
    top 3 "Plasma Sword", draft 3 "Plasma Sword", top 3 Missile
35. Ann: eject Laser
36. Ben: assign "Blue Barrier"
37. Ann: draft 3 Missile
38. Ben: draft 2 "Prism Field", top 2 "Fuel Cell"
39. Ann: draft 1 Laser, top 1 Overdrive
40. Ben: draft pile 3 Laser
41. Ann: draft pile 2 Laser
42. Ben: draft pile 1 "Prism Field"
43. Ann: draft 1 Overdrive
44. Ann: fuel
45. Ann: Ben draw Missile, draw Laser, top 2 "Red Plating",
    draft pile 2 "Fuel Cell"
46. Ben: assign Missile
47. Ann: draft pile 2 "Targeting Scan"
48. Ben: draft 2 "Red Plating"
49. Ann: assign "Laser Array"
50. Ben: pass
51. Ann: eject Laser
52. Ann: fuel
53. Ben: spend "Blue Barrier"
54. Ben: Ann draw Laser, draw "Blue Barrier", eject "Blue Barrier"
55. Ann: assign Laser
56. Ben: draw "Blue Barrier"
57. Ann: Ben draw "Plasma Sword", draw Missile, assign Missile
58. Ben: assign "Blue Barrier"
59. Ann: pass
60. Ben: assign "Plasma Sword"

result: Ann wins
