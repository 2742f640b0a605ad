//go:build !race

package main

// raceEnabled says the tests run under the race detector, whose shadow
// memory makes the peaks of processes say nothing of the tool's own.
const raceEnabled = false
