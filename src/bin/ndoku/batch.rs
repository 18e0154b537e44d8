//! The batch loop: read a chunk, answer it on every thread, print it in order, and keep count.

use std::cell::RefCell;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ndoku::AnySolver;
use rayon::prelude::*;

use crate::input::{Chunk, Lines, Source, io_message};
use crate::job::{Job, Reply, Verdict};

/// Records per chunk: every chunk ends with the threads waiting for its last
/// task, so a chunk holds many tasks (sixty-four), yet few enough records that
/// its text and answers stay in cache and memory stays small (on 17-clue lines,
/// `-j2` against `-j1`: 1024 gave 1.71×, 4096 1.73-1.89× in the same runs).
const CHUNK_RECORDS: usize = 4096;

/// Bytes of text per chunk, at most (plus one line).
const CHUNK_BYTES: u64 = 8 << 20;

/// How long a run goes before it shows a progress bar.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// Records one task answers with one solver.
const TASK_RECORDS: usize = 64;

/// How to run a batch.
#[derive(Clone, Debug)]
pub struct Options {
    /// What to do with each puzzle.
    pub job: Job,
    /// Whether to print a summary on stderr.
    pub stats: bool,
    /// Whether to show a progress bar on stderr.
    pub progress: bool,
}

/// Counts for the summary and the exit status.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Puzzles read (one per output line).
    pub puzzles: u64,
    /// Solved (or, for `check` and `count`, with exactly one solution).
    pub solved: u64,
    /// With more than one solution.
    pub multiple: u64,
    /// With no solution.
    pub unsolvable: u64,
    /// Unreadable, or with conflicting givens.
    pub invalid: u64,
    /// Stopped by the node budget.
    pub gave_up: u64,
    /// Guesses made by all searches.
    pub guesses: u64,
    /// Whether a source could not be opened or read.
    pub io_failed: bool,
}

impl Summary {
    fn add(&mut self, reply: &Reply) {
        self.puzzles += 1;
        self.guesses += reply.guesses;
        *match reply.verdict {
            Verdict::Solved => &mut self.solved,
            Verdict::Multiple => &mut self.multiple,
            Verdict::Unsolvable => &mut self.unsolvable,
            Verdict::Invalid => &mut self.invalid,
            Verdict::GaveUp => &mut self.gave_up,
        } += 1;
    }

    /// The exit status: 2 when a source failed, 1 when a puzzle was invalid, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.io_failed {
            2
        } else if self.invalid > 0 {
            1
        } else {
            0
        }
    }

    /// The `--stats` report.
    pub fn report(&self, wall: Duration) -> String {
        let secs = wall.as_secs_f64();
        let rate = if secs > 0.0 {
            self.puzzles as f64 / secs
        } else {
            0.0
        };
        let searched = self.puzzles - self.invalid;
        let mean = if searched > 0 {
            self.guesses as f64 / searched as f64
        } else {
            0.0
        };
        format!(
            "puzzles     {}\nsolved      {}\nunsolvable  {}\nmultiple    {}\ninvalid     {}\n\
             gave-up     {}\nwall time   {secs:.3} s\npuzzles/s   {rate:.0}\n\
             guesses     {mean:.2} per puzzle\n",
            self.puzzles, self.solved, self.unsolvable, self.multiple, self.invalid, self.gave_up,
        )
    }
}

thread_local! {
    /// Each worker's solver, kept across chunks so that nothing is allocated per puzzle.
    static SOLVER: RefCell<AnySolver> = RefCell::new(AnySolver::new());
}

/// Runs `f` with this thread's solver, set to `max_nodes`.
fn with_solver<T>(max_nodes: u64, f: impl FnOnce(&mut AnySolver) -> T) -> T {
    SOLVER.with_borrow_mut(|solver| {
        if solver.max_nodes() != max_nodes {
            *solver = AnySolver::new().with_max_nodes(max_nodes);
        }
        f(solver)
    })
}

/// What one task printed for its records, and where each record's text ends.
struct Answers {
    /// The output lines of the task's records, in order.
    out: Vec<u8>,
    /// Each record's reply and the end of its text in `out`.
    replies: Vec<(Reply, usize)>,
}

/// Answers a chunk in order, spread over the pool: one task a few dozen records,
/// each task printing into one buffer, so that a puzzle costs no allocation.
fn answer(job: &Job, chunk: &Chunk) -> Vec<Answers> {
    let parts: Vec<_> = chunk.parts(TASK_RECORDS).collect();
    parts
        .into_par_iter()
        .map(|part| {
            with_solver(job.max_nodes, |solver| {
                let mut out = Vec::with_capacity(TASK_RECORDS * 96);
                let replies = part
                    .map(|entry| (job.run(solver, entry, &mut out), out.len()))
                    .collect();
                Answers { out, replies }
            })
        })
        .collect()
}

/// Reads the next chunk. A read error ends the source: the records read before
/// it come back with the message.
fn read_chunk(lines: &mut Lines) -> (Chunk, Option<String>) {
    let mut chunk = Chunk::default();
    let start = lines.bytes();
    while chunk.len() < CHUNK_RECORDS && lines.bytes() - start < CHUNK_BYTES {
        if !chunk.is_empty() && lines.would_block() {
            break; // Answer what a slow writer has sent so far.
        }
        match lines.next_record(&mut chunk) {
            Ok(true) => {}
            Ok(false) => break,
            Err(message) => return (chunk, Some(message)),
        }
    }
    (chunk, None)
}

/// Where stdout and stderr go, and the progress bar.
pub struct Sinks<'a> {
    /// Answers.
    pub out: &'a mut (dyn Write + Send),
    /// Messages.
    pub err: &'a mut (dyn Write + Send),
    progress: Option<ProgressBar>,
}

impl<'a> Sinks<'a> {
    /// Sinks with a progress bar when `progress` is set.
    pub fn new(
        out: &'a mut (dyn Write + Send),
        err: &'a mut (dyn Write + Send),
        progress: bool,
        total: Option<u64>,
    ) -> Self {
        let progress = progress.then(|| {
            // Hidden until the run proves long; see `Sinks::update`.
            let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
            let template = match total {
                Some(_) => "{elapsed_precise} [{wide_bar}] {bytes}/{total_bytes} {msg} (eta {eta})",
                None => "{spinner} {elapsed_precise} {bytes} {msg}",
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        Self { out, err, progress }
    }

    /// Prints a message on stderr, after the answers so far (so that the two
    /// streams read in order on a terminal) and out of the progress bar's way.
    fn error(&mut self, message: &str) {
        let _ = self.out.flush();
        let err = &mut *self.err;
        let mut print = || {
            let _ = writeln!(err, "error: {message}");
        };
        match &self.progress {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }
}

impl Sinks<'_> {
    /// Moves the progress bar, showing it once the run has taken a second.
    fn update(&mut self, elapsed: Duration, bytes: u64, puzzles: u64) {
        let Some(bar) = &self.progress else { return };
        if bar.is_hidden() && elapsed >= PROGRESS_AFTER {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        let rate = puzzles as f64 / elapsed.as_secs_f64().max(1e-9);
        bar.set_position(bytes);
        bar.set_message(format!("{puzzles} puzzles, {rate:.0}/s"));
    }
}

/// Prints a chunk's answers in order, each bad record's message on stderr after
/// the answers before it, and counts them.
fn print(
    answers: &[Answers],
    name: &str,
    summary: &mut Summary,
    sinks: &mut Sinks<'_>,
) -> io::Result<()> {
    if answers.is_empty() {
        return Ok(());
    }
    for answers in answers {
        let mut written = 0;
        for (reply, end) in &answers.replies {
            summary.add(reply);
            if let Some((line, message)) = &reply.error {
                sinks.out.write_all(&answers.out[written..*end])?;
                written = *end;
                sinks.error(&format!("{name}:{line}: {message}"));
            }
        }
        sinks.out.write_all(&answers.out[written..])?;
    }
    sinks.out.flush()
}

/// Answers every puzzle of `sources` in order, on the current thread pool.
///
/// # Errors
///
/// Writing to stdout failed (the summary says how far it got).
pub fn run(sources: &[Source], options: &Options, sinks: &mut Sinks<'_>) -> io::Result<Summary> {
    let started = Instant::now();
    let mut summary = Summary::default();
    let mut done_bytes = 0u64;
    for source in sources {
        let name = source.name();
        let mut lines = match source.open() {
            Ok(lines) => lines,
            Err(message) => {
                sinks.error(&format!("{name}: {message}"));
                summary.io_failed = true;
                continue;
            }
        };
        let (mut chunk, mut failure) = read_chunk(&mut lines);
        // The answers of the chunk before, printed while this one is answered.
        let mut pending = Vec::new();
        while !chunk.is_empty() {
            // Print the chunk before and read the next one while this one is
            // answered, unless the source has ended or reading would wait on a
            // writer: then answer first, and print at once.
            let read_ahead = failure.is_none() && !lines.would_block();
            let ahead = if read_ahead {
                let ((printed, ahead), replies) = rayon::join(
                    || {
                        let printed = print(&pending, &name, &mut summary, sinks);
                        (printed, read_chunk(&mut lines))
                    },
                    || answer(&options.job, &chunk),
                );
                printed?;
                pending = replies;
                Some(ahead)
            } else {
                print(&pending, &name, &mut summary, sinks)?;
                pending = answer(&options.job, &chunk);
                print(&pending, &name, &mut summary, sinks)?;
                pending.clear();
                None
            };
            let bytes = done_bytes + lines.bytes();
            sinks.update(started.elapsed(), bytes, summary.puzzles);
            if failure.is_some() {
                break; // The source ended on an error, reported below.
            }
            (chunk, failure) = ahead.unwrap_or_else(|| read_chunk(&mut lines));
        }
        print(&pending, &name, &mut summary, sinks)?;
        if let Some(message) = failure {
            sinks.error(&format!("{name}: {message}"));
            summary.io_failed = true;
        }
        done_bytes += lines.bytes();
    }
    if let Some(bar) = sinks.progress.take() {
        bar.finish_and_clear();
    }
    if options.stats {
        let report = summary.report(started.elapsed());
        let _ = sinks.err.write_all(report.as_bytes());
    }
    Ok(summary)
}

/// A message for an I/O error on output.
pub fn output_error(e: &io::Error) -> String {
    format!("cannot write output: {}", io_message(e))
}
