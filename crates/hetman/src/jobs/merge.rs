//! The checks every merge of shard results makes, whatever was counted:
//! each shard 0..K-1 of one split present exactly once.

use crate::Error;
use std::collections::BTreeMap;

/// What a merge needs to know about one shard result.
pub(crate) struct Member<'a> {
    /// The split, described for a message (e.g. "N = 9, 4 shards, split 1f…").
    pub split: String,
    /// K, the number of shards of that split.
    pub shards: usize,
    /// This result's shard number.
    pub shard: usize,
    /// Where the result came from (a file name), for messages.
    pub source: &'a str,
}

/// The members of a merge, one per record: `describe` names a record's
/// split, `parts` gives its (K, shard number, source).
pub(crate) fn members_of<'a, R>(
    records: &'a [R],
    describe: impl Fn(&R) -> String,
    parts: impl Fn(&'a R) -> (usize, usize, &'a str),
) -> Vec<Member<'a>> {
    records
        .iter()
        .map(|r| {
            let (shards, shard, source) = parts(r);
            Member {
                split: describe(r),
                shards,
                shard,
                source,
            }
        })
        .collect()
}

/// Finds the split most members belong to (the first one's on a tie) and
/// every problem: members from another split, shard numbers out of range,
/// missing shards and shards given more than once, each named by number.
/// Returns the reference split's description and the problems (none when
/// the members make up that split exactly).
pub(crate) fn check_members(members: &[Member<'_>]) -> (String, Vec<String>) {
    let mut tally: BTreeMap<(&str, usize), usize> = BTreeMap::new();
    for m in members {
        *tally.entry((&m.split, m.shards)).or_default() += 1;
    }
    let best = tally.values().copied().max().unwrap_or(0);
    let Some(reference) = members
        .iter()
        .map(|m| (m.split.as_str(), m.shards))
        .find(|k| tally[k] == best)
    else {
        return (String::new(), vec!["no shard results to merge".to_string()]);
    };
    let (split, k) = reference;
    let mut problems = Vec::new();
    // By shard number: K comes from the records and may be damaged (huge).
    let mut seen: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for m in members {
        if (m.split.as_str(), m.shards) != reference {
            problems.push(format!(
                "shard {} ({}) is from another split ({}; the others are {split})",
                m.shard, m.source, m.split
            ));
        } else if m.shard >= k {
            problems.push(format!(
                "shard {} ({}) is out of range for {k} shards",
                m.shard, m.source
            ));
        } else {
            seen.entry(m.shard).or_default().push(m.source);
        }
    }
    let absent = k - seen.len();
    if absent > 0 {
        const LISTED: usize = 20;
        let s = if absent == 1 { "" } else { "s" };
        let list: Vec<String> = (0..k)
            .filter(|i| !seen.contains_key(i))
            .take(LISTED)
            .map(|i| i.to_string())
            .collect();
        let more = if absent > LISTED {
            format!(" and {} more", absent - LISTED)
        } else {
            String::new()
        };
        problems.insert(0, format!("missing shard{s} {}{more}", list.join(", ")));
    }
    for (i, sources) in &seen {
        if sources.len() > 1 {
            let times = match sources.len() {
                2 => "twice".to_string(),
                t => format!("{t} times"),
            };
            problems.push(format!(
                "shard {i} is given {times} ({})",
                sources.join(", ")
            ));
        }
    }
    (split.to_string(), problems)
}

/// The error of a merge of `results` results that found `problems`.
pub(crate) fn merge_error(results: usize, problems: &[String]) -> Error {
    Error::Shard {
        reason: format!(
            "cannot merge {results} shard result{}: {}",
            if results == 1 { "" } else { "s" },
            problems.join("; ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(split: &str, shards: usize, shard: usize, source: &str) -> Member<'static> {
        Member {
            split: split.to_string(),
            shards,
            shard,
            source: Box::leak(source.to_string().into_boxed_str()),
        }
    }

    #[test]
    fn names_every_problem_by_number() {
        let m = [
            member("a", 4, 0, "0.json"),
            member("a", 4, 2, "2.json"),
            member("a", 4, 2, "2b.json"),
            member("b", 4, 1, "x.json"),
        ];
        let (split, problems) = check_members(&m);
        assert_eq!(split, "a");
        assert_eq!(
            problems,
            [
                "missing shards 1, 3",
                "shard 1 (x.json) is from another split (b; the others are a)",
                "shard 2 is given twice (2.json, 2b.json)",
            ]
        );
        let (_, ok) = check_members(&[member("a", 2, 1, "1"), member("a", 2, 0, "0")]);
        assert!(ok.is_empty());
        assert_eq!(check_members(&[]).1, ["no shard results to merge"]);
        // A damaged K (found by fuzz/queens_shard: it sized an allocation).
        let (_, huge) = check_members(&[member("a", usize::MAX, 3, "3.json")]);
        assert!(
            huge[0].starts_with("missing shards 0, 1, 2, 4, 5,")
                && huge[0].ends_with(&format!(" and {} more", usize::MAX - 21))
        );
    }
}
