//! Measures how many attempts generation by rating takes: for 100 seeds, each range and technique.
use std::time::Instant;

use ndoku::Generator;
use ndoku::generate::RatingRange;
use ndoku::logic::Technique;

fn main() {
    let seeds: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let ranges = [
        "1.0-2.0", "2.0-2.9", "3.0-4.0", "4.0-4.4", "4.2-4.4", "4.5-5.0", "5.0-5.6",
    ];
    for r in ranges {
        let range: RatingRange = r.parse().unwrap();
        run(&format!("ER {r}"), seeds, |s| {
            Generator::<3>::new(s).with_rating(range)
        });
    }
    for t in [
        Technique::XWing,
        Technique::Swordfish,
        Technique::XyWing,
        Technique::Skyscraper,
    ] {
        run(t.name(), seeds, |s| {
            Generator::<3>::new(s).with_technique(t)
        });
    }
}

fn run(what: &str, seeds: u64, make: impl Fn(u64) -> Generator<3>) {
    let start = Instant::now();
    let (mut total, mut most, mut failed) = (0u64, 0u32, 0);
    for s in 0..seeds {
        match make(s).with_attempts(2000).generate() {
            Ok(p) => {
                total += u64::from(p.attempts);
                most = most.max(p.attempts);
            }
            Err(_) => failed += 1,
        }
    }
    let ok = seeds - failed;
    println!(
        "{what}: {:.1} attempts on average, up to {most}; {failed} failed; {:.1} ms a puzzle",
        total as f64 / ok.max(1) as f64,
        start.elapsed().as_secs_f64() * 1000.0 / seeds as f64
    );
}
