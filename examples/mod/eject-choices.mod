; Ejected cards and the two choices they give (rule: "If a card on your
; side of the stack is ejected ..., choose to either draw 1 card from your
; deck or gain 1 fuel, then add the ejected card to your discard pile").
; Each choice is a turn of the card's owner, made as the card activates
; (ruling MD5).
;
; Round 2: Ben ejects his only card, Fuel Cell, with the first placement
; of the round, so it activates last, after the nine drafts; on turn 21 he
; chooses to draw, and takes Plasma Sword from his deck. Only then does
; the ejected Fuel Cell reach his discard pile (MD9: "An ejected card
; reaches the discard pile after its owner's choice").
;
; Round 3: Ann assigns Laser Array (cost 3) first, so it activates last.
; She holds 2 fuel (1 from each reset), which would not pay for it, and by
; default a card that cannot be paid does nothing (MD10, fuel=fizzle). But
; her ejected Plasma Sword, placed late, activates early: on turn 32 she
; chooses fuel, and has 3 when Laser Array activates (MD10: "checked when
; the card activates, fuel from ejected cards that activated before it
; counts"). Before that, Ben's Plasma Sword (cost 2, paid with his 2 fuel)
; deals Ann 3 energy damage, with no shield to spend: 10 - 3 = 7. Laser
; Array then deals Ben 2 + 2 + 1 energy damage, 10 - 5 = 5, and Ann pays
; all 3 fuel. After the reset Ann has 0 + 1 = 1 fuel, Ben 0 + 1 = 1.
; Clean; the game is unfinished.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "50"]

1. Ann: draft 2 "Laser Array"
2. Ben: draft 1 Missile
3. Ann: draft 2 "Plasma Sword"
4. Ben: draft 3 "Blue Barrier"
5. Ann: draft 2 "Red Plating"
6. Ben: draft 3 "Targeting Scan"
7. Ann: draft 2 Laser
8. Ben: draft 1 "Plasma Sword"
9. Ann: draft 3 Missile
10. Ben: draft 1 "Fuel Cell"
11. Ben: eject "Fuel Cell" ; Ben's only card, face down: it activates last
12. Ann: draft 1 "Blue Barrier"
13. Ben: draft 2 "Blue Barrier"
14. Ann: draft 3 Laser
15. Ben: draft 1 "Fuel Cell"
16. Ann: draft 1 "Targeting Scan"
17. Ben: draft 2 Overdrive
18. Ann: draft 3 "Twin Plasma Swords"
19. Ben: draft 1 Laser
20. Ann: draft 2 "Prism Field"
21. Ben: draw ; for the ejected Fuel Cell: Ben draws Plasma Sword
22. Ann: assign "Laser Array" ; cost 3, and Ann has 2 fuel for now
23. Ben: assign "Plasma Sword" ; cost 2, paid with Ben's 2 fuel
24. Ann: draft 1 "Prism Field"
25. Ben: draft 2 Laser
26. Ann: draft 3 "Red Plating"
27. Ben: draft 1 "Red Plating"
28. Ann: draft 2 "Fuel Cell"
29. Ben: draft 3 Laser
30. Ann: eject "Plasma Sword" ; placed late, so it activates early
31. Ben: draft 1 "Blue Barrier"
32. Ann: fuel ; 3 fuel: Laser Array will be paid; Ben takes 2 + 2 + 1 energy damage

result: unfinished
