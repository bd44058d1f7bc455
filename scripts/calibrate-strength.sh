#!/bin/sh
# Calibrates UCI_Elo: plays Brudno at each level against Stockfish (Debian package) at the same
# UCI_Elo, both colours from the balanced openings, and prints each match's summary. The README's
# calibration table comes from this script's output.
#
#   scripts/calibrate-strength.sh ENGINE GAMES TC LEVEL...
#   scripts/calibrate-strength.sh target/release/brudno 40 10+0.1 1400 1800 2200
set -eu
engine=$1 games=$2 tc=$3
shift 3
for elo in "$@"; do
    python3 "$(dirname "$0")/match.py" \
        --engine "$engine" --name "Brudno@$elo" --option UCI_LimitStrength=true --option "UCI_Elo=$elo" \
        --engine /usr/games/stockfish --name "Stockfish@$elo" --option Threads=1 \
        --option UCI_LimitStrength=true --option "UCI_Elo=$elo" \
        --games "$games" --tc "$tc" --openings "$(dirname "$0")/../book/openings.epd" | tail -6
done
