//! The errors the shard files share (the bottom of the folder's stack:
//! `split`, `merge` and `shard` use it, and it uses none of them).

use crate::Error;

/// An [`Error::Shard`] with `reason`.
pub(super) fn shard_error(reason: String) -> Error {
    Error::Shard { reason }
}
