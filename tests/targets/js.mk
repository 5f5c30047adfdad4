# js.mk: the JavaScript target's toolchain and checks of its own, for tests/tables.mk's
# check-js: every table's module (hhn-gen --js) that tests/tables.txt gives the variant js, each
# file by node --check, the ES module against the CommonJS one, and its own test by node --test
# (tests/targets/js.sh); then the golden files parse, and bench-js's ways agree. By NODE (CI: Debian's nodejs); make check and check-all run it where
# NODE is. Nothing from npm.
NODE ?= node
js_TOOLS = $(NODE):nodejs
js_SAYS  = node $$($(NODE) --version)
js_ENV   = NODE="$(NODE)"
js_GOLDEN = $(wildcard tests/golden/*/t.js tests/golden/*/t.mjs tests/golden/*/t.test.js)
js_OWN_CHECKS = for f in $(js_GOLDEN); do $(NODE) --check $$f || exit 1; done \
  && echo "check-js: $(words $(js_GOLDEN)) golden JavaScript files parse (node --check)" \
  && $(MAKE) --no-print-directory $(BB)/js/names.js >/dev/null && $(NODE) tests/bench/js/bench.js \
  --check $(BB)/js/names.js $(JS_LIST) $(B)/traffic/h1-names.txt $(B)/traffic/h2-names.txt
DEFAULT_TARGETS += $(if $(shell command -v $(NODE) 2>/dev/null),js)
TARGET_CHECKS   += $(if $(shell command -v $(NODE) 2>/dev/null),check-js)
check-js: ## every table's JavaScript module (--js) and its tests, by $(NODE)
