// Package native times the C and C++ parsers that lead outside Go,
// uriparser and Boost.URL, for the benchmarks of bench: each pass over a
// whole input set is one cgo call, and the loop over the inputs runs in C
// or C++, so that cgo's cost per call is spread over tens of thousands of
// URLs and the figures are the libraries' own.
//
// Everything but this file is built only with the build tag native, which
// needs cgo, a C++ compiler and the packages liburiparser-dev and
// libboost-url1.81-dev (Debian 12). Without the tag the package is empty,
// and bench runs its pure-Go benchmarks alone.
package native
