package install

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookctl/hookctl/internal/safefile"
)

// AddFile appends one entry to the config file at cfgPath (`hookctl hooks add`), under its
// event after the entries already there, keeping every comment and the layout as written
// (AppendToConfig). check is given the new text and may refuse it: then nothing is written.
// The file is replaced atomically with its own mode; a config saved by someone else while it
// is edited is read and edited again, up to three times.
func AddFile(cfgPath string, h Imported, check func([]byte) error) error {
	for try := 0; ; try++ {
		err := addOnce(cfgPath, h, check)
		if !errors.Is(err, errChanged) || try == 2 {
			return err
		}
	}
}

func addOnce(cfgPath string, h Imported, check func([]byte) error) error {
	old, mode, err := readConfigForEdit(cfgPath)
	if err != nil {
		return err
	}
	out, err := AppendToConfig(old, []Imported{h}, "")
	if err != nil {
		return fmt.Errorf("adding to %s: %w", cfgPath, err)
	}
	if err := check(out); err != nil {
		return err
	}
	if now, _, _ := readConfigForEdit(cfgPath); !bytes.Equal(now, old) {
		return fmt.Errorf("%s %w", cfgPath, errChanged)
	}
	if err := os.MkdirAll(filepath.Dir(cfgPath), 0o700); err != nil {
		return fmt.Errorf("creating %s: %w", filepath.Dir(cfgPath), err)
	}
	return safefile.WriteFile(cfgPath, out, mode)
}
