module github.com/urilabs/rfc3986/bench

go 1.26

require github.com/urilabs/rfc3986 v0.0.0

replace github.com/urilabs/rfc3986 => ../
