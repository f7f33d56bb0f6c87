; Illegal: a draft from an empty shared deck. Round 1 drafts ten cards from
; shared deck 1, the reset discards its eleventh, and on turn 11 Ben takes
; its last. On turn 12 Ann drafts from it: "shared deck 1 is empty" (rule:
; "Draft: Choose the top card of a shared deck or shared discard pile";
; ruling MD11: "A shared deck that runs out stays empty: it cannot be
; drafted from"). Its discard pile, with a Laser on top, could still be
; drafted from, with "draft pile 1". draft-pile.mod has the same first
; eleven turns.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 1 Laser
2. Ben: draft 1 Missile
3. Ann: draft 1 "Red Plating"
4. Ben: draft 1 "Laser Array"
5. Ann: draft 1 "Blue Barrier"
6. Ben: draft 1 "Targeting Scan"
7. Ann: draft 1 "Fuel Cell"
8. Ben: draft 1 "Fuel Cell"
9. Ann: draft 1 Missile
10. Ben: draft 1 Overdrive
11. Ben: draft 1 Missile
12. Ann: draft 1 ; deck 1 has run out
