//! The batch loop: read a chunk, answer it on every thread, print it in order, and keep count.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ndoku::Solver;
use rayon::ThreadPool;

use crate::input::{Chunk, Lines, Source, io_message};
use crate::job::{Job, Mode, Reply, Verdict};

/// How long a run goes before it shows a progress bar.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// Lines (blank and comment lines among them) or records one task answers with
/// one solver, at most: enough that a task's
/// cost (a spawn, a channel, two buffers, and often a wake-up of a sleeping
/// thread) is small beside its puzzles. An easy 9×9 puzzle takes about 3 µs,
/// so 64 of them made a task of some 200 µs; 256 took 160 instructions a
/// puzzle off `ndoku solve -j1` on 17_clue (1% of its work).
const TASK_RECORDS: usize = 256;

/// The work one task takes on, at most, where a record of `n` bytes counts
/// `n³` (a puzzle's work grows much faster than its cell count): 256 9×9
/// lines, nine 16×16 lines, one 25×25 or bigger puzzle, so that a file of a
/// few hard big puzzles still spreads over every thread.
const TASK_WORK: u64 = 256 * 81 * 81 * 81;

/// Tasks read and not yet printed, per thread, at most: enough that no thread
/// waits for the reader, few enough that memory stays small.
const TASKS_PER_THREAD: usize = 16;

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
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Runs `f` with this thread's solver, set to the job's node budget and time limit.
fn with_solver<T>(job: &Job, f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with_borrow_mut(|solver| {
        if solver.limits() != job.limits() {
            solver.set_limits(job.limits());
        }
        f(solver)
    })
}

/// What one task printed for its records, and where each record's text ends.
#[derive(Default)]
struct Answers {
    /// The output lines of the task's records, in order.
    out: Vec<u8>,
    /// Each record's reply and the end of its text in `out`.
    replies: Vec<(Reply, usize)>,
}

/// A task's input and answers. Once printed, it goes back to the reader to be
/// filled again, so that its buffers are not allocated (and their pages
/// faulted in) afresh for every task.
#[derive(Default)]
struct Task {
    records: Chunk,
    answers: Answers,
}

impl Task {
    /// Answers the records in order with this thread's solver, printing into
    /// one buffer, so that a puzzle costs no allocation.
    fn answer(&mut self, job: &Job) {
        let Answers { out, replies } = &mut self.answers;
        out.clear();
        replies.clear();
        with_solver(job, |solver| {
            for entry in self.records.entries() {
                let reply = job.run(solver, entry, out);
                replies.push((reply, out.len()));
            }
        });
    }
}

/// Reads the next task into `task`: up to `records` records and
/// [`TASK_WORK`], fewer when reading more would wait on a writer. Returns
/// whether the source has ended, and a read error, which ends it too: the
/// records read before it are in the task.
fn read_task(lines: &mut Lines, task: &mut Task, records: usize) -> (bool, Option<String>) {
    task.records.clear();
    match lines.read_into(&mut task.records, records, TASK_WORK) {
        Ok(more) => (!more, None),
        Err(message) => (true, Some(message)),
    }
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

/// Prints a task's answers in order, each bad record's message on stderr after
/// the answers before it, and counts them.
fn print(
    answers: &Answers,
    name: &str,
    summary: &mut Summary,
    sinks: &mut Sinks<'_>,
) -> io::Result<()> {
    let mut written = 0;
    for (reply, end) in &answers.replies {
        summary.add(reply);
        if let Some((line, message)) = &reply.error {
            sinks.out.write_all(&answers.out[written..*end])?;
            written = *end;
            sinks.error(&format!("{name}:{line}: {message}"));
        }
    }
    sinks.out.write_all(&answers.out[written..])
}

/// A task handed to the pool: the channel its answers come back on, until they do.
enum Slot {
    /// Not yet received.
    Waiting(Receiver<Box<Task>>),
    /// Received, not yet printed.
    Done(Box<Task>),
}

impl Slot {
    /// Receives the answers, waiting for them when `wait` is set. Returns
    /// whether they are in.
    fn receive(&mut self, wait: bool) -> io::Result<bool> {
        let Slot::Waiting(channel) = self else {
            return Ok(true);
        };
        let task = if wait {
            channel.recv().ok()
        } else {
            match channel.try_recv() {
                Ok(task) => Some(task),
                Err(TryRecvError::Empty) => return Ok(false),
                Err(TryRecvError::Disconnected) => None,
            }
        };
        *self = Slot::Done(task.ok_or_else(|| io::Error::other("a worker thread stopped"))?);
        Ok(true)
    }
}

/// Tasks on the pool, oldest first, and how many there may be.
struct InFlight {
    tasks: VecDeque<Slot>,
    limit: usize,
    /// Whether the reader is filling the queue back up to its limit.
    filling: bool,
}

impl InFlight {
    /// Whether the reader should read another task: it fills the queue up, then
    /// prints until half of it is gone (reading one task each time one is
    /// printed would wake this thread for every task).
    fn wants_more(&mut self) -> bool {
        if self.tasks.len() <= self.limit / 2 {
            self.filling = true;
        } else if self.tasks.len() >= self.limit {
            self.filling = false;
        }
        self.filling
    }

    /// Hands a task to the pool.
    fn spawn(&mut self, pool: &ThreadPool, job: Job, mut task: Box<Task>) {
        let (send, receive) = mpsc::sync_channel(1);
        pool.spawn(move || {
            task.answer(&job);
            // The printer only stops listening when it has stopped printing.
            let _ = send.send(task);
        });
        self.tasks.push_back(Slot::Waiting(receive));
    }

    /// The oldest task's answers. When they are not in, it flushes stdout (so
    /// that a reader sees every answer so far) and, with a full queue, sleeps
    /// until the middle task is done: the pool takes tasks oldest first, so that
    /// wakes this thread once for half a queue of tasks, not once a task.
    fn next(&mut self, out: &mut dyn Write) -> io::Result<Option<Box<Task>>> {
        let Some(front) = self.tasks.front_mut() else {
            return Ok(None);
        };
        if !front.receive(false)? {
            out.flush()?;
            if self.tasks.len() >= self.limit {
                self.tasks[self.limit / 2].receive(true)?;
            }
        }
        match self.tasks.pop_front() {
            Some(mut slot) => {
                slot.receive(true)?;
                match slot {
                    Slot::Done(task) => Ok(Some(task)),
                    Slot::Waiting(_) => Err(io::Error::other("a worker thread stopped")),
                }
            }
            None => Ok(None),
        }
    }
}

/// Answers every puzzle of `sources` in order on `pool`'s threads, while this
/// thread reads the input and prints the answers.
///
/// A pipeline, rather than a parallel loop over chunks: a loop over chunks has
/// every thread wait at each chunk's end for its slowest task, and that wait
/// cost a tenth of the throughput on two threads. Here the reader keeps a
/// bounded queue of tasks on the pool and prints the oldest as it completes.
///
/// # Errors
///
/// Writing to stdout failed (the summary says how far it got).
pub fn run(
    sources: &[Source],
    options: &Options,
    pool: &ThreadPool,
    sinks: &mut Sinks<'_>,
) -> (Summary, io::Result<()>) {
    let mut summary = Summary::default();
    let result = run_into(sources, options, pool, sinks, &mut summary);
    (summary, result)
}

/// [`run`], counting into `summary` as answers are printed, so that a run
/// cut short by its output still has the count of what it answered.
fn run_into(
    sources: &[Source],
    options: &Options,
    pool: &ThreadPool,
    sinks: &mut Sinks<'_>,
    summary: &mut Summary,
) -> io::Result<()> {
    let started = Instant::now();
    let mut done_bytes = 0u64;
    let mut in_flight = InFlight {
        tasks: VecDeque::new(),
        limit: pool.current_num_threads().max(1) * TASKS_PER_THREAD,
        filling: true,
    };
    // Tasks printed, to be filled again.
    let mut spare: Vec<Box<Task>> = Vec::new();
    // The logic takes a thousand times a search's time on a puzzle, and more:
    // a task of one puzzle keeps every thread busy on a short file.
    let records = match options.job.mode {
        Mode::Logic(_) => 1,
        _ => TASK_RECORDS,
    };
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
        let (mut ended, mut failure) = (false, None);
        loop {
            // Read while there is room, unless reading would wait on a writer
            // with answers still to print.
            let waiting = !in_flight.tasks.is_empty() && lines.would_block();
            if !ended && !waiting && in_flight.wants_more() {
                if lines.would_block() {
                    sinks.out.flush()?;
                }
                let mut task = spare.pop().unwrap_or_default();
                (ended, failure) = read_task(&mut lines, &mut task, records);
                if task.records.is_empty() {
                    spare.push(task);
                } else {
                    in_flight.spawn(pool, options.job, task);
                }
                continue;
            }
            let Some(task) = in_flight.next(sinks.out)? else {
                break;
            };
            print(&task.answers, &name, summary, sinks)?;
            spare.push(task);
            sinks.update(
                started.elapsed(),
                done_bytes + lines.bytes(),
                summary.puzzles,
            );
        }
        sinks.out.flush()?;
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
    Ok(())
}

/// A message for an I/O error on output.
pub fn output_error(e: &io::Error) -> String {
    format!("cannot write output: {}", io_message(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sizes of the tasks `read_task` makes of `lines` lines of `side`² cells.
    fn task_sizes(side: usize, lines: usize) -> Vec<usize> {
        let text = format!("{}\n", ".".repeat(side * side)).repeat(lines);
        let path = std::env::temp_dir().join(format!("ndoku-batch-{side}-{lines}.txt"));
        std::fs::write(&path, text).unwrap();
        let mut source = Source::File(path.clone()).open().unwrap();
        let mut sizes = Vec::new();
        let mut task = Task::default();
        loop {
            let (ended, error) = read_task(&mut source, &mut task, TASK_RECORDS);
            assert!(error.is_none());
            if !task.records.is_empty() {
                sizes.push(task.records.len());
            }
            if ended {
                break;
            }
        }
        std::fs::remove_file(path).unwrap();
        sizes
    }

    #[test]
    fn tasks_hold_fewer_records_as_puzzles_grow() {
        assert_eq!(task_sizes(9, 600), [256, 256, 88]);
        assert_eq!(task_sizes(16, 20), [9, 9, 2]);
        assert_eq!(task_sizes(25, 3), [1, 1, 1]);
        assert_eq!(task_sizes(64, 2), [1, 1]);
    }
}
