package enginetest

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"
)

// Equal tells whether a and b are deeply equal, by the rules of
// reflect.DeepEqual, for values without cycles, as a game's state is.
// The random-game tests compare whole states after every move, and
// reflect.DeepEqual, which records every pointer it follows in case of a
// cycle, was most of their time. Equal panics on a value nested deeper
// than a state ever is, which a cycle would be.
func Equal[T any](a, b T) bool {
	return equal(reflect.ValueOf(&a).Elem(), reflect.ValueOf(&b).Elem(), 0, false)
}

// maxDepth bounds the nesting Equal follows: far beyond any state's.
const maxDepth = 200

// equal tells whether a and b are deeply equal, as Equal does; lenient
// takes an empty slice or map for a nil one and compares funcs by whether
// they are there, as Same does.
func equal(a, b reflect.Value, depth int, lenient bool) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	if depth > maxDepth {
		panic(fmt.Sprintf("enginetest.Equal: a %v nested deeper than %d, or a cycle", a.Type(), maxDepth))
	}
	if k := a.Kind(); (k == reflect.Struct || k == reflect.Array) && plain(a.Type()) && a.CanAddr() && b.CanAddr() {
		// A struct or array of integers: one comparison of its bytes.
		return sameBytes(unsafe.Pointer(a.UnsafeAddr()), unsafe.Pointer(b.UnsafeAddr()), int(a.Type().Size()))
	}
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Array:
		for i := range a.Len() {
			if !equal(a.Index(i), b.Index(i), depth+1, lenient) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if !lenient && a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		if a.Len() == 0 || a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		if elem := a.Type().Elem(); plain(elem) {
			return sameBytes(a.UnsafePointer(), b.UnsafePointer(), a.Len()*int(elem.Size()))
		}
		for i := range a.Len() {
			if !equal(a.Index(i), b.Index(i), depth+1, lenient) {
				return false
			}
		}
		return true
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return equal(a.Elem(), b.Elem(), depth+1, lenient)
	case reflect.Pointer:
		if a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		if a.IsNil() || b.IsNil() {
			return false
		}
		return equal(a.Elem(), b.Elem(), depth+1, lenient)
	case reflect.Struct:
		for i := range a.NumField() {
			if !equal(a.Field(i), b.Field(i), depth+1, lenient) {
				return false
			}
		}
		return true
	case reflect.Map:
		if !lenient && a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		if a.Len() == 0 || a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		if x, ok := typed(a).(map[string]int); ok {
			// The common index of names, without reflect's copies.
			y := typed(b).(map[string]int)
			for k, v := range x {
				if w, ok := y[k]; !ok || w != v {
					return false
				}
			}
			return true
		}
		for it := a.MapRange(); it.Next(); {
			w := b.MapIndex(it.Key())
			if !w.IsValid() || !equal(it.Value(), w, depth+1, lenient) {
				return false
			}
		}
		return true
	case reflect.Func:
		if lenient {
			return a.IsNil() == b.IsNil()
		}
		// As reflect.DeepEqual: funcs are equal only when both are nil.
		return a.IsNil() && b.IsNil()
	case reflect.Chan, reflect.UnsafePointer:
		return a.UnsafePointer() == b.UnsafePointer()
	}
	panic(fmt.Sprintf("enginetest.Equal: cannot compare a %v", a.Type()))
}

// typed is v as an interface value, if it can be had even when v was
// reached through unexported fields (which only Equal reads), else nil.
func typed(v reflect.Value) any {
	if v.CanInterface() {
		return v.Interface()
	}
	if v.CanAddr() {
		return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem().Interface()
	}
	return nil
}

// plainTypes caches plain's answers, by type.
var plainTypes sync.Map // reflect.Type -> bool

// plain tells whether values of type t are equal exactly when their bytes
// are: integers and booleans, and arrays and structs of them without
// padding, whose bytes could differ in equal values.
func plain(t reflect.Type) bool {
	if p, ok := plainTypes.Load(t); ok {
		return p.(bool)
	}
	p := false
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		p = true
	case reflect.Array:
		p = plain(t.Elem())
	case reflect.Struct:
		var size uintptr
		p = true
		for i := range t.NumField() {
			f := t.Field(i)
			p = p && plain(f.Type) && f.Offset == size
			size += f.Type.Size()
		}
		p = p && size == t.Size()
	}
	plainTypes.Store(t, p)
	return p
}

// sameBytes tells whether the n bytes at a and at b are the same.
func sameBytes(a, b unsafe.Pointer, n int) bool {
	return a == b || string(unsafe.Slice((*byte)(a), n)) == string(unsafe.Slice((*byte)(b), n))
}
