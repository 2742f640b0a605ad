// Package canon makes the keys that crawlers, web archives and link-graph
// builders index URLs by: the host columns of Common Crawl's index, split
// with the Public Suffix List (package psl below this one), and SURT keys as
// the Internet Archive's tools write them.
package canon
