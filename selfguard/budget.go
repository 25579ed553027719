package selfguard

// The self-guard's work is bounded by construction (SPEC 24.7, 28.20): every node of a parsed
// command is walked once, a word's value is computed once, a pipe chain is judged once at its
// top, and all of it is counted in units against a budget proportional to the size of the
// tool input. A node, an expansion and a re-parse are a unit each; a quoted word or a
// here-document of any length is one unit, and copying what a variable holds costs one unit
// per 4 bytes (a value doubled by each assignment cannot grow unseen). Past the budget or the
// nesting bound, or when the caller's context ends (its deadline, a signal), the call is
// denied: an agent reads a hook that does not answer in time as "go on".

// tooComplex is the denial of a call that could not be judged within bounds.
const tooComplex = "is too complex for hookctl to judge (split it into simpler commands)"

// maxSubst bounds how deep $(...), `...` and <(...) may nest inside one another. An ordinary
// command nests two or three; past the bound the call is denied.
const maxSubst = 12

// budgetFor is the work allowed for a tool input of n bytes: a unit per byte sixteen times
// over, which no ordinary command comes near (the corpus in bound_test.go uses at most a
// tenth), plus room for a short one.
func budgetFor(n int) int {
	return 1<<14 + 16*n
}

// spend counts n units of work; it reports false when the budget is spent or the context is
// done, and the judgement must stop. The context is looked at every 256 units, so a signal
// interrupts a walk of any length.
func (m *matcher) spend(n int) bool {
	m.units -= n
	m.tick += n
	if m.units < 0 {
		return false
	}
	if m.tick >= 256 {
		m.tick = 0
		if m.ctx.Err() != nil {
			m.units = -1
			return false
		}
	}
	return true
}

// maxScript bounds the command lines that are parsed at all: no shell is given more as one
// argument on Linux (`bash -c` takes its command as one, and the kernel refuses one over
// 128 KiB). A longer command line is denied as too complex.
const maxScript = 128 << 10

// maxNest bounds how deep brackets may nest in a command line's text before it is parsed: the
// parser's time grows faster than the text's length with the depth of nested ( and ${. Quoted
// text counts too, which no ordinary command (or program in a here-document) comes near.
const maxNest = 64

// nestsTooDeep reports whether src nests ( or ${ more than maxNest deep. Each is counted
// apart, and a closing bracket without an opening one (a case pattern's ")") counts for
// nothing.
func nestsTooDeep(src string) bool {
	parens, params := 0, 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '(':
			parens++
		case ')':
			parens = max(parens-1, 0)
		case '$':
			if i+1 < len(src) && src[i+1] == '{' {
				params++
				i++
			}
		case '}':
			params = max(params-1, 0)
		}
		if parens > maxNest || params > maxNest {
			return true
		}
	}
	return false
}
