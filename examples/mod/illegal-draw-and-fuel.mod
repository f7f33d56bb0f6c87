; Illegal: Ben chooses both for his ejected Fuel Cell, a card and a fuel.
; It is one or the other (rule: "choose to either draw 1 card from your deck
; or gain 1 fuel, then add the ejected card to your discard pile"): "Ben has
; already chosen for the ejected Fuel Cell: it is one or the other".
; eject-choices.mod has the same first twenty turns, and Ben's draw.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "50"]

1. Ann: draft 2 "Laser Array"
2. Ben: draft 1 Missile
3. Ann: draft 2 "Plasma Sword"
4. Ben: draft 3 "Blue Barrier"
5. Ann: draft 2 "Red Plating"
6. Ben: draft 3 "Targeting Scan"
7. Ann: draft 2 Laser
8. Ben: draft 1 "Plasma Sword"
9. Ann: draft 3 Missile
10. Ben: draft 1 "Fuel Cell"
11. Ben: eject "Fuel Cell"
12. Ann: draft 1 "Blue Barrier"
13. Ben: draft 2 "Blue Barrier"
14. Ann: draft 3 Laser
15. Ben: draft 1 "Fuel Cell"
16. Ann: draft 1 "Targeting Scan"
17. Ben: draft 2 Overdrive
18. Ann: draft 3 "Twin Plasma Swords"
19. Ben: draft 1 Laser
20. Ann: draft 2 "Prism Field"
21. Ben: draw, fuel ; one or the other
