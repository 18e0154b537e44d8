//! A step of human-style logic: its technique with the SE difficulty, what it places and removes, and why.

use std::borrow::Cow;
use std::fmt;

use crate::model::Cell;

/// A technique of the ladder, with its difficulty on the Sudoku Explainer
/// scale (ER); compare techniques by [`Technique::tenths`].
///
/// With the `serde` feature, a technique is its name in snake case, with
/// its fields where it has some: `"x_wing"`, `{"x_cycle":{"nodes":6}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Technique {
    /// The last empty cell of a house (SE 1.0).
    FullHouse,
    /// A value with one place in a box or jigsaw region (SE 1.2).
    HiddenSingleBox,
    /// A value with one place in a row, column or other house (SE 1.5).
    HiddenSingleLine,
    /// A box's value locked on a line, which leaves a hidden single in
    /// another box (SE 1.7).
    DirectPointing,
    /// A line's value locked in a box, which leaves a hidden single in
    /// another line (SE 1.9).
    DirectClaiming,
    /// A hidden pair whose eliminations leave a hidden single (SE 2.0).
    DirectHiddenPair,
    /// A cell with one candidate (SE 2.3).
    NakedSingle,
    /// A hidden triple whose eliminations leave a hidden single (SE 2.5).
    DirectHiddenTriple,
    /// A box's value locked on a line leaves the rest of the line (SE 2.6).
    Pointing,
    /// A line's value locked in a box leaves the rest of the box (SE 2.8).
    Claiming,
    /// Two cells of a house with the same two candidates (SE 3.0).
    NakedPair,
    /// A value in two rows on the same two columns, or the other way (SE 3.2).
    XWing,
    /// Two values with the same two places in a house (SE 3.4).
    HiddenPair,
    /// Three cells of a house with three candidates between them (SE 3.6).
    NakedTriple,
    /// A fish of three lines (SE 3.8).
    Swordfish,
    /// Three values with the same three places in a house (SE 4.0).
    HiddenTriple,
    /// Two strong links on parallel lines joined by a weak link (SE 4.0).
    Skyscraper,
    /// Two strong links on a row and a column joined in a box (SE 4.1).
    TwoStringKite,
    /// Two strong links, one in a box, joined by a weak link (SE 4.1).
    TurbotFish,
    /// A box's value on one row and one column, a grouped strong link,
    /// joined to another strong link (SE 4.3).
    EmptyRectangle,
    /// Two strong links joined by a weak link, one grouped: a part of
    /// its places on one line of a box (SE 4.3).
    GroupedTwoLinks,
    /// A bivalue pivot and two bivalue pincers (SE 4.2).
    XyWing,
    /// A trivalue pivot and two bivalue pincers (SE 4.4).
    XyzWing,
    /// A unique rectangle (4 cells) or loop (6 or more): cells that would
    /// hold only two values in two ways, which a unique puzzle must avoid.
    /// SE 4.5 for a rectangle of type 1, 2 or 4; +0.1 for a loop of 6,
    /// +0.2 for 8, +0.5 from 10; type 3 adds 0.1 for each value of its
    /// naked set past the first, or of its hidden set past the second.
    UniqueLoop {
        /// The type, 1 to 4.
        kind: u8,
        /// How many cells the loop has (4 for a rectangle).
        cells: u8,
        /// Type 3: how many values its naked or hidden set holds; else 0.
        values: u8,
        /// Type 3: whether the set is hidden (SE adds 0.1 a value past the
        /// second) rather than naked (past the first).
        hidden: bool,
    },
    /// Four cells of a house with four candidates between them (SE 5.0).
    NakedQuad,
    /// A fish of four lines (SE 5.2).
    Jellyfish,
    /// Four values with the same four places in a house (SE 5.4).
    HiddenQuad,
    /// Bivalue universal grave plus one (SE's BUG type 1): every empty cell
    /// but one holds two candidates (SE 5.6).
    BugPlusOne,
    /// Three cells that see each other hold four values, and a bivalue
    /// cell two of them (SE's ALS-XZ with a bivalue cell): SE 5.5, 5.6
    /// when the set's largest cell holds three values.
    WxyzWing {
        /// The most candidates a cell of the set holds.
        largest: u8,
        /// Whether both values of the bivalue cell link to the set (SE's
        /// kind 2, which removes more; same difficulty).
        double: bool,
    },
    /// Four cells that see each other hold five values, and a bivalue cell
    /// two of them: SE 6.2 to 6.4, the most when the set's largest cell
    /// holds three values, less a tenth a value from there.
    VwxyzWing {
        /// The most candidates a cell of the set holds.
        largest: u8,
        /// Whether both values of the bivalue cell link to the set.
        double: bool,
    },
    /// Five cells that see each other hold six values, and a bivalue cell
    /// two of them (SE 6.6).
    UvwxyzWing {
        /// The most candidates a cell of the set holds.
        largest: u8,
        /// Whether both values of the bivalue cell link to the set.
        double: bool,
    },
    /// Six cells that see each other hold seven values, and a bivalue cell
    /// two of them (SE 7.5, among SE's chaining techniques).
    TuvwxyzWing {
        /// The most candidates a cell of the set holds.
        largest: u8,
        /// Whether both values of the bivalue cell link to the set.
        double: bool,
    },
    /// Two almost locked sets (n cells of a house, n + 1 values) that
    /// cannot both hold a value (not in SE's ladder: rated here as SE rates
    /// a wing of as many cells, 5.5 for four up to 7.5 for seven or more,
    /// never in a rating).
    AlsXz {
        /// The cells of both sets.
        cells: u8,
        /// Whether two values link the sets.
        double: bool,
    },
    /// Two cells that see two or more bivalue cells in common: a value of
    /// one that every value of the other would empty one of those (or
    /// repeat in a house) leaves it (SE 6.2).
    AlignedPairExclusion,
    /// Three cells, as the pair, that see two or more cells of two or
    /// three candidates in common (SE 7.5).
    AlignedTripletExclusion,
    /// BUG type 2: the bug cells share one extra value, which leaves every
    /// cell that sees them all (SE 5.7).
    BugType2,
    /// BUG type 3: the bug cells act as one cell of their extra values in a
    /// naked set with other cells of a house (SE 5.7, +0.1 a value past
    /// the first).
    BugType3 {
        /// How many values the naked set holds, 2 to 6.
        values: u8,
    },
    /// BUG type 4: two bug cells of a house share a value that has only
    /// them there, so each keeps only it and its extra values (SE 5.7).
    BugType4,
    /// A chain of 3 to 6 strong links on one value, each joined to the
    /// next by a weak link (SE's "n strong links"; a 2-link chain is a
    /// skyscraper, kite or turbot fish): the value leaves every cell that
    /// sees both ends, or, when the ends see each other (an X-loop), both
    /// ends of any weak link. SE 5.4 for 3 links, 5.8 for 4, 6.2 for 5, 6.6
    /// for 6; +0.1 when the links lie in boxes, or in rows and columns;
    /// +0.2 in a box, a row and a column; +0.3 when a link is grouped.
    StrongLinks {
        /// How many strong links, 3 to 6.
        links: u8,
        /// Whether a link lies in a box or jigsaw region.
        boxed: bool,
        /// Whether the links lie in rows and in columns.
        crossed: bool,
        /// Whether a link is grouped (an end of several cells of one box or
        /// line) or lies in another kind of house, which SE rates alike.
        grouped: bool,
        /// Whether the chain's ends see each other, closing an X-loop.
        ring: bool,
    },
    /// Two bivalue cells with the same values, joined by a strong link on
    /// one of them (not in SE's ladder: 4.4 here, never in a rating).
    WWing,
    /// An X-Wing with fins (not in SE's ladder: 3.4 here, never in a rating).
    FinnedXWing,
    /// A Swordfish with fins (not in SE's ladder: 4.0 here, never in a rating).
    FinnedSwordfish,
    /// A Jellyfish with fins (not in SE's ladder: 5.4 here, never in a rating).
    FinnedJellyfish,
    /// A bidirectional X-cycle (one value), SE 6.5 and up with length;
    /// `nodes` counts its distinct links' ends.
    XCycle {
        /// The cycle's distinct nodes.
        nodes: u16,
    },
    /// A bidirectional Y-cycle (bivalue cells), SE 6.5 and up.
    YCycle {
        /// The cycle's distinct nodes.
        nodes: u16,
    },
    /// A bidirectional cycle with X- and Y-links, SE 7.0 and up.
    XyCycle {
        /// The cycle's distinct nodes.
        nodes: u16,
    },
    /// A forcing X-chain (one value), SE 6.6 and up.
    ForcingXChain {
        /// The chain's nodes, both ends included.
        nodes: u16,
    },
    /// A forcing chain with X- and Y-links, SE 7.0 and up.
    ForcingChain {
        /// The chain's nodes, both ends included.
        nodes: u16,
    },
    /// A nishio forcing chain: a candidate leads to a contradiction on X-links, SE 7.5 and up.
    NishioForcingChain {
        /// The nodes of all its chains, SE's count.
        nodes: u16,
    },
    /// Cell forcing chains: every value of a cell leads to one conclusion, SE 8.0 and up.
    CellForcingChains {
        /// The nodes of all its chains, SE's count.
        nodes: u16,
    },
    /// Region forcing chains: every place of a value in a house leads to one conclusion, SE 8.0 and up.
    RegionForcingChains {
        /// The nodes of all its chains, SE's count.
        nodes: u16,
    },
    /// A dynamic contradiction forcing chain, SE 8.5 and up.
    ContradictionForcingChain {
        /// The nodes of all its chains, SE's count.
        nodes: u16,
    },
    /// A dynamic double forcing chain: a candidate and its opposite lead to one conclusion, SE 8.5 and up.
    DoubleForcingChain {
        /// The nodes of all its chains, SE's count.
        nodes: u16,
    },
    /// Dynamic cell forcing chains, SE 8.5 and up.
    DynamicCellForcingChains {
        /// The nodes of all its chains, SE's count.
        nodes: u16,
    },
    /// Dynamic region forcing chains, SE 8.5 and up.
    DynamicRegionForcingChains {
        /// The nodes of all its chains, SE's count.
        nodes: u16,
    },
    /// Killer cages: the combinations a cage's candidates still allow
    /// leave its cells some values they cannot take. 1.4 with one
    /// combination, 2.4 with several (our scale, `docs/logic-variants.md`).
    CageCombination {
        /// How many combinations the cage has left (255 for more).
        combinations: u8,
    },
    /// A value every combination of a cage holds leaves the cells that see
    /// all its places in the cage (2.7, our scale).
    CagePointing,
    /// A value whose places in a house all lie in one cage must be in
    /// it: the cage keeps the combinations that hold it (2.8, our scale).
    CageClaiming,
    /// A cell kept to some values (odd, even) loses the others (1.0, our scale).
    CellDomain,
    /// Values along a thermometer rise (or never fall): each cell lies
    /// between the least values before it and the greatest after it (1.6,
    /// our scale).
    ChainBounds,
    /// A rule between two cells (a Kropki dot, an X or V, a greater-than
    /// sign, a negative rule's missing dot, two cells of a whisper or a
    /// renban…): a value the other cell has no partner for leaves (2.0,
    /// our scale).
    PairRule,
    /// A sum along a line (an arrow or pill, a double arrow, a little
    /// killer, a sum, a region-sum or zipper line): each cell keeps the
    /// values the least and greatest sums of the others allow (1.9, our
    /// scale).
    SumBounds,
    /// A sandwich clue: a place of 1 or N whose every partner leaves cells
    /// between them that cannot reach the clue's sum loses it (2.2, our
    /// scale).
    Sandwich,
    /// A renban line's values are a run of consecutive values: values in no
    /// run its cells can fill leave it, and a value every such run holds is
    /// placed in its one cell on the line, or leaves the cells outside it
    /// that see all its places (2.1, our scale).
    RenbanWindow,
    /// Two neighbours of a whisper cell that see each other could only both
    /// take one value beside one of its values, which leaves it (2.5, our
    /// scale).
    WhisperNeighbours,
    /// A between line's cells lie strictly between its ends: the ends bound
    /// the cells and the cells the ends (1.8, our scale).
    BetweenLine,
    /// A lockout line's cells lie outside the range of its ends, which
    /// differ by at least its difference: the ends bound the cells and the
    /// cells the ends (1.8, our scale).
    LockoutLine,
    /// A chain from a candidate to its opposite through a link a rule
    /// beyond houses gives (a Kropki dot or X/V pair, a thermometer, a
    /// cage's combinations), beside those of houses and cells: 5.0 and up
    /// with length as SE's chains (our scale).
    ConstraintChain {
        /// The chain's nodes, both ends included.
        nodes: u16,
    },
    /// The rule of 45: a house or band's cells outside its whole cages have
    /// a known sum (2.9 for one house, 3.1 for two, 3.3 for more; our scale).
    Innies {
        /// How many houses the band has.
        houses: u8,
    },
    /// The rule of 45: the cells a house or band's cages reach outside it
    /// have a known sum (as [`Technique::Innies`]).
    Outies {
        /// How many houses the band has.
        houses: u8,
    },
}

impl Technique {
    /// The difficulty in tenths of the SE scale (12 for 1.2).
    #[must_use]
    pub fn tenths(self) -> u16 {
        use Technique::*;
        match self {
            FullHouse => 10,
            HiddenSingleBox => 12,
            HiddenSingleLine => 15,
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            NakedSingle => 23,
            DirectHiddenTriple => 25,
            Pointing => 26,
            Claiming => 28,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple | Skyscraper => 40,
            TwoStringKite | TurbotFish => 41,
            XyWing => 42,
            EmptyRectangle | GroupedTwoLinks => 43,
            XyzWing | WWing => 44,
            UniqueLoop {
                kind,
                cells,
                values,
                hidden,
            } => {
                let size = match cells {
                    0..=4 => 0,
                    5..=6 => 1,
                    7..=8 => 2,
                    _ => 5,
                };
                let set = if kind == 3 {
                    u16::from(values).saturating_sub(1 + u16::from(hidden))
                } else {
                    0
                };
                45 + size + set
            }
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            BugPlusOne => 56,
            WxyzWing { largest, .. } => wing_tenths(55, 3, largest),
            VwxyzWing { largest, .. } => wing_tenths(62, 4, largest),
            UvwxyzWing { .. } => 66,
            TuvwxyzWing { .. } => 75,
            AlsXz { cells, .. } => match cells {
                0..=4 => 55,
                5 => 62,
                6 => 66,
                _ => 75,
            },
            AlignedPairExclusion => 62,
            AlignedTripletExclusion => 75,
            BugType2 | BugType4 => 57,
            BugType3 { values } => 56 + u16::from(values),
            StrongLinks {
                links,
                boxed,
                crossed,
                grouped,
                ..
            } => {
                let base = 54 + 4 * u16::from(links.saturating_sub(3));
                let bonus = if grouped {
                    3
                } else {
                    u16::from(boxed) + u16::from(crossed)
                };
                base + bonus
            }
            FinnedXWing => 34,
            FinnedSwordfish => 40,
            FinnedJellyfish => 54,
            XCycle { nodes } | YCycle { nodes } => chain_tenths(65, nodes),
            XyCycle { nodes } | ForcingChain { nodes } => chain_tenths(70, nodes),
            ForcingXChain { nodes } => chain_tenths(66, nodes),
            NishioForcingChain { nodes } => chain_tenths(75, nodes),
            CellForcingChains { nodes } => chain_tenths(80, nodes),
            RegionForcingChains { nodes } => chain_tenths(80, nodes),
            ContradictionForcingChain { nodes } => chain_tenths(85, nodes),
            DoubleForcingChain { nodes } => chain_tenths(85, nodes),
            DynamicCellForcingChains { nodes } => chain_tenths(85, nodes),
            DynamicRegionForcingChains { nodes } => chain_tenths(85, nodes),
            CageCombination { combinations: 1 } => 14,
            CageCombination { .. } => 24,
            CagePointing => 27,
            CageClaiming => 28,
            CellDomain => 10,
            ChainBounds => 16,
            PairRule => 20,
            SumBounds => 19,
            Sandwich => 22,
            RenbanWindow => 21,
            WhisperNeighbours => 25,
            BetweenLine | LockoutLine => 18,
            ConstraintChain { nodes } => chain_tenths(50, nodes),
            Innies { houses } | Outies { houses } => match houses {
                0..=1 => 29,
                2 => 31,
                _ => 33,
            },
        }
    }

    /// The difficulty on the SE scale (1.2 for a hidden single in a box).
    #[must_use]
    pub fn difficulty(self) -> f32 {
        f32::from(self.tenths()) / 10.0
    }

    /// Whether Sudoku Explainer's ladder has this technique, so that it may
    /// count in a rating.
    #[must_use]
    pub fn is_rated(self) -> bool {
        !matches!(
            self,
            Technique::WWing
                | Technique::FinnedXWing
                | Technique::FinnedSwordfish
                | Technique::FinnedJellyfish
                | Technique::AlsXz { .. }
        )
    }

    /// The name players use, in lowercase: "hidden single", "x-wing".
    #[must_use]
    pub fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "full house",
            HiddenSingleBox | HiddenSingleLine => "hidden single",
            DirectPointing => "direct pointing",
            DirectClaiming => "direct claiming",
            DirectHiddenPair => "direct hidden pair",
            NakedSingle => "naked single",
            DirectHiddenTriple => "direct hidden triple",
            Pointing => "pointing",
            Claiming => "claiming",
            NakedPair => "naked pair",
            XWing => "x-wing",
            HiddenPair => "hidden pair",
            NakedTriple => "naked triple",
            Swordfish => "swordfish",
            HiddenTriple => "hidden triple",
            Skyscraper => "skyscraper",
            TwoStringKite => "2-string kite",
            TurbotFish => "turbot fish",
            EmptyRectangle => "empty rectangle",
            GroupedTwoLinks => "grouped 2-link chain",
            XyWing => "xy-wing",
            XyzWing => "xyz-wing",
            UniqueLoop { cells: 4, .. } => "unique rectangle",
            UniqueLoop { .. } => "unique loop",
            NakedQuad => "naked quad",
            Jellyfish => "jellyfish",
            HiddenQuad => "hidden quad",
            BugPlusOne => "bug+1",
            WxyzWing { .. } => "wxyz-wing",
            VwxyzWing { .. } => "vwxyz-wing",
            UvwxyzWing { .. } => "uvwxyz-wing",
            TuvwxyzWing { .. } => "tuvwxyz-wing",
            AlsXz { .. } => "als-xz",
            AlignedPairExclusion => "aligned pair exclusion",
            AlignedTripletExclusion => "aligned triplet exclusion",
            BugType2 => "bug type 2",
            BugType3 { .. } => "bug type 3",
            BugType4 => "bug type 4",
            StrongLinks {
                links,
                boxed,
                crossed,
                grouped,
                ring,
            } => strong_links_name(links, boxed, crossed, grouped, ring),
            WWing => "w-wing",
            FinnedXWing => "finned x-wing",
            FinnedSwordfish => "finned swordfish",
            FinnedJellyfish => "finned jellyfish",
            XCycle { .. } => "bidirectional x-cycle",
            YCycle { .. } => "bidirectional y-cycle",
            XyCycle { .. } => "bidirectional cycle",
            ForcingXChain { .. } => "forcing x-chain",
            ForcingChain { .. } => "forcing chain",
            NishioForcingChain { .. } => "nishio forcing chain",
            CellForcingChains { .. } => "cell forcing chains",
            RegionForcingChains { .. } => "region forcing chains",
            ContradictionForcingChain { .. } => "dynamic contradiction forcing chain",
            DoubleForcingChain { .. } => "dynamic double forcing chain",
            DynamicCellForcingChains { .. } => "dynamic cell forcing chains",
            DynamicRegionForcingChains { .. } => "dynamic region forcing chains",
            CageCombination { .. } => "cage combination",
            CagePointing => "cage pointing",
            CageClaiming => "cage claiming",
            CellDomain => "odd or even",
            ChainBounds => "thermometer bounds",
            PairRule => "pair rule",
            SumBounds => "sum bounds",
            Sandwich => "sandwich",
            RenbanWindow => "renban window",
            WhisperNeighbours => "whisper neighbours",
            BetweenLine => "between line",
            LockoutLine => "lockout line",
            ConstraintChain { .. } => "constraint chain",
            Innies { .. } => "innies",
            Outies { .. } => "outies",
        }
    }
}

/// SE's WXYZ- and VWXYZ-Wing difficulty in tenths, for a set of `k`
/// cells whose largest holds `largest` values: `base` plus a tenth for each
/// value of `k + 1` above the middle of 2 and `k + 1`, less a tenth for each
/// value `largest` is from that middle.
fn wing_tenths(base: u16, k: u16, largest: u8) -> u16 {
    let middle = (k + 3) / 2;
    let away = middle.abs_diff(u16::from(largest));
    (base + (k + 1 - middle)).saturating_sub(away)
}

/// The name of a chain of 3 to 6 strong links, after SE's: "3 skyscrapers"
/// (parallel lines), "3-string kite" (rows and columns), "4 strong links",
/// "grouped 5 strong links", "6-link x-loop".
fn strong_links_name(
    links: u8,
    boxed: bool,
    crossed: bool,
    grouped: bool,
    ring: bool,
) -> &'static str {
    const SKYSCRAPERS: [&str; 4] = [
        "3 skyscrapers",
        "4 skyscrapers",
        "5 skyscrapers",
        "6 skyscrapers",
    ];
    const STRONG: [&str; 4] = [
        "3 strong links",
        "4 strong links",
        "5 strong links",
        "6 strong links",
    ];
    const GROUPED: [&str; 4] = [
        "grouped 3 strong links",
        "grouped 4 strong links",
        "grouped 5 strong links",
        "grouped 6 strong links",
    ];
    const LOOPS: [&str; 4] = [
        "3-link x-loop",
        "4-link x-loop",
        "5-link x-loop",
        "6-link x-loop",
    ];
    let i = usize::from(links.clamp(3, 6) - 3);
    if ring {
        LOOPS[i]
    } else if grouped {
        GROUPED[i]
    } else if !boxed && !crossed {
        SKYSCRAPERS[i]
    } else if !boxed && links == 3 {
        "3-string kite"
    } else {
        STRONG[i]
    }
}

/// SE's chain difficulty in tenths: `base` and a tenth per length step.
fn chain_tenths(base: u16, nodes: u16) -> u16 {
    chain_difficulty(base, usize::from(nodes)).1
}

impl fmt::Display for Technique {
    /// The name, as [`Technique::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A house's name in a step's text ("row 4", "box 5", "diagonal ↘").
pub(crate) use crate::model::HouseName;

/// A cell's name in a step's text, "R4C7", written without a `String` of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellName {
    pub(crate) cell: usize,
    pub(crate) side: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Cell::from_index(self.cell, self.side).fmt(f)
    }
}

/// How a step's text writes values: as the puzzle writes them, from 1 or
/// from 0 ([`Puzzle::first_value`](crate::Puzzle::first_value)). The
/// solver holds 1 to N either way; the text shows each value less `shift`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Base {
    shift: u16,
}

impl Base {
    /// Values written from `first` (0 or 1).
    pub(crate) fn from_first(first: u16) -> Self {
        Self {
            shift: 1 - first.min(1),
        }
    }

    /// The value the solver's 1 is written as: 0 or 1.
    pub(crate) fn first(self) -> u16 {
        1 - self.shift
    }

    /// `value` (1 to N) as the puzzle writes it.
    pub(crate) fn v(self, value: u16) -> ValueName {
        ValueName {
            value,
            shift: self.shift,
        }
    }

    /// The values of `mask` as "3, 5 and 7".
    pub(crate) fn list(self, mask: u64) -> ValueList {
        ValueList {
            mask,
            shift: self.shift,
        }
    }

    /// A total of `cells` values (a cage's sum) as the puzzle writes it:
    /// each value `shift` less.
    pub(crate) fn sum(self, total: i64, cells: usize) -> i64 {
        total - i64::from(self.shift) * cells as i64
    }
}

/// A value as the puzzle writes it ([`Base::v`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ValueName {
    value: u16,
    shift: u16,
}

impl fmt::Display for ValueName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (i32::from(self.value) - i32::from(self.shift)).fmt(f)
    }
}

/// Values as "3, 5 and 7", written without a `String` of its own ([`Base::list`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ValueList {
    mask: u64,
    shift: u16,
}

impl fmt::Display for ValueList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (mut rest, mut sep) = (self.mask, "");
        while rest != 0 {
            let v = rest.trailing_zeros() + 1 - u32::from(self.shift);
            rest &= rest - 1;
            write!(f, "{sep}{v}")?;
            sep = if rest.count_ones() == 1 {
                " and "
            } else {
                ", "
            };
        }
        Ok(())
    }
}

/// A step's line of plain English: written out, or the parts of the most
/// common steps, put into words only when asked (a rating reads no words).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Words {
    Text(String),
    /// A full house, hidden single (`house` is where) or naked single.
    Single {
        house: Option<HouseName>,
        cell: CellName,
        value: u16,
    },
    /// Pointing or claiming: `value` of `src` lies where it meets `dst`;
    /// a direct one leaves it one place in `third`, that cell.
    Locked {
        value: u16,
        src: HouseName,
        dst: HouseName,
        third: Option<(HouseName, CellName)>,
    },
    /// A hidden set: its `values` (a mask) in `house`, its cells those the
    /// step highlights (`side` names them); a direct one leaves another
    /// value one place, that cell.
    Hidden {
        values: u64,
        side: usize,
        house: HouseName,
        single: Option<(u16, CellName)>,
    },
}

/// What justifies a step, for a user interface to highlight.
///
/// Its cells are [`Cell`]s ([`Highlight::cells`] and
/// [`Highlight::candidates`]) and its houses [`HouseName`]s
/// ([`Highlight::houses`]), which need no [`Geometry`](crate::model::Geometry)
/// to read. With the `serde` feature a highlight is
/// `{"size":9,"cells":["R1C1"],"houses":["box 1"],"candidates":[["R1C1",5]]}`:
/// its board's side, cells and houses by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Highlight {
    /// The side of the board its cells lie on.
    pub(crate) side: usize,
    /// The cells of the pattern, row-major.
    pub(crate) cells: Vec<usize>,
    /// The houses of the pattern.
    pub(crate) houses: Vec<HouseName>,
    /// The candidates of the pattern, as (row-major cell, value).
    pub(crate) candidates: Vec<(usize, u16)>,
}

impl Highlight {
    /// The cells of the pattern.
    #[must_use]
    pub fn cells(&self) -> impl ExactSizeIterator<Item = Cell> + '_ {
        self.cells
            .iter()
            .map(move |&c| Cell::from_index(c, self.side))
    }

    /// The candidates of the pattern, as (cell, value).
    #[must_use]
    pub fn candidates(&self) -> impl ExactSizeIterator<Item = (Cell, u16)> + '_ {
        cell_values(&self.candidates, self.side)
    }

    /// The side of the board its cells lie on (9 for 9×9).
    #[must_use]
    pub fn size(&self) -> usize {
        self.side
    }

    /// The houses of the pattern, as a person names them: they display as
    /// "row 5", "box 3", "diagonal ↘", and
    /// [`Geometry::house_index`](crate::model::Geometry::house_index) finds
    /// each on the puzzle's [`Rules::geometry`](crate::Rules::geometry).
    ///
    /// ```
    /// use ndoku::{Logic, Puzzle};
    /// use ndoku::logic::Candidates;
    ///
    /// let puzzle = Puzzle::parse_classic("1234341221434.21")?;
    /// let step = Logic::new().next_step(&Candidates::from_variant(&puzzle)?).unwrap();
    /// let names: Vec<String> = step.highlight.houses().map(|h| h.to_string()).collect();
    /// assert_eq!(names, ["box 3"]); // R4C2 is its last empty cell
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn houses(&self) -> impl ExactSizeIterator<Item = HouseName> + '_ {
        self.houses.iter().copied()
    }
}

/// (row-major cell, value) pairs on a board of `side`, as (cell, value).
fn cell_values(
    pairs: &[(usize, u16)],
    side: usize,
) -> impl ExactSizeIterator<Item = (Cell, u16)> + '_ {
    pairs
        .iter()
        .map(move |&(c, v)| (Cell::from_index(c, side), v))
}

/// One step of human-style logic: a technique, the values it places, the
/// candidates it removes, what justifies it, and a line that says why.
///
/// Its cells are [`Cell`]s: [`Step::placements`], [`Step::eliminations`]
/// and the [`Highlight`]'s cells and candidates.
///
/// Two steps are equal when their technique, placements, eliminations,
/// highlight and explanation are. With the `serde` feature a step is
/// those five fields, the explanation as its text.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The values it places, as (row-major cell, value).
    pub(crate) placements: Vec<(usize, u16)>,
    /// The candidates it removes, as (row-major cell, value).
    pub(crate) eliminations: Vec<(usize, u16)>,
    /// What justifies it.
    pub highlight: Highlight,
    /// The houses of the highlight by index into the layout, as the
    /// techniques find them: named by [`Step::on`], which empties it.
    house_ids: Vec<usize>,
    words: Words,
    /// How its words write values; set by [`Step::on`].
    base: Base,
}

impl Step {
    pub(crate) fn new(technique: Technique, explanation: String) -> Self {
        Self {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            highlight: Highlight::default(),
            house_ids: Vec::new(),
            words: Words::Text(explanation),
            base: Base::default(),
        }
    }

    /// A single of `technique` placing `value` in `cell`; `house` is where
    /// a full house or hidden single lies. Its words are written when asked.
    pub(crate) fn single(
        technique: Technique,
        house: Option<HouseName>,
        cell: CellName,
        value: u16,
    ) -> Self {
        Self {
            technique,
            placements: vec![(cell.cell, value)],
            eliminations: Vec::new(),
            highlight: Highlight {
                side: cell.side,
                cells: vec![cell.cell],
                houses: house.into_iter().collect(),
                candidates: vec![(cell.cell, value)],
            },
            house_ids: Vec::new(),
            words: Words::Single { house, cell, value },
            base: Base::default(),
        }
    }

    /// The step on a board of `side`, which its cells lie on, its houses
    /// named by `name` (of their index), its values written from `base`'s
    /// first; see [`Candidates::finish`](super::Candidates::finish).
    pub(crate) fn on(mut self, side: usize, base: Base, name: impl Fn(usize) -> HouseName) -> Self {
        self.highlight.side = side;
        self.base = base;
        let ids = std::mem::take(&mut self.house_ids);
        self.highlight.houses.extend(ids.into_iter().map(name));
        self
    }

    /// The values it places, as (cell, value).
    #[must_use]
    pub fn placements(&self) -> impl ExactSizeIterator<Item = (Cell, u16)> + '_ {
        cell_values(&self.placements, self.highlight.side)
    }

    /// The candidates it removes, as (cell, value).
    #[must_use]
    pub fn eliminations(&self) -> impl ExactSizeIterator<Item = (Cell, u16)> + '_ {
        cell_values(&self.eliminations, self.highlight.side)
    }

    /// The side of the board its cells lie on (9 for 9×9).
    #[must_use]
    pub fn size(&self) -> usize {
        self.highlight.side
    }

    /// The value its puzzle writes for the solver's 1, as
    /// [`Puzzle::first_value`](crate::Puzzle::first_value): 1, or 0 for a
    /// puzzle whose values run from 0. [`Step::placements`],
    /// [`Step::eliminations`] and [`Highlight::candidates`] hold the
    /// solver's values, 1 to N, as [`Puzzle::get`](crate::Puzzle::get)
    /// does; the explanation, and a user interface, show each as
    /// `value - 1 + first_value`.
    ///
    /// ```
    /// use ndoku::Logic;
    /// use ndoku::logic::Candidates;
    /// use ndoku::text::iss;
    ///
    /// // R1C4 is the last empty cell of row 1: the solver's 4, written 3.
    /// let puzzle = iss::parse(".Shape~4x4~0-3.~R1C1_0~R1C2_1~R1C3_2")?;
    /// let step = Logic::new().next_step(&Candidates::from_variant(&puzzle)?).unwrap();
    /// let (cell, value) = step.placements().next().unwrap();
    /// assert_eq!((cell.to_string(), value, step.first_value()), ("R1C4".into(), 4, 0));
    /// assert_eq!(step.explanation(), "full house: R1C4 is the last empty cell of row 1, 3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn first_value(&self) -> u16 {
        self.base.first()
    }

    pub(crate) fn with_technique(mut self, technique: Technique) -> Self {
        self.technique = technique;
        self
    }

    /// Words for pointing or claiming, written when asked.
    pub(crate) fn with_locked_words(
        mut self,
        value: u16,
        [src, dst]: [HouseName; 2],
        third: Option<(HouseName, CellName)>,
    ) -> Self {
        self.words = Words::Locked {
            value,
            src,
            dst,
            third,
        };
        self
    }

    /// Words for a hidden set of `values` in `house`, the cells the step
    /// highlights, on a board of `side`; written when asked.
    pub(crate) fn with_hidden_words(
        mut self,
        values: u64,
        side: usize,
        house: HouseName,
        single: Option<(u16, CellName)>,
    ) -> Self {
        self.words = Words::Hidden {
            values,
            side,
            house,
            single,
        };
        self
    }

    pub(crate) fn with_text(mut self, text: String) -> Self {
        self.words = Words::Text(text);
        self
    }

    pub(crate) fn place(mut self, cell: usize, value: u16) -> Self {
        self.placements.push((cell, value));
        self
    }

    pub(crate) fn remove(mut self, eliminations: Vec<(usize, u16)>) -> Self {
        self.eliminations = eliminations;
        self
    }

    pub(crate) fn cells(mut self, cells: impl IntoIterator<Item = usize>) -> Self {
        self.highlight.cells.extend(cells);
        self
    }

    /// Highlights `houses`, by index into the layout: named by [`Step::on`].
    pub(crate) fn houses(mut self, houses: impl IntoIterator<Item = usize>) -> Self {
        self.house_ids.extend(houses);
        self
    }

    pub(crate) fn marks(mut self, candidates: impl IntoIterator<Item = (usize, u16)>) -> Self {
        self.highlight.candidates.extend(candidates);
        self
    }

    /// One line of plain English: the technique, its pattern and its result,
    /// as "hidden single: 7 in box 5 has one place, R4C6".
    #[must_use]
    pub fn explanation(&self) -> Cow<'_, str> {
        match &self.words {
            Words::Text(text) => Cow::Borrowed(text),
            _ => Cow::Owned(self.to_string()),
        }
    }

    /// The difficulty of the step on the SE scale.
    #[must_use]
    pub fn difficulty(&self) -> f32 {
        self.technique.difficulty()
    }
}

impl PartialEq for Step {
    fn eq(&self, other: &Self) -> bool {
        self.technique == other.technique
            && self.placements == other.placements
            && self.eliminations == other.eliminations
            && self.highlight == other.highlight
            && self.house_ids == other.house_ids
            && (self.words == other.words || self.explanation() == other.explanation())
    }
}

impl Eq for Step {}

impl fmt::Display for Step {
    /// The explanation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.technique.name();
        let base = self.base;
        let (house, cell, value) = match &self.words {
            Words::Text(text) => return f.write_str(text),
            Words::Single { house, cell, value } => (house, cell, value),
            Words::Locked {
                value: v,
                src,
                dst,
                third,
            } => {
                let v = base.v(*v);
                write!(f, "{name}: {v} in {src} lies only where it meets {dst}")?;
                return match third {
                    None => write!(f, ", so {v} leaves the rest of {dst}"),
                    Some((third, cell)) => {
                        write!(f, ", which leaves {v} one place in {third}, {cell}")
                    }
                };
            }
            Words::Hidden {
                values,
                side,
                house,
                single,
            } => {
                write!(f, "{name}: {} have only ", base.list(*values))?;
                for (i, &cell) in self.highlight.cells.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{}", CellName { cell, side: *side })?;
                }
                write!(f, " for places in {house}")?;
                return match single {
                    None => f.write_str(", so other values leave those cells"),
                    Some((v, cell)) => write!(
                        f,
                        ", which leaves {} one place in {house}, {cell}",
                        base.v(*v)
                    ),
                };
            }
        };
        let value = base.v(*value);
        match (self.technique, house) {
            (Technique::FullHouse, Some(house)) => {
                write!(
                    f,
                    "full house: {cell} is the last empty cell of {house}, {value}"
                )
            }
            (Technique::NakedSingle, _) | (_, None) => {
                write!(f, "naked single: {cell} can only be {value}")
            }
            (_, Some(house)) => {
                write!(f, "hidden single: {value} in {house} has one place, {cell}")
            }
        }
    }
}

/// SE's difficulty of a chain of `nodes` distinct nodes on base `tenths`:
/// a tenth more each time the length passes 4, 6, 8, 12, 16, 24… Returns
/// the floating sum SE sorts by and the tenths it prints.
pub(crate) fn chain_difficulty(tenths: u16, nodes: usize) -> (f64, u16) {
    let length = nodes.saturating_sub(2);
    let (mut added, mut count, mut ceil, mut odd) = (0.0f64, 0u16, 4usize, false);
    while length > ceil {
        added += 0.1;
        count += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    (f64::from(tenths) / 10.0 + added, tenths + count)
}
