; A full game won on durability (rule: "At any point, if your opponent has
; no durability remaining, the game ends immediately and you win!"). The
; moves are a random legal game (referee random), kept whole; the key
; moments, checked by hand against the report:
;   - turn 11: Ben assigns Twin Plasma Swords (cost 4) with 1 fuel. When it
;     activates it does nothing and goes to his discard pile, and he pays
;     nothing (ruling MD10, fuel=fizzle): both start round 3 with 2 fuel.
;   - round 3: Ann's Missile Swarm (cost 2, with her 2 fuel) deals Ben
;     1 + 1 + 1 impact damage: 7.
;   - round 4: Ben's Blue Barrier reaches his play area.
;   - round 5: the shared decks and piles run out. On turn 50 Ben has no
;     card and nothing to draft while Ann still has one: he passes (MD6).
;     Ann places her last card and the stack activates with six cards.
;     Her ejected Laser gives her a fourth fuel (turn 52), so her Laser
;     Array (cost 3) is paid: its first 2 energy damage Ben prevents with
;     Blue Barrier (turn 53, MD12); the next 2 and 1 he takes without a
;     turn, having no shield left: 4. Ben's Missile deals Ann 2: 8.
;   - round 6: Ann's Laser: Ben 2.
;   - round 7: on turn 59 Ann has no card and passes (MD6). Ben's Plasma
;     Sword deals her 3 energy damage (5), his Blue Barrier reaches his
;     play area, and Ann's Missile deals him 2 impact damage, which a blue
;     shield cannot prevent, so there is no choice: Ben has 0 durability.
; Ann wins on turn 60, the turn whose end set the activation going (MD13).
; The game ends at once, so Ann never pays her Missile's fuel: she ends on
; 2. Clean.
[Game "mod"]
[Event "random game"]
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
11. Ben: assign "Twin Plasma Swords" ; cost 4, and Ben has 1 fuel: it will fizzle
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
28. Ann: assign "Missile Swarm" ; Ben takes 1 + 1 + 1 impact damage: 7
29. Ben: draft pile 3 "Blue Barrier"
30. Ann: draft 1 Overdrive
31. Ben: draft 3 Missile
32. Ann: draw
33. Ben: fuel
34. Ben: draft 3 "Plasma Sword"
35. Ann: eject Laser
36. Ben: assign "Blue Barrier" ; to his play area
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
50. Ben: pass ; no card to place, while Ann has one
51. Ann: eject Laser
52. Ann: fuel ; 4 fuel: her Laser Array will be paid
53. Ben: spend "Blue Barrier" ; against the first 2 energy damage; he takes 2 + 1: 4. Ben's Missile: Ann 8
54. Ben: eject "Blue Barrier"
55. Ann: assign Laser ; Ben 2
56. Ben: draw
57. Ann: assign Missile
58. Ben: assign "Blue Barrier"
59. Ann: pass ; no card to place, while Ben has one
60. Ben: assign "Plasma Sword" ; Ann 5; then Ann's Missile: Ben 0

result: Ann wins
