//! Makes killer puzzles for benchmarks: a random grid under boxes of the
//! size asked for, cut into random connected cages of 2 to 5 cells whose
//! sums come from the grid, with no givens. Prints f-puzzles JSON lines.
//! Usage: make_killers SIZE COUNT SEED [GIVENS_PERCENT]: that share of the
//! grid's cells, drawn at random, kept as givens (none by default).

use ndoku::engine::variant::VariantSolver;
use ndoku::text::fpuzzles;
use ndoku::{Puzzle, Rules};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let (n, count, seed, percent) = match args[..] {
        [n, count, seed] => (n as usize, count, seed, 0),
        [n, count, seed, percent] => (n as usize, count, seed, percent),
        _ => panic!("usage: make_killers SIZE COUNT SEED [GIVENS_PERCENT]"),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for k in 0..count {
        let rules = Rules::classic(n).expect("a supported size");
        let grid = VariantSolver::new()
            .with_seed(seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .solve(&Puzzle::new(rules.clone()))
            .solution()
            .expect("an empty board has grids");
        let cages = cut(n, grid.cells(), &mut rng);
        let mut rules = rules;
        for cells in &cages {
            let sum: u64 = cells
                .iter()
                .map(|&(r, c)| u64::from(grid.cells()[r * n + c]))
                .sum();
            rules = rules
                .with_cage(cells, Some(sum))
                .expect("a cage of the grid's own values");
        }
        let givens: Vec<u16> = grid
            .cells()
            .iter()
            .map(|&v| if rng.next_u64() % 100 < percent { v } else { 0 })
            .collect();
        let puzzle = Puzzle::from_cells(rules, &givens).expect("the grid's own values");
        let json = fpuzzles::to_json(&puzzle);
        let solution: Vec<String> = grid.cells().iter().map(u16::to_string).collect();
        println!(
            "{},\"title\":\"killer {n}x{n} #{k} seed {seed}\",\"solution\":[{}]}}",
            &json[..json.len() - 1],
            solution.join(",")
        );
    }
}

/// Random connected cages of 2 to 5 cells with different values, covering the board.
fn cut(n: usize, values: &[u16], rng: &mut ChaCha8Rng) -> Vec<Vec<(usize, usize)>> {
    let mut owner = vec![usize::MAX; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..n * n).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let want = 2 + (rng.next_u64() % 4) as usize;
        let id = cages.len();
        let mut cage = vec![start];
        owner[start] = id;
        while cage.len() < want {
            let mut next = Vec::new();
            for &c in &cage {
                let (r, col) = (c / n, c % n);
                let around = [
                    (r.wrapping_sub(1), col),
                    (r + 1, col),
                    (r, col.wrapping_sub(1)),
                    (r, col + 1),
                ];
                for (rr, cc) in around {
                    let d = rr * n + cc;
                    let fresh = rr < n && cc < n && owner[d] == usize::MAX;
                    if fresh && cage.iter().all(|&x| values[x] != values[d]) {
                        next.push(d);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            let d = next[(rng.next_u64() % next.len() as u64) as usize];
            owner[d] = id;
            cage.push(d);
        }
        cages.push(cage);
    }
    cages
        .into_iter()
        .map(|c| c.into_iter().map(|x| (x / n, x % n)).collect())
        .collect()
}
