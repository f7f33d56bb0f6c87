; Illegal: on turn 11 Ben passes, to keep his only card, Blue Barrier, for
; a later round. But he could assign or eject it, or draft the top card of
; any shared deck or pile, and passing is allowed only to a player who can
; do none of these: "Ben can still place a card, so may not pass" (ruling
; MD6: "A player with priority who can neither assign, eject nor draft a
; card passes; passing is allowed only then."). He could keep his card by
; drafting instead. pass.mod shows a legal pass.
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
11. Ben: pass ; he can draft, so he may not pass
