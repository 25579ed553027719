package install

import (
	"fmt"

	"github.com/hookctl/hookctl/config"
)

// AddChecked is AddFile refusing a text the config would not load (AddRefused): cfg is the
// config at cfgPath as it is, read with opts; warn is given each problem that says why.
func AddChecked(cfgPath string, cfg *config.Config, opts config.Options, e Imported, warn func(string)) error {
	return AddFile(cfgPath, e, func(text []byte) error {
		why, refused := AddRefused(cfg, config.Parse(cfgPath, text, opts), e)
		for _, p := range why {
			warn(p.String())
		}
		if refused {
			return fmt.Errorf("the entry was not added: the config would not load it (problems above); %s was not changed", cfgPath)
		}
		return nil
	})
}

// RemoveChecked is RemoveFile refusing a text with more errors than cfg, the config at cfgPath
// as it is, read with opts (RemoveRefused).
func RemoveChecked(cfgPath string, cfg *config.Config, opts config.Options, command string) ([]string, error) {
	return RemoveFile(cfgPath, command, func(text []byte) error {
		if RemoveRefused(cfg, config.Parse(cfgPath, text, opts)) {
			return fmt.Errorf("the config would not load without the entry; %s was not changed", cfgPath)
		}
		return nil
	})
}
