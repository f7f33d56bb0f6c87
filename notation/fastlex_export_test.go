package notation

// MatchName is the length of the name at the start of s, or 0, for tests
// against the declarative rule.
func (l *FastLexer) MatchName(s string) int { return nameLen(s) }
