package referee

import (
	"io/fs"
	"os"

	"github.com/google/renameio/v2"
)

// WriteAtomic replaces path with data so that a reader, or a crash, sees
// either the old file or the new one, never a mix. It keeps the file's mode.
func WriteAtomic(path string, data []byte) error {
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	return renameio.WriteFile(path, data, mode)
}
