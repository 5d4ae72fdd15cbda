//! Counting and listing every completion, and grouping them into symmetry
//! classes.

use super::exact::{End, Prop};
use super::*;

impl Puzzle {
    /// The engine [`Engine::Auto`] counts with: the bitmask search on boards
    /// up to 16, or up to 64 with few blocked squares, else the exact search.
    fn count_engine(&self, engine: Engine) -> Engine {
        match engine {
            Engine::Auto | Engine::LocalSearch => {
                if self.n <= 16 || (self.n <= small::MAX_N && self.blocked.len() <= 2 * self.n) {
                    Engine::Bitmask
                } else {
                    Engine::Exact
                }
            }
            e => e,
        }
    }

    /// Counts every completion.
    ///
    /// ```
    /// assert_eq!(hetman::queens::complete::Puzzle::new(8).unwrap().count(), 92);
    /// ```
    #[must_use]
    pub fn count(&self) -> u64 {
        self.count_with(Engine::Auto, &mut |_| ControlFlow::Continue(()))
            .map_or(0, |(c, _)| c)
    }

    /// Counts every completion with `engine`, calling `tick` with the work so
    /// far every 65,536 nodes of the exact search (it may stop the count; the
    /// bitmask search, for small boards, does not call it).
    ///
    /// # Errors
    /// [`Error::Interrupted`] if `tick` stopped it; [`Error::TooLarge`] when
    /// the engine cannot take N.
    ///
    /// ```
    /// use hetman::queens::complete::{Engine, Puzzle};
    /// use std::ops::ControlFlow;
    /// let p = Puzzle::new(8).unwrap();
    /// for e in [Engine::Exact, Engine::Bitmask] {
    ///     let (count, _) = p.count_with(e, &mut |_| ControlFlow::Continue(())).unwrap();
    ///     assert_eq!(count, 92);
    /// }
    /// ```
    pub fn count_with(
        &self,
        engine: Engine,
        tick: &mut dyn FnMut(&Stats) -> ControlFlow<()>,
    ) -> Result<(u64, Stats), Error> {
        match self.count_engine(engine) {
            Engine::Bitmask => {
                if self.n > small::MAX_N {
                    return Err(Error::TooLarge {
                        reason: format!("the bitmask search takes N up to 64, not {}", self.n),
                    });
                }
                let Some(mut s) = small::Small::new(self) else {
                    return Ok((0, Stats::default()));
                };
                let mut total = 0u64;
                let _ = s.most_constrained(&mut |_| {
                    total += 1;
                    ControlFlow::Continue(())
                });
                let stats = Stats {
                    nodes: s.nodes,
                    solutions: total,
                    ..Stats::default()
                };
                Ok((total, stats))
            }
            _ => {
                if self.n > EXACT_MAX_N {
                    return Err(self.too_large_for_exact());
                }
                if self.obstacle().is_some() {
                    return Ok((0, Stats::default()));
                }
                let Some((mut e, prop)) = self.exact(0) else {
                    return Ok((0, Stats::default()));
                };
                let line = match prop {
                    Prop::Solved => return Ok((1, e.stats)),
                    Prop::Branch(l) => l,
                    _ => return Ok((0, e.stats)),
                };
                let mut total = 0u64;
                let end = e.run(
                    line,
                    u64::MAX,
                    &mut |_| {
                        total += 1;
                        ControlFlow::Continue(())
                    },
                    tick,
                );
                if end == End::Stopped {
                    return Err(Error::Interrupted);
                }
                Ok((total, e.stats))
            }
        }
    }

    /// An estimate of the nodes [`Puzzle::count`] will search with the exact
    /// search: the mean of `probes` random paths down its tree (Knuth's
    /// estimator; unbiased, but with a wide spread on irregular trees).
    /// 0 when the given queens already settle the count.
    ///
    /// # Errors
    /// [`Error::TooLarge`] above [`EXACT_MAX_N`].
    ///
    /// ```
    /// let p = hetman::queens::complete::Puzzle::new(8).unwrap();
    /// let est = p.estimate_nodes(200, 1).unwrap();
    /// assert!(est > 50.0 && est < 5_000.0);
    /// ```
    pub fn estimate_nodes(&self, probes: u32, seed: u64) -> Result<f64, Error> {
        if self.n > EXACT_MAX_N {
            return Err(self.too_large_for_exact());
        }
        if self.obstacle().is_some() {
            return Ok(0.0);
        }
        let Some((mut e, Prop::Branch(line))) = self.exact(seed) else {
            return Ok(0.0);
        };
        let total: f64 = (0..probes.max(1)).map(|_| e.probe(line)).sum();
        Ok(total / f64::from(probes.max(1)))
    }

    /// Hands every completion to `visit` in lexicographic order of the code
    /// (the order of `queens list`), until `visit` breaks.
    ///
    /// ```
    /// use hetman::queens::complete::Puzzle;
    /// use std::ops::ControlFlow;
    /// let mut codes = Vec::new();
    /// Puzzle::new(4).unwrap().for_each(|p| {
    ///     codes.push(p.to_string());
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!(codes, ["2 4 1 3", "3 1 4 2"]);
    /// ```
    pub fn for_each<F>(&self, mut visit: F)
    where
        F: FnMut(&Placement) -> ControlFlow<()>,
    {
        self.for_each_with(Engine::Auto, &mut |p| visit(p));
    }

    /// [`Puzzle::for_each`] with a chosen engine ([`Engine::Auto`]: the
    /// bitmask search up to N = 64, the exact search above).
    ///
    /// ```
    /// use hetman::queens::complete::{Engine, Puzzle};
    /// use std::ops::ControlFlow;
    /// // The exact engine lists in the same order as the bitmask one.
    /// let mut firsts = Vec::new();
    /// for engine in [Engine::Exact, Engine::Bitmask] {
    ///     Puzzle::new(12).unwrap().for_each_with(engine, &mut |p| {
    ///         firsts.push(p.clone());
    ///         ControlFlow::Break(())
    ///     });
    /// }
    /// assert!(firsts[0].is_solution());
    /// assert_eq!(firsts[0], firsts[1]);
    /// ```
    pub fn for_each_with(
        &self,
        engine: Engine,
        visit: &mut dyn FnMut(&Placement) -> ControlFlow<()>,
    ) {
        if self.obstacle().is_some() {
            return;
        }
        let bitmask = match engine {
            Engine::Bitmask => true,
            Engine::Exact => false,
            _ => self.n <= small::MAX_N,
        };
        if bitmask && self.n <= small::MAX_N {
            if let Some(mut s) = small::Small::new(self) {
                let _ = s.in_order(&mut |r| visit(&Placement::from_ranks_unchecked(r)));
            }
            return;
        }
        if self.n > EXACT_MAX_N {
            return;
        }
        let Some((mut e, prop)) = self.exact(0) else {
            return;
        };
        e.order = Order::Files;
        // The root was propagated in the most-constrained order: ask again.
        let prop = match prop {
            Prop::Branch(_) => {
                e.reset();
                e.propagate()
            }
            p => p,
        };
        match prop {
            Prop::Solved => {
                let _ = visit(&Placement::from_ranks_unchecked(e.ranks()));
            }
            Prop::Branch(line) => {
                let _ = e.run(
                    line,
                    u64::MAX,
                    &mut |r| visit(&Placement::from_ranks_unchecked(r)),
                    &mut |_| ControlFlow::Continue(()),
                );
            }
            _ => {}
        }
    }

    /// The class of a completion among the completions: `Some` if `p` is the
    /// smallest completion of its symmetry class (its representative).
    fn representative(&self, p: &Placement) -> Option<Class> {
        let mut images: Vec<Placement> = Symmetry::ALL
            .iter()
            .map(|&s| p.image(s).expect("a solution has one queen on each rank"))
            .collect();
        images.sort();
        images.dedup();
        let class_size = images.len();
        let mut completions = images.into_iter().filter(|q| self.allows(q));
        // The smallest image that is a completion must be p itself.
        (completions.next().as_ref() == Some(p)).then(|| Class {
            completions: 1 + completions.count(),
            class_size,
        })
    }

    /// Hands one completion per symmetry class to `visit`: the smallest
    /// completion of the class, with how many completions and images the class
    /// has. Without blocked squares or given queens this is `queens list --unique`;
    /// with them, two completions are in one class when a rotation or
    /// reflection maps one onto the other.
    ///
    /// ```
    /// use hetman::queens::complete::Puzzle;
    /// use std::ops::ControlFlow;
    /// let mut sizes = Vec::new();
    /// Puzzle::new(8).unwrap().for_each_unique(|_, class| {
    ///     sizes.push(class.completions);
    ///     ControlFlow::Continue(())
    /// });
    /// assert_eq!((sizes.len(), sizes.iter().sum::<usize>()), (12, 92));
    /// ```
    pub fn for_each_unique<F>(&self, mut visit: F)
    where
        F: FnMut(&Placement, Class) -> ControlFlow<()>,
    {
        self.for_each(|p| match self.representative(p) {
            Some(class) => visit(p, class),
            None => ControlFlow::Continue(()),
        });
    }

    /// Counts the symmetry classes of the completions ([`Puzzle::for_each_unique`]).
    ///
    /// ```
    /// assert_eq!(hetman::queens::complete::Puzzle::new(8).unwrap().count_unique(), 12);
    /// ```
    #[must_use]
    pub fn count_unique(&self) -> u64 {
        let mut classes = 0;
        self.for_each_unique(|_, _| {
            classes += 1;
            ControlFlow::Continue(())
        });
        classes
    }
}
