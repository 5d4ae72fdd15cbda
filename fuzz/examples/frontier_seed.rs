//! Writes seed checkpoints for the `frontier_checkpoint` target: the 4x5
//! count that target runs, stopped after some squares.
//! `cargo afl build --release --example frontier_seed`, then run it with the
//! output directory as its argument.

use hetman::knight::frontier::{count, Options, Progress, Tours};
use std::sync::atomic::{AtomicBool, Ordering};

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("an output directory"));
    std::fs::create_dir_all(&dir).expect("the output directory");
    for after in [1, 6, 12] {
        let path = dir.join(format!("stopped-after-{after}.ckpt"));
        let _ = std::fs::remove_file(&path);
        let stop = AtomicBool::new(false);
        let progress = |p: Progress| {
            if p.step >= after {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let mut opts = Options::default();
        opts.checkpoint = Some(&path);
        opts.split = false;
        opts.stop = Some(&stop);
        opts.progress = Some(&progress);
        let r = count(4, 5, &[false; 20], Tours::OpenUndirected, &opts);
        assert!(r.is_err(), "stopped");
        // Resuming from it gives the known answer.
        let mut again = Options::default();
        let copy = dir.join("resume.tmp");
        std::fs::copy(&path, &copy).unwrap();
        again.checkpoint = Some(&copy);
        again.split = false;
        assert_eq!(
            count(4, 5, &[false; 20], Tours::OpenUndirected, &again)
                .unwrap()
                .tours,
            82
        );
    }
}
