package canon

import "github.com/urilabs/rfc3986/internal/numhost"

// Helpers exports the helper functions of the steps, each as a function of
// one string; "!none" stands for no result.
var Helpers = map[string]func(string) string{
	"alphaReorderQuery":  alphaReorderQuery,
	"massageHost":        stripWWW,
	"stripPathSessionID": stripPathSessionID,
	"stripQuerySessionID": func(s string) string {
		if len(s) > 0 && s[0] == '?' {
			return "?" + stripQuerySessionID(s[1:])
		}
		return stripQuerySessionID(s)
	},
	"unescapeRepeatedly": unescapeRepeatedly,
	"attemptIPFormats": func(s string) string {
		if v, ok := numhost.Google(s); ok {
			return numhost.Addr(v).String()
		}
		return "!none"
	},
	"hostToSURT": func(s string) string { return string(appendHostSURT(nil, s, SURTOptions{})) },
}
