; Illegal: Ann's Missile Swarm deals Ben 1 impact damage, and Ben spends
; Prism Field, which would prevent it, but which is in his deck, not his
; play area: "Prism Field is not in Ben's play area" (rule: upgrades stay in
; "your personal play area, staying there until you choose to discard it to
; prevent damage of its shield type"; ruling MD12: "A player dealt damage
; that a shield in their play area could prevent chooses ... to spend such
; a shield or to pass"). Only an upgrade that has been assigned and paid
; for is in play. shields.mod has the same first thirty turns.
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
11. Ben: assign "Targeting Scan"
12. Ann: assign "Targeting Scan"
13. Ben: draft 1 Laser
14. Ann: draft 2 Missile
15. Ben: draft 3 "Plasma Sword"
16. Ann: draft 1 "Plasma Sword"
17. Ben: draft 2 "Missile Swarm"
18. Ann: draft 3 "Blue Barrier"
19. Ben: draft 1 "Red Plating"
20. Ann: draft 2 "Blue Barrier"
21. Ann: assign "Missile Swarm"
22. Ben: assign "Red Plating"
23. Ann: assign "Fuel Cell"
24. Ben: assign "Blue Barrier"
25. Ann: draft 1 Missile
26. Ben: assign "Fuel Cell"
27. Ann: draft 1 "Laser Array"
28. Ben: draft 1 "Twin Plasma Swords"
29. Ann: draft 2 Overdrive
30. Ben: draft 2 Overdrive
31. Ben: spend "Prism Field" ; still in his deck
