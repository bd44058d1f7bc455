//! Syzygy endgame tablebases, through `shakmaty-syzygy`: loading the tables of `SyzygyPath`, the
//! probe settings, the WDL probe and its score and bound for the search, and the DTZ ranking of the
//! root moves that keeps a won position won (and a drawn one drawn) under the fifty-move rule.
//!
//! Scores: a tablebase win is [`TB_WIN`] minus the ply, below every mate score and above every
//! evaluation, so a real mate found by the search still ranks higher and a won ending higher than
//! any heuristic score. Nothing here prints or makes text: what loading found and what went wrong
//! come back typed ([`Found`], [`TablesError`]) for the engine to report (`uci::text` words them).

use crate::position::Position;
use crate::score::{Depth, MAX_PLY, Ply, Score};
use crate::tt::Bound;
use shakmaty::{Chess, Move, Position as _};
use shakmaty_syzygy::{Dtz, Syzygy as Variant, Tablebase, Wdl};
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The score of a tablebase win at the root; a win found `ply` plies deep scores `TB_WIN - ply`.
pub const TB_WIN: Score = Score::cp(Score::MATE_BOUND.raw() - MAX_PLY as i32 - 1);

/// Why a `SyzygyPath` directory or table file could not be used (the others still are).
#[derive(Clone, Debug)]
pub enum TablesError {
    /// A directory could not be listed.
    Directory(String, Arc<std::io::Error>),
    /// A table file does not start with a Syzygy table's magic bytes; skipped.
    BadHeader(PathBuf),
    /// A table file could not be read or added; skipped.
    Skipped(PathBuf, Arc<std::io::Error>),
    /// No table file at all in these directories.
    NoneFound(String),
}

impl std::error::Error for TablesError {}

/// What a `SyzygyPath` gave: the table files found and the most pieces of any table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// Table files (WDL and DTZ).
    pub files: usize,
    /// Most pieces of any table.
    pub max_pieces: usize,
}

/// The tables found in the `SyzygyPath` directories.
pub struct Tables {
    tb: Tablebase<Chess>,
    files: usize,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tables({} files, {} pieces)", self.files, self.tb.max_pieces())
    }
}

impl Tables {
    /// Adds every table file of the directories in `paths` (separated by `:`, or `;` on Windows).
    /// Returns the tables that could be read, and one error per directory that could not be listed
    /// and per table file that is corrupt (wrong size or header; it is skipped, the others are used);
    /// `None` when no usable table was found at all.
    pub fn load(paths: &str) -> (Option<Tables>, Vec<TablesError>) {
        let sep = if cfg!(windows) { ';' } else { ':' };
        let mut tb = Tablebase::new();
        let mut files = 0;
        let mut errors = Vec::new();
        for dir in paths.split(sep).map(str::trim).filter(|d| !d.is_empty()) {
            let entries = match std::fs::read_dir(dir) {
                Ok(entries) => entries,
                Err(e) => {
                    errors.push(TablesError::Directory(dir.to_string(), Arc::new(e)));
                    continue;
                }
            };
            let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            paths.sort();
            for path in paths {
                match add_table(&mut tb, &path) {
                    Ok(true) => files += 1,
                    Ok(false) => {}
                    Err(e) => errors.push(e),
                }
            }
        }
        if files == 0 {
            errors.push(TablesError::NoneFound(paths.to_string()));
            return (None, errors);
        }
        (Some(Tables { tb, files }), errors)
    }

    /// Number of table files (WDL and DTZ) found.
    pub fn files(&self) -> usize {
        self.files
    }

    /// Most pieces of any table.
    pub fn max_pieces(&self) -> usize {
        self.tb.max_pieces()
    }
}

/// Adds one file if it is a Syzygy table: `Ok(false)` for a file that is not one by its name,
/// an error for a table whose size or header shows it corrupt (the crate opens tables lazily, so
/// without this check a corrupt table would only fail, silently, at its first probe).
fn add_table(tb: &mut Tablebase<Chess>, path: &Path) -> Result<bool, TablesError> {
    let magic = match path.extension().and_then(|e| e.to_str()) {
        Some(ext) if ext == <Chess as Variant>::TBW.ext => <Chess as Variant>::TBW.magic,
        Some(ext) if ext == <Chess as Variant>::TBZ.ext => <Chess as Variant>::TBZ.magic,
        _ => return Ok(false),
    };
    let skipped = |e| TablesError::Skipped(path.to_path_buf(), Arc::new(e));
    let mut header = [0u8; 4];
    if std::fs::File::open(path).map_err(skipped)?.read_exact(&mut header).is_err() || header != magic {
        return Err(TablesError::BadHeader(path.to_path_buf()));
    }
    match tb.add_file(path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => Ok(false),
        Err(e) => Err(skipped(e)),
    }
}

/// Tables and the options that govern their use, as one search sees them.
#[derive(Clone, Debug)]
pub struct Syzygy {
    /// The tables.
    pub tables: Arc<Tables>,
    /// Probe in the search only with at least this much depth left (at the largest piece count).
    pub probe_depth: Depth,
    /// Probe only positions with at most this many pieces.
    pub probe_limit: usize,
    /// Whether a win or loss the fifty-move rule would turn into a draw scores as a draw.
    pub rule50: bool,
}

/// The result of ranking the root moves with the tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootRanking {
    /// The moves that keep the best result the tables can promise, in the order given.
    pub moves: Vec<Move>,
    /// The root's score by the tables (from the side to move's view).
    pub score: Score,
    /// Whether DTZ tables ranked the moves (then the search needs no WDL probes).
    pub dtz: bool,
}

/// Bound of DTZ values, for ranking (a higher rank is better for the side to move).
const MAX_DTZ: i32 = 1 << 18;

impl Syzygy {
    /// Most pieces a position may have to be probed: the limit, capped by the tables present.
    pub fn cardinality(&self) -> usize {
        self.probe_limit.min(self.tables.max_pieces())
    }

    /// Whether the search should probe this position `depth` plies from the horizon: few enough
    /// pieces, just after a capture or pawn move (the WDL tables assume a fresh fifty-move count),
    /// and no castling rights (the tables have none).
    pub fn should_probe(&self, chess: &Chess, depth: Depth, cardinality: usize) -> bool {
        let pieces = chess.board().occupied().count();
        pieces <= cardinality
            && (pieces < cardinality || depth >= self.probe_depth)
            && chess.halfmoves() == 0
            && chess.castles().is_empty()
    }

    /// The WDL value of a position reached by a capture or pawn move; `None` if a table is missing.
    pub fn probe_wdl(&self, chess: &Chess) -> Option<Wdl> {
        self.tables.tb.probe_wdl_after_zeroing(chess).ok()
    }

    /// The search score of a WDL value `ply` plies from the root, and what it proves: a win is a
    /// lower bound (a mate may be better), a loss an upper bound, a draw exact. With the fifty-move
    /// rule, cursed wins and blessed losses are draws, nudged by one centipawn each way.
    pub fn wdl_score(&self, wdl: Wdl, ply: Ply) -> (Score, Bound) {
        let win = TB_WIN - ply;
        match wdl {
            Wdl::Win => (win, Bound::Lower),
            Wdl::Loss => (-win, Bound::Upper),
            Wdl::CursedWin if !self.rule50 => (win, Bound::Lower),
            Wdl::BlessedLoss if !self.rule50 => (-win, Bound::Upper),
            Wdl::CursedWin => (Score::cp(1), Bound::Exact),
            Wdl::BlessedLoss => (Score::cp(-1), Bound::Exact),
            Wdl::Draw => (Score::DRAW, Bound::Exact),
        }
    }

    /// Ranks `moves` (legal at `pos`) with the DTZ tables, or with the WDL tables if a DTZ table is
    /// missing, and keeps those of the best rank. `None` when the root cannot be probed.
    ///
    /// A move's DTZ counts from the root: a win reachable before the fifty-move rule ends the game
    /// ranks best, and all such wins rank equally (the search picks among them, and a real mate
    /// scores above them); a win that would come too late ranks by how late. Losses rank equally
    /// unless a fifty-move draw is in sight. A move that repeats the position or ends the fifty moves
    /// ranks as a draw.
    pub fn rank_root(&self, pos: &mut Position, moves: &[Move]) -> Option<RootRanking> {
        let chess = pos.chess();
        if moves.is_empty() || chess.board().occupied().count() > self.cardinality() || chess.castles().any() {
            return None;
        }
        match self.ranks_by_dtz(pos, moves) {
            Some(ranks) => Some(self.keep_best(moves, &ranks, true)),
            None => {
                let ranks = self.ranks_by_wdl(pos, moves)?;
                Some(self.keep_best(moves, &ranks, false))
            }
        }
    }

    fn ranks_by_dtz(&self, pos: &mut Position, moves: &[Move]) -> Option<Vec<i32>> {
        let cnt50 = pos.chess().halfmoves() as i32;
        let mut ranks = Vec::with_capacity(moves.len());
        for &m in moves {
            pos.make(m);
            let after = pos.chess();
            let dtz = if after.is_checkmate() {
                Some(1)
            } else if after.halfmoves() == 0 {
                // A capture or pawn move: the DTZ of the move itself follows from the WDL after it.
                self.probe_wdl(after).map(|w| match -w {
                    Wdl::Win => 1,
                    Wdl::CursedWin => 101,
                    Wdl::Draw => 0,
                    Wdl::BlessedLoss => -101,
                    Wdl::Loss => -1,
                })
            } else if pos.is_repetition() || pos.is_fifty_move_draw() {
                Some(0)
            } else {
                self.tables.tb.probe_dtz(after).ok().map(|d| {
                    let Dtz(n) = d.ignore_rounding();
                    // From the mover's view, one ply further from the zeroing move.
                    match -n {
                        v if v > 0 => v + 1,
                        v if v < 0 => v - 1,
                        _ => 0,
                    }
                })
            };
            pos.unmake();
            let dtz = dtz?;
            let rank = if dtz > 0 {
                if dtz + cnt50 <= 99 { MAX_DTZ } else { MAX_DTZ - (dtz + cnt50) }
            } else if dtz < 0 {
                if -dtz * 2 + cnt50 < 100 { -MAX_DTZ } else { -MAX_DTZ + (-dtz + cnt50) }
            } else {
                0
            };
            ranks.push(rank);
        }
        Some(ranks)
    }

    fn ranks_by_wdl(&self, pos: &mut Position, moves: &[Move]) -> Option<Vec<i32>> {
        let mut ranks = Vec::with_capacity(moves.len());
        for &m in moves {
            pos.make(m);
            let wdl = if pos.chess().is_checkmate() { Some(Wdl::Win) } else { self.probe_wdl(pos.chess()).map(|w| -w) };
            pos.unmake();
            ranks.push(match wdl? {
                Wdl::Win => MAX_DTZ,
                Wdl::CursedWin => MAX_DTZ - 101,
                Wdl::Draw => 0,
                Wdl::BlessedLoss => -MAX_DTZ + 101,
                Wdl::Loss => -MAX_DTZ,
            });
        }
        Some(ranks)
    }

    /// Keeps the moves of the best rank; the root score follows from that rank.
    fn keep_best(&self, moves: &[Move], ranks: &[i32], dtz: bool) -> RootRanking {
        let best = ranks.iter().copied().max().unwrap_or(0);
        let kept = moves.iter().zip(ranks).filter(|&(_, &r)| r == best).map(|(&m, _)| m).collect();
        // Without the fifty-move rule any win counts; with it, only one reached in time.
        let win_bound = if self.rule50 { MAX_DTZ - 100 } else { 1 };
        let score = if best >= win_bound {
            TB_WIN
        } else if best > 0 {
            Score::cp(1)
        } else if best == 0 {
            Score::DRAW
        } else if best > -win_bound {
            Score::cp(-1)
        } else {
            -TB_WIN
        };
        RootRanking { moves: kept, score, dtz }
    }
}

/// The tablebase options in force and the tables `SyzygyPath` names.
#[derive(Debug)]
pub struct SyzygyOptions {
    tables: Option<Arc<Tables>>,
    /// `SyzygyProbeDepth`.
    pub probe_depth: Depth,
    /// `SyzygyProbeLimit`.
    pub probe_limit: usize,
    /// `Syzygy50MoveRule`.
    pub rule50: bool,
}

/// `SyzygyProbeDepth` before it is set.
pub const DEFAULT_PROBE_DEPTH: Depth = 1;
/// `SyzygyProbeLimit` before it is set.
pub const DEFAULT_PROBE_LIMIT: usize = 7;
/// `Syzygy50MoveRule` before it is set.
pub const DEFAULT_RULE50: bool = true;

impl Default for SyzygyOptions {
    fn default() -> Self {
        Self {
            tables: None,
            probe_depth: DEFAULT_PROBE_DEPTH,
            probe_limit: DEFAULT_PROBE_LIMIT,
            rule50: DEFAULT_RULE50,
        }
    }
}

impl SyzygyOptions {
    /// Loads the tables of `paths` (empty: none). Returns what was found and the errors.
    pub fn set_path(&mut self, paths: &str) -> (Option<Found>, Vec<TablesError>) {
        self.tables = None;
        if paths.trim().is_empty() {
            return (None, Vec::new());
        }
        let (tables, errors) = Tables::load(paths);
        let found = tables.as_ref().map(|t| Found { files: t.files(), max_pieces: t.max_pieces() });
        self.tables = tables.map(Arc::new);
        (found, errors)
    }

    /// What a search uses, if tables are loaded.
    pub fn config(&self) -> Option<Syzygy> {
        let tables = self.tables.clone()?;
        Some(Syzygy { tables, probe_depth: self.probe_depth, probe_limit: self.probe_limit, rule50: self.rule50 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn syzygy(rule50: bool, probe_limit: usize) -> Syzygy {
        let (tables, errors) = Tables::load("tests/data/syzygy");
        assert!(errors.is_empty(), "{errors:?}");
        Syzygy { tables: Arc::new(tables.unwrap()), probe_depth: 1, probe_limit, rule50 }
    }

    #[test]
    fn loading_counts_files_and_reports_bad_directories() {
        let (tables, errors) = Tables::load("/no/such/dir::tests/data/syzygy");
        let tables = tables.unwrap();
        assert_eq!((tables.files(), tables.max_pieces()), (12, 4));
        assert_eq!(errors.len(), 1, "{errors:?}");
        let (tables, errors) = Tables::load("src");
        assert!(tables.is_none());
        assert!(matches!(errors.as_slice(), [TablesError::NoneFound(p)] if p == "src"), "{errors:?}");
    }

    #[test]
    fn scores_and_bounds_follow_the_fifty_move_rule() {
        let tb = syzygy(true, 7);
        assert_eq!(tb.cardinality(), 4);
        assert_eq!(syzygy(true, 3).cardinality(), 3);
        assert_eq!(tb.wdl_score(Wdl::Win, Ply::new(3)), (TB_WIN - Ply::new(3), Bound::Lower));
        assert_eq!(tb.wdl_score(Wdl::Loss, Ply::new(3)), (-TB_WIN + Ply::new(3), Bound::Upper));
        assert_eq!(tb.wdl_score(Wdl::CursedWin, Ply::new(3)), (Score::cp(1), Bound::Exact));
        assert_eq!(tb.wdl_score(Wdl::Draw, Ply::new(3)), (Score::DRAW, Bound::Exact));
        let no50 = syzygy(false, 7);
        assert_eq!(no50.wdl_score(Wdl::CursedWin, Ply::new(3)), (TB_WIN - Ply::new(3), Bound::Lower));
        assert_eq!(no50.wdl_score(Wdl::BlessedLoss, Ply::new(3)), (-TB_WIN + Ply::new(3), Bound::Upper));
        assert!(TB_WIN - MAX_PLY as i32 > Score::cp(20_000) && !TB_WIN.is_mate());
    }

    #[test]
    fn probes_only_fresh_positions_within_the_limit() {
        let tb = syzygy(true, 7);
        let fresh = Position::from_fen("8/8/8/4k3/8/8/8/3QK3 b - - 0 1", false).unwrap();
        assert!(tb.should_probe(fresh.chess(), 1, 4));
        assert_eq!(tb.probe_wdl(fresh.chess()), Some(Wdl::Loss));
        let old = Position::from_fen("8/8/8/4k3/8/8/8/3QK3 b - - 3 9", false).unwrap();
        assert!(!tb.should_probe(old.chess(), 1, 4));
        let castling = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", false).unwrap();
        assert!(!tb.should_probe(castling.chess(), 1, 4));
        // At the largest piece count the probe depth applies.
        let four = Position::from_fen("4k3/8/8/8/8/8/1r6/4K2R w - - 0 1", false).unwrap();
        let deep = Syzygy { probe_depth: 5, ..tb.clone() };
        assert!(!deep.should_probe(four.chess(), 4, 4));
        assert!(deep.should_probe(four.chess(), 5, 4));
    }

    #[test]
    fn root_ranking_keeps_the_winning_moves() {
        let tb = syzygy(true, 7);
        // White wins only with Kf7 (the pawn push h4 draws).
        let mut pos = Position::from_fen("4K3/8/8/8/3k4/7P/8/8 w - - 0 1", false).unwrap();
        let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        let r = tb.rank_root(&mut pos, &moves).unwrap();
        assert!(r.dtz);
        assert_eq!(r.score, TB_WIN);
        let kept: Vec<String> = r.moves.iter().map(|&m| pos.uci(m)).collect();
        assert_eq!(kept, ["e8f7"]);
        // Too many pieces for the limit: no ranking.
        assert!(syzygy(true, 2).rank_root(&mut pos, &moves).is_none());
    }
}
