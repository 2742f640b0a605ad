package psl

//go:generate go run gen.go
