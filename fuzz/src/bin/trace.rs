//! Trace JSON Lines (`hetman queens trace --json`, `knight trace --json`)
//! read back with serde_json as `hetman::trace::Event` and `Header`. An
//! accepted event written again with `event_json` (and a header with
//! `header_json`) reads back equal.

use hetman::trace::{event_json, header_json, Event, Header};

fn check(s: &str) {
    for (k, line) in s.lines().take(64).enumerate() {
        if let Ok(e) = serde_json::from_str::<Event>(line) {
            let again = event_json(k as u64 + 1, &e, "test.call");
            let back: Event = serde_json::from_str(&again)
                .unwrap_or_else(|err| panic!("{again} does not read back: {err}"));
            assert_eq!(back, e);
        }
        if let Ok(h) = serde_json::from_str::<Header>(line) {
            let again = header_json(&h);
            let back: Header = serde_json::from_str(&again)
                .unwrap_or_else(|err| panic!("{again} does not read back: {err}"));
            assert_eq!(back, h);
        }
    }
}

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Some(s) = hetman_fuzz::text(data) {
            check(s);
        }
    });
}
