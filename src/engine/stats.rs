//! Counters from the last search: guesses, backtracks, propagations, solutions, restarts.

/// Counters from the last search, a difficulty signal for puzzle tools.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Stats {
    /// Choices tried at branch points (guesses). Zero means the engine's
    /// propagation alone solved it: from 9×9 up more than singles (locked
    /// candidates, and on some sizes pairs, all-different filtering or
    /// probing), so a puzzle can need zero guesses and still more than singles;
    /// [`Grade`](crate::generate::Grade) tells the two apart.
    pub guesses: u64,
    /// Choices that led to a contradiction, or were exhausted, and were undone.
    pub backtracks: u64,
    /// Assignments made: givens, guesses and the cells propagation solved,
    /// counted again each time the search comes back to them. From 16×16 up it
    /// also counts those made while probing choices (tried, then undone), so it
    /// measures work done, and is not comparable between 9×9 and larger boards.
    pub propagations: u64,
    /// Solutions found.
    pub solutions: u64,
    /// Times the search started over from the root (see [`Solver::with_seed`](crate::Solver::with_seed)).
    pub restarts: u64,
}

impl std::fmt::Display for Stats {
    /// Every counter, named: `guesses 3, backtracks 1, propagations 120,
    /// solutions 1, restarts 0`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Self {
            guesses,
            backtracks,
            propagations,
            solutions,
            restarts,
        } = self;
        write!(
            f,
            "guesses {guesses}, backtracks {backtracks}, propagations {propagations}, \
             solutions {solutions}, restarts {restarts}"
        )
    }
}
