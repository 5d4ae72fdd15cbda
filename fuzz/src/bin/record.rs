//! `hetman::jobs::record::read` on a file holding the fuzz bytes (the JSON
//! records of shard results, or a file of the older sealed form). A record
//! that reads back is written again from its identity and members and must
//! come out byte for byte the same: nothing the reader accepts differs from
//! what the writer writes. An older sealed file that reads back is written
//! as a record, which must read back the same.

const KIND: &str = "hetman-queens-shard";

fn main() {
    let path = hetman_fuzz::scratch("record");
    let again = hetman_fuzz::scratch("record-again");
    afl::fuzz!(|data: &[u8]| {
        std::fs::write(&path, data).expect("write the scratch file");
        let Ok((identity, members)) = hetman::jobs::record::read(&path, KIND) else {
            return;
        };
        let _ = std::fs::remove_file(&again);
        hetman::jobs::record::write(&again, KIND, &identity, &members).expect("write it again");
        if data.starts_with(b"hetman-file ") {
            let back = hetman::jobs::record::read(&again, KIND).expect("read the record written");
            assert!(
                back == (identity, members),
                "a sealed file read back otherwise as a record"
            );
        } else {
            assert!(
                std::fs::read(&again).expect("read it back") == data,
                "accepted bytes differ from the record written"
            );
        }
    });
}
