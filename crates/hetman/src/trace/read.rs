//! Reading a trace back from its JSON Lines: schema versions 1 and 2.

use super::event::{Event, Header, SCHEMA_VERSION, SCHEMA_VERSIONS_READ};
use crate::Error;
use serde::Deserialize;

fn bad(reason: impl Into<String>) -> Error {
    Error::Trace {
        reason: reason.into(),
    }
}

/// A trace's first line read back: its schema version and what is traced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadHeader {
    /// The `hetman_trace` field: 1 or 2.
    pub version: u32,
    /// What is traced.
    pub header: Header,
}

/// An event line read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadEvent {
    /// The 1-based number of the event in its stream.
    pub step: u64,
    /// The event.
    pub event: Event,
    /// The id of the code line it comes from (schema 2; `None` in version 1).
    pub line: Option<String>,
}

#[derive(Deserialize)]
struct Version {
    hetman_trace: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct EventFields {
    step: u64,
    #[serde(default)]
    line: Option<String>,
    #[serde(flatten)]
    event: Event,
}

/// Reads a trace's header line, version 1 or 2; a version not known, or a
/// line that is not a header, gets an error that says what is accepted.
///
/// ```
/// use hetman::trace::{read_header, Header, QueensAlgorithm};
/// let h = read_header(r#"{"hetman_trace":1,"problem":"queens","n":8,"algorithm":"backtracking"}"#).unwrap();
/// assert_eq!((h.version, h.header), (1, Header::Queens { n: 8, algorithm: QueensAlgorithm::Backtracking }));
/// let err = read_header(r#"{"hetman_trace":3,"problem":"queens","n":8,"algorithm":"backtracking"}"#).unwrap_err();
/// assert!(err.to_string().contains("schema version 3"));
/// ```
pub fn read_header(line: &str) -> Result<ReadHeader, Error> {
    let v: Version = serde_json::from_str(line)
        .map_err(|e| bad(format!("the first line is not a JSON object: {e}")))?;
    let version = match v.hetman_trace {
        None => {
            return Err(bad(
                "the first line has no \"hetman_trace\" field: not a hetman trace",
            ))
        }
        Some(serde_json::Value::Number(n)) => n.as_u64(),
        Some(_) => None,
    };
    let accepted = "this hetman reads versions 1 and 2";
    let version = match version {
        Some(v) if SCHEMA_VERSIONS_READ.contains(&(v as u32)) && v <= u64::from(u32::MAX) => {
            v as u32
        }
        Some(v) if v > u64::from(SCHEMA_VERSION) => {
            return Err(bad(format!(
                "schema version {v} is newer than this hetman knows ({accepted}): a newer hetman wrote it"
            )))
        }
        Some(v) => return Err(bad(format!("schema version {v} is not known ({accepted})"))),
        None => return Err(bad(format!("\"hetman_trace\" must be a version number ({accepted})"))),
    };
    let header: Header = serde_json::from_str(line).map_err(|e| {
        bad(format!(
            "the header of schema version {version} cannot be read: {e}"
        ))
    })?;
    Ok(ReadHeader { version, header })
}

/// Reads one event line of a trace of schema `version` (from [`read_header`]);
/// version 2 requires the `line` field.
///
/// ```
/// use hetman::trace::{read_event, Event};
/// let e = read_event(r#"{"step":1,"event":"call","file":0,"depth":0,"line":"test.call"}"#, 2).unwrap();
/// assert_eq!(e.step, 1);
/// assert_eq!(e.line.as_deref(), Some("test.call"));
/// assert!(matches!(e.event, Event::Call { file: 0, .. }));
/// assert!(read_event(r#"{"step":1,"event":"call","file":0,"depth":0}"#, 2).is_err());
/// assert!(read_event(r#"{"step":1,"event":"call","file":0,"depth":0}"#, 1).is_ok());
/// ```
pub fn read_event(line: &str, version: u32) -> Result<ReadEvent, Error> {
    let f: EventFields = serde_json::from_str(line)
        .map_err(|e| bad(format!("not an event of schema version {version}: {e}")))?;
    if version >= 2 && f.line.is_none() {
        return Err(bad(format!(
            "step {}: an event of schema version 2 names its code line (\"line\")",
            f.step
        )));
    }
    Ok(ReadEvent {
        step: f.step,
        event: f.event,
        line: f.line,
    })
}
