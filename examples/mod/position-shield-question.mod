; A ruling question, from a position taken in the activation: Ann's
; assigned Missile Swarm is activating, and its second ability deals Ben 1
; impact damage. The position says so on Ann's line, "activating assigned
; "Missile Swarm" ability 2" (ruling MD21: "A card is declared activating
; only while a choice waits for it: ... an assigned action, at an ability
; whose damage the opponent holds a shield against"), and the turn is
; Ben's: he holds Red Plating, a red shield ("red shields prevent impact
; damage"). Cards the position names nowhere are out of the game (MD21).
;
; Ben spends Red Plating, which prevents all the damage of that ability
; (MD12, shield=hit) and goes to his discard pile. The third ability's 1
; impact damage he takes without a turn, since Blue Barrier does not
; prevent impact damage: 6 to 5. Ann pays the Swarm's 2 fuel (3 to 1). Then
; the stack activates on, the last placed first: Ann's Missile in slot 2
; deals 2 impact damage (5 to 3) and costs her last fuel, and Ben's drafted
; Laser in slot 1 goes to his discard pile. In the reset (MD14) Ann, who
; holds the initiative, draws from an empty deck, so her discard pile is
; shuffled with the seed to make it (MD9); Ben draws Missile; each gains 1
; fuel; the initiative passes to Ben; and the top of shared deck 1,
; Overdrive, goes to its pile (deck 2 and 3 are empty, MD11). Clean; Ben
; to move on turn 32 of round 5.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

Ann: durability 9, fuel 3, initiative, hand Laser, discard pile "Fuel Cell",
    slot 2 assigned Missile, activating assigned "Missile Swarm" ability 2
Ben: durability 6, fuel 1, deck Missile "Blue Barrier",
    play area "Red Plating" "Blue Barrier", slot 1 drafted Laser
board: round 4, shared 1 Overdrive "Prism Field", shared pile 2 "Plasma Sword"

31. Ben: spend "Red Plating"

result: unfinished
