//! The run-time engine's tables, compiled from [`Rules`]: peers, the houses that take hidden singles, where they meet, and the cells each constraint beyond them reads.

use super::mask::Mask;
use crate::model::rules::Rules;

/// The most entries each cell's peers may take, listed, over the whole
/// board; past it (boards past about 150×150) peers are read from the
/// groups that make them, so that memory stays in proportion to the board.
const MAX_LISTED_PEERS: usize = 1 << 23;

/// Whether boards of up to 256 cells build their peers and meetings with
/// each group's cells in a fixed array of words ([`peers_in`], [`meets_in`]):
/// a batch of jigsaws compiles a line each. Not in the `compact`
/// WebAssembly build, which has no room for the code.
const FIXED_SETS: bool = cfg!(not(all(feature = "compact", target_arch = "wasm32")));

/// What the search reads of the rules, laid out for its loops.
pub(crate) struct Model<M> {
    /// N, the side of the board.
    pub n: usize,
    /// N², the cells.
    pub cells: usize,
    /// Every candidate: the low N bits.
    pub full: M,
    /// The houses of N cells, which hold every value once, laid end to end:
    /// house `h` is `houses[h * n..(h + 1) * n]`.
    houses: Vec<u32>,
    /// How many constraints beyond houses there are (they are kept beside the model).
    constraints: usize,
    /// The cells that must differ from each cell.
    pub peers: Peers,
    /// The houses of N cells each cell is in.
    houses_of: Lists,
    /// The constraints that read each cell, as bits.
    constraints_of: Bits,
    /// The houses of N cells each cell is in, as bits.
    house_bits_of: Bits,
    /// Where houses meet, for locked candidates.
    meets: Meets,
    /// On boards past 64×64 with boxes, the value (less one) a fixed
    /// solution of the plain layout has in each cell, tried first: a board
    /// with few givens then heads straight for a solution, where choosing
    /// the lowest value first leads into dead ends thousands of guesses deep.
    pub pattern: Vec<u16>,
}

/// The cells that must differ from each cell.
pub(crate) enum Peers {
    /// Listed cell by cell: the fastest to read, while the lists stay small.
    Listed(Lists),
    /// Read from the groups (houses and cages of any size) each cell is in,
    /// and its chess moves; a cell is in its own groups, so readers skip it.
    Grouped {
        /// The groups each cell is in.
        groups_of: Lists,
        /// Each group's cells.
        groups: Lists,
        /// The cells a chess move away from each cell.
        moves: Lists,
    },
}

/// Where each house of N cells meets the houses it shares two cells or
/// more with: a value whose places in one lie all in the shared cells
/// leaves the rest of the other. Laid end to end, as each meeting's cells
/// outside the house, shared, and beyond it in the other house.
#[derive(Default)]
struct Meets {
    /// `meets[start[h]..start[h + 1]]`: house `h`'s meetings.
    start: Vec<u32>,
    /// Each meeting: where its cells begin, and how many are outside,
    /// shared and beyond.
    meets: Vec<[u32; 4]>,
    cells: Vec<u32>,
}

/// One meeting of two houses, as [`Model::meets`] shows it.
pub(crate) struct Meet<'a> {
    /// The cells of the house outside the other.
    pub outside: &'a [u32],
    /// The shared cells.
    pub shared: &'a [u32],
    /// The cells of the other house outside this one.
    pub beyond: &'a [u32],
}

impl<M: Mask> Model<M> {
    /// Compiles the layout of `rules`: peers from every house, cage and
    /// chess move, the houses and where they meet; no constraint is watched
    /// yet (see [`Model::watch`]).
    pub fn new(rules: &Rules) -> Self {
        let n = rules.size();
        let cells = n * n;
        let g = rules.geometry();
        // Big boards read their givens group by group (see `State::place_givens`).
        let peers = peers(rules, M::BUCKETS);
        let full_houses = || g.houses().iter().filter(|h| h.cells().len() == n);
        // Sized first: collected through `flat_map`, the list grows as it goes.
        let mut houses = Vec::with_capacity(full_houses().count() * n);
        full_houses().for_each(|h| houses.extend_from_slice(h.cells()));
        let in_houses = houses
            .iter()
            .enumerate()
            .map(|(i, &c)| (c as usize, (i / n) as u32));
        let houses_of = Lists::new(cells, in_houses);
        // Past 64×64 the search leaves locked candidates out (see `State::next_house`).
        let meets = if M::BUCKETS {
            Meets::default()
        } else {
            meets(n, &houses, &houses_of)
        };
        Self {
            n,
            cells,
            full: M::full(n),
            pattern: match g.box_shape() {
                Some((h, w)) if M::BUCKETS => pattern(n, h, w),
                _ => Vec::new(),
            },
            houses,
            constraints: 0,
            peers,
            house_bits_of: Bits::new(&houses_of),
            houses_of,
            constraints_of: Bits::default(),
            meets,
        }
    }

    /// Watches the cells each constraint beyond houses reads, `reads`
    /// giving constraint `k`'s cells `k`-th: a change to one of them
    /// queues the constraint (see [`Model::constraints_of`]).
    pub fn watch<'a>(&mut self, reads: impl Iterator<Item = &'a [u32]> + Clone) {
        self.constraints = reads.clone().count();
        let reads = reads.enumerate();
        let reads = reads.flat_map(|(k, cells)| cells.iter().map(move |&c| (c as usize, k as u32)));
        self.constraints_of = Bits::new(&Lists::new(self.cells, reads));
    }

    /// The number of constraints beyond houses watched.
    pub fn constraint_count(&self) -> usize {
        self.constraints
    }

    /// Where house `h` meets the others.
    #[inline(always)]
    pub fn meets(&self, h: usize) -> impl Iterator<Item = Meet<'_>> {
        let m = &self.meets;
        m.meets[m.start[h] as usize..m.start[h + 1] as usize]
            .iter()
            .map(|&[at, o, s, b]| {
                let (at, o, s, b) = (at as usize, o as usize, s as usize, b as usize);
                Meet {
                    outside: &m.cells[at..at + o],
                    shared: &m.cells[at + o..at + o + s],
                    beyond: &m.cells[at + o + s..at + o + s + b],
                }
            })
    }

    /// The number of houses of N cells.
    pub fn house_count(&self) -> usize {
        self.houses.len() / self.n.max(1)
    }

    /// The cells of house `h`.
    #[inline(always)]
    pub fn house(&self, h: usize) -> &[u32] {
        &self.houses[h * self.n..(h + 1) * self.n]
    }

    /// The houses of N cells that hold `cell`.
    #[inline(always)]
    pub fn houses_of(&self, cell: usize) -> &[u32] {
        self.houses_of.of(cell)
    }

    /// The constraints that read `cell`, as bits (see [`Bits`]).
    #[inline(always)]
    pub fn constraints_of(&self, cell: usize) -> &[(u32, u64)] {
        self.constraints_of.of(cell)
    }

    /// The houses of N cells that hold `cell`, as bits (see [`Bits`]).
    #[inline(always)]
    pub fn house_bits_of(&self, cell: usize) -> &[(u32, u64)] {
        self.house_bits_of.of(cell)
    }
}

/// The values (less one) of a solution of the plain layout with boxes of
/// `h`×`w`: row `r` is the first row shifted by `w` for each row down its
/// band and by one for each band down.
fn pattern(n: usize, h: usize, w: usize) -> Vec<u16> {
    let at = |r: usize, c: usize| ((w * (r % h) + r / h + c) % n) as u16;
    (0..n * n).map(|cell| at(cell / n, cell % n)).collect()
}

/// For each house of N cells, the houses it shares two cells or more with.
fn meets(n: usize, houses: &[u32], houses_of: &Lists) -> Meets {
    let few = houses.len() <= 64 * n;
    if FIXED_SETS && few && n * n <= 128 {
        return meets_in::<2>(n, houses, houses_of);
    }
    if FIXED_SETS && few && n * n <= 256 {
        return meets_in::<4>(n, houses, houses_of);
    }
    let count = houses.len() / n.max(1);
    // Room for a few meets of about 2N cells a house, so that a batch of
    // jigsaws, compiled a line each, does not grow the lists cell by cell.
    let mut out = Meets {
        start: Vec::with_capacity(count + 1),
        meets: Vec::with_capacity(count * 4),
        cells: Vec::with_capacity(count * n * 8),
    };
    out.start.push(0);
    // Each house as a set of cells; `shared[o]`: cells house `o` shares
    // with the house at hand.
    let words = (n * n).div_ceil(64);
    let mut sets = vec![0u64; count * words];
    for (i, &c) in houses.iter().enumerate() {
        sets[(i / n) * words + c as usize / 64] |= 1 << (c % 64);
    }
    let set = |h: usize| &sets[h * words..(h + 1) * words];
    let mut shared = vec![0u32; count];
    for h in 0..count {
        let here = &houses[h * n..(h + 1) * n];
        for &c in here {
            houses_of
                .of(c as usize)
                .iter()
                .for_each(|&o| shared[o as usize] += 1);
        }
        for &c in here {
            for &o in houses_of.of(c as usize) {
                let k = std::mem::take(&mut shared[o as usize]);
                if k < 2 || o as usize == h {
                    continue;
                }
                let (a, b) = (set(h), set(o as usize));
                let at = out.cells.len() as u32;
                push_cells(&mut out.cells, a.iter().zip(b).map(|(a, b)| a & !b));
                push_cells(&mut out.cells, a.iter().zip(b).map(|(a, b)| a & b));
                push_cells(&mut out.cells, a.iter().zip(b).map(|(a, b)| b & !a));
                let rest = n as u32 - k;
                out.meets.push([at, rest, k, rest]);
            }
        }
        out.start.push(out.meets.len() as u32);
    }
    out
}

/// As [`meets`], on boards of at most 64·`W` cells and 64 houses: each
/// house's cells in `W` words, and each cell's houses in one. The houses a
/// house meets are those it has in two of its cells or more, each found at
/// its first shared cell in the house's order, as [`meets`] finds them.
fn meets_in<const W: usize>(n: usize, houses: &[u32], houses_of: &Lists) -> Meets {
    let count = houses.len() / n.max(1);
    let sets: Vec<[u64; W]> = houses.chunks_exact(n.max(1)).map(set_of).collect();
    let of: Vec<u64> = (0..houses_of.len())
        .map(|c| houses_of.of(c).iter().fold(0, |m, &h| m | 1 << h))
        .collect();
    let mut out = Meets {
        start: Vec::with_capacity(count + 1),
        meets: Vec::with_capacity(count * 4),
        cells: Vec::with_capacity(count * n * 8),
    };
    out.start.push(0);
    for (h, (here, a)) in houses.chunks_exact(n.max(1)).zip(&sets).enumerate() {
        // The houses in two of this one's cells or more, but itself.
        let (mut once, mut twice) = (0u64, 0u64);
        for &c in here {
            twice |= once & of[c as usize];
            once |= of[c as usize];
        }
        twice &= !(1 << h);
        for &c in here {
            let mut new = of[c as usize] & twice;
            twice &= !new;
            while new != 0 {
                let b = &sets[new.trailing_zeros() as usize];
                new &= new - 1;
                let at = out.cells.len() as u32;
                push_cells(&mut out.cells, (0..W).map(|w| a[w] & !b[w]));
                let outside = out.cells.len() as u32 - at;
                push_cells(&mut out.cells, (0..W).map(|w| a[w] & b[w]));
                push_cells(&mut out.cells, (0..W).map(|w| b[w] & !a[w]));
                out.meets.push([at, outside, n as u32 - outside, outside]);
            }
        }
        out.start.push(out.meets.len() as u32);
    }
    out
}

/// The cells of `cells` as a set of `W` words.
fn set_of<const W: usize>(cells: &[u32]) -> [u64; W] {
    let mut set = [0u64; W];
    for &c in cells {
        set[c as usize / 64] |= 1 << (c % 64);
    }
    set
}

/// Appends the cells of a set given word by word, in increasing order.
pub(super) fn push_cells(out: &mut Vec<u32>, words: impl Iterator<Item = u64>) {
    for (w, word) in words.enumerate() {
        let mut m = word;
        while m != 0 {
            out.push((w * 64) as u32 + m.trailing_zeros());
            m &= m - 1;
        }
    }
}

/// A list of items for each cell (or each group), laid end to end.
pub(crate) struct Lists {
    /// `items[start[c]..start[c + 1]]`: cell `c`'s items.
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Lists {
    /// The lists of `cells` cells from (cell, item) pairs, each cell's items
    /// in the order given.
    fn new(cells: usize, pairs: impl Iterator<Item = (usize, u32)> + Clone) -> Self {
        let mut start = vec![0u32; cells + 1];
        for (c, _) in pairs.clone() {
            start[c + 1] += 1;
        }
        for c in 0..cells {
            start[c + 1] += start[c];
        }
        let mut fill = start.clone();
        let mut items = vec![0u32; start[cells] as usize];
        for (c, item) in pairs {
            items[fill[c] as usize] = item;
            fill[c] += 1;
        }
        Self { start, items }
    }

    /// How many lists.
    pub fn len(&self) -> usize {
        self.start.len() - 1
    }

    /// Cell `c`'s items.
    #[inline(always)]
    pub fn of(&self, c: usize) -> &[u32] {
        &self.items[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

/// Each cell's items of [`Lists`] as bits, 64 a word: (word index, bits),
/// so that a change queues the constraints or houses reading its cell by
/// an OR a word rather than one an item.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bits {
    /// `words[start[c]..start[c + 1]]`: cell `c`'s words.
    start: Vec<u32>,
    words: Vec<(u32, u64)>,
}

impl Bits {
    /// The bits of each cell's items in `lists`.
    fn new(lists: &Lists) -> Self {
        let mut start = Vec::with_capacity(lists.len() + 1);
        let mut words: Vec<(u32, u64)> = Vec::new();
        start.push(0);
        for c in 0..lists.len() {
            let first = words.len();
            for &item in lists.of(c) {
                let (w, bit) = (item / 64, 1 << (item % 64));
                match words[first..].iter_mut().find(|(at, _)| *at == w) {
                    Some((_, bits)) => *bits |= bit,
                    None => words.push((w, bit)),
                }
            }
            start.push(words.len() as u32);
        }
        Self { start, words }
    }

    /// Cell `c`'s words.
    #[inline(always)]
    pub fn of(&self, c: usize) -> &[(u32, u64)] {
        &self.words[self.start[c] as usize..self.start[c + 1] as usize]
    }
}

/// The cells that must differ from each cell: those sharing a house or a
/// cage with it, or a chess move away. Listed while the lists stay under
/// [`MAX_LISTED_PEERS`], else (or when `grouped`) left in their groups.
fn peers(rules: &Rules, grouped: bool) -> Peers {
    let cells = rules.size() * rules.size();
    // Small boards, listed as below whenever their lists fit under the cap.
    let fits = || {
        let listed: usize = rules.groups().map(|g| g.len() * g.len()).sum();
        listed + 2 * rules.chess_pairs().count() <= MAX_LISTED_PEERS
    };
    if FIXED_SETS && !grouped && cells <= 256 && fits() {
        return if cells <= 128 {
            peers_in::<2>(rules)
        } else {
            peers_in::<4>(rules)
        };
    }
    let groups: Vec<&[u32]> = rules.groups().collect();
    let member = groups.iter().enumerate();
    let member = member.flat_map(|(g, cells)| cells.iter().map(move |&c| (c as usize, g as u32)));
    let groups_of = Lists::new(cells, member);
    let pairs: Vec<(u32, u32)> = rules.chess_pairs().collect();
    let moves = pairs
        .iter()
        .flat_map(|&(a, b)| [(a as usize, b), (b as usize, a)]);
    let moves = Lists::new(cells, moves);
    let listed: usize = groups.iter().map(|g| g.len() * g.len()).sum();
    if grouped || listed + 2 * pairs.len() > MAX_LISTED_PEERS {
        let members = groups.iter().enumerate();
        let members = members.flat_map(|(g, cells)| cells.iter().map(move |&c| (g, c)));
        let groups = Lists::new(groups.len(), members);
        return Peers::Grouped {
            groups_of,
            groups,
            moves,
        };
    }
    // Each group as a set of cells, and each cell's peers as the union of its groups'.
    let words = cells.div_ceil(64);
    let mut sets = vec![0u64; groups.len() * words];
    for (g, cells) in groups.iter().enumerate() {
        for &c in *cells {
            sets[g * words + c as usize / 64] |= 1 << (c % 64);
        }
    }
    let (mut list, mut start) = (
        Vec::with_capacity(cells * 24),
        Vec::with_capacity(cells + 1),
    );
    start.push(0u32);
    let mut union = vec![0u64; words];
    for c in 0..cells {
        union.fill(0);
        for &g in groups_of.of(c) {
            let set = &sets[g as usize * words..(g as usize + 1) * words];
            union.iter_mut().zip(set).for_each(|(u, s)| *u |= s);
        }
        for &d in moves.of(c) {
            union[d as usize / 64] |= 1 << (d % 64);
        }
        union[c / 64] &= !(1 << (c % 64));
        push_cells(&mut list, union.iter().copied());
        start.push(list.len() as u32);
    }
    Peers::Listed(Lists { start, items: list })
}

/// As [`peers`], listed, on boards of at most 64·`W` cells: each cell's
/// peers gathered in `W` words, group by group and move by move.
fn peers_in<const W: usize>(rules: &Rules) -> Peers {
    let cells = rules.size() * rules.size();
    let mut union = vec![[0u64; W]; cells];
    for group in rules.groups() {
        let set: [u64; W] = set_of(group);
        for &c in group {
            let u = &mut union[c as usize];
            (0..W).for_each(|w| u[w] |= set[w]);
        }
    }
    for (a, b) in rules.chess_pairs() {
        union[a as usize][b as usize / 64] |= 1 << (b % 64);
        union[b as usize][a as usize / 64] |= 1 << (a % 64);
    }
    let total: usize = union
        .iter()
        .flatten()
        .map(|w| w.count_ones() as usize)
        .sum();
    let (mut list, mut start) = (Vec::with_capacity(total), Vec::with_capacity(cells + 1));
    start.push(0u32);
    for (c, u) in union.iter_mut().enumerate() {
        u[c / 64] &= !(1 << (c % 64));
        push_cells(&mut list, u.iter().copied());
        start.push(list.len() as u32);
    }
    Peers::Listed(Lists { start, items: list })
}

impl Peers {
    /// How many sets `cell`'s peers come in when grouped (its groups, then
    /// its chess moves), read one by one with [`Peers::set`]; `None` when listed.
    pub fn sets(&self, cell: usize) -> Option<usize> {
        match self {
            Peers::Listed(_) => None,
            Peers::Grouped { groups_of, .. } => Some(groups_of.of(cell).len() + 1),
        }
    }

    /// The `j`-th set of `cell`'s grouped peers (see [`Peers::sets`]): a
    /// group, which holds `cell` itself, or its chess moves.
    pub fn set(&self, cell: usize, j: usize) -> &[u32] {
        let Peers::Grouped {
            groups_of,
            groups,
            moves,
        } = self
        else {
            unreachable!("listed peers come in one set");
        };
        match groups_of.of(cell).get(j) {
            Some(&g) => groups.of(g as usize),
            None => moves.of(cell),
        }
    }

    /// Calls `f` on each peer of `cell` (some more than once when grouped).
    #[inline(always)]
    pub fn each(&self, cell: usize, mut f: impl FnMut(u32)) {
        let _ = self.try_each(cell, |p| {
            f(p);
            Ok::<(), std::convert::Infallible>(())
        });
    }

    /// Calls `f` on each peer of `cell` (some more than once when grouped),
    /// stopping at its first error.
    #[inline(always)]
    pub fn try_each<E>(
        &self,
        cell: usize,
        mut f: impl FnMut(u32) -> Result<(), E>,
    ) -> Result<(), E> {
        match self {
            Peers::Listed(list) => list.of(cell).iter().try_for_each(|&p| f(p)),
            Peers::Grouped {
                groups_of,
                groups,
                moves,
            } => {
                for &g in groups_of.of(cell) {
                    let others = groups
                        .of(g as usize)
                        .iter()
                        .filter(|&&p| p as usize != cell);
                    others.copied().try_for_each(&mut f)?;
                }
                moves.of(cell).iter().try_for_each(|&p| f(p))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rules::ChessRule;

    /// A meeting's cells outside, shared and beyond, as lists.
    type Meeting = (Vec<u32>, Vec<u32>, Vec<u32>);

    /// A small xorshift, for the layouts.
    fn next(state: &mut u64) -> usize {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        (*state >> 11) as usize
    }

    /// Random rules of side `n`: a jigsaw of any regions of N cells (the
    /// cells shuffled, N at a time), with diagonals, chess moves and cages
    /// now and then.
    fn random_rules(n: usize, state: &mut u64) -> Rules {
        let mut order: Vec<usize> = (0..n * n).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, next(state) % (i + 1));
        }
        let mut map = vec![0; n * n];
        for (i, &c) in order.iter().enumerate() {
            map[c] = i / n;
        }
        let mut rules = Rules::jigsaw(n, &map).expect("regions of N cells");
        if next(state).is_multiple_of(3) {
            rules = rules.with_diagonals();
        }
        if next(state).is_multiple_of(4) {
            rules = rules.with_chess(ChessRule::AntiKnight);
        }
        for _ in 0..next(state) % 3 {
            let cells: Vec<(usize, usize)> = (0..1 + next(state) % n)
                .map(|_| order[next(state) % (n * n)])
                .map(|c| (c / n, c % n))
                .collect();
            if let Ok(caged) = rules.clone().with_cage(&cells, None) {
                rules = caged;
            }
        }
        rules
    }

    #[test]
    fn tables_match_their_plain_construction() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        // Sides through 17: words of two and four, and the general build past 256 cells.
        for n in (1..=17).chain(9..=12) {
            for _ in 0..6 {
                let rules = random_rules(n, &mut state);
                let model: Model<u64> = Model::new(&rules);
                // Peers: every cell sharing a group or a chess move, but the cell.
                let mut naive = vec![Vec::new(); n * n];
                for group in rules.groups() {
                    for &a in group {
                        naive[a as usize].extend(group.iter().copied());
                    }
                }
                for (a, b) in rules.chess_pairs() {
                    naive[a as usize].push(b);
                    naive[b as usize].push(a);
                }
                let Peers::Listed(listed) = &model.peers else {
                    panic!("{n}: small boards list their peers");
                };
                for (c, want) in naive.iter_mut().enumerate() {
                    want.sort_unstable();
                    want.dedup();
                    want.retain(|&d| d as usize != c);
                    assert_eq!(listed.of(c), want.as_slice(), "{n}: peers of {c}");
                }
                // Meetings: each other house sharing two cells or more, by
                // the first shared cell in the house's order.
                let count = model.house_count();
                for h in 0..count {
                    let here = model.house(h);
                    let mut want: Vec<(usize, Meeting)> = Vec::new();
                    for &c in here {
                        for &o in model.houses_of(c as usize) {
                            let o = o as usize;
                            if o == h || want.iter().any(|&(p, ..)| p == o) {
                                continue;
                            }
                            let other = model.house(o);
                            let sorted = |f: &dyn Fn(&u32) -> bool, of: &[u32]| {
                                let mut v: Vec<u32> = of.iter().copied().filter(f).collect();
                                v.sort_unstable();
                                v
                            };
                            let outside = sorted(&|c| !other.contains(c), here);
                            let shared = sorted(&|c| other.contains(c), here);
                            let beyond = sorted(&|c| !here.contains(c), other);
                            want.push((o, (outside, shared, beyond)));
                        }
                    }
                    want.retain(|(_, (_, shared, _))| shared.len() >= 2);
                    let got: Vec<_> = model
                        .meets(h)
                        .map(|m| (m.outside.to_vec(), m.shared.to_vec(), m.beyond.to_vec()))
                        .collect();
                    let want: Vec<Meeting> = want.into_iter().map(|(_, m)| m).collect();
                    assert_eq!(got, want, "{n}: meetings of house {h}");
                }
            }
        }
    }
}
