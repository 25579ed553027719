package config

import "os"

// ValidatePath is the config file `hookctl validate` reads: file when given, which must exist,
// else the one hookctl would use, which must exist when a flag or the environment named it
// (NamedMissing).
func (loc Locations) ValidatePath(file, flag string, lookupEnv func(string) (string, bool)) (string, error) {
	if file != "" {
		_, err := os.Stat(file)
		return file, err
	}
	return loc.Config, loc.NamedMissing(flag, lookupEnv)
}
