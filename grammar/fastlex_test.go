package grammar_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/tabletop-referee/referee/grammar"
	"github.com/tabletop-referee/referee/notation"
	"github.com/tabletop-referee/referee/notation/notationtest"
	"github.com/tabletop-referee/referee/referee"
)

// gameLexers are the games' fast lexers by extension.
var gameLexers = map[string]*notation.FastLexer{
	".sortie": grammar.SortieLexer,
	".mecha":  grammar.MechaLexer,
	".mod":    grammar.ModLexer,
	".daemon": grammar.DaemonLexer,
	".void":   grammar.VoidLexer,
}

// TestFastLexersOnExamples checks that each game's fast lexer and its
// specification tokenise every example the same, every catalogue too
// (with each game's lexer), and the hostile inputs of the fuzz targets.
func TestFastLexersOnExamples(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "examples", "*", "*"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for ext, lex := range gameLexers {
			if ext != filepath.Ext(p) && filepath.Ext(p) != ".cards" {
				continue
			}
			if diff := notationtest.SameTokens(lex, p, string(data)); diff != "" {
				t.Errorf("%s (%s lexer): %s", p, ext, diff)
			}
		}
	}
	for _, h := range hostile {
		for ext, lex := range gameLexers {
			for _, src := range []string{h, strings.ReplaceAll(h, "\n", "\r\n"), "1. Ann: " + h + "\t;x\n" + h} {
				if diff := notationtest.SameTokens(lex, "hostile", src); diff != "" {
					t.Errorf("%q (%s lexer): %s", src, ext, diff)
				}
			}
		}
	}
}

// sameParse tells where two parses of a text differ, or "".
func sameParse(got, want *notation.Parsed) string {
	return firstDiff(reflect.ValueOf(got), reflect.ValueOf(want), "Parsed")
}

// firstDiff is the path to the first place where a and b differ, with
// both values there, or "". Slices compare by their elements.
func firstDiff(a, b reflect.Value, path string) string {
	if a.IsValid() != b.IsValid() {
		return path + ": one is missing"
	}
	if !a.IsValid() {
		return ""
	}
	if a.Type() != b.Type() {
		return fmt.Sprintf("%s: %s, want %s", path, a.Type(), b.Type())
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: nil %v, want nil %v", path, a.IsNil(), b.IsNil())
			}
			return ""
		}
		return firstDiff(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		if a.Type() == reflect.TypeFor[notation.Node]() {
			return sameNode(a.Interface().(notation.Node), b.Interface().(notation.Node), path)
		}
		for i := range a.NumField() {
			if !a.Type().Field(i).IsExported() {
				continue // the parse's own bookkeeping, not what it says
			}
			if d := firstDiff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d elements, want %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := firstDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Map:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return fmt.Sprintf("%s: %v, want %v", path, a, b)
		}
		return ""
	}
	if !reflect.DeepEqual(a.Interface(), b.Interface()) {
		return fmt.Sprintf("%s: %#v, want %#v", path, a, b)
	}
	return ""
}

// sameNode compares nodes by what they say: their place, and the values
// of their tokens when both have them. A node placed by the parse piece
// by piece has none: its place says where its text is.
func sameNode(a, b notation.Node, path string) string {
	if a.Span() != b.Span() {
		return fmt.Sprintf("%s: at %v, want %v", path, a.Span(), b.Span())
	}
	if a.Tokens == nil || b.Tokens == nil {
		return ""
	}
	if len(a.Tokens) != len(b.Tokens) {
		return fmt.Sprintf("%s: %d tokens, want %d", path, len(a.Tokens), len(b.Tokens))
	}
	for i := range a.Tokens {
		if a.Tokens[i].Value != b.Tokens[i].Value || a.Tokens[i].Type != b.Tokens[i].Type {
			return fmt.Sprintf("%s: token %d %q, want %q", path, i, a.Tokens[i].Value, b.Tokens[i].Value)
		}
	}
	return ""
}

// gameParses compare, for each game by extension, Parse (piece by piece,
// with the memo) with ParseWholeFile.
var gameParses = map[string]func(path, src string) string{
	".sortie": func(path, src string) string {
		return sameParse(grammar.Sortie.Parse(path, src), grammar.Sortie.ParseWholeFile(path, src))
	},
	".mecha": func(path, src string) string {
		return sameParse(grammar.Mecha.Parse(path, src), grammar.Mecha.ParseWholeFile(path, src))
	},
	".mod": func(path, src string) string {
		return sameParse(grammar.Mod.Parse(path, src), grammar.Mod.ParseWholeFile(path, src))
	},
	".daemon": func(path, src string) string {
		return sameParse(grammar.Daemon.Parse(path, src), grammar.Daemon.ParseWholeFile(path, src))
	},
	".void": func(path, src string) string {
		return sameParse(grammar.Void.Parse(path, src), grammar.Void.ParseWholeFile(path, src))
	},
}

// TestFastLexersOnRandomGames checks each game's fast lexer against its
// specification on random games of a few hundred seeds, and the parse
// piece by piece against the parse of the whole file.
func TestFastLexersOnRandomGames(t *testing.T) {
	seeds := 300
	if testing.Short() {
		seeds = 30
	}
	for _, g := range referee.Games() {
		lex := gameLexers[g.Extension()]
		if lex == nil {
			t.Fatalf("no fast lexer for %s", g.Name())
		}
		t.Run(g.Name(), func(t *testing.T) {
			t.Parallel()
			var wg sync.WaitGroup
			for w := range 2 {
				wg.Go(func() {
					for seed := uint64(1 + w); seed <= uint64(seeds); seed += 2 {
						src, _ := g.Random(seed)
						path := "random" + g.Extension()
						if diff := notationtest.SameTokens(lex, path, src); diff != "" {
							t.Errorf("%s seed %d: %s", g.Name(), seed, diff)
							return
						}
						if diff := gameParses[g.Extension()](path, src); diff != "" {
							t.Errorf("%s seed %d: parses differ: %s", g.Name(), seed, diff)
							return
						}
					}
				})
			}
			wg.Wait()
		})
	}
}

// TestMovesRelocate checks that every move type can be copied to another
// place, as the memo of parsed pieces needs (a move that cannot is parsed
// again at each place: right, but slow).
func TestMovesRelocate(t *testing.T) {
	for _, m := range []notation.Move{&grammar.SortieDraw{}, &grammar.SortiePlace{}, &grammar.SortieAct{}} {
		if _, ok := m.(notation.Relocatable[notation.Move]); !ok {
			t.Errorf("%T is not notation.Relocatable", m)
		}
	}
	for _, m := range []notation.Move{&grammar.MechaDeck{}, &grammar.MechaDraw{}, &grammar.MechaMulligan{}, &grammar.MechaPlay{},
		&grammar.MechaAct{}, &grammar.MechaDiscard{}, &grammar.MechaSacrifice{}, &grammar.MechaSkip{}} {
		if _, ok := m.(notation.Relocatable[notation.Move]); !ok {
			t.Errorf("%T is not notation.Relocatable", m)
		}
	}
	for _, m := range []notation.Move{&grammar.ModAssign{}, &grammar.ModEject{}, &grammar.ModDraft{}, &grammar.ModPass{},
		&grammar.ModDraw{}, &grammar.ModFuel{}, &grammar.ModSpend{}} {
		if _, ok := m.(notation.Relocatable[notation.Move]); !ok {
			t.Errorf("%T is not notation.Relocatable", m)
		}
	}
	for _, m := range []notation.Move{&grammar.DaemonDraft{}, &grammar.DaemonMain{}, &grammar.DaemonMulligan{}, &grammar.DaemonKeep{},
		&grammar.DaemonPlay{}, &grammar.DaemonActivate{}, &grammar.DaemonTrash{}, &grammar.DaemonAttack{},
		&grammar.DaemonReveal{}, &grammar.DaemonRefresh{}, &grammar.DaemonBurn{}} {
		if _, ok := m.(notation.Relocatable[notation.Move]); !ok {
			t.Errorf("%T is not notation.Relocatable", m)
		}
	}
	if _, ok := any(&grammar.VoidMove{}).(notation.Relocatable[notation.Move]); !ok {
		t.Error("*VoidMove is not notation.Relocatable")
	}
}

// TestFastLexersSymbols checks that the token types each fast lexer gives
// without building its specification are those the specification has.
func TestFastLexersSymbols(t *testing.T) {
	t.Parallel()
	for ext, lex := range gameLexers {
		if got, want := lex.Symbols(), lex.Spec().Symbols(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: symbols %v, the specification's %v", ext, got, want)
		}
	}
}
