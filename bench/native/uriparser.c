//go:build native

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
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

// A writer is where a pass writes each result: a buffer reused from one
// line to the next, as a program that handles a URL at a time would, and,
// for the untimed pass that checks the results, out, which receives every
// result one after another, with outends[i] where the i-th ends (a line
// without a result ends where the one before it did).
struct writer {
	char *scratch;
	int cap;
	char *out;
	size_t outcap, outlen;
	size_t *outends;
};

// write_uri recomposes u into w's scratch buffer, and copies it to w's out
// when there is one. It returns 0 when it could not.
static int write_uri(struct writer *w, const UriUriA *u, size_t i) {
	int need;
	if (uriToStringCharsRequiredA(u, &need) != URI_SUCCESS) {
		return 0;
	}
	need++;
	if (need > w->cap) {
		free(w->scratch);
		w->cap = need * 2;
		w->scratch = malloc(w->cap);
		if (w->scratch == NULL) {
			w->cap = 0;
			return 0;
		}
	}
	if (uriToStringA(w->scratch, u, w->cap, NULL) != URI_SUCCESS) {
		return 0;
	}
	if (w->out != NULL) {
		size_t len = strlen(w->scratch);
		if (w->outlen + len > w->outcap) {
			return 0;
		}
		memcpy(w->out + w->outlen, w->scratch, len);
		w->outlen += len;
		w->outends[i] = w->outlen;
	}
	return 1;
}

// uriparser_resolve_pass parses base once, then each of the n lines of buf
// as a reference, resolves it against base strictly (uriAddBaseUriExA) and
// writes the target as a string (uriToStringA), as rfc3986's row parses,
// resolves and writes each target. It returns how many targets it wrote,
// or 0 when base is not an absolute URI. With out, it also copies each
// target there (see struct writer).
size_t uriparser_resolve_pass(const char *base, size_t baselen, const char *buf, const size_t *ends, size_t n,
		char *out, size_t outcap, size_t *outends) {
	UriUriA b;
	if (uriParseSingleUriExA(&b, base, base + baselen, NULL) != URI_SUCCESS) {
		return 0;
	}
	struct writer w = {NULL, 0, out, outcap, 0, outends};
	size_t written = 0, start = 0;
	for (size_t i = 0; i < n; i++) {
		UriUriA ref, abs;
		if (outends != NULL) {
			outends[i] = w.outlen;
		}
		if (uriParseSingleUriExA(&ref, buf + start, buf + ends[i], NULL) == URI_SUCCESS) {
			if (uriAddBaseUriExA(&abs, &ref, &b, URI_RESOLVE_STRICTLY) == URI_SUCCESS) {
				written += write_uri(&w, &abs, i);
				uriFreeUriMembersA(&abs);
			}
			uriFreeUriMembersA(&ref);
		}
		start = ends[i];
	}
	uriFreeUriMembersA(&b);
	free(w.scratch);
	return written;
}

// uriparser_normalize_pass parses each of the n lines of buf, normalizes it
// (uriNormalizeSyntaxA: the case of the scheme, the host and of
// percent-encodings, unreserved characters decoded, dot-segments removed,
// which is RFC 3986 section 6.2.2) and writes it as a string. It returns
// how many lines were already normal, as rfc3986's row counts them.
size_t uriparser_normalize_pass(const char *buf, const size_t *ends, size_t n,
		char *out, size_t outcap, size_t *outends) {
	struct writer w = {NULL, 0, out, outcap, 0, outends};
	size_t normal = 0, start = 0;
	for (size_t i = 0; i < n; i++) {
		UriUriA u;
		if (outends != NULL) {
			outends[i] = w.outlen;
		}
		const char *first = buf + start, *afterLast = buf + ends[i];
		if (uriParseSingleUriExA(&u, first, afterLast, NULL) == URI_SUCCESS) {
			if (uriNormalizeSyntaxA(&u) == URI_SUCCESS && write_uri(&w, &u, i) &&
					strlen(w.scratch) == (size_t)(afterLast - first) &&
					memcmp(w.scratch, first, afterLast - first) == 0) {
				normal++;
			}
			uriFreeUriMembersA(&u);
		}
		start = ends[i];
	}
	free(w.scratch);
	return normal;
}
