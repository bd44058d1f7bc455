#!/bin/sh
# Rewrites README.md's CLI reference (between the cli:begin and cli:end markers) from the binary's
# own clap help, so the two never disagree (tests/readme.rs checks it).
#
#   cargo build --release && scripts/cli-reference.sh target/release/brudno
set -eu
bin=${1:-target/release/brudno}
readme="$(dirname "$0")/../README.md"
ref=$(mktemp)
{
    echo '<!-- cli:begin -->'
    for cmd in "" perft bench epd stats tree eval datagen book spsa tune "tune extract" "tune fit" "tune wdl"; do
        echo
        echo "<details><summary><code>brudno ${cmd:+$cmd }--help</code></summary>"
        echo
        echo '```text'
        # shellcheck disable=SC2086 # "tune fit" is two words
        "$bin" $cmd --help
        echo '```'
        echo
        echo '</details>'
    done
    echo '<!-- cli:end -->'
} > "$ref"
awk -v ref="$ref" '
    /<!-- cli:begin -->/ { while ((getline line < ref) > 0) print line; skip = 1; next }
    /<!-- cli:end -->/ { skip = 0; next }
    !skip { print }
' "$readme" > "$readme.new"
mv "$readme.new" "$readme"
rm -f "$ref"
