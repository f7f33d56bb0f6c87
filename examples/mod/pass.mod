; Passing, and a command phase that ends before the stack is full (ruling
; MD6: "A player with priority who can neither assign, eject nor draft a
; card passes; passing is allowed only then. ... The command phase ends
; when both sides are full, or when neither player can place a card; the
; activation then resolves the cards there are."). The game uses
; tiny.cards, six shared cards, two to a shared deck.
;
; Round 1: the six drafts empty the shared decks; with empty hands neither
; player can place, so the stack activates with three cards a side, and the
; reset discards nothing from the empty shared decks (MD11).
; Round 2: Ben ejects his only card and Ann assigns hers; the phase ends
; with one card a side. Ann's Laser deals Ben 2 energy damage (8), and Ben's
; ejected Missile gives him a card (turn 9), so he starts round 3 with two
; cards to Ann's one.
; Round 3: after Ann's Laser and Ben's Missile, Ann has priority with an
; empty hand and nothing to draft, while Ben can still place: she passes
; (turn 12; referee legal lists pass as her only move). Ben places his last
; card, and the stack activates with one card on Ann's side and two on
; Ben's: his Fuel Cell (+2 fuel), his Missile (Ann 10 - 2 = 8), Ann's Laser
; (Ben 8 - 2 = 6). Clean; the game is unfinished.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "5"]
[Catalogue "tiny.cards"]

1. Ann: draft 1 Laser
2. Ben: draft 2 "Fuel Cell"
3. Ann: draft 3 "Fuel Cell"
4. Ben: draft 2 Missile
5. Ann: draft 1 Laser
6. Ben: draft 3 Missile ; every shared card is in the stack: neither can place, and the stack activates with three a side
7. Ben: eject Missile ; round 2: one card each, and the shared decks are empty
8. Ann: assign Laser ; one card a side, and the command phase is over
9. Ben: draw ; Ann's Laser has hit Ben: 10 - 2 = 8; Ben draws Fuel Cell
10. Ann: assign Laser
11. Ben: assign Missile
12. Ann: pass ; no card in hand, none to draft: the only legal move
13. Ben: assign "Fuel Cell" ; then neither can place: the stack activates with three cards

result: unfinished
