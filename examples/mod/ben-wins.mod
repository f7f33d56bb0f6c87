; A full game won on durability (rule: "At any point, if your opponent has
; no durability remaining, the game ends immediately and you win!"). The
; moves are a random legal game (referee random), kept whole; the key
; moments, checked by hand against the report:
;   - round 2: Ben's Laser, placed after Ann's Red Plating, activates
;     first: Ann has no shield yet and takes 2 energy damage (8); then her
;     Red Plating reaches her play area.
;   - round 3: Ben's Red Plating is in play when Ann's Laser hits him, but
;     red does not stop energy damage: no choice, no turn (ruling MD12): 8.
;   - round 5: the shared decks and piles run out, and the command phase
;     ends with four cards in the stack (MD6). Ben's Fuel Cell gives 2 fuel.
;   - round 6: Ann's Missile Swarm: Ben spends Red Plating against the first
;     1 impact damage (turn 50) and takes the other two: 6. Ben's Overdrive
;     gives him 1 fuel and a card, then deals 1 impact damage: Ann passes,
;     keeping her Red Plating (turn 51): 7.
;   - round 7: Ann has no card and passes her priority (turn 54, MD6). Ben's
;     Missile: Ann passes again (turn 56): 5. Ann's Laser: Ben spends the
;     Blue Barrier he has just put in play (turn 57).
;   - round 8: Ann's Laser: Ben 4. Ben's Plasma Sword: 3 energy damage,
;     which Ann's red shield cannot prevent: 2.
;   - round 9: Ben's Plasma Sword, placed last, activates first: Ann 0.
; Ben wins on turn 61, the turn whose end set the activation going, and
; Ann's ejected Prism Field, still in the stack, never activates (MD13:
; "the cards left in the stack do not resolve"). Clean.
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
13. Ben: assign Laser ; activates before Ann's Red Plating: Ann 8
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
24. Ben: assign "Red Plating" ; in play before Ann's Laser, but red: Ben 8
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
46. Ben: assign "Fuel Cell" ; the shared cards are gone: the stack activates with four cards
47. Ann: fuel
48. Ben: assign Overdrive
49. Ann: assign "Missile Swarm"
50. Ben: spend "Red Plating" ; against Missile Swarm's first 1 impact damage; Ben takes the other two: 6
51. Ann: pass ; against Overdrive's 1 impact damage: 7
52. Ann: assign Laser
53. Ben: assign Missile
54. Ann: pass ; no card to place, while Ben has one
55. Ben: assign "Blue Barrier"
56. Ann: pass ; against Ben's Missile: 5
57. Ben: spend "Blue Barrier" ; against Ann's Laser
58. Ben: assign "Plasma Sword"
59. Ann: assign Laser ; Ben 4; then Ben's Plasma Sword: Ann 2
60. Ann: eject "Prism Field"
61. Ben: assign "Plasma Sword" ; Ann 0

result: Ben wins
