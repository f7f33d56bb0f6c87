; Impossible: a card in more places than the game has copies. The default
; catalogue's shared decks hold 3 Plasma Swords, and every card of the game
; is one of them (rule: "all action and upgrade cards are shuffled together,
; then divided evenly into three face-up decks"), but the position puts two
; in Ann's hand and two more in Ben's discard pile. The referee refuses the
; declaration that makes it impossible, Ben's discard pile: "the position
; holds 4 copies of Plasma Sword, more than the 3 the game has" (ruling
; MD22), and exits with status 2, before any move.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

Ann: durability 6, hand "Plasma Sword" "Plasma Sword" Laser
Ben: durability 5, discard pile "Plasma Sword" "Plasma Sword"
board: round 5, shared 1 Missile

17. Ann: assign "Plasma Sword"
