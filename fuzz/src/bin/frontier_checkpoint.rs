//! The knight frontier count's checkpoint loader, reached through the public
//! API: `knight::frontier::count` of the 4x5 board's undirected open tours
//! resuming from a checkpoint file holding the fuzz bytes. A damaged file may
//! be refused or (until checkpoints carry a checksum) give a wrong total, but
//! never a panic; the file of an accepted count is removed when it finishes.

use hetman::knight::frontier::{count, Options, Tours};
use std::path::Path;

fn check(path: &Path, data: &[u8]) {
    std::fs::write(path, data).expect("write the scratch file");
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
