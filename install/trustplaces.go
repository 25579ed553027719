package install

// TrustPlacesAt are the agents' own trust files under home, for a hookctl called name that an
// agent would run in dir.
func TrustPlacesAt(lookupEnv func(string) (string, bool), home, dir, name string) TrustPlaces {
	return TrustPlaces{CodexHome: CodexHome(lookupEnv, home), GeminiFolders: GeminiTrustedFolders(lookupEnv, home), Dir: dir, Name: name}
}
