//! Sealed files: a header naming the job, then a body whose every byte is
//! covered by a BLAKE3 checksum.
//!
//! The header is one line:
//!
//! ```text
//! hetman-file 1 kind=KIND bytes=LENGTH blake3=HASH IDENTITY
//! ```
//!
//! `KIND` says what the body is (`queens-shard`, `knight-frontier`, ...),
//! `LENGTH` is the body's length in bytes (20 digits), `HASH` its BLAKE3
//! hash (64 hex digits) and `IDENTITY` the [`Job`](super::Job) it belongs
//! to. A reader refuses a file whose header is not one of these, whose kind
//! differs, whose body is shorter or longer than the header says, or whose
//! body does not hash to `HASH`, each with a message that says which.
//! Writing goes through [`AtomicFile`], so a file is never seen half
//! written.
//!
//! # Example
//! ```
//! use hetman::jobs::sealed::{read, write};
//! let dir = std::env::temp_dir().join(format!("hetman-seal-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("shard.json");
//! write(&path, "demo", "job=demo n=8", b"{\"solutions\":92}\n").unwrap();
//! let (identity, body) = read(&path, "demo").unwrap();
//! assert_eq!((identity.as_str(), body.as_slice()), ("job=demo n=8", &b"{\"solutions\":92}\n"[..]));
//! // One byte changed in the body: refused.
//! let mut bytes = std::fs::read(&path).unwrap();
//! let last = bytes.len() - 3;
//! bytes[last] ^= 1;
//! std::fs::write(&path, &bytes).unwrap();
//! let e = read(&path, "demo").unwrap_err().to_string();
//! assert!(e.contains("checksum mismatch"), "{e}");
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use super::output::{AtomicFile, Existing};
use super::thousands;
use crate::Error;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// The first word of every sealed file.
pub(crate) const MAGIC: &str = "hetman-file ";
/// The version of the sealed format.
const VERSION: &str = "1";

/// Bytes hashed at a time. Checkpoints are written and read a few bytes a
/// call (a state's key, then its count); hashing each call's bytes on its
/// own kept BLAKE3 from its wide (many-chunk) code and made saving and
/// reading a large checkpoint several times slower.
const BLOCK: usize = 1 << 20;

fn file_error(path: &Path, reason: impl Into<String>) -> Error {
    Error::File {
        path: path.display().to_string(),
        reason: reason.into(),
    }
}

fn header_line(kind: &str, identity: &str, bytes: u64, hash: &blake3::Hash) -> String {
    format!(
        "{MAGIC}{VERSION} kind={kind} bytes={bytes:020} blake3={} {identity}\n",
        hash.to_hex()
    )
}

/// A sealed file being written: [`Write`] the body, then
/// [`finish`](SealedWriter::finish). An existing file at the path is only
/// replaced if it is a sealed file itself.
pub(crate) struct SealedWriter {
    out: io::BufWriter<AtomicFile>,
    path: PathBuf,
    kind: String,
    identity: String,
    hasher: blake3::Hasher,
    bytes: u64,
    /// Body bytes not yet hashed and written (at most [`BLOCK`]).
    block: Vec<u8>,
}

impl SealedWriter {
    /// Starts a sealed file of `kind` for the job `identity` (one line).
    pub fn create(path: &Path, kind: &str, identity: &str) -> Result<SealedWriter, Error> {
        assert!(
            !identity.contains('\n') && !kind.contains(char::is_whitespace),
            "a sealed header is one line"
        );
        let file = AtomicFile::create(path, Existing::OnlyOurs(MAGIC))?;
        let mut out = io::BufWriter::with_capacity(1 << 20, file);
        // A placeholder of the same length, filled in by `finish`.
        let placeholder = header_line(kind, identity, 0, &blake3::Hash::from_bytes([0; 32]));
        out.write_all(placeholder.as_bytes())
            .map_err(|e| write_error(path, &e))?;
        Ok(SealedWriter {
            out,
            path: path.to_path_buf(),
            kind: kind.to_string(),
            identity: identity.to_string(),
            hasher: blake3::Hasher::new(),
            bytes: 0,
            block: Vec::with_capacity(BLOCK),
        })
    }

    /// Hashes and writes the bytes held.
    fn write_block(&mut self) -> io::Result<()> {
        self.hasher.update(&self.block);
        self.out.write_all(&self.block)?;
        self.bytes += self.block.len() as u64;
        self.block.clear();
        Ok(())
    }

    /// Writes the header with the body's length and checksum, syncs and puts
    /// the file in place.
    pub fn finish(mut self) -> Result<(), Error> {
        self.write_block()
            .map_err(|e| write_error(&self.path, &e))?;
        let SealedWriter {
            out,
            path,
            kind,
            identity,
            hasher,
            bytes,
            ..
        } = self;
        let mut file = out
            .into_inner()
            .map_err(|e| write_error(&path, e.error()))?;
        let header = header_line(&kind, &identity, bytes, &hasher.finalize());
        file.rewrite_at(0, header.as_bytes())
            .map_err(|e| write_error(&path, &e))?;
        file.commit()
    }
}

fn write_error(path: &Path, e: &io::Error) -> Error {
    file_error(
        path,
        format!("cannot be written: {e}; the old file, if any, is unchanged"),
    )
}

impl Write for SealedWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.block.len() == BLOCK {
            self.write_block()?;
        }
        let n = buf.len().min(BLOCK - self.block.len());
        self.block.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.write_block()?;
        self.out.flush()
    }
}

/// Writes a whole sealed file at once.
pub fn write(path: &Path, kind: &str, identity: &str, body: &[u8]) -> Result<(), Error> {
    let mut w = SealedWriter::create(path, kind, identity)?;
    w.write_all(body).map_err(|e| write_error(path, &e))?;
    w.finish()
}

/// The header of a sealed file, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    /// What the body is.
    pub kind: String,
    /// The job the file belongs to.
    pub identity: String,
    /// The body's length in bytes.
    pub bytes: u64,
    hash: [u8; 32],
}

impl Header {
    /// The body's BLAKE3 checksum, in hex (as the header has it): names
    /// one state of a file, for files that go with it.
    pub fn checksum(&self) -> String {
        blake3::Hash::from_bytes(self.hash).to_hex().to_string()
    }
}

/// Reads and checks a header line (with its newline).
fn parse_header(path: &Path, line: &[u8], kind: &str) -> Result<Header, Error> {
    let foreign = || {
        file_error(
            path,
            format!("is not a file written by hetman (it does not begin with '{MAGIC}{VERSION}')"),
        )
    };
    let text = std::str::from_utf8(line).map_err(|_| foreign())?;
    let Some(rest) = text.strip_prefix(MAGIC) else {
        return Err(foreign());
    };
    let Some(text) = rest.strip_suffix('\n') else {
        return Err(file_error(path, "is cut short: its header has no end"));
    };
    let mut words = text.splitn(5, ' ');
    let version = words.next().unwrap_or_default();
    if version != VERSION {
        return Err(file_error(
            path,
            format!("is in format {version}, which this hetman does not read (it reads {VERSION})"),
        ));
    }
    let damaged = |what: &str| file_error(path, format!("has a damaged header ({what})"));
    let field = |w: Option<&str>, key: &str| -> Result<String, Error> {
        w.and_then(|w| w.strip_prefix(key))
            .map(str::to_string)
            .ok_or_else(|| damaged(key.trim_end_matches('=')))
    };
    let found_kind = field(words.next(), "kind=")?;
    let digits = field(words.next(), "bytes=")?;
    let bytes = digits
        .parse::<u64>()
        .ok()
        .filter(|_| digits.len() == 20 && digits.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| damaged("bytes"))?;
    let hex = field(words.next(), "blake3=")?;
    let hash = blake3::Hash::from_hex(&hex)
        .ok()
        .filter(|h| h.to_hex().as_str() == hex)
        .ok_or_else(|| damaged("blake3"))?;
    let identity = words.next().unwrap_or_default().to_string();
    if found_kind != kind {
        return Err(file_error(
            path,
            format!("holds a {found_kind}, not a {kind}"),
        ));
    }
    Ok(Header {
        kind: found_kind,
        identity,
        bytes,
        hash: *hash.as_bytes(),
    })
}

/// A sealed file being read: [`Read`] the body, then call
/// [`finish`](SealedReader::finish) before trusting anything read.
pub(crate) struct SealedReader {
    inner: BufReader<File>,
    path: PathBuf,
    header: Header,
    header_len: u64,
    hasher: blake3::Hasher,
    /// Body bytes not yet taken from the file.
    left: u64,
    /// Body bytes taken from the file and hashed, not yet read from
    /// `block[pos..]`.
    block: Vec<u8>,
    pos: usize,
}

impl SealedReader {
    /// Opens the sealed file at `path`, which must hold a `kind`; `Ok(None)`
    /// when there is no such file.
    pub fn open(path: &Path, kind: &str) -> Result<Option<SealedReader>, Error> {
        let file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(file_error(path, format!("cannot be read: {e}"))),
        };
        let mut inner = BufReader::with_capacity(1 << 20, file);
        let mut line = Vec::new();
        (&mut inner)
            .take(4096)
            .read_until(b'\n', &mut line)
            .map_err(|e| file_error(path, format!("cannot be read: {e}")))?;
        if line.is_empty() {
            return Err(file_error(path, "is empty"));
        }
        let header = parse_header(path, &line, kind)?;
        Ok(Some(SealedReader {
            inner,
            path: path.to_path_buf(),
            left: header.bytes,
            header,
            header_len: line.len() as u64,
            hasher: blake3::Hasher::new(),
            block: Vec::new(),
            pos: 0,
        }))
    }

    /// The header: kind, job identity and body length.
    #[must_use]
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Checks that the whole body was read, that nothing follows it and that
    /// it hashes to the header's checksum.
    pub fn finish(mut self) -> Result<(), Error> {
        let at = self.header_len + self.header.bytes - self.left;
        if self.left > 0 {
            let mut rest = Vec::new();
            (&mut self.inner)
                .take(self.left)
                .read_to_end(&mut rest)
                .map_err(|e| file_error(&self.path, format!("cannot be read: {e}")))?;
            self.hasher.update(&rest);
            if (rest.len() as u64) < self.left {
                return Err(file_error(
                    &self.path,
                    format!(
                        "is cut short at byte {}: its header promises {} bytes more",
                        thousands(at + rest.len() as u64),
                        thousands(self.left - rest.len() as u64)
                    ),
                ));
            }
        }
        let mut extra = [0u8; 1];
        if self.inner.read(&mut extra).unwrap_or(0) > 0 {
            return Err(file_error(
                &self.path,
                format!(
                    "has bytes after its end (byte {}): it was extended or damaged",
                    thousands(self.header_len + self.header.bytes)
                ),
            ));
        }
        if *self.hasher.finalize().as_bytes() != self.header.hash {
            return Err(file_error(
                &self.path,
                "is damaged: checksum mismatch (its body is not what hetman wrote)",
            ));
        }
        Ok(())
    }
}

impl Read for SealedReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.block.len() {
            // The next block of the body (shorter at a file cut short).
            let want = (BLOCK as u64).min(self.left);
            self.block.clear();
            self.pos = 0;
            (&mut self.inner).take(want).read_to_end(&mut self.block)?;
            self.hasher.update(&self.block);
            self.left -= self.block.len() as u64;
        }
        let n = buf.len().min(self.block.len() - self.pos);
        buf[..n].copy_from_slice(&self.block[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Reads a whole sealed file of `kind`: its job identity and its body, after
/// every check.
pub fn read(path: &Path, kind: &str) -> Result<(String, Vec<u8>), Error> {
    let Some(mut r) = SealedReader::open(path, kind)? else {
        return Err(file_error(path, "does not exist"));
    };
    let mut body = Vec::new();
    (&mut r)
        .take(1 << 30)
        .read_to_end(&mut body)
        .map_err(|e| file_error(path, format!("cannot be read: {e}")))?;
    let identity = r.header.identity.clone();
    r.finish()?;
    Ok((identity, body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        super::super::test_path("sealed", name)
    }

    #[test]
    fn every_single_bit_flip_truncation_and_extension_is_refused() {
        let p = temp("flips");
        write(&p, "test", "job=test n=5", b"some body\nof two lines\n").unwrap();
        let good = std::fs::read(&p).unwrap();
        assert!(read(&p, "test").is_ok());
        for i in 0..good.len() {
            for bit in 0..8 {
                let mut bad = good.clone();
                bad[i] ^= 1 << bit;
                std::fs::write(&p, &bad).unwrap();
                // A flip in the identity changes the job, which the caller
                // compares; everything else is refused here.
                let identity_start = good.len() - 23 - "job=test n=5\n".len();
                match read(&p, "test") {
                    Err(_) => {}
                    Ok((id, body)) => {
                        assert!(
                            i >= identity_start && i < good.len() - 23,
                            "byte {i} bit {bit}"
                        );
                        assert_ne!(id, "job=test n=5");
                        assert_eq!(body, b"some body\nof two lines\n");
                    }
                }
            }
        }
        for cut in 0..good.len() {
            std::fs::write(&p, &good[..cut]).unwrap();
            assert!(read(&p, "test").is_err(), "cut at {cut}");
        }
        let mut longer = good.clone();
        longer.extend_from_slice(b"x");
        std::fs::write(&p, &longer).unwrap();
        let e = read(&p, "test").unwrap_err().to_string();
        assert!(e.contains("bytes after its end"), "{e}");
        std::fs::write(&p, "hello").unwrap();
        let e = read(&p, "test").unwrap_err().to_string();
        assert!(e.contains("not a file written by hetman"), "{e}");
        std::fs::write(&p, &good).unwrap();
        let e = read(&p, "other").unwrap_err().to_string();
        assert!(e.contains("holds a test, not a other"), "{e}");
    }

    #[test]
    fn a_body_of_several_blocks_written_and_read_a_few_bytes_a_call() {
        // Hashed a block at a time: bodies across block edges, written and
        // read in pieces of 24 bytes as a checkpoint's states are.
        let p = temp("blocks");
        let body: Vec<u8> = (0..2 * BLOCK + 1000).map(|i| (i * 7 % 251) as u8).collect();
        let mut w = SealedWriter::create(&p, "test", "job=blocks").unwrap();
        for piece in body.chunks(24) {
            w.write_all(piece).unwrap();
        }
        w.finish().unwrap();
        let mut r = SealedReader::open(&p, "test").unwrap().unwrap();
        let mut back = vec![0u8; body.len()];
        for piece in back.chunks_mut(24) {
            r.read_exact(piece).unwrap();
        }
        r.finish().unwrap();
        assert_eq!(back, body);
        assert_eq!(read(&p, "test").unwrap().1, body);
        // Cut inside the second block, or flipped in the third: refused.
        let good = std::fs::read(&p).unwrap();
        std::fs::write(&p, &good[..good.len() - BLOCK]).unwrap();
        let e = read(&p, "test").unwrap_err().to_string();
        assert!(e.contains("is cut short at byte"), "{e}");
        let mut bad = good.clone();
        let last = bad.len() - 10;
        bad[last] ^= 4;
        std::fs::write(&p, &bad).unwrap();
        let mut r = SealedReader::open(&p, "test").unwrap().unwrap();
        let mut all = Vec::new();
        r.read_to_end(&mut all).unwrap();
        let e = r.finish().unwrap_err().to_string();
        assert!(e.contains("checksum mismatch"), "{e}");
    }

    #[test]
    fn a_foreign_file_is_never_replaced() {
        let p = temp("foreign");
        std::fs::write(&p, "my notes").unwrap();
        assert!(write(&p, "test", "job=test", b"x").is_err());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "my notes");
        std::fs::remove_file(&p).unwrap();
        write(&p, "test", "job=test", b"x").unwrap();
        write(&p, "test", "job=test", b"y").unwrap();
        assert_eq!(read(&p, "test").unwrap().1, b"y");
    }
}
