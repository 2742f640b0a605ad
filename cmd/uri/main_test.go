package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestParseCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"parse", "foo://example.com:8042/over/there?name=ferret#nose", "//u@[::1]:/?"}, nil, &stdout, &stderr)
	want := `foo://example.com:8042/over/there?name=ferret#nose
  scheme:   foo
  userinfo: (undefined)
  host:     example.com (RegName)
  port:     8042
  path:     /over/there
  query:    name=ferret
  fragment: nose
//u@[::1]:/?
  scheme:   (undefined)
  userinfo: u
  host:     [::1] (IPv6)
  port:     ""
  path:     /
  query:    ""
  fragment: (undefined)
`
	if status != 0 || stdout.String() != want || stderr.Len() != 0 {
		t.Errorf("run = %d\nstdout:\n%s\nstderr:\n%s\nwant stdout:\n%s", status, &stdout, &stderr, want)
	}
}

func TestParseCommandErrors(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"parse"}, strings.NewReader("http://a/\nhttp://a b/\n"), &stdout, &stderr)
	if status != 1 {
		t.Errorf("status %d, want 1 when an input is invalid", status)
	}
	if want := "uri: parse \"http://a b/\": invalid character ' ' at offset 8 in host\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if !strings.HasPrefix(stdout.String(), "http://a/\n") {
		t.Errorf("stdout %q lacks the valid input", stdout.String())
	}
	if status := run(nil, nil, &stdout, &stderr); status != 2 {
		t.Errorf("no command: status %d, want 2", status)
	}
}
