// Package grid is a rectangular board of squares named like a chess board:
// files a, b, c, ... from left to right and ranks 1, 2, 3, ... from the
// first player's side.
package grid

import (
	"strconv"
)

// Square is a square of a board; the zero value is a1.
type Square struct {
	File int // 0 for a
	Rank int // 0 for rank 1
}

// String names the square, as in b3.
func (s Square) String() string { return string(s.Append(nil)) }

// Append appends the square's name, as String writes it, to b: reports
// write squares by the thousand into one buffer.
func (s Square) Append(b []byte) []byte {
	if s.File < 0 || s.File >= 26 {
		b = strconv.AppendInt(append(b, '?'), int64(s.File), 10)
		return strconv.AppendInt(append(b, ','), int64(s.Rank), 10)
	}
	return strconv.AppendInt(append(b, byte('a'+s.File)), int64(s.Rank+1), 10)
}

// Parse reads a square name such as b3. It does not check any board's bounds.
func Parse(name string) (Square, bool) {
	if len(name) < 2 || name[0] < 'a' || name[0] > 'z' {
		return Square{}, false
	}
	rank, err := strconv.Atoi(name[1:])
	if err != nil || rank < 1 || name[1] == '0' || name[1] == '+' {
		return Square{}, false
	}
	return Square{File: int(name[0] - 'a'), Rank: rank - 1}, true
}

// Board is the size of a rectangular board.
type Board struct {
	Files, Ranks int
}

// Contains tells whether s is on the board.
func (b Board) Contains(s Square) bool {
	return s.File >= 0 && s.File < b.Files && s.Rank >= 0 && s.Rank < b.Ranks
}

// Index numbers the squares of the board from 0, rank by rank; it is for
// boards kept as arrays.
func (b Board) Index(s Square) int { return s.Rank*b.Files + s.File }

// Square is the inverse of Index.
func (b Board) Square(index int) Square {
	return Square{File: index % b.Files, Rank: index / b.Files}
}

// Size is the number of squares.
func (b Board) Size() int { return b.Files * b.Ranks }

// Orthogonal lists the squares that share an edge with s and are on the board.
func (b Board) Orthogonal(s Square) []Square {
	return b.keep(s, [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}})
}

// Around lists the up to eight squares that touch s, edge or corner.
func (b Board) Around(s Square) []Square {
	return b.keep(s, [][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}})
}

func (b Board) keep(s Square, steps [][2]int) []Square {
	out := make([]Square, 0, len(steps))
	for _, d := range steps {
		n := Square{File: s.File + d[0], Rank: s.Rank + d[1]}
		if b.Contains(n) {
			out = append(out, n)
		}
	}
	return out
}

// Manhattan is the number of orthogonal steps from s to t.
func Manhattan(s, t Square) int { return abs(s.File-t.File) + abs(s.Rank-t.Rank) }

// Chebyshev is the number of king steps from s to t.
func Chebyshev(s, t Square) int { return max(abs(s.File-t.File), abs(s.Rank-t.Rank)) }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
