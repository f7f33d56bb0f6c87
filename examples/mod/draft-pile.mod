; Drafting from the shared discard piles, and a shared deck that runs out
; (rule: "Draft: Choose the top card of a shared deck or shared discard
; pile"; ruling MD11: "A shared deck that runs out stays empty: it cannot be
; drafted from, the reset discards nothing from it, and its discard pile is
; not turned over to make it again. Its discard pile can still be drafted
; from.").
;
; Round 1: all ten drafts come from shared deck 1, which keeps 2 of its 12
; cards; the reset discards the top card of each deck to its pile (MD14),
; so deck 1 keeps 1 card and pile 1 holds a Laser. Round 2: Ben takes the
; last card of deck 1 (turn 11), and Ann drafts the top of pile 3, the Twin
; Plasma Swords the reset put there (turn 12). In the reset, deck 1 has
; nothing to discard, and pile 1 stays as it was, its Laser not turned over
; to make a new deck 1. Round 3: referee legal lists no draft from deck 1,
; but "draft pile 1 Laser", which Ann takes (turn 21). Pile 2 has had two
; resets' discards, Fuel Cell and then Missile Swarm; its top is the later
; one, which Ben drafts (turn 22). Drafting "draft 1" now is illegal
; (illegal-draft-empty.mod). Clean; the game is unfinished.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 1 Laser ; round 1: every draft from shared deck 1
2. Ben: draft 1 Missile
3. Ann: draft 1 "Red Plating"
4. Ben: draft 1 "Laser Array"
5. Ann: draft 1 "Blue Barrier"
6. Ben: draft 1 "Targeting Scan"
7. Ann: draft 1 "Fuel Cell"
8. Ben: draft 1 "Fuel Cell"
9. Ann: draft 1 Missile
10. Ben: draft 1 Overdrive
11. Ben: draft 1 Missile ; the last card of shared deck 1
12. Ann: draft pile 3 "Twin Plasma Swords" ; the card the reset discarded from deck 3
13. Ben: draft 2 "Prism Field"
14. Ann: draft 3 "Blue Barrier"
15. Ben: draft 2 "Blue Barrier"
16. Ann: draft 3 "Plasma Sword"
17. Ben: draft 2 "Plasma Sword"
18. Ann: draft 3 "Plasma Sword"
19. Ben: draft 2 Laser
20. Ann: draft 3 "Red Plating"
21. Ann: draft pile 1 Laser ; deck 1 is empty, its pile is not
22. Ben: draft pile 2 "Missile Swarm" ; the top of pile 2: the last card discarded to it

result: unfinished
