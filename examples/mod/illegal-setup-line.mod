; Illegal: a set-up line, as Sortie and Mecha transcripts have for the
; opening hands. Mod has none: nothing is dealt before the first turn
; (ruling MD1), and the shared decks come from the seed (MD2). The referee
; stops at the line: "the choice to draw is written on a set-up line; Mod
; starts with turn 1" (ruling MD3: "A Mod transcript has no set-up
; lines.").
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

Ann: draw ; an opening draw, as in other games

1. Ann: draft 1 Laser
2. Ben: draft 1 Missile
