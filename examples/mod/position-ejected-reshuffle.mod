; A position taken while an ejected card waits for its owner's choice
; ("activating ejected Laser", ruling MD21), and a seed part way through its
; shuffles: "seed step 120" says that the seed's generator has given 120
; numbers (MD23), as a position the referee writes says. Ann chooses to
; draw ("choose to either draw 1 card from your deck or gain 1 fuel"), and
; her deck is empty, so her discard pile is shuffled with the generator
; from step 120 to make it (MD9); the ejected Laser reaches her discard
; pile only after her choice, so it is not in that shuffle ("then add the
; ejected card to your discard pile"). The discard pile is listed top first;
; the shuffle puts Red Plating on top of the new deck, then Missile, then
; Plasma Sword.
;
; The stack is then empty: the reset (MD14) has Ben, who holds the
; initiative, draw Laser Array, and Ann draw Missile; each gains 1 fuel,
; and the initiative passes to Ann. Clean; Ann to move on turn 48 of round
; 7.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

Ann: durability 4, fuel 0, discard pile Missile "Plasma Sword" "Red Plating",
    activating ejected Laser
Ben: durability 3, fuel 5, initiative, deck "Laser Array", play area "Prism Field"
board: round 6, seed step 120

47. Ann: draw

result: unfinished
