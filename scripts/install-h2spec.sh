#!/usr/bin/env bash
# Installs h2spec (github.com/summerwind/h2spec), the HTTP/2 conformance suite H2specTest runs against the server, as
# a Go tool into ~/go/bin (where the test looks for it, besides PATH). Needs Go (/usr/local/go/bin/go or on PATH)
# and the Go module proxy; does nothing when h2spec is there already.
set -euo pipefail
if command -v h2spec >/dev/null || [ -x "$HOME/go/bin/h2spec" ]; then
  exit 0
fi
go=/usr/local/go/bin/go
[ -x "$go" ] || go="$(command -v go)"
# h2spec v2.2.1 has no go.mod of its own: -mod=mod lets the go command resolve its imports.
GOFLAGS=-mod=mod "$go" install github.com/summerwind/h2spec/cmd/h2spec@v2.2.1+incompatible
"$HOME/go/bin/h2spec" --version
