; Illegal: a transcript without a Seed tag that does not write the shared
; decks' top cards. Without a seed, the record writes each card the table
; reveals where it is revealed (ruling MD24: "Without a Seed tag, the
; transcript writes each card the table reveals where it is revealed,
; before the next move."): here the three first tops, on a board line
; before turn 1, as in board: top 1 Laser, top 2 "Fuel Cell", top 3
; "Twin Plasma Swords". None is written, so Ann's draft on turn 1 is
; refused: the top of shared deck 1 is not known to the record.
; table-first-round.mod writes the same round in full.
[Game "mod"]
[Players "Ann" "Ben"]

1. Ann: draft 1 Laser
2. Ben: draft 3 "Twin Plasma Swords"
