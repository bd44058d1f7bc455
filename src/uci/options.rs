//! The UCI option table: names, types, defaults and ranges, and the parsing of `setoption` values
//! into the engine's typed [`Setting`]s (the only place option values are read).
//! Names match case-insensitively, as the UCI specification asks.

use crate::engine::{Setting, defaults};
use crate::search::strength;
use crate::{book, syzygy};
use std::fmt;

/// The type and range of an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An integer in a range.
    Spin {
        /// Default value.
        default: i64,
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// A boolean.
    Check {
        /// Default value.
        default: bool,
    },
    /// An action with no value.
    Button,
    /// A text (a file or directory path); `<empty>` stands for nothing, as in Stockfish.
    Str {
        /// Default value.
        default: &'static str,
    },
}

/// One option as announced after `uci`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDef {
    /// Name as announced.
    pub name: &'static str,
    /// Type and range.
    pub kind: Kind,
}

/// Every option the engine announces.
pub const OPTIONS: &[OptionDef] = &[
    OptionDef { name: "Hash", kind: Kind::Spin { default: defaults::HASH_MB as i64, min: 1, max: 65536 } },
    OptionDef { name: "Threads", kind: Kind::Spin { default: defaults::THREADS as i64, min: 1, max: 256 } },
    OptionDef {
        name: "Move Overhead",
        kind: Kind::Spin { default: defaults::MOVE_OVERHEAD_MS as i64, min: 0, max: 5000 },
    },
    OptionDef { name: "nodestime", kind: Kind::Spin { default: defaults::NODES_TIME as i64, min: 0, max: 100_000 } },
    OptionDef { name: "Clear Hash", kind: Kind::Button },
    OptionDef { name: "Ponder", kind: Kind::Check { default: defaults::PONDER } },
    OptionDef { name: "MultiPV", kind: Kind::Spin { default: defaults::MULTI_PV as i64, min: 1, max: 256 } },
    OptionDef { name: "UCI_Chess960", kind: Kind::Check { default: defaults::CHESS960 } },
    OptionDef { name: "UCI_ShowWDL", kind: Kind::Check { default: defaults::SHOW_WDL } },
    OptionDef { name: "UCI_LimitStrength", kind: Kind::Check { default: defaults::LIMIT_STRENGTH } },
    OptionDef {
        name: "UCI_Elo",
        kind: Kind::Spin { default: strength::DEFAULT_ELO, min: strength::MIN_ELO, max: strength::MAX_ELO },
    },
    OptionDef { name: "OwnBook", kind: Kind::Check { default: book::DEFAULT_ENABLED } },
    OptionDef { name: "BookFile", kind: Kind::Str { default: EMPTY } },
    OptionDef { name: "BookDepth", kind: Kind::Spin { default: book::DEFAULT_DEPTH as i64, min: 1, max: 1000 } },
    OptionDef { name: "BookBestMove", kind: Kind::Check { default: book::DEFAULT_BEST } },
    OptionDef { name: "SyzygyPath", kind: Kind::Str { default: EMPTY } },
    OptionDef {
        name: "SyzygyProbeDepth",
        kind: Kind::Spin { default: syzygy::DEFAULT_PROBE_DEPTH as i64, min: 1, max: 100 },
    },
    OptionDef {
        name: "SyzygyProbeLimit",
        kind: Kind::Spin { default: syzygy::DEFAULT_PROBE_LIMIT as i64, min: 0, max: 7 },
    },
    OptionDef { name: "Syzygy50MoveRule", kind: Kind::Check { default: syzygy::DEFAULT_RULE50 } },
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

/// Validates `setoption name <name> value <value>`.
pub fn parse_setting(name: &str, value: Option<&str>) -> Result<Setting, OptionError> {
    let def = OPTIONS
        .iter()
        .find(|d| d.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| OptionError::Unknown(name.chars().take(40).collect()))?;
    let value = value.map(str::trim);
    let int = || -> Result<i64, OptionError> {
        let Kind::Spin { min, max, .. } = def.kind else { unreachable!("spin options only") };
        let v = value.ok_or(OptionError::MissingValue(def.name))?;
        let n: i64 = v.parse().map_err(|_| OptionError::BadValue(def.name, v.chars().take(40).collect()))?;
        if n < min || n > max { Err(OptionError::OutOfRange(def.name, n, min, max)) } else { Ok(n) }
    };
    let boolean = || -> Result<bool, OptionError> {
        let v = value.ok_or(OptionError::MissingValue(def.name))?;
        match v.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(OptionError::BadValue(def.name, v.chars().take(40).collect())),
        }
    };
    // A missing value or `<empty>` clears a text option.
    let text = || match value {
        Some(v) if v != EMPTY => v.to_string(),
        _ => String::new(),
    };
    Ok(match def.name {
        "Hash" => Setting::Hash(int()? as usize),
        "Threads" => Setting::Threads(int()? as usize),
        "Move Overhead" => Setting::MoveOverhead(int()? as u64),
        "nodestime" => Setting::NodesTime(int()? as u64),
        "Clear Hash" => Setting::ClearHash,
        "Ponder" => Setting::Ponder(boolean()?),
        "MultiPV" => Setting::MultiPv(int()? as usize),
        "UCI_Chess960" => Setting::Chess960(boolean()?),
        "UCI_ShowWDL" => Setting::ShowWdl(boolean()?),
        "UCI_LimitStrength" => Setting::LimitStrength(boolean()?),
        "UCI_Elo" => Setting::Elo(int()?),
        "OwnBook" => Setting::OwnBook(boolean()?),
        "BookFile" => Setting::BookFile(text()),
        "BookDepth" => Setting::BookDepth(int()? as u32),
        "BookBestMove" => Setting::BookBestMove(boolean()?),
        "SyzygyPath" => Setting::SyzygyPath(text()),
        "SyzygyProbeDepth" => Setting::SyzygyProbeDepth(int()? as i32),
        "SyzygyProbeLimit" => Setting::SyzygyProbeLimit(int()? as usize),
        "Syzygy50MoveRule" => Setting::Syzygy50MoveRule(boolean()?),
        // Every announced option has a case above (a test checks each parses its default).
        other => return Err(OptionError::Unknown(other.to_string())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepted() {
        assert_eq!(parse_setting("hash", Some("64")), Ok(Setting::Hash(64)));
        assert_eq!(parse_setting("HASH", Some(" 1 ")), Ok(Setting::Hash(1)));
        assert_eq!(parse_setting("move overhead", Some("100")), Ok(Setting::MoveOverhead(100)));
        assert_eq!(parse_setting("Clear Hash", None), Ok(Setting::ClearHash));
        assert_eq!(parse_setting("UCI_Chess960", Some("true")), Ok(Setting::Chess960(true)));
        assert_eq!(parse_setting("Ponder", Some("False")), Ok(Setting::Ponder(false)));
        assert_eq!(parse_setting("MultiPV", Some("3")), Ok(Setting::MultiPv(3)));
        assert_eq!(parse_setting("Threads", Some("4")), Ok(Setting::Threads(4)));
        assert_eq!(parse_setting("uci_showwdl", Some("true")), Ok(Setting::ShowWdl(true)));
        assert_eq!(parse_setting("UCI_LimitStrength", Some("true")), Ok(Setting::LimitStrength(true)));
        assert_eq!(parse_setting("UCI_Elo", Some("1500")), Ok(Setting::Elo(1500)));
        assert!(parse_setting("UCI_Elo", Some("999")).is_err());
    }

    #[test]
    fn every_announced_option_parses_its_default() {
        for def in OPTIONS {
            let value = match def.kind {
                Kind::Spin { default, .. } => Some(default.to_string()),
                Kind::Check { default } => Some(default.to_string()),
                Kind::Button => None,
                Kind::Str { default } => Some(default.to_string()),
            };
            assert!(parse_setting(def.name, value.as_deref()).is_ok(), "{}", def.name);
        }
        assert_eq!(parse_setting("bookfile", Some(" /a b/c.bin ")), Ok(Setting::BookFile("/a b/c.bin".into())));
        assert_eq!(parse_setting("BookFile", Some("<empty>")), Ok(Setting::BookFile(String::new())));
        assert_eq!(parse_setting("SyzygyPath", None), Ok(Setting::SyzygyPath(String::new())));
        assert_eq!(parse_setting("SyzygyProbeLimit", Some("5")), Ok(Setting::SyzygyProbeLimit(5)));
        assert_eq!(parse_setting("Syzygy50MoveRule", Some("false")), Ok(Setting::Syzygy50MoveRule(false)));
        assert_eq!(parse_setting("OwnBook", Some("true")), Ok(Setting::OwnBook(true)));
        assert_eq!(parse_setting("BookDepth", Some("8")), Ok(Setting::BookDepth(8)));
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
