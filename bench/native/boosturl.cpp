//go:build native

#include <cstddef>
#include <cstring>

// Boost.URL compiled into this file: its documented alternative to linking
// libboost_url, and what lets the compiler inline the parser into the loop.
#include <boost/url/src.hpp>
#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>

// boosturl_pass parses the n lines of buf, the i-th ending at ends[i], and
// returns how many are URI-references. A url_view points into the line
// and allocates nothing.
extern "C" std::size_t boosturl_pass(const char *buf, const std::size_t *ends, std::size_t n) {
	std::size_t accepted = 0, start = 0;
	for (std::size_t i = 0; i < n; i++) {
		boost::urls::string_view s(buf + start, ends[i] - start);
		if (boost::urls::parse_uri_reference(s).has_value()) {
			accepted++;
		}
		start = ends[i];
	}
	return accepted;
}

namespace {

// copy_out appends s to out for the untimed pass that checks the results
// (see struct writer in uriparser.c), and returns false when it has no room.
bool copy_out(boost::urls::string_view s, char *out, std::size_t outcap, std::size_t &outlen,
		std::size_t *outends, std::size_t i) {
	if (out == nullptr) {
		return true;
	}
	if (outlen + s.size() > outcap) {
		return false;
	}
	std::memcpy(out + outlen, s.data(), s.size());
	outlen += s.size();
	outends[i] = outlen;
	return true;
}

} // namespace

// boosturl_resolve_pass parses base once, then each of the n lines of buf
// as a reference, and resolves it against base (boost::urls::resolve) into
// one url reused from line to line, whose buffer is the target as a
// string. It returns how many targets it wrote, or 0 when base is not an
// absolute URI.
extern "C" std::size_t boosturl_resolve_pass(const char *base, std::size_t baselen, const char *buf,
		const std::size_t *ends, std::size_t n, char *out, std::size_t outcap, std::size_t *outends) {
	auto b = boost::urls::parse_uri(boost::urls::string_view(base, baselen));
	if (!b) {
		return 0;
	}
	boost::urls::url dest;
	std::size_t written = 0, start = 0, outlen = 0;
	for (std::size_t i = 0; i < n; i++) {
		if (outends != nullptr) {
			outends[i] = outlen;
		}
		auto ref = boost::urls::parse_uri_reference(boost::urls::string_view(buf + start, ends[i] - start));
		start = ends[i];
		if (!ref) {
			continue;
		}
		if (boost::urls::resolve(*b, *ref, dest) && copy_out(dest.buffer(), out, outcap, outlen, outends, i)) {
			written++;
		}
	}
	return written;
}

// boosturl_normalize_pass parses each of the n lines of buf into one url
// reused from line to line and normalizes it (url::normalize: the case of
// the scheme, the host and of percent-encodings, unreserved characters
// decoded, dot-segments removed, which is RFC 3986 section 6.2.2). It
// returns how many lines were already normal.
extern "C" std::size_t boosturl_normalize_pass(const char *buf, const std::size_t *ends, std::size_t n,
		char *out, std::size_t outcap, std::size_t *outends) {
	boost::urls::url u;
	std::size_t normal = 0, start = 0, outlen = 0;
	for (std::size_t i = 0; i < n; i++) {
		if (outends != nullptr) {
			outends[i] = outlen;
		}
		boost::urls::string_view s(buf + start, ends[i] - start);
		start = ends[i];
		auto v = boost::urls::parse_uri_reference(s);
		if (!v) {
			continue;
		}
		u = *v;
		u.normalize();
		if (copy_out(u.buffer(), out, outcap, outlen, outends, i) && u.buffer() == s) {
			normal++;
		}
	}
	return normal;
}
