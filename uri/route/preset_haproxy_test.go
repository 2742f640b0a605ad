package route_test

import "testing"

func TestHAProxyObserved(t *testing.T) { checkObserved(t, "haproxy") }

func TestHAProxyVectors(t *testing.T) { checkPresetVectors(t, "haproxy_normalize_uri.txt") }
