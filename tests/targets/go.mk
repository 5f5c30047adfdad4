# go.mk: the Go target's toolchain and checks of its own, for tests/tables.mk's check-go: every
# table's Go package (hhn-gen --go) that tests/tables.txt gives the variant go, each in a module
# of its own, gofmt- and go vet-clean, and its own test by go test (tests/targets/go.sh); then
# the golden packages alone (tests/checks/go.sh), and bench-go's ways agree. By GO (CI: Debian's
# Go 1.19); make check and check-all run it where GO is.
GO    ?= go
GOFMT ?= gofmt
# staticcheck, where it is (Debian's go-staticcheck): every check over each table's files
STATICCHECK ?= $(shell command -v go-staticcheck || command -v staticcheck)
go_TOOLS = $(GO):golang-go $(GOFMT):golang-go
go_SAYS  = $$($(GO) version)
go_ENV   = GO="$(GO)" GOFMT="$(GOFMT)" STATICCHECK="$(STATICCHECK)"
go_OWN_CHECKS = $(go_ENV) GPERF="$(GPERF)" sh tests/checks/go.sh $(B)/go-alone \
  $(wildcard tests/golden/*/t.go) && echo "check-go: $(words $(wildcard tests/golden/*/t.go)) golden \
  packages build alone, gofmt-, vet-$(if $(STATICCHECK), and staticcheck-)clean" \
  && $(MAKE) --no-print-directory $(BB)/go/bench-go >/dev/null \
  && $(BB)/go/bench-go --check $(B)/traffic $(B)/traffic
DEFAULT_TARGETS += $(if $(shell command -v $(GO) 2>/dev/null),go)
TARGET_CHECKS   += $(if $(shell command -v $(GO) 2>/dev/null),check-go)
check-go: ## every table's Go package (--go) and its tests, by $(GO) vet and test; bench-go's ways agree
