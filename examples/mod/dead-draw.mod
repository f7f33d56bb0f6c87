; A dead game, drawn by ruling MD16: "When a command phase begins and
; neither player can place a card, the game is a draw." The game uses
; dead.cards, whose only cards are three Red Platings (cost 1): with no
; action, nobody can be damaged, and a shield leaves the play area only
; when it is spent against damage.
;
; Round 1: Ann drafts two Platings and Ben one; then the shared decks are
; empty and so are both hands, so the command phase ends (MD6). In the
; reset each player draws one Plating (MD9) and gains 1 fuel. Round 2 (Ben
; has the initiative): each assigns their Plating, pays 1 fuel, and it
; reaches the play area. In the reset Ben has nothing left to draw (MD9:
; "With both empty, no card is drawn"); Ann draws her last Plating. Round 3:
; Ann assigns it, and the command phase ends at once, since Ben has no card
; and nothing to draft. After the reset, every card is in a play area (two
; in Ann's, one in Ben's), both hands, decks and discard piles and all the
; shared decks and piles are empty: round 4's command phase begins with
; neither player able to place a card, and the game is a draw, on turn 6.
;
; The recorded "result: draw" agrees: the rules give the draw.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "1"]
[Catalogue "dead.cards"]

1. Ann: draft 1 "Red Plating"
2. Ben: draft 2 "Red Plating"
3. Ann: draft 3 "Red Plating" ; the shared decks are empty and hands too: the stack activates
4. Ben: assign "Red Plating" ; 1 fuel each: both Platings reach the play areas
5. Ann: assign "Red Plating"
6. Ann: assign "Red Plating" ; the last card that can move: after this round the game is dead

result: draw
