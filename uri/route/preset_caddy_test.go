package route_test

import "testing"

func TestCaddyObserved(t *testing.T) { checkObserved(t, "caddy") }

func TestCaddyVectors(t *testing.T) { checkPresetVectors(t, "caddy_matchers.txt") }
