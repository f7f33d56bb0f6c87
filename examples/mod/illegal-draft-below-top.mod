; Illegal: on turn 2 Ben names Red Plating, the third card of shared deck 1,
; after Ann took its Laser. The top card is Missile: "Red Plating is not the
; top card of shared deck 1: the top card is Missile" (rule: "Draft: Choose
; the top card of a shared deck or shared discard pile"; ruling MD7: a draft
; "may name the card on top, draft 2 Laser, which must then be the card
; there").
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 1 Laser
2. Ben: draft 1 "Red Plating" ; the top card is Missile
