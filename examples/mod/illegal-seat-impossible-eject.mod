; Illegal: a later reveal proves an earlier record impossible.
; seat-ann-wins.mod's game from Ann's seat, but on turn 23 the record
; names the card Ben ejected face down: eject Missile, as Ann guessed it
; (ruling MD26: the other player's ejected cards "may be written ? or by
; name"). Ben has three Missiles: the one he drafted on turn 4, in the
; deck he drew from in turn 22's reset, and those he drafted on turns 19
; and 31, which went to his discard pile. The ejected Missile goes there
; too (rule: "then add the ejected card to your discard pile"). On turn 46
; Ben assigns a Missile, face up, from his hand of one unknown card: it
; cannot be one, for all three of his Missiles are in his discard pile
; (ruling MD28: "A card written by name where an unknown card must be it
; must be one that could be there."): "Ben cannot hold Missile: every
; Missile of Ben's is seen: 3 in Ben's discard pile". The guess of turn 23
; was wrong; seat-ann-wins.mod writes it ?.
[Game "mod"]
[Event "table game"]
[Players "Ann" "Ben"]
[Perspective "Ann"]

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
11. Ben: Ann draw "Plasma Sword", draw ?, top 1 "Fuel Cell",
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
22. Ann: Ben draw ?, draw Missile, top 1 "Fuel Cell", top 2 "Plasma Sword",
    top 3 "Red Plating", draft 2 "Plasma Sword", top 2 Laser
23. Ben: eject Missile
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
34. Ben: Ann draw Laser, draw ?, top 1 Laser, top 2 "Prism Field",
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
45. Ann: Ben draw ?, draw Laser, top 2 "Red Plating", draft pile 2 "Fuel Cell"
46. Ben: assign Missile
