; Illegal: a sixth card. On turn 20 Ann places the tenth card, and the
; command phase is over (rule: "Once there are five cards on each side of
; the stack (ten cards in total), the command phase ends. Proceed to the
; activation phase."). The drafts activate by themselves, and the stack
; stops at Ben's ejected Fuel Cell, for which Ben is to choose: turn 21 is
; his, as the choice's (ruling MD5). Ben uses it to draft another card:
; "the command phase is over, with five cards on each side of the stack,
; and the stack is activating: Ben chooses to draw 1 card or gain 1 fuel
; for the ejected Fuel Cell". eject-choices.mod has the same first twenty
; turns, and Ben's draw on turn 21.
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
21. Ben: draft 3 Overdrive ; his side already has five cards
