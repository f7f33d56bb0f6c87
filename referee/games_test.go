package referee_test

// The games are registered by their rooms, which import this package: the
// tests of package referee, inside it, cannot import them. This file, of
// the external test package, imports them all, and the test binary runs
// their registration before any test, so that the internal tests find every
// game by name as the command does.
import _ "github.com/tabletop-referee/referee/referee/games/all"
