package route_test

import "testing"

func TestCaddyObserved(t *testing.T) { checkObserved(t, "caddy") }
