; A Mod transcript without a Seed tag (ruling MD2: "A Mod transcript has a
; Seed tag."). The three shared decks are face up, and their order decides
; every draft, but it is written nowhere else: without the seed the game
; cannot be replayed, so the first draft cannot be checked either.
;
; The referee reports an error at the header's first line, before any
; move, and does not replay the game (exit status 2, as for a missing
; Players tag: the transcript cannot be checked at all).
[Game "mod"]
[Players "Ann" "Ben"]

1. Ann: draft 1 Laser
2. Ben: draft 3 "Twin Plasma Swords"
