//go:build unix

package wintest

// UnderWine is false: only a Windows program runs under Wine.
func UnderWine() bool { return false }

// shellThere is true: a Unix system has sh.
func shellThere() bool { return true }
