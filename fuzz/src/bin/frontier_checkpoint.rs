//! The knight frontier count's checkpoint loader, reached through the public
//! API: `knight::frontier::count` of the 4x5 board's undirected open tours
//! resuming from a checkpoint whose sealed body is the fuzz bytes (sealed
//! with this count's identity, so that the body's parser is what is fuzzed:
//! the seal itself has its own target). Any body may be refused, but nothing
//! panics; the file of an accepted count is removed when it finishes.

use hetman::knight::frontier::{checkpoint_identity, count, Options, Tours};
use std::path::Path;

fn check(path: &Path, data: &[u8]) {
    let (kind, identity) =
        checkpoint_identity(4, 5, &[false; 20], Tours::OpenUndirected).expect("a 4x5 plan");
    let _ = std::fs::remove_file(path);
    hetman::jobs::sealed::write(path, kind, &identity, data).expect("seal the fuzz bytes");
    let mut opts = Options::default();
    opts.checkpoint = Some(path);
    opts.split = false;
    if count(4, 5, &[false; 20], Tours::OpenUndirected, &opts).is_ok() {
        assert!(
            !path.exists(),
            "a finished count leaves its checkpoint behind"
        );
    }
}

fn main() {
    let path = hetman_fuzz::scratch("frontier.ckpt");
    afl::fuzz!(|data: &[u8]| {
        check(&path, data);
    });
}
