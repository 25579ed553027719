package consent

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/hookctl/hookctl/internal/jsonx"
)

// The allowlist is read on every run, so it is decoded with jsonx's strict Reader rather than
// encoding/json's reflection, which costs several milliseconds for a thousand approvals.
// Anything unexpected (an unknown or repeated key, a wrong type, a fraction where an integer
// belongs, trailing data) is an error: a damaged file approves nothing. Strings follow
// encoding/json: escapes are decoded and invalid UTF-8 is replaced. There is no separate fast
// path for the layout Encode writes: BenchmarkDecode1000 reads 1,000 approvals in 0.52-0.74 ms
// this way, against 0.54-0.65 ms with such a path, the same within the noise of the machine.

// Decode parses an allowlist file strictly: anything but one version-1 object of the expected
// shape is an error wrapping ErrCorrupt, so that a damaged file approves nothing.
func Decode(data []byte) (*Allowlist, error) {
	// The decoded strings share the bytes they were read from, so Decode works on its own
	// copy: the caller may reuse data. The store, whose buffer nobody else sees, skips the copy.
	return decodeOwned(bytes.Clone(data))
}

// decodeOwned is Decode for a buffer that is never changed afterwards.
func decodeOwned(data []byte) (*Allowlist, error) {
	f, err := parseFile(data)
	if err != nil {
		return nil, corrupt("%v", err)
	}
	version, approvals, autoAccept, root := f.version, f.approvals, f.autoAccept, f.root
	if version == nil {
		return nil, corrupt("no version")
	}
	if *version != fileVersion {
		return nil, corrupt("version %d is not supported (want %d)", *version, fileVersion)
	}
	a := &Allowlist{Root: root, GuardProjects: f.guardProjects}
	if autoAccept != nil {
		t, err := parseTime(*autoAccept)
		if err != nil {
			return nil, corrupt("auto_accept: %v", err)
		}
		a.AutoAccept = &t
	}
	if len(approvals) > 0 {
		a.Approvals = approvals
	}
	// Files hookctl writes are sorted, so a strictly increasing order also proves there is
	// at most one approval per pair; anything else is sorted first, then checked.
	strictlySorted := true
	for i := 1; i < len(a.Approvals) && strictlySorted; i++ {
		strictlySorted = compareApprovals(a.Approvals[i-1], a.Approvals[i]) < 0
	}
	if !strictlySorted {
		sortApprovals(a.Approvals)
		for i := 1; i < len(a.Approvals); i++ {
			// Two approvals of one pair would make the outcome depend on which is read first.
			if x := a.Approvals[i]; compareApprovals(a.Approvals[i-1], x) == 0 {
				return nil, corrupt("duplicate approval of event %q, command %q", x.Event, x.Command)
			}
		}
	}
	return a, nil
}

// parseFile reads the allowlist's wire form from data, which must not change afterwards: the
// strings read share its bytes.
// parsedFile is the allowlist's wire form as parseFile reads it.
type parsedFile struct {
	version       *int64
	approvals     []Approval
	autoAccept    *string
	root          string
	guardProjects []string
}

func parseFile(data []byte) (f parsedFile, err error) {
	r := jsonx.NewBorrowingReader(data)
	if r.AtEnd() {
		return f, errors.New("empty file")
	}
	err = r.Object(func(key string) error {
		switch key {
		case "version":
			if r.Null() {
				return nil
			}
			v, err := r.Int()
			f.version = &v
			return err
		case "approvals":
			f.approvals, err = readApprovals(r, len(data))
			return err
		case "auto_accept":
			s, err := r.String()
			f.autoAccept = &s
			return err
		case "root":
			f.root, err = r.String()
			if err == nil && f.root == "" {
				err = r.Errorf("root is empty")
			}
			return err
		case "guard_projects":
			f.guardProjects, err = readStrings(r)
			return err
		}
		return unknownKey(r, key)
	})
	if err == nil {
		err = r.End()
	}
	if err != nil {
		return parsedFile{}, describe(err)
	}
	return f, nil
}

// describe words a syntax error for a file: where it is, or that the file ends too soon.
func describe(err error) error {
	var se *jsonx.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	if se.EOF {
		return fmt.Errorf("unexpected end of the file (truncated?): %s", se.Msg)
	}
	return fmt.Errorf("offset %d: %s", se.Offset, se.Msg)
}

func unknownKey(r *jsonx.Reader, key string) error { return r.Errorf("unknown key %q", key) }

// readApprovals reads the list of approvals, checking each.
func readApprovals(r *jsonx.Reader, size int) ([]Approval, error) {
	// Sized from the file: an approval takes some 300 bytes as Encode writes it.
	approvals := make([]Approval, 0, size/300+1)
	var pins []ScriptPin
	err := r.Array(func() error {
		var w approvalJSON
		var wp pinJSON
		if err := readApproval(r, &w, &wp); err != nil {
			return err
		}
		var pin *ScriptPin
		if w.Script != nil {
			if len(pins) == cap(pins) {
				pins = make([]ScriptPin, 0, 64) // pins come from slabs, not one by one
			}
			pins = pins[:len(pins)+1]
			pin = &pins[len(pins)-1]
		}
		ap, err := w.toApproval(pin)
		if err != nil {
			return fmt.Errorf("approval %d: %w", len(approvals), err)
		}
		approvals = append(approvals, ap)
		return nil
	})
	return approvals, err
}

func readApproval(r *jsonx.Reader, w *approvalJSON, pin *pinJSON) error {
	return r.Object(func(key string) (err error) {
		switch key {
		case "event":
			w.Event, err = r.StringOrNull()
		case "command":
			w.Command, err = r.StringOrNull()
		case "matcher":
			w.Matcher, err = r.StringOrNull()
		case "approved_at":
			w.ApprovedAt, err = r.StringOrNull()
		case "script":
			if !r.Null() {
				w.Script = pin
				err = readPin(r, pin)
			}
		case "scripts":
			w.Scripts = nil
			err = r.Array(func() error {
				w.Scripts = append(w.Scripts, pinJSON{})
				if r.Null() {
					return nil
				}
				return readPin(r, &w.Scripts[len(w.Scripts)-1])
			})
		case "pin":
			w.Pin, err = r.StringOrNull()
		case "dialect":
			w.Dialect, err = r.StringOrNull()
		case "files":
			w.Files = nil
			err = r.Array(func() error {
				w.Files = append(w.Files, filePinJSON{})
				if r.Null() {
					return nil
				}
				return readFile(r, &w.Files[len(w.Files)-1])
			})
		case "guard":
			w.Guard = false
			if !r.Null() {
				w.Guard, err = r.Bool()
			}
		case "remote":
			w.Remote = nil
			if !r.Null() {
				w.Remote = new(remoteJSON)
				err = readRemote(r, w.Remote)
			}
		default:
			err = unknownKey(r, key)
		}
		return err
	})
}

func readPin(r *jsonx.Reader, s *pinJSON) error {
	return r.Object(func(key string) (err error) {
		switch key {
		case "path":
			s.Path, err = r.StringOrNull()
		case "sha256":
			s.SHA256, err = r.StringOrNull()
		case "mtime":
			s.Mtime, err = r.StringOrNull()
		case "size":
			if !r.Null() {
				s.Size, err = r.Int()
			}
		default:
			err = unknownKey(r, key)
		}
		return err
	})
}

func readFile(r *jsonx.Reader, f *filePinJSON) error {
	return r.Object(func(key string) (err error) {
		switch key {
		case "path":
			f.Path, err = r.StringOrNull()
		case "sha256":
			f.SHA256, err = r.StringOrNull()
		case "mtime":
			f.Mtime, err = r.StringOrNull()
		case "size":
			if !r.Null() {
				f.Size, err = r.Int()
			}
		case "dev":
			if !r.Null() {
				f.Dev, err = readUint(r)
			}
		case "ino":
			if !r.Null() {
				f.Ino, err = readUint(r)
			}
		default:
			err = unknownKey(r, key)
		}
		return err
	})
}

// readUint reads a device or inode number. jsonx reads int64: a number past its range is an
// error, which makes the file corrupt, never a different number.
func readUint(r *jsonx.Reader) (uint64, error) {
	v, err := r.Int()
	if err == nil && v < 0 {
		err = r.Errorf("negative device or inode number %d", v)
	}
	return uint64(v), err
}
