// Command hookctl-serve is `hookctl serve`: the resident JSON-RPC 2.0 server of SPEC 10.2, and
// the url-hook client `hookctl run` calls. It is a binary of its own because net/http's package
// initialisation, linked into hookctl, made every `hookctl run` slower: measured with both
// binaries static, a run of an event with no hooks (P2's case) took 11% longer (2.34 ms against
// 2.12 ms, median of 300 pairs; inittrace: 0.84 ms of package init against 0.46 ms). hookctl
// execs this binary for `serve`, and runs it as a helper process for each url hook, both with its
// build stamp first (`hookctl-serve --build STAMP post`): a hookctl-serve of another build
// refuses to act for it (checkBuild).
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/buildinfo"
	"github.com/hookctl/hookctl/internal/termsafe"
	"github.com/hookctl/hookctl/server"
)

// version is set at link time with -ldflags "-X main.version=...", as hookctl's is.
var version = ""

func main() {
	os.Exit(Main())
}

// Main runs hookctl-serve with the process's arguments and returns its exit status.
func Main() int {
	args := os.Args[1:]
	if len(args) >= 2 && args[0] == buildinfo.BuildFlag {
		if code := checkBuild(os.Args[0], args[1], args[2:], os.Stderr); code != 0 {
			return code
		}
		args = args[2:]
	}
	if len(args) == 1 && (args[0] == "--version" || args[0] == "version") {
		fmt.Printf("hookctl-serve version %s\n", buildinfo.Read(version))
		return 0
	}
	if len(args) > 0 && args[0] == "post" {
		return post(os.Stdin, os.Stdout, os.Stderr)
	}
	if len(args) > 0 && args[0] == "serve" {
		args = args[1:] // as `hookctl serve` passes them
	}
	return serve(args, os.Stderr, os.LookupEnv)
}

// ExitOtherBuild is the exit status of a hookctl-serve that refused to act for a hookctl of
// another build.
const ExitOtherBuild = 5

// checkBuild compares the stamp hookctl passed (buildinfo.BuildFlag) with this binary's own
// and, when they differ, says so on stderr and returns ExitOtherBuild before anything is read,
// sent or listened on. For `post` the message is the url hook's failure, as hookctl reports it.
func checkBuild(self, theirs string, rest []string, stderr io.Writer) int {
	ours := buildinfo.Read(version).Stamp()
	if theirs == ours {
		return 0
	}
	prefix := "hookctl: "
	if len(rest) > 0 && rest[0] == "post" {
		prefix = ""
	}
	fmt.Fprintf(stderr, "%shookctl-serve at %s is of another build (hookctl: %s, hookctl-serve: %s); reinstall both from one release\n",
		prefix, terminalSafe(self), terminalSafe(theirs), ours)
	return ExitOtherBuild
}

type options struct {
	listen, tokenFile, configFile string
	newTokenFile                  string
	listenAny, acceptHooks        bool
	maxInflight                   int
}

// token is the bearer token clients must send, "" for none (a unix socket without
// --token-file); an error comes with its exit status.
func (o options) token() (string, int, error) {
	tcp := !strings.HasPrefix(o.listen, "unix:")
	switch {
	case tcp && o.tokenFile == "":
		return "", 2, fmt.Errorf("serving on TCP (%s) needs --token-file FILE: clients send its content as a bearer token", o.listen)
	case o.tokenFile == "":
		return "", 0, nil
	}
	data, err := readToken(o.tokenFile)
	if err != nil {
		return "", 1, err
	}
	token := strings.TrimSpace(string(data))
	if token == "" {
		return "", 1, fmt.Errorf("the token file %s is empty", o.tokenFile)
	}
	return token, 0, nil
}

func serve(args []string, stderr io.Writer, lookupEnv func(string) (string, bool)) int {
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "hookctl: "+format+"\n", a...)
		return code
	}
	var o options
	fs := pflag.NewFlagSet("hookctl serve", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.listen, "listen", "", "unix:PATH or HOST:PORT (default unix:$HOOKCTL_HOME/hookctl.sock)")
	fs.BoolVar(&o.listenAny, "listen-any", false, "allow a TCP address that is not a loopback one")
	fs.StringVar(&o.tokenFile, "token-file", "", "the bearer token clients must send (required for TCP)")
	fs.StringVar(&o.newTokenFile, "new-token-file", "", "create this token file (mode 0600, a new random token; an existing file is refused) and serve with it")
	fs.IntVar(&o.maxInflight, "max-inflight", server.DefaultMaxInflight, "dispatches running at once; others wait")
	fs.StringVar(&o.configFile, "config", "", "the config file")
	fs.BoolVar(&o.acceptHooks, "accept-hooks", false, "run every hook without consent")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return 0
		}
		// pflag says nothing of the mistake itself here: name it, and how serve is called.
		fmt.Fprintf(stderr, "hookctl: %s\nUsage: hookctl serve [flags]\n%s", terminalSafe(err.Error()), fs.FlagUsages())
		return 2
	}
	if fs.NArg() > 0 {
		return fail(2, "serve takes no arguments, got %q", fs.Args())
	}
	if o.maxInflight < 1 {
		return fail(2, "--max-inflight must be at least 1")
	}
	loc, err := config.Locate(lookupEnv, o.configFile)
	if err != nil {
		return fail(1, "%v", err)
	}
	if o.listen == "" {
		o.listen = "unix:" + filepath.Join(loc.Home, "hookctl.sock")
	}
	if o.newTokenFile != "" {
		if o.tokenFile != "" {
			return fail(2, "--new-token-file and --token-file: give one")
		}
		if err := newTokenFile(o.newTokenFile); err != nil {
			return fail(1, "%v", err)
		}
		fmt.Fprintf(stderr, "hookctl: wrote a new token to %s (mode 0600); clients send it as Authorization: Bearer\n", o.newTokenFile)
		o.tokenFile = o.newTokenFile
	}
	token, code, err := o.token()
	if err != nil {
		return fail(code, "%s", terminalSafe(err.Error()))
	}
	if path, ok := strings.CutPrefix(o.listen, "unix:"); ok {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return fail(1, "creating the socket's folder: %v", err)
		}
	}
	// The first signal stops the server gracefully; a second one interrupts the dispatches
	// still running (their hooks' groups are ended) instead of waiting for their timeouts.
	// Caught from before the socket exists, so a signal never leaves it behind.
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT)
	ln, err := server.Listener{Addr: o.listen, Any: o.listenAny}.Listen()
	if err != nil {
		return fail(1, "%v", err)
	}
	s := server.New(server.Options{
		Locations: loc, LookupEnv: lookupEnv, Bypass: o.acceptHooks || config.AcceptHooksEnv(lookupEnv),
		Token: token, MaxInflight: o.maxInflight,
		Warn:    func(msg string) { fmt.Fprintln(stderr, "hookctl: "+terminalSafe(msg)) },
		Protect: func() ([]string, []string) { return protected(loc) },
	})
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go func() {
		<-sigs
		stop()
		<-sigs
		fmt.Fprintln(stderr, "hookctl: interrupting the dispatches still running")
		s.Close()
	}()
	fmt.Fprintf(stderr, "hookctl: serving JSON-RPC 2.0 on %s\n", o.listen)
	if err := server.Run(ctx, s, ln); err != nil {
		return fail(1, "%v", err)
	}
	return 0
}

// terminalSafe escapes warnings as hookctl escapes what it prints: they quote config text and
// hook output, and must not rewrite a terminal's line.
func terminalSafe(s string) string { return termsafe.String(s) }

// newTokenFile writes 32 random bytes, hex-encoded, to a file that must not exist yet, readable
// by its owner only (serve refuses a token file others can read).
func newTokenFile(path string) error {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return fmt.Errorf("making a token: %w", err)
	}
	f, err := createTokenFile(path)
	if err != nil {
		return fmt.Errorf("creating the token file: %w", err)
	}
	if _, err := f.WriteString(hex.EncodeToString(b[:]) + "\n"); err != nil {
		f.Close()
		return fmt.Errorf("writing the token file %s: %w", path, err)
	}
	return f.Close()
}

// readToken reads a token file that only its owner can read and write, as ssh refuses a private
// key others can read: a token others can read is no secret, and one others can write lets
// them choose it. The mode is checked on the file opened, not on the path before it.
func readToken(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading the token: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading the token: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("the token file %s is not a regular file", path)
	}
	if problem := tokenFileProblem(path, f, fi); problem != "" {
		return nil, errors.New(problem)
	}
	data, err := io.ReadAll(io.LimitReader(f, 64<<10))
	if err != nil {
		return nil, fmt.Errorf("reading the token file %s: %w", path, err)
	}
	return data, nil
}

// protected names what the self-guard keeps beside the hookctl home (runner.GuardSource): the
// hookctl binaries beside this one, the wiring memory, and the agent settings install wrote.
func protected(loc config.Locations) (files, settings []string) {
	if exe, err := os.Executable(); err == nil {
		dir := filepath.Dir(exe)
		files = append(files, filepath.Join(dir, "hookctl"), filepath.Join(dir, "hookctl-serve"))
	}
	memory := install.MemoryPath(loc.Home)
	if abs, err := filepath.Abs(memory); err == nil {
		memory = abs
	}
	files = append(files, memory)
	remembered, _ := install.LoadMemory(memory)
	for _, r := range remembered {
		if !slices.Contains(settings, r.File) {
			settings = append(settings, r.File)
		}
	}
	return files, settings
}
