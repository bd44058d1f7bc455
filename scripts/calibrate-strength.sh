#!/bin/sh
# Calibrates UCI_Elo: plays Brudno at each level against Stockfish (Debian package) at the given
# UCI_Elo levels (by default the same one), both colours from the balanced openings, and prints each
# match's summary. scripts/strength_fit.py turns the results into the line in src/search/strength.rs;
# the README's calibration table comes from both. Any level of Brudno's UCI_Elo range (1350-2850) and
# of Stockfish's (1350-2850) may be given; Brudno's levels from 2416 (FULL_STRENGTH_ELO) up are full
# strength. A limited level whose node budget runs out early waits until 0.9 of its soft time limit
# has passed (TM_LEVEL_SHARE), so games last longer than they did when levels answered at once.
#
#   scripts/calibrate-strength.sh ENGINE GAMES TC LEVEL[:SF_ELO,SF_ELO...]...
#   scripts/calibrate-strength.sh target/release/brudno 100 10+0.1 1400 1800 2200 2384:2300,2500 2850:2400,2600  # 2026-11-25, README
#   scripts/calibrate-strength.sh target/release/brudno 20 10+0.1 1350:1500,1800 1800:1900,2200
set -eu
engine=$1 games=$2 tc=$3
shift 3
for spec in "$@"; do
    elo=${spec%%:*}
    opponents=${spec#*:}
    [ "$opponents" = "$spec" ] && opponents=$elo
    set --
    for sf in $(echo "$opponents" | tr ',' ' '); do
        set -- "$@" --engine /usr/games/stockfish --name "Stockfish@$sf" --option Threads=1 \
            --option Hash=16 --option UCI_LimitStrength=true --option "UCI_Elo=$sf"
    done
    python3 "$(dirname "$0")/match.py" \
        --engine "$engine" --name "Brudno@$elo" --option Hash=16 --option UCI_LimitStrength=true \
        --option "UCI_Elo=$elo" "$@" --games "$games" --tc "$tc" \
        --openings "$(dirname "$0")/../book/openings.epd" --concurrency 2 | grep -v '^game '
done
