module github.com/urilabs/rfc3986/integrations/postgres

go 1.26

require (
	github.com/lib/pq v1.12.3
	github.com/urilabs/rfc3986 v0.0.0-20261127154615-b1b1be24be67
)
