; A score sheet begun late, in round 3: the position gives what the table
; shows, and counts where the order of a face-down deck is not known. "deck
; 4" and "shared 1 6" say how many cards, not which: the cards the position
; names nowhere are shuffled with the seed and dealt, the first player's
; deck first, then the second's, then shared decks 1, 2 and 3 (ruling MD23:
; "Only a deck may be declared by a count of its cards."). The four cards
; left over are out of the game (MD21). Ben holds the initiative and placed
; the first card of the round, in slot 1 ("The player with the initiative
; token ... gains first priority"), so turn 22 is Ann's.
;
; The stack fills on turn 30 (five cards a side) and activates, the last
; placed first (rule: "Activate cards in the opposite order that they were
; placed into the stack"): the six drafted cards go to their drafters'
; discard piles, and Ann chooses to draw for her ejected Red Plating (turn
; 31, MD5). Ben's Laser deals Ann 2 energy damage (8 to 6), Ann's Missile
; deals Ben 2 impact damage, which Blue Barrier cannot prevent (7 to 5),
; and Ben's Plasma Sword, with 1 fuel left for its cost of 2, does nothing
; (MD10, fuel=fizzle). In the reset Ben draws first, as he holds the
; initiative (MD14), which then passes to Ann. Clean; Ann to move on turn
; 32 of round 4.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "2026"]

Ann: durability 8, fuel 1, hand Missile "Red Plating", deck 4
Ben: durability 7, fuel 2, initiative, hand Laser, deck 3,
    discard pile "Fuel Cell", play area "Blue Barrier",
    slot 1 assigned "Plasma Sword"
board: round 3, shared 1 6, shared 2 6, shared pile 2 Overdrive, shared 3 6

22. Ann: assign Missile
23. Ben: assign Laser
24. Ann: eject "Red Plating"
25. Ben: draft 1
26. Ann: draft 2
27. Ben: draft pile 2 Overdrive
28. Ann: draft 3
29. Ben: draft 3
30. Ann: draft 1
31. Ann: draw

result: unfinished
