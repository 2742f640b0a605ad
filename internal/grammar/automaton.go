package grammar

import "fmt"

// Components, reasons and host kinds are defined here, once: the tables
// hold them in failure codes and host-kind entries, so their values come
// from the grammar. They are written to package tables as typed enums with
// their names; package scanner and package uri re-export them.

// An enumValue describes one value of an enum written to package tables.
type enumValue struct {
	name string // the Go name, after the enum's prefix
	text string // what String returns
	doc  string // the constant's doc comment
}

// component says which part of a URI-reference a state is reading.
type component uint8

const (
	noComponent component = iota
	scheme
	userInfo
	host
	port
	path
	query
	fragment
)

// components are written as tables.Component<name>. Their texts are the
// names RFC 3986 gives the components, which error messages show.
var components = []enumValue{
	noComponent: {"None", "none", "no component in particular"},
	scheme:      {"Scheme", "scheme", "the scheme (§3.1)"},
	userInfo:    {"UserInfo", "userinfo", "the userinfo (§3.2.1)"},
	host:        {"Host", "host", "the host (§3.2.2)"},
	port:        {"Port", "port", "the port (§3.2.3)"},
	path:        {"Path", "path", "the path (§3.3)"},
	query:       {"Query", "query", "the query (§3.4)"},
	fragment:    {"Fragment", "fragment", "the fragment (§3.5)"},
}

// reason says why a byte, or the end of the input, was rejected.
type reason uint8

const (
	noReason reason = iota
	invalidCharacter
	invalidPercentEncoding
	colonInFirstSegment
	missingScheme
	invalidPort
	invalidIPv6
	invalidIPvFuture
	tooLong
	invalidUTF8
)

// reasons are written as tables.Reason<name>; their texts are what
// scanner.Failure.String shows.
var reasons = []enumValue{
	noReason:               {"None", "Accepted", "no reason: the input was accepted"},
	invalidCharacter:       {"InvalidCharacter", "InvalidCharacter", "a byte the component cannot hold here, or a byte RFC 3986 allows nowhere (§2)"},
	invalidPercentEncoding: {"InvalidPercentEncoding", "InvalidPercentEncoding", `a "%" not followed by two HEXDIG (§2.1)`},
	colonInFirstSegment:    {"ColonInFirstSegment", "ColonInFirstSegment", `a ":" in the first segment of a relative-path reference (§4.2)`},
	missingScheme:          {"MissingScheme", "MissingScheme", `the reference begins with ":" (§3.1)`},
	invalidPort:            {"InvalidPort", "InvalidPort", "a byte that is not a DIGIT in a port (§3.2.3)"},
	invalidIPv6:            {"InvalidIPv6", "InvalidIPv6", "an IP-literal that is not an IPv6address (§3.2.2)"},
	invalidIPvFuture:       {"InvalidIPvFuture", "InvalidIPvFuture", `an IP-literal beginning with "v" that is not an IPvFuture (§3.2.2)`},
	tooLong:                {"TooLong", "TooLong", "an input longer than the 32-bit offsets can hold"},
	invalidUTF8:            {"InvalidUTF8", "InvalidUTF8", "a byte that cannot continue the UTF-8 of an IRI's character (RFC 3987 §2.2, RFC 3629 §4)"},
}

// hostKind is the kind of host an authority holds when it ends in a state.
type hostKind uint8

const (
	noHost hostKind = iota
	hostRegName
	hostIPv4
	hostIPv6
	hostIPvFuture
)

// hostKinds are written as tables.Host<name>; package uri's
// HostKind.String returns the text.
var hostKinds = []enumValue{
	noHost:        {"NoHost", "NoHost", "no authority, so no host"},
	hostRegName:   {"RegName", "RegName", "a reg-name, possibly empty"},
	hostIPv4:      {"IPv4", "IPv4", "an IPv4address"},
	hostIPv6:      {"IPv6", "IPv6", "an IP-literal holding an IPv6address"},
	hostIPvFuture: {"IPvFuture", "IPvFuture", "an IP-literal holding an IPvFuture"},
}

// end says what reaching the end of the input in a state means.
type end uint8

const (
	endReject    end = iota // not a URI-reference: fail with the state's end failure
	endAccept               // a URI-reference
	endAuthority            // a URI-reference whose authority ends here
)

var endNames = []string{"Reject", "Accept", "CloseAuthority"}

// endDocs say what each end means, for the generated constants.
var endDocs = []string{
	"the input is not a URI-reference: it fails with the state's EndFailure",
	"the input is a URI-reference",
	"the input is a URI-reference whose authority ends with it",
}

// A failure is a reason and the component it is reported in.
type failure struct {
	reason    reason
	component component
}

// code packs a failure into the byte the tables hold.
func (f failure) code() uint8 { return uint8(f.reason) | uint8(f.component)<<4 }

// A state of the main automaton.
type state struct {
	name      string
	doc       string
	component component
	special   bool     // the scanner acts on entering it; it must not loop to itself
	hostKind  hostKind // the host kind if the authority ends in this state
	end       end
	endFail   failure
	dflt      failure // the failure for a byte no edge takes
	edges     []edge
	fails     []failEdge
	id        int
}

type edge struct {
	on byteSet
	to *state
}

type failEdge struct {
	on byteSet
	f  failure
}

// on adds transitions to to on every byte of set that no earlier edge of s
// takes: edges are listed from the specific to the general, and the first
// that holds a byte wins, as the RFC's "first-match-wins" reads.
func (s *state) on(set byteSet, to *state) *state {
	s.edges = append(s.edges, edge{set, to})
	return s
}

// fail makes every byte of set fail with r in the state's component.
func (s *state) fail(set byteSet, r reason) *state {
	s.fails = append(s.fails, failEdge{set, failure{r, s.component}})
	return s
}

// accepts makes the end of input in s the end of a URI-reference.
func (s *state) accepts() *state { s.end = endAccept; return s }

// An automaton is a list of states; the first is the start state.
type automaton struct {
	states []*state
}

func (a *automaton) state(name string, c component, doc string) *state {
	s := &state{name: name, doc: doc, component: c, dflt: failure{invalidCharacter, c}, endFail: failure{invalidCharacter, c}}
	a.states = append(a.states, s)
	return s
}

func (a *automaton) special(name string, c component, doc string) *state {
	s := a.state(name, c, doc)
	s.special = true
	return s
}

// pct adds the two states that read the HEXDIG HEXDIG of a pct-encoded
// triplet (section 2.1) and return to back.
func (a *automaton) pct(back *state, prefix string) (first, second *state) {
	first = a.state(prefix+"1", back.component, "§2.1 pct-encoded: after \"%\" in "+components[back.component].text)
	second = a.state(prefix+"2", back.component, "§2.1 pct-encoded: after \"%\" HEXDIG in "+components[back.component].text)
	for _, s := range []*state{first, second} {
		s.dflt = failure{invalidPercentEncoding, back.component}
		s.endFail = s.dflt
	}
	first.on(hexdig, second)
	second.on(hexdig, back)
	return first, second
}

// Dot-decimal progress within one dec-octet (section 3.2.2):
//
//	dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
type octetProgress int

const (
	octetStart      octetProgress = iota // nothing of this octet read yet
	octetZero                            // "0": complete, no digit may follow
	octetOne                             // "1"
	octetTwo                             // "2"
	octetDigit                           // %x33-39
	octetOpen                            // "1" DIGIT or "2" %x30-34: one more DIGIT may follow
	octetTwentyFive                      // "25": %x30-35 may follow
	octetClosed                          // two digits, complete: %x36-39 after "2", or %x33-39 DIGIT
	octetFull                            // three digits
	numOctetProgress
)

var octetNames = []string{"Start", "Zero", "One", "Two", "Digit", "Open", "TwentyFive", "Closed", "Full"}

var octetDocs = []string{
	"nothing of the octet read yet", `"0"`, `"1"`, `"2"`, `%x33-39`,
	`"1" DIGIT or "2" %x30-34`, `"25"`, `%x33-39 DIGIT or "2" %x36-39`, "three digits",
}

// octetStep is the dec-octet automaton: the progress after reading digit d,
// or -1 when the digits so far can no longer be a dec-octet.
func octetStep(p octetProgress, d byte) octetProgress {
	switch p {
	case octetStart:
		switch {
		case d == '0':
			return octetZero
		case d == '1':
			return octetOne
		case d == '2':
			return octetTwo
		default:
			return octetDigit
		}
	case octetOne:
		return octetOpen
	case octetTwo:
		switch {
		case d <= '4':
			return octetOpen
		case d == '5':
			return octetTwentyFive
		default:
			return octetClosed
		}
	case octetDigit:
		return octetClosed
	case octetOpen:
		return octetFull
	case octetTwentyFive:
		if d <= '5' {
			return octetFull
		}
	}
	return -1
}

// The names of the main automaton's states that the scanner refers to.
type mainStates struct {
	start                                           *state
	afterScheme, beforeAuthority, afterUserInfo     *state
	afterAuthorityColon, afterPortColon             *state
	withinIPLiteral, afterIPv6, afterIPvFuture      *state
	pathAfterAuthority, queryAfterAuthority         *state
	fragmentAfterAuthority, beforeQuery, beforeFrag *state
	dead                                            *state
	withinPath, withinQuery, withinFragment         *state
	withinRegName, authorityRegName, withinUserInfo *state
	withinPort, authorityPort, withinFirstSegment   *state
	withinSchemeOrSegment, afterFirstSlash          *state
}

// mainAutomaton describes how a URI-reference (section 4.1) is read, one
// byte at a time, from left to right.
//
// Where the grammar cannot yet tell two rules apart, a state stands for
// both: "a" may begin a scheme or a relative path's first segment, and
// "a:1" after "//" may be userinfo (if an "@" follows) or host and port.
// States the scanner acts on when it enters them ("special" states) mark
// where components begin and end.
func mainAutomaton() (*automaton, *mainStates) {
	a := &automaton{}
	m := &mainStates{}

	// Section 4.1: URI-reference = URI / relative-ref. A scheme begins with
	// ALPHA; until a ":" is read, the same bytes may be a relative path's
	// first segment (path-noscheme, section 4.2).
	m.start = a.state("BeforeReference", path, "§4.1 URI-reference: nothing read yet")
	m.withinSchemeOrSegment = a.state("WithinSchemeOrSegment", path, "§3.1 scheme, or §4.2 path-noscheme's first segment: ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ) read")
	m.withinFirstSegment = a.state("WithinFirstSegment", path, "§3.3 segment-nz-nc: the first segment of a relative path, which cannot hold \":\"")
	m.afterFirstSlash = a.state("AfterFirstSlash", path, "§3.3 path-absolute, or the first \"/\" of \"//\" authority")
	m.withinPath = a.state("WithinPath", path, "§3.3 path: within a segment or at a \"/\"")
	m.withinQuery = a.state("WithinQuery", query, "§3.4 query")
	m.withinFragment = a.state("WithinFragment", fragment, "§3.5 fragment")

	// Section 3.2: authority = [ userinfo "@" ] host [ ":" port ]. Until an
	// "@" is read, the authority may be userinfo; the states named
	// Authority... stand for both readings.
	var authorityOctets, hostOctets [4][numOctetProgress]*state
	for k := range 4 {
		for p := octetProgress(0); p < numOctetProgress; p++ {
			if k == 0 && p == octetStart {
				continue // the start of the first octet is the start of the host
			}
			name := fmt.Sprintf("IPv4Octet%d%s", k+1, octetNames[p])
			doc := fmt.Sprintf("§3.2.2 IPv4address or reg-name: in the %s dec-octet, %s", ordinal[k], octetDocs[p])
			authorityOctets[k][p] = a.state("Authority"+name, host, doc+"; or userinfo")
			hostOctets[k][p] = a.state("Host"+name, host, doc)
		}
	}
	m.authorityRegName = a.state("AuthorityRegName", host, "§3.2.2 reg-name, or §3.2.1 userinfo before any \":\"")
	m.authorityPort = a.state("AuthorityPort", port, "§3.2.3 port after host \":\", or §3.2.1 userinfo's DIGITs after its first \":\"")
	m.withinUserInfo = a.state("WithinUserInfoAfterColon", userInfo, "§3.2.1 userinfo after its first \":\" and a byte that is not a DIGIT: an \"@\" must follow")
	m.withinRegName = a.state("WithinRegName", host, "§3.2.2 reg-name after userinfo \"@\"")
	m.withinPort = a.state("WithinPort", port, "§3.2.3 port = *DIGIT")
	m.afterIPv6 = a.state("AfterIPv6Literal", host, "§3.2.2 IP-literal holding an IPv6address, \"]\" read")
	m.afterIPvFuture = a.state("AfterIPvFutureLiteral", host, "§3.2.2 IP-literal holding an IPvFuture, \"]\" read")

	// The pct-encoded states for every component that admits pct-encoded.
	pctFirstSegment, _ := a.pct(m.withinFirstSegment, "PctInFirstSegment")
	pctPath, _ := a.pct(m.withinPath, "PctInPath")
	pctQuery, _ := a.pct(m.withinQuery, "PctInQuery")
	pctFragment, _ := a.pct(m.withinFragment, "PctInFragment")
	pctAuthority, _ := a.pct(m.authorityRegName, "PctInAuthority")
	pctRegName, _ := a.pct(m.withinRegName, "PctInRegName")
	pctUserInfo, _ := a.pct(m.withinUserInfo, "PctInUserInfo")

	// Special states: the scanner records an offset when it enters one.
	m.afterScheme = a.special("AfterScheme", path, "§3.1 scheme \":\" read: the scheme ends")
	m.beforeAuthority = a.special("BeforeAuthority", host, "§3.2 \"//\" read: the authority begins")
	m.afterAuthorityColon = a.special("AfterAuthorityColon", port, "§3.2 the first \":\" in an authority without \"@\" yet: host \":\" port, or within userinfo")
	m.afterUserInfo = a.special("AfterUserInfo", host, "§3.2.1 userinfo \"@\" read: the host begins")
	m.afterPortColon = a.special("AfterPortColon", port, "§3.2.3 \":\" after the host: the port begins")
	m.withinIPLiteral = a.special("WithinIPLiteral", host, "§3.2.2 \"[\" read: the scanner reads the IP-literal with the IP-literal automaton")
	m.pathAfterAuthority = a.special("PathAfterAuthority", path, "§3.3 path-abempty: the \"/\" that ends an authority")
	m.queryAfterAuthority = a.special("QueryAfterAuthority", query, "§3.4 the \"?\" that ends an authority")
	m.fragmentAfterAuthority = a.special("FragmentAfterAuthority", fragment, "§3.5 the \"#\" that ends an authority")
	m.beforeQuery = a.special("BeforeQuery", query, "§3.4 \"?\" read: the query begins")
	m.beforeFrag = a.special("BeforeFragment", fragment, "§3.5 \"#\" read: the fragment begins")
	m.dead = a.special("Dead", noComponent, "not a URI-reference: the byte read before cannot begin or continue one")

	// pathGoesOn adds the edges every state has where a path may go on:
	// more path bytes, a query or a fragment.
	pathGoesOn := func(s *state) *state {
		return s.on(ipathChar, m.withinPath).on(chars("%"), pctPath).
			on(chars("?"), m.beforeQuery).on(chars("#"), m.beforeFrag).accepts()
	}

	// Section 4.1 and 4.2.
	m.start.
		on(alpha, m.withinSchemeOrSegment).
		on(isegmentNC.minus(alpha), m.withinFirstSegment).
		on(chars("%"), pctFirstSegment).
		on(chars("/"), m.afterFirstSlash).
		on(chars("?"), m.beforeQuery).
		on(chars("#"), m.beforeFrag).
		accepts()
	m.start.fails = append(m.start.fails, failEdge{chars(":"), failure{missingScheme, scheme}})
	m.withinSchemeOrSegment.
		on(schemeChar, m.withinSchemeOrSegment).
		on(isegmentNC.minus(schemeChar), m.withinFirstSegment).
		on(chars("%"), pctFirstSegment).
		on(chars(":"), m.afterScheme).
		on(chars("/"), m.withinPath).
		on(chars("?"), m.beforeQuery).
		on(chars("#"), m.beforeFrag).
		accepts()
	m.withinFirstSegment.
		on(isegmentNC, m.withinFirstSegment).
		on(chars("%"), pctFirstSegment).
		on(chars("/"), m.withinPath).
		on(chars("?"), m.beforeQuery).
		on(chars("#"), m.beforeFrag).
		fail(chars(":"), colonInFirstSegment).
		accepts()

	// Section 3: hier-part = "//" authority path-abempty / path-absolute /
	// path-rootless / path-empty.
	m.afterScheme.on(chars("/"), m.afterFirstSlash)
	pathGoesOn(m.afterScheme)
	m.afterFirstSlash.on(chars("/"), m.beforeAuthority)
	pathGoesOn(m.afterFirstSlash)
	pathGoesOn(m.withinPath)

	// Section 3.4 and 3.5.
	// Their bytes are the same; RFC 3987's iquery alone holds iprivate.
	queryGoesOn := func(s *state, within *state, pct *state) {
		s.on(iqueryChar, within).on(chars("%"), pct).accepts()
	}
	fragmentGoesOn := func(s *state) {
		s.on(ifragmentChar, m.withinFragment).on(chars("%"), pctFragment).accepts()
	}
	queryGoesOn(m.beforeQuery, m.withinQuery, pctQuery)
	m.beforeQuery.on(chars("#"), m.beforeFrag)
	queryGoesOn(m.withinQuery, m.withinQuery, pctQuery)
	m.withinQuery.on(chars("#"), m.beforeFrag)
	fragmentGoesOn(m.beforeFrag)
	fragmentGoesOn(m.withinFragment)

	// The authority ends at "/", "?", "#" or the end of the input (section 3.2).
	m.pathAfterAuthority.on(chars("/"), m.withinPath)
	pathGoesOn(m.pathAfterAuthority)
	queryGoesOn(m.queryAfterAuthority, m.withinQuery, pctQuery)
	m.queryAfterAuthority.on(chars("#"), m.beforeFrag)
	fragmentGoesOn(m.fragmentAfterAuthority)
	authorityEnds := func(s *state, kind hostKind) *state {
		s.hostKind = kind
		s.end = endAuthority
		return s.on(chars("/"), m.pathAfterAuthority).
			on(chars("?"), m.queryAfterAuthority).
			on(chars("#"), m.fragmentAfterAuthority)
	}

	// hostGoesOn adds the edges of a state within a host: in the authority
	// before any "@" (userinfo possible) or after it.
	hostGoesOn := func(s *state, userinfoPossible bool, kind hostKind) {
		authorityEnds(s, kind)
		if userinfoPossible {
			s.on(iregName, m.authorityRegName).
				on(chars("%"), pctAuthority).
				on(chars(":"), m.afterAuthorityColon).
				on(chars("@"), m.afterUserInfo)
		} else {
			s.on(iregName, m.withinRegName).
				on(chars("%"), pctRegName).
				on(chars(":"), m.afterPortColon)
		}
	}

	// Section 3.2.2: host = IP-literal / IPv4address / reg-name, first
	// match wins. A host of digits and dots is an IPv4address while its
	// octets stay within dec-octet; the first byte that breaks the form
	// makes it a reg-name, which every byte of an IPv4address also is.
	for _, ctx := range []struct {
		start    *state
		octets   *[4][numOctetProgress]*state
		regName  *state
		userinfo bool
	}{
		{m.beforeAuthority, &authorityOctets, m.authorityRegName, true},
		{m.afterUserInfo, &hostOctets, m.withinRegName, false},
	} {
		octet := func(k int, p octetProgress) *state {
			if k == 0 && p == octetStart {
				return ctx.start
			}
			return ctx.octets[k][p]
		}
		for k := range 4 {
			for p := octetProgress(0); p < numOctetProgress; p++ {
				s := octet(k, p)
				kind := hostRegName
				if k == 3 && p != octetStart {
					kind = hostIPv4
				}
				// One edge per target, so DIGITs the dec-octet rule does
				// not tell apart stay in one byte class.
				var digitsTo [numOctetProgress]byteSet
				var toRegName byteSet
				for d := byte('0'); d <= '9'; d++ {
					if next := octetStep(p, d); next >= 0 {
						digitsTo[next][d] = true
					} else {
						toRegName[d] = true
					}
				}
				for next, set := range digitsTo {
					if !set.empty() {
						s.on(set, octet(k, octetProgress(next)))
					}
				}
				if !toRegName.empty() {
					s.on(toRegName, ctx.regName)
				}
				switch {
				case p != octetStart && k < 3:
					s.on(chars("."), octet(k+1, octetStart))
				default:
					s.on(chars("."), ctx.regName)
				}
				// Any other reg-name byte ("." included, where the edge
				// above did not take it) makes the host a reg-name.
				hostGoesOn(s, ctx.userinfo, kind)
				if k == 0 && p == octetStart {
					s.on(chars("["), m.withinIPLiteral)
				}
			}
		}
	}
	m.authorityRegName.on(iregName, m.authorityRegName)
	hostGoesOn(m.authorityRegName, true, hostRegName)
	m.withinRegName.on(iregName, m.withinRegName)
	hostGoesOn(m.withinRegName, false, hostRegName)

	// Section 3.2.1 and 3.2.3: after the first ":" of an authority with no
	// "@" yet, DIGITs may be a port or userinfo; any other userinfo byte
	// means userinfo, and then an "@" must come. If the authority ends
	// instead, it was host ":" port, and the port is what is wrong.
	afterColonGoesOn := func(s *state) {
		authorityEnds(s, hostRegName) // the kind was recorded at the ":"
		s.on(digit, m.authorityPort).
			on(iuserinfo, m.withinUserInfo).
			on(chars("%"), pctUserInfo).
			on(chars("@"), m.afterUserInfo)
		s.dflt = failure{invalidPort, port}
	}
	afterColonGoesOn(m.afterAuthorityColon)
	afterColonGoesOn(m.authorityPort)
	m.withinUserInfo.on(iuserinfo, m.withinUserInfo).on(chars("%"), pctUserInfo).on(chars("@"), m.afterUserInfo)
	m.withinUserInfo.fails = append(m.withinUserInfo.fails, failEdge{chars("/?#"), failure{invalidPort, port}})
	m.withinUserInfo.endFail = failure{invalidPort, port}

	// Section 3.2.3: port = *DIGIT.
	for _, s := range []*state{m.afterPortColon, m.withinPort} {
		authorityEnds(s, hostRegName) // the kind was recorded at the ":"
		s.on(digit, m.withinPort)
		s.dflt = failure{invalidPort, port}
		s.endFail = s.dflt
	}
	// Section 3.2.2: after "]" only a port or the end of the authority.
	for _, x := range []struct {
		s    *state
		kind hostKind
	}{{m.afterIPv6, hostIPv6}, {m.afterIPvFuture, hostIPvFuture}} {
		authorityEnds(x.s, x.kind)
		x.s.on(chars(":"), m.afterPortColon)
	}
	return a, m
}

var ordinal = []string{"first", "second", "third", "fourth"}
