package uri

import "strings"

// ResolveHazards returns the hazards of resolving ref against base: those
// of the target that base.Resolve(ref) gives (see [URI.Hazards]);
// [ReferenceResolution] when the URL Standard, resolving ref against base
// with its parser, reaches another host or path or refuses the pair; and
// [DotSegment] when the resolution removed percent-encoded dot-segments
// ("%2e/..") that the Standard reads as dots. Such a hazard belongs to the
// pair: neither base nor ref, nor the target, has it alone. "/" against
// "file:///C:/a/b" is "file:///" to RFC 3986 and "file:///C:/" to a
// browser.
//
// When Resolve fails (a base without a scheme), so does the URL
// Standard's parser, and the set is empty. ResolveHazards allocates what
// Resolve allocates, and a little more when the reference has a path.
func (base URI) ResolveHazards(ref URI) Hazards {
	t, err := base.Resolve(ref)
	if err != nil {
		return 0
	}
	return t.Hazards() | resolvedOtherwise(&base, &ref, &t)
}

// resolvedOtherwise returns ReferenceResolution when the URL Standard's
// parser, given ref and base, reaches another host or path than t, the
// target of section 5.2, or fails; and DotSegment when the two read the
// dot-segments of the merged path otherwise (the Standard's "%2e" is
// "."). It reports nothing that t's own hazards explain.
func resolvedOtherwise(base, ref, t *URI) Hazards {
	refKind, baseKind := kindOf(ref.Scheme()), kindOf(base.Scheme())
	switch {
	case ref.HasScheme() && refKind == otherScheme && !ref.HasAuthority() && !strings.HasPrefix(ref.Path(), "/"):
		// The Standard reads an opaque path as it is; section 5.2.2
		// removes its dot-segments all the same: "c:x/.." is "c:/".
		if t.Path() != ref.Path() {
			return ReferenceResolution.bit()
		}
		return 0
	case ref.HasScheme() && refKind == fileScheme && !ref.HasAuthority():
		if fileWithoutAuthority(base, ref, t) {
			return ReferenceResolution.bit()
		}
		return 0
	case ref.HasScheme():
		// Read alone by both, but for the Standard's dots and a file URL's
		// own drive letter. Another special scheme without an authority
		// ("http:g" against an http base, which the Standard resolves as
		// relative) leaves t without one, which t's hazards report
		// (MissingAuthority).
		segs := segments(ref.Path())
		return pathsDiffer(segs, segs, refKind == fileScheme)
	case baseKind == otherScheme && !base.HasAuthority() && !strings.HasPrefix(base.Path(), "/"):
		// A base with an opaque path ("mailto:x", "sc:sd", "a:"): the
		// Standard resolves a fragment alone and refuses anything else
		// ("no scheme state": missing-scheme-non-relative-URL).
		if !ref.HasAuthority() && ref.Path() == "" && !ref.HasQuery() && ref.HasFragment() {
			return 0
		}
		return ReferenceResolution.bit()
	case ref.HasAuthority():
		segs := segments(ref.Path())
		return pathsDiffer(segs, segs, baseKind == fileScheme)
	case ref.Path() == "":
		// The base's path, as it is: t's hazards report its dot-segments.
		return 0
	case strings.HasPrefix(ref.Path(), "/"):
		// A file URL's slash state carries the base's drive letter over.
		segs := segments(ref.Path())
		return pathsDiffer(segs, withDrive(base, segs), baseKind == fileScheme)
	}
	// A relative path. Section 5.2.3: the base's path but its last
	// segment, then the reference's. The Standard: the base's path as it
	// parsed it, shortened (a lone drive letter of a file URL stays), then
	// the reference's.
	baseSegs := segments(base.Path())
	switch {
	case base.Path() == "" && base.HasAuthority():
		baseSegs = []string{""} // "/" and the reference
	case baseSegs == nil:
		return 0 // a rootless base: t is rootless too, which t's hazards report (MissingAuthority)
	}
	file := baseKind == fileScheme
	refSegs := strings.Split(ref.Path(), "/")
	rfc := append(append([]string(nil), baseSegs[:len(baseSegs)-1]...), refSegs...)
	w := dotSegments(baseSegs, true, file)
	if file {
		w = shorten(w)
	} else {
		w = w[:len(w)-1]
	}
	return pathsDiffer(rfc, append(w, refSegs...), file)
}

// fileWithoutAuthority reports whether the Standard reads ref, a file URL
// without an authority, otherwise than section 5.2, which takes it as it
// is and removes the dot-segments of its path, rootless or not. Against a
// file base the Standard resolves it ("file state"), taking the base's
// host, and its path as a relative reference's ("file:x", "file:../y") or
// as the file slash state does ("file:/x", which keeps the base's drive
// letter); against another base it reads it alone, its path rooted. It
// keeps a drive letter either way.
func fileWithoutAuthority(base, ref, t *URI) bool {
	fileBase := kindOf(base.Scheme()) == fileScheme
	if host := base.Host(); fileBase && host != "" && !strings.EqualFold(host, "localhost") {
		return true
	}
	p := ref.Path()
	segs := segments(p)
	if segs == nil {
		segs = strings.Split(p, "/") // rootless, or [""] for an empty path
	}
	var whatwg []string
	switch {
	case !fileBase:
		whatwg = dotSegments(segs, true, true)
	case p == "":
		whatwg = dotSegments(segments(base.Path()), true, true)
	case strings.HasPrefix(p, "/"):
		whatwg = dotSegments(withDrive(base, segs), true, true)
	default:
		var w []string
		if !isDriveSegment(segs[0]) {
			w = shorten(dotSegments(segments(base.Path()), true, true))
		}
		whatwg = dotSegments(append(w, segs...), true, true)
	}
	path := t.Path()
	if path == "" {
		path = "/" // the empty path of a special scheme
	}
	return path != "/"+strings.Join(whatwg, "/")
}

// pathsDiffer compares the path that section 5.2.4 makes of the segments
// rfc with the one the URL Standard makes of whatwg, for a file URL when
// file is set: DotSegment when the Standard's reading of "%2e" as a dot
// alone parts them, ReferenceResolution when its rules for a drive letter
// (and the base's drive letter in whatwg) do.
func pathsDiffer(rfc, whatwg []string, file bool) Hazards {
	asRFC := strings.Join(dotSegments(rfc, false, false), "/")
	encoded := strings.Join(dotSegments(rfc, true, false), "/") // the Standard's dots, without its drive letters
	theirs := encoded
	if file {
		theirs = strings.Join(dotSegments(whatwg, true, true), "/")
	}
	var h Hazards
	if asRFC == theirs {
		return 0 // the two rules may cancel out: "%2e/.." against "file:///C:/"
	}
	if asRFC != encoded {
		h |= DotSegment.bit()
	}
	if encoded != theirs {
		h |= ReferenceResolution.bit()
	}
	return h
}

// withDrive returns refSegs after the base's drive letter, when the base
// is a file URL whose first segment is one and refSegs does not begin
// with one ("file slash state").
func withDrive(base *URI, refSegs []string) []string {
	if kindOf(base.Scheme()) != fileScheme || len(refSegs) > 0 && isDriveSegment(refSegs[0]) {
		return refSegs
	}
	baseSegs := dotSegments(segments(base.Path()), true, true)
	if len(baseSegs) == 0 || !isDriveSegment(baseSegs[0]) {
		return refSegs
	}
	return append([]string{baseSegs[0]}, refSegs...)
}

// shorten drops the last segment, unless it is a lone drive letter, as
// the Standard's "shorten a URL's path" does for a file URL.
func shorten(segs []string) []string {
	if len(segs) == 0 || len(segs) == 1 && isDriveSegment(segs[0]) {
		return segs
	}
	return segs[:len(segs)-1]
}

// segments returns the segments of a path that begins with "/", or nil.
func segments(path string) []string {
	if !strings.HasPrefix(path, "/") {
		return nil
	}
	return strings.Split(path[1:], "/")
}

// dotSegments removes the "." and ".." segments of segs as section 5.2.4
// does (a final dot-segment leaves an empty last segment, "/a/.." is
// "/"); with encoded, the percent-encoded ones too, as the URL Standard's
// path state does ("%2e", ".%2E"); with keepDrive, as the Standard does
// for a file URL, ".." leaves a first segment that is a drive letter.
func dotSegments(segs []string, encoded, keepDrive bool) []string {
	var out []string
	for i, s := range segs {
		switch {
		case s == "." || encoded && isSingleDot(s):
		case s == ".." || encoded && isDoubleDot(s):
			if len(out) > 0 && !(keepDrive && len(out) == 1 && isDriveSegment(out[0])) {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, s)
			continue
		}
		if i == len(segs)-1 {
			out = append(out, "")
		}
	}
	return out
}

// isSingleDot and isDoubleDot are the Standard's single-dot and
// double-dot URL path segments: "." or "%2e", ".." or ".%2e", "%2e.",
// "%2e%2e", without regard to case.
func isSingleDot(s string) bool { return s == "." || strings.EqualFold(s, "%2e") }

func isDoubleDot(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		return strings.EqualFold(s, ".%2e") || strings.EqualFold(s, "%2e.")
	case 6:
		return strings.EqualFold(s, "%2e%2e")
	}
	return false
}

// isDriveSegment reports whether s is a normalized Windows drive letter
// of the URL Standard: an ASCII letter and ":".
func isDriveSegment(s string) bool {
	return len(s) == 2 && s[1] == ':' && 'a' <= s[0]|0x20 && s[0]|0x20 <= 'z'
}
