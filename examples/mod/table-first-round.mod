; The first round of first-round.mod, recorded at a table without a seed:
; the cards were shuffled by hand, so the transcript writes each card the
; table reveals where it is revealed (ruling MD24: "Without a Seed tag, the
; transcript writes each card the table reveals where it is revealed,
; before the next move."). The board line gives the three face-up decks'
; first top cards ("The shared decks' first top cards are written on the
; board line, before the first turn."); each draft from a deck is followed
; by the card that comes to its top (top 1 Missile). The stack fills on
; turn 10 and activates as the turn ends, and the reset (MD14) has Ann,
; who holds the initiative, draw first from her discard pile shuffled by
; hand, then Ben, and discards each deck's top: those cards, the two
; draws and the three new tops, open turn 11, Ben's (Ann's draw is
; written with her name, Ann draw "Prism Field"); then Ben assigns the
; card he drew, and the game is stopped. The hands, decks and shared decks
; are first-round.mod's, card for card: the same game, without its seed.
; Clean; Ann to move on turn 12.
[Game "mod"]
[Players "Ann" "Ben"]

board: top 1 Laser, top 2 "Fuel Cell", top 3 "Twin Plasma Swords"

1. Ann: draft 1 Laser, top 1 Missile
2. Ben: draft 3 "Twin Plasma Swords", top 3 "Blue Barrier"
3. Ann: draft 2 "Fuel Cell", top 2 "Prism Field"
4. Ben: draft 1 Missile, top 1 "Red Plating"
5. Ann: draft 2 "Prism Field", top 2 "Blue Barrier"
6. Ben: draft 3 "Blue Barrier", top 3 "Plasma Sword"
7. Ann: draft 1 "Red Plating", top 1 "Laser Array"
8. Ben: draft 3 "Plasma Sword", top 3 "Plasma Sword"
9. Ann: draft 2 "Blue Barrier", top 2 "Plasma Sword"
10. Ben: draft 2 "Plasma Sword", top 2 Laser
11. Ben: Ann draw "Prism Field", draw "Blue Barrier", top 1 "Blue Barrier",
    top 2 "Missile Swarm", top 3 "Red Plating", assign "Blue Barrier"

result: unfinished
