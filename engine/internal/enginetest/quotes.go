package enginetest

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// rulesTextDir is where the rules texts of the games live, seen from an
// engine's package directory (engine/<game>): outside the repository.
var rulesTextDir = filepath.Join("..", "..", "..", "shared", "seeds")

// Quotes says what the quote checks need to know of one game's engine.
// The checks run in the engine's package directory, as go test runs a
// package's tests, and read its rules.go (whose string constants named
// rule... quote the rules text, and ruling... its RULINGS.md), its
// RULINGS.md, and its other Go files that are not tests.
type Quotes struct {
	// Game is the game's name in lower case: its rules text is
	// ../../../shared/seeds/<Game>.txt, and messages name it capitalised.
	Game string
	// RulingPrefix comes before a ruling's number, as "M" in M9; a
	// ruling's heading in RULINGS.md is "**M9.".
	RulingPrefix string
	// MainFile is the engine's main Go file, which must give a ruling.
	MainFile string
	// Rulings, when not 0, is how many rulings RULINGS.md must have:
	// headings numbered from 1 to Rulings.
	Rulings int
	// RulingFunc names the engine's function that makes the violation of a
	// ruling, called as RulingFunc(id, quote, ...); "" means "ruling".
	RulingFunc string
	// ViolationFunc names the engine's function that makes the violation
	// of a rule of the rules text, called as ViolationFunc(what, quote);
	// "" means "violation".
	ViolationFunc string
}

func (q Quotes) rulingFunc() string    { return orDefault(q.RulingFunc, "ruling") }
func (q Quotes) violationFunc() string { return orDefault(q.ViolationFunc, "violation") }

// title is the game's name as messages write it: "Mod" for "mod".
func (q Quotes) title() string {
	if q.Game == "" {
		return ""
	}
	return strings.ToUpper(q.Game[:1]) + q.Game[1:]
}

// orDefault is s, or def when s is "".
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// words makes every run of white space a single space, for texts whose
// lines wrap.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// rulingSections splits a RULINGS.md into its rulings, by number (a
// ruling's heading is "**" prefix, its number and "."; each section runs
// from its heading to the next), with runs of white space made single
// spaces.
func rulingSections(prefix, doc string) map[string]string {
	heading := regexp.MustCompile(`\*\*(` + regexp.QuoteMeta(prefix) + `[0-9]+)\.`)
	text := words(doc)
	sections := map[string]string{}
	heads := heading.FindAllStringSubmatchIndex(text, -1)
	for i, h := range heads {
		end := len(text)
		if i+1 < len(heads) {
			end = heads[i+1][0]
		}
		sections[text[h[2]:h[3]]] = text[h[0]:end]
	}
	return sections
}

// stringConsts lists the string constants declared in a Go file, by name.
func stringConsts(t *testing.T, file string) map[string]string {
	t.Helper()
	f, err := parser.ParseFile(gotoken.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != gotoken.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if i >= len(vs.Values) {
					continue
				}
				s, err := stringValue(vs.Values[i])
				if err != nil {
					t.Errorf("%s: constant %s: %v", file, name.Name, err)
					continue
				}
				out[name.Name] = s
			}
		}
	}
	return out
}

// stringValue is the value of a string literal, or of literals joined
// with +.
func stringValue(x ast.Expr) (string, error) {
	switch x := x.(type) {
	case *ast.BasicLit:
		if x.Kind == gotoken.STRING {
			return strconv.Unquote(x.Value)
		}
	case *ast.ParenExpr:
		return stringValue(x.X)
	case *ast.BinaryExpr:
		if x.Op == gotoken.ADD {
			a, err := stringValue(x.X)
			if err != nil {
				return "", err
			}
			b, err := stringValue(x.Y)
			return a + b, err
		}
	}
	return "", errors.New("not a string literal")
}

// quotes splits rules.go's constants into quotes of the rules text
// (rule...) and of RULINGS.md (ruling...).
func quotes(t *testing.T) (rules, rulings map[string]string) {
	t.Helper()
	rules, rulings = map[string]string{}, map[string]string{}
	for name, value := range stringConsts(t, "rules.go") {
		switch {
		case strings.HasPrefix(name, "ruling"):
			rulings[name] = value
		case strings.HasPrefix(name, "rule"):
			rules[name] = value
		}
	}
	if len(rules) == 0 || len(rulings) == 0 {
		t.Fatalf("rules.go declares %d rule and %d ruling constants; want some of each", len(rules), len(rulings))
	}
	return rules, rulings
}

// sources lists the package's Go files that are not tests.
func sources(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	return slices.DeleteFunc(files, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
}

// rulingCall is a ruling the engine gives: a call ruling(id, quote, ...),
// or an engine.Violation written out with its Ruling (a string literal)
// and Rule.
type rulingCall struct {
	at    string // file:line
	id    string // the ruling's number, as "M9"
	quote string // the name of the constant it quotes
}

// rulingCalls finds the rulings the package's Go files give.
func (q Quotes) rulingCalls(t *testing.T) []rulingCall {
	t.Helper()
	var calls []rulingCall
	fset := gotoken.NewFileSet()
	for _, file := range sources(t) {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				// The formatting forms pass their arguments on.
				return n.Name.Name != q.rulingFunc()+"f" && n.Name.Name != q.violationFunc()+"f"
			case *ast.CallExpr:
				if name, _ := calledName(n); name != q.rulingFunc() && name != q.rulingFunc()+"f" {
					return true
				}
				at := fset.Position(n.Pos())
				c := rulingCall{at: fmt.Sprintf("%s:%d", filepath.Base(at.Filename), at.Line)}
				if len(n.Args) < 2 {
					t.Errorf("%s: %s with %d arguments", c.at, q.rulingFunc(), len(n.Args))
					return true
				}
				id, err := stringValue(n.Args[0])
				if err != nil {
					t.Errorf("%s: %s's id is not a string literal", c.at, q.rulingFunc())
					return true
				}
				c.id = id
				if quote, ok := n.Args[1].(*ast.Ident); ok {
					c.quote = quote.Name
				}
				calls = append(calls, c)
			case *ast.CompositeLit:
				sel, ok := n.Type.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Violation" {
					return true
				}
				at := fset.Position(n.Pos())
				c := rulingCall{at: fmt.Sprintf("%s:%d", filepath.Base(at.Filename), at.Line)}
				for _, elt := range n.Elts {
					kv, ok := elt.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					key, _ := kv.Key.(*ast.Ident)
					switch {
					case key == nil:
					case key.Name == "Ruling":
						c.id, _ = stringValue(kv.Value)
					case key.Name == "Rule":
						if quote, ok := kv.Value.(*ast.Ident); ok {
							c.quote = quote.Name
						}
					}
				}
				if c.id != "" {
					calls = append(calls, c)
				}
			}
			return true
		})
	}
	return calls
}

// RulesStandInRulesText checks that every rule constant of rules.go quotes
// the game's rules text word for word, a subtest a constant. The text
// lives outside the repository, and the check is skipped where it is
// absent, as in CI.
func (q Quotes) RulesStandInRulesText(t *testing.T) {
	t.Helper()
	rules, _ := quotes(t)
	doc, err := os.ReadFile(filepath.Join(rulesTextDir, q.Game+".txt"))
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("the %s rules text is not here: %v", q.title(), err)
	}
	if err != nil {
		t.Fatal(err)
	}
	text := words(string(doc))
	for _, name := range slices.Sorted(maps.Keys(rules)) {
		t.Run(name, func(t *testing.T) {
			quote := rules[name]
			if !strings.Contains(text, words(quote)) {
				t.Errorf("%s = %q is not in the rules text", name, quote)
			}
		})
	}
}

// RulingsStandInRulingsMD checks that every ruling constant of rules.go
// quotes RULINGS.md word for word, a subtest a constant, and that every
// ruling the engine gives quotes a ruling constant standing in the section
// of the ruling whose number it gives with it.
func (q Quotes) RulingsStandInRulingsMD(t *testing.T) {
	t.Helper()
	_, rulings := quotes(t)
	doc, err := os.ReadFile("RULINGS.md")
	if err != nil {
		t.Fatal(err)
	}
	text := words(string(doc))
	for _, name := range slices.Sorted(maps.Keys(rulings)) {
		t.Run(name, func(t *testing.T) {
			if quote := rulings[name]; !strings.Contains(text, words(quote)) {
				t.Errorf("%s = %q is not in RULINGS.md", name, quote)
			}
		})
	}
	sections := rulingSections(q.RulingPrefix, text)
	for _, call := range q.rulingCalls(t) {
		quote, ok := rulings[call.quote]
		if !ok {
			t.Errorf("%s: ruling %q with %s does not quote a ruling constant of rules.go", call.at, call.id, call.quote)
			continue
		}
		if section, ok := sections[call.id]; ok && !strings.Contains(section, words(quote)) {
			t.Errorf("%s: %s = %q is not in the section of ruling %s", call.at, call.quote, quote, call.id)
		}
	}
}

// RulingIDsHaveHeadings checks that the main file gives a ruling, that
// every ruling number the engine gives is the prefix and a number with its
// heading in RULINGS.md, and, when q.Rulings is not 0, that RULINGS.md has
// the rulings numbered 1 to q.Rulings.
func (q Quotes) RulingIDsHaveHeadings(t *testing.T) {
	t.Helper()
	doc, err := os.ReadFile("RULINGS.md")
	if err != nil {
		t.Fatal(err)
	}
	calls := q.rulingCalls(t)
	if !slices.ContainsFunc(calls, func(c rulingCall) bool { return strings.HasPrefix(c.at, q.MainFile+":") }) {
		t.Fatalf("found no %s(...) call in %s", q.rulingFunc(), q.MainFile)
	}
	number := regexp.MustCompile(`^` + regexp.QuoteMeta(q.RulingPrefix) + `[0-9]+$`)
	for _, call := range calls {
		if !number.MatchString(call.id) {
			t.Errorf("%s: ruling id %q is not %s and a number", call.at, call.id, q.RulingPrefix)
			continue
		}
		if !strings.Contains(string(doc), "**"+call.id+".") {
			t.Errorf("%s: ruling %s has no heading %q in RULINGS.md", call.at, call.id, "**"+call.id+".")
		}
	}
	sections := rulingSections(q.RulingPrefix, string(doc))
	for i := 1; i <= q.Rulings; i++ {
		if _, ok := sections[fmt.Sprintf("%s%d", q.RulingPrefix, i)]; !ok {
			t.Errorf("RULINGS.md has no ruling %s%d", q.RulingPrefix, i)
		}
	}
}

// ViolationsQuoteTheRightText checks that every call of the engine's
// violation function (ViolationFunc(what, quote)) quotes a rule constant
// of the rules text, never a ruling, and that there is one.
func (q Quotes) ViolationsQuoteTheRightText(t *testing.T) {
	t.Helper()
	rules, rulings := quotes(t)
	n := 0
	for _, file := range sources(t) {
		fset := gotoken.NewFileSet()
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(node ast.Node) bool {
			if decl, ok := node.(*ast.FuncDecl); ok {
				// The formatting form passes its arguments on.
				return decl.Name.Name != q.violationFunc()+"f"
			}
			call, ok := node.(*ast.CallExpr)
			if !ok {
				return true
			}
			// violation(what, quote), or s.violationf(quote, format, ...).
			quoteAt := -1
			switch name, _ := calledName(call); {
			case name == q.violationFunc() && len(call.Args) == 2:
				quoteAt = 1
			case name == q.violationFunc()+"f" && len(call.Args) >= 2:
				quoteAt = 0
			}
			if quoteAt < 0 {
				return true
			}
			n++
			at := fset.Position(call.Pos())
			quote, ok := call.Args[quoteAt].(*ast.Ident)
			if _, isRule := rules[identName(quote)]; !ok || !isRule {
				_, isRuling := rulings[identName(quote)]
				t.Errorf("%s:%d: %s(...) quotes %s, not a rule of the rules text (ruling: %v)",
					filepath.Base(at.Filename), at.Line, q.violationFunc(), identName(quote), isRuling)
			}
			return true
		})
	}
	if n == 0 {
		t.Fatalf("found no %s(...) call", q.violationFunc())
	}
}

// calledName is the name of the function or method a call calls, and
// whether it is a method (or a function of another package).
func calledName(call *ast.CallExpr) (string, bool) {
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		return fn.Name, false
	case *ast.SelectorExpr:
		return fn.Sel.Name, true
	}
	return "", false
}

// identName is an identifier's name, for a message.
func identName(id *ast.Ident) string {
	if id == nil {
		return "<not a constant>"
	}
	return id.Name
}
