# hookctl: run `make help` for the targets.
GO      ?= go
BIN     ?= bin/hookctl
# hookctl is started at every lifecycle point of an agent, so the build people install is the
# one that starts fastest: static (no dynamic loader, no libc to map) and stripped.
export CGO_ENABLED ?= 0
LDFLAGS ?= -s -w
FUZZTIME ?= 60s
# hookctl version prints the commit the go command stamps; auto stamps it in a git checkout
# (not a git worktree, which the go command does not recognise) whatever GOFLAGS says.
VCS     ?= -buildvcs=auto
AGENT_VERSIONS ?= pinned

.PHONY: help build install release test test-portable test-windows cross lint fuzz demo bench bench-portable bench-windows bench-p2 bench-wall bench-startup stress e2e clean

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z0-9-]+:.*## / {printf "  %-14s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

# hookctl-serve (serve and the url-hook client) sits next to hookctl, where hookctl finds it.
build: ## build bin/hookctl and bin/hookctl-serve (static)
	$(GO) build $(VCS) -trimpath -ldflags="$(LDFLAGS)" -o $(BIN) ./cmd/hookctl
	$(GO) build $(VCS) -trimpath -ldflags="$(LDFLAGS)" -o $(dir $(BIN))hookctl-serve ./cmd/hookctl-serve

install: ## install hookctl and hookctl-serve into GOBIN (static)
	$(GO) install $(VCS) -trimpath -ldflags="$(LDFLAGS)" ./cmd/hookctl ./cmd/hookctl-serve

# Reproducible: two clean clones of one commit give the same bytes (see scripts/release). The
# version is the one the go command stamps from the commit, so run it in a git clone; VERSION=v1.2.3
# names one instead.
release: ## write dist/: archives for linux, darwin (.tar.gz) and windows (.zip) on amd64 and arm64, SHA256SUMS, npm packages
	$(GO) run ./scripts/release -dist dist $(if $(VERSION),-version $(VERSION))

# -p 1: the packages' real-process tests (timeouts, signals, 500 hooks at once) would
# otherwise compete for the same two CPUs and stretch each other's "did not hang" bounds.
# -p 1 also compiles one package at a time, so COMPILE first compiles every package the tests
# need with all CPUs (go list -export: no link, no run); go test then finds them in the build
# cache. A package that does not compile is left for go test to report.
COMPILE = $(GO) list -e -test -export -f '' $(1) >/dev/null 2>&1 || true;
# The race detector needs cgo, so a C compiler: without one the tests run plain, and say so.
test: ## run every test, with the race detector when a C compiler (cc or gcc) is there
	@cc=$$(command -v $${CC:-cc} || command -v gcc); \
	if [ -n "$$cc" ]; then \
		echo "make test: race detector on (C compiler $$cc)"; \
		export CC="$$cc" CGO_ENABLED=1; \
		$(call COMPILE,-race ./...) \
		$(GO) test -race -count=1 -p 1 ./...; \
	else \
		echo "make test: no C compiler (cc or gcc) found, so no race detector (it needs cgo): plain tests"; \
		export CGO_ENABLED=0; \
		$(call COMPILE,./...) \
		$(GO) test -count=1 -p 1 ./...; \
	fi

# The portable runner is the one macOS uses (no pidfd, no parent-death signal, the exit learned
# without reaping); the hookctl_portable tag builds it on Linux, so every test that runs a hook
# tries it here. Only the packages whose test binary the tag changes are tested
# (scripts/portable-packages.sh): the others' binaries are the same with or without it, and run
# no runner; make test runs them.
test-portable: ## run every test the portable runner changes, the stress suite's hostile hooks included
	@pkgs=$$(GO=$(GO) bash scripts/portable-packages.sh) || exit 1; echo "make test-portable:" $$pkgs; \
	$(call COMPILE,-tags hookctl_portable $$pkgs) \
	$(GO) test -tags hookctl_portable -count=1 -p 1 $$pkgs

cross: ## vet for macOS (arm64) and Windows (amd64), no cgo; other systems must stop with the platform message
	@# -trimpath as the release builds: make test's release test has compiled the standard library
	@# for these systems with it already, so these find it in the build cache.
	@# vet type-checks every package and its tests for each system; the binaries themselves are
	@# linked for every system by make release (CI: the release workflow's step as a snapshot),
	@# and every package's tests are built for windows/amd64 by make test-windows.
	@# One architecture each: no file of the module depends on it (no _amd64 or _arm64 files),
	@# and make release compiles and links both.
	GOOS=darwin GOARCH=arm64 $(GO) vet -trimpath ./...
	GOOS=windows GOARCH=amd64 $(GO) vet -trimpath ./...
	$(GO) vet -tags hookctl_portable ./...
	@# internal/safefile holds the message and every binary imports it: building it alone for
	@# FreeBSD is the check, without compiling the rest of the standard library for it.
	@for cmd in ./cmd/hookctl ./cmd/hookctl-serve; do \
		$(GO) list -deps $$cmd | grep -qx github.com/hookctl/hookctl/internal/safefile || \
		{ echo "$$cmd no longer imports internal/safefile, whose message stops a build for other systems"; exit 1; }; done
	@GOOS=freebsd $(GO) build ./internal/safefile 2>&1 | grep -q hookctl_runs_on_Linux_macOS_and_Windows_only || \
		{ echo "building for FreeBSD must stop with the platforms message"; exit 1; }

# Every package's tests, built for windows/amd64, run under Wine 8 (Debian's), in a prefix
# scripts/wine-setup.sh makes (installing wine and mingw-w64 when missing). Wine is not
# Windows: a test that cannot run under it says why and is skipped there (docs/windows.md).
test-windows: ## run every package's tests built for Windows under Wine (installs wine and mingw-w64 when missing)
	GO=$(GO) bash scripts/test-windows.sh

# cmd/'s share of the non-test Go code (SPEC 25.3, 28.34): the rules live in the library, and
# cmd/ keeps prompts and printing. The goal is CMD_SHARE_GOAL percent; check fails when the share
# grows past CMD_SHARE_MAX, the share reached so far, which comes down as rules move out.
CMD_SHARE_GOAL ?= 10
CMD_SHARE_MAX ?= 9.9
check: ## cmd/'s share of the code against its goal (fails past CMD_SHARE_MAX)
	@all=$$(find . -name '*.go' ! -name '*_test.go' -not -path './.git/*' -print0 | xargs -0 cat | wc -l); \
	cmd=$$(find cmd -name '*.go' ! -name '*_test.go' -print0 | xargs -0 cat | wc -l); \
	share=$$(awk -v c=$$cmd -v a=$$all 'BEGIN { printf "%.1f", 100 * c / a }'); \
	met=$$(awk -v s=$$share -v g=$(CMD_SHARE_GOAL) 'BEGIN { print (s <= g) ? "met" : "not met" }'); \
	echo "cmd/: $$cmd of $$all lines of non-test Go, $$share% (goal $(CMD_SHARE_GOAL)%: $$met; most $(CMD_SHARE_MAX)%)"; \
	awk -v s=$$share -v m=$(CMD_SHARE_MAX) 'BEGIN { exit !(s <= m) }' || { echo "cmd/ grew past $(CMD_SHARE_MAX)%: move the rule into the library"; exit 1; }

lint: ## gofmt, go vet and a go.mod tidiness check
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags e2e ./e2e/
	$(GO) mod tidy -diff
	@! grep -n '^replace\|^\s*replace ' go.mod || { echo "go.mod: a replace directive makes go install MODULE@version fail"; exit 1; }

# Every fuzz target, as PACKAGE:TARGET:SMOKE; FUZZ_TARGETS=agent:FuzzReadCodex runs only some
# (with FUZZTIME=smoke, each needs its count: agent:FuzzReadCodex:90000x).
# SMOKE is the target's number of executions under FUZZTIME=smoke (CI), about 1.5 s of fuzzing
# on a 2-core machine (make test runs each corpus's seeds): a count, not a duration, because Go
# 1.26's fuzzing coordinator can fail a target that ends on a -fuzztime duration while a worker
# is busy (go.dev/issue/75804).
# scripts/fuzz.sh builds each package's fuzzing test binary once for all its targets.
FUZZ_TARGETS ?= \
	config:FuzzParse:1000x \
	casetable:FuzzParse:15000x \
	consent:FuzzDecode:60000x \
	consent:FuzzDecodeMatchesEncodingJSON:60000x \
	consent:FuzzParseTimeZ:60000x \
	consent:FuzzDecodeGuards:60000x \
	runner:FuzzParseAnswer:15000x \
	runner:FuzzParsePayload:30000x \
	runner:FuzzRPCResult:45000x \
	selfguard:FuzzJudge:4000x \
	agent:FuzzToolTranslate:3000x \
	agent:FuzzFeed:15000x \
	agent:FuzzReadHermes:60000x \
	agent:FuzzReadClaudeCode:60000x \
	agent:FuzzReadCodex:45000x \
	agent:FuzzReadGemini:50000x \
	agent:FuzzReadCursor:60000x \
	agent:FuzzReadCopilot:60000x \
	agent:FuzzReadWindsurf:55000x \
	agent:FuzzReadCline:50000x \
	agent:FuzzReadPayload:22500x \
	agent:FuzzReadPayloadAs:20000x \
	agent:FuzzSwitchRead:60000x \
	internal/field:FuzzField:10000x \
	internal/jsonx:FuzzObject:60000x \
	internal/jsonx:FuzzAppendString:5000x \
	audit:FuzzParseLine:55000x \
	audit:FuzzReadLines:30x \
	install:FuzzEdit:7500x \
	install:FuzzShellWrap:37500x \
	install:FuzzEnvWords:35000x \
	server:FuzzParse:17500x \
	install:FuzzUnified:1100x \
	install:FuzzAppendToConfig:4000x \
	install:FuzzEditComments:2500x \
	install:FuzzLoadMemory:300x

fuzz: ## run each fuzz target for FUZZTIME (default 60s; smoke: each target's SMOKE count)
	GO=$(GO) bash scripts/fuzz.sh $(FUZZTIME) $(FUZZ_TARGETS)

demo: build ## a one-minute tour: init, list, approve, a blocked rm -rf /, an allowed ls, context
	@bash scripts/demo.sh $(BIN)

bench: ## the performance goals as ratios against baselines measured in the same run
	bash scripts/bench.sh

bench-portable: ## only P1p and P3p: the portable runner (macOS's path) against the Linux one
	bash scripts/bench.sh portable

bench-windows: ## only P1w: P1 under Wine, against a floor built for Windows (not a Windows figure)
	bash scripts/bench.sh windows

bench-wall: ## only PW: hookctl wall -- true against the floor starting true, in a HOME of 200 entries
	bash scripts/bench.sh wall

bench-p2: ## only P2, P2w, P2wh and P2j/P2jf/P2jt: a run of an event with no hooks, with and without ten entries and three guards, and in a project with no entry for it
	bash scripts/bench.sh p2

bench-startup: ## only PSv, PS1 and PS1g: --version and a run with one hook, in and outside a git repository, against cb520ec's build (STARTUP_BASE=REV another)
	bash scripts/bench.sh startup

# TAGS=hookctl_portable runs it on the portable runner.
stress: ## the reliability suite with its heavy cases (1 GiB of output, kill loops, 20 writers)
	$(GO) test -tags '$(TAGS)' -count=1 -timeout 15m -v ./stress/ -args -stress

# AGENT_VERSIONS=latest: the newest published agents instead of e2e/package-lock.json's;
# E2E_AGENTS and E2E_CASES (comma-separated) run only some rows or cases.
e2e: build ## the real-agent suite: each agent's own CLI against a scripted model, in a loopback-only network namespace
	AGENT_VERSIONS=$(AGENT_VERSIONS) HOOKCTL=$(abspath $(BIN)) GO=$(GO) bash e2e/run.sh

clean: ## remove build output
	rm -rf bin dist
