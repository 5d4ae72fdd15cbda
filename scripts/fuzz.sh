#!/usr/bin/env bash
# Coverage-guided fuzzing of every parser (fuzz/: one cargo-afl target per parser, seeds in
# fuzz/in/TARGET). Runs each target for SECONDS (default 60), one at a time on one core, and
# fails if any crash or hang over 1 s is found. Prints the executions per target and in all.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Installs cargo-afl (AFL++ for Rust, stable toolchain) if it is missing. Findings stay in
# fuzz/out/TARGET/default/{crashes,hangs}; replay one with
#   target/release/TARGET < fuzz/out/TARGET/default/crashes/id:...
# (the binaries are in $CARGO_TARGET_DIR, default fuzz/target).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-60}
shift || true
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
    echo "error: SECONDS_PER_TARGET must be a whole number of seconds, not '$seconds'" >&2
    exit 2
fi
export CARGO_TERM_COLOR=never
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}

if ! cargo afl --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-afl" >&2
    cargo install cargo-afl --locked
fi
# Builds AFL++ for this toolchain once; says so (and fails) when it is built already.
cargo afl config --build >/dev/null 2>&1 || true
cargo afl build --release --bins

if [[ $# -gt 0 ]]; then
    targets=("$@")
else
    targets=()
    for d in in/*/; do targets+=("$(basename "$d")"); done
fi

export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1
field() { sed -n "s/^$2 *: *//p" "$1"; }
total=0
failed=()
for t in "${targets[@]}"; do
    out=out/$t
    rm -rf "$out"
    mkdir -p "$out"
    # Scratch files of the file targets (checkpoints) go beside the findings.
    HETMAN_FUZZ_TMP=$PWD/$out cargo afl fuzz -i "in/$t" -o "$out" -V "$seconds" -t 1000 \
        "$CARGO_TARGET_DIR/release/$t" >"$out/fuzz.log" 2>&1 || {
        echo "fuzz: $t: afl-fuzz failed; the end of $out/fuzz.log:" >&2
        tail -20 "$out/fuzz.log" >&2
        failed+=("$t (afl-fuzz failed)")
        continue
    }
    stats=$out/default/fuzzer_stats
    execs=$(field "$stats" execs_done)
    crashes=$(find "$out/default/crashes" -type f -name 'id:*' | wc -l)
    hangs=$(find "$out/default/hangs" -type f -name 'id:*' | wc -l)
    total=$((total + execs))
    printf 'fuzz: %-20s %12d executions (%s/s), %d crashes, %d hangs, %s paths\n' \
        "$t" "$execs" "$(field "$stats" execs_per_sec)" "$crashes" "$hangs" \
        "$(field "$stats" corpus_count)"
    if ((crashes + hangs > 0)); then
        failed+=("$t ($crashes crashes, $hangs hangs in fuzz/$out/default)")
    fi
done
printf 'fuzz: %-20s %12d executions\n' "all" "$total"
if ((${#failed[@]} > 0)); then
    printf 'fuzz: FAILED: %s\n' "${failed[@]}" >&2
    exit 1
fi
