//go:build native

#include <stddef.h>
#include <uriparser/Uri.h>

// uriparser_pass parses the n lines of buf, the i-th ending at ends[i],
// and returns how many are URI-references. uriparser builds a list of path
// segments and copies IP addresses, which uriFreeUriMembersA frees; on a
// syntax error it frees them itself.
size_t uriparser_pass(const char *buf, const size_t *ends, size_t n) {
	size_t accepted = 0, start = 0;
	for (size_t i = 0; i < n; i++) {
		UriUriA uri;
		const char *first = buf + start, *afterLast = buf + ends[i];
		if (uriParseSingleUriExA(&uri, first, afterLast, NULL) == URI_SUCCESS) {
			uriFreeUriMembersA(&uri);
			accepted++;
		}
		start = ends[i];
	}
	return accepted;
}
