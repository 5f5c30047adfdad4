# webkit.mk: the WebKit target's toolchain, for tests/tables.mk's check-webkit: every table's
# WebKit files (hhn-gen --webkit) that tests/tables.txt gives the variant webkit, built against
# tests/webkit's stand-ins of WTF by CXX and clang++, -Werror, and asked what gperf's table of
# their P.gperf is asked, natively, portably and under the sanitizers (tests/targets/webkit.sh).
# check-all runs it; make check does not (the default table's files take g++, clang++ and ASan).
webkit_TOOLS = $(CXX):g++ clang++:clang $(GPERF):gperf
webkit_SAYS  = $$($(CXX) --version | head -n 1) and $$(clang++ --version | head -n 1)
webkit_ENV   =
webkit_OWN_CHECKS = true
TARGET_CHECKS += check-webkit
check-webkit: ## every table's WebKit files (--webkit), against gperf's table of their .gperf
