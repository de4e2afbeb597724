#!/usr/bin/env bash
# Fuzz every ruleset's decide, and the inbound SMTP session, for a bounded time each:
# ./fuzz/run.sh [SECONDS] [TARGET...] (default 60 s, every target). Installs cargo-fuzz from
# crates.io if it is missing. The machine has only a stable toolchain: RUSTC_BOOTSTRAP=1 lets it
# take cargo-fuzz's nightly flags. No sanitizer: the engine and the session are safe Rust, and a
# panic is what the targets look for. Fails on the first crash; the input that crashed is under
# fuzz/artifacts/<target>/ (replay it with `cargo fuzz run --sanitizer none <target> <file>`).
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(zajatce sluzba colditz smtp)
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --version 0.13.2 --locked
fi
export RUSTC_BOOTSTRAP=1
cargo fuzz build --sanitizer none
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target"
    echo "== fuzzing $target for ${seconds}s"
    # libFuzzer prints a line per new input; keep that in a log of its own and show the verdict
    # and the final statistics, so CI's log keeps the test results readable.
    log="artifacts/$target.log"
    mkdir -p artifacts
    if ! cargo fuzz run --sanitizer none "$target" "corpus/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=4096 -max_len=4096 -timeout=10 \
        -print_final_stats=1 >"$log" 2>&1; then
        tail -n 60 "$log"
        echo "== $target: CRASH (the whole log is fuzz/$log)"
        exit 1
    fi
    grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" || true
done
echo "== no crash in ${#targets[@]} target(s), ${seconds}s each"
