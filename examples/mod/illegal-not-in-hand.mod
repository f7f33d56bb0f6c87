; Illegal: after round 1 Ben's hand is one card, Blue Barrier; the other
; four cards he drafted are in his personal deck, Plasma Sword among them.
; On turn 11 he ejects Plasma Sword, which he has drafted but not drawn:
; "Plasma Sword is not in Ben's hand" (rule: "Eject: Place one card from
; your hand face-down into the stack"). A drafted card reaches the hand
; only when it is drawn from the deck (rulings MD8 and MD9).
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 1 Laser
2. Ben: draft 3 "Twin Plasma Swords"
3. Ann: draft 2 "Fuel Cell"
4. Ben: draft 1 Missile
5. Ann: draft 2 "Prism Field"
6. Ben: draft 3 "Blue Barrier"
7. Ann: draft 1 "Red Plating"
8. Ben: draft 3 "Plasma Sword"
9. Ann: draft 2 "Blue Barrier"
10. Ben: draft 2 "Plasma Sword"
11. Ben: eject "Plasma Sword" ; it is in his deck, not his hand
