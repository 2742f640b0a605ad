package postgres_test

import (
	"database/sql"
	"fmt"

	_ "github.com/lib/pq"
	"github.com/urilabs/rfc3986/uri"
)

// Example reads a uri.URI from a text column and writes one back. It needs
// a server, so go test compiles it and does not run it (it has no Output).
func Example() {
	db, err := sql.Open("postgres", "host=/run/postgresql dbname=app sslmode=disable")
	if err != nil {
		panic(err)
	}
	id := 1

	var homepage uri.URI
	err = db.QueryRow(`SELECT homepage FROM sites WHERE id = $1`, id).Scan(&homepage)
	if err != nil {
		fmt.Println(err) // a *uri.Error, with its offset, if the column holds no URI
		return
	}
	homepage = homepage.Normalize()
	_, err = db.Exec(`UPDATE sites SET homepage = $1 WHERE id = $2`, homepage, id)
	fmt.Println(homepage, err)
}
