// Package docs holds no code a program uses: its test holds every Go block
// of the module's README.md and docs/ pages to code that compiles and runs,
// the Example functions of the module's tests.
package docs
