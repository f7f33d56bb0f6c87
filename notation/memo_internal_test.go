package notation

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Pieces put in the memo are found again, by any goroutine, whether they
// are still among the recent ones or merged into the map read without a
// lock; a piece put twice is kept once, and counted once; lookups that
// keep finding recent pieces merge them; forget empties it.
func TestMemoFindsWhatItKeeps(t *testing.T) {
	m := newMemo()
	const workers, each = 4, 2000
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range each {
				// Every worker puts the same texts, in its own order.
				text := fmt.Sprintf("piece %d", (i*(w+1))%each)
				if p := m.get(text); p != nil && p.text != text {
					t.Errorf("looked up %q, found %q", text, p.text)
					return
				}
				m.put(text, &piece{text: text, n: 1})
				if p := m.get(text); p == nil || p.text != text {
					t.Errorf("%q was put and is not found", text)
					return
				}
			}
		})
	}
	wg.Wait()
	if n := m.len(); n != each {
		t.Fatalf("the memo holds %d pieces, want %d", n, each)
	}
	// Lookups that keep finding recent pieces merge them, once they are
	// as many as the recent pieces and an eighth of those read: within
	// each/8 rounds of looking every piece up.
	for round := 0; len(m.recent) > 0; round++ {
		if round > each/8 {
			t.Fatalf("%d pieces are still only among the recent ones after %d lookups each", len(m.recent), round)
		}
		for i := range each {
			if p := m.get(fmt.Sprintf("piece %d", i)); p == nil {
				t.Fatalf("piece %d is lost", i)
			}
		}
	}
	if size, want := m.size.Load(), int64(each)*pieceBytes("piece 0", 1); size < want || size > want+int64(each)*8 {
		t.Errorf("the memo counts %d bytes for %d pieces, want about %d", size, each, want)
	}
	m.forget()
	if n, size := m.len(), m.size.Load(); n != 0 || size != 0 {
		t.Errorf("after forget the memo holds %d pieces, %d bytes", n, size)
	}
}

// A turn's number reads as strconv reads it in base 0, as participle does.
func TestTurnNumberReadsAsParticiple(t *testing.T) {
	for _, digits := range []string{
		"0", "1", "7", "12", "0012", "08", "010", "999999999999999999",
		"9223372036854775807", "9223372036854775808", "1000000000000000000",
		"99999999999999999999",
	} {
		want, err := strconv.ParseInt(digits, 0, strconv.IntSize)
		got, ok := turnNumber(digits)
		if ok != (err == nil) || ok && got != int(want) {
			t.Errorf("turnNumber(%q) = %d, %v; strconv gives %d, %v", digits, got, ok, want, err)
		}
	}
}

// isASCII finds a byte beyond ASCII wherever it stands: in the eight-byte
// runs and in the bytes after them.
func TestIsASCII(t *testing.T) {
	for n := range 20 {
		text := strings.Repeat("a", n)
		if !isASCII(text) {
			t.Errorf("%q is ASCII", text)
		}
		for at := range n {
			for _, c := range []byte{0x80, 0xC3, 0xFF} {
				b := []byte(text)
				b[at] = c
				if isASCII(string(b)) {
					t.Errorf("%q, byte %#x at %d, is not ASCII", b, c, at)
				}
			}
		}
	}
}
