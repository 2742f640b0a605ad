package grammar

import "fmt"

// The inside of an IP-literal (section 3.2.2) is a regular language with no
// component boundaries in it, so it is written here the way Appendix A
// writes it, rule by rule, and compiled to a minimal DFA: Thompson's
// construction, the subset construction over byte classes, and Moore's
// partition refinement.

// A rx is a regular expression over bytes.
type rx interface{ isRx() }

type (
	rxSet byteSet // one byte of the set
	rxSeq []rx    // concatenation
	rxAlt []rx    // alternation
	rxRep struct {
		r        rx
		min, max int // max < 0: no upper bound
	}
)

func (rxSet) isRx() {}
func (rxSeq) isRx() {}
func (rxAlt) isRx() {}
func (rxRep) isRx() {}

func lit(s string) rx {
	seq := make(rxSeq, len(s))
	for i := 0; i < len(s); i++ {
		seq[i] = rxSet(chars(s[i : i+1]))
	}
	return seq
}
func one(s byteSet) rx            { return rxSet(s) }
func seq(rs ...rx) rx             { return rxSeq(rs) }
func alt(rs ...rx) rx             { return rxAlt(rs) }
func rep(r rx, min, max int) rx   { return rxRep{r, min, max} }
func opt(r rx) rx                 { return rep(r, 0, 1) }
func times(n int, r rx) rx        { return rep(r, n, n) }
func atLeast(n int, r rx) rx      { return rep(r, n, -1) }
func upTo(n int, r rx) rx         { return rep(r, 0, n) }
func caseless(lower byte) byteSet { return chars(string([]byte{lower, lower - 'a' + 'A'})) }

// beforeElision is [ *most( h16 ":" ) h16 ], what may precede "::".
func beforeElision(most int, h16 rx) rx { return opt(seq(upTo(most, seq(h16, lit(":"))), h16)) }

// ipLiteralInside is what follows "[" up to and including "]":
//
//	IP-literal = "[" ( IPv6address / IPvFuture ) "]"
//
// and, with zoneID, the form RFC 6874 section 2 gives it:
//
//	IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"
//	IPv6addrz  = IPv6address "%25" ZoneID
//	ZoneID     = 1*( unreserved / pct-encoded )
func ipLiteralInside(zoneID bool) rx {
	// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
	decOctet := alt(
		one(digit),
		seq(one(span('1', '9')), one(digit)),
		seq(lit("1"), one(digit), one(digit)),
		seq(lit("2"), one(span('0', '4')), one(digit)),
		seq(lit("25"), one(span('0', '5'))),
	)
	// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
	ipv4 := seq(decOctet, lit("."), decOctet, lit("."), decOctet, lit("."), decOctet)
	// h16 = 1*4HEXDIG
	h16 := rep(one(hexdig), 1, 4)
	// ls32 = ( h16 ":" h16 ) / IPv4address
	ls32 := alt(seq(h16, lit(":"), h16), ipv4)
	h16c := seq(h16, lit(":"))
	// IPv6address, the nine forms.
	ipv6 := alt(
		seq(times(6, h16c), ls32),
		seq(lit("::"), times(5, h16c), ls32),
		seq(opt(h16), lit("::"), times(4, h16c), ls32),
		seq(beforeElision(1, h16), lit("::"), times(3, h16c), ls32),
		seq(beforeElision(2, h16), lit("::"), times(2, h16c), ls32),
		seq(beforeElision(3, h16), lit("::"), h16c, ls32),
		seq(beforeElision(4, h16), lit("::"), ls32),
		seq(beforeElision(5, h16), lit("::"), h16),
		seq(beforeElision(6, h16), lit("::")),
	)
	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
	ipvFuture := seq(one(caseless('v')), atLeast(1, one(hexdig)), lit("."), atLeast(1, one(ipvFutureChar)))
	if zoneID {
		pctEncoded := seq(lit("%"), one(hexdig), one(hexdig))
		zone := atLeast(1, alt(one(unreserved), pctEncoded))
		return seq(alt(ipv6, seq(ipv6, lit("%25"), zone), ipvFuture), lit("]"))
	}
	return seq(alt(ipv6, ipvFuture), lit("]"))
}

// allSets returns every byte set the expression reads, for the class
// partition.
func allSets(r rx, out []byteSet) []byteSet {
	switch r := r.(type) {
	case rxSet:
		return append(out, byteSet(r))
	case rxSeq:
		for _, x := range r {
			out = allSets(x, out)
		}
	case rxAlt:
		for _, x := range r {
			out = allSets(x, out)
		}
	case rxRep:
		out = allSets(r.r, out)
	}
	return out
}

// nfa is a Thompson automaton: each node has ε-edges and at most one edge
// on a byte set.
type nfa struct {
	eps  [][]int
	set  []byteSet
	next []int // -1: no byte edge
}

func (n *nfa) node() int {
	n.eps = append(n.eps, nil)
	n.set = append(n.set, byteSet{})
	n.next = append(n.next, -1)
	return len(n.eps) - 1
}

// build returns the entry and exit nodes of r.
func (n *nfa) build(r rx) (in, out int) {
	switch r := r.(type) {
	case rxSet:
		in, out = n.node(), n.node()
		n.set[in], n.next[in] = byteSet(r), out
	case rxSeq:
		in = n.node()
		out = in
		for _, x := range r {
			a, b := n.build(x)
			n.eps[out] = append(n.eps[out], a)
			out = b
		}
	case rxAlt:
		in, out = n.node(), n.node()
		for _, x := range r {
			a, b := n.build(x)
			n.eps[in] = append(n.eps[in], a)
			n.eps[b] = append(n.eps[b], out)
		}
	case rxRep:
		in = n.node()
		out = in
		for i := 0; i < r.min; i++ {
			a, b := n.build(r.r)
			n.eps[out] = append(n.eps[out], a)
			out = b
		}
		if r.max < 0 {
			a, b := n.build(r.r)
			n.eps[out] = append(n.eps[out], a)
			n.eps[b] = append(n.eps[b], out)
			return in, out
		}
		end := n.node()
		n.eps[out] = append(n.eps[out], end)
		for i := r.min; i < r.max; i++ {
			a, b := n.build(r.r)
			n.eps[out] = append(n.eps[out], a)
			n.eps[b] = append(n.eps[b], end)
			out = b
		}
		out = end
	}
	return in, out
}

// dfa is a deterministic automaton over byte classes. State 0 is the dead
// state, state 1 the start.
type dfa struct {
	next   [][]int // [state][class]
	accept []bool
}

// compile builds the minimal DFA of r over the given classes.
func compile(r rx, classes []byteSet) *dfa {
	var n nfa
	start, final := n.build(r)
	closure := func(set map[int]bool) map[int]bool {
		stack := make([]int, 0, len(set))
		for s := range set {
			stack = append(stack, s)
		}
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, t := range n.eps[s] {
				if !set[t] {
					set[t] = true
					stack = append(stack, t)
				}
			}
		}
		return set
	}
	key := func(set map[int]bool) string {
		b := make([]byte, len(n.eps))
		for s := range set {
			b[s] = 1
		}
		return string(b)
	}
	d := &dfa{next: [][]int{make([]int, len(classes))}, accept: []bool{false}}
	ids := map[string]int{key(map[int]bool{}): 0}
	todo := []map[int]bool{closure(map[int]bool{start: true})}
	ids[key(todo[0])] = 1
	d.next = append(d.next, make([]int, len(classes)))
	d.accept = append(d.accept, todo[0][final])
	for id := 1; len(todo) > 0; id++ {
		cur := todo[0]
		todo = todo[1:]
		for c, cls := range classes {
			rep := representative(cls)
			moved := map[int]bool{}
			for s := range cur {
				if n.next[s] >= 0 && n.set[s][rep] {
					moved[n.next[s]] = true
				}
			}
			moved = closure(moved)
			k := key(moved)
			to, ok := ids[k]
			if !ok {
				to = len(d.next)
				ids[k] = to
				d.next = append(d.next, make([]int, len(classes)))
				d.accept = append(d.accept, moved[final])
				todo = append(todo, moved)
			}
			d.next[id][c] = to
		}
	}
	return d.minimize()
}

func representative(s byteSet) byte {
	for b, in := range s {
		if in {
			return byte(b)
		}
	}
	panic("grammar: empty class")
}

// minimize merges equivalent states (Moore's algorithm), keeping the dead
// state at 0 and the start state at 1, and numbering the rest in the order
// a breadth-first walk from the start meets them.
func (d *dfa) minimize() *dfa {
	block := make([]int, len(d.next))
	for s := range block {
		if d.accept[s] {
			block[s] = 1
		}
	}
	for {
		sigs := map[string]int{}
		nb := make([]int, len(block))
		for s := range d.next {
			sig := []int{block[s]}
			for _, t := range d.next[s] {
				sig = append(sig, block[t])
			}
			k := fmt.Sprint(sig)
			id, ok := sigs[k]
			if !ok {
				id = len(sigs)
				sigs[k] = id
			}
			nb[s] = id
		}
		if len(sigs) == countDistinct(block) {
			break
		}
		block = nb
	}
	// Renumber: dead first, then breadth-first from the start.
	order := map[int]int{block[0]: 0}
	queue := []int{1}
	if _, ok := order[block[1]]; !ok {
		order[block[1]] = 1
	}
	out := &dfa{}
	rep := map[int]int{}
	for s := range d.next {
		if _, ok := rep[block[s]]; !ok {
			rep[block[s]] = s
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, t := range d.next[s] {
			if _, ok := order[block[t]]; !ok {
				order[block[t]] = len(order)
				queue = append(queue, t)
			}
		}
	}
	out.next = make([][]int, len(order))
	out.accept = make([]bool, len(order))
	for b, id := range order {
		s := rep[b]
		out.accept[id] = d.accept[s]
		out.next[id] = make([]int, len(d.next[s]))
		for c, t := range d.next[s] {
			out.next[id][c] = order[block[t]]
		}
	}
	return out
}

func countDistinct(xs []int) int {
	seen := map[int]bool{}
	for _, x := range xs {
		seen[x] = true
	}
	return len(seen)
}
