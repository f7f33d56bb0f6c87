package enginetest

import (
	"fmt"
	"reflect"
	"slices"
	"sync"
	"unsafe"
)

// comparer is equal, lenient, for values of one type at a and b: the same
// comparisons, made through the values' memory by a plan made once for
// the type (comparerOf), where equal asks reflect at every field, most
// of the random games' time in the comparisons of their states.
type comparer func(a, b unsafe.Pointer, depth int) bool

var (
	comparersMu sync.Mutex
	comparers   = map[reflect.Type]*comparer{}
)

// comparerOf is the comparer of values of type t.
func comparerOf(t reflect.Type) *comparer {
	comparersMu.Lock()
	defer comparersMu.Unlock()
	return buildComparer(t)
}

// buildComparer makes t's comparer, and those of the types it holds. A
// type may hold itself, through a pointer or a slice: its comparer is
// stored before it is made, and called through its address.
func buildComparer(t reflect.Type) *comparer {
	if c, ok := comparers[t]; ok {
		return c
	}
	c := new(comparer)
	comparers[t] = c
	switch t.Kind() {
	case reflect.Bool:
		*c = func(a, b unsafe.Pointer, _ int) bool { return *(*bool)(a) == *(*bool)(b) }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		switch t.Size() {
		case 1:
			*c = func(a, b unsafe.Pointer, _ int) bool { return *(*uint8)(a) == *(*uint8)(b) }
		case 2:
			*c = func(a, b unsafe.Pointer, _ int) bool { return *(*uint16)(a) == *(*uint16)(b) }
		case 4:
			*c = func(a, b unsafe.Pointer, _ int) bool { return *(*uint32)(a) == *(*uint32)(b) }
		default:
			*c = func(a, b unsafe.Pointer, _ int) bool { return *(*uint64)(a) == *(*uint64)(b) }
		}
	case reflect.String:
		*c = func(a, b unsafe.Pointer, _ int) bool { return *(*string)(a) == *(*string)(b) }
	case reflect.Pointer:
		elem := buildComparer(t.Elem())
		*c = func(a, b unsafe.Pointer, depth int) bool {
			pa, pb := *(*unsafe.Pointer)(a), *(*unsafe.Pointer)(b)
			switch {
			case pa == pb:
				return true
			case pa == nil || pb == nil:
				return false
			case depth > 50:
				panic("comparer: values nested too deep; is there a cycle?")
			}
			return (*elem)(pa, pb, depth+1)
		}
	case reflect.Slice:
		elem, size := buildComparer(t.Elem()), t.Elem().Size()
		*c = func(a, b unsafe.Pointer, depth int) bool {
			sa, sb := (*sliceHeader)(a), (*sliceHeader)(b)
			if sa.len != sb.len {
				return false
			}
			if sa.len == 0 || sa.data == sb.data {
				return true
			}
			for i := range uintptr(sa.len) {
				if !(*elem)(unsafe.Add(sa.data, i*size), unsafe.Add(sb.data, i*size), depth+1) {
					return false
				}
			}
			return true
		}
	case reflect.Array:
		elem, size, n := buildComparer(t.Elem()), t.Elem().Size(), uintptr(t.Len())
		*c = func(a, b unsafe.Pointer, depth int) bool {
			for i := range n {
				if !(*elem)(unsafe.Add(a, i*size), unsafe.Add(b, i*size), depth+1) {
					return false
				}
			}
			return true
		}
	case reflect.Struct:
		type field struct {
			offset uintptr
			same   *comparer
		}
		var fields []field
		for i := range t.NumField() {
			f := t.Field(i)
			fields = append(fields, field{f.Offset, buildComparer(f.Type)})
		}
		*c = func(a, b unsafe.Pointer, depth int) bool {
			for _, f := range fields {
				if !(*f.same)(unsafe.Add(a, f.offset), unsafe.Add(b, f.offset), depth+1) {
					return false
				}
			}
			return true
		}
	case reflect.Func:
		*c = func(a, b unsafe.Pointer, _ int) bool {
			return (*(*unsafe.Pointer)(a) == nil) == (*(*unsafe.Pointer)(b) == nil)
		}
	case reflect.Chan, reflect.UnsafePointer:
		*c = func(a, b unsafe.Pointer, _ int) bool { return *(*unsafe.Pointer)(a) == *(*unsafe.Pointer)(b) }
	default: // floats, interfaces and maps, rare in a state: through reflect
		*c = func(a, b unsafe.Pointer, depth int) bool {
			return equal(reflect.NewAt(t, a).Elem(), reflect.NewAt(t, b).Elem(), depth, true)
		}
	}
	return c
}

// sliceHeader is how a slice is laid out in memory.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// Same tells whether *a and *b hold the same values, as equal tells with lenient set:
// as reflect.DeepEqual does (and Equal), but an empty slice or map is the
// same as a nil one, a func is compared as there or not, and the
// comparison goes through the values' memory by a plan made once a type,
// where reflect asks at every field. It is the fastest of the three, for
// tests that compare states by the hundred thousand, where a nil and an
// empty list are one state.
func Same[T any](a, b *T) bool {
	return (*comparerOf(reflect.TypeFor[T]()))(unsafe.Pointer(a), unsafe.Pointer(b), 0)
}

// DeepSame tells whether a and b, of one type, hold the same values, as
// Same does, field by field through reflect: Same's own comparisons are
// tested against it.
func DeepSame(a, b reflect.Value) bool { return equal(a, b, 0, true) }

// SameExcept is Same for values of struct type T but for the named fields,
// which it leaves out (such as what a seeded game records, which is no
// part of the game). It panics when T lacks one of them.
func SameExcept[T any](fields ...string) func(a, b *T) bool {
	comparersMu.Lock()
	defer comparersMu.Unlock()
	t := reflect.TypeFor[T]()
	type part struct {
		offset uintptr
		same   *comparer
	}
	var parts []part
	for i := range t.NumField() {
		if f := t.Field(i); !slices.Contains(fields, f.Name) {
			parts = append(parts, part{f.Offset, buildComparer(f.Type)})
		}
	}
	if len(parts) != t.NumField()-len(fields) {
		panic(fmt.Sprintf("%s lacks one of the fields %v", t, fields))
	}
	return func(a, b *T) bool {
		pa, pb := unsafe.Pointer(a), unsafe.Pointer(b)
		for _, p := range parts {
			if !(*p.same)(unsafe.Add(pa, p.offset), unsafe.Add(pb, p.offset), 1) {
				return false
			}
		}
		return true
	}
}
