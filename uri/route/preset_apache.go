package route

// apachePolicy is Apache httpd 2.4 with mod_proxy and ProxyPass "/"
// "http://backend/": ap_parse_request_line takes any byte above 0x20 but
// DEL and refuses a raw "#" and an invalid escape; ap_normalize_path
// decodes the escapes of unreserved characters, removes dot-segments
// (400 above the root) and, with MergeSlashes on, merges slashes;
// ap_unescape_url decodes the rest into r->uri, refusing "%00" and, with
// AllowEncodedSlashes Off, "%2F" with 404. The key is r->uri, which
// ProxyPass and <Location> match; what is sent on is r->uri written again
// by ap_proxy_canonenc_ex, or the target as received with nocanon. A
// request line of more than 8191 bytes without its CRLF gets 414
// (LimitRequestLine 8190; ap_rgetline takes one byte more).
func apachePolicy(aes Encoded, merge, nocanon bool) Policy {
	p := Policy{
		Read:           ReadLenient,
		InvalidPercent: InvalidPercentReject,
		Fragment:       FragmentReject,
		Unreserved:     UnreservedDecode,
		EncodedDot:     EncodedDotDecode,
		EncodedSlash:   aes,
		EncodedNul:     EncodedReject,
		Dot:            DotRemove,
		DotDot:         DotDotRejectAbove,
		KeyForm:        KeyDecoded,
		Forward:        ForwardApache,
		Escape:         EscapeApache,
		AbsoluteForm:   AbsoluteToOriginHTTP,
		AuthorityForm:  OtherReject,
		AsteriskForm:   OtherReject,
		QueryTarget:    QueryTargetRoot,
		Status:         Statuses{Encoded: 404},
		Limits:         Limits{Line: 8191, Status: 414},
	}
	if merge {
		p.Slashes = SlashesMerge
	}
	if nocanon {
		p.Forward = ForwardApacheNoCanon
	}
	return p
}

const apacheSources = "server/protocol.c (ap_parse_request_line), server/request.c (ap_process_request_internal), " +
	"server/util.c (ap_normalize_path, ap_unescape_url), modules/proxy/mod_proxy.c (ap_proxy_trans_match, alias_match), " +
	"modules/proxy/proxy_util.c (ap_proxy_canonenc_ex), modules/proxy/mod_proxy_http.c (proxy_http_canon); " +
	"checked against Apache httpd 2.4.71 from Debian 12 (testdata/observed/apache-*.txt)"

var _ = func() []Preset {
	var ps []Preset
	for _, aes := range []struct {
		name, setting string
		knob          Encoded
	}{{"off", "Off", EncodedReject}, {"on", "On", EncodedDecode}, {"nodecode", "NoDecode", EncodedKeep}} {
		for _, nocanon := range []bool{false, true} {
			for _, merge := range []bool{true, false} {
				name, settings := "apache-aes-"+aes.name, `ProxyPass "/" "http://backend/"`
				if nocanon {
					name += "-nocanon"
					settings += " nocanon"
				}
				if !merge {
					name += "-nomerge"
				}
				settings += ", AllowEncodedSlashes " + aes.setting
				if merge {
					settings += ", MergeSlashes On"
				} else {
					settings += ", MergeSlashes Off"
				}
				ps = append(ps, Preset{Name: name, Product: "Apache httpd", Version: "2.4", Role: Both,
					Settings: settings, Sources: apacheSources, Policy: apachePolicy(aes.knob, merge, nocanon)})
			}
		}
	}
	return register(ps...)
}()
