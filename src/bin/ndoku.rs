//! Placeholder: the CLI lands from the cli branch.
fn main() {}
