#!/usr/bin/env bash
# Builds the libFuzzer targets in fuzz/ with clang (AddressSanitizer +
# UndefinedBehaviorSanitizer, the whole core instrumented) and runs each for a
# bounded time on a copy of its seed corpus. Exit code non-zero on a finding
# (the crashing input is left in build/fuzz/findings/).
#   scripts/fuzz.sh             # 60 s per target
#   scripts/fuzz.sh 300         # 300 s per target
# Needs clang and libclang-rt (Debian: clang-14, libclang-rt-14-dev).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-60}
command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ is not installed (apt-get install clang-14 libclang-rt-14-dev)" >&2; exit 2; }

CC=clang CXX=clang++ cmake -S fuzz -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" >/dev/null
cmake --build build/fuzz --target fuzz_http_request fuzz_canonical_json

export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 # Qt's process-lifetime allocations are not leaks
export UBSAN_OPTIONS=print_stacktrace=1
export QT_LOGGING_RULES="*=false"
mkdir -p build/fuzz/findings
status=0
for target in http_request canonical_json; do
  corpus=$(mktemp -d "${TMPDIR:-/tmp}/jobdesk-fuzz-$target.XXXXXX")
  cp fuzz/corpus/$target/* "$corpus"/
  dict=()
  [ "$target" = http_request ] && dict=(-dict=fuzz/http.dict)
  echo "== fuzz_$target for ${SECONDS_PER_TARGET}s"
  if ! build/fuzz/fuzz_$target "${dict[@]}" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
       -max_len=65536 -artifact_prefix=build/fuzz/findings/$target- -print_final_stats=1 "$corpus"; then
    status=1
  fi
  rm -rf "$corpus"
done
exit $status
