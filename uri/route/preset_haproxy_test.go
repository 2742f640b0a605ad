package route_test

import "testing"

func TestHAProxyObserved(t *testing.T) { checkObserved(t, "haproxy") }
