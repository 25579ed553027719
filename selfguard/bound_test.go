package selfguard

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// nestedSubst is `rm -rf ~/keep; echo $(echo $(... x))`, n deep.
func nestedSubst(n int) string {
	return "rm -rf ~/keep; echo " + strings.Repeat("$(echo ", n) + "x" + strings.Repeat(")", n)
}

// shChain is `echo x | sh | sh ...` with n stages after the first.
func shChain(n int) string {
	return "echo x" + strings.Repeat(" | sh", n)
}

// nestedBash is bash -c nested n deep, each level quoting the next.
func nestedBash(n int) string {
	s := "rm -rf ~/keep"
	for i := 0; i < n; i++ {
		s = "bash -c " + shellQuote(s)
	}
	return s
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// fill repeats unit, joined by sep, up to size bytes.
func fill(unit, sep string, size int) string {
	var b strings.Builder
	for b.Len() < size {
		if b.Len() > 0 {
			b.WriteString(sep)
		}
		b.WriteString(unit)
	}
	return b.String()
}

// adversarial is 64 KiB of shell each that once kept Judge parsing past an agent's timeout.
func adversarial() map[string]string {
	const size = 64 << 10
	n := size / len("$(echo )")
	return map[string]string{
		"nested substitutions":   "rm -rf ~/keep; echo " + strings.Repeat("$(echo ", n) + "x" + strings.Repeat(")", n),
		"nested backticks":       "echo " + strings.Repeat("$(echo `echo ", n/3) + "x" + strings.Repeat("`)", n/3),
		"sh chain":               "echo x" + strings.Repeat(" | sh", size/5),
		"python chain":           "echo x" + strings.Repeat(" | python3", size/10),
		"xargs chain":            "ls" + strings.Repeat(" | xargs rm", size/11),
		"substitutions in chain": fill("echo $(echo $(echo $(echo x))) | sh", " | ", size),
		"nested bash -c":         nestedBash(8) + "; " + fill(nestedBash(5), "; ", size),
		"heredocs":               fill("sh <<'EOF'\nrm -rf ~/keep $(echo $(echo x))\necho x | sh | sh\nEOF", "\n", size),
		"heredoc into a chain":   "cat <<EOF | sh | sh | sh\n" + fill("echo $(echo $(echo x)) | sh", "\n", size) + "\nEOF",
		"variable doubling":      "X=aaaaaaaa; " + fill("X=$X$X", "; ", size) + "; rm $X",
		"eval chain":             fill("eval eval eval eval eval eval echo", " ", size),
		"words with spaces":      "X='a b c d e f g h i j k l m n o p'; " + fill("echo $X $X $X $X", " && ", size),
		"for loops":              fill("for f in a b c $(ls); do rm $f; done", "; ", size),
		"process substitution":   "cat " + fill("<(cat <(echo <(ls)))", " ", size),
		"parameter defaults":     "echo " + strings.Repeat("${X:-", size/6) + "x" + strings.Repeat("}", size/6),
		"subshells":              strings.Repeat("(", size/4) + "rm x" + strings.Repeat(")", size/4),
		"agent starts":           fill("CODEX_HOME=x claude -p hi codex npx @openai/codex node claude", "; ", size),
		"agent starts unparsed":  "( " + fill("claude codex -p CODEX_HOME npx @openai/codex", " ", size),
		"escapes for Windows":    fill("del a^llowlist^.json `a`b^^c", " & ", size),
		"mixture":                fill("a=$(echo $(bash -c 'echo x | sh')) | xargs -I{} sh -c \"eval $a {}\" <<< `echo y`", " ; ", size),
	}
}

func judgeCommand(p Protected, home, cmd string) (string, bool, time.Duration) {
	in, _ := json.Marshal(map[string]string{"command": cmd})
	start := time.Now()
	reason, deny := Judge(p, Call{Tool: "Bash", Input: in, Cwd: home, Home: home})
	return reason, deny, time.Since(start)
}

// hangLimit is a generous "did not hang" bound for one judgement on a loaded machine.
const hangLimit = 20 * time.Second

// answerWithin judges cmd, failing the test when no answer comes within hangLimit.
func answerWithin(t *testing.T, p Protected, home, cmd string) (string, bool) {
	t.Helper()
	type answer struct {
		reason string
		deny   bool
	}
	done := make(chan answer, 1)
	go func() {
		r, d, _ := judgeCommand(p, home, cmd)
		done <- answer{r, d}
	}()
	select {
	case a := <-done:
		return a.reason, a.deny
	case <-time.After(hangLimit):
		t.Fatalf("no answer within %v for %d bytes: %.80s", hangLimit, len(cmd), cmd)
		return "", false
	}
}

// TestJudgeAdversarialAnswers holds the commands that once kept Judge parsing for minutes
// (a 229-byte one for over 40 s): each now gets an answer.
func TestJudgeAdversarialAnswers(t *testing.T) {
	f := newFixture(t)
	f.p.Agents = testAgents
	cases := adversarial()
	cases["26 nested substitutions, 229 bytes"] = nestedSubst(26)
	cases["300 sh stages"] = shChain(300)
	for name, cmd := range cases {
		t.Run(name, func(t *testing.T) {
			reason, deny := answerWithin(t, f.p, f.home, cmd)
			if deny && strings.ContainsAny(reason, "\n\r") {
				t.Errorf("reason %q is not one line", reason)
			}
		})
	}
}

// TestJudgeTooComplexDenies: past the nesting bound or the budget, the call is denied.
func TestJudgeTooComplexDenies(t *testing.T) {
	f := newFixture(t)
	for name, cmd := range map[string]string{
		"substitutions past the bound": nestedSubst(maxSubst + 1),
		"subshells past the bound":     strings.Repeat("(", maxNest+1) + "true" + strings.Repeat(")", maxNest+1),
		"a variable doubled":           "X=abcdefgh; " + strings.Repeat("X=$X$X; ", 40) + "echo $X",
		"longer than a shell takes":    "echo x" + strings.Repeat(" | sh", maxScript/5),
	} {
		t.Run(name, func(t *testing.T) {
			reason, deny := answerWithin(t, f.p, f.home, cmd)
			if !deny || !strings.Contains(reason, "too complex for hookctl to judge") {
				t.Errorf("got %v %q, want a denial as too complex", deny, reason)
			}
		})
	}
}

// TestJudgeContextEnds: a judgement whose context ends (a deadline, SIGTERM) is a denial, and
// a long walk sees the end while it runs.
func TestJudgeContextEnds(t *testing.T) {
	f := newFixture(t)
	in, _ := json.Marshal(map[string]string{"command": "ls"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	reason, deny := JudgeContext(ctx, f.p, Call{Tool: "Bash", Input: in, Cwd: f.home, Home: f.home})
	if !deny || !strings.Contains(reason, "too complex for hookctl to judge") {
		t.Fatalf("a judgement after its context ended: %v %q", deny, reason)
	}
	// A walk that spends the budget to its end in small steps: the cancellation is seen
	// inside it, long before it would finish.
	m := newMatcher(f.p, Call{Tool: "Bash", Cwd: f.home, Home: f.home})
	ctx, cancel = context.WithCancel(context.Background())
	m.ctx, m.units = ctx, 1<<40
	cancel()
	steps := 0
	for m.spend(1) {
		steps++
	}
	if steps > 256 {
		t.Fatalf("the cancellation was seen after %d units, want at most 256", steps)
	}
}

// BenchmarkJudgeAdversarial judges each 64 KiB of adversarial shell. The goal is at most 50 ms
// per input (SPEC 24.7). Measured on 2 shared CPUs at load average 14 (Go 1.26) as process
// CPU time (user+system, the garbage collector's included) per judgement, the median of three
// runs of each binary, before and after a list joined by |, && or || was walked along its
// spine instead of recursively and a word met again in a pipe chain was judged once: `| sh`
// chain 87 -> 38 ms, `| python3` 72 -> 23, `| xargs rm` 90 -> 26, mixture 56 -> 45,
// substitutions in a chain 45 -> 27, eval chain 35 -> 35, process substitution 30 -> 32,
// words with spaces 38 -> 25; every other input under 20 ms. All are under the goal in CPU
// time; wall clock under that load is two to three times as much (the `| sh` chain 329 -> 103
// ms in benchstat's median of five), over the goal for the chains, eval and the mixture only
// because the CPUs are shared. The eval chain re-parses what each eval runs (up to maxDepth
// deep): its text is the same command line less one word each time, which is what eval does.
// Before the bounds, 300 `| sh` stages took 80 s and 26 nested $(...) (229 bytes) over 40 s.
func BenchmarkJudgeAdversarial(b *testing.B) {
	root := b.TempDir()
	home := root + "/home"
	p := Protected{Dirs: []string{home + "/.agent-hooks"}, Files: []string{home + "/.agent-hooks/allowlist.json"}, Agents: testAgents}
	for name, cmd := range adversarial() {
		in, _ := json.Marshal(map[string]string{"command": cmd})
		c := Call{Tool: "Bash", Input: in, Cwd: home, Home: home}
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			b.SetBytes(int64(len(cmd)))
			for b.Loop() {
				Judge(p, c)
			}
			if per := b.Elapsed() / time.Duration(b.N); per > 50*time.Millisecond {
				b.Logf("%v per judgement, over the 50 ms goal", per)
			}
		})
	}
}

// ordinary is what agents run every day: each shell command the real-agent suite's scripted
// model sends (e2e/), and a developer's commands. None may be too complex to judge (28.20).
func ordinary() map[string]string {
	stages := []string{"cat go.sum", "grep -v indirect", "cut -d' ' -f1", "sort", "uniq -c", "sort -rn",
		"head -n 50", "awk '{print $2}'", "sed 's/^/  /'", "tr a-z A-Z", "grep -E '^[A-Z]'", "rev",
		"cut -c1-40", "rev", "sort -u", "nl", "tee /tmp/mods.txt", "wc -l", "xargs echo", "cat"}
	heredoc := "cat > /tmp/notes.md <<'EOF'\n" + fill("Some text with $(dollars), `ticks`, (parens) and {braces}; a | b > c.", "\n", 60<<10) + "\nEOF"
	gen := "cat > gen.go <<EOF\npackage main\n\nfunc main() {\n" + fill("\tprintln(\"$USER\", len([]int{1, 2, 3}))", "\n", 60<<10) + "\n}\nEOF\ngo run gen.go"
	return map[string]string{
		// e2e/: the scripted model's shell calls.
		"e2e mark":         "touch /tmp/e2e/marks/ran",
		"e2e echo":         "echo e2e-ok",
		"e2e script":       "sh /tmp/e2e/attack.sh /tmp/e2e/marks",
		"e2e remove keep":  "rm -rf ~/keep; touch /tmp/e2e/marks/ran",
		"e2e logged":       `(rm -rf ~/keep) >/tmp/e2e/log 2>&1; echo "exit=$?" >>/tmp/e2e/log`,
		"e2e pty":          `(yes | head -n 5 | script -qec "hookctl hooks approve ./guard.sh" /dev/null; echo "exit=$?") >/tmp/e2e/log 2>&1 &`,
		"e2e encoded":      `echo cm0gLXJmIH4va2VlcA== | base64 -d | sh`,
		"e2e kill loop":    `(while :; do pkill -KILL -f 'hookctl run' 2>/dev/null; done) & sleep 1; rm -rf ~/keep`,
		"git":              `git status --short && git diff --stat && git add -A && git commit -m "fix: the parser's bound" && git log --oneline -n 5`,
		"go test":          `go test -count=1 -race -run 'TestJudge(Attacks|Allows)$' ./selfguard/... 2>&1 | tail -n 40`,
		"go build":         `CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w -X main.version=$(git describe --tags --always)" -o bin/app ./cmd/app`,
		"npm":              `npm ci && npm run build -- --mode production && npx eslint "src/**/*.{ts,tsx}" --max-warnings=0`,
		"find xargs":       `find . -name '*.go' -not -path './vendor/*' -print0 | xargs -0 grep -l 'TODO' | sort | head`,
		"for loop":         `for f in $(git ls-files '*.md'); do echo "== $f"; grep -c '^#' "$f" || true; done`,
		"nested subst":     `echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -s)/$(uname -m) at $(git rev-parse --short HEAD)"`,
		"if chain":         `if [ -f go.mod ]; then go vet ./...; elif [ -f package.json ]; then npm test; else make check; fi`,
		"docker":           `docker run --rm -v "$PWD":/src -w /src golang:1.26 sh -c 'go test ./... && go vet ./...'`,
		"python -c":        `python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["items"]))' < data.json`,
		"20-stage pipe":    strings.Join(stages, " | "),
		"60 KiB heredoc":   heredoc,
		"60 KiB generator": gen,
		"long && chain":    fill(`test -d "dir$RANDOM" || mkdir -p "build/$(date +%s)"`, " && ", 32<<10),
		"many commands":    fill(`echo "$(basename "$PWD")": $(ls | wc -l) files`, "; ", 60<<10),
	}
}

func TestJudgeOrdinaryNotTooComplex(t *testing.T) {
	f := newFixture(t)
	for name, cmd := range ordinary() {
		t.Run(name, func(t *testing.T) {
			if reason, _ := answerWithin(t, f.p, f.proj, cmd); strings.Contains(reason, "too complex") {
				t.Errorf("an ordinary command was found too complex: %s", reason)
			}
		})
	}
}
