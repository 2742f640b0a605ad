package route_test

import "testing"

func TestApacheObserved(t *testing.T) { checkObserved(t, "apache") }
