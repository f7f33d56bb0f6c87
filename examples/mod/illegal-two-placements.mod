; Illegal: Ann drafts two cards in her first priority. One card is placed
; each time, and priority passes: "Ann has already placed a card this turn;
; priority passes to Ben" (rule: "After you assign, eject, or draft a card
; into the stack, pass priority to the next player."; ruling MD4: "Each
; priority in the command phase is one numbered turn, with one move").
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 1 Laser, draft 2 "Fuel Cell" ; one card a priority
