package wintest

import (
	"os/exec"
	"sync"

	"golang.org/x/sys/windows"

	"github.com/hookctl/hookctl/internal/gitbash"
)

// UnderWine reports whether this Windows program runs under Wine, whose ntdll exports
// wine_get_version (Windows' does not).
var UnderWine = sync.OnceValue(func() bool {
	return windows.NewLazySystemDLL("ntdll.dll").NewProc("wine_get_version").Find() == nil
})

// shellThere reports whether Git for Windows' bash.exe is installed.
func shellThere() bool {
	_, err := gitbash.Find(exec.LookPath)
	return err == nil
}
