//go:build linux

package browser

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
)

var (
	update      = flag.Bool("update", false, "write the screenshot README.md shows, ../../docs/serve.png")
	shots       = flag.String("screenshots", "", "keep the screenshots of the cases in this directory")
	latencyGoal = flag.Duration("latency", 50*time.Millisecond, "the most the median time from a keystroke to the view built may be, for a 2 KB URL (the painted frame after it: twice that)")
)

// chromium returns the path of Chromium, or "" when there is none.
func chromium() string {
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// buildURI builds the uri command of this checkout (through ../go.work)
// and returns the binary's path.
func buildURI(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "uri")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/urilabs/rfc3986/cmd/uri").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// serve runs "uri serve --addr 127.0.0.1:0" and returns the address it
// prints, its port, and its process id. It is stopped as Ctrl-C stops it
// when the test ends, and must end with status 0.
func serve(t *testing.T, bin string) (base string, port, pid int) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("uri serve ended with %v; stderr: %s", err, stderr.String())
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("uri serve did not stop on an interrupt")
		}
	})
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(stdout).ReadString('\n')
		line <- s
	}()
	var s string
	select {
	case s = <-line:
	case <-time.After(30 * time.Second):
		t.Fatalf("uri serve printed no address; stderr: %s", stderr.String())
	}
	m := regexp.MustCompile(`^uri serve: listening on (http://127\.0\.0\.1:([0-9]+)/)\n$`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("uri serve printed %q; stderr: %s", s, stderr.String())
	}
	port, _ = strconv.Atoi(m[2])
	return m[1], port, cmd.Process.Pid
}

// js returns s as a JavaScript string literal.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// A page is the tab the cases run in.
type page struct {
	t   *testing.T
	ctx context.Context
}

func (p page) run(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// do evaluates the JavaScript statements s.
func do(s string) chromedp.Action[chromedp.Void] { return chromedp.Evaluate[chromedp.Void](s) }

// eval returns what the expression expr evaluates to, as a string.
func (p page) eval(expr string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`String(`+expr+`)`))
	if err != nil {
		p.t.Fatalf("%.60s: %v", expr, err)
	}
	return s
}

func (p page) seq() int {
	p.t.Helper()
	n, _ := strconv.Atoi(p.eval(`document.getElementById('out').dataset.seq`))
	return n
}

// waitView waits until the page has drawn a view after the view numbered
// after, for the latest state, and the frame after it.
func (p page) waitView(after int) {
	p.t.Helper()
	p.run(chromedp.Poll[chromedp.Void](fmt.Sprintf(`(() => { const o = document.getElementById('out');
		return o.dataset.state === 'idle' && +o.dataset.seq > %d && o.dataset.paintedMs !== undefined; })()`, after),
		chromedp.WithPollingMutation(), chromedp.WithPollingTimeout(20*time.Second)))
}

// typeIn empties the field id and types s into it, key by key, as a
// person does, or with at once sets its value in one input event, as a
// paste does.
func (p page) typeIn(id, s string, atOnce bool) {
	p.t.Helper()
	el := `document.getElementById(` + js(id) + `)`
	if atOnce || s == "" {
		p.run(do(el + `.value = ` + js(s) + `; ` + el + `.dispatchEvent(new Event('input'))`))
		return
	}
	p.run(do(el+`.value = ''`), chromedp.SendKeys(chromedp.ID(id), s))
}

// notBlank decodes a PNG and says why it looks blank, or "" when it shows
// something: many colours, and a fair share of pixels other than the
// background's.
func notBlank(b []byte) (image.Point, string) {
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return image.Point{}, "not a PNG: " + err.Error()
	}
	r := img.Bounds()
	colours := map[[4]uint32]int{}
	for y := r.Min.Y; y < r.Max.Y; y += 2 {
		for x := r.Min.X; x < r.Max.X; x += 2 {
			c0, c1, c2, c3 := img.At(x, y).RGBA()
			colours[[4]uint32{c0, c1, c2, c3}]++
		}
	}
	total, most := 0, 0
	for _, n := range colours {
		total += n
		most = max(most, n)
	}
	switch {
	case len(colours) < 16:
		return r.Size(), fmt.Sprintf("%d colours", len(colours))
	case float64(total-most) < 0.03*float64(total):
		return r.Size(), fmt.Sprintf("%.1f%% of the pixels differ from the background", 100*float64(total-most)/float64(total))
	}
	return r.Size(), ""
}

// loadAverage returns the load average of the last minute, or 0.
func loadAverage() float64 {
	b, _ := os.ReadFile("/proc/loadavg")
	f, _ := strconv.ParseFloat(strings.Fields(string(b) + " 0")[0], 64)
	return f
}

// A check is a JavaScript expression and what it must evaluate to, as a
// string.
type check struct{ expr, want string }

// The expressions the cases check with.
const (
	components  = `[...document.querySelectorAll('#diagram span')].map(s => s.dataset.component + '=' + s.textContent).join(' ')`
	offsets     = `[...document.querySelectorAll('#rfc3986 table.components tr')].slice(1).map(r => [...r.cells].slice(0, 3).map(c => c.textContent).join(',')).join(' ')`
	caretAt     = `(() => { const c = document.querySelector('#rfc3986 .caret'); return c.dataset.offset + '|' + c.textContent + '|' + c.previousSibling.textContent; })()`
	caretLine   = `document.querySelector('#rfc3986 .caretline').textContent`
	rfcError    = `document.querySelector('#rfc3986 p.err').textContent`
	diagram     = `document.querySelector('#rfc3986 pre.diagram').textContent`
	hazards     = `[...document.querySelectorAll('#hazards tr[data-hazard]')].map(r => r.dataset.hazard + ':' + r.cells[1].textContent).join(' ') || document.querySelector('#hazards .body').textContent`
	differ      = `[...document.querySelectorAll('#whatwg tr.differ')].map(r => r.dataset.component || 'error').join(' ')`
	browserURI  = `document.querySelector('#browser-uri .mono').textContent`
	status      = `document.getElementById('status').textContent`
	stale       = `document.getElementById('out').classList.contains('stale')`
	target      = `document.querySelector('#route .body > p .mono').textContent`
	noScriptRan = `typeof window.__xss`
	noMarkup    = `document.querySelectorAll('main img, main script, main iframe, main a, main object, main embed, main svg, main form').length`
	resolved    = `document.getElementById('resolved').textContent + ' / ' + document.getElementById('whatwg-resolved').textContent`
)

func cell(front, back string) string {
	return `(document.querySelector('#matrix td[title^=` + js(front+" ") + `][title*=` + js(" "+back+" ") + `]') || {className: 'missing'}).className`
}

func presetKey(name string) string {
	return `document.querySelector('#route tr[data-preset=` + js(name) + `]').cells[2].textContent`
}

// TestPage drives the page of uri serve in headless Chromium: it types
// each case's input, checks what the page shows, takes a screenshot that
// must not be blank, times the view's update for a 2 KB URL, and watches
// uri serve's sockets throughout: it must open none.
func TestPage(t *testing.T) {
	chrome := chromium()
	if chrome == "" {
		t.Skip("no Chromium: install Debian's chromium package (.ci/run does) to run the browser test")
	}
	bin := buildURI(t)
	base, port, pid := serve(t, bin)
	watch := watchSockets(pid, port)
	defer func() {
		found, looks, err := watch.result()
		if err != nil {
			t.Errorf("watching the sockets of uri serve: %v", err)
		}
		slices.Sort(found)
		if len(found) > 0 {
			t.Errorf("uri serve opened sockets of its own: %q", found)
		}
		if looks < 10 {
			t.Errorf("the sockets of uri serve were looked at %d times, too few to tell", looks)
		}
		t.Logf("the sockets of uri serve, looked at %d times: none but its listener and the connections it accepted", looks)
	}()

	opts := append(slices.Clone(chromedp.DefaultExecAllocatorOptions[:]),
		chromedp.ExecPath(chrome), chromedp.WindowSize(1280, 1000), chromedp.DisableGPU)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium's sandbox refuses to run as root
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	p := page{t, ctx}
	p.run(chromedp.EmulateViewport(1280, 1000), chromedp.Navigate(base))
	p.waitView(0)

	dir := *shots
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	xss := `"><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`
	big := "http://a/" + strings.Repeat("a", 100<<10-9)
	readme := "http://0x7f.1:080/public/..;/admin?q=1#top"
	tests := []struct {
		name        string
		input, base string
		atOnce      bool
		checks      []check
	}{{
		name:  "valid",
		input: "foo://example.com:8042/over/there?name=ferret#nose",
		checks: []check{
			{components, "scheme=foo host=example.com port=8042 path=/over/there query=name=ferret fragment=nose"},
			{offsets, "scheme,0,3 host,6,17 port,18,22 path,22,33 query,34,45 fragment,46,50"},
			{hazards, "None: no reader known here reads this URI otherwise."},
			{`location.hash`, "#" + url.Values{"input": {"foo://example.com:8042/over/there?name=ferret#nose"}}.Encode()},
		},
	}, {
		name:  "invalid, caret in the host",
		input: "http://exa mple.com/",
		checks: []check{
			{caretAt, "10| |http://exa"},
			{caretLine, "          ^"},
			{rfcError, "invalid character ' ' at offset 10 in host"},
			{hazards, "Hazards are read from valid URIs."},
		},
	}, {
		name:  "invalid, caret on a two-byte character",
		input: "http://a/b/ü?x",
		checks: []check{
			{caretAt, "11|ü|http://a/b/"},
			{caretLine, "           ^"},
			{rfcError, "invalid character '\\xc3' at offset 11 in path"},
			{diagram, "http://a/b/ü?x"},
		},
	}, {
		name:  "hazards to refuse",
		input: "http://0x7f.1/a/%2e%2e/admin;x/",
		checks: []check{
			{hazards, "numeric-host:refuse dot-segment:refuse path-parameter:refuse"},
		},
	}, {
		name:  "hazards to review and to display",
		input: "http://user@example.com:80/",
		checks: []check{
			{hazards, "credentials:display default-port:review"},
		},
	}, {
		name:  "WHATWG differences",
		input: "http://0x7f.1:080/a/%2e%2e/b",
		checks: []check{
			{differ, "host port path"},
			{browserURI, "http://127.0.0.1/b"},
		},
	}, {
		name:  "WHATWG reads what RFC 3986 refuses",
		input: "https://a/b c",
		checks: []check{
			{differ, "error"},
			{browserURI, "https://a/b%20c"},
		},
	}, {
		name:  "route split",
		input: "/public/..;/admin",
		checks: []check{
			{target, "/public/..;/admin"},
			{presetKey("nginx"), "/public/..;/admin"},
			{presetKey("tomcat"), "/admin"},
			{cell("nginx", "tomcat"), "split"},
			{cell("nginx", "servemux"), "agree"},
		},
	}, {
		name:  "resolved against a base",
		input: "../g?y", base: "http://a/b/c/d;p?q",
		checks: []check{
			{resolved, "resolved against the base: http://a/b/g?y / new URL(input, base): http://a/b/g?y"},
			{`location.hash`, "#input=..%2Fg%3Fy&base=http%3A%2F%2Fa%2Fb%2Fc%2Fd%3Bp%3Fq"},
		},
	}, {
		name:  "markup shown as text",
		input: xss, base: "javascript:window.__xss=3//",
		checks: []check{
			{noScriptRan, "undefined"},
			{noMarkup, "0"},
			{diagram, xss},
			{target, xss},
			{rfcError, `invalid character '"' at offset 0 in path`},
		},
	}, {
		name:  "javascript: shown as text",
		input: "javascript:window.__xss=4",
		checks: []check{
			{noScriptRan, "undefined"},
			{noMarkup, "0"},
			{components, "scheme=javascript path=window.__xss=4"},
		},
	}, {
		name:   "100 KB input refused politely",
		input:  big,
		atOnce: true,
		checks: []check{
			{status, "Not read: input too long: 102400 bytes; the most that is read is 16384"},
			{stale, "true"},
		},
	}, {
		name:  "README",
		input: readme,
		checks: []check{
			{status, ""},
			{stale, "false"},
			{hazards, "numeric-host:refuse port-leading-zero:review default-port:review path-parameter:refuse"},
			{differ, "host port"},
			{cell("nginx", "tomcat"), "split"},
		},
	}}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := page{t, ctx}
			n := p.seq()
			p.typeIn("base", tt.base, true)
			if tt.base != "" {
				p.waitView(n)
				n = p.seq()
			}
			p.typeIn("input", tt.input, tt.atOnce)
			p.waitView(n)
			if got := p.eval(`document.getElementById('input').value`); got != tt.input {
				t.Fatalf("the field holds %.80q, not the input", got)
			}
			for _, c := range tt.checks {
				if diff := cmp.Diff(c.want, p.eval(c.expr)); diff != "" {
					t.Errorf("%.60s mismatch (-want +got):\n%s", c.expr, diff)
				}
			}
			if tt.input == readme {
				// Tall enough for the front x back matrix.
				p.run(chromedp.EmulateViewport(1280, 1500), chromedp.Poll[chromedp.Void](`new Promise(r => requestAnimationFrame(() => r(true)))`))
				defer p.run(chromedp.EmulateViewport(1280, 1000))
			}
			shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			size, blank := notBlank(shot)
			if blank != "" {
				t.Errorf("the screenshot looks blank: %s", blank)
			}
			name := filepath.Join(dir, fmt.Sprintf("%02d.png", i+1))
			if err := os.WriteFile(name, shot, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("screenshot %s, %dx%d, %d bytes", name, size.X, size.Y, len(shot))
			if tt.input == readme && *update {
				if err := os.WriteFile(filepath.Join("..", "..", "docs", "serve.png"), shot, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}

	t.Run("permalink", func(t *testing.T) {
		p := page{t, ctx}
		in := "http://127.1/a?b=c d"
		p.run(chromedp.Navigate(base + "#" + url.Values{"input": {in}}.Encode()))
		p.waitView(0)
		for _, c := range []check{
			{`document.getElementById('input').value`, in},
			{rfcError, "invalid character ' ' at offset 18 in query"},
			{browserURI, "http://127.0.0.1/a?b=c%20d"},
		} {
			if diff := cmp.Diff(c.want, p.eval(c.expr)); diff != "" {
				t.Errorf("%.60s mismatch (-want +got):\n%s", c.expr, diff)
			}
		}
	})

	t.Run("keystroke to view, 2 KB URL", func(t *testing.T) {
		p := page{t, ctx}
		u := "https://www.example.co.uk/a/%2e%2e/b;v=1/" + strings.Repeat("segment/", 100) + "?"
		for i := 0; len(u) < 2048-1; i++ {
			u += fmt.Sprintf("k%d=v%d&", i, i)
		}
		u = u[:2047] + "z"
		n := p.seq()
		p.typeIn("input", u, true)
		p.waitView(n)
		p.run(chromedp.Focus(chromedp.ID("input")), do(`(() => { const e = document.getElementById('input'); e.setSelectionRange(e.value.length, e.value.length); })()`))
		var built, painted, wall []float64
		for i := range 20 {
			key := "x"
			if i%2 == 1 {
				key = kb.Backspace
			}
			n := p.seq()
			start := time.Now()
			p.run(chromedp.KeyEvent(key))
			p.waitView(n)
			wall = append(wall, float64(time.Since(start).Microseconds())/1000)
			b, _ := strconv.ParseFloat(p.eval(`document.getElementById('out').dataset.latencyMs`), 64)
			pt, _ := strconv.ParseFloat(p.eval(`document.getElementById('out').dataset.paintedMs`), 64)
			built, painted = append(built, b), append(painted, pt)
		}
		if got := p.eval(diagram); got != u {
			t.Errorf("after the keystrokes the view shows %.60q..., not the URL", got)
		}
		if got := p.eval(hazards); got != "dot-segment:refuse path-parameter:refuse" {
			t.Errorf("hazards of the 2 KB URL: %q", got)
		}
		med := func(v []float64) float64 { v = slices.Clone(v); slices.Sort(v); return v[len(v)/2] }
		t.Logf("keystroke to view, %d-byte URL, all readings, 20 keystrokes (median / max ms): view built %.1f / %.1f, painted %.1f / %.1f; seen from the test over the DevTools protocol %.1f / %.1f",
			len(u), med(built), slices.Max(built), med(painted), slices.Max(painted), med(wall), slices.Max(wall))
		// The goal holds the time to the view built (the page's DOM
		// updated with every reading); the frame painted after it, which
		// waits for the next vsync and lays out the page, is held to twice
		// the goal, so that it cannot grow unseen. On a machine busier than
		// it has cores the figures measure the queue for a core, not the
		// page: they are logged, not held.
		goal := float64(latencyGoal.Microseconds()) / 1000
		load, cores := loadAverage(), runtime.NumCPU()
		switch {
		case med(built) <= goal && med(painted) <= 2*goal:
		case load > float64(cores):
			t.Logf("median keystroke to view built %.1f ms, painted %.1f ms, over the goal of %.0f ms (painted: %.0f), on a machine with a load of %.1f on %d cores: not held to it", med(built), med(painted), goal, 2*goal, load, cores)
		default:
			t.Errorf("median keystroke to view built %.1f ms, painted %.1f ms; the goal is %.0f ms (painted: %.0f) (load %.1f on %d cores)", med(built), med(painted), goal, 2*goal, load, cores)
		}
	})
}
