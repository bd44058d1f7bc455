//! The UCI option table: one entry per option, carrying its name, type, range, default and the
//! engine [`Setting`] a value makes, in the spirit of Stockfish's `options.add(...)`. Announcing the
//! options (`uci::format`) and reading `setoption` values ([`parse_setting`], the only place option
//! values are read) both walk this table, so an option is added here, in [`Setting`] and in the
//! engine's handling of it; its default is the engine's own (`engine::defaults`, `book`, `syzygy`,
//! `search::strength`), so the engine starts with what is announced. One option belongs to the
//! front end instead of the engine: `Debug Log File` ([`Change::DebugLogFile`], kept by the run loop).
//! Names match case-insensitively, as the UCI specification asks.

use crate::engine::{Setting, defaults};
use crate::search::strength;
use crate::{book, syzygy};
use std::fmt;

/// The type, range and default of an option, and the setting a value makes.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// An integer in a range.
    Spin {
        /// Default value.
        default: i64,
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
        /// The setting of a value in range.
        set: fn(i64) -> Setting,
    },
    /// A boolean.
    Check {
        /// Default value.
        default: bool,
        /// The setting of a value.
        set: fn(bool) -> Setting,
    },
    /// An action with no value.
    Button {
        /// The setting a press makes.
        set: fn() -> Setting,
    },
    /// A text (a file or directory path); [`EMPTY`] stands for nothing, as in Stockfish.
    Str {
        /// Default value.
        default: &'static str,
        /// What a value changes (empty for nothing).
        set: fn(String) -> Change,
    },
}

/// What a `setoption` changes: an engine setting, or the front end's own copy of the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A setting of the engine.
    Engine(Setting),
    /// `Debug Log File`: the file every line in and out is appended to (empty: none). The UCI loop
    /// keeps it; the engine never knows.
    DebugLogFile(String),
}

/// One option as announced after `uci`.
#[derive(Clone, Copy, Debug)]
pub struct OptionDef {
    /// Name as announced.
    pub name: &'static str,
    /// Type, range, default and setting.
    pub kind: Kind,
}

const fn spin(name: &'static str, default: i64, min: i64, max: i64, set: fn(i64) -> Setting) -> OptionDef {
    OptionDef { name, kind: Kind::Spin { default, min, max, set } }
}

const fn check(name: &'static str, default: bool, set: fn(bool) -> Setting) -> OptionDef {
    OptionDef { name, kind: Kind::Check { default, set } }
}

const fn button(name: &'static str, set: fn() -> Setting) -> OptionDef {
    OptionDef { name, kind: Kind::Button { set } }
}

/// A text option, empty by default.
const fn text(name: &'static str, set: fn(String) -> Change) -> OptionDef {
    OptionDef { name, kind: Kind::Str { default: EMPTY, set } }
}

// The casts below read values already checked against the option's range, which fits the target type.

/// Every option the engine announces, in the order announced.
pub const OPTIONS: &[OptionDef] = &[
    spin("Hash", defaults::HASH_MB as i64, 1, 65536, |mb| Setting::Hash(mb as usize)),
    spin("Threads", defaults::THREADS as i64, 1, 256, |n| Setting::Threads(n as usize)),
    spin("Move Overhead", defaults::MOVE_OVERHEAD_MS as i64, 0, 5000, |ms| Setting::MoveOverhead(ms as u64)),
    spin("nodestime", defaults::NODES_TIME as i64, 0, 100_000, |n| Setting::NodesTime(n as u64)),
    button("Clear Hash", || Setting::ClearHash),
    check("Ponder", defaults::PONDER, Setting::Ponder),
    spin("MultiPV", defaults::MULTI_PV as i64, 1, 256, |n| Setting::MultiPv(n as usize)),
    check("UCI_Chess960", defaults::CHESS960, Setting::Chess960),
    check("UCI_ShowWDL", defaults::SHOW_WDL, Setting::ShowWdl),
    check("UCI_LimitStrength", defaults::LIMIT_STRENGTH, Setting::LimitStrength),
    spin("UCI_Elo", strength::DEFAULT_ELO, strength::MIN_ELO, strength::MAX_ELO, Setting::Elo),
    spin("Skill Level", strength::MAX_SKILL, strength::MIN_SKILL, strength::MAX_SKILL, Setting::SkillLevel),
    check("OwnBook", book::DEFAULT_ENABLED, Setting::OwnBook),
    text("BookFile", |file| Change::Engine(Setting::BookFile(file))),
    spin("BookDepth", book::DEFAULT_DEPTH as i64, 1, 1000, |plies| Setting::BookDepth(plies as u32)),
    check("BookBestMove", book::DEFAULT_BEST, Setting::BookBestMove),
    text("SyzygyPath", |path| Change::Engine(Setting::SyzygyPath(path))),
    spin("SyzygyProbeDepth", syzygy::DEFAULT_PROBE_DEPTH as i64, 1, 100, |d| Setting::SyzygyProbeDepth(d as i32)),
    spin("SyzygyProbeLimit", syzygy::DEFAULT_PROBE_LIMIT as i64, 0, 7, |n| Setting::SyzygyProbeLimit(n as usize)),
    check("Syzygy50MoveRule", syzygy::DEFAULT_RULE50, Setting::Syzygy50MoveRule),
    text("Debug Log File", Change::DebugLogFile),
];

/// The value of a string option that names nothing.
pub const EMPTY: &str = "<empty>";

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No such option.
    Unknown(String),
    /// A value is required.
    MissingValue(&'static str),
    /// Not a number / not true or false.
    BadValue(&'static str, String),
    /// A number outside the range.
    OutOfRange(&'static str, i64, i64, i64),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unknown(n) => write!(f, "no such option '{n}'"),
            Self::MissingValue(n) => write!(f, "option '{n}' needs a value"),
            Self::BadValue(n, v) => write!(f, "invalid value '{v}' for option '{n}'"),
            Self::OutOfRange(n, v, lo, hi) => write!(f, "value {v} for option '{n}' is outside {lo}..{hi}"),
        }
    }
}

impl std::error::Error for OptionError {}

/// The announced option of this name (case-insensitive, surrounding spaces ignored).
pub fn find(name: &str) -> Option<&'static OptionDef> {
    OPTIONS.iter().find(|d| d.name.eq_ignore_ascii_case(name.trim()))
}

/// At most 40 characters of a name or value, for an error message.
fn echo(text: &str) -> String {
    text.chars().take(40).collect()
}

/// A spin option's value: a number within `min..=max`.
fn parse_spin(name: &'static str, value: &str, min: i64, max: i64) -> Result<i64, OptionError> {
    let n: i64 = value.parse().map_err(|_| OptionError::BadValue(name, echo(value)))?;
    if n < min || n > max { Err(OptionError::OutOfRange(name, n, min, max)) } else { Ok(n) }
}

/// Validates `setoption name <name> value <value>`: what the option's entry makes of the value.
pub fn parse_setting(name: &str, value: Option<&str>) -> Result<Change, OptionError> {
    #[cfg(feature = "tune")]
    if let Some(change) = parse_tunable(name, value) {
        return change;
    }
    let def = find(name).ok_or_else(|| OptionError::Unknown(echo(name)))?;
    let value = value.map(str::trim);
    let given = || value.ok_or(OptionError::MissingValue(def.name));
    match def.kind {
        Kind::Spin { min, max, set, .. } => Ok(Change::Engine(set(parse_spin(def.name, given()?, min, max)?))),
        Kind::Check { set, .. } => {
            let v = given()?;
            match v.to_ascii_lowercase().as_str() {
                "true" => Ok(Change::Engine(set(true))),
                "false" => Ok(Change::Engine(set(false))),
                _ => Err(OptionError::BadValue(def.name, echo(v))),
            }
        }
        Kind::Button { set } => Ok(Change::Engine(set())),
        // A missing value or `<empty>` clears a text option.
        Kind::Str { set, .. } => Ok(set(match value {
            Some(v) if v != EMPTY => v.to_string(),
            _ => String::new(),
        })),
    }
}

/// In a `tune` build, `setoption` of a search parameter (`search::params::TUNABLES`, by its name):
/// none when `name` is not one.
#[cfg(feature = "tune")]
fn parse_tunable(name: &str, value: Option<&str>) -> Option<Result<Change, OptionError>> {
    let tunables = crate::search::params::TUNABLES;
    let index = tunables.iter().position(|t| t.name.eq_ignore_ascii_case(name.trim()))?;
    let t = tunables[index];
    let Some(v) = value.map(str::trim) else { return Some(Err(OptionError::MissingValue(t.name))) };
    // In range, so it fits an i32.
    Some(
        parse_spin(t.name, v, i64::from(t.min), i64::from(t.max))
            .map(|n| Change::Engine(Setting::Tunable(index, n as i32))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted() {
        assert_eq!(parse_setting("hash", Some("64")), Ok(Change::Engine(Setting::Hash(64))));
        assert_eq!(parse_setting("HASH", Some(" 1 ")), Ok(Change::Engine(Setting::Hash(1))));
        assert_eq!(parse_setting("move overhead", Some("100")), Ok(Change::Engine(Setting::MoveOverhead(100))));
        assert_eq!(parse_setting("Clear Hash", None), Ok(Change::Engine(Setting::ClearHash)));
        assert_eq!(parse_setting("UCI_Chess960", Some("true")), Ok(Change::Engine(Setting::Chess960(true))));
        assert_eq!(parse_setting("Ponder", Some("False")), Ok(Change::Engine(Setting::Ponder(false))));
        assert_eq!(parse_setting("MultiPV", Some("3")), Ok(Change::Engine(Setting::MultiPv(3))));
        assert_eq!(parse_setting("Threads", Some("4")), Ok(Change::Engine(Setting::Threads(4))));
        assert_eq!(parse_setting("uci_showwdl", Some("true")), Ok(Change::Engine(Setting::ShowWdl(true))));
        assert_eq!(parse_setting("UCI_LimitStrength", Some("true")), Ok(Change::Engine(Setting::LimitStrength(true))));
        assert_eq!(parse_setting("UCI_Elo", Some("1500")), Ok(Change::Engine(Setting::Elo(1500))));
        assert_eq!(parse_setting("UCI_Elo", Some("2850")), Ok(Change::Engine(Setting::Elo(2850))));
        assert_eq!(parse_setting("skill level", Some("0")), Ok(Change::Engine(Setting::SkillLevel(0))));
        assert_eq!(parse_setting("UCI_Elo", Some("999")), Err(OptionError::OutOfRange("UCI_Elo", 999, 1350, 2850)));
        assert_eq!(parse_setting("UCI_Elo", Some("2851")), Err(OptionError::OutOfRange("UCI_Elo", 2851, 1350, 2850)));
        assert_eq!(parse_setting("Skill Level", Some("21")), Err(OptionError::OutOfRange("Skill Level", 21, 0, 20)));
        assert_eq!(parse_setting("Skill Level", Some("-1")), Err(OptionError::OutOfRange("Skill Level", -1, 0, 20)));
    }

    #[test]
    fn every_announced_option_parses_its_default() {
        for def in OPTIONS {
            let value = match def.kind {
                Kind::Spin { default, .. } => Some(default.to_string()),
                Kind::Check { default, .. } => Some(default.to_string()),
                Kind::Button { .. } => None,
                Kind::Str { default, .. } => Some(default.to_string()),
            };
            assert!(parse_setting(def.name, value.as_deref()).is_ok(), "{}", def.name);
        }
        assert_eq!(
            parse_setting("bookfile", Some(" /a b/c.bin ")),
            Ok(Change::Engine(Setting::BookFile("/a b/c.bin".into())))
        );
        assert_eq!(parse_setting("BookFile", Some("<empty>")), Ok(Change::Engine(Setting::BookFile(String::new()))));
        assert_eq!(parse_setting("SyzygyPath", None), Ok(Change::Engine(Setting::SyzygyPath(String::new()))));
        assert_eq!(parse_setting("SyzygyProbeLimit", Some("5")), Ok(Change::Engine(Setting::SyzygyProbeLimit(5))));
        assert_eq!(
            parse_setting("Syzygy50MoveRule", Some("false")),
            Ok(Change::Engine(Setting::Syzygy50MoveRule(false)))
        );
        assert_eq!(parse_setting("OwnBook", Some("true")), Ok(Change::Engine(Setting::OwnBook(true))));
        assert_eq!(parse_setting("BookDepth", Some("8")), Ok(Change::Engine(Setting::BookDepth(8))));
        // The front end's option: a path, or nothing.
        assert_eq!(
            parse_setting("debug log file", Some(" /tmp/a b.log ")),
            Ok(Change::DebugLogFile("/tmp/a b.log".into()))
        );
        assert_eq!(parse_setting("Debug Log File", Some("<empty>")), Ok(Change::DebugLogFile(String::new())));
        assert_eq!(parse_setting("Debug Log File", None), Ok(Change::DebugLogFile(String::new())));
    }

    #[test]
    fn names_are_unique_and_defaults_in_range() {
        for (i, def) in OPTIONS.iter().enumerate() {
            assert!(OPTIONS[..i].iter().all(|d| !d.name.eq_ignore_ascii_case(def.name)), "{} twice", def.name);
            if let Kind::Spin { default, min, max, .. } = def.kind {
                assert!(min <= default && default <= max, "{}: {default} outside {min}..{max}", def.name);
            }
        }
    }

    #[test]
    fn refused() {
        assert_eq!(parse_setting("Hashish", Some("1")), Err(OptionError::Unknown("Hashish".into())));
        assert_eq!(parse_setting("Hash", Some("0")), Err(OptionError::OutOfRange("Hash", 0, 1, 65536)));
        assert_eq!(parse_setting("Hash", Some("65537")), Err(OptionError::OutOfRange("Hash", 65537, 1, 65536)));
        assert_eq!(parse_setting("Hash", Some("big")), Err(OptionError::BadValue("Hash", "big".into())));
        assert_eq!(parse_setting("Hash", None), Err(OptionError::MissingValue("Hash")));
        assert_eq!(parse_setting("Ponder", Some("yes")), Err(OptionError::BadValue("Ponder", "yes".into())));
        assert!(parse_setting("Threads", Some("99999999999999999999")).is_err());
        assert!(parse_setting("SyzygyProbeLimit", Some("8")).is_err());
        assert!(parse_setting("BookBestMove", Some("1")).is_err());
    }
}
