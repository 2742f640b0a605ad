package route_test

import "testing"

func TestNginxObserved(t *testing.T) { checkObserved(t, "nginx") }
