//go:build unix

package runner

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// Hooks that ran carry the sha256 of the pinned script content they ran, whatever consent
// decided it with; hooks that did not run carry none.
func TestDispatchRecordsRunScriptSHA256(t *testing.T) {
	ran, skipped, other := hookCmd("{}"), hookCmd("echo", "{}"), hookCmd(`{"context":"x"}`)
	cfg := setupDispatch(t, "", "pre_tool_call",
		hookEntry{command: ran},
		hookEntry{command: skipped},
		hookEntry{command: other, matcher: "write_file"},
	)
	pin, err := consent.PinScript(filepath.Join(cfg.Dir, "hook.sh"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Consent{fakeConsent{skipped: consent.StatusNotApproved}, nil} {
		d := &Dispatcher{Config: cfg, Consent: c}
		if c == nil {
			d.Consent = TrustAll{}
		}
		res := fireWith(t, d, "pre_tool_call", toolPayload)
		want := []string{pin.SHA256, "", ""}
		if c == nil {
			want[1] = pin.SHA256
		}
		for i, h := range res.Hooks {
			if h.ScriptSHA256 != want[i] {
				t.Errorf("%T: hook %d (%s) ScriptSHA256 = %q, want %q", d.Consent, i, h.Status, h.ScriptSHA256, want[i])
			}
		}
	}
	// A program found on PATH is not pinned: nothing to record.
	cfg = setupDispatch(t, "", "pre_tool_call", hookEntry{command: "true"})
	if got := fire(t, cfg, "pre_tool_call", toolPayload).Hooks[0].ScriptSHA256; got != "" {
		t.Errorf("PATH program: ScriptSHA256 = %q", got)
	}
}

// A url hook's result says it is one, so that the audit log names it by "url".
func TestDispatchMarksURLHooks(t *testing.T) {
	dir := t.TempDir()
	yaml := "hooks:\n  pre_llm_call:\n    - url: \"http://127.0.0.1:9/hooks\"\n    - command: \"true\"\n"
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(yaml), config.Options{})
	if len(cfg.Problems) > 0 || len(cfg.HooksFor("pre_llm_call")) != 2 {
		t.Fatalf("test config: %v", cfg.Problems)
	}
	res := fireWith(t, &Dispatcher{Config: cfg, Consent: TrustAll{}}, "pre_llm_call", `{}`)
	if h := res.Hooks[0]; h.URL != "http://127.0.0.1:9/hooks" || h.Command != h.URL {
		t.Errorf("url hook: URL %q, Command %q", h.URL, h.Command)
	}
	if h := res.Hooks[1]; h.URL != "" {
		t.Errorf("command hook has URL %q", h.URL)
	}
}

// A file the command names beside the script (the wrapper of `./wrap ./guard.sh`) is pinned
// as the script is: a wrapper swapped between the consent check and the start does not run,
// and one changed while the hook runs makes the run an anomaly, so a fail_closed guard blocks.
func TestPinnedFilesCheckedAroundTheRun(t *testing.T) {
	wrap := "#!/bin/sh\nexec \"$@\"\n"
	yaml := "hooks:\n  pre_tool_call:\n    - command: ./wrap ./guard.sh\n      fail_closed: true\n"

	// Swapped while the person is asked: the swapped-in wrapper never runs.
	f := newPinFixture(t, yaml, map[string]string{"wrap": wrap, "guard.sh": "#!/bin/sh\necho '{\"decision\":\"approve\"}'\n"})
	if _, err := f.store.Revoke("./wrap ./guard.sh", ""); err != nil {
		t.Fatal(err)
	}
	g := &consent.Gate{Store: f.store, Prompt: func(config.Hook, consent.Check) bool {
		writeScript(t, filepath.Join(f.dir, "wrap"), evilScript(f.sentinel))
		return true
	}}
	res := f.dispatch(t, g)
	if f.evilRan() || res.Hooks[0].Status != StatusSkippedChanged || res.Decision != DecisionBlock {
		t.Fatalf("evil ran %v, status %s, decision %s; want skipped_changed and a block", f.evilRan(), res.Hooks[0].Status, res.Decision)
	}
	if !strings.Contains(res.Hooks[0].Message, "pinned file "+filepath.Join(f.dir, "wrap")+" was modified") {
		t.Errorf("message %q does not name the wrapper", res.Hooks[0].Message)
	}

	// Changed while the hook runs: its allow is ignored and fail_closed blocks.
	guard := "#!/bin/sh\necho '# edited' >> wrap\necho '{\"decision\":\"approve\"}'\n"
	f = newPinFixture(t, yaml, map[string]string{"wrap": wrap, "guard.sh": guard})
	res = f.dispatch(t, nil)
	if hr := res.Hooks[0]; hr.Status != StatusChangedDuringRun || res.Decision != DecisionBlock || res.Allowed {
		t.Fatalf("status %s (%s), decision %s; want changed_during_run and a block", hr.Status, hr.Message, res.Decision)
	}
	// And the next run finds the wrapper changed since approval.
	if hr := f.dispatch(t, nil).Hooks[0]; hr.Status != StatusSkippedChanged {
		t.Errorf("next run: status %s, want skipped_changed", hr.Status)
	}
}
