fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let boards: Vec<ndoku::Board9> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(5000)
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    let mut s = ndoku::Solver::<3>::new();
    let mut v = vec![];
    for b in &boards {
        s.count(b, 2);
        v.push(s.stats().guesses);
    }
    let n = v.len();
    v.sort();
    println!(
        "guesses: p50 {} p90 {} p99 {} max {} mean {:.1}",
        v[n / 2],
        v[n * 9 / 10],
        v[n * 99 / 100],
        v[n - 1],
        v.iter().sum::<u64>() as f64 / n as f64
    );
}
