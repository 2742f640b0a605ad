//go:build native

#include <cstddef>

// Boost.URL compiled into this file: its documented alternative to linking
// libboost_url, and what lets the compiler inline the parser into the loop.
#include <boost/url/src.hpp>
#include <boost/url/parse.hpp>

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
