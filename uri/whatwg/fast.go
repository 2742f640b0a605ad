package whatwg

func parseFast(input string) (URL, bool) { return URL{}, false }
