; Syntax errors: every one is reported, each at its line and column, since
; the parser starts again at the next statement; nothing is replayed.
;   turn 2: a draft without the number of its shared deck;
;   turn 3: "draft pile" without the number of its deck;
;   turn 4: a card name of two words, not quoted: "Red" is read as the card,
;           and "Plating" is a stray word;
;   turn 5: a stray word after the card's name;
;   turn 6: a word that is no move ("take" for draft);
;   turn 7: a deck number written as a word;
;   turn 8: spend without the shield's name.
; Turn 1 is correct.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 1 Laser
2. Ben: draft
3. Ann: draft pile
4. Ben: draft 1 Red Plating
5. Ann: draft 2 "Fuel Cell" please
6. Ben: take 3 "Twin Plasma Swords"
7. Ann: draft two
8. Ben: spend
