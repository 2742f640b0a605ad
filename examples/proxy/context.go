package main

import (
	"context"
	"net/http"

	"github.com/urilabs/rfc3986/uri"
)

// targetKey is the context key under which the handler hands the
// normalized target to the ReverseProxy's Rewrite.
type targetKey struct{}

func contextWithTarget(r *http.Request, target uri.URI) context.Context {
	return context.WithValue(r.Context(), targetKey{}, target)
}
