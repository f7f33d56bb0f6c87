; Round 1, and the reset that ends it. Nothing is dealt to the players
; (ruling MD1: "Each player starts with 10 durability, 0 fuel, and an empty
; personal deck, hand, discard pile and play area"), so with empty hands the
; only option either has is to draft (rule: "Draft: Choose the top card of a
; shared deck or shared discard pile"). Ann holds the initiative token in
; round 1, since she is named first in the Players tag (MD1).
;
; When the stack is full (five cards a side) the drafted cards activate,
; the last placed first, and each goes to its drafter's discard pile (rule:
; "If a card on your side of the stack is drafted ..., add that card to your
; personal discard pile"; MD8). In the reset Ann, who holds the initiative,
; draws first (MD14): her deck is empty, so her discard pile is shuffled to
; make it (MD9: "When a player must draw from an empty personal deck, they
; shuffle their discard pile, and it becomes their deck; then they draw").
; Then Ben does the same. The report shows each with 1 card in hand, 4 in
; the deck, an empty discard pile and 1 fuel. The seed's shuffles put
; Ann's third draft (Prism Field) and Ben's third draft (Blue Barrier) on
; top of the new decks.
;
; The initiative token passes to Ben, so the next turn (11) is his, and the
; top card of each shared deck is discarded to its pile in deck order
; (MD14): Laser Array, Laser and Plasma Sword start the three piles. Clean;
; the game is unfinished, with Ben to move on turn 11.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 1 Laser ; hands are empty: both players draft
2. Ben: draft 3 "Twin Plasma Swords"
3. Ann: draft 2 "Fuel Cell"
4. Ben: draft 1 Missile
5. Ann: draft 2 "Prism Field"
6. Ben: draft 3 "Blue Barrier"
7. Ann: draft 1 "Red Plating"
8. Ben: draft 3 "Plasma Sword"
9. Ann: draft 2 "Blue Barrier"
10. Ben: draft 2 "Plasma Sword" ; the stack is full: the ten drafts go to the discard piles, then the reset

result: unfinished
