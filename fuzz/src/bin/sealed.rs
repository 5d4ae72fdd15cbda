//! `hetman::jobs::sealed::read` on a file holding the fuzz bytes (the format
//! of shard results and frontier states). A file that reads back is sealed
//! again from its identity and body, and must come out byte for byte the
//! same: nothing the reader accepts can differ from what the writer wrote.

fn main() {
    let path = hetman_fuzz::scratch("sealed");
    let again = hetman_fuzz::scratch("sealed-again");
    afl::fuzz!(|data: &[u8]| {
        std::fs::write(&path, data).expect("write the scratch file");
        let Ok((identity, body)) = hetman::jobs::sealed::read(&path, "hetman-queens-shard") else {
            return;
        };
        let _ = std::fs::remove_file(&again);
        hetman::jobs::sealed::write(&again, "hetman-queens-shard", &identity, &body)
            .expect("seal again");
        assert!(
            std::fs::read(&again).expect("read it back") == data,
            "accepted bytes differ from a sealed file"
        );
    });
}
