// Package postgres tests that a uri.URI goes into a PostgreSQL text column
// and comes back, through database/sql and the pure-Go driver
// github.com/lib/pq, against a real server that the test starts and stops
// itself. It is a module of its own so that the library requires no
// driver.
//
// The test needs PostgreSQL's server programs (initdb, pg_ctl, postgres),
// found on PATH or in /usr/lib/postgresql/*/bin, as Debian's postgresql
// package installs them, and skips with a message when they are absent.
// PostgreSQL refuses to run as root: a test run as root runs the server
// as the user postgres, through runuser.
package postgres
