package runner

import "time"

// MaxDeadline bounds the seconds a caller says it waits (a day), so that no value overflows a
// Duration.
const MaxDeadline = 24 * 60 * 60

// DeadlineMargin is how long before the caller's deadline a dispatch ends, to answer in time;
// at most half the deadline, for a deadline of a few seconds.
const DeadlineMargin = 2 * time.Second

// AnswerBy is when a dispatch that began at began must end to answer a caller that waits
// seconds for it (install writes the agent's timeout as run's --deadline): DeadlineMargin
// before, or half way for a short deadline. ok is false for 0, a caller that names none.
func AnswerBy(began time.Time, seconds uint) (at time.Time, ok bool) {
	if seconds == 0 {
		return time.Time{}, false
	}
	total := time.Duration(min(seconds, MaxDeadline)) * time.Second
	return began.Add(total - min(DeadlineMargin, total/2)), true
}
