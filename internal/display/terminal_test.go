package display

import "testing"

func env(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
}

func TestColorOn(t *testing.T) {
	tests := []struct {
		name     string
		flag     string
		env      map[string]string
		terminal bool
		want     bool
	}{
		{"a terminal", "auto", nil, true, true},
		{"a pipe", "auto", nil, false, false},
		{"NO_COLOR at a terminal", "auto", map[string]string{"NO_COLOR": "1"}, true, false},
		{"an empty NO_COLOR counts for nothing", "auto", map[string]string{"NO_COLOR": ""}, true, true},
		{"always, even piped and under NO_COLOR", "always", map[string]string{"NO_COLOR": "1"}, false, true},
		{"never, even at a terminal", "never", nil, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ColorOn(tt.flag, env(tt.env), tt.terminal); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestWidth(t *testing.T) {
	tests := []struct {
		name    string
		columns string
		set     bool
		want    int
	}{
		{"COLUMNS wins", "50", true, 50},
		{"a COLUMNS that is no number: the terminal's", "wide", true, 80},
		{"COLUMNS 0: the terminal's", "0", true, 80},
		{"no COLUMNS: the terminal's", "", false, 80},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]string{}
			if tt.set {
				vars["COLUMNS"] = tt.columns
			}
			if got := Width(env(vars), func() int { return 80 }); got != tt.want {
				t.Errorf("got %d, want %d", got, tt.want)
			}
		})
	}
}
