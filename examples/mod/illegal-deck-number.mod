; Illegal: Ann drafts from a shared deck 4. There are three (rule: "divided
; evenly into three face-up decks"), numbered 1, 2 and 3: "there is no
; shared deck 4" (ruling MD7: "The shared decks are numbered 1, 2 and 3.").
; The number is read as a number, so this is not a syntax error.
[Game "mod"]
[Players "Ann" "Ben"]
[Seed "7"]

1. Ann: draft 4 ; there are three shared decks
