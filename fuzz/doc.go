// Package fuzz holds the native fuzz targets of the module, one per entry
// point of the grammar. Each checks properties, not only the absence of a
// panic. Run one with
//
//	go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 1m ./fuzz
//
// Inputs that ever failed stay in testdata/fuzz as regression seeds.
package fuzz
