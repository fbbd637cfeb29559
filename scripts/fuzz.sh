#!/usr/bin/env bash
# Fuzzes the snapshot decoder, the message-stream folder and the page renderer with
# libFuzzer (Swift's -sanitize=fuzzer), starting from the seed corpus in Tests/Fuzz/corpus.
#
#   bash scripts/fuzz.sh                 # five minutes per target
#   bash scripts/fuzz.sh 3600 decoder    # an hour on the decoder alone
#   bash scripts/fuzz.sh 10              # what scripts/test.sh runs: ten seconds each
#
# Builds only netsnap-fuzz and the modules it needs, in .build-fuzz. Inputs found
# interesting go to .build-fuzz/corpus/TARGET; a crash is written to
# .build-fuzz/crash-TARGET-… and the run fails: copy it to Tests/Fuzz/regressions/TARGET/
# (the test suite replays that folder) and fix the bug.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(decoder stream template)

swift build --build-path .build-fuzz -c release --product netsnap-fuzz \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING -Xswiftc -parse-as-library -Xcc -DNETSNAP_FUZZING 2>&1 \
    | grep -v -e "^\[" -e "^Creating working copy" -e "^Working copy of" -e "^Fetching" -e "^Fetched" -e "^Computing" -e "^Computed" \
        -e "swift-distributed-tracing" -e "CMakeLists.txt" || true
fuzzer=.build-fuzz/release/netsnap-fuzz
[ -x "$fuzzer" ] || { echo "error: $fuzzer was not built" >&2; exit 1; }

for target in "${targets[@]}"; do
    rm -f .build-fuzz/crash-"$target"-*
    corpus=.build-fuzz/corpus/$target
    mkdir -p "$corpus"
    seeds=(Tests/Fuzz/corpus/"$target")
    [ -d Tests/Fuzz/regressions/"$target" ] && seeds+=(Tests/Fuzz/regressions/"$target")
    echo "fuzz: $target for ${seconds} s"
    NETSNAP_FUZZ_TARGET=$target "$fuzzer" -max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix=".build-fuzz/crash-$target-" "$corpus" "${seeds[@]}" 2>&1 \
        | grep -E "^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::average_exec_per_sec|==[0-9]+==|SUMMARY|artifact_prefix|Test unit written|Fatal error|.*error:)" || true
    # libFuzzer exits non-zero on a crash; the pipe hides it, the artifact does not.
    if compgen -G ".build-fuzz/crash-$target-*" > /dev/null; then
        echo "error: fuzz: $target crashed: $(ls .build-fuzz/crash-"$target"-*)" >&2
        exit 1
    fi
done
