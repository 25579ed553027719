// Command workflowstep prints the shell command of one step of a GitHub Actions workflow, as
// written there, so that .ci/run runs exactly the command the release workflow runs:
//
//	go run ./scripts/workflowstep .github/workflows/release.yml JOB STEP-ID
package main

import (
	"errors"
	"fmt"
	"os"

	"gopkg.in/yaml.v3"
)

type workflow struct {
	Jobs map[string]struct {
		Steps []struct {
			ID  string `yaml:"id"`
			Run string `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: workflowstep FILE JOB STEP-ID")
		os.Exit(2)
	}
	run, err := stepRun(os.Args[1], os.Args[2], os.Args[3])
	if err != nil {
		fmt.Fprintf(os.Stderr, "workflowstep: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(run)
}

// stepRun is the run of the step id of job in the workflow file, which must have one.
func stepRun(file, job, id string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	var w workflow
	if err := yaml.Unmarshal(data, &w); err != nil {
		return "", fmt.Errorf("%s: %w", file, err)
	}
	j, ok := w.Jobs[job]
	if !ok {
		return "", fmt.Errorf("%s has no job %q", file, job)
	}
	for _, s := range j.Steps {
		if s.ID == id {
			if s.Run == "" {
				return "", fmt.Errorf("%s: the step %q of job %q runs no command", file, id, job)
			}
			return s.Run, nil
		}
	}
	return "", errors.New(file + ": job " + job + " has no step with id " + id)
}
