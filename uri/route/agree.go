package route

import "github.com/urilabs/rfc3986/internal/pct"

// An Agreement says whether a front proxy and the back end behind it
// route a request to the same place.
type Agreement struct {
	// Agree is true when the back end's key is the front's key, segment
	// for segment, once both are decoded as their products decode them;
	// and when the front sends nothing on (a rejection), or the back end
	// refuses what it gets.
	Agree bool
	// Front is the front's result on the target; after a redirect, on
	// the target redirected to.
	Front Result
	// Back is the back end's result on Front.Forward. It is the zero
	// Result when the front did not accept the request.
	Back Result
	// Segment is the index of the first segment of the keys that
	// differs (0 for the first segment after the leading "/"), or -1.
	Segment int
	// Offset is where that segment begins in Front.Key, or -1.
	Offset int
	// FrontSegment and BackSegment are the segments that differ, as they
	// are written in each key ("" for a segment one key lacks).
	FrontSegment, BackSegment string
}

// maxRedirects bounds the redirects Agree follows.
const maxRedirects = 3

// Agree applies front to target and back to what front forwards, and says
// whether the front's key and the back end's key lead to the same place:
// the same segments, once each key is decoded as its product decodes it
// (a KeyEncoded key is percent-decoded segment by segment; a KeyDecoded
// key is already decoded, but for the "%2F" it kept). A difference in
// case is a difference, since a back end matching with case tells "/ADMIN"
// from "/admin".
//
// A redirect by the front is followed, as a client would, up to three
// times; a rejection by the front is agreement, since nothing is sent on.
// A rejection or redirect by the back end is agreement too: the back end
// serves nothing the front did not route.
func Agree(target string, front, back Policy) Agreement {
	a := Agreement{Segment: -1, Offset: -1}
	fr := front.Apply(target)
	for n := 0; fr.Verdict == Redirect && n < maxRedirects; n++ {
		fr = front.Apply(fr.Location)
	}
	a.Front = fr
	if fr.Verdict != Accept {
		a.Agree = true
		return a
	}
	return agreeOn(a, front, back, back.Apply(fr.Forward))
}

// AgreeStripped is Agree for a front route that strips prefix from the
// path before it forwards (Result.StripPrefix): the back end gets the
// stripped target, and its key is compared with the front's stripped key.
// When the front's key does not begin with prefix, the route does not
// match and nothing is sent on: agreement.
func AgreeStripped(target string, front Policy, prefix string, back Policy) Agreement {
	a := Agreement{Segment: -1, Offset: -1}
	fr := front.Apply(target)
	for n := 0; fr.Verdict == Redirect && n < maxRedirects; n++ {
		fr = front.Apply(fr.Location)
	}
	a.Front = fr
	if fr.Verdict != Accept {
		a.Agree = true
		return a
	}
	stripped, ok := fr.StripPrefix(prefix)
	if !ok {
		a.Agree = true
		return a
	}
	a.Front = stripped
	return agreeOn(a, front, back, back.Apply(stripped.Forward))
}

// AgreeResult is Agree for a front result the caller computed or changed
// itself (a rewrite, a prefix strip of its own, an authorization filter
// that parses the path its own way): back is applied to front.Forward and
// its key compared with front.Key, read in frontPolicy's KeyForm. A front
// result that is not Accept is agreement.
func AgreeResult(front Result, frontPolicy, back Policy) Agreement {
	a := Agreement{Segment: -1, Offset: -1, Front: front}
	if front.Verdict != Accept {
		a.Agree = true
		return a
	}
	return agreeOn(a, frontPolicy, back, back.Apply(front.Forward))
}

func agreeOn(a Agreement, front, back Policy, br Result) Agreement {
	a.Back = br
	if br.Verdict != Accept {
		a.Agree = true
		return a
	}
	fk, bk := a.Front.Key, br.Key
	fenc, benc := front.KeyForm == KeyEncoded, back.KeyForm == KeyEncoded
	for i := 0; ; i++ {
		fs, frest, fok := nextSegment(fk)
		bs, brest, bok := nextSegment(bk)
		if !fok && !bok {
			a.Agree = true
			return a
		}
		if !fok || !bok || !sameSegment(fs, fenc, bs, benc) {
			a.Segment = i
			a.Offset = len(a.Front.Key) - len(fk)
			a.FrontSegment, a.BackSegment = fs, bs
			return a
		}
		fk, bk = frest, brest
	}
}

// nextSegment returns the segment that begins after the "/" key starts
// with, and the key from the "/" after it; ok is false at the end.
func nextSegment(key string) (seg, rest string, ok bool) {
	if key == "" {
		return "", "", false
	}
	if key[0] == '/' {
		key = key[1:]
	}
	for i := 0; i < len(key); i++ {
		if key[i] == '/' {
			return key[:i], key[i:], true
		}
	}
	return key, "", true
}

// sameSegment compares two segments once decoded: every escape of an
// encoded key, only "%2F" of a decoded one.
func sameSegment(a string, aenc bool, b string, benc bool) bool {
	i, j := 0, 0
	for {
		ca, na, oka := decodedAt(a, i, aenc)
		cb, nb, okb := decodedAt(b, j, benc)
		if !oka || !okb {
			return oka == okb
		}
		if ca != cb {
			return false
		}
		i, j = na, nb
	}
}

// decodedAt returns the byte of s at i once decoded, and where the next
// one begins.
func decodedAt(s string, i int, enc bool) (byte, int, bool) {
	if i >= len(s) {
		return 0, i, false
	}
	if v, ok := pct.Triplet(s, i); ok && (enc || v == '/') {
		return v, i + 3, true
	}
	return s[i], i + 1, true
}
