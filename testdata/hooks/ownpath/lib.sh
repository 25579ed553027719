# Sourced by bash-source.sh from the folder it finds itself in. Not pinned: only the script a
# command names is.
verdict() {
	printf '{"decision":"block","reason":"%s found lib.sh beside it"}\n' "$1"
}
