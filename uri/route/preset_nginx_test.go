package route_test

import "testing"

func TestNginxObserved(t *testing.T) { checkObserved(t, "nginx") }

func TestNginxVectors(t *testing.T) { checkPresetVectors(t, "nginx_http_uri.txt") }
