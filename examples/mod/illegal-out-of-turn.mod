; Illegal: after round 1 the initiative token has passed to Ben (rule:
; "The player with the initiative token (passed at the end of the round)
; gains first priority"; ruling MD14), so round 2 starts with Ben's
; priority. Ann, who started round 1, places a card on turn 11 as if she
; still held the token. The referee: "Ben has priority, not Ann", quoting
; the rule that priority "will alternate back and forth between each
; player".
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 1 Laser
2. Ben: draft 3 "Twin Plasma Swords"
3. Ann: draft 2 "Fuel Cell"
4. Ben: draft 1 Missile
5. Ann: draft 2 "Prism Field"
6. Ben: draft 3 "Blue Barrier"
7. Ann: draft 1 "Red Plating"
8. Ben: draft 3 "Plasma Sword"
9. Ann: draft 2 "Blue Barrier"
10. Ben: draft 2 "Plasma Sword"
11. Ann: assign "Prism Field" ; but Ben holds the initiative now
