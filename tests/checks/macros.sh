#!/bin/sh
# macros.sh: hhn-gen refuses an id that the C library defines as a macro on another CPU, whose
# emitted test would not compile there. It checks that gen/emit/c/reserved_macros.inc holds every
# macro of the compilers here (tools/libc-macros.sh --check), then, for each case below whose
# compiler is here, that the macro is defined on that CPU (so that the case still means
# something) and that hhn-gen refuses the list, naming the line.
# Usage: macros.sh BUILD_DIR (run by make check-cross, from the repository).
set -eu
build=$1
out=$build/macros
mkdir -p "$out"
sh tools/libc-macros.sh --check gen/emit/c/reserved_macros.inc
status=0 tried=0
# CPU compiler prefix name macro header
while read -r cpu cc prefix name macro header; do
  command -v "$cc" > /dev/null || continue
  printf '#include <%s>\n#ifndef %s\n#error not defined\n#endif\n' "$header" "$macro" > "$out/$cpu-$macro.c"
  if ! "$cc" -D_GNU_SOURCE -fsyntax-only "$out/$cpu-$macro.c" 2> /dev/null; then
    echo "macros: $macro is no longer a macro of <$header> on $cpu: pick another case" >&2
    status=1
    continue
  fi
  printf 'Accept\n%s\n' "$name" > "$out/$prefix.in"
  want="$prefix.in:2: error: '$name' would make the id name $macro, which the C library's headers define"
  if "$build/hhn-gen" -q --test --prefix "$prefix" --output-dir "$out/$prefix" "$out/$prefix.in" \
    > "$out/$prefix.log" 2>&1 || [ "$(sed "s|^.*/$prefix.in|$prefix.in|" "$out/$prefix.log")" != "$want" ]; then
    echo "macros: $cpu: hhn-gen did not refuse '$name' under --prefix $prefix: $(head -n 1 "$out/$prefix.log")" >&2
    status=1
  fi
  tried=$((tried + 1))
done << 'CASES'
aarch64 aarch64-linux-gnu-gcc prot bti PROT_BTI sys/mman.h
aarch64 aarch64-linux-gnu-gcc sve magic SVE_MAGIC signal.h
armhf arm-linux-gnueabihf-gcc reg r0 REG_R0 signal.h
i686 i686-linux-gnu-gcc x86 fxsr-magic X86_FXSR_MAGIC signal.h
aarch64 aarch64-linux-gnu-gcc itimer real ITIMER_REAL signal.h
CASES
echo "macros: $tried ids that are another CPU's libc macros refused"
exit $status
