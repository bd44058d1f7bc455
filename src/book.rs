//! Polyglot opening books: reading a `.bin` file or the book built into the binary, finding a
//! position's entries by its Polyglot key (the one [`Position::key`] keeps), turning the packed moves
//! into legal moves, and choosing one (weighted at random, or always the heaviest). Also where a
//! relative book path is looked up, and which book the options name (the built-in one when `BookFile`
//! is empty).
//! Nothing here makes text: errors and the note on a book read are typed (`uci::text` words them,
//! the command line prints `brudno book`).
//!
//! A Polyglot file is a sequence of 16-byte big-endian entries sorted by key: key (u64), move (u16),
//! weight (u16), learn (u32). The move packs to-square (bits 0–5), from-square (6–11) and promotion
//! (12–14: none, knight, bishop, rook, queen); castling is written king-takes-rook (e1h1).

use crate::position::Position;
use crate::rng::Rng;
use shakmaty::{Chess, Move, Position as _, Role};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The built-in book: `book/brudno.bin` as it was when the engine was compiled (made by
/// `scripts/make_book.py`), used when the book is on and no file is named.
pub const BUILT_IN: &[u8] = include_bytes!("../book/brudno.bin");

/// Where a book came from (worded by `uci::text`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The book built into the binary ([`BUILT_IN`]).
    BuiltIn,
    /// A file, as found ([`resolve`]).
    File(PathBuf),
}

/// One book entry as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Polyglot key of the position.
    pub key: u64,
    /// Packed move.
    pub raw: u16,
    /// How often the move should be chosen, relative to the other entries of the position.
    pub weight: u16,
}

/// Why a book could not be used (worded by `uci::text`).
#[derive(Clone, Debug)]
pub enum BookError {
    /// The file could not be read.
    Io(PathBuf, Arc<std::io::Error>),
    /// The book is empty or its length, in bytes, is not a multiple of 16.
    Corrupt {
        /// The book.
        book: Source,
        /// Its length in bytes.
        len: usize,
    },
}

impl std::error::Error for BookError {}

/// A book just read: where from and its number of entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The built-in book or the file, as found ([`resolve`]).
    pub source: Source,
    /// Entries stored.
    pub entries: usize,
}

/// A book's entry for one legal move of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, legal in the position.
    pub mv: Move,
    /// Its weight.
    pub weight: u16,
}

/// A Polyglot book held in memory, sorted by key.
#[derive(Clone, Debug)]
pub struct Book {
    entries: Vec<Entry>,
    source: Source,
}

impl Book {
    /// Parses the bytes of a book (`source` only names it).
    pub fn from_bytes(bytes: &[u8], source: Source) -> Result<Book, BookError> {
        if bytes.is_empty() || !bytes.len().is_multiple_of(16) {
            return Err(BookError::Corrupt { book: source, len: bytes.len() });
        }
        let mut entries: Vec<Entry> = bytes
            .chunks_exact(16)
            .map(|c| {
                let mut key = [0u8; 8];
                key.copy_from_slice(&c[..8]);
                Entry {
                    key: u64::from_be_bytes(key),
                    raw: u16::from_be_bytes([c[8], c[9]]),
                    weight: u16::from_be_bytes([c[10], c[11]]),
                }
            })
            .collect();
        if !entries.is_sorted_by_key(|e| e.key) {
            // Lookup needs sorted keys; a stable sort keeps each position's entries in file order.
            entries.sort_by_key(|e| e.key);
        }
        Ok(Book { entries, source })
    }

    /// Reads a book file.
    pub fn open(path: &Path) -> Result<Book, BookError> {
        let bytes = std::fs::read(path).map_err(|e| BookError::Io(path.to_path_buf(), Arc::new(e)))?;
        Self::from_bytes(&bytes, Source::File(path.to_path_buf()))
    }

    /// The book built into the binary.
    pub fn built_in() -> Result<Book, BookError> {
        Self::from_bytes(BUILT_IN, Source::BuiltIn)
    }

    /// Where it was read from.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries (never true for a book that loaded).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The stored entries for `key`, in file order.
    pub fn entries(&self, key: u64) -> &[Entry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let end = start + self.entries[start..].partition_point(|e| e.key == key);
        &self.entries[start..end]
    }

    /// The entries of `pos` whose move is legal there (others, e.g. from a key collision, are dropped),
    /// in file order.
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        let legal = pos.legal_moves();
        self.entries(pos.key())
            .iter()
            .filter_map(|e| decode(&legal, e.raw).map(|mv| BookMove { mv, weight: e.weight }))
            .collect()
    }

    /// A book move for `pos`: the heaviest (the first of equals) if `best`, otherwise one drawn with
    /// probability proportional to its weight, using `random` (any 64 random bits). Entries of weight
    /// zero are never played.
    pub fn pick(&self, pos: &Position, best: bool, random: u64) -> Option<BookMove> {
        let moves: Vec<BookMove> = self.moves(pos).into_iter().filter(|m| m.weight > 0).collect();
        if best {
            // `max_by_key` returns the last of equals; reverse to prefer the first.
            return moves.iter().rev().max_by_key(|m| m.weight).copied();
        }
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut x = random % total;
        for m in &moves {
            let w = u64::from(m.weight);
            if x < w {
                return Some(*m);
            }
            x -= w;
        }
        None
    }
}

/// The Polyglot packing of a legal move (castling as king-takes-rook).
pub fn encode(m: Move) -> u16 {
    let (from, to, promotion) = match m {
        Move::Castle { king, rook } => (king, rook, None),
        Move::Normal { from, to, promotion, .. } => (from, to, promotion),
        Move::EnPassant { from, to } => (from, to, None),
        Move::Put { to, .. } => (to, to, None),
    };
    let promo = match promotion {
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(Role::Queen) => 4,
        _ => 0,
    };
    (promo << 12) | ((u32::from(from) as u16) << 6) | u32::from(to) as u16
}

/// The legal move among `legal` that `raw` packs, if any.
fn decode(legal: &shakmaty::MoveList, raw: u16) -> Option<Move> {
    // Bits 15 and above are unused; a raw move with them set matches nothing.
    legal.iter().copied().find(|&m| encode(m) == raw)
}

/// Where a book path points: absolute paths as given; a relative one in the working directory if it
/// exists there, otherwise beside the executable (so a book shipped next to the binary is found
/// whatever directory the GUI starts it in), otherwise as given (and opening it reports the error).
pub fn resolve(path: &str) -> PathBuf {
    let p = PathBuf::from(path);
    if p.is_absolute() || p.exists() {
        return p;
    }
    let beside = std::env::current_exe().ok().and_then(|exe| exe.parent().map(|dir| dir.join(&p)));
    match beside {
        Some(b) if b.exists() => b,
        _ => p,
    }
}

/// The book options in force and the book they name: the file `BookFile` names, or the built-in
/// book when it names none. The book is read when it is switched on or the file changes while it is
/// on, so a GUI may send the two options in either order. A file that cannot be read leaves no book
/// (the error is reported; the built-in book does not stand in for a file the GUI asked for).
#[derive(Debug)]
pub struct BookOptions {
    /// `OwnBook`.
    pub enabled: bool,
    /// `BookFile` (empty: the built-in book).
    file: String,
    /// `BookDepth`: book moves are played while fewer plies than this have been played.
    pub depth: u32,
    /// `BookBestMove`.
    pub best: bool,
    book: Option<Book>,
    rng: Rng,
}

/// `OwnBook` before it is set.
pub const DEFAULT_ENABLED: bool = false;
/// `BookDepth` before it is set.
pub const DEFAULT_DEPTH: u32 = 16;
/// `BookBestMove` before it is set.
pub const DEFAULT_BEST: bool = false;

impl Default for BookOptions {
    fn default() -> Self {
        let seed =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        Self {
            enabled: DEFAULT_ENABLED,
            file: String::new(),
            depth: DEFAULT_DEPTH,
            best: DEFAULT_BEST,
            book: None,
            rng: Rng::new(seed),
        }
    }
}

impl BookOptions {
    /// Sets `OwnBook`; loads the book if needed. `Ok` carries the book just read, if one was.
    pub fn set_enabled(&mut self, on: bool) -> Result<Option<Loaded>, BookError> {
        self.enabled = on;
        self.load()
    }

    /// Sets `BookFile`; loads the book if the book is on.
    pub fn set_file(&mut self, file: &str) -> Result<Option<Loaded>, BookError> {
        if file != self.file {
            self.file = file.to_string();
            self.book = None;
        }
        self.load()
    }

    fn load(&mut self) -> Result<Option<Loaded>, BookError> {
        if !self.enabled || self.book.is_some() {
            return Ok(None);
        }
        let book = if self.file.is_empty() { Book::built_in()? } else { Book::open(&resolve(&self.file))? };
        let loaded = Loaded { source: book.source().clone(), entries: book.len() };
        self.book = Some(book);
        Ok(Some(loaded))
    }

    /// The book move to play at `pos`, if the book is on, loaded, within its depth and has one.
    pub fn choose(&mut self, pos: &Position) -> Option<BookMove> {
        let book = self.book.as_ref().filter(|_| self.enabled)?;
        if game_ply(pos.chess()) >= self.depth {
            return None;
        }
        book.pick(pos, self.best, self.rng.next_u64())
    }
}

/// Plies played in the game, from the position's move counters.
pub fn game_ply(chess: &Chess) -> u32 {
    let full = chess.fullmoves().get();
    2 * (full - 1) + u32::from(chess.turn().is_black())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, raw: u16, weight: u16) -> [u8; 16] {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&key.to_be_bytes());
        b[8..10].copy_from_slice(&raw.to_be_bytes());
        b[10..12].copy_from_slice(&weight.to_be_bytes());
        b
    }

    #[test]
    fn encodes_castling_king_takes_rook_and_promotions() {
        let pos = Position::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", false).unwrap();
        let short = pos.parse_move("e1g1").unwrap();
        assert_eq!(encode(short), 263); // e1h1: from 4, to 7
        let long = pos.parse_move("e1c1").unwrap();
        assert_eq!(encode(long), 256); // e1a1
        let promo = pos.parse_move("b7a8n").unwrap();
        assert_eq!(encode(promo), (1 << 12) | (49 << 6) | 56);
    }

    #[test]
    fn lookup_pick_and_corrupt_files() {
        let pos = Position::default();
        let k = pos.key();
        let e4 = encode(pos.parse_move("e2e4").unwrap());
        let d4 = encode(pos.parse_move("d2d4").unwrap());
        let mut bytes = Vec::new();
        // Unsorted on purpose, with an illegal move (a1a8) and a zero weight.
        bytes.extend(entry(k.wrapping_add(1), e4, 5));
        bytes.extend(entry(k, e4, 3));
        bytes.extend(entry(k, 7 << 6 | 63, 9));
        bytes.extend(entry(k, d4, 1));
        bytes.extend(entry(k, encode(pos.parse_move("c2c4").unwrap()), 0));
        bytes.extend(entry(k.wrapping_sub(1), d4, 5));
        let book = Book::from_bytes(&bytes, Source::BuiltIn).unwrap();
        assert_eq!(book.entries(k).len(), 4);
        let moves = book.moves(&pos);
        assert_eq!(moves.len(), 3);
        assert_eq!(book.pick(&pos, true, 0).map(|m| pos.uci(m.mv)), Some("e2e4".into()));
        // Weighted: draws 0..3 give e2e4, 3 gives d2d4; c2c4 (weight 0) never.
        let picks: Vec<String> = (0..8).map(|r| pos.uci(book.pick(&pos, false, r).unwrap().mv)).collect();
        assert_eq!(picks, ["e2e4", "e2e4", "e2e4", "d2d4", "e2e4", "e2e4", "e2e4", "d2d4"]);
        assert!(Book::from_bytes(&bytes[..20], Source::BuiltIn).is_err());
        assert!(Book::from_bytes(&[], Source::BuiltIn).is_err());
        let after = Position::from_fen("8/8/8/8/8/8/8/K1k5 w - - 0 1", false);
        assert!(after.is_err() || book.pick(&after.unwrap(), true, 0).is_none());
    }

    #[test]
    fn game_ply_counts_from_the_move_numbers() {
        assert_eq!(game_ply(Position::default().chess()), 0);
        let p = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false).unwrap();
        assert_eq!(game_ply(p.chess()), 1);
        let p = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 17", false).unwrap();
        assert_eq!(game_ply(p.chess()), 32);
    }

    #[test]
    fn the_built_in_book_stands_in_for_an_empty_book_file() {
        let mut options = BookOptions::default();
        // Off: nothing is read, nothing is played.
        assert!(matches!(options.set_file(""), Ok(None)));
        assert!(options.choose(&Position::default()).is_none());
        let Ok(Some(loaded)) = options.set_enabled(true) else { panic!("the built-in book loads") };
        assert_eq!(loaded.source, Source::BuiltIn);
        assert_eq!(loaded.entries * 16, BUILT_IN.len());
        assert!(options.choose(&Position::default()).is_some());
        // A file replaces it; an unreadable one leaves no book rather than the built-in one.
        assert!(matches!(options.set_file("no/such/book.bin"), Err(BookError::Io(..))));
        assert!(options.choose(&Position::default()).is_none());
        // Back to no file: the built-in book again.
        assert!(matches!(options.set_file(""), Ok(Some(Loaded { source: Source::BuiltIn, .. }))));
        assert!(options.choose(&Position::default()).is_some());
    }
}
