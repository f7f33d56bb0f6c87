package namememo

// SlotCount is the size of a table of names by Slot: a catalogue has a
// hundred cards or fewer, and in a table this size most have a slot of
// their own.
const SlotCount = 256

// Slot is a name's slot in a table of SlotCount, from its length and its
// first and last bytes: finding a name in its slot reads two of its bytes
// and compares it once, where a map hashes the whole name. The name is
// not empty.
func Slot(name string) uint {
	return (uint(len(name))*31 + uint(name[0])*7 + uint(name[len(name)-1])) % SlotCount
}
