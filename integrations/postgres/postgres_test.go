package postgres_test

import (
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	_ "github.com/lib/pq"
	"github.com/urilabs/rfc3986/uri"
)

// serverBin returns the directory of PostgreSQL's server programs, or ""
// when they are not installed.
func serverBin() string {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if _, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p)
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { // the newest version last
		va, _ := strconv.Atoi(filepath.Base(filepath.Dir(a)))
		vb, _ := strconv.Atoi(filepath.Base(filepath.Dir(b)))
		return va - vb
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i]
		}
	}
	return ""
}

// startServer starts a throwaway PostgreSQL cluster in a temporary
// directory, listening only on a unix socket there, and returns the
// connection string of its database postgres. The cluster is stopped and
// removed when the test ends.
func startServer(t *testing.T) string {
	t.Helper()
	bin := serverBin()
	if bin == "" {
		t.Skip("PostgreSQL is not installed: no initdb and pg_ctl on PATH or in /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)")
	}
	dir := t.TempDir()
	// run runs a server program; as root, as the user postgres, since
	// PostgreSQL refuses to run as root.
	var asUser []string
	if os.Geteuid() == 0 {
		pg, err := user.Lookup("postgres")
		if err != nil {
			t.Skip("running as root, and there is no user postgres to run the server as: " + err.Error())
		}
		runuser, err := exec.LookPath("runuser")
		if err != nil {
			t.Skip("running as root, and there is no runuser to run the server as the user postgres")
		}
		uid, _ := strconv.Atoi(pg.Uid)
		gid, _ := strconv.Atoi(pg.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		// The user postgres must reach dir through the test's own
		// temporary directory, which only its owner may enter.
		if err := os.Chmod(filepath.Dir(dir), 0o711); err != nil {
			t.Fatal(err)
		}
		asUser = []string{runuser, "-u", "postgres", "--"}
	}
	run := func(name string, args ...string) {
		t.Helper()
		argv := append(append(slices.Clone(asUser), filepath.Join(bin, name)), args...)
		out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
	}
	data := filepath.Join(dir, "data")
	run("initdb", "-D", data, "-U", "test", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
	// No TCP, a socket in dir, no fsync: a server for this test alone.
	run("pg_ctl", "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-o", "-k "+dir+" -c listen_addresses='' -F", "start")
	t.Cleanup(func() {
		run("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
	})
	return "host=" + dir + " user=test dbname=postgres sslmode=disable"
}

// TestPostgres stores URIs in a text column through Value, reads them
// back through Scan, in each of the ways database/sql offers for a column
// that may be NULL, and checks the errors of a NULL and of a bad URI.
func TestPostgres(t *testing.T) {
	db, err := sql.Open("postgres", startServer(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE links (id int PRIMARY KEY, target text NOT NULL, source text)`); err != nil {
		t.Fatal(err)
	}

	links := []string{"http://a/b?c#d", "../g", "", "mailto:a@example.com", "http://[::1]:80/%7e/x"}
	source := uri.MustParse("https://example.com/")
	for i, s := range links {
		var src *uri.URI // NULL for even rows
		if i%2 == 1 {
			src = &source
		}
		if _, err := db.Exec(`INSERT INTO links VALUES ($1, $2, $3)`, i, uri.MustParse(s), src); err != nil {
			t.Fatalf("INSERT %q: %v", s, err)
		}
	}
	// What the server holds is the text.
	var text string
	if err := db.QueryRow(`SELECT target FROM links WHERE id = 4`).Scan(&text); err != nil || text != links[4] {
		t.Errorf("the column holds %q, %v; want %q", text, err, links[4])
	}
	// A URI as a query argument.
	var id int
	if err := db.QueryRow(`SELECT id FROM links WHERE target = $1`, uri.MustParse("../g")).Scan(&id); err != nil || id != 1 {
		t.Errorf("SELECT id WHERE target = ../g: %d, %v; want 1", id, err)
	}

	rows, err := db.Query(`SELECT id, target, source, source FROM links ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var (
			id     int
			target uri.URI
			ptr    *uri.URI
			null   sql.Null[uri.URI]
		)
		if err := rows.Scan(&id, &target, &ptr, &null); err != nil {
			t.Fatalf("row %d: %v", id, err)
		}
		if target.String() != links[id] {
			t.Errorf("row %d: target %q, want %q", id, target, links[id])
		}
		if id%2 == 0 && (ptr != nil || null.Valid) || id%2 == 1 && (ptr == nil || *ptr != source || !null.Valid || null.V != source) {
			t.Errorf("row %d: source %v and %v, want NULL in even rows and %q in odd ones", id, ptr, null, source)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}

	// A NULL into a URI is an error, as into a string.
	var u uri.URI
	err = db.QueryRow(`SELECT source FROM links WHERE id = 0`).Scan(&u)
	if !errors.Is(err, uri.ErrNull) {
		t.Errorf("scanning a NULL into a URI: %v, want ErrNull", err)
	}
	// So is a text that is not a URI-reference, with its offset.
	err = db.QueryRow(`SELECT 'http://a b/'::text`).Scan(&u)
	var e *uri.Error
	if !errors.As(err, &e) || e.Offset != 8 || !errors.Is(err, uri.ErrInvalidCharacter) {
		t.Errorf("scanning %q into a URI: %v, want an *uri.Error at offset 8", "http://a b/", err)
	}
}
