// Package browser tests the page of "uri serve" in a real browser: Debian's
// Chromium, headless, driven over the DevTools protocol with chromedp. It
// is a module of its own so that the library's go.mod gains nothing; it has
// no API, only its tests (see README.md).
package browser
