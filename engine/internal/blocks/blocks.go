// Package blocks hands out values from blocks of them: a game state that
// makes many small values of a type (units, daemons) allocates once a
// block, where it allocated once a value.
package blocks

// Take is a new zero value, the next of the block *spare, which is made
// anew with room for n values when it is used up. The block belongs to
// one state: a copy of the state starts with none, so that two states
// never hand out the same value.
func Take[T any](spare *[]T, n int) *T {
	if len(*spare) == 0 {
		*spare = make([]T, n)
	}
	p := &(*spare)[0]
	*spare = (*spare)[1:]
	return p
}
