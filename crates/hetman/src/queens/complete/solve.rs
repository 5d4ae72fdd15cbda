//! Finding one completion: the local repair on big boards with few given
//! queens, else the exact search, each answer checked before it leaves.

use super::exact::Prop;
use super::fast;
use super::*;

impl Puzzle {
    /// Finds a completion, or proves there is none, with the engines `opts` asks for.
    ///
    /// Every completion returned has passed the library's checker and keeps
    /// the puzzle's rules.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when [`Engine::Exact`] is asked for above
    /// [`EXACT_MAX_N`], or [`Engine::Bitmask`] above 64.
    ///
    /// ```
    /// use hetman::queens::complete::{Answer, Options, Proof, Puzzle};
    /// use hetman::Square;
    /// let mut p = Puzzle::new(200).unwrap();
    /// p.give(Square::new(0, 0)).unwrap();
    /// let out = p.solve(&Options::default()).unwrap();
    /// let Answer::Found(sol) = out.answer else { panic!() };
    /// assert!(sol.is_solution() && p.allows(&sol));
    /// // Rank 1 blocked on every file but a, and a1 attacked from b2.
    /// let mut q = Puzzle::new(8).unwrap();
    /// for f in 1..8 {
    ///     q.block(Square::new(f, 0)).unwrap();
    /// }
    /// q.give(Square::new(1, 1)).unwrap();
    /// let out = q.solve(&Options::default()).unwrap();
    /// assert_eq!(out.answer, Answer::None(Proof::Empty("rank 1".into())));
    /// ```
    pub fn solve(&self, opts: &Options) -> Result<Outcome, Error> {
        let mut stats = Stats::default();
        if let Some(why) = self.obstacle() {
            return Ok(Outcome {
                answer: Answer::None(Proof::Clash(why)),
                engine: opts.engine,
                stats,
            });
        }
        let local = match opts.engine {
            Engine::LocalSearch => true,
            Engine::Auto => {
                self.n >= 32 && self.given_count() <= self.n / 4 && self.blocked.len() <= self.n
            }
            _ => false,
        };
        // The root's propagation settles some puzzles at once (a rank or file
        // left empty, no matching): before any local search, on boards where
        // it costs little next to it (O(N^2 / 64) to set up).
        if local
            && self.n <= 2048
            && opts.engine == Engine::Auto
            && let Some((e, prop)) = self.exact(opts.seed)
        {
            let proof = match prop {
                Prop::Empty(l) => Some(Proof::Empty(Self::line_name(l))),
                Prop::NoMatching => Some(Proof::NoMatching {
                    open: self.n - self.given_count() - e.stats.forced as usize,
                }),
                _ => None,
            };
            if let Some(proof) = proof {
                return Ok(Outcome {
                    answer: Answer::None(proof),
                    engine: Engine::Exact,
                    stats: e.stats,
                });
            }
        }
        if local && self.n >= 4 {
            let tries = if opts.engine == Engine::LocalSearch {
                10
            } else {
                3
            };
            if let Some(rep) = repair::repair(self, opts.seed, tries) {
                stats.swaps = rep.swaps;
                stats.restarts = rep.restarts;
                let p = self.checked(&rep.ranks);
                return Ok(Outcome {
                    answer: Answer::Found(p),
                    engine: Engine::LocalSearch,
                    stats,
                });
            }
            stats.restarts = u64::from(tries);
        }
        if opts.engine == Engine::LocalSearch {
            return Ok(Outcome {
                answer: Answer::Unknown("the local search stalled on every try".into()),
                engine: Engine::LocalSearch,
                stats,
            });
        }
        if opts.engine == Engine::Bitmask {
            if self.n > small::MAX_N {
                return Err(Error::TooLarge {
                    reason: format!("the bitmask search takes N up to 64, not {}", self.n),
                });
            }
            let mut s = small::Small::new(self).expect("no obstacle");
            let mut found = None;
            let _ = s.most_constrained(&mut |r| {
                found = Some(r.to_vec());
                ControlFlow::Break(())
            });
            stats.nodes = s.nodes;
            let answer = match found {
                Some(r) => Answer::Found(self.checked(&r)),
                None => Answer::None(Proof::Exhausted),
            };
            return Ok(Outcome {
                answer,
                engine: Engine::Bitmask,
                stats,
            });
        }
        if self.n > EXACT_MAX_N {
            if opts.engine == Engine::Exact {
                return Err(self.too_large_for_exact());
            }
            return Ok(Outcome {
                answer: Answer::Unknown(format!(
                    "the local search stalled, and the exact search takes N up to {EXACT_MAX_N}"
                )),
                engine: Engine::LocalSearch,
                stats,
            });
        }
        let (answer, exact_stats) = self.exact_find(opts);
        let restarts = stats.restarts;
        stats = exact_stats;
        stats.restarts += restarts;
        Ok(Outcome {
            answer,
            engine: Engine::Exact,
            stats,
        })
    }

    /// The placement of `ranks`, checked (a failure is a bug in an engine).
    fn checked(&self, ranks: &[u32]) -> Placement {
        let p = Placement::from_ranks_unchecked(ranks);
        assert!(
            crate::queens::check(&p).is_solution() && self.allows(&p),
            "internal error: a completion engine produced {p}, which is not a completion"
        );
        p
    }

    fn exact_find(&self, opts: &Options) -> (Answer, Stats) {
        let Some((mut e, prop)) = self.exact(opts.seed) else {
            return (
                Answer::None(Proof::Clash("the given queens clash".into())),
                Stats::default(),
            );
        };
        let mut line = match prop {
            Prop::Solved => return (Answer::Found(self.checked(e.ranks())), e.stats),
            Prop::Empty(l) => return (Answer::None(Proof::Empty(Self::line_name(l))), e.stats),
            Prop::NoMatching => {
                let open = self.n - self.given_count() - e.stats.forced as usize;
                return (Answer::None(Proof::NoMatching { open }), e.stats);
            }
            Prop::Branch(l) => l,
        };
        if self.n <= fast::MAX_N {
            return self.fast_find(e.stats);
        }
        let mut limit = if opts.restarts {
            RESTART_NODES
        } else {
            u64::MAX
        };
        loop {
            let mut found = None;
            let end = e.run(
                line,
                limit,
                &mut |r| {
                    found = Some(r.to_vec());
                    ControlFlow::Break(())
                },
                &mut |_| ControlFlow::Continue(()),
            );
            match end {
                End::Stopped => {
                    let r = found.expect("the search stops only at a completion");
                    return (Answer::Found(self.checked(&r)), e.stats);
                }
                End::Done => return (Answer::None(Proof::Exhausted), e.stats),
                End::Limit => {
                    e.stats.restarts += 1;
                    e.randomize = true;
                    limit = limit.saturating_mul(2);
                    e.reset();
                    line = match e.propagate() {
                        Prop::Branch(l) => l,
                        other => unreachable!("the root propagated to {other:?} before"),
                    };
                }
            }
        }
    }

    /// The search on `u64` masks (N ≤ 64), after the root's propagation by
    /// the exact search (`root`: its work).
    fn fast_find(&self, root: Stats) -> (Answer, Stats) {
        let mut s = fast::Fast::new(self).expect("the root propagated");
        let end = s.run(u64::MAX);
        let mut stats = root;
        stats.nodes += s.nodes;
        stats.forced += s.forced;
        stats.fails += s.fails;
        match end {
            fast::End::Found => (Answer::Found(self.checked(&s.ranks())), stats),
            fast::End::Done => (Answer::None(Proof::Exhausted), stats),
            fast::End::Limit => unreachable!("no limit"),
        }
    }

    /// Finds one completion, or proves there is none (`None`), with
    /// [`Engine::Auto`]. On boards above [`EXACT_MAX_N`], `None` can also
    /// mean that the local search gave up: [`Puzzle::solve`] tells the two apart.
    ///
    /// ```
    /// use hetman::{queens::complete::Puzzle, Square};
    /// let mut p = Puzzle::new(40).unwrap();
    /// p.give(Square::new(0, 0)).unwrap();
    /// let sol = p.find().unwrap();
    /// assert!(sol.is_solution() && p.allows(&sol));
    /// ```
    #[must_use]
    pub fn find(&self) -> Option<Placement> {
        match self.solve(&Options::default()) {
            Ok(Outcome {
                answer: Answer::Found(p),
                ..
            }) => Some(p),
            _ => None,
        }
    }
}
