//! What the engine is asked to do: typed, protocol-free requests. A front end (the UCI loop in
//! `uci/`) parses its own text into these; the engine never sees the protocol's words.

/// One request to the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Extra notes (the limits and the table, threads, lines and overhead of each search) on or off.
    Debug(bool),
    /// Change an option.
    Configure(Setting),
    /// A new game starts: forget what earlier searches learnt.
    NewGame,
    /// Set up a position.
    Position {
        /// A FEN; `None` for the start position.
        fen: Option<String>,
        /// Moves to play from it, in the position's move notation (checked by the engine).
        moves: Vec<String>,
    },
    /// A position the front end could not read: the engine is left with none until the next one,
    /// and says why.
    BadPosition(ParseError),
    /// Start a search.
    Go(Go),
    /// Count leaf nodes to this depth, move by move.
    Perft(u32),
    /// End the search now.
    Stop,
    /// The opponent played the move the engine pondered on.
    PonderHit,
    /// End the session (after the running search's answer).
    Quit,
    /// Show the position.
    Display,
    /// Show the static evaluation.
    Eval,
    /// Run the bench to this depth (the default when `None`).
    Bench(Option<u32>),
}

/// The parameters of a search, as the front end read them (times in milliseconds). The front end
/// builds it directly; the engine resolves it against the position and the options.
///
/// A `go` is never refused: what could not be read is recorded in [`Go::skipped`] and passed over (as
/// Stockfish does), and the search runs with what was read, so the GUI still gets its best move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// White's clock.
    pub wtime: Option<u64>,
    /// Black's clock.
    pub btime: Option<u64>,
    /// White's increment.
    pub winc: Option<u64>,
    /// Black's increment.
    pub binc: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Depth limit.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Fixed time per move.
    pub movetime: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder mode.
    pub ponder: bool,
    /// Restrict the root to these moves (the position's move notation, checked by the engine).
    pub searchmoves: Vec<String>,
    /// What the front end could not read, in order: each is reported, then ignored. Any makes a
    /// search that only `stop` would end answer at once (the sender meant to bound it).
    pub skipped: Vec<ParseError>,
}

/// Why a front end could not read (part of) an input line: data only, the front end words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Nothing but whitespace (ignored silently).
    Empty,
    /// The first word is no command.
    Unknown(String),
    /// A required part is missing.
    Missing(&'static str),
    /// A value is not a number in range.
    BadNumber {
        /// Which parameter.
        what: String,
        /// What was sent (empty: nothing).
        text: String,
    },
    /// A word that does not belong.
    Unexpected(String),
    /// This many more problems on the line, not listed one by one.
    More(usize),
}

/// A validated option setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Hash size in MB.
    Hash(usize),
    /// Search threads.
    Threads(usize),
    /// Move Overhead in ms.
    MoveOverhead(u64),
    /// Nodes per millisecond of a node-counted clock (0: real time).
    NodesTime(u64),
    /// Clear the hash table.
    ClearHash,
    /// Ponder on or off.
    Ponder(bool),
    /// Number of lines.
    MultiPv(usize),
    /// Chess960 castling.
    Chess960(bool),
    /// `wdl` in `info` lines.
    ShowWdl(bool),
    /// `UCI_LimitStrength`: play at the `UCI_Elo` level.
    LimitStrength(bool),
    /// `UCI_Elo`: the level's Elo.
    Elo(i64),
    /// `Skill Level` (0–20): a level on the same ladder, unless `UCI_LimitStrength` is on (20: full
    /// strength).
    SkillLevel(i64),
    /// Play from the opening book.
    OwnBook(bool),
    /// Opening book file (empty: none).
    BookFile(String),
    /// Book moves are played up to this game ply.
    BookDepth(u32),
    /// Always the book's heaviest move instead of a weighted draw.
    BookBestMove(bool),
    /// Tablebase directories separated by `:` (empty: none).
    SyzygyPath(String),
    /// Minimum remaining depth for tablebase probes in the search.
    SyzygyProbeDepth(i32),
    /// Most pieces a position may have to be probed.
    SyzygyProbeLimit(usize),
    /// Whether wins and losses beyond the fifty-move rule count as draws.
    Syzygy50MoveRule(bool),
    /// A search parameter's value (`search::params::TUNABLES[index]`; a `tune` build only).
    #[cfg(feature = "tune")]
    Tunable(usize, i32),
}
